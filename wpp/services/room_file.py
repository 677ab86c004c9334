"""The rooms' SQLite file: made private to its owner, its schema (brought up to date from any
earlier version of the kit, inside one transaction), and short connections that turn the
database's failures into the kit's error.

Every kernel of one user shares the file. It is created readable by its owner only (mode
0600): it holds every hidden card. A file or folder that is a symbolic link, or that belongs
to another user, is refused. Seat tokens are stored as their SHA-256 digests, never in clear.
Older stores are migrated when opened, so the pages that hold their seats keep them: schema 0
(a ``token`` column in clear) has its tokens replaced by their digests and its mode narrowed;
schema 2 (two people, no computer) gains the computer's table and a salt for each room;
schema 3 each seat's request for a rematch; schema 4 each room's running match (its game now
starts the match: a room made before matches counts from its next finished game).

Standard library only; ``sqlite3`` is imported where a file is opened (the static site's
browser kernel has none, and imports the rooms' module on every game page).
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wpp.core.errors import WppError
from wpp.services.room_codes import token_digest

if TYPE_CHECKING:
    import sqlite3

__all__ = ["SCHEMA_VERSION", "StaleRoom", "connect", "migrate", "prepare_file", "refusal"]

#: The schema this module writes (SQLite's ``user_version``); 0 is the one before digests,
#: 2 the one before computer seats, 3 the one before rematches, 4 the one before matches.
SCHEMA_VERSION: Final = 5

# Schema 2 (kept: an old file is brought to it first, then to 3).
_SCHEMA_2: Final = """
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL, seat INTEGER NOT NULL, digest TEXT NOT NULL, seen REAL NOT NULL,
  resigned INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, seat));
"""
# Schema 3: each room's salt (the computer's seeds), and the seats the computer plays.
_SCHEMA_3: Final = """
ALTER TABLE rooms ADD COLUMN salt TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS computers (
  code TEXT NOT NULL, seat INTEGER NOT NULL, agent TEXT NOT NULL, options TEXT NOT NULL,
  why TEXT NOT NULL, PRIMARY KEY (code, seat));
"""
# Schema 4: each seat's request for a rematch (the version of the finished game it asked
# after; -1: none).
_SCHEMA_4: Final = """
ALTER TABLE seats ADD COLUMN rematch INTEGER NOT NULL DEFAULT -1;
"""
# Schema 5: each room's running match over its rematches (the match's data as JSON; '': none
# counted yet) and the number of the room's game now (1: its first).
_SCHEMA_5: Final = """
ALTER TABLE rooms ADD COLUMN match_data TEXT NOT NULL DEFAULT '';
ALTER TABLE rooms ADD COLUMN game_number INTEGER NOT NULL DEFAULT 1;
"""


class StaleRoom(WppError):
    """A write computed from an older version of the room's game (another kernel wrote
    first, or the same click arrived twice): nothing was written; look at the game again.
    Every write to the file names the version it was computed from."""


def refusal(path: Path, why: str) -> WppError:
    """The kit's error for a store file that cannot be used, naming it and why."""
    return WppError(f"cannot open the room store {str(path)!r:.80}: {why}")

def prepare_file(path: Path, *, private_folder: bool) -> None:
    """Make the folder and the file (owner only) if they are missing; refuse a link or a
    file of another user, and narrow a file others could read."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if private_folder:
            info = os.lstat(folder)
            if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
                raise refusal(path, f"{str(folder)!r:.80} is not a plain folder")
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                raise refusal(path, f"the folder {str(folder)!r:.80} belongs to another user")
            if info.st_mode & 0o077:
                os.chmod(folder, 0o700)
        with suppress(FileExistsError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
            raise refusal(path, "it is not a plain file")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise refusal(path, "it belongs to another user")
        if info.st_mode & 0o077:
            os.chmod(path, 0o600)
    except OSError as err:
        raise refusal(path, str(err)) from None

def migrate(db: sqlite3.Connection, path: Path, clock: Callable[[], float]) -> None:
    """Bring the file to :data:`SCHEMA_VERSION` (inside the caller's transaction)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    if version not in (0, 2, 3, 4):
        raise refusal(path, f"it was written by another version of the kit (schema "
                           f"{version!r:.20}, this kit reads {SCHEMA_VERSION})")
    if version == 0:   # a new file, or the one before digests: to schema 2
        columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
        old: list[Any] = []
        if "token" in columns:   # schema 0: tokens in clear, no heartbeat
            old = db.execute("SELECT code, seat, token FROM seats").fetchall()
            db.execute("DROP TABLE seats")
        elif columns:
            raise refusal(path, "its seats table is not the kit's")
        for statement in _SCHEMA_2.split(";"):
            if statement.strip():
                db.execute(statement)
        now = clock()
        for code, seat, token in old:
            db.execute("INSERT INTO seats (code, seat, digest, seen, resigned) "
                       "VALUES (?, ?, ?, ?, 0)",
                       (code, seat, token_digest(str(token)), now))
    if version in (0, 2):
        # schema 2 to 3: a salt for every room (fresh for the rooms already there), and
        # the computer's seats (none in a room made before them)
        if "salt" in {r[1] for r in db.execute("PRAGMA table_info(rooms)")}:
            raise refusal(path, "its rooms table is not the kit's")
        for statement in _SCHEMA_3.split(";"):
            if statement.strip():
                db.execute(statement)
        for (code,) in db.execute("SELECT code FROM rooms").fetchall():
            db.execute("UPDATE rooms SET salt = ? WHERE code = ?",
                       (secrets.token_hex(16), code))
    if version in (0, 2, 3):
        # schema 3 to 4: no seat has asked for a rematch yet
        if "rematch" in {r[1] for r in db.execute("PRAGMA table_info(seats)")}:
            raise refusal(path, "its seats table is not the kit's")
        for statement in _SCHEMA_4.split(";"):
            if statement.strip():
                db.execute(statement)
    # schema 4 to 5: every room's match starts with its game now, the room's first
    if "match_data" in {r[1] for r in db.execute("PRAGMA table_info(rooms)")}:
        raise refusal(path, "its rooms table is not the kit's")
    for statement in _SCHEMA_5.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    import sqlite3

    try:
        db = sqlite3.connect(path, timeout=10, isolation_level=None)
    except sqlite3.Error as err:
        raise refusal(path, str(err)) from None
    try:
        db.execute("PRAGMA secure_delete = ON")   # what is deleted (old tokens) is zeroed
        yield db
    except sqlite3.Error as err:  # locked too long, disk full, not a database…
        raise WppError(f"the room store {str(path)!r:.80} failed: {err}") from None
    finally:
        db.close()
