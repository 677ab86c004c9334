"""Pokeros hands: what a window of 2–5 cards in a line is, and what it scores.

A *window* is 2 to 5 orthogonally contiguous cards of one row or column. It is a hand only
if **all** its cards make the pattern — no best five of *n*, no kickers — so each window is
exactly one of fifteen hands (a kind and a size) or nothing (rules R5–R6):

===========  ================================================  ===========================
kind         condition                                         sizes that exist
===========  ================================================  ===========================
royal        a straight flush of five holding a ten and an ace  5
str. flush   a straight and a flush                             3, 4, 5
flush        every card of one suit                             3, 4, 5
straight     distinct consecutive ranks (ace low only if no     3, 4, 5
             king is in the window; no wrap-around)
n of a kind  every card of one rank                             2 (pair), 3, 4
full house   two ranks, both repeated                           5
two pair     two ranks, both repeated                           4
===========  ================================================  ===========================

Two-card straights and flushes are no hand (they score 0 in the seed's table and count as
nothing here). Five-card windows are classified by the kit's standard poker evaluator
(:func:`wpp.poker.ranking.strength5`): its straight flush, flush, straight and full
house are exactly Pokeros's five-card hands (its four of a kind and two pair are a 4+1 and
a 2+2+1 window, which are no hand). Shorter windows, which classic poker has no names for,
are classified here.

Points come from a **table** — a mapping of :class:`Hand` to points. The game uses the
seed's (:data:`SEED_TABLE`); the calibration lesson uses others (:data:`CARDS_TABLE`
values a hand by its number of cards, as the author's first round of self-play did).

>>> from wpp.core.standard_deck import parse_cards
>>> classify(parse_cards("QH KD AC")), classify(parse_cards("KD AH 2C"))
(Hand(kind=<Kind.STRAIGHT: 4>, size=3), None)
>>> classify(parse_cards("8C 8D 4H 4D")).name, classify(parse_cards("8C 8D 4H 4D JC"))
('two pair', None)
>>> [SEED_TABLE[classify(parse_cards(t))] for t in ("TS JS QS KS AS", "AD 2D 3D 4D 5D")]
[60, 40]

For speed every table is compiled once into a dictionary keyed by the product of the
window's rank primes (unique per rank multiset, as in the evaluator), holding the points
and the hand for an off-suit and for a one-suit window (:func:`compiled`).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import Final

from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, card
from wpp.poker.ranking import CLASS_COUNT, Category, category_of, strength5

__all__ = [
    "CARDS_TABLE",
    "HANDS",
    "SEED_TABLE",
    "Compiled",
    "Hand",
    "Kind",
    "Table",
    "classify",
    "compiled",
    "window_key",
]


class Kind(IntEnum):
    """The kinds of Pokeros hand, in the order the seed's table lists them."""

    OF_A_KIND = 1
    TWO_PAIR = 2
    FLUSH = 3
    STRAIGHT = 4
    FULL_HOUSE = 5
    STRAIGHT_FLUSH = 6
    ROYAL_FLUSH = 7


_OF_A_KIND_NAMES: Final = {2: "pair", 3: "three of a kind", 4: "four of a kind"}
_KIND_NAMES: Final = {Kind.TWO_PAIR: "two pair", Kind.FULL_HOUSE: "full house",
                      Kind.ROYAL_FLUSH: "royal flush", Kind.FLUSH: "flush",
                      Kind.STRAIGHT: "straight", Kind.STRAIGHT_FLUSH: "straight flush"}


