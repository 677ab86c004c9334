"""A person's clicks and keys on WarPairsPoker's board, turned into actions for the page:
cards selected in the hand (clicks, arrow keys), the action bar's buttons (the selection
becomes a mulligan or a play), a pile card, Concede asked twice, the curtain's "Show my
hand", and the keyboard's shortcuts.

Everything the board sends is a request: a click on a card that is not the acting person's,
or on a button that was hidden, is checked here, and the page's engine judges the action (a
refusal is shown by the page with its rule). The board it serves is
:class:`~widgets.games.warpairs.board.WarPairsBoard`.

>>> from wpp.warpairs.game import Game
>>> from widgets.games.warpairs.board import WarPairsBoard
>>> board, g, sent = WarPairsBoard(), Game(4), []
>>> board.on_choose(sent.append)
>>> board.draw(g.view(0), legal=g.view(0).legal_actions())
>>> board.keypad.press("right"); board.keypad.press("right"); board.keypad.press("enter")
>>> sent      # one card selected: the engine will refuse it with its rule
[Mulligan(cards=(Card('5♦'),))]
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import ipywidgets as w

from widgets.games.warpairs.action_bar import ACTION_OF, ActionBar
from widgets.games.warpairs.pile import PileView
from widgets.parts.hand import HandView
from widgets.parts.hotkeys import KeyPad
from widgets.parts.selection import CardSelection
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.phases import Phase
from wpp.warpairs.presenter import selection_text
from wpp.warpairs.view import View

__all__ = ["InputBoard", "PlayInput"]


class InputBoard(Protocol):
    """The board as its input sees it (:class:`~widgets.games.warpairs.board.WarPairsBoard`
    meets it by its shape): the widgets it listens to, the view drawn, and the page's
    callbacks. The board imports its input; the input does not import the board."""

    @property
    def top(self) -> HandView: ...

    @property
    def bottom(self) -> HandView: ...

    @property
    def pile(self) -> PileView: ...

    @property
    def bar(self) -> ActionBar: ...

    @property
    def keypad(self) -> KeyPad: ...

    @property
    def concede(self) -> w.Button: ...

    @property
    def reveal_button(self) -> w.Button: ...

    @property
    def view(self) -> View | None: ...

    @property
    def choose(self) -> Callable[[Any], None]: ...

    @property
    def auto(self) -> Callable[[], None] | None: ...

    @property
    def touched(self) -> Callable[[], None]: ...

    def acting(self) -> int | None:
        """The seat whose person may act on the board now, if any."""

    def mark_playable(self) -> None:
        """Re-mark the acting hand after a click changed the selection."""

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom."""

    def auto_decide(self, view: Any) -> bool:
        """Should the hint's AI make this decision (the auto-mulligan)?"""

    def reveal(self) -> None:
        """Lift the curtain: show the acting person's hand."""

    def _redraw(self) -> None:
        """Draw the board again from the view it holds."""


