"""Rooms of every game, any seat count, computer seats (issue 26, item 3), with plain calls.

Each of the five games is played to the end in a room by two pages (two stores on one file,
as two kernels), with the computer in the other seats where the game has more; the computer's
turns are played by whichever page is open, and two pages racing on one of them write it once
with the same decision; seat counts outside a game's range and bad computer seats are the
kit's error with nothing stored; a gone person is taken over by the computer in a game
without Concede and gets the seat back when heard from; a page reads only its own seat; a
store of the schema before computer seats is migrated.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.registry import game_def, registered_games
from wpp.core.standard_deck import CARDS
from wpp.services.computer_seats import CLAIMED, HOST, LEFT, computer_seed
from wpp.services.room_seat import ABSENT_AFTER, CLAIM_AFTER, Seat, StaleRoom
from wpp.services.rooms import SCHEMA_VERSION, RoomStore


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def not_concede(actions: list[Any]) -> list[Any]:
    return [a for a in actions if type(a).__name__ != "Concede"] or actions


def step(pages: list[Seat], rng: random.Random) -> str:
    """One move of the room: the computer's by the first page that sees it (a random one of
    them), else the person's whose turn it is; what was played, as the mover reads it."""
    for page in pages:
        page.refresh()
    first = pages[0]
    if first.computer_to_act:
        return rng.choice(pages).play_computer()
    mover = next(p for p in pages if p.view().my_turn)
    assert sum(p.view().my_turn for p in pages) == 1
    return mover.submit(rng.choice(not_concede(mover.view().legal_actions())))


# (game, players, computer seats): two people in every room, the computer (its random
# player: quick for every game) in a third seat where the game allows one
ROOMS = [(game, min(3, game_def(game).max_players),
          {2: "random"} if game_def(game).max_players > 2 else {})
         for game in registered_games()]


@pytest.mark.parametrize(("game", "players", "computer"), ROOMS, ids=[r[0] for r in ROOMS])
def test_a_room_of_each_game_is_played_to_the_end_by_two_pages(
        tmp_path: Path, game: str, players: int, computer: dict[int, Any]) -> None:
    path = tmp_path / "r.db"
    code = RoomStore(path).create(game, seed=11, players=players, computer=computer)
    a, b = RoomStore(path).join(code), RoomStore(path).join(code.lower())
    assert {a.seat, b.seat} | set(computer) == set(range(players))
    assert a.everyone_joined() and set(a.computers()) == set(computer)
    assert all(m.why == HOST for m in a.computers().values())
    with pytest.raises(WppError, match="full"):
        RoomStore(path).join(code)
    rng = random.Random(5)
    computer_moves = 0
    for _ in range(2000):
        a.refresh()
        if a.is_over:
            break
        computer_moves += a.computer_to_act
        step([a, b], rng)
    version, stored = RoomStore(path).read(code)
    assert stored.is_over and stored.name == game and stored.players == players
    assert version == len(stored.actions)        # one write per move, none lost or doubled
    b.refresh()
    assert a.outcome == b.outcome == stored.outcome
    assert a.returns() == b.returns() == stored.returns()
    movers = [stored.game.to_act(s) for s in stored.states[:-1]]
    assert computer_moves == sum(m in computer for m in movers)
    assert computer_moves > 0 or not computer
    with pytest.raises(WppError, match="over"):
        a.submit(stored.legal_actions()[0] if stored.legal_actions() else None)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(registered_games()), players=st.integers(-1, 8))
def test_seat_counts_are_the_games_own(tmp_path_factory: pytest.TempPathFactory, game: str,
                                       players: int) -> None:
    store = RoomStore(tmp_path_factory.mktemp("n") / "r.db")
    rule = game_def(game)
    if rule.min_players <= players <= rule.max_players:
        code = store.create(game, seed=1, players=players)
        seats = [store.join(code).seat for _ in range(players)]
        assert seats == list(range(players))
        with pytest.raises(WppError, match="full"):
            store.join(code)
    else:
        with pytest.raises(WppError, match=f"{rule.title} is for"):
            store.create(game, seed=1, players=players)
        assert store.prune(max_age=-1e9) == 0           # nothing was stored


