"""Rooms: one game between two kernels (two browsers), through a room code and a shared store.

Two students each open the room page in their own browser; each page runs its own kernel.
The game lives in a small SQLite file both kernels can reach (standard library only), never
in a browser: a page is given only what its seat's view holds.

* :meth:`RoomStore.create` makes a room: a short code (``"K7QPM"``) and a fresh seed.
* :meth:`RoomStore.join` claims a free seat (or the one asked for) and returns a
  :class:`Seat`, the handle a page keeps. It carries a secret token (:attr:`Seat.secret`),
  so a second page cannot act for a seat it did not claim. The page keeps the secret in its
  own address; after a reload, :meth:`RoomStore.rejoin` takes the seat back with it. A wrong
  secret is refused, and wrong codes or secrets are slowed down: after
  :data:`MAX_FAILURES` of them within :data:`FAILURE_WINDOW` seconds a store refuses every
  join until the window has passed (a room code cannot be guessed at machine speed).
* :meth:`Seat.submit` sends an action for that seat, made on the version of the game the
  seat last read (:attr:`Seat.version`) or the one it names. The engine judges it against the
  game as stored now: an off-turn or illegal action is refused with the kit's error
  (:class:`~wpp.core.errors.IllegalAction`, naming the rule), and so is an action made on a
  version that is no longer the stored one (:class:`StaleRoom`) — nothing is written. So one
  click sent twice counts once: the second names a version the first one ended.
* :meth:`Seat.refresh` re-reads the stored game when its version moved (a page polls it) and
  says the seat is still there (a heartbeat, at most every :data:`HEARTBEAT` seconds).
  A seat not heard from for :data:`ABSENT_AFTER` seconds is *gone* (:meth:`Seat.gone`); when
  a gone seat is to act and has been silent for :data:`CLAIM_AFTER` seconds, the other may
  :meth:`Seat.claim` the game: the engine's own Concede is played for the absent seat, so the
  outcome and returns are the engine's. :meth:`Seat.concede` is always open to a seated
  player: on its turn it is the engine's Concede; off turn it is recorded and played the
  moment that seat is to act.

What is stored is the kit's own save file (:meth:`History.to_json`, read back by
:func:`~wpp.core.registry.load_game`, which replays every action and refuses an edited file)
and a version number. Writes are optimistic: a write names the version it was computed from
and succeeds only if that is still the stored one, in the same statement that checks the
writer's token (:meth:`RoomStore.put` needs a seat's token).

The store's file: the ``WPP_ROOMS`` environment variable, else ``wpp-rooms.sqlite3`` in a
folder of the temporary directory that only this user may enter (``wpp-rooms-<uid>``, mode
0700; every kernel of one user shares it). The file is created readable by its owner only
(mode 0600): it holds every hidden card. A file or folder that is a symbolic link, or that
belongs to another user, is refused. Seat tokens are stored as their SHA-256 digests, never
in clear. A store made before digests (schema 0: a ``token`` column in clear) is migrated
when it is opened — its tokens are replaced by their digests and its mode narrowed — so the
pages that hold those seats keep them. Any value in the store that is not what the kit wrote
(text for a number, a damaged save file…) is the kit's error, naming the room.

>>> import tempfile, os
>>> store = RoomStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code = store.create("warpairs", seed=5)
>>> alice, bob = store.join(code), store.join(code)
>>> alice.seat, bob.seat, alice.view().my_turn != bob.view().my_turn
(0, 1, True)
>>> mover = alice if alice.view().my_turn else bob
>>> _ = mover.submit(mover.view().legal_actions()[0])
>>> other = bob if mover is alice else alice
>>> other.version, other.refresh(), other.version
(0, True, 1)
>>> store.rejoin(code, alice.seat, alice.secret).version    # after a reload
1
>>> oct(os.stat(store.path).st_mode & 0o777)
'0o600'
"""

from __future__ import annotations

import getpass
import hashlib
import hmac
import os
import re
import secrets
import sqlite3
import stat
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Final

from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, check_seed, seat_name
from wpp.core.registry import load_game, new_game

__all__ = ["ABSENT_AFTER", "CLAIM_AFTER", "CODE_ALPHABET", "CODE_LENGTH", "ENV",
           "FAILURE_WINDOW", "HEARTBEAT", "MAX_FAILURES", "RoomStore", "Seat", "StaleRoom",
           "default_path", "normalize_code", "token_digest"]

