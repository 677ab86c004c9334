"""Standard poker hand ranking: 5-card hands, best 5 of 6 or 7, names in words, ties.

This is *classic* poker, the game WarPairsPoker borrows its hand names from. Suits have no
order here (unlike WarPairsPoker's rule R2), the ace plays high or, in the wheel A-2-3-4-5,
low, and two hands of the same ranks tie exactly (a split pot). It is the kit's one copy of
the ranking: 5-card draw, OFC, Pokeros and WarPairsPoker's lessons import it from here.

Strength
--------
Every 5-card hand falls into one of **7,462** equivalence classes (hands that no rule of
poker can tell apart, such as the four royal flushes, or A-K-Q-J-9 offsuit in its 1,020
suit patterns). :func:`strength5` maps a hand to its class number, an ``int`` from 1
(7-5-4-3-2 offsuit, the worst hand) to 7,462 (a royal flush): **higher is better**, which is
the opposite of ``treys``/Cactus Kev, where 1 is the royal flush. Equal strengths are exact
ties.

>>> evaluate("KS KD 9C 9H 7S")
HandValue(strength=4825, category=Category.TWO_PAIR, name='Two Pair, Kings and Nines, Seven kicker')
>>> evaluate("AS 2D 3C 4H 5S").name        # the wheel: the lowest straight
'Straight, Five high'
>>> evaluate("AS 2D 3C 4H 5S") < evaluate("2H 3S 4D 5C 6H")
True
>>> winners(["AS KD QC JH 9S", "AH KC QD JS 9D", "KC QH 8S 5D 2H"])   # a split pot
[0, 1]
>>> best_of("AS KS 9S 9H 9D 2S 4S").name    # 7 cards: the flush beats the trips
'Flush, Ace-King-Nine-Four-Two'

How it is fast
--------------
Rank ``r`` (2..A) gets the ``r-2``-th prime (2, 3, 5, ..., 41); the product of a hand's five
primes names its rank multiset uniquely (unique factorisation), whatever the card order.
Two dictionaries built once at import (in about 0.1 s, from an enumeration of the
6,175 rank multisets and 1,287 flush rank sets) map that product to the strength: one for
flushes, one for everything else. Evaluating a hand is then one suit comparison, four
multiplications and one dictionary look-up: about twice as fast as ``treys`` in pure
Python (see :mod:`benchmarks.classic`). Best-of-7 spots a flush with one sum of per-card
suit counters, then takes the maximum over the 21 five-card products in C-level iterators.

Three-card hands (Open Face Chinese Poker's front row)
------------------------------------------------------
A 3-card hand is high card, one pair or three of a kind (no straights, no flushes). To compare
it with 5-card hands (a front row must not beat the middle row) it is valued as if it held
the lowest possible kickers: its strength is the weakest 5-card class that is not below it
by category and then its own ranks (Q-Q-7 is Q-Q-7-3-2, as pyOFC pads it). Its strength is
on the same 1..7,462 scale. Between two front rows, :func:`order3` decides (1..455, by
category then ranks).

>>> evaluate3("QS QH 7D").name
'One Pair, Queens, Seven kicker'
>>> evaluate3("QS QH 7D") > evaluate("QD QC 6S 5H 4S")   # the front outranks this middle
True
>>> evaluate3("QS QH 7D") < evaluate("QD QC 9S 8H 2S")
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from math import comb, prod
from typing import Final

from wpp.core.checks import check_count
from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card, Rank, parse_cards

__all__ = [
    "CLASS_COUNT",
    "FRONT_CLASS_COUNT",
    "Category",
    "HandValue",
    "best_hand",
    "best_of",
    "best_strength",
    "category_of",
    "class_size",
    "compare",
    "evaluate",
    "evaluate3",
    "order3",
    "strength3",
    "strength5",
    "value_of",
    "winners",
]


class Category(IntEnum):
    """The nine standard hand categories, worst to best (a royal flush is a straight flush)."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words, as the seed assignment prints it: ``"Two Pair"``."""
        return _CATEGORY_LABELS[self]

    @property
    def short(self) -> str:
        """A two-letter abbreviation for table columns: ``HC 1P 2P 3K ST FL FH 4K SF``."""
        return _CATEGORY_SHORT[self]

    def __repr__(self) -> str:
        return f"Category.{self.name}"


