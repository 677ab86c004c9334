"""Pokeros, registered: its definition (:mod:`wpp.pokeros.game`) and its agents
(:mod:`wpp.pokeros.ai`).

>>> list(AGENTS)
['hal', 'greedy', 'guard', 'random', 'noisy']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from wpp.core.agents import Agent, noisy_factory
from wpp.core.matches import MatchRule
from wpp.core.protocol import ActionValue, AgentFactory, LadderRung, Policy, ReviewHook
from wpp.pokeros.ai import Greedy, Guard, RandomPlacer, candidates
from wpp.pokeros.game import POKEROS, Place, PokerosState

__all__ = ["AGENTS", "AGENT_LABELS", "GAME", "HINT", "LADDER", "MATCH", "ORDER", "REVIEW"]

GAME: Final = POKEROS
#: After WarPairsPoker and 5-card draw.
ORDER: Final = 5
#: Its page's match (wpp.core.matches): a game only says who won (equal scores draw): best of five,
#: first to 3 wins.
MATCH: Final = MatchRule("wins", first_to=3, hands=5)


def _hal(seed: int | None = 0) -> Agent:
    return Greedy("raw", seed)


def _greedy(seed: int | None = 0) -> Agent:
    return Greedy("awarded", seed)


def _guard(seed: int | None = 0) -> Agent:
    return Guard(seed)


def _random(seed: int | None = 0) -> Agent:
    return RandomPlacer(seed)


#: Pokeros's agents by name (the first, the original's AI, is the default opponent).
AGENTS: dict[str, AgentFactory] = {"hal": _hal, "greedy": _greedy, "guard": _guard,
                                   "random": _random, "noisy": noisy_factory(_hal, "hal")}

#: Each agent in words a newcomer knows, for the pages' opponent and hint lists (the
#: registered names above stay for save files, tests and the command line).
AGENT_LABELS: Final[dict[str, str]] = {
    "hal": "scores the most right now",
    "greedy": "scores the most now, bonuses counted",
    "guard": "scores now and leaves few openings",
    "random": "places cards by chance",
    "noisy": "the club player with slips (you set how often)",
}

#: The agent Hint asks by default: Guard: the AI whose choice the game review compares with.
HINT: Final = "guard"

#: The opponent ladder, weakest first (:mod:`wpp.core.ladder`; ratings in data/ladder.json).
LADDER: Final[tuple[LadderRung, ...]] = (
    ("beginner", "Beginner", "random", {},
     "A random legal placement: any card of its stash on any cell it may use."),
    ("novice", "Novice", "noisy", {"rate": 0.7},
     "The club player, except that seven placements in ten are random instead."),
    ("casual", "Casual", "noisy", {"rate": 0.3},
     "The club player, except that three placements in ten are random instead."),
    ("hal", "Original AI", "hal", {},
     "The placement that scores most right now (the AI of the original game)."),
    ("guard", "Guard", "guard", {},
     "Points now minus the opponent's best reply over the cards it has not seen: it "
     "leaves fewer openings."),
)


def _review(state: PokerosState, player: int, rng: random.Random, budget: dict[str, Any],
            must: Sequence[Place] = (), policy: Policy | None = None) -> list[ActionValue]:
    """The placements worth comparing — the guard AI's choice and the ``actions`` best by
    the points they score now (the AIs' own candidate list,
    :func:`wpp.pokeros.ai.candidates`; ties in the order of the legal actions), and the
    played one — each played out in the same re-deals (the kit's Monte Carlo)."""
    view = POKEROS.view(state, player)
    cands = candidates(view.cells, view.stash, view.legal_cells(), view.rules.multiplier)
    ranked = sorted(range(len(cands)), key=lambda i: -cands[i].awarded)
    picked = [Guard(0).choose(view)]
    for i in ranked:
        if len(picked) >= budget["actions"]:
            break
        if cands[i].action not in picked:
            picked.append(cands[i].action)
    picked += [a for a in must if a not in picked]
    return POKEROS.playout_values(state, player, rng, picked, budget["worlds"], policy)


def _method(budget: dict[str, Any], policy: str | None) -> str:
    who = f"the {policy} agent for every seat" if policy else "random legal moves"
    return (f"the placement of the AI that {AGENT_LABELS['guard']}, the placements that "
            f"score most now and your move, each played in the same {budget['worlds']} "
            f"practice deals (the cards you could not see dealt anew) and finished with {who}")


#: The game review compares the placements the AIs would consider (not a random sample of
#: the dozens of legal ones), played out at random. At 8 re-deals two placements' intervals
#: overlap unless they are far apart, so its strict noise rule called none of the judge's 6
#: mistakes in 160 decisions: a placement that seems to lose a mistake's worth is played
#: again against the better one in 64 fresh re-deals (the second look of
#: wpp.core.review.review_decision), which gives the verdict.
REVIEW: Final = ReviewHook(_review, _method, {"worlds": 8, "actions": 8, "second_look": 64})
