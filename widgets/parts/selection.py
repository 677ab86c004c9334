"""The cards a person has selected in their hand, and the card last touched (clicked or
moved to with the arrow keys), for any game whose moves are sets of cards.

>>> s = CardSelection()
>>> s.toggle(5), s.toggle(3), s.toggle(5), s.cards
(True, True, False, {3})
>>> s.move([1, 3, 5, 7], 1), s.cards, s.touched   # the arrow: the next card to the right
(True, {5}, 5)
>>> s.move([1, 3, 5, 7], 1), s.move([1, 3, 5, 7], 1), s.cards
(True, False, {7})
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["CardSelection"]


class CardSelection:
    """``cards``: the selected cards; ``touched``: the card last clicked or moved to."""

    def __init__(self) -> None:
        self.cards: set[Any] = set()
        self.touched: Any = None

    def toggle(self, card: Any) -> bool:
        """Select ``card`` or unselect it; returns whether it is selected now."""
        if card in self.cards:
            self.cards.discard(card)
        else:
            self.cards.add(card)
        self.touched = card
        return card in self.cards

    def choose(self, cards: Iterable[Any]) -> None:
        """Select exactly ``cards`` (e.g. the ones a hint would play)."""
        self.cards = set(cards)

    def clear(self) -> None:
        """Nothing selected, nothing touched."""
        self.cards.clear()
        self.touched = None

    def move(self, hand: Sequence[Any], step: int) -> bool:
        """The arrow keys: move the selected card ``step`` places along ``hand`` (sorted),
        skipping selected cards; with nothing selected, select the first (or last) card.
        Returns ``False`` (nothing changes) at the end of the hand."""
        if not hand:
            return False
        current = self.touched if self.touched in self.cards else (
            max(self.cards) if self.cards else None)
        if current is None:
            target = hand[0] if step > 0 else hand[-1]
        else:
            i = hand.index(current) + step
            while 0 <= i < len(hand) and hand[i] in self.cards:
                i += step
            if not 0 <= i < len(hand):
                return False
            target = hand[i]
            self.cards.discard(current)
        self.cards.add(target)
        self.touched = target
        return True
