"""Rooms with plain calls: two "kernels" (two stores, two seats) on one SQLite file.

A whole game is played alternating seats, each side reading only through its own handle;
off-turn, illegal and foreign actions are refused with nothing written; two writers racing
on one version leave exactly one winner; and what a seat reads is the engine's view of that
seat, naming none of the cards hidden from it.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.games.warpairs.seen import hidden_cards
from wpp.core.errors import IllegalAction, WppError
from wpp.services.room_seat import Seat, StaleRoom
from wpp.services.rooms import RoomStore, normalize_code
from wpp.services.store_folder import ENV, default_path
from wpp.warpairs.actions import Concede, Mulligan, PlayCards


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


def two_kernels(db: Path, seed: int) -> tuple[RoomStore, Seat, Seat]:
    """A room made by one kernel and joined by it and by a second kernel (its own store)."""
    first = RoomStore(db)
    code = first.create("warpairs", seed=seed)
    return first, first.join(code), RoomStore(db).join(code.lower())


def check_reads(store: RoomStore, seat: Seat) -> None:
    """What ``seat`` reads is the engine's view of it and names no card hidden from it."""
    _, game = store.read(seat.code)
    assert seat.view() == game.view(seat.seat)
    hidden = hidden_cards(game, seat.seat)
    assert not set(seat.view().hand) & hidden
    text = "\n".join(seat.log())
    for card in hidden:
        assert str(card) not in text, f"{card} named to seat {seat.seat}"


def play_out(store: RoomStore, a: Seat, b: Seat, rng: random.Random) -> int:
    """Alternate the two seats to the end of the game (each acts only from its own view,
    re-reading the store after the other's move); how many actions were played."""
    moves = 0
    while not a.is_over:
        for s in (a, b):
            s.refresh()
        mover = a if a.view().my_turn else b
        waiting = b if mover is a else a
        assert not waiting.view().my_turn
        legal = [x for x in mover.view().legal_actions() if not isinstance(x, Concede)]
        before = waiting.version
        mover.submit(rng.choice(legal))
        moves += 1
        assert waiting.refresh() and waiting.version == before + 1
        check_reads(store, mover)
        check_reads(store, waiting)
        assert moves < 500
    return moves