_CATEGORY_LABELS: Final = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "One Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
}
_CATEGORY_SHORT: Final = dict(
    zip(Category, ("HC", "1P", "2P", "3K", "ST", "FL", "FH", "4K", "SF"), strict=True)
)

#: The number of distinct 5-card hand classes; strengths run from 1 to this.
CLASS_COUNT: Final = 7462


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """What a hand is worth: its class number, category and name in words.

    ``strength`` (1..7,462, higher is better) alone decides comparisons; two hands tie
    exactly when their strengths are equal. There is one shared ``HandValue`` per class,
    so :func:`evaluate` allocates nothing.

    ``ranks`` are the ranks that decide ties inside the category, most important first:
    for two pair ``(high pair, low pair, kicker)``, for a straight its top card (5 for the
    wheel). Dataclass ordering compares ``strength`` first, which settles it.
    """

    strength: int
    category: Category
    name: str
    ranks: tuple[Rank, ...] = ()

    @property
    def label(self) -> str:
        """The seed assignment's short name: the category, or ``"Royal Flush"``.

        >>> evaluate("TS JS QS KS AS").label, evaluate("9S TS JS QS KS").label
        ('Royal Flush', 'Straight Flush')
        """
        return "Royal Flush" if self.strength == CLASS_COUNT else self.category.label

    def __repr__(self) -> str:
        return (
            f"HandValue(strength={self.strength}, category={self.category!r}, name={self.name!r})"
        )


# --------------------------------------------------------------------------- the tables

_PRIMES: Final = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # ranks 2..A
#: Per card (index 0..51): the prime of its rank.
_P: Final[tuple[int, ...]] = tuple(_PRIMES[i >> 2] for i in range(52))
#: Per card: a 1 in the 4-bit counter of its suit (for spotting 5+ cards of one suit).
_SUITBIT: Final[tuple[int, ...]] = tuple(1 << (4 * (i & 3)) for i in range(52))


def _singular(rank: int) -> str:
    return Rank(rank).name.title()


def _plural(rank: int) -> str:
    return Rank(rank).plural.capitalize()


def _kickers(ranks: Sequence[int]) -> str:
    words = "-".join(_singular(r) for r in ranks)
    return f"{words} kicker" if len(ranks) == 1 else f"{words} kickers"


def _classify(ranks: Sequence[int], flush: bool) -> tuple[Category, tuple[int, ...], str]:
    """Category, tie-break key and name of five ranks (2..14), flush or not.

    This is the slow, obvious classification; it runs once per class when the tables are
    built, never per evaluation.
    """
    counts = Counter(ranks)
    # Group by (count, rank), largest group first: the seed's "c1..c5" order.
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    key = tuple(r for r, _ in groups)
    shape = tuple(n for _, n in groups)
    if shape == (1, 1, 1, 1, 1):
        desc = sorted(ranks, reverse=True)
        high = 0
        if desc[0] - desc[4] == 4:
            high = desc[0]
        elif desc == [14, 5, 4, 3, 2]:
            high = 5  # the wheel: the ace plays low
        if high:
            if flush:
                name = "Royal Flush" if high == 14 else f"Straight Flush, {_singular(high)} high"
                return Category.STRAIGHT_FLUSH, (high,), name
            return Category.STRAIGHT, (high,), f"Straight, {_singular(high)} high"
        words = "-".join(_singular(r) for r in desc)
        if flush:
            return Category.FLUSH, tuple(desc), f"Flush, {words}"
        return Category.HIGH_CARD, tuple(desc), f"High Card, {words}"
    if flush:
        raise ValueError("a flush has five different ranks")
    if shape == (4, 1):
        return (
            Category.FOUR_OF_A_KIND,
            key,
            f"Four of a Kind, {_plural(key[0])}, {_kickers(key[1:])}",
        )
    if shape == (3, 2):
        return (
            Category.FULL_HOUSE,
            key,
            f"Full House, {_plural(key[0])} full of {_plural(key[1])}",
        )
    if shape == (3, 1, 1):
        return (
            Category.THREE_OF_A_KIND,
            key,
            f"Three of a Kind, {_plural(key[0])}, {_kickers(key[1:])}",
        )
    if shape == (2, 2, 1):
        return (
            Category.TWO_PAIR,
            key,
            f"Two Pair, {_plural(key[0])} and {_plural(key[1])}, {_kickers(key[2:])}",
        )
    if shape == (2, 1, 1, 1):
        return Category.ONE_PAIR, key, f"One Pair, {_plural(key[0])}, {_kickers(key[1:])}"
    raise ValueError(f"not a poker hand: ranks {sorted(ranks)}")