def test_pairs_up_to_six_and_ofc_up_to_four(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    assert store.read(store.create("pairs", players=6))[1].players == 6
    assert store.read(store.create("ofc", players=4))[1].players == 4
    for game in registered_games():
        for n in (game_def(game).min_players - 1, game_def(game).max_players + 1):
            with pytest.raises(WppError, match="players, not"):
                store.create(game, players=n)


@pytest.mark.parametrize(("computer", "match"), [
    ({3: "random"}, "seats 0 to 2"),
    ({-1: "random"}, "seats 0 to 2"),
    ({True: "random"}, "seats 0 to 2"),
    ({"1": "random"}, "seats 0 to 2"),
    ({1: "deep-blue"}, "unknown agent"),
    ({1: ("pipmc", {"rollouts": 3})}, "bad options"),
    ({1: ("pipmc", {"playouts": -3})}, "playouts"),
    ({1: ("pipmc", {"playouts": float("nan")})}, r"playouts|numbers, words"),
    ({1: ("pipmc", {"playouts": object()})}, r"playouts|numbers, words"),
    ({1: ("pipmc", 3)}, "name or"),
    ({1: ("pipmc",)}, "name or"),
    ({1: 7}, "name or"),
    ({0: "random", 1: "random", 2: "random"}, "at least one"),
    ([1], "mapping"),
])
def test_bad_computer_seats_are_refused_and_nothing_stored(tmp_path: Path,
                                                           computer: Any, match: str) -> None:
    store = RoomStore(tmp_path / "r.db")
    with pytest.raises(WppError, match=match):
        store.create("pairs", players=3, computer=computer)
    assert store.prune(max_age=-1e9) == 0


def test_a_time_budget_is_refused(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    for spec in (("search", {"seconds": 1.0}),):
        with pytest.raises(WppError, match="time limit"):
            store.create("warpairs", computer={1: spec})
    with pytest.raises(WppError, match="time limit"):
        store.create("ofc", computer={1: ("pyofc", {"move_time": 0.5})})
    code = store.create("warpairs", computer={1: ("search", {"playouts": 8, "seconds": None})})
    assert store.computers(code)[1].options == {"playouts": 8, "seconds": None}


def test_rules_reach_the_stored_game(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    flags = {"only_loser": True}
    code = store.create("pairs", seed=3, players=4, rules=flags)
    rules = store.read(code)[1].rules
    assert rules.only_loser is True
    again = store.create("pairs", seed=3, players=4, rules=rules)
    assert store.read(again)[1].rules == rules
    for bad in ({"no_such_rule": 1}, {"only_loser": "yes please"}, "only_loser", {3: True}):
        with pytest.raises(WppError):
            store.create("pairs", players=4, rules=bad)


def test_a_computer_seat_cannot_be_joined(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    code = store.create("draw", seed=2, players=3, computer={0: "exact"})
    with pytest.raises(WppError, match="computer plays P1"):
        store.join(code, seat=0)
    first = store.join(code)
    assert first.seat == 1 and not first.everyone_joined()
    assert store.join(code).seat == 2 and first.everyone_joined()


# ---------------------------------------------------------------- the computer's turns
def room_at_computer_turn(path: Path, seed: int, clock: Clock | None = None
                          ) -> tuple[RoomStore, Seat, Seat]:
    """A 3-seat Pairs room, people at seats 0 and 1, played until the computer (seat 2) is
    to act."""
    store = RoomStore(path, clock=clock or Clock())
    code = store.create("pairs", seed=seed, players=3, computer={2: ("pipmc", {"playouts": 3})})
    a, b = store.join(code), RoomStore(path, clock=store.clock).join(code)
    rng = random.Random(seed)
    for _ in range(200):
        a.refresh()
        b.refresh()
        if a.computer_to_act:
            return store, a, b
        if a.is_over:
            break
        step([a, b], rng)
    pytest.skip("the game ended before the computer's turn")


@pytest.mark.parametrize("seed", range(4))
def test_two_pages_racing_on_the_computers_turn_write_it_once(tmp_path: Path,
                                                              seed: int) -> None:
    store, a, b = room_at_computer_turn(tmp_path / "r.db", seed)
    version = a.version
    assert b.version == version
    # the decision does not depend on the page that makes it
    decided = a.decide_computer()[1].action
    assert b.decide_computer()[1].action == decided
    start = threading.Barrier(4)
    counted: list[str] = []
    refused: list[BaseException] = []

    def click(page: Seat) -> None:
        start.wait()
        try:
            counted.append(page.play_computer(version))
        except WppError as err:
            refused.append(err)

    threads = [threading.Thread(target=click, args=(p,)) for p in (a, b, a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(counted) == 1 and len(refused) == 3
    assert all(isinstance(e, StaleRoom) for e in refused), refused
    stored_version, game = store.read(a.code)
    assert stored_version == version + 1 == len(game.actions)
    assert game.actions[-1] == decided      # the decision both pages would have made
    with pytest.raises(StaleRoom):
        b.play_computer(version)


def test_the_computers_decision_is_seeded_by_the_room_not_the_page(tmp_path: Path) -> None:
    store, a, b = room_at_computer_turn(tmp_path / "r.db", seed=2)
    seat, decision = a.decide_computer()
    _, game = store.read(a.code)
    seed = computer_seed(store.salt(a.code), seat, len(game.actions))
    assert RoomStore(store.path).salt(a.code) == store.salt(a.code)
    from wpp.core.registry import make_agent
    assert make_agent("pairs", "pipmc", seed, playouts=3).decide(
        game.view(seat)).action == decision.action
    a.play_computer()
    assert store.read(a.code)[1].actions[-1] == decision.action
    # a person's turn is not the computer's
    b.refresh()
    if not b.is_over and not b.computer_to_act:
        with pytest.raises(WppError, match="a person's"):
            b.play_computer()
    other = store.create("pairs", players=3)
    assert store.salt(other) != store.salt(a.code)


def test_a_person_cannot_play_the_computers_seat(tmp_path: Path) -> None:
    store, a, _b = room_at_computer_turn(tmp_path / "r.db", seed=1)
    before = store.version(a.code)
    legal = store.read(a.code)[1].legal_actions()
    with pytest.raises(WppError, match="turn"):
        a.submit(legal[0])
    assert store.version(a.code) == before


# ---------------------------------------------------------------- gone, claim, leave
def test_a_gone_person_is_played_by_the_computer_until_they_are_back(tmp_path: Path) -> None:
    clock = Clock()
    store = RoomStore(tmp_path / "r.db", clock=clock)
    code = store.create("pairs", seed=4, players=3, computer={2: "random"})
    a, b = store.join(code), store.join(code)
    a.refresh()
    while a.to_act != 1:           # let it be b's turn (b is the one who goes)
        step([a, b], random.Random(1))
        a.refresh()
        assert not a.is_over
    assert not a.can_claim()
    with pytest.raises(WppError, match="claimed once"):
        a.claim()
    clock.now += ABSENT_AFTER
    a.refresh()
    assert set(a.gone()) == {1} and not a.can_claim()
    clock.now += CLAIM_AFTER - ABSENT_AFTER
    a.refresh()
    assert a.can_claim()
    before = store.version(code)
    text = a.claim()
    assert "computer plays for P2" in text
    assert a.computers()[1].why == CLAIMED and store.version(code) == before + 1
    assert store.read(code)[1].states[-2].to_act == 1   # the computer played b's turn
    # b's page is heard from again: the seat is theirs
    clock.now += 1
    b.refresh()
    assert 1 not in store.computers(code) and set(store.computers(code)) == {2}


def test_a_returning_persons_move_wins_over_the_computers(tmp_path: Path) -> None:
    clock = Clock()
    store = RoomStore(tmp_path / "r.db", clock=clock)
    code = store.create("ofc", seed=4, players=2)
    a, b = store.join(code), store.join(code)
    a.refresh()
    absent, present = (a, b) if a.view().my_turn else (b, a)
    clock.now += CLAIM_AFTER
    present.refresh()
    store.take_over(code, absent.seat, CLAIMED, seat=present.seat, token=present.secret)
    present.refresh()
    assert present.computer_to_act
    version = present.version
    absent.submit(absent.view().legal_actions()[0])     # back, and moves first
    with pytest.raises(StaleRoom):
        present.play_computer(version)
    assert store.version(code) == version + 1 and absent.seat not in store.computers(code)


def test_leaving_a_game_without_concede_hands_the_seat_to_the_computer(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    code = store.create("pokeros", seed=6)
    a, b = store.join(code), store.join(code)
    text = b.concede()
    assert "left the game" in text
    machine = store.computers(code)[b.seat]
    assert machine.why == LEFT and machine.agent == "hal"
    assert b.seat in a.gone() and a.gone()[b.seat] == float("inf")
    b.refresh()                     # a heartbeat does not take a left seat back
    assert store.computers(code)[b.seat].why == LEFT
    with pytest.raises(WppError, match="you left"):
        b.submit(store.read(code)[1].legal_actions()[0])
    rng = random.Random(2)
    for _ in range(200):
        a.refresh()
        if a.is_over:
            break
        step([a], rng)
    _, game = store.read(code)
    assert game.is_over


def test_concede_in_warpairs_is_still_the_engines(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    code = store.create("warpairs", seed=3)
    a, b = store.join(code), store.join(code)
    mover = a if a.view().my_turn else b
    mover.concede()
    _, game = store.read(code)
    assert game.is_over and type(game.actions[-1]).__name__ == "Concede"
    assert store.computers(code) == {}


# ---------------------------------------------------------------- only the seat's view
def hidden_from(seat: Seat) -> set[str]:
    """The cards of a draw room the seat may not see (all but its own, until the showdown)."""
    view = seat.view()
    if view.showdown is not None:
        return set()
    mine = set(view.dealt) | set(view.my_draw or ())
    return {str(c) for c in CARDS} - {str(c) for c in mine}


def test_a_page_reads_only_its_own_seat_in_a_three_seat_room(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.db")
    code = store.create("draw", seed=8, players=3, computer={1: "exact"})
    a, c = store.join(code), store.join(code)
    assert (a.seat, c.seat) == (0, 2)
    rng = random.Random(3)
    texts: list[str] = []
    while True:
        for page in (a, c):
            page.refresh()
            _, game = store.read(code)
            assert page.view() == game.view(page.seat)
            hidden = hidden_from(page)
            said = repr(page.view()) + "\n".join(page.log())
            assert not any(card in said for card in hidden), page.seat
        if a.is_over:
            break
        texts.append(step([a, c], rng))
        hidden = hidden_from(a) & hidden_from(c)
        assert not any(card in texts[-1] for card in hidden)
    assert a.log() != c.log()       # each reads the narration as its seat may


# ---------------------------------------------------------------- the store
def test_a_schema_2_store_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    fresh = RoomStore(tmp_path / "new.db")
    game = fresh.read(fresh.create("warpairs", seed=2))[1]
    from wpp.services.room_codes import token_digest
    from wpp.services.room_file import _SCHEMA_2

    with sqlite3.connect(path) as con:
        con.executescript(_SCHEMA_2)
        con.execute("INSERT INTO rooms VALUES ('ABCDE', ?, 0, ?)", (game.to_json(), 1e12))
        con.execute("INSERT INTO seats VALUES ('ABCDE', 0, ?, 0, 0)",
                    (token_digest("secretsecretsecret0123"),))
        con.execute("PRAGMA user_version = 2")
    con.close()
    store = RoomStore(path)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()
    assert len(store.salt("ABCDE")) == 32 and store.computers("ABCDE") == {}
    alice = store.rejoin("ABCDE", 0, "secretsecretsecret0123")
    bob = store.join("ABCDE")
    mover = alice if alice.view().my_turn else bob
    mover.submit(mover.view().legal_actions()[0])
    assert store.version("ABCDE") == 1
    RoomStore(path)            # opening it again changes nothing
    assert store.rejoin("ABCDE", 0, "secretsecretsecret0123").version == 1


@pytest.mark.parametrize(("column", "value"), [
    ("agent", b"\xff"), ("options", "{not json"), ("options", "[1]"), ("why", "bored"),
    ("seat", "two")])
def test_a_damaged_computer_seat_is_the_kits_error(tmp_path: Path, column: str,
                                                   value: Any) -> None:
    store = RoomStore(tmp_path / "r.db")
    code = store.create("draw", seed=2, players=3, computer={2: "exact"})
    a = store.join(code)
    con = sqlite3.connect(store.path)
    with con:
        con.execute(f"UPDATE computers SET {column} = ?", (value,))
    con.close()
    with pytest.raises(WppError, match="damaged"):
        store.computers(code)
    with pytest.raises(WppError):
        a.everyone_joined()


@st.composite
def room_shapes(draw: st.DrawFn) -> tuple[str, int]:
    """Any registered game and any number of seats it allows."""
    game = draw(st.sampled_from(registered_games()))
    return game, draw(st.integers(game_def(game).min_players, game_def(game).max_players))


@settings(max_examples=12, deadline=None)
@given(shape=room_shapes(), data=st.data())
def test_any_interleaving_of_pages_counts_each_move_once(
        tmp_path_factory: pytest.TempPathFactory, shape: tuple[str, int],
        data: st.DataObject) -> None:
    """Any room, any seats the computer plays, any order of the pages' requests — a legal
    move, the computer's turn, an off-turn or stale request: each accepted request is one
    move and one version, every refused one changes nothing, and each page reads its seat's
    view of the stored game."""
    with mock.patch.object(RoomStore, "salt", lambda self, code: "a fixed salt"):
        # (the computer's decisions are seeded by the room's secret salt: fixed here, so
        # that a replayed example meets the same positions — hypothesis requires it)
        _interleave(tmp_path_factory, shape, data)


def _interleave(tmp_path_factory: pytest.TempPathFactory, shape: tuple[str, int],
                data: st.DataObject) -> None:
    game, n = shape
    machines = data.draw(st.sets(st.integers(1, n - 1), max_size=n - 1), label="computer")
    path = tmp_path_factory.mktemp("i") / "r.db"
    code = RoomStore(path).create(game, seed=data.draw(st.integers(0, 999), label="seed"),
                                  players=n, computer={s: "random" for s in machines})
    pages = [RoomStore(path).join(code) for _ in range(n - len(machines))]
    assert sorted(p.seat for p in pages) == sorted(set(range(n)) - machines)
    for _ in range(data.draw(st.integers(1, 40), label="requests")):
        page = data.draw(st.sampled_from(pages))
        kind = data.draw(st.sampled_from(["move", "computer", "stale", "off-turn"]))
        before = RoomStore(path).read(code)
        if before[1].is_over:
            break
        accepted = True
        try:
            if kind == "move":
                legal = page.view().legal_actions()
                if not legal:
                    raise WppError("not this page's turn")
                page.submit(data.draw(st.sampled_from(not_concede(legal))))
            elif kind == "computer":
                page.play_computer()
            elif kind == "stale":
                page.play_computer(page.version - 1)
            else:
                page.submit(before[1].legal_actions()[0], page.version)
        except WppError:
            accepted = False
        version, stored = RoomStore(path).read(code)
        assert version == len(stored.actions)
        if accepted:
            assert version == before[0] + 1
            mover = stored.game.to_act(stored.states[-2])
            assert (mover in machines) == (kind == "computer")
            assert kind != "stale"
        else:
            assert (version, stored.to_json()) == (before[0], before[1].to_json())
        for p in pages:
            p.refresh()
            assert p.version == version and p.view() == stored.view(p.seat)
