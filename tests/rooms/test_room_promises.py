"""What a room promises beyond the rules (issue 25, item 4), with plain calls.

A seat is taken back after a reload with the secret its page kept, and by nobody without
it; one click sent twice counts once; the store is its owner's alone (mode 0600, tokens as
digests, no write without a seat's token); wrong codes are slowed down; any damaged value in
the store is the kit's error; an opponent who has gone is seen, and the game can be claimed
from them only after the stated time (a clock the test moves, no sleeping).
"""

from __future__ import annotations

import os
import random
import secrets
import sqlite3
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import IllegalAction, WppError
from wpp.services.room_seat import ABSENT_AFTER, CLAIM_AFTER, Seat, StaleRoom
from wpp.services.rooms import RoomStore, token_digest
from wpp.services.throttle import FAILURE_WINDOW, MAX_FAILURES
from wpp.warpairs.actions import Concede, Draw


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def room(path: Path, seed: int = 3, clock: Clock | None = None) -> tuple[RoomStore, Seat, Seat]:
    store = RoomStore(path, clock=clock or Clock())
    code = store.create("warpairs", seed=seed)
    return store, store.join(code), store.join(code)


def mover_of(a: Seat, b: Seat) -> tuple[Seat, Seat]:
    for s in (a, b):
        s.refresh()
    return (a, b) if a.view().my_turn else (b, a)


def play_until_draw(a: Seat, b: Seat, rng: random.Random) -> Seat:
    """Random moves until the seat to act may Draw; that seat."""
    for _ in range(200):
        mover, _ = mover_of(a, b)
        legal = mover.view().legal_actions()
        if any(isinstance(x, Draw) for x in legal):
            return mover
        mover.submit(rng.choice([x for x in legal if not isinstance(x, Concede)]))
    raise AssertionError("no Draw in 200 moves")


# ---------------------------------------------------------------- reload and rejoin
def test_a_reloaded_page_takes_its_seat_back_and_plays_on(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "r.db")
    mover, waiting = mover_of(a, b)
    mover.submit(mover.view().legal_actions()[0])
    # the page reloads: a new kernel, a new store object, the address's secret
    again = RoomStore(store.path).rejoin(a.code.lower(), str(waiting.seat), waiting.secret)
    assert (again.seat, again.version) == (waiting.seat, 1)
    assert again.view() == store.read(a.code)[1].view(waiting.seat)
    action = again.view().legal_actions()[0]
    again.submit(action)
    assert store.version(a.code) == 2
    # the old handle of that seat still holds it too (the same secret), but its version is old
    with pytest.raises(StaleRoom):
        waiting.submit(action)
    assert store.version(a.code) == 2


@settings(max_examples=30, deadline=None)
@given(forged=st.one_of(st.text(max_size=80), st.none(), st.integers(), st.binary(max_size=30)))
def test_a_forged_secret_never_takes_a_seat(tmp_path_factory: pytest.TempPathFactory,
                                            forged: Any) -> None:
    store, a, _b = room(tmp_path_factory.mktemp("f") / "r.db")
    if forged == a.secret:
        return
    with pytest.raises(WppError):
        store.rejoin(a.code, a.seat, forged)
    assert store.version(a.code) == 0


def test_another_seats_or_rooms_secret_is_refused(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "r.db")
    other = store.join(store.create("warpairs", seed=4))
    for seat, secret in ((a.seat, b.secret), (b.seat, a.secret), (a.seat, other.secret),
                         (a.seat, secrets.token_urlsafe(18)), (2, a.secret), ("x", a.secret),
                         (True, a.secret), (a.seat, token_digest(a.secret))):
        with pytest.raises(WppError, match=r"does not hold|seat"):
            store.rejoin(a.code, seat, secret)
    assert store.rejoin(a.code, a.seat, a.secret).seat == a.seat
    # a handle made up with a wrong token can neither act nor write
    forged = Seat(store, a.code, a.seat, b.secret)
    mover, _ = mover_of(a, b)
    with pytest.raises(WppError, match="does not hold"):
        Seat(store, a.code, mover.seat, secrets.token_urlsafe(18)).submit(
            mover.view().legal_actions()[0])
    with pytest.raises(WppError, match="does not hold"):
        forged.concede()
    assert store.version(a.code) == 0 and not any(r for _, r in store.seats(a.code).values())


