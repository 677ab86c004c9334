"""Predict, then reveal: the learner's move beside the AI's, measure by measure.

Lesson 5 asks the learner what they would play before it shows the classic AI's move. The
legal moves are the engine's (:meth:`wpp.warpairs.state.GameState.legal_actions`), grouped for
buttons by :func:`move_groups`; once the learner commits, :func:`compare_moves` scores both moves on
what they leave in the hand — the same words as lessons 3 and 4:

1. **cards played** — more cards out is progress (the first to empty their hand wins, R1);
2. **power cards spent** — twos, kings and aces win late tricks: fewer spent is better;
3. **outliers left** — the cards hardest to get rid of, counted by the segment (lesson 4)
   of the cards that stay: fewer is better;
4. **cards left in the hand** — fewer is better (a draw adds at least one).

These measures are not the AI's rule — the AI goes down its decision list (6.3) and plays the
first item that applies — so the verdict names the item that decided, and the measures show
what each move costs.

>>> from wpp.warpairs.teach.replay import record_game
>>> m = record_game(108).moves[2]
>>> cmp = compare_moves(m.before, m.action, m.action)
>>> cmp.same, cmp.rows()[0][1] == cmp.rows()[0][2]
(True, True)
>>> [label for label, _ in move_groups(m.before)][:3]
['single', 'pair', 'two pair']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action, Concede, Draw, Mulligan, PlayCards
from wpp.warpairs.ai.hand import is_power
from wpp.warpairs.ai.segment import segments_of
from wpp.warpairs.lookup import classify
from wpp.warpairs.plays import IllegalPlay
from wpp.warpairs.state import GameState

__all__ = ["MOVE_MEASURES", "MoveComparison", "MoveScore", "compare_moves", "move_groups",
           "score_move", "thresholds"]

#: The measures shown for a move, in order: (label, how to read it).
MOVE_MEASURES: Final = (
    ("cards played", "more is progress"),
    ("power cards spent (2, K, A)", "fewer is better"),
    ("outliers left", "fewer is better"),
    ("cards left in the hand", "fewer is better"),
)


@dataclass(frozen=True, slots=True)
class MoveScore:
    """What one move leaves in the hand of the player to act."""

    action: Action
    played: int
    power: int
    outliers: int
    left: str          # "11", or "12 or more" after a draw

    def values(self) -> tuple[str, str, str, str]:
        """The measures of :data:`MOVE_MEASURES`, as text."""
        return (str(self.played), str(self.power), str(self.outliers), self.left)


def _cards(action: Action) -> tuple[Card, ...]:
    return action.cards if isinstance(action, PlayCards | Mulligan) else ()


def score_move(before: GameState, action: Action) -> MoveScore:
    """Measure ``action`` of the player to act in ``before`` (drawn cards are unknown: a draw
    counts the hand as it is, plus at least one card)."""
    hand = before.hands[before.to_act]
    played = _cards(action)
    gone = set(played)
    rest = tuple(c for c in hand if c not in gone)
    left = f"{len(rest) + 1} or more" if isinstance(action, Draw) else str(len(rest))
    return MoveScore(action, len(played), sum(is_power(c) for c in played),
                     len(segments_of(rest).outliers) if rest else 0, left)


@dataclass(frozen=True, slots=True)
class MoveComparison:
    """The learner's move beside the AI's."""

    learner: MoveScore
    ai: MoveScore

    @property
    def same(self) -> bool:
        """Did the learner play the AI's move?"""
        return self.learner.action == self.ai.action

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(measure, yours, the AI's, how to read it), the moves first."""
        rows = [("the move", str(self.learner.action), str(self.ai.action), "")]
        for (label, how), x, y in zip(MOVE_MEASURES, self.learner.values(), self.ai.values(),
                                      strict=True):
            rows.append((label, x, y, how))
        return rows

    def differences(self) -> list[str]:
        """The measures on which the two moves differ, in order."""
        return [label for (label, _), x, y in zip(MOVE_MEASURES, self.learner.values(),
                                                  self.ai.values(), strict=True) if x != y]


def compare_moves(before: GameState, learner: Action, ai: Action) -> MoveComparison:
    """Score the learner's move and the AI's from the same position."""
    return MoveComparison(score_move(before, learner), score_move(before, ai))


def _group(action: Action) -> str:
    if isinstance(action, PlayCards):
        try:
            return classify(action.cards).category.label
        except IllegalPlay:  # pragma: no cover - legal plays always classify
            return "play"
    return "other moves"


def move_groups(before: GameState) -> list[tuple[str, Sequence[Action]]]:
    """The legal moves of the player to act (conceding left out), grouped by kind of play in
    the order singles, pairs, … poker hands, then drawing, passing and the pile."""
    groups: dict[str, list[Action]] = {}
    for a in before.legal_actions():
        if isinstance(a, Concede):
            continue
        groups.setdefault(_group(a), []).append(a)
    return sorted(groups.items(), key=lambda kv: (kv[0] == "other moves",
                                                  _rank(kv[1][0])))


def _rank(action: Action) -> int:
    if isinstance(action, PlayCards):
        try:
            return int(classify(action.cards).category)
        except IllegalPlay:  # pragma: no cover
            return 99
    return 99


def thresholds() -> list[tuple[str, str]]:
    """Every number the classic AI's decisions use, in words, read from the constants the AI
    itself uses (so the page cannot drift from the code): ``(what it is about, the
    threshold)``, the first in plain words (a learner's table: no section numbers).

    >>> where, what = thresholds()[0]
    >>> where, what.endswith("4 cards or fewer, or the AI holds 1 outlier or fewer")
    ('aggressive pair', True)
    """
    from wpp.warpairs.ai.decide import (
        AGGRESSIVE_MAX_OUTLIERS,
        AGGRESSIVE_OPPONENT_CARDS,
        DESPERATE_OPPONENT_CARDS,
        POWER_SINGLES_OPPONENT_CARDS,
    )
    from wpp.warpairs.ai.drawing import ONE_CARD_HAND_SIZE
    return [
        ("aggressive pair",
         f"a pair of twos, kings or aces is played on a pair when the opponent holds "
         f"{AGGRESSIVE_OPPONENT_CARDS} cards or fewer, or the AI holds "
         f"{AGGRESSIVE_MAX_OUTLIERS} outlier or fewer"),
        ("power singles",
         f"on a single, twos, kings and aces answer when the opponent holds "
         f"{POWER_SINGLES_OPPONENT_CARDS} cards or fewer"),
        ("any answer",
         f"when the opponent holds {DESPERATE_OPPONENT_CARDS} cards or fewer (or a draw would "
         "reach the 26-card limit, R17) any legal answer beats drawing: the one with the "
         "fewest power cards"),
        ("one card or two",
         f"after the first card drawn the AI stops if it is a king or an ace, matches a card "
         f"in the hand, or the hand then holds {ONE_CARD_HAND_SIZE} cards or fewer"),
        ("re-draw",
         "once a game, when the two cards drawn match nothing (not the hand, not each other) "
         "and neither is a two, a king or an ace"),
        ("the pile (the kit's choice)",
         "instead of the deck, the AI takes the highest face-up pile card that is a king, an "
         "ace or matches its hand — the game's description says nothing of the AI and the "
         "pile"),
    ]
