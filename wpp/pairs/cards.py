"""The cards of Pairs: the 55-card triangular deck (one 1, two 2s, …, ten 10s).

A card is its value and nothing else — two 7s are the same card — so a card is a small
``int`` subclass: it compares, hashes and adds like its value (points are the value), prints
as its value and has the plain name ``card.ascii`` the kit's protocol asks of every card.

>>> len(DECK), sum(DECK), DECK.count(CARD[7])
(55, 385, 7)
>>> parse_deck("10 9 1")
(Card(10), Card(9), Card(1))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wpp.core.errors import WppError

__all__ = ["CARD", "DECK", "VALUES", "Card", "format_cards", "parse_deck"]

#: The card values, low to high.
VALUES: Final = tuple(range(1, 11))


class Card(int):
    """One card of the triangular deck: its value (1–10), which is also its points."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
            raise WppError(f"a Pairs card is a value from 1 to 10, not {value!r:.20}")
        return super().__new__(cls, value)

    def __str__(self) -> str:
        return str(int(self))

    def __repr__(self) -> str:
        return f"Card({int(self)})"

    @property
    def ascii(self) -> str:
        """The card's plain name: its value ("7", "10")."""
        return str(int(self))

    @property
    def points(self) -> int:
        """What the card scores: its value."""
        return int(self)


#: The one instance of each card value.
CARD: Final = {v: Card(v) for v in VALUES}
#: The triangular deck, low to high: ``v`` copies of each value ``v``.
DECK: Final = tuple(CARD[v] for v in VALUES for _ in range(v))


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, separated by spaces ("3 7 10"); none: "—"."""
    text = " ".join(str(int(c)) for c in cards)
    return text or "—"


def parse_deck(raw: object) -> tuple[Card, ...]:
    """Cards from text ("10 9 1") or a list of whole numbers; anything else is a
    :class:`WppError` naming what was wrong."""
    if isinstance(raw, str):
        items: list[object] = list(raw.split())
    elif isinstance(raw, list | tuple):
        items = list(raw)
    else:
        raise WppError(f"Pairs cards are written as values 1–10, not {raw!r:.40}")
    cards = []
    for item in items:
        if isinstance(item, str):
            if not item.isdigit():
                raise WppError(f"a Pairs card is a value from 1 to 10, not {item!r:.20}")
            item = int(item)
        if not isinstance(item, int) or isinstance(item, bool):
            raise WppError(f"a Pairs card is a value from 1 to 10, not {item!r:.20}")
        cards.append(Card(item) if not 1 <= item <= 10 else CARD[item])
    return tuple(cards)
