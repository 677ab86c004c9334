"""The standard 52-card deck that four of the kit's games share (WarPairsPoker, 5-card draw,
Open Face Chinese Poker, Pokeros): cards, ranks and suits, and the text forms they are read
from and written to.

Representation
--------------
A :class:`Card` is an ``int`` from 0 to 51, chosen so that the plain integer order *is*
a total card order, rank first, then suit (the order WarPairsPoker's rule R2 states; the
poker games compare ranks only and ignore it)::

    index = (rank - 2) * 4 + suit          suit: ♦=0  ♣=1  ♥=2  ♠=3

            ♦   ♣   ♥   ♠
       2    0   1   2   3        2♦ = 0 is the lowest card
       3    4   5   6   7
      ...
       K   44  45  46  47
       A   48  49  50  51        A♠ = 51 is the highest card

    rank = index // 4 + 2   (index >> 2)      suit = index % 4   (index & 3)

Why an ``int``: comparing, sorting, hashing and set membership are the hot operations of
the engine and of every simulation; an ``int`` subclass does them at C speed, and a hand
can be turned into a 52-bit mask (``1 << card``) when set algebra is wanted. There are
exactly 52 ``Card`` objects, made once; :func:`card` and :func:`parse_card` return them.

>>> parse_cards("7S 10h TH 7♠")
Traceback (most recent call last):
...
wpp.core.standard_deck.CardParseError: duplicate card '10♥' (the text 'TH', token 3): a card is...
>>> hand = parse_cards("7S 10h JD")
>>> hand
(Card('7♠'), Card('10♥'), Card('J♦'))
>>> [str(c) for c in hand], [c.ascii for c in hand]
(['7♠', '10♥', 'J♦'], ['7S', '10H', 'JD'])
>>> parse_card("8d") > parse_card("7s")   # rank first
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from typing import Final

from wpp.core.errors import WppError

__all__ = [
    "CARDS",
    "DECK",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card",
    "deck_from_text",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks, low to high. The value is the usual number, ace high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The short printed form: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """The rank in words, for sentences such as "a pair of sevens"."""
        return _RANK_PLURALS[self]


class Suit(IntEnum):
    """Suits, low to high in the deck's order: diamonds < clubs < hearts < spades."""

    DIAMONDS = 0
    CLUBS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol, ``♦ ♣ ♥ ♠``."""
        return "♦♣♥♠"[self]

    @property
    def letter(self) -> str:
        """The ASCII letter, ``D C H S``."""
        return "DCHS"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; the UI colours them so."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_RANK_SYMBOLS: Final = {
    r: ("10" if r == 10 else "JQKA"[r - 11] if r > 10 else str(int(r))) for r in Rank
}
_RANK_PLURALS: Final = {
    Rank.TWO: "twos", Rank.THREE: "threes", Rank.FOUR: "fours", Rank.FIVE: "fives",
    Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights", Rank.NINE: "nines",
    Rank.TEN: "tens", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings",
    Rank.ACE: "aces",
}


class Card(int):
    """One of the 52 cards; an ``int`` whose order is the game's card order (see module doc).

    Do not call ``Card(n)`` to make cards in hot code; use :data:`CARDS` ``[n]``,
    :func:`card` or :func:`parse_card`, which return the 52 shared objects.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < 52:
            raise CardParseError(f"a card index is 0..51, not {index!r:.40}")
        return super().__new__(cls, index)

    @property
    def rank(self) -> Rank:
        """The card's rank (2 … ace)."""
        return _RANKS[self]

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return _SUITS[self]

    @property
    def ascii(self) -> str:
        """ASCII text form, e.g. ``7S``, ``10H``: what the parser reads back."""
        return _ASCII[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self.suit.is_red

    def __str__(self) -> str:
        return _PRETTY[self]

    def __repr__(self) -> str:
        return f"Card({_PRETTY[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        # Pickle (process pools, Dask) as the index; unpickling gives an equal Card.
        return (Card, (int(self),))


_RANKS: Final = tuple(Rank(i // 4 + 2) for i in range(52))
_SUITS: Final = tuple(Suit(i % 4) for i in range(52))
_ASCII: Final = tuple(_RANKS[i].symbol + _SUITS[i].letter for i in range(52))
_PRETTY: Final = tuple(_RANKS[i].symbol + _SUITS[i].symbol for i in range(52))

#: The 52 cards in order, 2♦ first and A♠ last; ``CARDS[i]`` is the card with index ``i``.
CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(52))
#: The whole deck, in order (an alias of :data:`CARDS` that reads better in game code).
DECK: Final = CARDS


def card(rank: Rank | int, suit: Suit | int) -> Card:
    """The card of this rank and suit: ``card(Rank.SEVEN, Suit.SPADES)`` is 7♠; anything
    else is a :class:`CardParseError` naming it."""
    if not isinstance(rank, int) or isinstance(rank, bool) or not 2 <= rank <= 14:
        raise CardParseError(f"a rank is 2..14 (or a Rank), not {rank!r:.40}")
    if not isinstance(suit, int) or isinstance(suit, bool) or not 0 <= suit <= 3:
        raise CardParseError(f"a suit is 0..3 (or a Suit), not {suit!r:.40}")
    return CARDS[(int(rank) - 2) * 4 + int(suit)]


class CardParseError(WppError):
    """Text that does not name a card, or names one card twice. A :class:`WppError`
    (and so a ``ValueError``), like every refusal of the kit."""


_RANK_TEXT: Final = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14,
}
_SUIT_TEXT: Final = {
    "D": 0, "C": 1, "H": 2, "S": 3, "♦": 0, "♣": 1, "♥": 2, "♠": 3,
    "♢": 0, "♧": 1, "♡": 2, "♤": 3,
}
#: The characters a card's name may contain (before upper-casing).
_ALLOWED: Final = frozenset("0123456789TJQKAtjqkaDCHSdchs♦♣♥♠♢♧♡♤")
_TOKEN: Final = re.compile(r"^(10|[2-9TJQKA])([DCHS♦♣♥♠♢♧♡♤])$")
_SEPARATORS: Final = re.compile(r"[\s,;]+")


def parse_card(text: str) -> Card:
    """Read one card: ``7S``, ``7s``, ``10H``, ``TH``, ``JD``, ``AS``, ``7♠``, ``10♥``.

    >>> parse_card("th"), parse_card("A♠")
    (Card('10♥'), Card('A♠'))
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    wpp.core.standard_deck.CardParseError: '1S' is not a card: write a rank (2-10, T, J, Q, K, A)
    then a suit ...
    """
    if not isinstance(text, str):
        raise CardParseError(f"{text!r:.40} is not a card: a card is written as text, e.g. 7S")
    stripped = text.strip()
    # Upper-casing only ASCII letters: "ſ".upper() is "S", and "7ſ" must not read as 7♠.
    m = _TOKEN.match(stripped.upper()) if _ALLOWED.issuperset(stripped) else None
    if m is None:
        raise CardParseError(
            f"{text!r} is not a card: write a rank (2-10, T, J, Q, K, A) then a suit "
            "(S, H, C, D or ♠ ♥ ♣ ♦), e.g. 7S or 10♥"
        )
    return CARDS[(_RANK_TEXT[m.group(1)] - 2) * 4 + _SUIT_TEXT[m.group(2)]]


def parse_cards(text: str | Iterable[str | int]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas, in the order written.

    Accepts a string (``"7S 10h TH"``) or an iterable of tokens, cards or card indexes
    (whole numbers 0..51, not bools). Anything else, a bad token or a card named twice raises
    :class:`CardParseError` naming the offending value and its position: the one checked way
    in from "some cards" (WarPairsPoker's lookups and move generator and :mod:`wpp.classic`
use it).
    """
    tokens: list[str | int]
    if isinstance(text, (bytes, bytearray)) or not isinstance(text, str | Iterable):
        raise CardParseError(f"{text!r:.40} is not a list of cards: write them as text, "
                             "e.g. '7S 10H'")
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text.strip()) if t]
    else:
        tokens = list(text)
    out: list[Card] = []
    seen: set[int] = set()
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            c = token
        elif isinstance(token, str):
            try:
                c = parse_card(token)
            except CardParseError as err:
                raise CardParseError(f"token {position}: {err}") from None
        elif type(token) is int:
            if not 0 <= token < 52:
                raise CardParseError(f"token {position}: a card index is 0..51, not "
                                     f"{token!r:.30}")
            c = CARDS[token]
        else:
            raise CardParseError(f"token {position}: {token!r:.30} is not a card or card text")
        if c in seen:
            raise CardParseError(f"duplicate card '{c}' (the text '{token}', token {position}): "
                                 "a card is named twice")
        seen.add(c)
        out.append(c)
    return tuple(out)


def format_cards(cards: Iterable[Card], *, ascii: bool = False) -> str:
    """Cards as text separated by spaces, pretty (``7♠ 10♥``) or ASCII (``7S 10H``)."""
    table = _ASCII if ascii else _PRETTY
    try:
        return " ".join(table[c] for c in cards)
    except (TypeError, IndexError):  # not cards: read them as parse_cards does, or say why
        return " ".join(table[c] for c in parse_cards(cards))


def deck_from_text(raw: object) -> tuple[Card, ...]:
    """A stacked deck (top first) read back from its saved text, ``"7S 10H …"``; anything else
    is the kit's own error naming it (what every 52-card game's save files use)."""
    if not isinstance(raw, str):
        raise CardParseError(f"a deck is a text of card names, not {raw!r:.40}")
    return parse_cards(raw)
