"""Lesson 4: every choice of straights and flushes the segment weighs, and what each leaves.

The segment (:mod:`wpp.warpairs.ai.segment`, the game's description 6.2) keeps up to two straights
or flushes and sorts the rest of the hand by rank. Which poker hands it keeps changes which cards
are left alone — the **outliers**, the cards hardest to get rid of. :func:`segment_choices`
lists every choice the AI considered (none, one poker hand, two) with the 8 segments that
choice would give, so a lesson can show the learner how the outliers move.

>>> from wpp.core.standard_deck import parse_cards
>>> choices = segment_choices(parse_cards("3D 4C 5H 6S 7D 7S KH"))
>>> [(c.label, c.n_outliers, c.chosen) for c in choices]
[('straight 3 4 5 6 7', 1, True), ('no poker hand', 4, False)]

:func:`compare_choices` scores a learner's choice beside the AI's, measure by measure, in the
order the AI decides (lesson 4's "predict, then reveal"):

>>> cmp = compare_choices(choices[1], choices[0])
>>> cmp.better, cmp.deciding()
('ai', 'outliers left')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from wpp.core.standard_deck import Card
from wpp.warpairs.ai.hand import RANK_SUM, ranks_text
from wpp.warpairs.ai.pokerhands import Groups, cards_for
from wpp.warpairs.ai.segment import Combo, Segments, analyse, segments_for

__all__ = ["SEGMENT_MEASURES", "SegmentChoice", "SegmentComparison", "compare_choices",
           "segment_choices", "segments_for"]

#: The measures the segment decides on, in order: (label, how to read it).
SEGMENT_MEASURES: Final = (
    ("allowed (breaks at most two pairs)", "yes beats no"),
    ("outliers left", "fewer is better"),
    ("strength of outliers", "higher is better"),
    ("category sum", "higher is better (straight 3, flush 4, straight flush 7)"),
    ("top-card sum", "higher is better"),
)


@dataclass(frozen=True, slots=True)
class SegmentChoice:
    """One choice of poker hands and the segments it gives."""

    label: str
    poker_hands: tuple[tuple[Card, ...], ...]
    segments: Segments
    n_outliers: int
    strength: int
    pairs_broken: int
    #: False when a poker hand would break three or more pairs (not allowed, 6.1).
    allowed: bool
    chosen: bool
    #: The tie-breaks after strength: the poker hands' categories and top cards, added up.
    category_sum: int = 0
    top_sum: int = 0

    def outlier_ranks(self) -> str:
        return ranks_text(sum(1 << c.rank for c in self.segments.outliers))

    def values(self) -> tuple[str, int, int, int, int]:
        """The measures of :data:`SEGMENT_MEASURES`, in order."""
        return ("yes" if self.allowed else "no", self.n_outliers, self.strength,
                self.category_sum, self.top_sum)

    def key(self) -> tuple[bool, int, int, int, int]:
        """Smaller is better, measure by measure (the AI's order)."""
        return (not self.allowed, self.n_outliers, -self.strength, -self.category_sum,
                -self.top_sum)


@dataclass(frozen=True, slots=True)
class SegmentComparison:
    """A learner's choice of poker hands beside the AI's, measure by measure."""

    learner: SegmentChoice
    ai: SegmentChoice

    @property
    def better(self) -> Literal["learner", "ai", "same"]:
        """Whose choice the AI's measures prefer ("same" on a tie of every measure)."""
        a, b = self.learner.key(), self.ai.key()
        return "same" if a == b else ("learner" if a < b else "ai")

    def deciding(self) -> str | None:
        """The first measure on which the two choices differ (``None`` if none)."""
        for (label, _), x, y in zip(SEGMENT_MEASURES, self.learner.key(), self.ai.key(),
                                    strict=True):
            if x != y:
                return label
        return None

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(measure, yours, the AI's, how to read it), the poker hands and outliers first."""
        rows = [("poker hands kept", self.learner.label, self.ai.label, ""),
                ("outlier ranks left", self.learner.outlier_ranks(), self.ai.outlier_ranks(),
                 "")]
        for (label, how), x, y in zip(SEGMENT_MEASURES, self.learner.values(),
                                      self.ai.values(), strict=True):
            rows.append((label, str(x), str(y), how))
        return rows

    def verdict(self) -> str:
        """One sentence for the learner."""
        if self.learner.label == self.ai.label:
            return "You chose exactly the AI's poker hands."
        first = self.deciding()
        if first is None:
            return ("Your choice ties with the AI's on every measure; the AI keeps the one it "
                    "found first.")
        if self.better == "learner":
            return f"Your choice beats the AI's on {first}."
        return f"The AI's choice is better: it decides on {first}."


def compare_choices(learner: SegmentChoice, ai: SegmentChoice) -> SegmentComparison:
    """Put the learner's choice beside the AI's (``ai`` is the one with ``chosen`` set)."""
    return SegmentComparison(learner, ai)


def _choice(g: Groups, c: Combo, chosen: bool) -> SegmentChoice:
    hands, _, _ = cards_for(g, c.plans)
    segs = segments_for(g, c.plans)
    return SegmentChoice(c.label(), tuple(hands), segs, c.n_outliers, RANK_SUM[c.outliers],
                         sum(c.broken), c.valid, chosen,
                         sum(int(p.category) for p in c.plans), sum(p.top for p in c.plans))


def segment_choices(hand: Iterable[Card]) -> list[SegmentChoice]:
    """Every choice the segment weighed, best first (the AI's order: allowed ones, fewest
    outliers, then the highest strength, then the better poker hands); the AI's own choice
    is the first."""
    a = analyse(tuple(sorted(hand)), record=True)
    ranked = sorted(a.considered, key=lambda c: (not c.valid, c != a.chosen, c.key()))
    return [_choice(a.groups, c, c == a.chosen) for c in ranked]
