"""Lesson 3, "your turn": the learner's 3 mulligan cards scored on the AI's own measures.

The classic AI (:mod:`wpp.warpairs.ai.mulligan`, the game's description 6.1) judges a mulligan by
what it leaves in the hand:

1. **four of a kind broken**, then **power cards given up** — the AI breaks four of a kind
   only as a last resort, and keeps twos, kings and aces while anything else can go;
2. **outliers left** — the ordinary cards (3 to Q) that match no other card, counted after
   setting aside the best straight or flush the remaining cards allow (one at most, made of
   no power card, breaking no four of a kind and at most two of the hand's pairs): fewer is
   better;
3. **strength of outliers** — the sum of their ranks: higher is better (high cards are
   easier to play later);
4. **the cards given away** — the pile is face up and the opponent may take from it, so the
   lower the discarded cards the better (the sum of their ranks).

:func:`score_pick` measures any 3 cards this way and :func:`compare` puts the learner's pick
beside the AI's. On the AI's own pick the measures agree with the AI's explanation (a test
checks it on many deals).

>>> from wpp.core.standard_deck import parse_cards
>>> hand = parse_cards("2C 2S 3D 3H 4C 4H 4S 6C 8H 9H 9S 10D JC QC KS AH")
>>> c = compare(hand, parse_cards("6C 8H 10D"))
>>> c.learner.outliers, c.ai.outliers, c.better
(2, 0, 'ai')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.ai.hand import RANK_SUM, is_power, ranks_text
from wpp.warpairs.ai.mulligan import MULLIGAN_CARDS, analyse_mulligan
from wpp.warpairs.ai.pokerhands import Groups, Plan, find_plans, group
from wpp.warpairs.plays import Category

__all__ = ["MEASURES", "Comparison", "PickScore", "best_pick", "compare", "score_pick"]

#: The measures, in the order they decide: (label, how to read it).
MEASURES: Final = (
    ("four of a kind broken", "fewer is better"),
    ("power cards given up", "fewer is better"),
    ("outliers left", "fewer is better"),
    ("strength of outliers", "higher is better"),
    ("rank sum of the cards given away", "lower is better"),
)


@dataclass(frozen=True, slots=True)
class PickScore:
    """A mulligan measured the AI's way (see the module docs)."""

    pick: tuple[Card, ...]
    quads: int
    power: int
    outliers: int
    strength: int
    given: int
    outlier_ranks: int         # mask of the outlier ranks left
    poker_hand: str            # the straight or flush set aside, or "no poker hand"

    def key(self) -> tuple[int, int, int, int, int]:
        """Smaller is better, measure by measure."""
        return (self.quads, self.power, self.outliers, -self.strength, self.given)

    def values(self) -> tuple[int, int, int, int, int]:
        """The five measures, in :data:`MEASURES` order."""
        return (self.quads, self.power, self.outliers, self.strength, self.given)

    def outliers_text(self) -> str:
        return ranks_text(self.outlier_ranks)


def _best_leftover(rest: tuple[Card, ...], dealt: Groups) -> tuple[int, str]:
    """The outlier ranks left by the best allowed straight or flush (or none) of ``rest``.

    ``dealt`` is the *whole* hand grouped: a poker hand may break at most two of its pairs
    and sets (6.1), counted on the hand as dealt, as the AI counts — so a discard cannot
    dodge the rule by breaking the pairs first.
    """
    g = group(rest)
    best: tuple[int, str] = (g.c1, "no poker hand")
    best_key = (g.c1.bit_count(), -RANK_SUM[g.c1])
    plans: list[Plan] = find_plans(g, max_sets=MULLIGAN_CARDS)
    for p in plans:
        if p.broken(dealt) > 2:
            continue  # breaks three or more pairs: not allowed (6.1)
        # The hand's cards of the plan's ranks: singles are used up, a pair leaves one card
        # (an outlier), three of a kind leaves a pair.
        outl = (g.c1 & ~p.mask) | (g.c2 & p.mask)
        key = (outl.bit_count(), -RANK_SUM[outl])
        # A straight flush is also found as a plain straight of the same ranks (same
        # outliers): name it for what it is.
        if key < best_key or (key == best_key and p.category is Category.STRAIGHT_FLUSH):
            best, best_key = (outl, p.label()), key
    return best


