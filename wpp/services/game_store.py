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

Every kept game has a version, as a room's game has (:mod:`wpp.services.rooms`): a write names
the version it was computed from (:meth:`GameStore.put`'s ``expected``), and the store keeps it
only if that is still the stored one (compare-and-set in one SQLite statement); otherwise
:class:`StaleGame`, nothing written. So two tabs on one key cannot silently replace each
other's game: the later writer is told, and reads the game as it is now
(:meth:`GameStore.read`, or :meth:`GameStore.version` to poll cheaply).

The file is the rooms' file (:mod:`wpp.services.rooms`: ``WPP_ROOMS``, else the kit's private
state folder, ``~/.local/state/wpp``, mode 0700, the file mode 0600 — it holds every hidden
card; :func:`~wpp.services.store_folder.default_path`), opened
through :class:`~wpp.services.rooms.RoomStore`'s own checks; this module adds one table to it.

>>> import tempfile, os
>>> from wpp.core.registry import new_game
>>> store = GameStore(os.path.join(tempfile.mkdtemp(), "games.sqlite3"))
>>> key, g = new_key(), new_game("draw", seed=4)
>>> _ = g.apply(g.legal_actions()[0])
>>> store.put(key, g, {"computer": {"1": "exact"}})
1
>>> again, settings = store.get(key)
>>> again.actions == g.actions, settings
(True, {'computer': {'1': 'exact'}})
>>> try:                                  # computed from version 0: another write came first
...     store.put(key, g, {}, expected=0)
... except StaleGame as err:
...     print(err)
the game kept under this key moved on since version 0 (another tab?)
>>> store.put(key, g, {}, expected=1), store.version(key)
(2, 2)
>>> store.get(new_key())
Traceback (most recent call last):
wpp.core.errors.WppError: no game is kept under this address's key (it may be older than 30 days)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import time
from collections.abc import Callable
from typing import Any, Final, NamedTuple

from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History
from wpp.core.registry import load_game
from wpp.services.rooms import RoomStore, token_digest

__all__ = ["KEY_PATTERN", "MAX_AGE", "GameStore", "Kept", "StaleGame", "check_key", "game_id",
           "new_key"]

#: A key as it travels in an address (``secrets.token_urlsafe(18)``: 24 characters).
KEY_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Games not written for this long (seconds) are removed when another is written.
MAX_AGE: Final = 30 * 24 * 3600

_SCHEMA: Final = ("CREATE TABLE IF NOT EXISTS page_games (digest TEXT PRIMARY KEY, "
                  "save TEXT NOT NULL, settings TEXT NOT NULL, written REAL NOT NULL, "
                  "version INTEGER NOT NULL DEFAULT 1)")
_NO_GAME: Final = "no game is kept under this address's key (it may be older than 30 days)"


class StaleGame(WppError):
    """A write computed from an older version of the kept game (another tab on the same key
    wrote first): nothing was written; read the game again."""


class Kept(NamedTuple):
    """A kept game as stored now: the game, the page's settings and the version."""

    history: History[Any, Any]
    settings: dict[str, Any]
    version: int


def new_key() -> str:
    """A fresh secret key for one page's game."""
    return secrets.token_urlsafe(18)


def game_id(history: History[Any, Any]) -> str:
    """A game's identity: a short digest of its deal — the game, the seed, the players, the
    rules and the deck, everything of its save file but the moves. So it is kept with the
    game wherever the game goes (the store, a save file: nothing to add to the kit's format,
    and an edit of the deal is refused by the file's digest); the same deal reopened, from a
    file or another tab, is the same game, and a session counts it once.

    >>> from wpp.core.registry import new_game
    >>> g = new_game("draw", seed=4)
    >>> a = game_id(g); _ = g.apply(g.legal_actions()[0])
    >>> game_id(g) == a == game_id(g.replay()), game_id(new_game("draw", seed=5)) == a
    (True, False)
    """
    doc = json.loads(history.to_json())
    deal = {k: v for k, v in doc.items() if k not in ("actions", "final", "digest")}
    return hashlib.sha256(json.dumps(deal, sort_keys=True).encode()).hexdigest()[:20]


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
            columns = [row[1] for row in db.execute("PRAGMA table_info(page_games)")]
            if "version" not in columns:  # a file from before versions: every game is 1
                db.execute("ALTER TABLE page_games ADD COLUMN version INTEGER NOT NULL "
                           "DEFAULT 1")

    def put(self, key: str, history: History[Any, Any], settings: dict[str, Any], *,
            expected: int | None = None) -> int:
        """Keep ``history`` and the page's ``settings`` (JSON-able, finite numbers only)
        under ``key``; the new version. ``expected``: the version the write was computed
        from (0: nothing kept yet) — if another write came first, :class:`StaleGame` and
        nothing is written; ``None`` writes whatever is kept (a first write, a test)."""
        digest = token_digest(check_key(key))
        if expected is not None and (not isinstance(expected, int)
                                     or isinstance(expected, bool) or expected < 0):
            raise WppError(f"a kept game's version is a whole number, not {expected!r:.20}")
        try:
            text = json.dumps(settings, allow_nan=False)
        except (TypeError, ValueError) as err:  # inf/nan would make the game unopenable
            raise WppError(f"these settings cannot be kept: {err}") from None
        save, now = history.to_json(), self.clock()
        with self._file._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT version FROM page_games WHERE digest = ?",
                                 (digest,)).fetchone()
                stored = 0 if row is None else int(row[0])
                if expected is not None and stored != expected:
                    db.execute("ROLLBACK")
                    raise StaleGame(f"the game kept under this key moved on since version "
                                    f"{expected} (another tab?)")
                db.execute("INSERT INTO page_games VALUES (?, ?, ?, ?, ?) ON CONFLICT(digest) "
                           "DO UPDATE SET save = excluded.save, settings = excluded.settings, "
                           "written = excluded.written, version = excluded.version",
                           (digest, save, text, now, stored + 1))
                db.execute("DELETE FROM page_games WHERE written < ?", (now - MAX_AGE,))
                db.execute("COMMIT")
            except StaleGame:
                raise
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return stored + 1

    def version(self, key: object) -> int:
        """The version kept under ``key`` now (0: nothing kept) — cheap: what a page polls."""
        digest = token_digest(check_key(key))
        with self._file._connect() as db:
            row = db.execute("SELECT version FROM page_games WHERE digest = ?",
                             (digest,)).fetchone()
        return 0 if row is None else int(row[0])

    def read(self, key: object) -> Kept:
        """The game kept under ``key``, its settings and version; a wrong key is the kit's
        error."""
        digest = token_digest(check_key(key))
        with self._file._connect() as db:
            row = db.execute("SELECT save, settings, version FROM page_games WHERE digest = ?",
                             (digest,)).fetchone()
        if row is None:
            raise WppError(_NO_GAME)
        try:
            history = load_game(row[0])
            settings = json.loads(row[1])
        except (GameFileError, ValueError) as err:
            raise WppError(f"the game kept under this key is damaged: {err}") from None
        if not isinstance(settings, dict):
            raise WppError("the settings kept under this key are damaged")
        return Kept(history, settings, int(row[2]))

    def get(self, key: object) -> tuple[History[Any, Any], dict[str, Any]]:
        """The game kept under ``key`` and its settings; a wrong key is the kit's error."""
        kept = self.read(key)
        return kept.history, kept.settings

    def drop(self, key: str) -> None:
        """Forget the game kept under ``key``."""
        with self._file._connect() as db:
            db.execute("DELETE FROM page_games WHERE digest = ?",
                       (token_digest(check_key(key)),))
