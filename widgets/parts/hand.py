"""A hand: card buttons in value order, clickable to select, or face down.

The buttons are pooled: a redraw changes what existing buttons show instead of creating new
widgets, so a play updates a handful of traits rather than building a new hand in the page.
Each face-up button carries a position class ``wpp-slot-N`` (its place in the hand, not its
card) that the keyboard shortcuts use.

>>> from wpp.core.standard_deck import parse_cards
>>> h = HandView("P1")
>>> picked = []
>>> h.on_toggle(picked.append)
>>> h.show(parse_cards("7S 2D 10H"), selected={parse_cards("7S")[0]}, clickable=True)
>>> [b.description for b in h.buttons[:3]]       # sorted by value: 2♦ < 7♠ < 10♥
['2\\n♦', '7\\n♠', '10\\n♥']
>>> h.buttons[2].click(); picked
[Card('10♥')]
>>> h.show_backs(5); {b.description for b in h.visible_buttons()}, h.count
({' '}, 5)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import ipywidgets as w

from widgets.parts.card_button import CardButton
from widgets.parts.faces import AnyCard
from widgets.parts.playable import DIM, PLAYABLE, card_mark

__all__ = ["CardRow", "HandView", "sorted_cards"]


def sorted_cards(cards: Sequence[AnyCard]) -> list[AnyCard]:
    """``cards`` in their deck's order when its cards compare (by value), else as given.

    >>> sorted_cards([9, 2, 5]), sorted_cards([object] * 0)
    ([2, 5, 9], [])
    """
    try:
        return sorted(cards)
    except TypeError:
        return list(cards)


class CardRow:
    """A pool of :class:`CardButton` in a wrapping row: :meth:`ensure` grows the pool,
    :meth:`hide_from` hides the spares (a hand and the pile both redraw this way)."""

    def __init__(self, on_card: Callable[[AnyCard], None], css: str) -> None:
        self.buttons: list[CardButton] = []
        self.row = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.row.add_class(css)
        self._on_card = on_card

    def ensure(self, n: int) -> None:
        """At least ``n`` buttons in the pool (and all of them in the row)."""
        while len(self.buttons) < n:
            b = CardButton()
            b.on_card(self._on_card)
            self.buttons.append(b)
        if len(self.row.children) != len(self.buttons):
            self.row.children = tuple(self.buttons)

    def hide_from(self, n: int) -> None:
        """Show the first ``n`` buttons; hide the others, face down."""
        for i, b in enumerate(self.buttons):
            display = "" if i < n else "none"
            if i >= n and b.card is not None:
                b.show(None)  # a hidden spare keeps no card either
            if b.layout.display != display:
                b.layout.display = display


class HandView:
    """One player's hand as a row of :class:`CardButton` (face up) or backs (face down)."""

    def __init__(self, title: str) -> None:
        self.title = w.HTML(f'<span class="wpp-hand-title">{title}</span>')
        self.pool = CardRow(self._toggle, "wpp-hand-row")
        self.buttons = self.pool.buttons
        self.row = self.pool.row
        self.box = w.VBox([self.title, self.row])
        self.box.add_class("wpp-hand")
        self._callbacks: list[Callable[[AnyCard], None]] = []
        self._count = 0

    @property
    def count(self) -> int:
        """How many cards the hand shows now."""
        return self._count

    def on_toggle(self, callback: Callable[[AnyCard], None]) -> None:
        """Call ``callback(card)`` when a face-up, clickable card of this hand is clicked."""
        self._callbacks.append(callback)

    def _toggle(self, card: AnyCard) -> None:
        for cb in self._callbacks:
            cb(card)

    def visible_buttons(self) -> list[CardButton]:
        """The buttons now shown (the others are hidden spares of the pool)."""
        return self.buttons[: self._count]

    def set_title(self, html: str) -> None:
        """The line above the hand (whose hand, how many cards)."""
        text = f'<span class="wpp-hand-title">{html}</span>'
        if self.title.value != text:
            self.title.value = text

    def set_active(self, active: bool) -> None:
        """Mark the hand the keyboard's card keys act on."""
        if active and "wpp-active" not in self.box._dom_classes:
            self.box.add_class("wpp-active")
        elif not active and "wpp-active" in self.box._dom_classes:
            self.box.remove_class("wpp-active")

    def show(self, cards: Sequence[AnyCard], *, selected: Collection[AnyCard] = (),
             clickable: bool = False, cursor: AnyCard | None = None, sort: bool = True,
             new: Collection[AnyCard] = (),
             playable: Collection[AnyCard] | None = None) -> None:
        """Show ``cards`` face up, sorted by value (``sort=False``, or cards of a deck without
        an order: as given); ``selected`` ones raised, ``new`` ones (just drawn) marked for a
        moment; with ``playable`` (see :mod:`widgets.parts.playable`) those marked, the
        others dimmed."""
        ordered = sorted_cards(cards) if sort else list(cards)
        self.pool.ensure(len(ordered))
        for i, (b, c) in enumerate(zip(self.buttons, ordered, strict=False)):
            extra = [f"wpp-slot-{i}"]
            if c == cursor:
                extra.append("wpp-cursor")
            if c in new:
                extra.append("wpp-new")
            mark = card_mark(c, playable or (), playable is not None)
            if mark is not None:
                extra.append(mark)
            b.show(c, selected=c in selected, clickable=clickable, extra=extra)
        self._hide_from(len(ordered))

    def mark(self, playable: Collection[AnyCard] | None) -> None:
        """Mark the shown cards in ``playable``, dim the others (``None``: no marks) — the
        fast path after a click changed what the chosen cards combine with."""
        for b in self.visible_buttons():
            if b.card is None:
                continue
            mark = card_mark(b.card, playable or (), playable is not None)
            classes = tuple(c for c in b._dom_classes if c not in (PLAYABLE, DIM))
            if mark is not None:
                classes = (*classes, mark)
            if classes != b._dom_classes:
                b._dom_classes = classes

    def show_backs(self, n: int) -> None:
        """Show ``n`` face-down cards: the page learns the count and nothing else."""
        self.pool.ensure(n)
        for b in self.buttons[:n]:
            b.show(None)
        self._hide_from(n)

    def _hide_from(self, n: int) -> None:
        self._count = n
        self.pool.hide_from(n)

    def button_for(self, card: AnyCard) -> CardButton | None:
        """The visible button showing ``card``, if any."""
        for b in self.visible_buttons():
            if b.card == card:
                return b
        return None