class PlayInput:
    """The selection (``selection``, described in ``info``) and the two-step Concede
    (``concede_armed``) of ``board``."""

    def __init__(self, board: InputBoard) -> None:
        self.board = board
        self.selection = CardSelection()
        self.concede_armed = False
        #: The move Hint chose when it selects no card (a draw, a pile card, Stop, Pass…):
        #: Enter plays it while the person has selected nothing since.
        self.hinted: Action | None = None
        self.info = w.HTML("")
        self.info.add_class("wpp-selinfo")

    def wire(self) -> None:
        """Listen to the board's hands, pile, bar, keys, Concede and curtain."""
        b = self.board
        for hand in (b.top, b.bottom):
            hand.on_toggle(self.toggle)
        b.pile.on_take(lambda c: self.send(TakeFromPile(c)))
        b.bar.on_action(self.on_action)
        b.keypad.on_key(self.on_key)
        b.concede.on_click(lambda _b: self.on_action("concede"))
        b.reveal_button.on_click(lambda _b: b.reveal())

    def reset(self) -> None:
        """A new position: nothing selected, Concede not armed, no hinted move."""
        self.selection.clear()
        self.concede_armed = False
        self.hinted = None

    def send(self, action: Action) -> None:
        """Hand ``action`` to the page (it refuses what is not legal, with the rule)."""
        self.concede_armed = False
        self.hinted = None
        self.board.choose(action)

    def toggle(self, card: object) -> None:
        """A card of a hand was clicked: select or unselect it, if it is the acting
        person's card (the page may click anything; the engine decides)."""
        b = self.board
        seat = b.acting()
        if seat is None or b.view is None or card not in b.view.hand:
            return
        selected = self.selection.toggle(card)
        self.concede_armed = False
        self.hinted = None  # the person chooses for themselves now
        button = b.bottom.button_for(card) if seat == b.bottom_seat() else b.top.button_for(card)
        if button is not None:
            button.set_selected(selected)  # the raised card first: the feedback a click
        self.show_selection()              # waits for
        b.mark_playable()                  # then what the selection still combines with
        b.touched()

    def show_selection(self) -> None:
        """Describe the selection (what it would make, judged by the rules)."""
        b = self.board
        text = ""
        if b.acting() is not None and b.view is not None:
            text = escape(selection_text(b.view, self.selection.cards, b.view.rules))
        if self.concede_armed:
            text = "Concede this game? Click Concede again to confirm."
        if self.info.value != text:
            self.info.value = text
        # A key that cannot act now is disabled: the key script then asks the page to say
        # why (:meth:`WarPairsBoard.why_not`) instead of nothing happening.
        acting = b.acting() is not None and b.view is not None
        pad = b.keypad.buttons
        states = {"enter": not acting, "left": not acting, "right": not acting,
                  "clear": not self.selection.cards,
                  "draw": not {"draw", "more"} & set(b.bar.visible_kinds())}
        for name, off in states.items():
            if pad[name].disabled != off:
                pad[name].disabled = off

    def on_action(self, kind: str) -> None:
        """An action button was clicked (it may have been hidden: the engine decides)."""
        b = self.board
        if kind == "concede":
            self._concede()
            return
        self.concede_armed = False
        make = ACTION_OF.get(kind)
        if make is None:
            return
        action: Action
        chosen = sorted(self.selection.cards)
        if make in (Mulligan, PlayCards):
            phase = b.view.phase if b.view is not None else None
            if phase is Phase.MULLIGAN or kind == "mulligan":
                if not chosen and b.auto is not None and b.view is not None \
                        and b.auto_decide(b.view) and b.acting() is not None:
                    b.auto()
                    return
                action = Mulligan(chosen)
            else:
                action = PlayCards(chosen)
        else:
            action = make()
        self.send(action)

    def _concede(self) -> None:
        b = self.board
        if b.acting() is None:
            self.send(Concede())  # not this person's turn: the page refuses it with the rule
            return
        if not self.concede_armed:
            self.concede_armed = True
            b._redraw()
            return
        self.send(Concede())

    def on_key(self, name: str) -> None:
        """A shortcut key of the board (see :meth:`WarPairsBoard.keys`)."""
        b = self.board
        if name == "enter":
            if self.hinted is not None and not self.selection.cards and b.acting() is not None:
                self.send(self.hinted)  # Hint's draw, pile card, Stop or Pass
                return
            phase = b.view.phase if b.view is not None else None
            self.on_action("mulligan" if phase is Phase.MULLIGAN else "play")
        elif name in ("left", "right"):
            hand = sorted(b.view.hand) if b.acting() is not None and b.view else []
            if self.selection.move(hand, -1 if name == "left" else 1):
                self.hinted = None
                b.touched()
                b._redraw()
        elif name == "clear":
            self.selection.cards.clear()
            self.hinted = None
            b.touched()
            b._redraw()
        elif name == "draw":
            self.on_action("draw")