#: The environment variable naming the store's file.
ENV: Final = "WPP_ROOMS"
#: Room codes: letters and digits that cannot be misread for each other (no I, O, 0, 1).
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 5
_CODE: Final = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: Seat secrets as they travel in a page's address (``secrets.token_urlsafe(18)``).
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Rooms older than this (seconds) are removed when a new room is made: a class's games are
#: over by then, and the file stays small.
MAX_AGE: Final = 7 * 24 * 3600
#: Wrong room codes or seat secrets a store accepts within :data:`FAILURE_WINDOW` seconds;
#: then every join waits for the window to pass (one kernel tries at most 10 codes a
#: minute: guessing one of 33.5 million codes becomes hopeless).
MAX_FAILURES: Final = 10
FAILURE_WINDOW: Final = 60.0
#: A seat says it is still there at most this often (seconds), when its page polls.
HEARTBEAT: Final = 5.0
#: A seat not heard from for this long (seconds) is gone: the other page says so.
ABSENT_AFTER: Final = 30.0
#: A gone seat to act, silent this long (seconds), lets the other claim the game.
CLAIM_AFTER: Final = 60.0
#: The schema this module writes (SQLite's ``user_version``); 0 is the one before digests.
SCHEMA_VERSION: Final = 2

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS rooms (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL, seat INTEGER NOT NULL, digest TEXT NOT NULL, seen REAL NOT NULL,
  resigned INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (code, seat));
