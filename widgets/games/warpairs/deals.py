"""Which game is on WarPairsPoker's page: a new deal (from the seed given, the seed typed in
the menu, or a random one), the same deal again, or a saved game — each asked first when a
game is in progress (the page's :class:`~widgets.parts.confirm_bar.ConfirmBar`).

A seed is checked before anything changes: a typed one with the kit's reason next to the
hand, one given in code with the kit's ``WppError`` (a ``ValueError``). The page it serves
is a :class:`DealHost` (:class:`widgets.games.warpairs.app.App`, tested by
``tests/widgets/test_widgets_app.py``).

>>> check_seed(12), check_seed(2**63 - 1) > 0
(12, True)
>>> check_seed(True)
Traceback (most recent call last):
wpp.core.errors.WppError: the seed must be a whole number from 0 to 2**63 - 1, not True
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Final, Protocol

from widgets.games.warpairs.options import OptionsMenu
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.message_line import MessageLine
from widgets.parts.saved_game import open_save
from wpp.core.checks import check_seed as kit_check_seed
from wpp.core.errors import WppError
from wpp.warpairs.game import Game
from wpp.warpairs.presenter import parse_seed
from wpp.warpairs.rules import Rules

__all__ = ["MAX_SEED", "DealHost", "Deals", "check_seed", "fresh_seed"]

#: The largest seed.
MAX_SEED: Final = 2**63 - 1


def check_seed(seed: object) -> int:
    """``seed`` if it is a seed (a whole number from 0 to :data:`MAX_SEED`), else a
    ``WppError`` saying what a seed is (the kit's one rule, :mod:`wpp.core.checks`)."""
    return kit_check_seed(seed)


def fresh_seed() -> int:
    """A random seed (shown only once its game is over)."""
    return secrets.randbelow(10**9)


class DealHost(Protocol):
    """What the deals need from the page."""

    menu: OptionsMenu
    notes: MessageLine
    confirm: ConfirmBar
    rules: Rules
    game: Game

    def in_progress(self) -> bool: ...
    def start(self) -> None: ...
    def refresh(self) -> None: ...


class Deals:
    """New game, replay and open a saved game for ``host``."""

    def __init__(self, host: DealHost) -> None:
        self.host = host

    def ask(self, action: Callable[[], None], question: str) -> None:
        """Do ``action`` at once when no game is in progress, else after a yes."""
        host = self.host
        if not host.in_progress():
            action()
            return
        host.confirm.ask(question, action, note="The game in progress ends.")
        host.refresh()

    def new_game(self, seed: int | None = None) -> None:
        """A new deal: ``seed``, else the seed typed in the menu, else a random one."""
        host = self.host
        if seed is None:
            try:
                typed = parse_seed(str(host.menu.seed.value), MAX_SEED)
            except ValueError as err:
                host.notes.refuse(str(err))
                return
            seed = fresh_seed() if typed is None else typed
        else:
            seed = check_seed(seed)
        host.game = Game(seed, host.rules)
        host.start()

    def replay(self) -> None:
        """The same deal again from the start (the original's "Replay game")."""
        self.host.game = self.host.game.replay()
        self.host.start()

    def open_saved(self, text: str | bytes) -> None:
        """Open a saved game (a save file's text): the game goes on from where it was saved,
        against the computer in its seat (a file that is not a WarPairsPoker save is refused
        with the kit's reason, and nothing changes)."""
        host = self.host
        try:
            game = open_save(text, "warpairs", "WarPairsPoker")
        except WppError as err:
            host.notes.refuse(f"cannot open this file: {err}")
            return
        host.game = game
        host.start()
        host.notes.say("Opened a saved game.", info=True)
        host.refresh()

    def on_file(self, text: str | None) -> None:
        """A file opened with the menu's "Open saved game" (``None``: too large)."""
        if text is None:
            self.host.notes.refuse("this file is too large to be a save file")
            return
        self.ask(lambda: self.open_saved(text), "Open the saved game?")