def test_a_whole_game_between_two_kernels(db: Path) -> None:
    store, a, b = two_kernels(db, seed=3)
    assert (a.seat, b.seat) == (0, 1) and a.code == b.code
    moves = play_out(store, a, b, random.Random(1))
    version, game = store.read(a.code)
    assert version == moves == len(game.actions)
    assert a.is_over and b.is_over and a.outcome == b.outcome == game.outcome
    assert a.returns() == b.returns() == game.returns()
    with pytest.raises(WppError, match="over"):
        a.submit(Concede())
    assert store.version(a.code) == version


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 12))
def test_refused_actions_change_nothing(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                        moves: int) -> None:
    store, a, b = two_kernels(tmp_path_factory.mktemp("r") / "r.db", seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if a.is_over:
            return
        mover = a if a.view().my_turn else b
        mover.submit(rng.choice([x for x in mover.view().legal_actions()
                                 if not isinstance(x, Concede)]))
        (b if mover is a else a).refresh()
    if a.is_over:
        return
    mover, waiting = (a, b) if a.view().my_turn else (b, a)
    before = (store.version(a.code), store.read(a.code)[1].to_json())
    # off turn: even a move that would be legal for the mover
    with pytest.raises(IllegalAction, match="turn"):
        waiting.submit(mover.view().legal_actions()[0])
    with pytest.raises(IllegalAction, match="turn"):
        waiting.submit(Concede())
    # illegal: cards the mover does not hold (the other's), a wrong-sized mulligan
    other_cards = sorted(waiting.view().hand)[:1]
    with pytest.raises(IllegalAction):
        mover.submit(PlayCards(other_cards) if mover.view().phase.value != "mulligan"
                     else Mulligan(other_cards))
    with pytest.raises(WppError):
        mover.submit("play")
    assert (store.version(a.code), store.read(a.code)[1].to_json()) == before


def test_concurrent_writes_one_wins(db: Path) -> None:
    store, a, b = two_kernels(db, seed=8)
    mover = a if a.view().my_turn else b
    version, game = store.read(a.code)
    game.apply(mover.view().legal_actions()[0], player=mover.seat)
    token = dict(seat=mover.seat, token=mover.secret)
    assert store.put(a.code, game, version, **token) == version + 1  # type: ignore[arg-type]
    _, other = store.read(a.code)      # the same start, another line of play
    other.undo()
    other.apply(mover.view().legal_actions()[-1], player=mover.seat)
    with pytest.raises(StaleRoom):
        store.put(a.code, other, version, **token)  # type: ignore[arg-type]  # old version
    assert store.read(a.code)[1].actions == game.actions


def test_racing_threads_never_double_count(db: Path) -> None:
    """Both seats of two kernels hammer the room at once: every write that counts is a legal
    move, versions count the moves exactly, and the stored game loads."""
    _store, a, b = two_kernels(db, seed=21)
    errors: list[BaseException] = []

    def run(seat: Seat, rng: random.Random) -> None:
        for _ in range(15):
            try:
                seat.refresh()
                if seat.is_over:
                    return
                legal = [x for x in seat.view().legal_actions() if not isinstance(x, Concede)]
                seat.submit(rng.choice(legal) if legal else Concede())
            except (IllegalAction, StaleRoom):
                pass   # not my turn, or the game moved on: refused, as it should be
            except WppError as err:
                if "over" not in str(err):   # the other thread's move ended the game
                    errors.append(err)
            except BaseException as err:  # pragma: no cover - reported below
                errors.append(err)

    threads = [threading.Thread(target=run, args=(s, random.Random(s.seat))) for s in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    version, game = RoomStore(db).read(a.code)
    assert version == len(game.actions) > 0


def test_seats_and_codes(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = RoomStore(db)
    code = store.create("warpairs", seed=1)
    assert normalize_code(code.lower()) == code
    assert store.join(code, seat=1).seat == 1
    with pytest.raises(WppError, match="taken"):
        store.join(code, seat=1)
    assert store.join(code).seat == 0
    with pytest.raises(WppError, match="full"):
        store.join(code)
    with pytest.raises(WppError, match="no room"):
        store.join("ZZZZZ")
    for bad in ("", "ABC", "ABCDE1", 12345, None, "I0I0I"):
        with pytest.raises(WppError, match="room code"):
            store.join(bad)
    with pytest.raises(WppError, match="seat"):
        RoomStore(db).join(store.create("warpairs"), seat=2)
    # a handle whose token is not the seat's cannot act for it
    forged = Seat(store, code, 0, "0" * 32)
    with pytest.raises(WppError, match="does not hold"):
        forged.submit(forged.view().legal_actions()[0])
    assert store.version(code) == 0
    monkeypatch.setenv(ENV, str(db))
    assert default_path() == db
    monkeypatch.delenv(ENV)
    assert default_path().name == "wpp-rooms.sqlite3"


def test_a_damaged_store_is_refused(db: Path) -> None:
    import sqlite3

    store = RoomStore(db)
    code = store.create("warpairs", seed=2)
    text = store.read(code)[1].to_json().replace('"seed": 2', '"seed": 3')
    with sqlite3.connect(db) as con:
        con.execute("UPDATE rooms SET game = ? WHERE code = ?", (text, code))
    con.close()
    with pytest.raises(WppError, match="damaged"):
        store.read(code)


def test_an_unusable_store_is_the_kits_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(WppError, match="cannot open the room store"):
        RoomStore(tmp_path / "file" / "rooms.sqlite3")
    (tmp_path / "junk.sqlite3").write_bytes(b"this is not a database, " * 100)
    with pytest.raises(WppError, match="room store"):
        RoomStore(tmp_path / "junk.sqlite3")


def test_old_rooms_are_removed_when_a_room_is_made(db: Path) -> None:
    import sqlite3

    store = RoomStore(db)
    old, recent = store.create("warpairs", seed=1), store.create("warpairs", seed=2)
    store.join(old)
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE rooms SET created = created - 8 * 24 * 3600 WHERE code = ?", (old,))
    con.close()
    store.create("warpairs")
    with pytest.raises(WppError, match="no room"):
        store.read(old)
    assert store.seats_taken(old) == frozenset() and store.version(recent) == 0