def _build() -> tuple[dict[int, int], dict[int, int], tuple[HandValue, ...], tuple[int, ...]]:
    """Enumerate the 7,462 classes, sort them, and index them by prime product.

    Returns (unsuited table, flush table, values by strength, hand count by strength).
    Index 0 of the two tuples is a placeholder so that ``VALUES[strength]`` works.
    """
    entries: list[tuple[Category, tuple[int, ...], str, int, bool, int]] = []
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        counts = Counter(ranks)
        if max(counts.values()) == 5:
            continue  # five of a kind needs a fifth suit
        product = prod(_PRIMES[r - 2] for r in ranks)
        category, key, name = _classify(ranks, flush=False)
        # How many of the C(52,5) hands have exactly these ranks and are not flushes.
        if len(counts) == 5:
            hands = 4**5 - 4
            entries.append((*_classify(ranks, flush=True), product, True, 4))
        else:
            hands = prod(comb(4, n) for n in counts.values())
        entries.append((category, key, name, product, False, hands))
    entries.sort(key=lambda e: (e[0], e[1]))
    if len(entries) != CLASS_COUNT:  # pragma: no cover - a broken enumeration
        raise AssertionError(f"{len(entries)} classes, expected {CLASS_COUNT}")
    unsuited: dict[int, int] = {}
    flush: dict[int, int] = {}
    values: list[HandValue] = [HandValue(0, Category.HIGH_CARD, "(no hand)")]
    sizes: list[int] = [0]
    for strength, (category, key, name, product, is_flush, hands) in enumerate(entries, 1):
        (flush if is_flush else unsuited)[product] = strength
        values.append(HandValue(strength, category, name, tuple(Rank(r) for r in key)))
        sizes.append(hands)
    return unsuited, flush, tuple(values), tuple(sizes)


_UNSUITED, _FLUSH, _VALUES, _SIZES = _build()
#: The lowest strength of each category, and one past the top (for category_of).
_CATEGORY_FLOOR: Final = {
    cat: min(v.strength for v in _VALUES[1:] if v.category is cat) for cat in Category
}
_CATEGORY_OF: Final[tuple[Category, ...]] = tuple(v.category for v in _VALUES)
_ALL_CARDS: Final = frozenset(CARDS)


