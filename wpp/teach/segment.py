"""Lesson 4: every choice of straights and flushes the segment weighs, and what each leaves.

The segment (:mod:`wpp.ai.segment`, the game's description 6.2) keeps up to two straights or
flushes and sorts the rest of the hand by rank. Which poker hands it keeps changes which cards
are left alone — the **outliers**, the cards hardest to get rid of. :func:`segment_choices`
lists every choice the AI considered (none, one poker hand, two) with the 8 segments that
choice would give, so a lesson can show the learner how the outliers move.

>>> from wpp.cards import parse_cards
>>> choices = segment_choices(parse_cards("3D 4C 5H 6S 7D 7S KH"))
>>> [(c.label, c.n_outliers, c.chosen) for c in choices]
[('straight 3 4 5 6 7', 1, True), ('no poker hand', 4, False)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from wpp.ai.hand import RANK_SUM, ranks_text
from wpp.ai.pokerhands import Groups, cards_for
from wpp.ai.segment import Combo, Segments, analyse, segments_for
from wpp.cards import Card

__all__ = ["SegmentChoice", "segment_choices", "segments_for"]


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

    def outlier_ranks(self) -> str:
        return ranks_text(sum(1 << c.rank for c in self.segments.outliers))


def _choice(g: Groups, c: Combo, chosen: bool) -> SegmentChoice:
    hands, _, _ = cards_for(g, c.plans)
    segs = segments_for(g, c.plans)
    return SegmentChoice(c.label(), tuple(hands), segs, c.n_outliers, RANK_SUM[c.outliers],
                         sum(c.broken), c.valid, chosen)


def segment_choices(hand: Iterable[Card]) -> list[SegmentChoice]:
    """Every choice the segment weighed, best first (the AI's order: allowed ones, fewest
    outliers, then the highest strength, then the better poker hands); the AI's own choice
    is the first."""
    a = analyse(tuple(sorted(hand)), record=True)
    ranked = sorted(a.considered, key=lambda c: (not c.valid, c != a.chosen, c.key()))
    return [_choice(a.groups, c, c == a.chosen) for c in ranked]
