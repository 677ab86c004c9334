"""A room's games in a row: its rematches (asked by every person's seat, see
:mod:`wpp.services.rooms`), and the running match over them, played by the rule the
game's own page plays (the registration's ``MATCH``, :mod:`wpp.core.matches`), so a room of
OFC plays 3 hands of running points as OFC's page does, a room of WarPairsPoker first to 2
wins.

The match is kept in the room's row of the store (``match_data``, the match's own data as
JSON, and ``game_number``, which of the room's games is on), so every page of the room — and
a page reloaded — reads the same match. The store counts a game in the same transaction that
stores its end (:func:`count_end`: a game is counted once, by its number in the room, from
its returns alone), and a rematch moves the room to its next game, starting a new match when
the last one is over (:func:`next_game`). Both run inside the store's transaction; nothing
here opens the file.

>>> m = room_match("", "warpairs", 2)           # none counted yet
>>> m.rule.words(), m.played, m.tally
('first to 2 wins', 0, [0.0, 0.0])
>>> room_match("{not json", "warpairs", 2).played   # damaged data: a fresh match
0
"""

from __future__ import annotations

import json
import secrets
from typing import TYPE_CHECKING, Any

from wpp.core.history import History
from wpp.core.matches import Match
from wpp.core.registry import match_rule
from wpp.services.computer_seats import HOST
from wpp.services.room_codes import stored_int
from wpp.services.room_file import StaleRoom

if TYPE_CHECKING:
    import sqlite3

__all__ = ["ask_rematch", "count_end", "game_key", "next_game", "rematch_asked", "room_match"]


def room_match(data: object, game: str, players: int) -> Match:
    """The match stored as ``data`` for a room of ``game`` with ``players`` seats ('' or
    damaged data: a fresh match, as the game page reads its kept match)."""
    try:
        loaded = json.loads(data) if isinstance(data, str) and data else None
    except ValueError:
        loaded = None
    return Match.load(loaded, match_rule(game), players)


def game_key(number: int) -> str:
    """What the match counts a room's game by: its number in the room (1, 2, …)."""
    return f"game {number}"


def _row(db: sqlite3.Connection, code: str) -> tuple[Any, int] | None:
    row = db.execute("SELECT match_data, game_number FROM rooms WHERE code = ?",
                     (code,)).fetchone()
    return None if row is None else (row[0], stored_int(row[1], "game number", code))


def count_end(db: sqlite3.Connection, code: str, history: History[Any, Any]) -> None:
    """Count ``history``, stored now as room ``code``'s game, in the room's match if it is
    over (inside the caller's transaction; a game already counted is not counted again)."""
    row = _row(db, code) if history.is_over else None
    if row is None:
        return
    match = room_match(row[0], history.name, history.players)
    match.record(game_key(row[1]), history.returns())
    db.execute("UPDATE rooms SET match_data = ? WHERE code = ?",
               (json.dumps(match.dump()), code))


def next_game(db: sqlite3.Connection, code: str, finished: History[Any, Any]) -> None:
    """A rematch of ``finished`` starts in room ``code`` (inside the caller's transaction):
    the room's next game, in the same match — or in a new one if that match is over."""
    row = _row(db, code)
    if row is None:
        return
    match = room_match(row[0], finished.name, finished.players)
    if match.over:
        match = match.next()
    db.execute("UPDATE rooms SET match_data = ?, game_number = game_number + 1 "
               "WHERE code = ?", (json.dumps(match.dump()), code))


def rematch_asked(db: sqlite3.Connection, code: str, version: int) -> frozenset[int]:
    """The seats of room ``code`` that asked for a rematch of its game at ``version``."""
    rows = db.execute("SELECT seat FROM seats WHERE code = ? AND rematch = ?",
                      (code, version)).fetchall()
    return frozenset(stored_int(s, "seat", code) for (s,) in rows)


def ask_rematch(db: sqlite3.Connection, code: str, finished: History[Any, Any], version: int,
                *, seat: int, fresh: History[Any, Any]) -> bool:
    """Inside the caller's transaction, the seat's token checked: ``seat`` asks to play
    again after ``finished``, stored at ``version``; once every seat but the host's computer
    players has asked, ``fresh`` is the room's game (a fresh salt for the computer's seeds,
    the seats the computer took over their students' again, the room's next game in its
    match); whether it started. :class:`StaleRoom` if the room's game is no longer
    ``version`` (the caller rolls back)."""
    row = db.execute("SELECT version FROM rooms WHERE code = ?", (code,)).fetchone()
    if row is None or stored_int(row[0], "version", code) != version:
        raise StaleRoom(f"the game in room {code} moved on since version {version}: look at "
                        "it again")
    db.execute("UPDATE seats SET rematch = ? WHERE code = ? AND seat = ?",
               (version, code, seat))
    host = {stored_int(s, "computer seat", code) for (s,) in db.execute(
        "SELECT seat FROM computers WHERE code = ? AND why = ?", (code, HOST))}
    if rematch_asked(db, code, version) | host != set(range(finished.players)):
        return False
    db.execute("UPDATE rooms SET game = ?, version = version + 1, salt = ? WHERE code = ?",
               (fresh.to_json(), secrets.token_hex(16), code))
    next_game(db, code, finished)
    db.execute("DELETE FROM computers WHERE code = ? AND why != ?", (code, HOST))
    db.execute("UPDATE seats SET resigned = 0 WHERE code = ?", (code,))
    return True
