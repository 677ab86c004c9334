"""5-card draw, registered: its definition (:mod:`wpp.classic.game`) and its agents
(:mod:`wpp.classic.draw`).

>>> sorted(AGENTS)
['exact', 'noisy', 'random', 'stand']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from wpp.classic.draw import DrawAI, RandomDiscarder, StandPat, review_values
from wpp.classic.game import DRAW, Discard, DrawState
from wpp.classic.public import public_reasons
from wpp.core.agents import Agent, noisy_factory
from wpp.core.matches import MatchRule
from wpp.core.protocol import ActionValue, AgentFactory, LadderRung, Policy, ReviewHook

__all__ = ["AGENTS", "AGENT_LABELS", "GAME", "JUDGE", "LADDER", "MATCH", "ORDER", "PUBLIC_REASONS",
           "REVIEW"]

GAME: Final = DRAW
#: Second in listings, after WarPairsPoker.
ORDER: Final = 1
#: Its page's match (wpp.core.matches): the pot is the score: 5 hands, a running total, a forfeit
#: costs a lost pot.
MATCH: Final = MatchRule("points", hands=5, forfeit_points=1.0,
                           unit="hand")


def _exact(seed: int | None = 0) -> Agent:
    return DrawAI()


def _stand(seed: int | None = 0) -> Agent:
    return StandPat(seed)


def _random(seed: int | None = 0) -> Agent:
    return RandomDiscarder(seed)


#: 5-card draw's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"exact": _exact, "stand": _stand, "random": _random,
                                   "noisy": noisy_factory(_exact, "exact")}

#: Each agent in words a newcomer knows, for the pages' opponent and hint lists (the
#: registered names above stay for save files, tests and the command line).
AGENT_LABELS: Final[dict[str, str]] = {
    "exact": "works out every draw",
    "stand": "never changes a card",
    "random": "changes cards by chance",
    "noisy": "the club player with slips (you set how often)",
}

#: The opponent ladder, weakest first (:mod:`wpp.core.ladder`; ratings in data/ladder.json).
LADDER: Final[tuple[LadderRung, ...]] = (
    ("beginner", "Beginner", "random", {},
     "Throws away a random choice of up to three of its cards (possibly none) every time: "
     "it breaks its own pairs as often as it keeps them."),
    ("casual", "Casual", "noisy", {"rate": 0.5},
     "The club player, except that half of its draws are a random choice of cards "
     "instead."),
    ("exact", "Exact AI", "exact", {},
     "Works out every possible draw and keeps the cards with the best chance against the "
     "opponent's likely final hand."),
)


def _review(state: DrawState, player: int, rng: random.Random, budget: dict[str, Any],
            must: Sequence[Discard] = (), policy: Policy | None = None) -> list[ActionValue]:
    if policy is not None:  # playouts by an agent: the kit's Monte Carlo
        return DRAW.evaluate_actions(state, player, rng, budget, must, policy)
    return review_values(DRAW.view(state, player))


def _method(budget: dict[str, Any], policy: str | None) -> str:
    if policy is not None:
        return DRAW.review_method(budget, policy)
    return ("every possible draw counted, against the final hand an opponent who draws "
            "is likely to make (exact: no guesswork)")


#: The game review values every discard exactly (the budget serves only playouts by an
#: agent, ``review_game(..., agent=...)``).
REVIEW: Final = ReviewHook(_review, _method, dict(DRAW.review_budget))

def _judge(state: DrawState, player: int, rng: random.Random, budget: dict[str, Any],
           must: Sequence[Discard] = (), policy: Policy | None = None) -> list[ActionValue]:
    """The review's judge (:mod:`wpp.analysis.judge`): every legal discard played in the same
    ``worlds`` re-deals of the cards the player could not see, the other seats drawing as the
    exact AI does with their real hands (not the review's model of their final hand) and the
    player's own draw the real deck's: the game itself, to the showdown."""
    del policy  # the judge's opponents are always the reference AI
    chosen: dict[tuple[int, tuple[Any, ...]], Discard] = {}
    exact = DrawAI()

    def reference(s: DrawState, play: random.Random) -> Discard:
        seat = DRAW.to_act(s)
        view = DRAW.view(s, seat)
        key = (seat, tuple(view.hand))
        if key not in chosen:  # the same hand in every action's playout: decided once
            chosen[key] = exact.choose(view)
        return chosen[key]

    legal = DRAW.legal_actions(state)
    return DRAW.playout_values(state, player, rng, legal + [a for a in must if a not in legal],
                               budget["worlds"], reference)


def _judge_method(budget: dict[str, Any], policy: str | None) -> str:
    return (f"every discard played in the same {budget['worlds']} re-deals of the cards you "
            f"could not see, the other hands drawing as the exact AI would")


#: The judge of the review: the game played out against the reference AI's real draws in
#: 400 re-deals (the review's values come from a model of the opponent's final hand).
JUDGE: Final = ReviewHook(_judge, _judge_method, {"worlds": 400})

#: The page's "Why?" during a game: a computer's discard in public terms (how many cards it
#: exchanged), with the viewer's own exact odds while they have still to draw.
PUBLIC_REASONS: Final = public_reasons
