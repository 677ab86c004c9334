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
* A seat's handle (:class:`~wpp.services.room_seat.Seat`) plays, polls, asks for a hint,
  concedes, claims the turn of a person who has gone and asks for a rematch
  (:mod:`wpp.services.room_seat`); the rematches and the room's running match over them
  (:meth:`RoomStore.match`) are :mod:`wpp.services.room_match`'s.

What is stored is the kit's own save file (:meth:`History.to_json`, read back by
:func:`~wpp.core.registry.load_game`, which replays every action and refuses an edited file)
and a version number. Writes are optimistic: a write names the version it was computed from
and succeeds only if that is still the stored one, in the same statement that checks the
writer's token (:meth:`RoomStore.put` needs a seat's token).

The store's file: the ``WPP_ROOMS`` environment variable, else ``wpp-rooms.sqlite3`` in the
kit's state folder (:func:`wpp.services.store_folder.default_path`); private to its owner and
migrated from older schemas when opened (:mod:`wpp.services.room_file`). Any value in the
store that is not what the kit wrote (text for a number, a damaged save file…) is the kit's
error, naming the room.

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

import hmac
import json
import os
import secrets
import time
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # imported where a store is opened: Pyodide (the static site) has none
    import sqlite3
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, seat_name
from wpp.core.matches import Match
from wpp.core.registry import default_agent, game_def, load_game, new_game
from wpp.services.computer_seats import (
    CLAIMED,
    HOST,
    LEFT,
    WHYS,
    Computer,
    check_computer,
)
from wpp.services.room_codes import (
    CODE_ALPHABET,
    CODE_LENGTH,
    SECRET,
    normalize_code,
    stored_int,
    stored_number,
    token_digest,
)
from wpp.services.room_file import SCHEMA_VERSION, StaleRoom, connect, migrate, prepare_file
from wpp.services.room_match import ask_rematch, count_end, rematch_asked, room_match
from wpp.services.room_seat import Seat
from wpp.services.store_folder import ENV, default_path
from wpp.services.throttle import Throttle

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "MAX_AGE", "SCHEMA_VERSION", "RoomStore",
           "normalize_code", "token_digest"]

#: Rooms older than this (seconds) are removed when a new room is made: a class's games are
#: over by then, and the file stays small.
MAX_AGE: Final = 7 * 24 * 3600

class RoomStore:
    """The rooms of one SQLite file (see the module docs). Each call opens its own short
    connection, so one store serves any number of threads, and many kernels share a file.
    ``clock`` gives the time in seconds (``time.time``; tests pass their own)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self._throttle = Throttle(lambda: self.clock(), "room codes or seat secrets")
        prepare_file(self.path,
                     private_folder=path is None and not os.environ.get(ENV, "").strip())
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                migrate(db, self.path, self.clock)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------------ the file
    def _connect(self) -> AbstractContextManager[sqlite3.Connection]:
        return connect(self.path)

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
                    db.execute("INSERT INTO rooms (code, game, version, created, salt) "
                               "VALUES (?, ?, 0, ?, ?)",
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
        version = stored_int(row[0], "version", code)
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
        return stored_int(row[0], "version", code)

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

    def match(self, code: object, game: str, players: int) -> Match:
        """The room's running match over its rematches (:mod:`wpp.services.room_match`;
        ``game`` and ``players`` are the room's, which a seat holds)."""
        code = normalize_code(code)
        with self._connect() as db:
            row = db.execute("SELECT match_data FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise WppError(f"there is no room {code}")
        return room_match(row[0], game, players)

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
            out[stored_int(seat, "computer seat", code)] = Computer(agent, opts, why)
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
                if cur.rowcount == 1:
                    count_end(db, code, history)    # the room's match, with its end
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

    def take_over(self, code: str, absent: int, why: str, *, seat: int, token: str) -> None:
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
            return rematch_asked(db, code, version)

    def ask_rematch(self, code: object, finished: History[Any, Any], version: int, *,
                    seat: int, token: str) -> bool:
        """Record that ``seat`` (its ``token``) asks to play again after the finished game
        ``finished`` stored at ``version``, and start the rematch if every person's seat has
        now asked (see the module docs, and :func:`wpp.services.room_match.ask_rematch`);
        whether it started (``False``: still waiting, or another page started it first).
        :class:`StaleRoom` if the room's game is no longer ``version`` and no rematch of it
        is under way; the kit's error if it is not over."""
        code = normalize_code(code)
        if not finished.is_over:
            raise WppError("the game is not over: a rematch is asked once it ends")
        fresh = new_game(finished.name, seed=None, players=finished.players,
                         **_rule_flags(finished.name, finished.rules))
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                started = ask_rematch(db, code, finished, version, seat=seat, fresh=fresh)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return started

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
            if not isinstance(secret, str) or not SECRET.fullmatch(secret):
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
        return {stored_int(s, "seat", code): (stored_number(seen, "last-seen time", code),
                                        bool(stored_int(resigned, "concession", code)))
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

    def _seat_write(self, code: str, seat: int, token: str,
                    *statements: tuple[str, tuple[Any, ...]]) -> None:
        """Run ``statements`` (SQL and its first parameters; the room's code and the seat
        are its last two) in one transaction, after checking the seat's token."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._check_token(db, code, seat, token)
                for sql, args in statements:
                    db.execute(sql, (*args, code, seat))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def heard_from(self, code: str, seat: int, token: str, now: float) -> None:
        """``seat`` (its ``token``) is still there at ``now``: its last-seen time; a seat the
        computer took over while its person was gone (:data:`CLAIMED`) is theirs again."""
        self._seat_write(code, seat, token,
                         ("UPDATE seats SET seen = ? WHERE code = ? AND seat = ?", (now,)),
                         ("DELETE FROM computers WHERE why = ? AND code = ? AND seat = ?",
                          (CLAIMED,)))

    def leave(self, code: str, seat: int, token: str) -> None:
        """``seat`` (its ``token``) left the room: last heard from "never"
        (:data:`~wpp.services.room_seat.LEFT_ROOM`), so the others' pages find it gone at
        once, as they find a closed tab after a while, and may claim its turns."""
        self._seat_write(code, seat, token,
                         ("UPDATE seats SET seen = ? WHERE code = ? AND seat = ?",
                          (float("-inf"),)))

    def resign(self, code: str, seat: int, token: str) -> None:
        """``seat`` (its ``token``) conceded off turn: its Concede is played when it is to
        act."""
        self._seat_write(code, seat, token,
                         ("UPDATE seats SET resigned = 1 WHERE code = ? AND seat = ?", ()))


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
