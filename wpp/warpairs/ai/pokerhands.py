"""The straights and flushes the classic AI may build from a hand (sections 6.1 and 6.2).

Rules implemented here (the game's description, 6.1 and 6.2):

* **No twos, kings or aces** in these poker hands: they are power cards, kept for singles
  and pairs. So every straight lies within 3…Q (3-4-5-6-7 up to 8-9-10-J-Q) and no wrap-around
  straight is ever built.
* **Four of a kind is never broken** for a straight or a flush (the original program never
  did either): a rank held four times is left out.
* **No poker hand may break up three or more pairs.** A poker hand *breaks* a group (a pair
  or three of a kind) when it takes some of the group's cards and leaves the others in the
  hand; at most two groups may be broken per poker hand. When the AI keeps two poker hands
  (6.2) a pair both of them use is used up, not broken — two straights 5-9 from five pairs
  break nothing.

Everything is done on **ranks** (bit masks) first: how many outliers a choice leaves depends
only on how many cards of each rank it uses, not on their suits. A :class:`Plan` is a
straight (five consecutive ranks, any suits) or a flush (five ranks of one suit; a straight
flush when they are consecutive). Suits are chosen only at the end, by :func:`cards_for`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from wpp.core.standard_deck import Card, Suit
from wpp.warpairs.ai.hand import is_power, mask_ranks, ranks_text
from wpp.warpairs.plays import Category

__all__ = [
    "STRAIGHT_WINDOWS",
    "Groups",
    "Plan",
    "cards_for",
    "find_plans",
    "group",
]

#: The five-rank windows of the straights the AI may build: 3-7 … 8-Q.
STRAIGHT_WINDOWS: Final = tuple(0b11111 << low for low in range(3, 9))


@dataclass(frozen=True, slots=True)
class Groups:
    """A hand sorted the classic AI's way (see :mod:`wpp.warpairs.ai.hand`).

    ``by_rank[r]`` holds the hand's cards of ordinary rank ``r`` (3…Q), lowest suit first.
    The masks describe the ranks that may go into poker hands (four of a kind excluded):
    ``c1`` ranks held once (outliers), ``c2`` twice (pairs), ``c3`` three times; ``quads``
    the ranks held four times; ``suits[s]`` the usable ranks held in suit ``s``.
    """

    hand: tuple[Card, ...]
    power: tuple[Card, ...]
    by_rank: tuple[tuple[Card, ...], ...]
    c1: int
    c2: int
    c3: int
    quads: int
    suits: tuple[int, int, int, int]

    @property
    def usable(self) -> int:
        """Ranks that may go into a straight or a flush."""
        return self.c1 | self.c2 | self.c3

    @property
    def groups(self) -> int:
        """Ranks held two or three times: the pairs and sets a poker hand could break."""
        return self.c2 | self.c3


def group(hand: tuple[Card, ...] | list[Card]) -> Groups:
    """Sort a hand into power cards and ordinary cards by rank, with the rank masks."""
    ordered = tuple(sorted(hand))
    power: list[Card] = []
    by_rank: list[list[Card]] = [[] for _ in range(15)]
    for c in ordered:
        if is_power(c):
            power.append(c)
        else:
            by_rank[(c >> 2) + 2].append(c)
    c1 = c2 = c3 = quads = 0
    suits = [0, 0, 0, 0]
    for r in range(3, 13):
        n = len(by_rank[r])
        if n == 0:
            continue
        bit = 1 << r
        if n == 4:
            quads |= bit
            continue
        if n == 1:
            c1 |= bit
        elif n == 2:
            c2 |= bit
        else:
            c3 |= bit
        for c in by_rank[r]:
            suits[c & 3] |= bit
    return Groups(ordered, tuple(power), tuple(tuple(x) for x in by_rank), c1, c2, c3, quads,
                  (suits[0], suits[1], suits[2], suits[3]))


@dataclass(frozen=True, slots=True)
class Plan:
    """A straight or a flush the AI could build, described by the ranks it uses.

    ``suit`` is the flush's suit (0…3), or -1 for a straight, whose suits are chosen later.
    """

    category: Category
    mask: int
    suit: int = -1

    @property
    def top(self) -> int:
        """The highest rank used."""
        return self.mask.bit_length() - 1

    def label(self) -> str:
        """The plan in words: ``"straight 8 9 10 J Q"``, ``"flush in ♥: 4 7 8 9 Q"``."""
        if self.suit < 0:
            return f"straight {ranks_text(self.mask)}"
        name = "straight flush" if self.category is Category.STRAIGHT_FLUSH else "flush"
        return f"{name} in {Suit(self.suit).symbol}: {ranks_text(self.mask)}"

    def broken(self, g: Groups, other: int = 0) -> int:
        """How many pairs or sets this plan breaks, when another plan uses ranks ``other``.

        A pair whose two cards both go into poker hands is used up, not broken.
        """
        used_up = g.c2 & self.mask & other
        return (self.mask & g.groups & ~used_up).bit_count()


def find_plans(g: Groups, *, max_sets: int = 2) -> list[Plan]:
    """Every straight and flush of usable cards, straights first (low to high), then flushes
    by suit (♦ ♣ ♥ ♠) and ranks.

    Plans using more than ``max_sets`` three-of-a-kind ranks are left out: a set cannot be
    used up by two poker hands (it has three cards), so such a plan always breaks too much.
    """
    usable = g.usable
    plans: list[Plan] = []
    for w in STRAIGHT_WINDOWS:
        if usable & w == w and (w & g.c3).bit_count() <= max_sets:
            plans.append(Plan(Category.STRAIGHT, w))
    for s in range(4):
        sm = g.suits[s]
        if sm.bit_count() < 5:
            continue
        bits = [1 << r for r in mask_ranks(sm)]
        for combo in combinations(bits, 5):
            m = combo[0] | combo[1] | combo[2] | combo[3] | combo[4]
            if (m & g.c3).bit_count() > max_sets:
                continue
            low = (m & -m).bit_length() - 1
            cat = Category.STRAIGHT_FLUSH if (m >> low) == 0b11111 else Category.FLUSH
            plans.append(Plan(cat, m, s))
    return plans


def cards_for(g: Groups, plans: tuple[Plan, ...] | list[Plan],
              discard_counts: dict[int, int] | None = None
              ) -> tuple[list[tuple[Card, ...]], list[Card], list[Card]]:
    """Choose the suits: the cards of each plan, the discarded cards and the cards kept.

    Per rank: a flush takes its own suit's card; discards (the mulligan) take the lowest
    remaining suits; straights take the next lowest; the hand keeps the highest suits, so
    the single or pair left behind is as strong as it can be.
    Returns (cards of each plan, discards, ordinary cards kept); power cards and four of a
    kind are not included.
    """
    left: list[list[Card]] = [list(x) for x in g.by_rank]
    out: list[list[Card]] = [[] for _ in plans]
    for i, p in enumerate(plans):
        if p.suit >= 0:
            for r in mask_ranks(p.mask):
                c = next(x for x in left[r] if x & 3 == p.suit)
                left[r].remove(c)
                out[i].append(c)
    discards: list[Card] = []
    if discard_counts:
        for r, k in sorted(discard_counts.items()):
            discards.extend(left[r][:k])
            del left[r][:k]
    for i, p in enumerate(plans):
        if p.suit < 0:
            for r in mask_ranks(p.mask):
                out[i].append(left[r].pop(0))
    kept = [c for r in range(3, 13) if not (g.quads >> r & 1) for c in left[r]]
    return [tuple(sorted(x)) for x in out], sorted(discards), kept
