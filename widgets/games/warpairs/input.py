"""A person's clicks and keys on WarPairsPoker's board, turned into requests to the engine:
cards selected in the hand (clicks, arrow keys), the action bar's buttons (the selection
becomes a mulligan or a play), Concede asked twice, and the keyboard's shortcuts.

Everything the page sends is a request: a click on a card that is not the acting person's,
or on a button that was hidden, is checked here or refused by the engine with its reason.
The page it serves is an :class:`InputHost` (:class:`widgets.games.warpairs.app.App`, whose
tests click
and press every one of these, e.g. ``tests/widgets/test_widgets_app.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Protocol

import ipywidgets as w

from widgets.games.warpairs.action_bar import ACTION_OF
from widgets.games.warpairs.options import OptionsMenu
from widgets.parts.hand import HandView
from widgets.parts.message_line import MessageLine
from widgets.parts.selection import CardSelection
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase
from wpp.warpairs.presenter import selection_text
from wpp.warpairs.rules import Rules

__all__ = ["InputHost", "PlayInput"]


class InputHost(Protocol):
    """What the input needs from the page."""

    menu: OptionsMenu
    notes: MessageLine
    rules: Rules

    @property
    def game(self) -> Game: ...
    def acting_person(self) -> int | None: ...
    def hand_view(self, seat: int) -> HandView: ...
    def request(self, action: Action) -> None: ...
    def auto_mulligan(self, seat: int) -> None: ...
    def refresh(self) -> None: ...


class PlayInput:
    """The selection (``selection``, described in ``info``) and the two-step Concede
    (``concede_armed``); :meth:`on_action` and :meth:`on_key` take the bar's and the keys'
    requests, ``commands`` the keys that are not moves (hint, why, undo, redo)."""

    def __init__(self, host: InputHost, commands: dict[str, Callable[[], None]]) -> None:
        self.host = host
        self.commands = commands
        self.selection = CardSelection()
        self.concede_armed = False
        self.info = w.HTML("")
        self.info.add_class("wpp-selinfo")

    def reset(self) -> None:
        """A new position: nothing selected, Concede not armed."""
        self.selection.clear()
        self.concede_armed = False

    def toggle(self, card: object) -> None:
        """A card of a hand was clicked: select or unselect it, if it is the acting
        person's card (the page may click anything; the kernel decides)."""
        host = self.host
        seat = host.acting_person()
        if seat is None or card not in host.game.view(seat).hand:
            return
        selected = self.selection.toggle(card)
        self.concede_armed = False
        button = host.hand_view(seat).button_for(card)
        if button is not None:
            button.set_selected(selected)  # the raised card first: it is the feedback a
        self.show_selection()              # click waits for
        host.notes.drop_refusal()

    def show_selection(self) -> None:
        """Describe the selection (what it would make, judged by the rules)."""
        seat = self.host.acting_person()
        text = ""
        if seat is not None:
            text = escape(selection_text(self.host.game.view(seat), self.selection.cards,
                                         self.host.rules))
        if self.info.value != text:
            self.info.value = text

    def on_action(self, kind: str) -> None:
        """An action button was clicked (it may have been hidden: the engine decides)."""
        host = self.host
        if kind == "concede":
            self._concede()
            return
        self.concede_armed = False
        make = ACTION_OF.get(kind)
        if make is None:
            host.notes.refuse(f"unknown action {kind[:20]!r}")
            return
        action: Action
        chosen = sorted(self.selection.cards)
        if make in (Mulligan, PlayCards):
            if host.game.phase is Phase.MULLIGAN or kind == "mulligan":
                if (not chosen and host.menu.auto_mulligan.value
                        and host.acting_person() is not None):
                    host.auto_mulligan(host.game.to_act)
                    return
                action = Mulligan(chosen)
            else:
                action = PlayCards(chosen)
        else:
            action = make()
        host.request(action)

    def _concede(self) -> None:
        host = self.host
        if host.acting_person() is None:
            host.notes.refuse("only the player to act may concede, on their turn (R19)")
            return
        if not self.concede_armed:
            self.concede_armed = True
            host.notes.say("Concede this game? Click Concede again to confirm.", info=True)
            host.refresh()
            return
        self.concede_armed = False
        host.request(Concede())

    def on_key(self, name: str) -> None:
        """A shortcut key (see :mod:`widgets.parts.hotkeys`)."""
        host = self.host
        if name == "enter":
            self.on_action("mulligan" if host.game.phase is Phase.MULLIGAN else "play")
        elif name in ("left", "right"):
            seat = host.acting_person()
            hand = sorted(host.game.view(seat).hand) if seat is not None else []
            if self.selection.move(hand, -1 if name == "left" else 1):
                host.notes.drop_refusal()
                host.refresh()
        elif name == "clear":
            self.selection.cards.clear()
            host.notes.drop_refusal()
            host.refresh()
        elif name == "draw":
            self.on_action("draw")
        elif name in self.commands:
            self.commands[name]()