def _build_front() -> dict[int, HandValue]:
    """Every 3-card rank multiset (455 of them) by prime product: its value.

    Its strength is the weakest 5-card class that is not below it, comparing by category,
    then rank by rank over the three cards' ranks (missing kickers count as the lowest): a
    binary search over the classes, which are sorted by exactly that order. Where the
    front's two lowest absent ranks make no straight this is the padded hand pyOFC builds
    (Q-Q-7 → Q-Q-7-3-2); for a few low high-card fronts (6-3-2) pyOFC's padding has to
    skip a straight and takes a kicker above the front's own top card (7-6-4-3-2), which
    made 6-3-2 foul over a 7-5-4-3-2 middle: a quirk the kit does not copy.
    """
    table: dict[int, HandValue] = {}
    keys = [(v.category, tuple(int(r) for r in v.ranks)) for v in _VALUES[1:]]
    for ranks in itertools.combinations_with_replacement(range(2, 15), 3):
        base = prod(_PRIMES[r - 2] for r in ranks)
        counts = Counter(ranks)
        key = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
        shape = max(counts.values())
        category = {1: Category.HIGH_CARD, 2: Category.ONE_PAIR,
                    3: Category.THREE_OF_A_KIND}[shape]
        lo, hi = 0, len(keys)  # the first class not below (category, key)
        while lo < hi:
            mid = (lo + hi) // 2
            cat, mranks = keys[mid]
            if (cat, mranks[:len(key)]) < (category, key):
                lo = mid + 1
            else:
                hi = mid
        strength = lo + 1
        category = _CATEGORY_OF[strength]
        counts = Counter(ranks)
        key = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
        if category is Category.THREE_OF_A_KIND:
            name = f"Three of a Kind, {_plural(key[0])}"
        elif category is Category.ONE_PAIR:
            name = f"One Pair, {_plural(key[0])}, {_kickers(key[1:])}"
        else:
            name = f"High Card, {'-'.join(_singular(r) for r in key)}"
        table[base] = HandValue(strength, category, name, tuple(Rank(r) for r in key))
    return table


#: 3-card hands by the prime product of their ranks (the front row of OFC).
_FRONT: Final = _build_front()
_FRONT_STRENGTH: Final = {k: v.strength for k, v in _FRONT.items()}
#: 3-card hands by prime product: their order 1..455 (category, then ranks).
_FRONT_ORDER: Final = {
    k: i for i, k in enumerate(sorted(_FRONT, key=lambda k: (_FRONT[k].category,
                                                             _FRONT[k].ranks)), 1)}
#: The number of 3-card hand classes (286 high cards, 156 pairs, 13 trips).
FRONT_CLASS_COUNT: Final = 455


# --------------------------------------------------------------------------- fast paths


def strength5(cards: Sequence[int]) -> int:
    """The strength (1..7,462, higher is better) of exactly five distinct cards.

    The hot path: no checks up front (five distinct card indices are assumed; what fails
    is the kit's ``WppError``); use :func:`evaluate` for checked input and a name.

    >>> from wpp.core.standard_deck import parse_cards
    >>> strength5(parse_cards("7D 5C 4H 3S 2D")), strength5(parse_cards("TH JH QH KH AH"))
    (1, 7462)
    """
    try:  # free when nothing is raised: the hot path stays unchecked
        a, b, c, d, e = cards
        p = _P
        if a & 3 == b & 3 == c & 3 == d & 3 == e & 3:
            return _FLUSH[p[a] * p[b] * p[c] * p[d] * p[e]]
        return _UNSUITED[p[a] * p[b] * p[c] * p[d] * p[e]]
    except (TypeError, ValueError, KeyError, IndexError):
        raise _not_distinct(cards, "five") from None


def strength3(cards: Sequence[int]) -> int:
    """The strength of exactly three distinct cards on the 5-card scale (no checks): the
    weakest 5-card class not below them (as if their kickers were the lowest possible), so
    a 3-card row compares with 5-card rows: it fouls a middle row of lower strength.

    >>> from wpp.core.standard_deck import parse_cards
    >>> strength3(parse_cards("AS KD QC")) == strength5(parse_cards("AS KD QC 3H 2D"))
    True
    >>> strength3(parse_cards("2S 3D 4C")) == strength5(parse_cards("2S 3D 4C 5H 7D"))
    True
    """
    try:
        a, b, c = cards
        p = _P
        return _FRONT_STRENGTH[p[a] * p[b] * p[c]]
    except (TypeError, ValueError, KeyError, IndexError):
        raise _not_distinct(cards, "three") from None


