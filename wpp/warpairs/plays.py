"""What a set of cards is as a play: mode, category and key (rules R4–R6).

A *play* is 1 card (single mode), 2 cards of one rank (pair mode) or a poker hand of 3, 4 or
5 cards (poker mode), whose categories rank, low to high::

    two pair (4) < three of a kind (3) < straight (5) < flush (5)
                 < full house (5) < four of a kind (4, or 4 + any kicker) < straight flush (5)

Anything else — two pair plus a kicker, trips plus two kickers, unrelated cards — is no play,
and :func:`wpp.warpairs.lookup.classify` raises :class:`IllegalPlay` saying why in words.

The *key* decides between plays of one mode and category (R6): a card where suits matter
(single, pair, two pair, straight, flush, straight flush) and a bare rank where they cannot
(three of a kind, full house, four of a kind). ``Play.order`` turns the key into one integer,
the card index (see :mod:`wpp.core.standard_deck`), so comparing keys is comparing ints.

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.warpairs.lookup import classify
>>> p = classify(parse_cards("7H 7S"))
>>> p.mode, p.category, p.key
(<Mode.PAIR: 2>, <Category.PAIR: -1>, Card('7♠'))
>>> print(p)
7♥ 7♠ — a pair of sevens
>>> print(classify(parse_cards("JC QD KH AS 2D")))
J♣ Q♦ K♥ A♠ 2♦ — a straight, 2♦ high (wrap-around)
>>> classify(parse_cards("7S 7H 9D 9C 3D"))
Traceback (most recent call last):
...
wpp.warpairs.plays.IllegalPlay: 7♠ 7♥ 9♦ 9♣ 3♦ is not a play: two pair is always played as 4 cards,
...
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final, NamedTuple

from wpp.core.errors import IllegalAction
from wpp.core.standard_deck import CARDS, Card, Rank, format_cards

__all__ = [
    "SINGLES",
    "STRAIGHT_RUNS",
    "STRAIGHT_TOPS",
    "WRAP_MASKS",
    "WRAP_STRAIGHTS",
    "Category",
    "IllegalPlay",
    "Mode",
    "Play",
    "make_play",
]


class Mode(IntEnum):
    """The three modes; the first play of a trick fixes the mode for the whole trick (R4)."""

    SINGLE = 1
    PAIR = 2
    POKER = 3

    @property
    def label(self) -> str:
        """The mode in words."""
        return {Mode.SINGLE: "single", Mode.PAIR: "pair", Mode.POKER: "poker"}[self]

    @property
    def plays(self) -> str:
        """The plays of this mode in a newcomer's words ("poker hands"): how the pages say
        which kind of play a trick asks for, without the word "mode"."""
        return {Mode.SINGLE: "single cards", Mode.PAIR: "pairs", Mode.POKER: "poker hands"}[self]


class Category(IntEnum):
    """What a play is. Poker categories (value ≥ 1) are in their beating order (R4, R8)."""

    SINGLE = -2
    PAIR = -1
    TWO_PAIR = 1
    THREE_OF_A_KIND = 2
    STRAIGHT = 3
    FLUSH = 4
    FULL_HOUSE = 5
    FOUR_OF_A_KIND = 6
    STRAIGHT_FLUSH = 7

    @property
    def label(self) -> str:
        """The category in words: ``"two pair"``, ``"full house"``…"""
        return self.name.lower().replace("_", " ")

    @property
    def mode(self) -> Mode:
        """The mode a play of this category belongs to."""
        if self is Category.SINGLE:
            return Mode.SINGLE
        if self is Category.PAIR:
            return Mode.PAIR
        return Mode.POKER


_MODE_OF: Final = {c: c.mode for c in Category}


class IllegalPlay(IllegalAction):
    """These cards are not a play; the message says why and names the rule.

    With ``cards`` the message reads "<cards> is not a play: <why>", formatted only when it is
    read, because simulations ask about (and reject) millions of card sets.
    """

    def __init__(self, why: str, rule: str | None = "R4", cards: Iterable[Card] = ()) -> None:
        super().__init__(why, rule)
        self.cards = tuple(cards)

    def __str__(self) -> str:
        why = str(self.args[0])
        return f"{format_cards(self.cards)} is not a play: {why}" if self.cards else why


#: Every straight as its run of ranks, lowest first, so the last is the top card's rank
#: (R5, R6): the nine ordinary ones, then the four wrap-arounds (J-Q-K-A-2 is 2-high, …).
STRAIGHT_RUNS: Final = (
    *(tuple(range(low, low + 5)) for low in range(2, 11)),
    (11, 12, 13, 14, 2), (12, 13, 14, 2, 3), (13, 14, 2, 3, 4), (14, 2, 3, 4, 5),
)
#: The four wrap-around straights as rank sets → the rank of their top card.
WRAP_STRAIGHTS: Final = {frozenset(run): run[4] for run in STRAIGHT_RUNS if run[0] > run[4]}
#: All straights, wraps included, as bit masks of ranks (bit r) → top rank.
STRAIGHT_TOPS: Final = {sum(1 << r for r in run): run[4] for run in STRAIGHT_RUNS}
WRAP_MASKS: Final = frozenset(sum(1 << r for r in ranks) for ranks in WRAP_STRAIGHTS)


class Play(NamedTuple):
    """A classified play: its cards (sorted), mode, category and key.

    ``order`` is the key as one integer (a card index; for rank-only keys the index of that
    rank's spade) and ``key_rank`` the key's rank, both kept for fast comparison. On the
    table a play's key may be *lowered* to a two by R9 (``lowered_by_two``); see
    :func:`wpp.warpairs.judge.judge`. A ``NamedTuple`` rather than a frozen dataclass because the
    move generator makes hundreds of thousands per second and a tuple is several times cheaper to
    build; it is just as immutable.
    """

    cards: tuple[Card, ...]
    mode: Mode
    category: Category
    key: Card | Rank
    order: int
    key_rank: int
    wrap: bool = False
    lowered_by_two: bool = False

    def __str__(self) -> str:
        return f"{format_cards(self.shown)} — {self.describe()}"

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards in the order a person reads them: a wrap straight as J Q K A 2."""
        if not self.wrap:
            return self.cards
        start = (self.key_rank - 6) % 13  # rank index of the run's first card
        return tuple(sorted(self.cards, key=lambda c: ((c >> 2) - start) % 13))

    def describe(self) -> str:
        """The play in words, as a learner would say it: "a pair of sevens"."""
        cat = self.category
        ranks = [c.rank for c in self.cards]
        if cat is Category.SINGLE:
            text = f"the {self.cards[0]}"
        elif cat is Category.PAIR:
            text = f"a pair of {ranks[0].plural}"
        elif cat is Category.TWO_PAIR:
            high, low = sorted(set(ranks), reverse=True)
            text = f"two pair, {high.plural} and {low.plural}"
        elif cat is Category.THREE_OF_A_KIND:
            text = f"three {ranks[0].plural}"
        elif cat is Category.FULL_HOUSE:
            three = max(set(ranks), key=ranks.count)
            two = min(set(ranks), key=ranks.count)
            text = f"a full house, {three.plural} over {two.plural}"
        elif cat is Category.FOUR_OF_A_KIND:
            four = max(set(ranks), key=ranks.count)
            kickers = [c for c in self.cards if c.rank != four]
            text = f"four {four.plural}" + (f" with the {kickers[0]} as kicker" if kickers else "")
        else:
            name = "a straight flush" if cat is Category.STRAIGHT_FLUSH else f"a {cat.label}"
            text = f"{name}, {self.key} high" + (" (wrap-around)" if self.wrap else "")
        if self.lowered_by_two:
            text += f"; on the table its key is the {self.key} (twos beat aces, R9)"
        return text

    @property
    def key_text(self) -> str:
        """The key in words: a card (``7♠``) or a rank (``sevens``)."""
        if isinstance(self.key, Card):
            return str(self.key)
        return self.key.plural


def make_play(
    cards: tuple[Card, ...], category: Category, key: Card | Rank, wrap: bool = False
) -> Play:
    """Build a :class:`Play` whose category and key are already known (the move generator's
    fast path; :func:`classify` is the checked way in)."""
    if isinstance(key, Card):
        order = int(key)
        key_rank = (order >> 2) + 2
    else:
        key_rank = int(key)
        order = (key_rank - 2) * 4 + 3
    return Play(cards, _MODE_OF[category], category, key, order, key_rank, wrap)


# Every single, as a Play, made once (the move generator reuses them).
SINGLES: Final = tuple(
    Play((c,), Mode.SINGLE, Category.SINGLE, c, int(c), (c >> 2) + 2) for c in CARDS
)
