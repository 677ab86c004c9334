"""A card button: an ipywidgets ``Button`` that looks like a playing card.

The card a button stands for lives only in Python (:attr:`CardButton.card`), never in a synced
trait that the page could change and the kernel would trust: a click tells the kernel *which
button* was clicked, and the kernel knows which card that button shows. A face-down button has
a blank text (one space: ipywidgets' button keeps its old text on an empty description, so a
card that turns face down must be overwritten), the same accessible name (tooltip) for every
back, :data:`BACK_TIP`, and only the ``wpp-back`` class — its synced state names no card.

>>> from wpp.core.standard_deck import parse_card
>>> b = CardButton()
>>> b.show(parse_card("10H"), selected=True)
>>> b.card, b.description, "wpp-selected" in b._dom_classes
(Card('10♥'), '10\\n♥', True)
>>> b.show(None)
>>> b.card, b.description, b.tooltip, b._dom_classes
(None, ' ', 'a face-down card', ('wpp-card', 'wpp-back'))

Any deck's card shows its own face (here a card printed "7", as Pairs' are):

>>> b.show(7); b.description, b._dom_classes
('7', ('wpp-card', 'wpp-black', 'wpp-plain'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as w

from widgets.parts.faces import AnyCard, corner_text, face_classes

__all__ = ["BACK_TEXT", "BACK_TIP", "CardButton"]

#: The text of a face-down card: blank, but not empty (see the module docs).
BACK_TEXT = " "
#: A face-down card's accessible name (its title): the same for every hidden card.
BACK_TIP = "a face-down card"


class CardButton(w.Button):  # type: ignore[misc]
    """One card as a button: face up (a card of any deck, drawn by its
    :func:`~widgets.parts.faces.face_of`) or face down (``None``).

    Use :meth:`show` to change what it shows (it sends only what changed); read :attr:`card`
    to learn what a click means. ``on_card(callback)`` calls ``callback(card)`` for clicks on
    a face-up, enabled button.
    """

    # The widget's synced traits this class sets (ipywidgets has no type information).
    description: str
    tooltip: str
    disabled: bool
    _dom_classes: tuple[str, ...]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(description=BACK_TEXT, tooltip=BACK_TIP, **kwargs)
        self._card: AnyCard | None = None
        self._callbacks: list[Callable[[AnyCard], None]] = []
        self._dom_classes = ("wpp-card", "wpp-back")
        self.on_click(self._clicked)

    @property
    def card(self) -> AnyCard | None:
        """The card shown, or ``None`` when face down (kernel-side truth, never synced)."""
        return self._card

    def on_card(self, callback: Callable[[AnyCard], None]) -> None:
        """Call ``callback(card)`` when this button is clicked while it shows a card."""
        self._callbacks.append(callback)

    def _clicked(self, _: w.Button) -> None:
        # The page may click any button, even a disabled or face-down one: ignore what this
        # button does not offer now.
        card = self._card
        if card is None or self.disabled:
            return
        for cb in self._callbacks:
            cb(card)

    def show(self, card: AnyCard | None, *, selected: bool = False, clickable: bool = True,
             extra: Sequence[str] = (), tooltip: str = "") -> None:
        """Show ``card`` face up (``None``: face down); raise it when ``selected``."""
        self._card = card
        if card is None:
            classes: tuple[str, ...] = ("wpp-card", "wpp-back", *extra)
            text, tip = BACK_TEXT, BACK_TIP
            clickable = False
        else:
            classes = (*face_classes(card), *(("wpp-selected",) if selected else ()), *extra)
            text, tip = corner_text(card), tooltip or str(card)
        # Assign only on change, in one message, so an unchanged button sends nothing.
        with self.hold_sync():
            if self._dom_classes != classes:
                self._dom_classes = classes
            if self.description != text:
                self.description = text
            if self.tooltip != tip:
                self.tooltip = tip
            if self.disabled == clickable:
                self.disabled = not clickable

    def set_selected(self, selected: bool) -> None:
        """Raise or lower this (face-up) card: one small message, the fast path of a click."""
        classes = tuple(c for c in self._dom_classes if c != "wpp-selected")
        if selected and self._card is not None:
            classes = (*classes, "wpp-selected")
        if classes != self._dom_classes:
            self._dom_classes = classes