def best_strength(cards: Sequence[int]) -> int:
    """The strength of the best five of 5, 6 or 7 (or more) distinct cards. No checks.

    With at most seven cards, five of one suit make the flush (or straight flush) the best
    hand available: the other one or two cards cannot make four of a kind or a full house
    with cards that all have different ranks. So only one of the two tables is consulted.

    >>> from wpp.core.standard_deck import parse_cards
    >>> seven = parse_cards("2S 3S 4S 5S 6S 6H 6D")   # trips of sixes, and a straight flush
    >>> best_strength(seven) == strength5(seven[:5])
    True
    """
    try:
        n = len(cards)
    except TypeError:
        raise _not_distinct(cards, "5 or more") from None
    if n == 5:
        return strength5(cards)
    if n > 7:
        return max(map(strength5, itertools.combinations(cards, 5)))
    if n < 5:
        raise WppError(f"a poker hand needs at least 5 cards, not {n}")
    try:
        p = _P
        counters = sum(map(_SUITBIT.__getitem__, cards))
        flushes = (counters + 0x3333) & 0x8888  # a suit's counter >= 5 sets its top bit
        if flushes:
            suit = flushes.bit_length() // 4 - 1
            primes = [p[c] for c in cards if c & 3 == suit]
            return max(map(_FLUSH.__getitem__, map(prod, itertools.combinations(primes, 5))))
        primes = list(map(p.__getitem__, cards))
        return max(map(_UNSUITED.__getitem__, map(prod, itertools.combinations(primes, 5))))
    except (TypeError, ValueError, KeyError, IndexError):
        raise _not_distinct(cards, f"{n}") from None


def _not_distinct(cards: object, count: str) -> WppError:
    """The error of a fast path given something other than ``count`` distinct cards."""
    return WppError(f"expected {count} distinct cards (cards or indexes 0..51), not "
                    f"{cards!r:.60}")


# --------------------------------------------------------------------------- checked API


def _cards(cards: str | Iterable[int], sizes: range | None = None) -> tuple[Card, ...]:
    """Read and check cards: text, or cards, card texts or card indices, distinct, a count in
    ``sizes`` (any count when ``None``); anything else is the kit's error naming it
    (:func:`~wpp.core.standard_deck.parse_cards` reads them). The one card reader of
    :mod:`wpp.classic`: :func:`~wpp.classic.draw.explain` and
    :func:`~wpp.classic.showdown.showdown` use it too."""
    hand = parse_cards(cards)
    if sizes is not None and len(hand) not in sizes:
        want = f"{sizes.start}" if len(sizes) == 1 else f"{sizes.start} to {sizes.stop - 1}"
        raise WppError(f"expected {want} cards, got {len(hand)}")
    return hand


def _strength(strength: object) -> int:
    """``strength`` if it is one (a whole number 1..7,462), else a ``WppError``."""
    return check_count(strength, "a strength", 1, CLASS_COUNT)


def evaluate(cards: str | Iterable[int]) -> HandValue:
    """The value of a 5-card hand, given as cards, card indices or text (``"KS KD 9C 9H 7S"``).

    Raises the kit's ``WppError`` (a ``ValueError``) for anything that is not cards, a card
    given twice or a count other than five (use :func:`best_of` for 6 or 7 cards).

    >>> evaluate("4S 4H 4D 2C 2D").name
    'Full House, Fours full of Twos'
    >>> evaluate("2S 2H AD KC QS") < evaluate("3D 3C 4S 5H 7D")   # pairs before kickers
    True
    """
    if type(cards) is tuple or type(cards) is list:
        # The fast check: five distinct cards (a set, and a subset test against all 52).
        # Anything else gets the full check and its explanation.
        try:
            distinct = set(cards)
            if len(distinct) == 5 == len(cards) and distinct <= _ALL_CARDS:
                return _VALUES[strength5(cards)]
        except TypeError:  # unhashable, or numbers equal to cards that are none (5.0)
            pass
    return _VALUES[strength5(_cards(cards, range(5, 6)))]


def evaluate3(cards: str | Iterable[int]) -> HandValue:
    """The value of a 3-card hand (OFC's front row): high card, one pair or three of a kind,
    its strength on the 5-card scale (see :func:`strength3`), its name about its own cards.

    >>> evaluate3("AS AH AD").name, evaluate3("2S 3H 4D").name
    ('Three of a Kind, Aces', 'High Card, Four-Three-Two')
    """
    hand = _cards(cards, range(3, 4))
    return _FRONT[_P[hand[0]] * _P[hand[1]] * _P[hand[2]]]


