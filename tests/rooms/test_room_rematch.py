"""A rematch in the same room: once a game is over, every person's seat asks, and a new game
of the same room starts — the same seats (each page keeps its secret), the same computer
players and rules, a new secret deal. Nobody is dealt into a game they did not ask for."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.registry import game_def, registered_games
from wpp.services.computer_seats import HOST
from wpp.services.room_seat import Seat, StaleRoom
from wpp.services.rooms import SCHEMA_VERSION, RoomStore


def reopened(path: Path) -> RoomStore:
    """The store at ``path`` opened again, its file migrated to this kit's schema (5)."""
    store = RoomStore(path)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5
    con.close()
    return store


def play_out(seats: list[Seat], rng: random.Random) -> None:
    """Play the room's game to its end by random legal moves (the computer's by any page)."""
    for _ in range(5000):
        for s in seats:
            s.refresh()
        if seats[0].is_over:
            return
        if seats[0].computer_to_act:
            seats[0].play_computer()
            continue
        [mover] = [s for s in seats if s.view().my_turn]
        mover.submit(rng.choice(mover.view().legal_actions()))
    raise AssertionError("the game did not end")


@settings(max_examples=5, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.sampled_from(registered_games()),
       st.integers(0, 10**6), st.booleans())
def test_a_rematch_starts_when_every_person_asked(tmp_path_factory: Any, game: str,
                                                  seed: int, computer: bool) -> None:
    store = RoomStore(tmp_path_factory.mktemp("r") / "rooms.sqlite3")
    players = min(3, game_def(game).max_players)
    machines = {players - 1: "random"} if computer and players > 2 else {}
    code = store.create(game, seed=seed, players=players, computer=machines)
    people = [store.join(code) for _ in range(players - len(machines))]
    rules = people[0]._history.rules
    with pytest.raises(WppError, match="not over"):
        people[0].ask_rematch()           # during the game: refused, nothing written
    assert store.version(code) == 0
    play_out(people, random.Random(seed))
    finished = store.version(code)
    for k, p in enumerate(people[:-1]):
        words = p.ask_rematch()
        assert "asks too" in words and store.version(code) == finished
        assert p.rematch_asked() == {q.seat for q in people[:k + 1]}
        assert p.is_over                  # nobody is dealt a game before everyone asked
    assert people[-1].ask_rematch() == "The rematch has started."
    assert store.version(code) == finished + 1
    for p in people:
        again = store.rejoin(code, p.seat, p.secret)      # each page keeps its seat
        assert not again.is_over and len(again._history.actions) == 0
        assert again._history.rules == rules and again.players == players
        assert again.rematch_asked() == frozenset()
    assert {s: m.agent for s, m in store.computers(code).items()} == machines
    play_out(people, random.Random(seed + 1))     # the rematch plays to its end too
    assert people[0].is_over


def test_a_student_who_left_must_ask_too_and_gets_the_seat_back(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("pairs", seed=3, players=3, computer={2: "random"})
    a, b = store.join(code), store.join(code)
    b.concede()                           # Pairs has no Concede: B leaves to the computer
    assert store.computers(code)[b.seat].why != HOST
    play_out([a, b], random.Random(3))
    assert a.rematch_needed() == {0, 1}   # the host's computer agrees by itself
    assert "P2 asks too" in a.ask_rematch()
    assert a.ask_rematch().endswith("asks too.") and store.version(code) == a.version
    assert b.ask_rematch() == "The rematch has started."
    assert set(store.computers(code)) == {2}          # B's seat is B's again
    assert not any(r for _, r in store.seats(code).values())
    b.refresh()
    assert not b.is_over


def test_an_old_request_does_not_start_a_later_game(tmp_path: Path) -> None:
    """A request belongs to the finished game it was made after: it does not count for the
    next one, and a request made on a game that has moved on is stale."""
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("warpairs", seed=1)
    a, b = store.join(code), store.join(code)
    (a if a.view().my_turn else b).concede()
    a.refresh(), b.refresh()
    a.ask_rematch()
    old = b._history
    b.ask_rematch()
    (a if a.refresh() or a.view().my_turn else b).concede()
    for s in (a, b):
        s.refresh()
    assert a.is_over and a.rematch_asked() == frozenset()
    assert "asks too" in a.ask_rematch()                  # not started by old requests
    with pytest.raises(StaleRoom):
        store.ask_rematch(code, old, 1, seat=b.seat, token=b.secret)
    with pytest.raises(WppError, match="does not hold"):
        store.ask_rematch(code, b._history, b.version, seat=b.seat, token="x" * 24)


def test_a_schema_3_store_is_migrated_and_its_rooms_go_on(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    store = RoomStore(path)
    code = store.create("warpairs", seed=2)
    a = store.join(code)
    with sqlite3.connect(path) as con:      # the file as schema 3 wrote it
        con.executescript("""
            CREATE TABLE seats3 (code TEXT NOT NULL, seat INTEGER NOT NULL,
              digest TEXT NOT NULL, seen REAL NOT NULL, resigned INTEGER NOT NULL DEFAULT 0,
              PRIMARY KEY (code, seat));
            INSERT INTO seats3 SELECT code, seat, digest, seen, resigned FROM seats;
            DROP TABLE seats; ALTER TABLE seats3 RENAME TO seats;
            ALTER TABLE rooms DROP COLUMN match_data; ALTER TABLE rooms DROP COLUMN game_number;
            """)
        con.execute("PRAGMA user_version = 3")
    con.close()
    again = reopened(path)
    a = again.rejoin(code, a.seat, a.secret)
    b = again.join(code)
    (a if a.view().my_turn else b).concede()
    a.refresh()
    a.ask_rematch()
    assert b.ask_rematch() == "The rematch has started."
