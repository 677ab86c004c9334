"""A stronger judge of the game review, for every registered game: is the review's verdict
on a decision right?

The review (:mod:`wpp.core.review`) values a decision's actions with a small budget so that a
whole game is reviewed in seconds; its verdicts ("mistake", "blunder") are only as good as
that estimate. The judge values the same decision again, from the same view, with more:

* a game's registration may name ``JUDGE``, a :class:`~wpp.core.protocol.ReviewHook` that
  values the actions exactly or by a stronger method (5-card draw: every discard played
  against the reference AI's own draw in many more re-deals, see
  :mod:`wpp.classic.registration`);
* otherwise the judge is the review's own evaluator, comparing the same candidate actions,
  at :data:`JUDGE_FACTOR` times its re-deals (``worlds``; capped at
  :data:`~wpp.core.review.MAX_REVIEW_BUDGET`), on a random source independent of the
  review's — so the judge's own noise is about a third of the review's and not the same.

Its verdict comes from the review's own rule (:func:`wpp.core.review.review_row`: the game's
thresholds and the noise rule), so a review verdict and a judge verdict are comparable word
for word. Like the review, the judge reads the hidden cards only through the game's re-deal
of what the player could not see.

This module is game-neutral: the registry finds every game and its hooks.

>>> import wpp
>>> from wpp.core.review import decisions
>>> g = wpp.new_game("pairs", seed=4)
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> d = judge_decision(g.game, decisions(g, 0)[0], 0, seed=1)
>>> d.judge.verdict in ("best", "good", "inaccuracy", "mistake", "blunder")
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Final

from wpp.core.checks import check_seed, fold_seed
from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.core.protocol import ActionValue, GameDef, ReviewHook
from wpp.core.review import (
    MAX_REVIEW_BUDGET,
    SECOND_LOOK,
    Position,
    ReviewRow,
    decision_rng,
    evaluator,
    review_decision,
    review_row,
)

__all__ = ["BAD", "JUDGE_FACTOR", "SOURCES", "Judged", "is_bad", "judge_decision",
           "judge_hook", "judge_values", "learner_game", "learner_level"]

#: How many times the review's budget the judge spends where it has no better method.
JUDGE_FACTOR: Final = 10

#: The verdicts a learner is told to fix: the ones whose accuracy is measured.
BAD: Final = ("mistake", "blunder")


#: Where the measured decisions come from: a learner's games (the ladder's casual level
#: against the reference AI) and the reference AI's own games.
SOURCES: Final = ("casual", "reference")


def learner_level(game: str) -> str:
    """The ladder level that stands in for a learner: "casual", else the weakest level above
    random play."""
    from wpp.core.ladder import ladder

    keys = [lv.key for lv in ladder(game)]
    return "casual" if "casual" in keys else keys[min(1, len(keys) - 1)]


def learner_game(game: str, source: str, deal: int) -> tuple[History[Any, Any], int]:
    """A finished game of ``game`` dealt from ``deal`` and the learner's seat in it
    (``deal % players``: every seat in turn): the learner is the casual level (``source``
    "casual") or the reference AI ("reference"), every other seat the reference AI; every
    agent is seeded by the deal and its seat, so the same arguments give the same game."""
    from wpp.core.ladder import make_level_agent, reference_level
    from wpp.core.registry import new_game
    from wpp.core.selfplay import play_out

    if source not in SOURCES:
        raise WppError(f"unknown source {source!r:.40}; choose from {', '.join(SOURCES)}")
    ref = reference_level(game).key
    first = learner_level(game) if source == "casual" else ref
    h = new_game(game, seed=deal)
    seat = deal % h.players
    agents = [make_level_agent(game, first if s == seat else ref, deal * 7 + 1 + s)
              for s in range(h.players)]
    play_out(h, agents)
    return h, seat


def is_bad(verdict: str) -> bool:
    """Whether ``verdict`` is a mistake or a blunder."""
    return verdict in BAD


def judge_hook(game: GameDef[Any, Any, Any, Any]) -> ReviewHook:
    """The judge of ``game``: its registration's ``JUDGE`` if it names one, else the review's
    evaluator with its ``worlds`` multiplied by :data:`JUDGE_FACTOR` (capped at
    :data:`~wpp.core.review.MAX_REVIEW_BUDGET`; the rest of its budget — how many actions it
    compares — kept, so the judge weighs the same candidates more precisely; no second look:
    the judge's verdict is its own values')."""
    from wpp.core.registry import registration  # the game's registration module

    try:
        hook = getattr(registration(game.name), "JUDGE", None)
    except WppError:  # a definition the registry does not know
        hook = None
    if isinstance(hook, ReviewHook):
        return hook
    review = evaluator(game)
    budget = {k: min(MAX_REVIEW_BUDGET, v * JUDGE_FACTOR) if k == "worlds" else v
              for k, v in review.budget.items() if k != SECOND_LOOK}
    return ReviewHook(review.evaluate, review.method, budget)


def _judge_seed(seed: int) -> int:
    """The judge's random source, independent of the review's with the same ``seed``."""
    return fold_seed(seed * 1_000_003 + 0x4A55)


def judge_values(game: GameDef[Any, Any, Any, Any], position: Position, player: int, *,
                 seed: int = 0) -> list[ActionValue]:
    """The judge's values of the actions at one decision (the played one among them)."""
    check_seed(seed, "the judge's seed")
    hook = judge_hook(game)
    rng = decision_rng(_judge_seed(seed), position.move)
    values = hook.evaluate(position.state, player, rng, dict(hook.budget), (position.action,),
                           None)
    if not values:
        raise WppError(f"{game.title}'s judge valued no action at move {position.move}")
    return values


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision seen twice: by the review at its own budget and by the judge."""

    review: ReviewRow
    judge: ReviewRow
    #: CPU seconds of this process each took.
    review_cpu: float = 0.0
    judge_cpu: float = 0.0

    @property
    def agree(self) -> bool:
        """Whether both call it a mistake or blunder, or both do not."""
        return is_bad(self.review.verdict) == is_bad(self.judge.verdict)


def judge_decision(game: GameDef[Any, Any, Any, Any], position: Position, player: int, *,
                   seed: int = 0, budget: dict[str, Any] | None = None) -> Judged:
    """The review's row for one decision (``seed`` and ``budget`` as the review's; default:
    its own budget) and the judge's row for the same decision, each with its verdict by the
    review's rule."""
    b = {**evaluator(game).budget, **(budget or {})}
    start = time.process_time()
    mine = review_decision(game, position, player, seed=seed, budget=b)
    middle = time.process_time()
    hook = judge_hook(game)
    theirs = review_row(game, position, judge_values(game, position, player, seed=seed),
                        game.review_unit, game.review_thresholds,
                        hook.method(dict(hook.budget), None))
    return Judged(mine, theirs, middle - start, time.process_time() - middle)