def order3(cards: Sequence[int]) -> int:
    """The rank (1..455, higher is better) of three distinct cards among 3-card hands, by
    category then ranks: what decides between two front rows. No checks.

    Padded strengths (:func:`strength3`) are for comparing a front row with a 5-card row;
    two different fronts may pad to the same hand (7-3-2 and 4-3-2 both to 7-5-4-3-2), yet
    7-3-2 beats 4-3-2.

    >>> from wpp.core.standard_deck import parse_cards
    >>> order3(parse_cards("7S 3D 2C")) > order3(parse_cards("4S 3D 2C"))
    True
    >>> order3(parse_cards("2S 2D 3C")), order3(parse_cards("AS AD AC"))
    (287, 455)
    """
    try:
        a, b, c = cards
        p = _P
        return _FRONT_ORDER[p[a] * p[b] * p[c]]
    except (TypeError, ValueError, KeyError, IndexError):
        raise _not_distinct(cards, "three") from None


def best_of(cards: str | Iterable[int]) -> HandValue:
    """The value of the best five of 5, 6 or 7 cards (Texas hold'em's showdown rule).

    >>> best_of("AH KH 5C 4D 3S 2S 2C").name   # the wheel beats the pair of twos
    'Straight, Five high'
    """
    return _VALUES[best_strength(_cards(cards, range(5, 8)))]


def best_hand(cards: str | Iterable[int]) -> tuple[HandValue, tuple[Card, ...]]:
    """The best value of 5 to 7 cards together with five cards that make it.

    When several 5-card subsets make the same best class (a kicker left out in either of
    two suits), the first in the order the cards were given is returned.

    >>> value, five = best_hand("AH KH 5C 4D 3S 2S 2C")
    >>> " ".join(map(str, five))
    'A♥ 5♣ 4♦ 3♠ 2♠'
    """
    hand = _cards(cards, range(5, 8))
    target = best_strength(hand)
    for five in itertools.combinations(hand, 5):
        if strength5(five) == target:
            return _VALUES[target], five
    raise AssertionError("unreachable: some five cards make the best hand")  # pragma: no cover


def value_of(strength: int) -> HandValue:
    """The shared :class:`HandValue` of a strength (1..7,462).

    >>> value_of(1).name, value_of(7462).name
    ('High Card, Seven-Five-Four-Three-Two', 'Royal Flush')
    """
    return _VALUES[_strength(strength)]


def category_of(strength: int) -> Category:
    """The category of a strength, without building anything (a tuple look-up)."""
    return _CATEGORY_OF[_strength(strength)]


def class_size(strength: int) -> int:
    """How many of the 2,598,960 five-card hands fall in this class.

    These counts are what makes a dealt hand's probabilities exact: a royal flush is 4
    hands, 7-5-4-3-2 offsuit 1,020 (all suit patterns except the four flushes).

    >>> class_size(7462), class_size(1)
    (4, 1020)
    """
    return _SIZES[_strength(strength)]


def compare(a: str | Iterable[int], b: str | Iterable[int]) -> int:
    """``1`` if hand ``a`` beats ``b``, ``-1`` if it loses, ``0`` for an exact tie.

    Each hand may have 5 to 7 cards (its best five play).

    >>> compare("TS JS QS KS AS", "TH JH QH KH AH")   # two royal flushes split
    0
    """
    sa, sb = best_of(a).strength, best_of(b).strength
    return (sa > sb) - (sa < sb)


def winners(hands: Iterable[str | Iterable[int]]) -> list[int]:
    """The positions (0-based) of the best hands; more than one means a split pot.

    Each hand may have 5 to 7 cards. Cards shared between hands are not checked here (a
    hold'em board is shared); deal from one deck to keep them apart.
    """
    if isinstance(hands, str | bytes | bytearray) or not isinstance(hands, Iterable):
        raise WppError(f"winners compares a list of hands, not {type(hands).__name__} "
                       f"{hands!r:.40}")
    strengths = [best_of(h).strength for h in hands]
    if not strengths:
        return []
    top = max(strengths)
    return [i for i, s in enumerate(strengths) if s == top]