"""


class StaleRoom(WppError):
    """A write computed from an older version of the room's game (another kernel wrote
    first, or the same click arrived twice): nothing was written; look at the game again."""


def default_path() -> Path:
    """The store's file: ``$WPP_ROOMS`` if set, else one in this user's folder of the
    temporary directory."""
    env = os.environ.get(ENV, "").strip()
    if env:
        return Path(env)
    uid = os.getuid() if hasattr(os, "getuid") else getpass.getuser()
    return Path(tempfile.gettempdir()) / f"wpp-rooms-{uid}" / "wpp-rooms.sqlite3"


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


def token_digest(token: str) -> str:
    """What the store keeps of a seat's secret: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _number(value: object, what: str, code: str) -> float:
    """A number read from the store, or the kit's error naming the damaged value."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value == value:
        return value
    raise WppError(f"room {code}'s stored {what} is damaged: {value!r:.30} is not a number")


def _int(value: object, what: str, code: str) -> int:
    number = _number(value, what, code)
    if not isinstance(number, int):
        raise WppError(f"room {code}'s stored {what} is damaged: {value!r:.30} is not a whole "
                       "number")
    return number


class RoomStore:
    """The rooms of one SQLite file (see the module docs). Each call opens its own short
    connection, so one store serves any number of threads, and many kernels share a file.
    ``clock`` gives the time in seconds (``time.time``; tests pass their own)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self._failures: deque[float] = deque()
        self._lock = threading.Lock()
        self._prepare_file(private_folder=path is None and not os.environ.get(ENV, "").strip())
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._migrate(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------------ the file
    def _refuse(self, why: str) -> WppError:
        return WppError(f"cannot open the room store {str(self.path)!r:.80}: {why}")

    def _prepare_file(self, *, private_folder: bool) -> None:
        """Make the folder and the file (owner only) if they are missing; refuse a link or a
        file of another user, and narrow a file others could read."""
        folder = self.path.parent
        try:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if private_folder:
                info = os.lstat(folder)
                if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
                    raise self._refuse(f"{str(folder)!r:.80} is not a plain folder")
                if hasattr(os, "getuid") and info.st_uid != os.getuid():
                    raise self._refuse(f"the folder {str(folder)!r:.80} belongs to another user")
                if info.st_mode & 0o077:
                    os.chmod(folder, 0o700)
            with suppress(FileExistsError):
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            info = os.lstat(self.path)
            if stat.S_ISLNK(info.st_mode) or not stat.S_ISREG(info.st_mode):
                raise self._refuse("it is not a plain file")
            if hasattr(os, "getuid") and info.st_uid != os.getuid():
                raise self._refuse("it belongs to another user")
            if info.st_mode & 0o077:
                os.chmod(self.path, 0o600)
        except OSError as err:
            raise self._refuse(str(err)) from None

    def _migrate(self, db: sqlite3.Connection) -> None:
        """Bring the file to :data:`SCHEMA_VERSION` (inside the caller's transaction)."""
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == SCHEMA_VERSION:
            return
        if version != 0:
            raise self._refuse(f"it was written by another version of the kit (schema "
                               f"{version!r:.20}, this kit reads {SCHEMA_VERSION})")
        columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
        old: list[Any] = []
        if "token" in columns:   # schema 0: tokens in clear, no heartbeat
            old = db.execute("SELECT code, seat, token FROM seats").fetchall()
            db.execute("DROP TABLE seats")
        elif columns:
            raise self._refuse("its seats table is not the kit's")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                db.execute(statement)
        now = self.clock()
        for code, seat, token in old:
            db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, 0)",
                       (code, seat, token_digest(str(token)), now))
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except sqlite3.Error as err:
            raise self._refuse(str(err)) from None
        try:
            db.execute("PRAGMA secure_delete = ON")   # what is deleted (old tokens) is zeroed
            yield db
        except sqlite3.Error as err:  # locked too long, disk full, not a database…
            raise WppError(f"the room store {str(self.path)!r:.80} failed: {err}") from None
        finally:
            db.close()

    # ------------------------------------------------------------------ guessing is slow
    def _check_throttle(self) -> None:
        now = self.clock()
        with self._lock:
            while self._failures and self._failures[0] <= now - FAILURE_WINDOW:
                self._failures.popleft()
            if len(self._failures) >= MAX_FAILURES:
                wait = max(1, round(self._failures[0] + FAILURE_WINDOW - now))
                raise WppError(f"too many wrong room codes or seat secrets: wait {wait} s, "
                               "then try again")

    def _failed(self) -> None:
        with self._lock:
            self._failures.append(self.clock())

    # ------------------------------------------------------------------ rooms
    def create(self, game: str, seed: int | None = None) -> str:
        """A new room of ``game`` dealt from ``seed`` (a fresh random one if ``None``); its
        code."""
        seed = secrets.randbelow(2**31) if seed is None else check_seed(seed)
        text = new_game(game, seed=seed).to_json()
        self.prune()
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._connect() as db:
                try:
                    db.execute("INSERT INTO rooms VALUES (?, ?, 0, ?)", (code, text, self.clock()))
                except sqlite3.IntegrityError:
                    continue  # that code is taken: draw another
            return code
        raise WppError("could not find a free room code")  # pragma: no cover (32**5 codes)

    def prune(self, max_age: float = MAX_AGE) -> int:
        """Remove the rooms made more than ``max_age`` seconds ago (and their seats); how
        many."""
        cutoff = self.clock() - max_age
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
        version = _int(row[0], "version", code)
        try:
            return version, load_game(row[1])
        except GameFileError as err:
            raise WppError(f"room {code}'s stored game is damaged: {err}") from None

    def version(self, code: object) -> int:
        """The room's version alone (cheap: what a page polls)."""
        code = normalize_code(code)
        with self._connect() as db:
            row = db.execute("SELECT version FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise WppError(f"there is no room {code}")
        return _int(row[0], "version", code)

    def put(self, code: object, history: History[Any, Any], expected: int, *,
            seat: int | None = None, token: str | None = None) -> int:
        """Store ``history`` as the room's game, for the page holding ``seat`` (its
        ``token``), if the stored version is still ``expected``; the new version. Raises
        :class:`StaleRoom` (nothing written) if another write came first, and the kit's
        error (nothing written) without the seat's token."""
        code = normalize_code(code)
        if not isinstance(expected, int) or isinstance(expected, bool):
            raise WppError(f"a room's version is a whole number, not {expected!r:.20}")
        if not isinstance(history, History):
            raise WppError(f"a room stores a game's history, not {history!r:.30}")
        text = history.to_json()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                cur = db.execute("UPDATE rooms SET game = ?, version = version + 1 "
                                 "WHERE code = ? AND version = ?", (text, code, expected))
                db.execute("COMMIT" if cur.rowcount == 1 else "ROLLBACK")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        if cur.rowcount != 1:
            raise StaleRoom(f"the game in room {code} moved on since version {expected}: "
                            "look at it again")
        return expected + 1

    # ------------------------------------------------------------------ seats
    def join(self, code: object, seat: int | None = None) -> Seat:
        """Claim ``seat`` of the room (``None``: the first free one); the :class:`Seat`
        handle. A taken seat is refused (each seat is one page's; the page that held it
        takes it back with :meth:`rejoin`)."""
        self._check_throttle()
        try:
            code = normalize_code(code)
            _, history = self.read(code)
        except WppError as err:
            if "damaged" not in str(err):
                self._failed()
            raise
        n = history.players
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                                 or not 0 <= seat < n):
            raise WppError(f"a seat is a number from 0 to {n - 1}, not {seat!r:.20}")
        token = secrets.token_urlsafe(18)
        with self._connect() as db:
            for s in ([seat] if seat is not None else range(n)):
                try:
                    db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, 0)",
                               (code, s, token_digest(token), self.clock()))
                except sqlite3.IntegrityError:
                    continue
                return Seat(self, code, s, token)
        if seat is not None:
            raise WppError(f"{seat_name(seat)}'s seat in room {code} is taken")
        raise WppError(f"room {code} is full: both seats are taken")

    def rejoin(self, code: object, seat: object, secret: object) -> Seat:
        """Take back ``seat`` of the room with the secret its page kept (:attr:`Seat.secret`,
        in the page's address): the page that held the seat continues after a reload. A
        wrong secret — forged, another seat's or another room's — is refused, and counts as
        a wrong guess."""
        self._check_throttle()
        try:
            code = normalize_code(code)
            if isinstance(seat, str) and seat.strip().isdigit():
                seat = int(seat)
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 64:
                raise WppError(f"a seat is a small number, not {seat!r:.20}")
            if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
                raise WppError("this address does not hold a seat of room "
                               f"{code}: join the room again")
            with self._connect() as db:
                self._check_token(db, code, seat, secret)
        except WppError:
            self._failed()
            raise
        handle = Seat(self, code, seat, secret)
        handle.beat(force=True)
        return handle

    def seats(self, code: object) -> dict[int, tuple[float, bool]]:
        """The seats of the room claimed so far: when each was last heard from (the
        store's clock) and whether it has conceded off turn."""
        code = normalize_code(code)
        with self._connect() as db:
            rows = db.execute("SELECT seat, seen, resigned FROM seats WHERE code = ?",
                              (code,)).fetchall()
        return {_int(s, "seat", code): (_number(seen, "last-seen time", code),
                                        bool(_int(resigned, "concession", code)))
                for s, seen, resigned in rows}

    def seats_taken(self, code: object) -> frozenset[int]:
        """The seats of the room claimed so far."""
        return frozenset(self.seats(code))

    def _check_token(self, db: sqlite3.Connection, code: str, seat: object,
                     token: object) -> None:
        """Refuse (the kit's error) unless ``token`` is ``seat``'s secret in room ``code``."""
        if seat is None or token is None:
            raise WppError(f"writing to room {code} needs a seat and its token")
        row = db.execute("SELECT digest FROM seats WHERE code = ? AND seat = ?",
                         (code, seat)).fetchone()
        if row is not None and not isinstance(row[0], str):
            raise WppError(f"room {code}'s stored seat secret is damaged")
        if (row is None or not isinstance(token, str)
                or not hmac.compare_digest(row[0], token_digest(token))):
            who = seat_name(seat) if isinstance(seat, int) else repr(seat)[:20]
            raise WppError(f"this page does not hold {who}'s seat in room {code}")

    def _seat_update(self, code: str, seat: int, token: str, sql: str,
                     args: tuple[Any, ...]) -> None:
        """Run ``sql`` (an UPDATE of the seat's row) after checking the seat's token."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                db.execute(sql, (*args, code, seat))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise


def _concede_of(history: History[Any, Any]) -> Any:
    """The engine's Concede for the seat to act, or the kit's error if the game has none."""
    for action in history.legal_actions():
        if type(action).__name__ == "Concede":
            return action
    raise WppError(f"{history.name} has no way to concede: wait for the other player")


class Seat:
    """One seat of one room, as the page that claimed it holds it: its view of the stored
    game, and its actions. The game object stays in this kernel; only :meth:`view` (and the
    narration as this seat may read it) is meant for the page."""

    def __init__(self, store: RoomStore, code: str, seat: int, token: str) -> None:
        self.store = store
        self.code = code
        self.seat = seat
        self._token = token
        self._beat = float("-inf")
        self._version, self._history = store.read(code)

    def __repr__(self) -> str:
        return f"Seat(room={self.code!r}, seat={self.seat}, version={self._version})"

    @property
    def version(self) -> int:
        """The version of the game this handle last read."""
        return self._version

    @property
    def secret(self) -> str:
        """The seat's secret: whoever holds it holds the seat (the page keeps it in its own
        address, to take the seat back after a reload — :meth:`RoomStore.rejoin`)."""
        return self._token

    def beat(self, *, force: bool = False) -> None:
        """Tell the store this seat is still here (at most every :data:`HEARTBEAT` s)."""
        now = self.store.clock()
        if force or now - self._beat >= HEARTBEAT:
            self.store._seat_update(self.code, self.seat, self._token,
                                    "UPDATE seats SET seen = ? WHERE code = ? AND seat = ?",
                                    (now,))
            self._beat = now

    def refresh(self) -> bool:
        """Re-read the stored game if another kernel changed it; whether it changed. Also
        the seat's heartbeat."""
        self.beat()
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

    def gone(self) -> dict[int, float]:
        """The other seats not heard from for :data:`ABSENT_AFTER` seconds, with how long
        (infinite for a seat that conceded off turn)."""
        now = self.store.clock()
        out = {}
        for s, (seen, resigned) in self.store.seats(self.code).items():
            silent = float("inf") if resigned else now - seen
            if s != self.seat and silent >= ABSENT_AFTER:
                out[s] = silent
        return out

    def can_claim(self) -> bool:
        """Whether :meth:`claim` would be accepted now (on the game this handle holds)."""
        if self._history.is_over:
            return False
        return self.gone().get(self._history.to_act, 0.0) >= CLAIM_AFTER

    # ------------------------------------------------------------------ acting
    def submit(self, action: Any, version: int | None = None) -> str:
        """Play ``action`` for this seat, made on ``version`` of the game (``None``: the
        version this handle last read); the event as this seat reads it.

        Judged by the engine against the game as stored now: refused (the kit's error,
        nothing written) when the game is over, when it is not this seat's turn
        (:class:`~wpp.core.errors.IllegalAction`), when the action is illegal, and when the game
        is no longer at ``version`` (:class:`StaleRoom`: another kernel wrote, or this very
        click was already counted). After a refusal the handle holds the stored game."""
        basis = self._version if version is None else version
        if not isinstance(basis, int) or isinstance(basis, bool):
            raise WppError(f"a room's version is a whole number, not {basis!r:.20}")
        return self._write(basis, lambda h: h.apply(action, player=self.seat))

    def concede(self) -> str:
        """Concede the game: the engine's Concede on this seat's turn; off turn, recorded in
        the store and played the moment this seat is to act (the other player moves on and
        the game ends). Always open to a seated player while the game goes on."""
        self.refresh()
        if self._history.is_over:
            raise WppError("the game is over: create a new room to play again")
        if self._history.to_act == self.seat:
            return self.submit(_concede_of(self._history))
        self.store._seat_update(self.code, self.seat, self._token,
                                "UPDATE seats SET resigned = 1 WHERE code = ? AND seat = ?", ())
        return (f"{seat_name(self.seat)} conceded; the game ends when it is "
                f"{seat_name(self.seat)}'s turn")

    def claim(self) -> str:
        """Claim the game from an opponent who has gone: allowed when the seat to act is
        another's and has not been heard from for :data:`CLAIM_AFTER` seconds (or conceded
        off turn); the engine's Concede is then played for it. The kit's error otherwise."""
        self.refresh()
        history = self._history
        if history.is_over:
            raise WppError("the game is over: create a new room to play again")
        absent = history.to_act
        if absent == self.seat:
            raise WppError("it is your turn: play, or concede")
        if self.store.seats(self.code).get(self.seat, (0.0, False))[1]:
            raise WppError("you have conceded this game: it ends on your turn")
        silent = self.gone().get(absent, 0.0)
        if silent < CLAIM_AFTER:
            raise WppError(f"{seat_name(absent)} was here {silent:.0f} s ago: the game can be "
                           f"claimed once they have been gone for {CLAIM_AFTER:.0f} s")

        def play(h: History[Any, Any]) -> Any:
            if h.is_over or h.to_act != absent:
                raise StaleRoom(f"the game in room {self.code} moved on: look at it again")
            return h.apply(_concede_of(h), player=absent)

        return self._write(self._version, play)

    def _write(self, basis: int, play: Callable[[History[Any, Any]], Any]) -> str:
        """Apply ``play`` to the stored game if it is still at ``basis``, play the Concede
        of any seat that conceded off turn and is now to act, and store it (the token
        checked in the same transaction); the event as this seat reads it."""
        version, history = self.store.read(self.code)
        self._version, self._history = version, history
        if history.is_over:
            raise WppError("the game is over: create a new room to play again")
        if version != basis:
            raise StaleRoom(f"the game in room {self.code} moved on since version {basis}: "
                            "look at it again")
        event = play(history)      # the engine judges (raises, nothing written)
        resigned = {s for s, (_, r) in self.store.seats(self.code).items() if r}
        while not history.is_over and history.to_act in resigned:
            history.apply(_concede_of(history), player=history.to_act)
        try:
            self._version = self.store.put(self.code, history, version, seat=self.seat,
                                           token=self._token)
        except WppError:
            self._version, self._history = self.store.read(self.code)  # not written
            raise
        self._beat = float("-inf")
        self.beat()
        return str(event.text_for(self.seat))
