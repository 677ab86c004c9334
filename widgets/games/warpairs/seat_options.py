"""The options that change who sits where and how hands show — "Computer plays", "Practice:
open hands", "Auto-mulligan", "Alternate reveal", "Show my hand" — wired to a page.

Changing seats in the middle of a real game, or turning it into practice, opens every hand,
so it asks first (the page's :class:`~widgets.parts.confirm_bar.ConfirmBar`) and the game then
counts as practice. Every value comes from the page and is checked: a seat that is not one
of :data:`~widgets.games.warpairs.options.COMPUTER_CHOICES` is put back.

The page it serves is a :class:`SeatHost`: :class:`widgets.games.warpairs.app.App` (its tests
click these
options, e.g. ``tests/widgets/test_widgets_app.py``).
"""

from __future__ import annotations

from typing import Any, Protocol

from widgets.games.warpairs.options import COMPUTER_CHOICES, OptionsMenu
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from widgets.parts.selection import CardSelection
from wpp.warpairs.game import Game
from wpp.warpairs.presenter import Seating

__all__ = ["SeatHost", "SeatOptions"]


class SeatHost(Protocol):
    """What the options need from the page."""

    menu: OptionsMenu
    seating: Seating
    confirm: ConfirmBar
    notes: MessageLine
    pacer: ComputerPacer
    selection: CardSelection
    computer: int | None

    @property
    def game(self) -> Game: ...
    def in_progress(self) -> bool: ...
    def refresh(self) -> None: ...
    def advance(self) -> None: ...
    def reset_turn(self) -> None: ...


class SeatOptions:
    """Observes the menu's seat and mode options on behalf of ``host``."""

    def __init__(self, host: SeatHost) -> None:
        self.host = host
        m = host.menu
        m.computer.observe(self._on_computer, names="value")
        m.auto_mulligan.observe(self._on_auto_mulligan, names="value")
        m.practice.observe(self._on_practice, names="value")
        for box in (m.alternate, m.show_trick, m.show_last):
            box.observe(lambda _c: self._display_changed(), names="value")

    def show_seat(self) -> None:
        """Put the menu's "Computer plays" back to the seat the computer plays."""
        seat = self.host.computer
        value = -1 if seat is None else seat
        if self.host.menu.computer.value != value:
            self.host.menu.computer.value = value

    def _on_computer(self, change: dict[str, Any]) -> None:
        host = self.host
        value = change["new"]
        if value not in {v for _, v in COMPUTER_CHOICES}:  # not through the dropdown
            self.show_seat()
            return
        seat = None if value == -1 else int(value)
        if seat == host.computer:
            return
        if host.in_progress() and not host.seating.practice and host.computer is not None:
            host.confirm.ask("Change seats in the middle of a game?",
                             lambda: self.change_seats(seat, practice=True),
                             note="Every hand turns face up and this game becomes practice.")
            host.refresh()
            return
        self.change_seats(seat, practice=host.seating.practice)

    def change_seats(self, seat: int | None, *, practice: bool) -> None:
        """The computer plays ``seat`` from now on (``None``: nobody); ``practice``: the
        game becomes practice."""
        host = self.host
        host.computer = seat
        self.show_seat()
        if practice:
            host.seating.practice = True
        host.pacer.cancel()
        host.reset_turn()
        host.refresh()
        host.advance()

    def _on_practice(self, change: dict[str, Any]) -> None:
        host = self.host
        if change["new"] and not host.seating.practice:
            if host.in_progress():
                host.confirm.ask("Turn this game into practice?", self.start_practice,
                                 note="Every hand turns face up.")
                host.refresh()
                return
            self.start_practice()
        elif not change["new"]:
            g = host.game
            if host.seating.practice and not g.is_over and g.actions:
                host.notes.say("Practice stays on for this game; the next game is a real "
                               "one.", info=True)
            elif host.seating.practice:
                host.seating.practice = False
            host.refresh()

    def start_practice(self) -> None:
        """Every hand face up from now on; the game counts as practice."""
        self.host.seating.practice = True
        if not self.host.menu.practice.value:
            self.host.menu.practice.value = True
        self.host.refresh()

    def _on_auto_mulligan(self, change: dict[str, Any]) -> None:
        self.host.refresh()
        if change["new"]:
            self.host.advance()

    def _display_changed(self) -> None:
        self.host.seating.alternate = bool(self.host.menu.alternate.value)
        self.host.seating.revealed = None
        self.host.refresh()

    def reveal(self) -> None:
        """"Show my hand": uncover the acting player's hand behind the curtain."""
        host = self.host
        g = host.game
        if host.seating.curtain(to_act=g.to_act, over=g.is_over):
            host.seating.revealed = g.to_act
            host.selection.cards.clear()
        host.refresh()
