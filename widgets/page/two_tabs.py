"""Two tabs, one game: a page's game is kept under its address's key (:mod:`~widgets.page.keeper`),
and a second tab on the same address (a duplicated tab) plays the same game.

The store's version refuses the stale tab's write (:class:`~wpp.services.game_store.StaleGame`);
that tab then shows the game as it is (:meth:`TwoTabs.follow`: who plays, practice and the
score come with it), and looks at the store every few seconds when an event loop runs
(Voilà), so it follows the other tab's moves without waiting for its own next action. The
tab that wrote moves for the computer, so two kernels never race the computer's turn.

:class:`TwoTabs` sees the page through :class:`TabsHost`, so it does not import the page.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any, Protocol

from widgets.page.faults import guard
from widgets.page.keeper import Keeper
from widgets.parts.message_line import MessageLine
from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.core.session import Session
from wpp.services.game_store import StaleGame

__all__ = ["FOLLOWED", "TabsHost", "TwoTabs"]

FOLLOWED = ("This game was changed in another tab on the same address: showing it as it is "
            "now (your last action here was not kept).")
_POLL = 1.5  # seconds between two looks at the store for another tab's changes


class TabsHost(Protocol):
    """The page as the two tabs see it."""

    @property
    def keeper(self) -> Keeper: ...

    @property
    def history(self) -> History[Any, Any]: ...

    @property
    def session(self) -> Session: ...

    @property
    def notes(self) -> MessageLine: ...

    def settings(self) -> dict[str, Any]:
        """What the store keeps beside the game."""

    def take_kept(self, history: History[Any, Any], settings: Mapping[str, Any],
                  refusal: str = ..., *, show_practice: bool = False) -> bool:
        """Seat who plays as kept with ``history``; whether it can be played here."""

    def start(self, history: History[Any, Any], notice: str = "", why: str = "", *,
              advance: bool = True) -> None:
        """Play ``history`` from now on."""

    def advance(self) -> None:
        """Let the computer act if it is its turn."""


class TwoTabs:
    """Keeping ``page``'s game, and following another tab's changes to it."""

    def __init__(self, page: TabsHost) -> None:
        self.page = page
        #: Followed a game at the computer's turn: the other tab moves for it (see follow).
        self.waiting = False

    def keep(self) -> bool:
        """Keep the game in the store; ``False`` when another tab had written first and the
        page now shows that tab's game (:meth:`follow`)."""
        try:
            self.page.keeper.write(self.page.history, self.page.settings())
        except StaleGame:
            # Followed: the kept game is drawn (by start()); not followed (the store could
            # not be read back): play on with this page's game, unkept.
            return not self.follow(FOLLOWED, force=True)
        except WppError as err:  # the file failed: play on, and say the game is not kept
            self.page.notes.say(f"This game is not kept for a reload now: {err}", info=True)
        return True

    def follow(self, notice: str = FOLLOWED, *, force: bool = False) -> bool:
        """Show the game kept under this page's address if another tab changed it (who
        plays, practice, the score come with it); whether it did. ``force``: this page's
        own write was refused, so its game is stale whatever the store says."""
        found = self.page.keeper.news()
        if found is None:
            if force:  # the store could not be read: the page plays on, unkept
                self.page.notes.say("Another tab changed this game and it could not be "
                                    "read back.", info=True)
            return False
        history, settings = found
        if not self.page.take_kept(history, settings, "cannot follow the other tab's game"):
            return False
        # The tab that wrote moves for the computer: two kernels racing the computer's
        # turn would make each follow the other (every follow resets the panels). If that
        # tab is gone, the next poll that finds nothing new lets this one move.
        self.page.start(history, notice=notice, advance=False)
        self.waiting = self.page.session.computer_to_act
        return True

    def poll_later(self) -> None:
        """Look at the store every few seconds while an event loop runs (Voilà), so a tab
        follows the other tab's moves without waiting for its own next action."""
        if self.page.keeper.store is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def poll() -> None:
            with guard(self.page):
                if not self.follow() and self.waiting:
                    self.waiting = False
                    self.page.advance()
            loop.call_later(_POLL, poll)

        loop.call_later(_POLL, poll)
