"""Rooms: one game between two kernels (two browsers), through a room code and a shared store.

Two students each open the room page in their own browser; each page runs its own kernel.
The game lives in a small SQLite file both kernels can reach (standard library only), never
in a browser: a page is given only what its seat's view holds.

* :meth:`RoomStore.create` makes a room: a short code (``"K7QPM"``) and a fresh seed.
* :meth:`RoomStore.join` claims a free seat (or the one asked for) and returns a
  :class:`Seat`, the handle a page keeps. It carries a secret token, so a second page cannot
  act for a seat it did not claim.
* :meth:`Seat.submit` sends an action for that seat. The engine judges it against the game as
  stored now: an off-turn or illegal action is refused with the kit's error
  (:class:`~wpp.core.errors.IllegalAction`, naming the rule) and nothing is written.
* :meth:`Seat.refresh` re-reads the stored game when its version moved (a page polls it).

What is stored is the kit's own save file (:meth:`History.to_json`, read back by
:func:`~wpp.core.registry.load_game`, which replays every action and refuses an edited file)
and a version number. Writes are optimistic: a write names the version it was computed from
and succeeds only if that is still the stored one; the loser re-reads and tries again (its
action is then judged against the new game, so two clicks at once never both count).

The store's file: the ``WPP_ROOMS`` environment variable, else ``wpp-rooms.sqlite3`` in the
temporary directory (every kernel of one machine shares it).

>>> import tempfile, os
>>> store = RoomStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code = store.create(seed=5)
>>> alice, bob = store.join(code), store.join(code)
>>> alice.seat, bob.seat, alice.view().my_turn != bob.view().my_turn
(0, 1, True)
>>> mover = alice if alice.view().my_turn else bob
>>> _ = mover.submit(mover.view().legal_actions()[0])
>>> other = bob if mover is alice else alice
>>> other.version, other.refresh(), other.version
(0, True, 1)
"""

from __future__ import annotations

import os
import re
import secrets
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final

from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, check_seed, seat_name
from wpp.core.registry import load_game, new_game

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "ENV", "RoomStore", "Seat", "StaleRoom",
           "default_path", "normalize_code"]

#: The environment variable naming the store's file.
ENV: Final = "WPP_ROOMS"
#: Room codes: letters and digits that cannot be misread for each other (no I, O, 0, 1).
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 5
_CODE: Final = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: Rooms older than this (seconds) are removed when a new room is made: a class's games are
#: over by then, and the file stays small.
MAX_AGE: Final = 7 * 24 * 3600
#: How many times a write that lost a race is tried again before giving up.
RETRIES: Final = 20

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT NOT NULL, PRIMARY KEY (code, seat));
"""


class StaleRoom(WppError):
    """A write computed from an older version of the room's game (another kernel wrote
    first): re-read and try again."""


def default_path() -> Path:
    """The store's file: ``$WPP_ROOMS`` if set, else one in the temporary directory."""
    env = os.environ.get(ENV, "").strip()
    return Path(env) if env else Path(tempfile.gettempdir()) / "wpp-rooms.sqlite3"


def normalize_code(code: object) -> str:
    """A room code as typed (any case, spaces around) in its stored form, or the kit's error.

    >>> normalize_code(" k7qpm ")
    'K7QPM'
    >>> normalize_code("hello!")
    Traceback (most recent call last):
    wpp.core.errors.WppError: a room code is 5 letters and digits like 'K7QPM', not 'hello!'
    """
    text = code.strip().upper() if isinstance(code, str) else None
    if text is None or not _CODE.fullmatch(text):
        raise WppError(f"a room code is {CODE_LENGTH} letters and digits like 'K7QPM', not "
                       f"{code!r:.30}")
    return text


