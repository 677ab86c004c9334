"""WarPairsPoker's board on the :class:`~widgets.page.board.Board` contract: drawn from one
seat's view, its input the hand's cards, the pile and the action bar.

The room page (:mod:`widgets.site.room`) places it; it is made of the same parts as
:class:`~widgets.games.warpairs.board.WarPairsBoard` (hands, table, pile, action bar), but it
is given a view, never a game, so it cannot show a hidden card: the other hand is backs
counted from the view. A person selects cards on their hand and clicks the bar (Mulligan,
Play…) or a pile card; each makes an action for the page to send (:meth:`on_choose`).

>>> from wpp.warpairs.game import Game
>>> g, board = Game(11), WarPairsSeatBoard()
>>> sent = []; board.on_choose(sent.append)
>>> board.draw(g.view(0), legal=g.legal_actions())
>>> board.bar.visible_kinds(), board.top.count, len(board.bottom.visible_buttons())
(['mulligan', 'concede'], 16, 16)
>>> {b.description.strip() for b in board.top.visible_buttons()}   # backs name no card
{''}
>>> four = g.legal_actions()[0]
>>> board.select(four); board.bar.buttons["mulligan"].click()
>>> sent == [four]
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from widgets.games.warpairs.action_bar import ACTION_OF, ActionBar
from widgets.games.warpairs.board import legal_for_bar
from widgets.games.warpairs.pile import PileView
from widgets.games.warpairs.table import TableView
from widgets.page.board import Key
from widgets.parts.hand import HandView
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.presenter import selection_text
from wpp.warpairs.view import View

__all__ = ["WarPairsSeatBoard"]


class WarPairsSeatBoard:
    """``top`` (the other hand, backs), ``table``, ``bottom`` (the viewer's hand), ``pile``
    and the action ``bar``; ``names`` names the two seats (``None``: "You" and the seat)."""

    game = "warpairs"

    def __init__(self, names: Sequence[str] | None = None) -> None:
        self.names = list(names) if names is not None else None
        self.top, self.bottom = HandView("P2"), HandView("P1")
        self.table, self.pile, self.bar = TableView(), PileView(), ActionBar()
        self.selection_info = w.HTML("")
        self.selection_info.add_class("wpp-selinfo")
        self.selected: set[Card] = set()
        self._view: View | None = None
        self._mine = False
        self._choose: Callable[[Any], None] = lambda _a: None
        dock = w.VBox([self.bar.box, self.selection_info])
        dock.add_class("wpp-dock")
        center = w.VBox([self.top.box, self.table.html, self.bottom.box, dock])
        center.add_class("wpp-center")
        side = w.VBox([self.pile.box])
        side.add_class("wpp-side")
        self.root = w.HBox([center, side])
        self.root.add_class("wpp-body")
        self.bottom.on_toggle(self._toggle)
        self.pile.on_take(lambda card: self._send(TakeFromPile(card)))
        self.bar.on_action(self._on_kind)

    # ------------------------------------------------------------------ the contract
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw the board as ``view``'s player may see it (``others`` is not used: the room
        never opens the other hand)."""
        self._view = view
        self._mine = bool(active and legal and view.my_turn)
        if not self._mine:
            self.selected.clear()
        self.selected &= set(view.hand)
        me = view.player
        names = self._names(me)
        self.table.show(view, names=names, bottom=me)
        self.bottom.set_title(f"{escape(names[me])}: {len(view.hand)} cards")
        self.top.show_backs(view.opponent_hand_size)
        self.top.set_title(f"{escape(names[1 - me])}: {view.opponent_hand_size} cards")
        self.bottom.set_active(self._mine)
        bar = legal_for_bar(view) if self._mine else []
        can_take = any(isinstance(a, TakeFromPile) for a in bar)
        self.pile.show(view.pile, clickable=can_take)
        self.bar.show(bar, view.phase, enabled=self._mine,
                      note="or take a card from the pile →" if can_take else "")
        self._show_hand()

    def on_choose(self, callback: Callable[[Any], None]) -> None:
        self._choose = callback

    def select(self, action: Any) -> None:
        """Select the cards of ``action`` on the hand (Hint); the bar then plays them."""
        cards = getattr(action, "cards", None)
        if self._view is not None and cards is not None:
            self.selected = set(cards) & set(self._view.hand)
            self._show_hand()

    def keys(self) -> Sequence[Key]:
        return [Key("Enter", "wpp-act-play", "play the selected cards"),
                Key("D", "wpp-act-draw", "draw"), Key("P", "wpp-act-pass", "pass")]

    def describe(self, action: Any) -> str:
        return str(action)

    def set_label(self, kind: str, label: str) -> None:
        """Relabel one of the bar's buttons (the room's "Really concede?")."""
        self.bar.set_label(kind, label)

    # ------------------------------------------------------------------ input
    def _names(self, me: int) -> list[str]:
        if self.names is not None:
            return self.names
        return [f"You ({player_name(p)})" if p == me else player_name(p) for p in (0, 1)]

    def _show_hand(self) -> None:
        view = self._view
        if view is None:
            return
        self.bottom.show(view.hand, selected=self.selected if self._mine else (),
                         clickable=self._mine, new=view.drawn if self._mine else ())
        text = escape(selection_text(view, self.selected, view.rules)) if self._mine else ""
        if self.selection_info.value != text:
            self.selection_info.value = text

    def _toggle(self, card: Card) -> None:
        if self._mine and self._view is not None and card in self._view.hand:
            self.selected ^= {card}
            self._show_hand()

    def _on_kind(self, kind: str) -> None:
        make = ACTION_OF.get(kind)
        if make is None or self._view is None or not self._mine:
            return
        if make in (Mulligan, PlayCards):
            cards = sorted(self.selected)
            mulligan = self._view.phase is Phase.MULLIGAN or make is Mulligan
            self._send(Mulligan(cards) if mulligan else PlayCards(cards))
        else:
            self._send(make())

    def _send(self, action: Any) -> None:
        if self._mine:
            self._choose(action)
