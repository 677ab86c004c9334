"""The game page's game survives a reload: kept server-side after every change
(:class:`wpp.services.game_store.GameStore`, the kit's save format in the rooms' SQLite file)
under a secret key the page carries in its own address (``?game=NAME&key=SECRET``, set by a
small script that reads it from a hidden element, as the room page does).

Reopening the address gives the page the same query string
(:func:`widgets.parts.address.page_query`, also in a pre-heated kernel): the page reads the
game back and continues it. A missing key, or one under which nothing is kept (a wrong key,
another game's), starts a fresh game under a fresh key, with a notice. Without
a store (a notebook) nothing is kept.

Two tabs may hold one key (a duplicated tab). The keeper knows the version of the kept game
it last read or wrote; a write names it (:meth:`GameStore.put`'s compare-and-set), so a tab
that missed the other's move is refused (:class:`~wpp.services.game_store.StaleGame`, nothing
written) and reads the game as it is now (:meth:`Keeper.news`); the page then shows it, with
a notice. The keeper also remembers the settings kept with the game (:attr:`Keeper.settings`:
who plays, and whether and why the game is practice) so that every tab sees them.

>>> import os, tempfile
>>> from wpp.services.game_store import GameStore
>>> from wpp.core.registry import new_game
>>> keeper = Keeper("draw", GameStore(os.path.join(tempfile.mkdtemp(), "g.sqlite3")), "")
>>> keeper.found is None and keeper.notice == ""
True
>>> keeper.write(new_game("draw", seed=3), {"seats": {}})
>>> again = Keeper("draw", keeper.store, keeper.query())
>>> again.found[0].seed, again.key == keeper.key
(3, True)
>>> Keeper("draw", keeper.store, "game=draw&key=" + "x" * 24).notice[:28]
'No game is kept under this a'
"""

from __future__ import annotations

import sys
import urllib.parse
from collections.abc import Mapping
from html import escape
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.services.game_store import GameStore, Kept, new_key

__all__ = ["Keeper", "address_html", "address_script_html", "default_store", "read_settings"]

_SCRIPT: Final = """
(function () {
  if (window.__wppPageAddress) { return; }
  window.__wppPageAddress = true;
  // The address follows the page's game key, so that a reload continues the game (the
  // kernel reads the key from the address it was opened with: widgets.parts.address).
  setInterval(function () {
    var el = document.querySelector('.wpp-page-address [data-query]');
    if (!el || !el.getAttribute('data-query')) { return; }
    var q = el.getAttribute('data-query');
    if (location.search !== '?' + q) {
      history.replaceState(null, '', location.pathname + '?' + q + location.hash);
    }
  }, 200);
})();
"""


def default_store() -> tuple[GameStore | None, str]:
    """The store a served page keeps its game in (``WPP_ROOMS``'s file), and ``""``; or
    ``None`` and why, when the file cannot be used (the page then plays on without
    surviving a reload, and says so). In the browser alone (the static site's Pyodide:
    no server, no sqlite3) there is no store."""
    if sys.platform == "emscripten":
        return None, ("This page runs in your browser, with no server: a reload starts a new "
                      "game.")
    try:
        return GameStore(), ""
    except WppError as err:
        return None, f"This game will not survive a reload: {err}"


def address_script_html() -> str:
    """The script that keeps the page's address in step with its key (shown once)."""
    return f"<script>{_SCRIPT}</script>"


def address_html(query: str) -> str:
    """The hidden element the script reads the address from."""
    return f'<span data-query="{escape(query)}"></span>'


def read_settings(settings: Mapping[str, Any]
                   ) -> tuple[dict[int, str], dict[int, float], bool]:
    """Who plays each seat, the budgets and practice, as the store kept them (the kit's
    error if they are damaged)."""
    try:
        seats = {int(k): str(v) for k, v in dict(settings.get("seats", {})).items()}
        budgets = {int(k): float(v) for k, v in dict(settings.get("budgets", {})).items()}
    except (TypeError, ValueError):
        raise WppError("the settings kept with this game are damaged") from None
    return seats, budgets, bool(settings.get("practice", False))


