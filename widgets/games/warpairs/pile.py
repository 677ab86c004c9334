"""The face-up pile: public cards, each a button that takes it when a pile draw is legal (R14).

>>> from wpp.core.standard_deck import parse_cards
>>> p = PileView()
>>> taken = []
>>> p.on_take(taken.append)
>>> p.show(parse_cards("QD 3S"), clickable=False)
>>> p.buttons[0].click(); taken            # not clickable now: nothing happens
[]
>>> p.show(parse_cards("QD 3S"), clickable=True)
>>> p.buttons[1].click(); taken
[Card('Q♦')]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import ipywidgets as w

from widgets.parts.faces import AnyCard
from widgets.parts.hand import CardRow, sorted_cards
from widgets.parts.playable import DIM, PLAYABLE

__all__ = ["PileView"]


class PileView:
    """The pile as card buttons, enabled only while taking a pile card is legal."""

    def __init__(self) -> None:
        self.title = w.HTML('<span class="wpp-side-title">Face-up pile</span>')
        self.pool = CardRow(self._take, "wpp-pile-row")
        self.buttons = self.pool.buttons
        self.row = self.pool.row
        self.box = w.VBox([self.title, self.row])
        self.box.add_class("wpp-pile")
        self._callbacks: list[Callable[[AnyCard], None]] = []

    def on_take(self, callback: Callable[[AnyCard], None]) -> None:
        """Call ``callback(card)`` when a pile card is clicked while taking one is legal."""
        self._callbacks.append(callback)

    def _take(self, card: AnyCard) -> None:
        for cb in self._callbacks:
            cb(card)

    def show(self, pile: Sequence[AnyCard], *, clickable: bool,
             playable: Collection[AnyCard] | None = None) -> None:
        """Show the pile (sorted by value); ``clickable`` when a pile draw is legal now, the
        cards that may be taken (``playable``, default all) marked, the others dimmed."""
        cards = sorted_cards(pile)
        self.pool.ensure(len(cards))
        for b, c in zip(self.buttons, cards, strict=False):
            ok = clickable and (playable is None or c in playable)
            tip = f"take {c} from the pile" if ok else str(c)
            b.show(c, clickable=ok, tooltip=tip, extra=(PLAYABLE,) if ok else (DIM,))
        self.pool.hide_from(len(cards))
        title = ("Face-up pile: <b>click a card to take it</b>" if clickable and cards
                 else f"Face-up pile ({len(cards)})")
        text = f'<span class="wpp-side-title">{title}</span>'
        if self.title.value != text:
            self.title.value = text