class RoomStore:
    """The rooms of one SQLite file (see the module docs). Each call opens its own short
    connection, so one store serves any number of threads, and many kernels share a file."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise WppError(f"cannot open the room store {str(self.path)!r:.80}: {err}") from None
        with self._connect() as db:
            db.executescript(_SCHEMA)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except sqlite3.Error as err:
            raise WppError(f"cannot open the room store {str(self.path)!r:.80}: {err}") from None
        try:
            yield db
        except sqlite3.Error as err:  # locked too long, disk full, not a database…
            raise WppError(f"the room store {str(self.path)!r:.80} failed: {err}") from None
        finally:
            db.close()

    # ------------------------------------------------------------------ rooms
    def create(self, seed: int | None = None, game: str = "warpairs") -> str:
        """A new room of ``game`` dealt from ``seed`` (a fresh random one if ``None``); its
        code."""
        seed = secrets.randbelow(2**31) if seed is None else check_seed(seed)
        text = new_game(game, seed=seed).to_json()
        self.prune()
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._connect() as db:
                try:
                    db.execute("INSERT INTO rooms VALUES (?, ?, 0, ?)", (code, text, time.time()))
                except sqlite3.IntegrityError:
                    continue  # that code is taken: draw another
            return code
        raise WppError("could not find a free room code")  # pragma: no cover (32**5 codes)

    def prune(self, max_age: float = MAX_AGE) -> int:
        """Remove the rooms made more than ``max_age`` seconds ago (and their seats); how
        many."""
        cutoff = time.time() - max_age
        with self._connect() as db:
            db.execute("DELETE FROM seats WHERE code IN "
                       "(SELECT code FROM rooms WHERE created < ?)", (cutoff,))
            return db.execute("DELETE FROM rooms WHERE created < ?", (cutoff,)).rowcount

    def read(self, code: object) -> tuple[int, History[Any, Any]]:
        """The room's game as stored now, with its version. The whole game: a kernel holds
        it, a page is given one seat's view of it."""
        code = normalize_code(code)
        with self._connect() as db:
            row = db.execute("SELECT version, game FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise WppError(f"there is no room {code}: check the code, or create a room")
        try:
            return int(row[0]), load_game(row[1])
        except GameFileError as err:
            raise WppError(f"room {code}'s stored game is damaged: {err}") from None

    def version(self, code: object) -> int:
        """The room's version alone (cheap: what a page polls)."""
        code = normalize_code(code)
        with self._connect() as db:
            row = db.execute("SELECT version FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise WppError(f"there is no room {code}")
        return int(row[0])

    def put(self, code: object, history: History[Any, Any], expected: int) -> int:
        """Store ``history`` as the room's game if the stored version is still ``expected``;
        the new version. Raises :class:`StaleRoom` (nothing written) if another write came
        first."""
        code = normalize_code(code)
        text = history.to_json()
        with self._connect() as db:
            cur = db.execute("UPDATE rooms SET game = ?, version = version + 1 "
                             "WHERE code = ? AND version = ?", (text, code, expected))
        if cur.rowcount != 1:
            raise StaleRoom(f"room {code} changed since version {expected}: read it again")
        return expected + 1

    # ------------------------------------------------------------------ seats
    def join(self, code: object, seat: int | None = None) -> Seat:
        """Claim ``seat`` of the room (``None``: the first free one); the :class:`Seat`
        handle. A taken seat is refused (each seat is one page's)."""
        code = normalize_code(code)
        _, history = self.read(code)
        n = history.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < n):
            raise WppError(f"a seat is a number from 0 to {n - 1}, not {seat!r:.20}")
        token = secrets.token_hex(16)
        with self._connect() as db:
            for s in ([seat] if seat is not None else range(n)):
                try:
                    db.execute("INSERT INTO seats VALUES (?, ?, ?)", (code, s, token))
                except sqlite3.IntegrityError:
                    continue
                return Seat(self, code, s, token)
        if seat is not None:
            raise WppError(f"{seat_name(seat)}'s seat in room {code} is taken")
        raise WppError(f"room {code} is full: both seats are taken")

    def seats_taken(self, code: object) -> frozenset[int]:
        """The seats of the room claimed so far."""
        code = normalize_code(code)
        with self._connect() as db:
            rows = db.execute("SELECT seat FROM seats WHERE code = ?", (code,)).fetchall()
        return frozenset(int(r[0]) for r in rows)

    def _check_token(self, code: str, seat: int, token: str) -> None:
        with self._connect() as db:
            row = db.execute("SELECT token FROM seats WHERE code = ? AND seat = ?",
                             (code, seat)).fetchone()
        if row is None or not secrets.compare_digest(str(row[0]), token):
            raise WppError(f"this page does not hold {seat_name(seat)}'s seat in room {code}")


class Seat:
    """One seat of one room, as the page that claimed it holds it: its view of the stored
    game, and its actions. The game object stays in this kernel; only :meth:`view` (and the
    narration as this seat may read it) is meant for the page."""

    def __init__(self, store: RoomStore, code: str, seat: int, token: str) -> None:
        self.store = store
        self.code = code
        self.seat = seat
        self._token = token
        self._version, self._history = store.read(code)

    def __repr__(self) -> str:
        return f"Seat(room={self.code!r}, seat={self.seat}, version={self._version})"

    @property
    def version(self) -> int:
        """The version of the game this handle last read."""
        return self._version

    def refresh(self) -> bool:
        """Re-read the stored game if another kernel changed it; whether it changed."""
        if self.store.version(self.code) == self._version:
            return False
        self._version, self._history = self.store.read(self.code)
        return True

    # ------------------------------------------------------------------ what the seat knows
    def view(self) -> Any:
        """This seat's view of the game (the engine's ``view``: what this player may know)."""
        return self._history.view(self.seat)

    def log(self) -> list[str]:
        """The narration as this seat may read it."""
        return self._history.log(self.seat)

    @property
    def is_over(self) -> bool:
        return self._history.is_over

    @property
    def outcome(self) -> str:
        """How the game ended, in words ("" while it goes on)."""
        return self._history.outcome

    def returns(self) -> tuple[float, ...]:
        return self._history.returns()

    def opponent_joined(self) -> bool:
        """Whether every other seat of the room has been claimed."""
        return len(self.store.seats_taken(self.code)) == self._history.players

    # ------------------------------------------------------------------ acting
    def submit(self, action: Any) -> str:
        """Play ``action`` for this seat; the event as this seat reads it.

        Judged by the engine against the game as stored now: refused (the kit's error,
        nothing written) when the game is over, when it is not this seat's turn
        (:class:`~wpp.core.errors.IllegalAction`) or when the action is illegal. If another
        kernel wrote in between, the action is judged again on the new game."""
        self.store._check_token(self.code, self.seat, self._token)
        for _ in range(RETRIES):
            version, history = self.store.read(self.code)
            self._version, self._history = version, history
            if history.is_over:
                raise WppError("the game is over: create a new room to play again")
            event = history.apply(action, player=self.seat)  # the engine judges
            try:
                self._version = self.store.put(self.code, history, version)
            except StaleRoom:
                continue  # another kernel came first: judge the action on its game
            except WppError:
                self._version, self._history = self.store.read(self.code)  # not written
                raise
            return event.text_for(self.seat)
        raise WppError(f"room {self.code} is too busy: try again")  # pragma: no cover