def score_pick(hand: Iterable[Card], pick: Iterable[Card]) -> PickScore:
    """Measure the mulligan ``pick`` (3 cards of ``hand``) on the AI's measures."""
    cards = tuple(sorted(hand))
    chosen = tuple(sorted(pick))
    if len(chosen) != MULLIGAN_CARDS or len(set(chosen)) != MULLIGAN_CARDS:
        raise ValueError(f"a mulligan is exactly {MULLIGAN_CARDS} different cards, "
                         f"not {format_cards(chosen) or 'none'}")
    missing = [c for c in chosen if c not in cards]
    if missing:
        raise ValueError(f"{format_cards(missing)} is not in the hand")
    return _score(cards, chosen, group(cards))


def _score(cards: tuple[Card, ...], chosen: tuple[Card, ...], dealt: Groups) -> PickScore:
    """:func:`score_pick` once the pick is checked; ``dealt`` is ``group(cards)``, computed
    once by the caller (:func:`best_pick` scores hundreds of picks of one hand)."""
    gone = set(chosen)
    rest = tuple(c for c in cards if c not in gone)
    outl, label = _best_leftover(rest, dealt)
    quads = len({c.rank for c in chosen if dealt.quads >> c.rank & 1})  # 3…Q held 4 times
    return PickScore(chosen, quads, sum(is_power(c) for c in chosen), outl.bit_count(),
                     RANK_SUM[outl], sum(c.rank for c in chosen), outl, label)


@dataclass(frozen=True, slots=True)
class Comparison:
    """The learner's mulligan beside the AI's, measure by measure."""

    learner: PickScore
    ai: PickScore

    @property
    def better(self) -> Literal["learner", "ai", "same"]:
        """Whose pick the AI's measures prefer ("same" when they tie on every measure)."""
        a, b = self.learner.key(), self.ai.key()
        return "same" if a == b else ("learner" if a < b else "ai")

    def deciding(self) -> str | None:
        """The first measure on which the two picks differ (``None`` if none)."""
        for (label, _), x, y in zip(MEASURES, self.learner.key(), self.ai.key(), strict=True):
            if x != y:
                return label
        return None

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(measure, yours, the AI's, how to read it), the cards first."""
        rows = [("cards given to the pile", format_cards(self.learner.pick),
                 format_cards(self.ai.pick), ""),
                ("straight or flush kept", self.learner.poker_hand, self.ai.poker_hand, ""),
                ("outlier ranks left", self.learner.outliers_text(), self.ai.outliers_text(),
                 "")]
        for (label, how), x, y in zip(MEASURES, self.learner.values(), self.ai.values(),
                                      strict=True):
            rows.append((label, str(x), str(y), how))
        return rows

    def verdict(self) -> str:
        """One sentence for the learner."""
        if self.learner.pick == self.ai.pick:
            return "You chose exactly the AI's cards."
        first = self.deciding()
        if first is None:
            return "Your pick is as good as the AI's on every measure."
        if self.better == "learner":
            return (f"Your pick beats the AI's on its own measures ({first}): the AI's rules "
                    "are a heuristic, and here you found better.")
        return f"The AI's pick is better: it decides on {first}."


def compare(hand: Iterable[Card], pick: Iterable[Card]) -> Comparison:
    """Score ``pick`` and the AI's own mulligan of ``hand`` on the same measures."""
    cards = tuple(hand)
    return Comparison(score_pick(cards, pick), score_pick(cards, analyse_mulligan(cards).cards))


def best_pick(hand: Iterable[Card]) -> PickScore:
    """The best of every possible mulligan on these measures (560 for 16 cards; ties go to
    the lowest cards). The AI does not search them all: its rules find this best pick on
    most deals, not all — which lets a learner sometimes beat it on its own measures."""
    cards = tuple(sorted(hand))
    dealt = group(cards)
    return min((_score(cards, p, dealt) for p in combinations(cards, MULLIGAN_CARDS)),
               key=lambda s: (s.key(), s.pick))