# ---------------------------------------------------------------- one click counts once
@pytest.mark.parametrize("trial", range(8))
def test_the_same_draw_sent_twice_at_once_counts_once(tmp_path: Path, trial: int) -> None:
    store, a, b = room(tmp_path / "r.db", seed=trial)
    mover = play_until_draw(a, b, random.Random(trial))
    version = mover.version
    # the same seat, one page sending the click twice, and a second tab of that seat
    handles = [mover, mover, RoomStore(store.path).rejoin(mover.code, mover.seat, mover.secret)]
    start = threading.Barrier(len(handles) * 2)
    counted: list[int] = []
    refused: list[BaseException] = []

    def click(seat: Seat) -> None:
        start.wait()
        try:
            seat.submit(Draw(), version)
            counted.append(1)
        except WppError as err:
            refused.append(err)

    threads = [threading.Thread(target=click, args=(h,)) for h in handles * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(counted) == 1, f"{len(counted)} of {len(threads)} identical clicks counted"
    assert all(isinstance(e, StaleRoom) for e in refused), refused
    stored_version, game = store.read(mover.code)
    assert stored_version == version + 1 == len(game.actions)
    assert sum(isinstance(x, Draw) for x in game.actions) == 1


def test_a_click_made_on_an_old_version_is_refused(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "r.db")
    mover, _ = mover_of(a, b)
    for bad in ("0", 0.5, True, [0]):
        with pytest.raises(WppError, match="version"):
            mover.submit(mover.view().legal_actions()[0], bad)  # type: ignore[arg-type]
    with pytest.raises(StaleRoom):
        mover.submit(mover.view().legal_actions()[0], 5)
    assert store.version(a.code) == 0
    mover.submit(mover.view().legal_actions()[0], 0)
    assert store.version(a.code) == 1


# ---------------------------------------------------------------- the file
def test_the_store_is_its_owners_alone(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "private" / "r.db")
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    mover, _ = mover_of(a, b)
    mover.submit(mover.view().legal_actions()[0])
    for journal in store.path.parent.glob("r.db-*"):
        assert stat.S_IMODE(os.stat(journal).st_mode) & 0o077 == 0
    data = store.path.read_bytes()
    for s in (a, b):
        assert s.secret.encode() not in data
        assert token_digest(s.secret).encode() in data


def test_a_readable_file_is_narrowed_and_a_link_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.db"
    RoomStore(path)
    os.chmod(path, 0o644)
    RoomStore(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    link = tmp_path / "link.db"
    link.symlink_to(path)
    with pytest.raises(WppError, match="not a plain file"):
        RoomStore(link)


def test_the_default_store_is_in_a_private_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from wpp.services.store_folder import ENV

    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no-temp-folder"))
    store = RoomStore()
    assert store.path.parent.parent == tmp_path
    assert stat.S_IMODE(os.stat(store.path.parent).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    # a folder of that name that is a link (someone else's trap) is not used: the store
    # falls back to a private folder of the temporary directory
    store.path.unlink()
    store.path.parent.rmdir()
    target = tmp_path / "elsewhere"
    target.mkdir()
    store.path.parent.symlink_to(target)
    assert RoomStore().path.parent.parent == tmp_path / "no-temp-folder"
    assert not any(target.iterdir())


def test_put_needs_the_seats_token(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "r.db")
    mover, other = mover_of(a, b)
    version, game = store.read(a.code)
    game.apply(mover.view().legal_actions()[0])
    for seat, token in ((None, None), (mover.seat, None), (None, mover.secret),
                        (mover.seat, other.secret), (mover.seat, "x" * 24), (7, mover.secret)):
        with pytest.raises(WppError, match=r"needs a seat|does not hold"):
            store.put(a.code, game, version, seat=seat, token=token)
    with pytest.raises(WppError, match="version"):
        store.put(a.code, game, "0", seat=mover.seat, token=mover.secret)  # type: ignore[arg-type]
    for junk in (None, "{}", game.state):
        with pytest.raises(WppError, match="history"):
            store.put(a.code, junk, version, seat=mover.seat, token=mover.secret)  # type: ignore[arg-type]
    assert store.version(a.code) == 0
    assert store.put(a.code, game, version, seat=mover.seat, token=mover.secret) == 1


def test_an_old_store_with_clear_tokens_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    fresh = RoomStore(tmp_path / "new.db")
    text = fresh.read(fresh.create("warpairs", seed=2))[1]
    with sqlite3.connect(path) as con:     # the schema before digests, world-readable
        con.executescript("""
CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, version INTEGER NOT NULL,
                    created REAL NOT NULL);
CREATE TABLE seats (code TEXT NOT NULL, seat INTEGER NOT NULL, token TEXT NOT NULL,
                    PRIMARY KEY (code, seat));""")
        con.execute("INSERT INTO rooms VALUES ('ABCDE', ?, 0, ?)", (text.to_json(), 1e12))
        con.execute("INSERT INTO seats VALUES ('ABCDE', 0, 'cleartokenvalue0123456789')")
    con.close()
    os.chmod(path, 0o644)
    store = RoomStore(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert b"cleartokenvalue0123456789" not in path.read_bytes()
    assert store.rejoin("ABCDE", 0, "cleartokenvalue0123456789").seat == 0
    with sqlite3.connect(path) as con:
        con.execute("PRAGMA user_version = 7")
    con.close()
    with pytest.raises(WppError, match="another version of the kit"):
        RoomStore(path)


# ---------------------------------------------------------------- guessing is slow
def test_guessing_room_codes_is_slowed(tmp_path: Path) -> None:
    clock = Clock()
    store, a, _ = room(tmp_path / "r.db", clock=clock)
    real = store.create("warpairs", seed=9)
    wrong = [c for c in ("ZZZZZ", "YYYYY", "XXXXX") if c not in (real, a.code)]
    for i in range(MAX_FAILURES):
        with pytest.raises(WppError, match=r"no room|room code|does not hold"):
            [lambda: store.join(wrong[0]), lambda: store.join("bad!"),
             lambda: store.rejoin(a.code, a.seat, secrets.token_urlsafe(18))][i % 3]()
    with pytest.raises(WppError, match=r"too many wrong .* wait 60 s"):
        store.join(real)                         # even the right code waits now
    with pytest.raises(WppError, match="too many"):
        store.rejoin(a.code, a.seat, a.secret)
    assert store.seats_taken(real) == frozenset()
    other_kernel = RoomStore(store.path, clock=clock)
    assert other_kernel.join(real).seat == 0     # the count is one store's (one kernel's)
    clock.now += FAILURE_WINDOW
    assert store.join(real).seat == 1


# ---------------------------------------------------------------- damaged values
@pytest.mark.parametrize(("table", "column", "value"), [
    ("rooms", "version", "three"), ("rooms", "version", 1.5), ("rooms", "version", b"1"),
    ("rooms", "game", "{not json"), ("rooms", "game", 42), ("rooms", "game", b"\xff"),
    ("seats", "seat", "zero"), ("seats", "digest", 5), ("seats", "seen", "yesterday"),
    ("seats", "resigned", "maybe"),
])
def test_a_damaged_value_is_the_kits_error(tmp_path: Path, table: str, column: str,
                                           value: Any) -> None:
    store, a, _b = room(tmp_path / "r.db")
    con = sqlite3.connect(store.path)
    with con:
        con.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = "
                    f"(SELECT min(rowid) FROM {table})", (value,))
    con.close()
    calls: list[Callable[[], object]] = [lambda: store.read(a.code), lambda: store.version(a.code),
             lambda: store.seats(a.code), lambda: a.refresh(), lambda: a.gone(),
             lambda: store.rejoin(a.code, a.seat, a.secret), lambda: store.join(a.code),
             lambda: a.submit(a.view().legal_actions()[0]), lambda: a.concede()]
    errors = 0
    for call in calls:
        try:
            call()
        except WppError:
            errors += 1
        # anything else (a ValueError, a TypeError) fails the test here
    assert errors, f"a damaged {column} went unnoticed"


# ---------------------------------------------------------------- an opponent who has gone
def test_a_gone_opponent_is_seen_and_the_game_claimed_only_after_the_stated_time(
        tmp_path: Path) -> None:
    clock = Clock()
    store, a, b = room(tmp_path / "r.db", clock=clock)
    mover, waiting = mover_of(a, b)
    assert waiting.gone() == {} and not waiting.can_claim()
    with pytest.raises(WppError, match="your turn"):
        mover.claim()                      # the mover cannot claim from the waiting seat
    clock.now += ABSENT_AFTER - 1
    waiting.refresh()
    assert waiting.gone() == {}
    clock.now += 1
    assert set(waiting.gone()) == {mover.seat} and not waiting.can_claim()
    with pytest.raises(WppError, match="claimed once"):
        waiting.claim()
    clock.now += CLAIM_AFTER - ABSENT_AFTER - 1
    waiting.refresh()                       # the waiting seat is here: it keeps beating
    assert not waiting.can_claim()
    with pytest.raises(WppError, match="claimed once"):
        waiting.claim()
    assert store.version(a.code) == 0
    clock.now += 1
    assert waiting.can_claim()
    waiting.claim()
    version, game = store.read(a.code)
    assert game.is_over and version == 1 and isinstance(game.actions[-1], Concede)
    assert game.returns()[waiting.seat] > game.returns()[mover.seat]
    assert waiting.is_over and "conceded" in waiting.log()[-1]
    with pytest.raises(WppError, match="over"):
        waiting.claim()


def test_a_present_opponent_cannot_be_claimed_from(tmp_path: Path) -> None:
    clock = Clock()
    store, a, b = room(tmp_path / "r.db", clock=clock)
    mover, waiting = mover_of(a, b)
    for _ in range(30):                    # both pages poll; minutes pass
        clock.now += 4
        mover.refresh()
        waiting.refresh()
    assert waiting.gone() == {} and not waiting.can_claim()
    with pytest.raises(WppError, match="claimed once"):
        waiting.claim()
    # the opponent reloads after a long absence: rejoining is a sign of life
    clock.now += CLAIM_AFTER * 2
    assert waiting.can_claim()
    RoomStore(store.path, clock=clock).rejoin(a.code, mover.seat, mover.secret)
    assert not waiting.can_claim()
    assert store.version(a.code) == 0


def test_concede_is_always_open_to_a_seated_player(tmp_path: Path) -> None:
    store, a, b = room(tmp_path / "r.db")
    mover, waiting = mover_of(a, b)
    with pytest.raises(IllegalAction, match="turn"):
        waiting.submit(Concede())          # the engine's Concede is the mover's alone
    text = waiting.concede()               # off turn: recorded
    assert "conceded" in text and store.version(a.code) == 0
    assert waiting.seat in mover.gone()    # the other page is told at once
    with pytest.raises(WppError, match="conceded"):
        waiting.claim()                    # a seat that conceded claims nothing
    for _ in range(50):                    # the mover plays on: the concession lands on its turn
        if mover.is_over:
            break
        mover.submit(next(x for x in mover.view().legal_actions()
                          if not isinstance(x, Concede)))
    _, game = store.read(a.code)
    assert game.is_over and isinstance(game.actions[-1], Concede)
    assert game.returns()[mover.seat] > game.returns()[waiting.seat]
