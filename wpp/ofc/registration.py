"""Open Face Chinese Poker, registered: its definition (:mod:`wpp.ofc.game`) and its agents.

>>> sorted(AGENTS)
['expected', 'noisy', 'pyofc', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from wpp.core.agents import Agent, noisy_factory
from wpp.core.matches import MatchRule
from wpp.core.protocol import ActionValue, AgentFactory, LadderRung, Policy, ReviewHook
from wpp.ofc.candidates import candidates
from wpp.ofc.cli import PLAY
from wpp.ofc.game import OFC, OfcState, Place
from wpp.ofc.random_agent import RandomPlacer

__all__ = ["AGENTS", "AGENT_LABELS", "GAME", "HINT", "LADDER", "MATCH", "NOT_APPLICABLE", "ORDER",
           "PLAY", "REVIEW"]

GAME: Final = OFC
#: After WarPairsPoker and 5-card draw.
ORDER: Final = 3
#: Its page's match (wpp.core.matches): OFC scores in points: 3 hands, running points, a forfeit
#: costs a scoop (6).
MATCH: Final = MatchRule("points", hands=3, forfeit_points=6.0, unit="hand")


def _pyofc(seed: int | None = 0, passes: int = 100, move_time: float | None = None,
           pyofc_compat: bool = False, five_card_time: float | None = None,
           one_card_time: float | None = None) -> Agent:
    from wpp.ofc.pyofc import PyOfcAI  # numpy: imported when an AI is made, not to list games

    return PyOfcAI(seed, passes, move_time, pyofc_compat, five_card_time, one_card_time)


def _expected(seed: int | None = 0, passes: int = 60, move_time: float | None = None,
              arrangements: int = 3, foul_penalty: float = 0.0) -> Agent:
    from wpp.ofc.expected import ExpectedPointsAI

    return ExpectedPointsAI(seed, passes, move_time, arrangements, foul_penalty)


def _random(seed: int | None = 0) -> Agent:
    return RandomPlacer(seed)


#: Open Face Chinese Poker's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"pyofc": _pyofc, "expected": _expected, "random": _random,
                                   "noisy": noisy_factory(_pyofc, "pyofc")}

#: Each agent in words a newcomer knows, for the pages' opponent and hint lists (the
#: registered names above stay for save files, tests and the command line).
AGENT_LABELS: Final[dict[str, str]] = {
    "pyofc": "tries each placement out (you set how often)",
    "expected": "weighs each placement in points",
    "random": "places cards by chance",
    "noisy": "the club player with slips (you set how often)",
}

#: The agent Hint asks by default: the expected-points AI, whose placement the game review
#: compares with.
HINT: Final = "expected"

#: The opponent ladder, weakest first (:mod:`wpp.core.ladder`; ratings in data/ladder.json).
LADDER: Final[tuple[LadderRung, ...]] = (
    ("beginner", "Beginner", "random", {},
     "A random legal placement of its cards, each in any row that has room: it fouls most "
     "hands."),
    ("casual", "Casual", "noisy", {"rate": 0.5},
     "The club player, except that half of its placements are random instead."),
    ("hasty", "Hasty", "pyofc", {"passes": 10},
     "The club player thinking a tenth as long: it tries each placement 10 times instead "
     "of 100, so it misjudges close ones."),
    ("pyofc", "pyOFC AI", "pyofc", {},
     "Tries every placement 100 times, finishing the hand at random, and keeps the one whose "
     "rows rank best, counting a foul against it."),
    ("expert", "Expert", "expected", {"passes": 200},
     "Tries every placement in the same 200 imagined deals, plays the cards to come "
     "sensibly and counts the points against the opponent, bonuses included."),
)


def _review(state: OfcState, player: int, rng: random.Random, budget: dict[str, Any],
            must: Sequence[Place] = (), policy: Policy | None = None) -> list[ActionValue]:
    """The placements worth comparing — the expected AI's choice and a seeded sample of
    pyOFC's pruned candidates (:func:`wpp.ofc.candidates.candidates`), and the played one —
    each played out in the same re-deals (the kit's Monte Carlo)."""
    from wpp.ofc.expected import ExpectedPointsAI  # numpy: imported when a review asks

    view = OFC.view(state, player)
    pool = candidates(view.board, view.to_place) or OFC.legal_actions(state)
    order = list(range(len(pool)))
    rng.shuffle(order)
    picked = [ExpectedPointsAI(0).choose(view)]
    for i in sorted(order[:budget["actions"]]):
        if pool[i] not in picked:
            picked.append(pool[i])
    picked += [a for a in must if a not in picked]
    return OFC.playout_values(state, player, rng, picked, budget["worlds"], policy)


def _method(budget: dict[str, Any], policy: str | None) -> str:
    who = f"the {policy} agent for every seat" if policy else "random legal moves"
    return (f"the placement of the AI that {AGENT_LABELS['expected']}, "
            f"{budget['actions']} of the likely placements and your move, each played in the "
            f"same {budget['worlds']} practice deals (the cards you could not see dealt anew) "
            f"and finished with {who}")


#: The game review compares the expected AI's placement with pyOFC's candidates, played out
#: at random in 48 re-deals (points vary more than a win).
REVIEW: Final = ReviewHook(_review, _method, {"worlds": 48, "actions": 12})

#: Checks of the shared test suites that do not apply to OFC, with the reason each is skipped
#: (their names: ``widgets.testing.CHECKS``).
NOT_APPLICABLE: Final = {
    "static-site": "its computer players need numpy, which the static site's browser kernel "
                   "does not load: its page is on the server only",
}