class Keeper:
    """The store and key of one page: ``found`` is the game and settings the address named
    (``None``: a fresh game), ``notice`` what the page says about it."""

    def __init__(self, game: str, store: GameStore | None, query: str | None) -> None:
        self.game = game
        self.store = store
        self.notice = ""
        self.found: tuple[History[Any, Any], dict[str, Any]] | None = None
        #: The address is not known yet (``query`` ``None``: a page built in a pre-heated
        #: kernel before its visitor's request): nothing is kept until :meth:`release`, so a
        #: page built ahead and then given a reload's key leaves no stray game in the store.
        self.held = query is None
        fields = urllib.parse.parse_qs((query or "")[:400])
        asked = fields.get("key", [""])[0][:80]
        self.key = new_key()
        self._last = ""
        #: The version of the kept game this page last read or wrote (0: none yet).
        self.version = 0
        #: The settings kept with that game (who plays; practice and why).
        self.settings: dict[str, Any] = {}
        #: True from a read of the store (a reload, another tab's change) until the page
        #: starts that game (:meth:`GamePage.start` then takes its practice and score).
        self.fresh = False
        if asked:
            self.found = self.take(asked)

    def take(self, asked: str) -> tuple[History[Any, Any], dict[str, Any]] | None:
        """The game and settings kept under ``asked`` (the page's key from now on), or
        ``None`` and a :attr:`notice` (a wrong key, another game's, or no store)."""
        self.notice = ""
        if self.store is None:
            return None
        try:
            kept = self.store.read(asked)
            if kept.history.name != self.game:
                raise WppError("another game's key")
        except WppError:
            self.notice = ("No game is kept under this address's key: a new game is dealt "
                           "(its own address keeps it from now on).")
            return None
        self.key = asked
        self._remember(kept)
        return kept.history, kept.settings

    def release(self) -> None:
        """The address has come: keep the page's game from now on."""
        self.held = False

    def _remember(self, kept: Kept) -> None:
        self.version, self.settings = kept.version, dict(kept.settings)
        self.fresh = True
        self._last = _mark(kept.history, kept.settings)  # no write back of what was read

    def news(self) -> tuple[History[Any, Any], dict[str, Any]] | None:
        """The game and settings kept under this page's key if another page (a second tab
        on the same key) wrote them since this page last read or wrote; else ``None``.
        Cheap when nothing changed (one version read)."""
        if self.store is None or not self.version:
            return None
        try:
            if self.store.version(self.key) == self.version:
                return None
            kept = self.store.read(self.key)
        except WppError:  # the file failed, or the game is gone: keep playing what is here
            return None
        self._remember(kept)
        return kept.history, kept.settings

    def query(self) -> str:
        """The query the page's address carries (empty without a store, or while held)."""
        if self.store is None or self.held:
            return ""
        return urllib.parse.urlencode({"game": self.game, "key": self.key})

    def write(self, history: History[Any, Any], settings: dict[str, Any]) -> None:
        """Keep the game now (a store write only when something changed), as a change of
        the version this page last saw: if another page wrote meanwhile, the store refuses
        (:class:`~wpp.services.game_store.StaleGame`, nothing written) — read :meth:`news`.
        Nothing is written while :attr:`held`."""
        if self.store is None or self.held:
            return
        mark = _mark(history, settings)
        if mark == self._last:
            return
        self.version = self.store.put(self.key, history, settings, expected=self.version)
        self.settings, self._last, self.fresh = dict(settings), mark, False


def _mark(history: History[Any, Any], settings: dict[str, Any]) -> str:
    """What a write would keep (equal marks: nothing to write)."""
    return f"{history.to_json()}|{sorted(settings.items())!r}"