@dataclass(frozen=True, slots=True, order=True)
class Hand:
    """One of the fifteen Pokeros hands: a kind and a number of cards."""

    kind: Kind
    size: int

    @property
    def name(self) -> str:
        """The hand in words, as the seed's table names it: "pair", "four-card flush"."""
        if self.kind is Kind.OF_A_KIND:
            return _OF_A_KIND_NAMES[self.size]
        if self.kind in (Kind.FLUSH, Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
            return f"{('three', 'four', 'five')[self.size - 3]}-card {_KIND_NAMES[self.kind]}"
        return _KIND_NAMES[self.kind]

    def __str__(self) -> str:
        return self.name


#: The fifteen hands, in the order of the seed's table (cheapest first).
HANDS: Final = (
    Hand(Kind.OF_A_KIND, 2), Hand(Kind.FLUSH, 3), Hand(Kind.STRAIGHT, 3),
    Hand(Kind.TWO_PAIR, 4), Hand(Kind.FLUSH, 4), Hand(Kind.OF_A_KIND, 3),
    Hand(Kind.STRAIGHT, 4), Hand(Kind.FULL_HOUSE, 5), Hand(Kind.FLUSH, 5),
    Hand(Kind.STRAIGHT, 5), Hand(Kind.OF_A_KIND, 4), Hand(Kind.STRAIGHT_FLUSH, 3),
    Hand(Kind.STRAIGHT_FLUSH, 4), Hand(Kind.STRAIGHT_FLUSH, 5), Hand(Kind.ROYAL_FLUSH, 5),
)

#: Points per hand.
Table = Mapping[Hand, int]

#: The seed's score table (the author's README, after one round of recalibration).
SEED_TABLE: Final[Table] = dict(zip(HANDS, (1, 2, 2, 3, 4, 4, 5, 5, 8, 10, 10, 10, 20, 40, 60),
                                    strict=True))
#: Every hand worth its number of cards: the author's first round of self-play, which
#: ranked plays "by the total number of cards in the play".
CARDS_TABLE: Final[Table] = {h: h.size for h in HANDS}

_FIVE: Final = {Category.STRAIGHT: Kind.STRAIGHT, Category.FLUSH: Kind.FLUSH,
                Category.FULL_HOUSE: Kind.FULL_HOUSE, Category.STRAIGHT_FLUSH: Kind.STRAIGHT_FLUSH}


def _is_straight(ranks: Sequence[int]) -> bool:
    """Distinct consecutive ranks; the ace (14) is low only when no king is there."""
    if len(set(ranks)) != len(ranks):
        return False
    values = sorted(1 if r == 14 and 13 not in ranks else r for r in ranks)
    return values[-1] - values[0] == len(values) - 1


def classify(cards: Sequence[Card]) -> Hand | None:
    """The hand a window of 2–5 cards makes, or ``None`` (no hand).

    >>> from wpp.core.standard_deck import parse_cards
    >>> [str(classify(parse_cards(t))) for t in ("7S 7H", "5C 5D 9H 9S 5H", "AS 2H 3D")]
    ['pair', 'full house', 'three-card straight']
    >>> classify(parse_cards("6C 6D 6H 7S")) is None     # 3+1: only its sub-windows score
    True
    """
    size = len(cards)
    if not 2 <= size <= 5:
        raise WppError(f"a window has 2 to 5 cards, not {size}")
    if size == 5:
        strength = strength5(cards)
        kind = _FIVE.get(category_of(strength))
        if kind is Kind.STRAIGHT_FLUSH and strength == CLASS_COUNT:
            kind = Kind.ROYAL_FLUSH
        return None if kind is None else Hand(kind, 5)
    ranks = [c.rank.value for c in cards]
    flush = len({c.suit for c in cards}) == 1
    straight = _is_straight(ranks)
    counts = sorted(ranks.count(r) for r in set(ranks))
    if size >= 3 and straight and flush:
        return Hand(Kind.STRAIGHT_FLUSH, size)
    if size >= 3 and flush:
        return Hand(Kind.FLUSH, size)
    if size >= 3 and straight:
        return Hand(Kind.STRAIGHT, size)
    if counts == [size]:
        return Hand(Kind.OF_A_KIND, size)
    if counts == [2, 2]:
        return Hand(Kind.TWO_PAIR, 4)
    return None


# ----------------------------------------------------------------------- compiled tables

_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # ranks 2..A
#: Per card index: the prime of its rank, and its suit as one bit.
PRIME: Final[tuple[int, ...]] = tuple(_PRIMES[i >> 2] for i in range(52))
SUIT_BIT: Final[tuple[int, ...]] = tuple(1 << (i & 3) for i in range(52))
_ONE_SUIT: Final = frozenset((1, 2, 4, 8))

#: A compiled table: rank-prime product → (points off-suit, points one-suit, hand off-suit,
#: hand one-suit). Absent products are windows that score nothing either way.
Compiled = dict[int, tuple[int, int, Hand | None, Hand | None]]


def window_key(cards: Sequence[int]) -> tuple[int, bool]:
    """The compiled tables' key of a window: its rank-prime product and whether it is one
    suit."""
    product, suits = 1, 0
    for c in cards:
        product *= PRIME[c]
        suits |= SUIT_BIT[c]
    return product, suits in _ONE_SUIT


@cache
def _shapes() -> tuple[tuple[int, Hand | None, Hand | None], ...]:
    """Every rank multiset of 2–5 cards (at most four of a rank): its prime product and the
    hand it makes off-suit and one-suit (one-suit only when the ranks are distinct)."""
    out = []
    for size in range(2, 6):
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max(ranks.count(r) for r in ranks) > 4:
                continue
            product = 1
            for r in ranks:
                product *= _PRIMES[r]
            seen: dict[int, int] = {}
            off = []
            for r in ranks:  # the k-th card of a rank gets suit k: distinct cards
                off.append(card(r + 2, seen.get(r, 0)))
                seen[r] = seen.get(r, 0) + 1
            if len({c.suit for c in off}) == 1:  # distinct ranks, all suit 0: break the flush
                off[-1] = card(off[-1].rank, 1)
            plain = classify(off)
            suited = (classify([card(r + 2, 0) for r in ranks])
                      if len(set(ranks)) == size else None)
            out.append((product, plain, suited))
    return tuple(out)


def compiled(table: Table) -> Compiled:
    """``table`` compiled for the hot path (see :data:`Compiled`); cached per table
    contents.

    >>> from wpp.core.standard_deck import parse_cards
    >>> product, one_suit = window_key(parse_cards("5H 6H 7H"))
    >>> compiled(SEED_TABLE)[product][1 if one_suit else 0]
    10
    """
    known = _BY_ID.get(id(table))
    if known is not None and known[0] is table:
        return known[1]
    comp = _compiled(tuple(sorted(table.items())))
    if len(_BY_ID) < 64:  # the table is kept alive with it, so its id stays its own
        _BY_ID[id(table)] = (table, comp)
    return comp


_BY_ID: dict[int, tuple[Table, Compiled]] = {}


@cache
def _compiled(items: tuple[tuple[Hand, int], ...]) -> Compiled:
    points = dict(items)
    out: Compiled = {}
    for product, plain, suited in _shapes():
        a = points.get(plain, 0) if plain else 0
        b = points.get(suited, 0) if suited else a
        if a or b:
            out[product] = (a, b, plain if a else None, (suited or plain) if b else None)
    return out
