"""Games that survive a reload: one page's game kept server-side, in the kit's save format,
under a secret key the page carries in its address.

A game page (:mod:`widgets.page`) runs in a kernel that a reload shuts down. So after every
move it writes its game here — the kit's own save file (:meth:`History.to_json`, read back by
:func:`~wpp.core.registry.load_game`, which replays every action and refuses an edited file)
and the page's settings (who plays which seat) — under a key made by :func:`new_key`
(``secrets.token_urlsafe``: 144 random bits, a secret, not a counter). The page puts the key
in its address; reopening the address reads the game back. Only the key's SHA-256 digest is
stored, so the file names no key; a wrong or missing key finds nothing (the kit's error) and
the page starts afresh.

The file is the rooms' file (:mod:`wpp.core.rooms`: ``WPP_ROOMS``, else the kit's private
state folder, ``~/.local/state/wpp``, mode 0700, the file mode 0600 — it holds every hidden
card; :func:`~wpp.core.rooms.default_path`), opened
through :class:`~wpp.core.rooms.RoomStore`'s own checks; this module adds one table to it.

>>> import tempfile, os
>>> from wpp.core.registry import new_game
>>> store = GameStore(os.path.join(tempfile.mkdtemp(), "games.sqlite3"))
>>> key, g = new_key(), new_game("draw", seed=4)
>>> _ = g.apply(g.legal_actions()[0])
>>> store.put(key, g, {"computer": {"1": "exact"}})
>>> again, settings = store.get(key)
>>> again.actions == g.actions, settings
(True, {'computer': {'1': 'exact'}})
>>> store.get(new_key())
Traceback (most recent call last):
wpp.core.errors.WppError: no game is kept under this address's key (it may be older than 30 days)
"""

from __future__ import annotations

import json
import os
import re
import secrets
import time
from collections.abc import Callable
from typing import Any, Final

from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History
from wpp.core.registry import load_game
from wpp.core.rooms import RoomStore, token_digest

__all__ = ["KEY_PATTERN", "MAX_AGE", "GameStore", "check_key", "new_key"]

#: A key as it travels in an address (``secrets.token_urlsafe(18)``: 24 characters).
KEY_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Games not written for this long (seconds) are removed when another is written.
MAX_AGE: Final = 30 * 24 * 3600

_SCHEMA: Final = ("CREATE TABLE IF NOT EXISTS page_games (digest TEXT PRIMARY KEY, "
                  "save TEXT NOT NULL, settings TEXT NOT NULL, written REAL NOT NULL)")


def new_key() -> str:
    """A fresh secret key for one page's game."""
    return secrets.token_urlsafe(18)


def check_key(key: object) -> str:
    """``key`` if it has the form of a key, else the kit's error (nothing is looked up)."""
    if isinstance(key, str) and KEY_PATTERN.fullmatch(key):
        return key
    raise WppError("this address's key is not a game key")


class GameStore:
    """The kept games of one file (the rooms' file by default; see the module docs)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self._file = RoomStore(path, clock=clock)  # the file's checks: private, 0600, no links
        self.path = self._file.path
        self.clock = clock
        with self._file._connect() as db:
            db.execute(_SCHEMA)

    def put(self, key: str, history: History[Any, Any], settings: dict[str, Any]) -> None:
        """Keep ``history`` and the page's ``settings`` (JSON-able) under ``key``."""
        digest = token_digest(check_key(key))
        now = self.clock()
        with self._file._connect() as db:
            db.execute("INSERT INTO page_games VALUES (?, ?, ?, ?) ON CONFLICT(digest) DO "
                       "UPDATE SET save = excluded.save, settings = excluded.settings, "
                       "written = excluded.written",
                       (digest, history.to_json(), json.dumps(settings), now))
            db.execute("DELETE FROM page_games WHERE written < ?", (now - MAX_AGE,))

    def get(self, key: object) -> tuple[History[Any, Any], dict[str, Any]]:
        """The game kept under ``key`` and its settings; a wrong key is the kit's error."""
        digest = token_digest(check_key(key))
        with self._file._connect() as db:
            row = db.execute("SELECT save, settings FROM page_games WHERE digest = ?",
                             (digest,)).fetchone()
        if row is None:
            raise WppError("no game is kept under this address's key (it may be older than "
                           "30 days)")
        try:
            history = load_game(row[0])
            settings = json.loads(row[1])
        except (GameFileError, ValueError) as err:
            raise WppError(f"the game kept under this key is damaged: {err}") from None
        if not isinstance(settings, dict):
            raise WppError("the settings kept under this key are damaged")
        return history, settings

    def drop(self, key: str) -> None:
        """Forget the game kept under ``key``."""
        with self._file._connect() as db:
            db.execute("DELETE FROM page_games WHERE digest = ?",
                       (token_digest(check_key(key)),))
