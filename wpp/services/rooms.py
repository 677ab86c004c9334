"""Rooms: one game of any registered kind between browsers, through a room code and a shared
store; seats nobody takes may be the computer's.

Each student opens the room page in their own browser; each page runs its own kernel. The game
lives in a small SQLite file every kernel can reach (standard library only), never in a
browser: a page is given only what its seat's view holds.

* :meth:`RoomStore.create` makes a room of any registered game (``"pairs"``), with as many
  seats as that game allows (``players``; the game's own error outside its range — Pairs 2
  to 6, OFC 2 to 4), its rule flags (``rules``) and the seats the computer plays
  (``computer={seat: agent}``, an agent being its registered name or ``(name, options)``
  with the options its budget, e.g. ``("pipmc", {"playouts": 20})``). It returns a short code
  (``"K7QPM"``). The computer's seats are stored in the room, so every page sees who is
  the computer (:meth:`RoomStore.computers`).
* :meth:`RoomStore.join` claims a free person's seat (or the one asked for) and returns a
  :class:`Seat`, the handle a page keeps. It carries a secret token (:attr:`Seat.secret`),
  so a second page cannot act for a seat it did not claim. The page keeps the secret in its
  own address; after a reload, :meth:`RoomStore.rejoin` takes the seat back with it. A wrong
  secret is refused, and wrong codes or secrets are slowed down (:mod:`wpp.services.throttle`):
  after ``MAX_FAILURES`` of them within ``FAILURE_WINDOW`` seconds a store refuses every
  join until the window has passed (a room code cannot be guessed at machine speed).
* :meth:`Seat.submit` sends an action for that seat, made on the version of the game the
  seat last read (:attr:`Seat.version`) or the one it names. The engine judges it against the
  game as stored now: an off-turn or illegal action is refused with the kit's error
  (:class:`~wpp.core.errors.IllegalAction`, naming the rule), and so is an action made on a
  version that is no longer the stored one (:class:`StaleRoom`) — nothing is written. So one
  click sent twice counts once: the second names a version the first one ended.
* **The computer's turns** are played by whichever page is open: :meth:`Seat.play_computer`
  asks the seat's agent for its decision — from the computer seat's view only, the agent made
  afresh with a seed drawn from the room's own secret salt, the seat and the move number
  (:func:`~wpp.services.computer_seats.computer_seed`), so the decision is the same whichever
  page makes it — and sends
  it through the same version-checked write. Two pages racing on one computer turn write it
  once: the later one is :class:`StaleRoom`. A budget measured in time (``seconds``,
  ``move_time``…) is refused when the room is made: it would depend on the page's machine.
* :meth:`Seat.refresh` re-reads the stored game when its version moved (a page polls it) and
  says the seat is still there (a heartbeat, at most every :data:`HEARTBEAT` seconds).
  A seat not heard from for :data:`ABSENT_AFTER` seconds is *gone* (:meth:`Seat.gone`); when
  a gone person's seat is to act and has been silent for :data:`CLAIM_AFTER` seconds, any
  other seated player may :meth:`Seat.claim` it. In a game with a Concede action
  (WarPairsPoker) the engine's own Concede is played for the absent seat, so the outcome and
  returns are the engine's. In a game without one (5-card draw, Pairs, OFC, Pokeros) the
  computer takes the absent seat over, with the game's default agent, and plays its turns
  until that seat's page is heard from again (its next heartbeat, or a rejoin, gives the
  seat back to its person): the others are not held up, and nobody loses a seat for a
  dropped connection.
* **A rematch** (:meth:`Seat.ask_rematch`): once the game is over, any seated player may ask
  to play again; the new game starts in the same room, with the same seats, the same
  computer players and the same rules, when *every person's seat* has asked (the computer's
  seats agree by themselves) — nobody is dealt into a game they did not ask for, and each
  page keeps its seat and its secret (a reload still takes the seat back). It is dealt from
  a fresh secret seed, and the computer's decisions from a fresh salt. The seats the
  computer had taken over (a student who left or was gone) are the students' again, so a
  student who left must ask too; until everyone has asked, the pages say who is awaited
  (:meth:`Seat.rematch_asked`), and a new room is always there instead.
* :meth:`Seat.concede` is always open to a seated player. In a game with Concede it is the
  engine's Concede on the seat's turn; off turn it is recorded and played the moment that
  seat is to act. In a game without one it means *leave*: the computer plays the seat, with
  the game's default agent, for the rest of the game (a heartbeat does not undo it).

What is stored is the kit's own save file (:meth:`History.to_json`, read back by
:func:`~wpp.core.registry.load_game`, which replays every action and refuses an edited file)
and a version number. Writes are optimistic: a write names the version it was computed from
and succeeds only if that is still the stored one, in the same statement that checks the
writer's token (:meth:`RoomStore.put` needs a seat's token).

The store's file: the ``WPP_ROOMS`` environment variable, else ``wpp-rooms.sqlite3`` in the
kit's state folder (every kernel of one user shares it; where exactly, and the checks of its
folder: :func:`wpp.services.store_folder.default_path`). The file is created
readable by its owner only (mode 0600): it holds every hidden card. A file or folder that is
a symbolic link, or that belongs to another user, is refused. Seat tokens are stored as
their SHA-256 digests, never in clear. Older stores are migrated when opened, so the pages
that hold their seats keep them: schema 0 (a ``token`` column in clear) has its tokens
replaced by their digests and its mode narrowed; schema 2 (two people, no computer) gains
the computer's table and a salt for each room. Any value in the store that is not what the
kit wrote (text for a number, a damaged save file…) is the kit's error, naming the room.

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

Three seats of Pairs, the last the computer's:

>>> code = store.create("pairs", seed=2, players=3, computer={2: ("pipmc", {"playouts": 4})})
>>> a, b = store.join(code), store.join(code)
>>> (a.seat, b.seat), store.computers(code)[2].agent, a.everyone_joined()
((0, 1), 'pipmc', True)
>>> while True:
...     _ = a.refresh(), b.refresh()
...     if a.is_over:
...         break
...     if a.computer_to_act:              # any seated page plays the computer's turn
...         _ = a.play_computer()
...     else:
...         mover = a if a.view().my_turn else b
...         _ = mover.submit(mover.view().legal_actions()[-1])
>>> a.is_over and b.is_over
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from wpp.core.agents import Decision

if TYPE_CHECKING:  # imported where a store is opened: Pyodide (the static site) has none
    import sqlite3
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, seat_name
from wpp.core.registry import default_agent, game_def, load_game, make_agent, new_game
from wpp.core.session import Session
from wpp.services.computer_seats import (
    CLAIMED,
    HOST,
    LEFT,
    WHYS,
    Computer,
    check_computer,
    computer_seed,
    concede_of,
    has_concede,
)
from wpp.services.store_folder import ENV, default_path
from wpp.services.throttle import Throttle

__all__ = ["ABSENT_AFTER", "CLAIM_AFTER", "CODE_ALPHABET", "CODE_LENGTH", "HEARTBEAT",
           "MAX_AGE", "SCHEMA_VERSION", "RoomStore", "Seat", "StaleRoom", "normalize_code",
           "token_digest"]

#: Room codes: letters and digits that cannot be misread for each other (no I, O, 0, 1).
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 5
_CODE: Final = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: Seat secrets as they travel in a page's address (``secrets.token_urlsafe(18)``).
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Rooms older than this (seconds) are removed when a new room is made: a class's games are
#: over by then, and the file stays small.
MAX_AGE: Final = 7 * 24 * 3600
#: A seat says it is still there at most this often (seconds), when its page polls.
HEARTBEAT: Final = 5.0
#: A seat not heard from for this long (seconds) is gone: the other page says so.
ABSENT_AFTER: Final = 30.0
#: A gone seat to act, silent this long (seconds), lets the others claim it.
CLAIM_AFTER: Final = 60.0
#: The schema this module writes (SQLite's ``user_version``); 0 is the one before digests,
#: 2 the one before computer seats, 3 the one before rematches.
SCHEMA_VERSION: Final = 4

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


class StaleRoom(WppError):
    """A write computed from an older version of the room's game (another kernel wrote
    first, or the same click arrived twice): nothing was written; look at the game again."""


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
        self._throttle = Throttle(lambda: self.clock(), "room codes or seat secrets")
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
        if version not in (0, 2, 3):
            raise self._refuse(f"it was written by another version of the kit (schema "
                               f"{version!r:.20}, this kit reads {SCHEMA_VERSION})")
        if version == 0:   # a new file, or the one before digests: to schema 2
            columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
            old: list[Any] = []
            if "token" in columns:   # schema 0: tokens in clear, no heartbeat
                old = db.execute("SELECT code, seat, token FROM seats").fetchall()
                db.execute("DROP TABLE seats")
            elif columns:
                raise self._refuse("its seats table is not the kit's")
            for statement in _SCHEMA_2.split(";"):
                if statement.strip():
                    db.execute(statement)
            now = self.clock()
            for code, seat, token in old:
                db.execute("INSERT INTO seats (code, seat, digest, seen, resigned) "
                           "VALUES (?, ?, ?, ?, 0)",
                           (code, seat, token_digest(str(token)), now))
        if version in (0, 2):
            # schema 2 to 3: a salt for every room (fresh for the rooms already there), and
            # the computer's seats (none in a room made before them)
            if "salt" in {r[1] for r in db.execute("PRAGMA table_info(rooms)")}:
                raise self._refuse("its rooms table is not the kit's")
            for statement in _SCHEMA_3.split(";"):
                if statement.strip():
                    db.execute(statement)
            for (code,) in db.execute("SELECT code FROM rooms").fetchall():
                db.execute("UPDATE rooms SET salt = ? WHERE code = ?",
                           (secrets.token_hex(16), code))
        # schema 3 to 4: no seat has asked for a rematch yet
        if "rematch" in {r[1] for r in db.execute("PRAGMA table_info(seats)")}:
            raise self._refuse("its seats table is not the kit's")
        for statement in _SCHEMA_4.split(";"):
            if statement.strip():
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        import sqlite3

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
        self._throttle.check()

    def _failed(self) -> None:
        self._throttle.failed()

    # ------------------------------------------------------------------ rooms
    def create(self, game: str, seed: int | None = None, players: int | None = None,
               rules: Any = None, computer: Mapping[int, Any] | None = None) -> str:
        """A new room of ``game`` dealt from ``seed`` (``None``: a fresh
        :func:`~wpp.core.seeds.secret_seed`, so nobody can recompute the deal) for
        ``players`` seats (the game's default if ``None``; the game's own error outside its
        range), with ``rules`` (a mapping of the game's rule flags, or its rule object) and
        the seats the computer plays (``computer``: seat → agent name, or ``(name,
        options)``; see :meth:`check_computer`). Nothing is stored if anything is wrong.
        The room's code."""
        # None: new_game draws a secret seed (wpp.core.seeds): nobody can recompute the deal
        history = new_game(game, seed=seed, players=players, **_rule_flags(game, rules))
        machines = check_computer(history, computer)
        text = history.to_json()
        self.prune()
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._connect() as db:
                db.execute("BEGIN IMMEDIATE")
                import sqlite3  # here, not at the top: Pyodide (the static site) has none
                try:
                    db.execute("INSERT INTO rooms VALUES (?, ?, 0, ?, ?)",
                               (code, text, self.clock(), secrets.token_hex(16)))
                except sqlite3.IntegrityError:
                    db.execute("ROLLBACK")
                    continue  # that code is taken: draw another
                try:
                    for seat, machine in machines.items():
                        db.execute("INSERT INTO computers VALUES (?, ?, ?, ?, ?)",
                                   (code, seat, machine.agent, json.dumps(dict(machine.options)),
                                    machine.why))
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            return code
        raise WppError("could not find a free room code")  # pragma: no cover (32**5 codes)

    def prune(self, max_age: float = MAX_AGE) -> int:
        """Remove the rooms made more than ``max_age`` seconds ago (and their seats); how
        many."""
        cutoff = self.clock() - max_age
        with self._connect() as db:
            for table in ("seats", "computers"):
                db.execute(f"DELETE FROM {table} WHERE code IN "
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

    def salt(self, code: object) -> str:
        """The room's salt, which seeds the computer's decisions (:func:`computer_seed`): it
        stays in the kernels, never on a page."""
        code = normalize_code(code)
        with self._connect() as db:
            row = db.execute("SELECT salt FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise WppError(f"there is no room {code}")
        if not isinstance(row[0], str):
            raise WppError(f"room {code}'s stored salt is damaged: {row[0]!r:.30}")
        return row[0]

    def computers(self, code: object) -> dict[int, Computer]:
        """The seats of the room the computer plays now, each with its agent and why."""
        code = normalize_code(code)
        with self._connect() as db:
            rows = db.execute("SELECT seat, agent, options, why FROM computers WHERE code = ?",
                              (code,)).fetchall()
        out = {}
        for seat, agent, options, why in rows:
            try:
                opts = json.loads(options) if isinstance(options, str) else None
            except ValueError:
                opts = None
            if not isinstance(agent, str) or not isinstance(opts, dict) or why not in WHYS:
                raise WppError(f"room {code}'s stored computer seat is damaged: "
                               f"{(agent, options, why)!r:.60}")
            out[_int(seat, "computer seat", code)] = Computer(agent, opts, why)
        return out

    def put(self, code: object, history: History[Any, Any], expected: int, *,
            seat: int | None = None, token: str | None = None,
            computer: int | None = None) -> int:
        """Store ``history`` as the room's game, for the page holding ``seat`` (its
        ``token``), if the stored version is still ``expected``; the new version. Raises
        :class:`StaleRoom` (nothing written) if another write came first, and the kit's
        error (nothing written) without the seat's token. ``computer``: the write is a move
        of the computer for that seat, refused (:class:`StaleRoom`) if the computer no longer
        plays it (its person came back) — checked in the same transaction."""
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
                if computer is not None and db.execute(
                        "SELECT 1 FROM computers WHERE code = ? AND seat = ?",
                        (code, computer)).fetchone() is None:
                    db.execute("ROLLBACK")
                    raise StaleRoom(f"{seat_name(computer)} of room {code} is a person's "
                                    "again: look at the game again")
                cur = db.execute("UPDATE rooms SET game = ?, version = version + 1 "
                                 "WHERE code = ? AND version = ?", (text, code, expected))
                db.execute("COMMIT" if cur.rowcount == 1 else "ROLLBACK")
            except StaleRoom:
                raise
            except BaseException:
                db.execute("ROLLBACK")
                raise
        if cur.rowcount != 1:
            raise StaleRoom(f"the game in room {code} moved on since version {expected}: "
                            "look at it again")
        return expected + 1

    def _take_over(self, code: str, absent: int, why: str, *, seat: int, token: str) -> None:
        """The computer (the game's default agent) plays ``absent`` from now on, ``why``
        (:data:`CLAIMED` or :data:`LEFT`: then the seat is also marked as resigned), for
        the page holding ``seat`` (its ``token``, checked in the same transaction)."""
        agent = default_agent(self.read(code)[1].name)
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                db.execute("DELETE FROM computers WHERE code = ? AND seat = ? AND why != ?",
                           (code, absent, HOST))
                db.execute("INSERT OR IGNORE INTO computers VALUES (?, ?, ?, '{}', ?)",
                           (code, absent, agent, why))
                if why == LEFT:
                    db.execute("UPDATE seats SET resigned = 1 WHERE code = ? AND seat = ?",
                               (code, absent))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def rematch_asked(self, code: object, version: int) -> frozenset[int]:
        """The seats of the room that asked for a rematch of its game at ``version``."""
        code = normalize_code(code)
        with self._connect() as db:
            rows = db.execute("SELECT seat FROM seats WHERE code = ? AND rematch = ?",
                              (code, version)).fetchall()
        return frozenset(_int(s, "seat", code) for (s,) in rows)

    def ask_rematch(self, code: object, finished: History[Any, Any], version: int, *,
                    seat: int, token: str) -> bool:
        """Record that ``seat`` (its ``token``) asks to play again after the finished game
        ``finished`` stored at ``version``, and start the rematch if every person's seat has
        now asked (see the module docs); whether it started (``False``: still waiting, or
        another page started it first). :class:`StaleRoom` if the room's game is no longer
        ``version`` and no rematch of it is under way; the kit's error if it is not over."""
        code = normalize_code(code)
        if not finished.is_over:
            raise WppError("the game is not over: a rematch is asked once it ends")
        fresh = new_game(finished.name, seed=None, players=finished.players,
                         **_rule_flags(finished.name, finished.rules))
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                row = db.execute("SELECT version FROM rooms WHERE code = ?",
                                 (code,)).fetchone()
                if row is None or _int(row[0], "version", code) != version:
                    db.execute("ROLLBACK")
                    raise StaleRoom(f"the game in room {code} moved on since version "
                                    f"{version}: look at it again")
                db.execute("UPDATE seats SET rematch = ? WHERE code = ? AND seat = ?",
                           (version, code, seat))
                host = {_int(s, "computer seat", code) for (s,) in db.execute(
                    "SELECT seat FROM computers WHERE code = ? AND why = ?", (code, HOST))}
                asked = {_int(s, "seat", code) for (s,) in db.execute(
                    "SELECT seat FROM seats WHERE code = ? AND rematch = ?", (code, version))}
                if asked | host != set(range(finished.players)):
                    db.execute("COMMIT")
                    return False
                db.execute("UPDATE rooms SET game = ?, version = version + 1, salt = ? "
                           "WHERE code = ?", (fresh.to_json(), secrets.token_hex(16), code))
                db.execute("DELETE FROM computers WHERE code = ? AND why != ?", (code, HOST))
                db.execute("UPDATE seats SET resigned = 0 WHERE code = ?", (code,))
                db.execute("COMMIT")
            except StaleRoom:
                raise
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return True

    # ------------------------------------------------------------------ seats
    def join(self, code: object, seat: int | None = None) -> Seat:
        """Claim ``seat`` of the room (``None``: the first free person's seat); the
        :class:`Seat` handle. A taken seat is refused (each seat is one page's; the page that
        held it takes it back with :meth:`rejoin`), and so is a seat the host gave the
        computer."""
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
        machines = {s for s, m in self.computers(code).items() if m.why == HOST}
        if seat is not None and seat in machines:
            raise WppError(f"the computer plays {seat_name(seat)} in room {code}: choose "
                           "another seat")
        token = secrets.token_urlsafe(18)
        with self._connect() as db:
            for s in ([seat] if seat is not None else range(n)):
                if s in machines:
                    continue
                import sqlite3  # here, not at the top: Pyodide (the static site) has none
                try:
                    db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, 0, -1)",
                               (code, s, token_digest(token), self.clock()))
                except sqlite3.IntegrityError:
                    continue
                return Seat(self, code, s, token)
        if seat is not None:
            raise WppError(f"{seat_name(seat)}'s seat in room {code} is taken")
        raise WppError(f"room {code} is full: every seat is taken")

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


def _rule_flags(game: str, rules: Any) -> dict[str, Any]:
    """``rules`` (``None``, a mapping of rule flags, or the game's rule object) as flags."""
    if rules is None:
        return {}
    if isinstance(rules, Mapping):
        if not all(isinstance(k, str) for k in rules):
            raise WppError(f"rule flags are named by words, not {list(rules)!r:.60}")
        return dict(rules)
    definition = game_def(game)
    if definition.rules_type is not None and isinstance(rules, definition.rules_type):
        return {name: getattr(rules, name) for name in definition.rule_fields()}
    raise WppError(f"a room's rules are {definition.title}'s rule flags (a mapping) or its "
                   f"rule object, not {rules!r:.40}")


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
        """Tell the store this seat is still here (at most every :data:`HEARTBEAT` s). A seat
        the computer took over while its person was gone (:data:`CLAIMED`) is theirs again."""
        now = self.store.clock()
        if not (force or now - self._beat >= HEARTBEAT):
            return
        code, seat = self.code, self.seat
        with self.store._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self.store._check_token(db, code, seat, self._token)
                db.execute("UPDATE seats SET seen = ? WHERE code = ? AND seat = ?",
                           (now, code, seat))
                db.execute("DELETE FROM computers WHERE code = ? AND seat = ? AND why = ?",
                           (code, seat, CLAIMED))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
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
    def game(self) -> str:
        """The room's game (its registered name)."""
        return self._history.name

    @property
    def players(self) -> int:
        """How many seats the room's game has."""
        return self._history.players

    @property
    def to_act(self) -> int:
        """The seat to act in the game this handle holds (public in every game)."""
        return self._history.to_act

    @property
    def is_over(self) -> bool:
        return self._history.is_over

    @property
    def outcome(self) -> str:
        """How the game ended, in words ("" while it goes on)."""
        return self._history.outcome

    def returns(self) -> tuple[float, ...]:
        return self._history.returns()

    def computers(self) -> dict[int, Computer]:
        """The seats the computer plays now (read from the store)."""
        return self.store.computers(self.code)

    def public_table(self) -> Session:
        """The game this handle holds as a :class:`~wpp.core.session.Session` whose computer
        seats are the room's now, for the kit's public form of the computer's reasons ("Why?"
        in a room, read for this seat). It holds no agent — each computer seat maps to its
        :class:`~wpp.services.computer_seats.Computer` record — so the computer's own
        reasoning, read from its hidden hand, cannot be asked through it. It stays in this
        kernel, like the game."""
        return Session(self._history, dict(self.computers()))

    @property
    def has_concede(self) -> bool:
        """Whether the game has a Concede action (else :meth:`concede` leaves the game to
        the computer)."""
        return has_concede(self._history)

    @property
    def last_action(self) -> Any:
        """The last action played, if it was this seat's own (another seat's may hide cards
        from this one: its narration in :meth:`log` is what this seat may read of it)."""
        h = self._history
        if not h.actions or h.game.to_act(h.states[-2]) != self.seat:
            return None
        return h.actions[-1]

    @property
    def computer_to_act(self) -> bool:
        """Whether the game this handle holds goes on with a computer's seat to act (then
        any seated page may :meth:`play_computer`)."""
        return not self._history.is_over and self._history.to_act in self.computers()

    def everyone_joined(self) -> bool:
        """Whether every seat of the room is a person's who joined, or the computer's."""
        taken = self.store.seats_taken(self.code)
        host = {s for s, m in self.computers().items() if m.why == HOST}
        return len(taken | host) == self._history.players

    opponent_joined = everyone_joined   # the two-seat room page's word for it

    def gone(self) -> dict[int, float]:
        """The other people's seats not heard from for :data:`ABSENT_AFTER` seconds, with how
        long (infinite for a seat that conceded or left)."""
        now = self.store.clock()
        out = {}
        for s, (seen, resigned) in self.store.seats(self.code).items():
            silent = float("inf") if resigned else now - seen
            if s != self.seat and silent >= ABSENT_AFTER:
                out[s] = silent
        return out

    def _resigned(self) -> bool:
        return self.store.seats(self.code).get(self.seat, (0.0, False))[1]

    def can_claim(self) -> bool:
        """Whether :meth:`claim` would be accepted now (on the game this handle holds)."""
        h = self._history
        if h.is_over or h.to_act == self.seat or h.to_act in self.computers():
            return False
        return not self._resigned() and self.gone().get(h.to_act, 0.0) >= CLAIM_AFTER

    def rematch_asked(self) -> frozenset[int]:
        """The seats that asked for a rematch of the finished game this handle holds (none
        while it goes on)."""
        if not self._history.is_over:
            return frozenset()
        return self.store.rematch_asked(self.code, self._version)

    def rematch_needed(self) -> frozenset[int]:
        """The seats whose request a rematch needs: every seat but the host's computer
        players (a seat the computer took over is its student's again in the rematch)."""
        host = {s for s, m in self.computers().items() if m.why == HOST}
        return frozenset(range(self.players)) - host

    # ------------------------------------------------------------------ acting
    def ask_rematch(self) -> str:
        """Ask to play again once the game is over (see the module docs): the same seats,
        computer players and rules, a new deal; it starts when every person's seat has asked.
        The words for the page. The kit's error while the game goes on."""
        self.refresh()
        if not self._history.is_over:
            raise WppError("the game is not over: a rematch is asked once it ends")
        try:
            started = self.store.ask_rematch(self.code, self._history, self._version,
                                             seat=self.seat, token=self._token)
        except StaleRoom:
            self.refresh()
            if not self._history.is_over:
                return "The rematch has started."
            raise
        self.refresh()
        if started:
            return "The rematch has started."
        waiting = sorted(self.rematch_needed() - self.rematch_asked())
        return ("You asked for a rematch: it starts when "
                + " and ".join(seat_name(s) for s in waiting) + " asks too.")

    def submit(self, action: Any, version: int | None = None) -> str:
        """Play ``action`` for this seat, made on ``version`` of the game (``None``: the
        version this handle last read); the event as this seat reads it.

        Judged by the engine against the game as stored now: refused (the kit's error,
        nothing written) when the game is over, when it is not this seat's turn
        (:class:`~wpp.core.errors.IllegalAction`), when the action is illegal, and when the game
        is no longer at ``version`` (:class:`StaleRoom`: another kernel wrote, or this very
        click was already counted). After a refusal the handle holds the stored game.

        A seat that left the game is refused (the computer plays it); a seat the computer
        took over while its person was gone is theirs again with this action."""
        basis = self._basis(version)
        machine = self.computers().get(self.seat)
        if machine is not None and machine.why != CLAIMED:
            raise WppError(f"the computer plays {seat_name(self.seat)} now: you left the game")
        if machine is not None:
            self.beat(force=True)   # back: the seat is the person's again
        return self._write(basis, lambda h: h.apply(action, player=self.seat))

    def _basis(self, version: object) -> int:
        basis = self._version if version is None else version
        if not isinstance(basis, int) or isinstance(basis, bool):
            raise WppError(f"a room's version is a whole number, not {basis!r:.20}")
        return basis

    def decide_computer(self) -> tuple[int, Decision]:
        """The computer's decision for the seat to act in the game this handle holds (the
        agent made afresh, seeded by :func:`computer_seed`, given that seat's view only):
        the seat and the decision. Nothing is written. The kit's error if the seat to act
        is not the computer's."""
        h = self._history
        if h.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        seat = h.to_act
        machine = self.computers().get(seat)
        if machine is None:
            raise WppError(f"it is {seat_name(seat)}'s turn, a person's: the computer plays "
                           "only its own seats")
        seed = computer_seed(self.store.salt(self.code), seat, len(h.actions))
        agent = make_agent(h.name, machine.agent, seed, **machine.options)
        decision: Decision = agent.decide(h.view(seat))
        return seat, decision

    def play_computer(self, version: int | None = None) -> str:
        """Play the computer's turn for the seat to act, made on ``version`` of the game
        (``None``: the version this handle last read); the event as this seat reads it.
        Any seated page may: the decision is the same whichever page makes it
        (:meth:`decide_computer`). Refused like :meth:`submit` — the game over, not the
        computer's turn, or the game no longer at ``version`` (:class:`StaleRoom`: another
        page played it first) — with nothing written."""
        basis = self._basis(version)
        seat: list[int] = []

        def play(h: History[Any, Any]) -> Any:
            who, decision = self.decide_computer()
            seat.append(who)
            return h.apply(decision.action, player=who)

        return self._write(basis, play, computer=seat)

    def concede(self) -> str:
        """Concede the game (always open to a seated player while the game goes on).

        In a game with a Concede action: the engine's Concede on this seat's turn; off turn,
        recorded in the store and played the moment this seat is to act. In a game without
        one: the seat *leaves* — the computer plays it (the game's default agent) to the end,
        and the others play on."""
        self.refresh()
        if self._history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        mine = self._history.to_act == self.seat
        concede = concede_of(self._history)
        if mine and concede is not None:
            return self.submit(concede)
        if concede is not None:
            self.store._seat_update(self.code, self.seat, self._token,
                                    "UPDATE seats SET resigned = 1 WHERE code = ? AND seat = ?",
                                    ())
            return (f"{seat_name(self.seat)} conceded; the game ends when it is "
                    f"{seat_name(self.seat)}'s turn")
        self.store._take_over(self.code, self.seat, LEFT, seat=self.seat, token=self._token)
        text = (f"{seat_name(self.seat)} left the game: the computer plays "
                f"{seat_name(self.seat)}'s seat from now on")
        if mine:
            with suppress(StaleRoom):   # another page played the turn first
                self.play_computer()
        return text

    def claim(self) -> str:
        """Claim the turn of a person who has gone: allowed when the seat to act is another
        person's and has not been heard from for :data:`CLAIM_AFTER` seconds (or conceded
        off turn). In a game with a Concede action the engine's Concede is then played for
        it; in a game without one the computer takes the seat over (the game's default
        agent) and plays this turn, until that seat's page is heard from again. The kit's
        error otherwise."""
        self.refresh()
        history = self._history
        if history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        absent = history.to_act
        if absent == self.seat:
            raise WppError("it is your turn: play, or concede")
        if absent in self.computers():
            raise WppError(f"the computer plays {seat_name(absent)}: its move comes without "
                           "a claim")
        if self._resigned():
            raise WppError("you have conceded this game: it ends on your turn")
        silent = self.gone().get(absent, 0.0)
        if silent < CLAIM_AFTER:
            raise WppError(f"{seat_name(absent)} was here {silent:.0f} s ago: the game can be "
                           f"claimed once they have been gone for {CLAIM_AFTER:.0f} s")
        if concede_of(history) is not None:
            def play(h: History[Any, Any]) -> Any:
                if h.is_over or h.to_act != absent:
                    raise StaleRoom(f"the game in room {self.code} moved on: look at it again")
                return h.apply(concede_of(h), player=absent)

            return self._write(self._version, play)
        self.store._take_over(self.code, absent, CLAIMED, seat=self.seat, token=self._token)
        text = (f"the computer plays for {seat_name(absent)}, who has gone, until they are "
                "back")
        with suppress(StaleRoom):     # another page played the turn first: taken over all the same
            return f"{text}: {self.play_computer()}"
        return text

    def _write(self, basis: int, play: Callable[[History[Any, Any]], Any],
               computer: list[int] | None = None) -> str:
        """Apply ``play`` to the stored game if it is still at ``basis``, play the Concede
        of any seat that conceded off turn and is now to act, and store it (the token
        checked in the same transaction; ``computer``: the seat whose computer moved, which
        must still be the computer's); the event as this seat reads it."""
        version, history = self.store.read(self.code)
        self._version, self._history = version, history
        if history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        if version != basis:
            raise StaleRoom(f"the game in room {self.code} moved on since version {basis}: "
                            "look at it again")
        event = play(history)      # the engine judges (raises, nothing written)
        resigned = {s for s, (_, r) in self.store.seats(self.code).items() if r}
        while not history.is_over and history.to_act in resigned:
            concede = concede_of(history)
            if concede is None:
                break      # a seat that left a game without Concede: the computer's
            history.apply(concede, player=history.to_act)
        try:
            self._version = self.store.put(self.code, history, version, seat=self.seat,
                                           token=self._token,
                                           computer=computer[0] if computer else None)
        except WppError:
            self._version, self._history = self.store.read(self.code)  # not written
            raise
        self._beat = float("-inf")
        self.beat()
        return str(event.text_for(self.seat))
