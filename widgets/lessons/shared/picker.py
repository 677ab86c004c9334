"""The card picker: all 52 cards as card buttons, one row per suit, to pick any cards.

A click raises or lowers a card; ``on_change(callback)`` hears every change with the cards
picked, in card order. ``limit`` caps how many may be picked (the largest play is 5 cards);
cards in ``unavailable`` (e.g. the ones on the table) are dimmed and cannot be picked.

>>> from wpp.core.standard_deck import parse_cards
>>> p = CardPicker(limit=2)
>>> seen = []
>>> p.on_change(seen.append)
>>> for c in parse_cards("7S 7H 9D"):
...     p.button_for(c).click()
>>> p.selected, len(seen)          # the third card is over the limit: refused, out loud
((Card('7♥'), Card('7♠')), 2)
>>> p.refusal
'at most 2 cards: click a picked card to put it back first'
>>> p.set_selected(parse_cards("AS")); p.selected
(Card('A♠'),)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as w

from widgets.parts.card_button import CardButton
from wpp.core.standard_deck import CARDS, Card, Suit

__all__ = ["CardPicker"]


class CardPicker:
    """52 card buttons in four rows (♠ ♥ ♣ ♦, 2 to A); ``box`` is the widget to place."""

    def __init__(self, *, limit: int | None = 5) -> None:
        self.limit = limit
        self._picked: set[Card] = set()
        self._unavailable: frozenset[Card] = frozenset()
        self._callbacks: list[Callable[[tuple[Card, ...]], None]] = []
        self._refused: list[Callable[[str], None]] = []
        #: Why the last click was refused ("" when it was not): a refusal is never silent.
        self.refusal = ""
        self._buttons: dict[Card, CardButton] = {}
        rows = []
        for suit in reversed(Suit):
            row = []
            for c in CARDS:
                if c.suit is suit:
                    b = CardButton()
                    b.show(c, clickable=True)
                    b.on_card(self._toggle)
                    self._buttons[c] = b
                    row.append(b)
            box = w.HBox(row)
            box.add_class("wpp-picker-row")
            rows.append(box)
        self.box = w.VBox(rows)
        self.box.add_class("wpp-picker")

    @property
    def selected(self) -> tuple[Card, ...]:
        """The cards picked, in card order."""
        return tuple(sorted(self._picked))

    def button_for(self, card: Card) -> CardButton:
        """The button of ``card``."""
        return self._buttons[card]

    def on_change(self, callback: Callable[[tuple[Card, ...]], None]) -> None:
        """Call ``callback(selected)`` after every change of the picked cards."""
        self._callbacks.append(callback)

    def on_refuse(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(reason)`` when a click is refused (over the limit)."""
        self._refused.append(callback)

    def _toggle(self, card: Card) -> None:
        if card in self._unavailable:
            return
        if card in self._picked:
            self._picked.discard(card)
        elif self.limit is not None and len(self._picked) >= self.limit:
            self.refusal = (f"at most {self.limit} card{'s' if self.limit != 1 else ''}: "
                            "click a picked card to put it back first")
            for cb in self._refused:
                cb(self.refusal)
            return
        else:
            self._picked.add(card)
        self.refusal = ""
        self._buttons[card].set_selected(card in self._picked)
        self._changed()

    def _changed(self) -> None:
        self.refusal = ""
        picked = self.selected
        for cb in self._callbacks:
            cb(picked)

    def set_selected(self, cards: Iterable[Card]) -> None:
        """Pick exactly ``cards`` (a preset), telling the listeners once."""
        want = set(cards) - self._unavailable
        self._picked = want
        for c, b in self._buttons.items():
            b.set_selected(c in want)
        self._changed()

    def clear(self) -> None:
        """Pick nothing."""
        self.set_selected(())

    def set_unavailable(self, cards: Iterable[Card]) -> None:
        """Dim ``cards`` and refuse clicks on them (they are elsewhere, e.g. on the table)."""
        self._unavailable = frozenset(cards)
        for c, b in self._buttons.items():
            off = c in self._unavailable
            b.show(c, clickable=not off, selected=c in self._picked and not off,
                   extra=("wpp-dim",) if off else ())
        if self._picked & self._unavailable:
            self._picked -= self._unavailable
            self._changed()
