"""The room page for every game, with plain calls: two pages (two students, two kernels on one
store) create and join a room of each of the five games through the lobby's widgets, with the
computer in the seats left over, and play it to the end on each game's own board; the
computer's turns are played by the pages' polls. Every third move, each page's synced widget
state — everything its browser could read — names no card its seat's view does not give it.
"""

from __future__ import annotations

import html
import json
import random
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from widgets.page.board import Board
from widgets.page.seats import computer_name
from widgets.parts.plain_words import plain
from widgets.site.room import RoomPage, board_for
from widgets.testing import leaks, walk
from wpp.core.errors import WppError
from wpp.core.registry import game_def, registered_games
from wpp.core.standard_deck import parse_card
from wpp.services.rooms import RoomStore

_CARD = re.compile(r"Card\('([^']+)'\)")


def page_text(page: RoomPage) -> str:
    states: dict[str, Any] = {x.model_id: x.get_state() for x in walk(page.root)}
    return json.dumps(states, ensure_ascii=False, default=str)


def unseen(page: RoomPage) -> frozenset[Any]:
    """The standard cards of the stored game that the page's seat may not know now: in the
    state, but neither in its view nor in its narration."""
    assert page.seat is not None
    _, game = page.store.read(page.seat.code)
    known = repr(game.view(page.seat.seat)) + "\n".join(game.log(page.seat.seat))
    return frozenset(parse_card(c) for c in set(_CARD.findall(repr(game.state)))
                     - set(_CARD.findall(known)))


def not_concede(actions: list[Any]) -> list[Any]:
    return [a for a in actions if type(a).__name__ != "Concede"] or actions


def says_the_end(page: RoomPage) -> bool:
    """Whether ``page`` says its game is over as the room's match stands: "Game over",
    Rematch and Leave the room once the match is over, the lobby's form behind Leave the room
    (the walk-through: a joined player read the lobby's form as part of the end); while it
    goes on, "<Hand|Game> k … over", Next hand (or game) and no lobby (the walk-through:
    OFC's "Game over" after hand 1 of 3)."""
    assert page.seat is not None and page.seat.is_over
    match = page.seat.match()
    if match.over:
        return ("Game over" in page.status.value and page.lobby.layout.display == "none"
                and page.rematch_button.description in ("Rematch", "Rematch asked")
                and page.end.buttons["leave"].description == "Leave the room"
                and page.end.box.layout.display != "none")
    unit = match.rule.unit.capitalize()
    return (f"<b>{unit} {match.played}" in page.status.value
            and "Game over" not in page.status.value
            and page.lobby.layout.display == "none"
            and page.rematch_button.description == f"Next {match.rule.unit}")


def open_room(store: RoomStore, game: str, players: int,
              computer: dict[int, tuple[str, float | None]]) -> tuple[RoomPage, RoomPage]:
    """The host's page creates the room through the lobby's widgets; a second page joins it
    by its code, typed."""
    host, guest = RoomPage(store, poll=0), RoomPage(RoomStore(store.path, clock=store.clock),
                                                    poll=0)
    host.game.value = game
    host.players.value = players
    assert host.chooser is not None and host.chooser.players == players
    for seat, (agent, budget) in computer.items():
        host.chooser.set(seat, f"agent:{agent}", budget)
    host.create_button.click()
    assert host.seat is not None, host.lobby_message.value
    assert host.seat.game == game and host.seat.players == players
    assert {s: m.agent for s, m in host.seat.computers().items()} == {
        s: a for s, (a, _) in computer.items()}
    guest.code.value = host.seat.code.lower()
    assert guest.seat is not None, guest.lobby_message.value
    assert host.poll() and "has joined" in host.room_line.value
    assert isinstance(host.board, Board) and host.board.game == game
    for seat, (agent, _) in computer.items():     # the seat's number, the player's name
        name = computer_name(game, agent, host.seat.computers()[seat].options)
        assert f"{seat + 1} The computer ({name}" in host.room_line.value
        assert f"P{seat + 1}" not in host.room_line.value
    return host, guest


def room_shape(game: str) -> tuple[str, int, dict[int, tuple[str, float | None]]]:
    """A room of ``game`` for two pages: three seats where the game allows, the third the
    computer (its random player: quick for every game)."""
    players = min(3, game_def(game).max_players)
    return game, players, ({2: ("random", None)} if players > 2 else {})


GAMES = [room_shape(game) for game in registered_games()]


@pytest.mark.parametrize(("game", "players", "computer"), GAMES, ids=[g[0] for g in GAMES])
def test_a_room_of_each_game_is_played_to_the_end_by_two_pages(
        tmp_path: Path, game: str, players: int,
        computer: dict[int, tuple[str, float | None]]) -> None:
    store = RoomStore(tmp_path / "rooms.sqlite3")
    a, b = open_room(store, game, players, computer)
    assert a.seat is not None and b.seat is not None
    code = a.seat.code
    rng = random.Random(7)
    moves = 0
    for _ in range(3000):
        for page in (a, b):
            page.poll()
        if a.seat.is_over:
            break
        movers = [p for p in (a, b) if p.seat is not None and p.seat.view().my_turn]
        if not movers:
            assert a.seat.computer_to_act or b.seat.computer_to_act, "nobody moves"
            continue
        [mover] = movers
        waiting = b if mover is a else a
        assert "thinking" in waiting.status.value
        assert "Your turn" in mover.status.value or game == "warpairs"
        assert "legal move" not in mover.status.value          # as on the game page
        before = store.version(code)
        assert mover.seat is not None
        mover.choose(rng.choice(not_concede(mover.seat.view().legal_actions())))
        assert store.version(code) == before + 1, mover.message.value
        moves += 1
        for page in (a, b):
            page.poll()
            if moves % 3:       # every third position (the whole tree is slow to read)
                continue
            found = leaks(page_text(page), unseen(page))
            assert not found, f"{game}: seat {page.seat.seat}'s page names {found}"  # type: ignore[union-attr]
    _, stored = store.read(code)
    assert stored.is_over and moves > 0
    # every turn of a computer's seat was played by the pages' polls, and only those turns
    # (a short Pairs deal can end before the third seat's first turn: CI's run of d7e8099)
    actors = [stored.game.to_act(state) for state in stored.states[:-1]]
    assert len(actors) == len(stored.actions)
    assert sum(seat in computer for seat in actors) == len(stored.actions) - moves
    for page in (a, b):
        assert page.seat is not None and page.seat.is_over
        assert says_the_end(page)
        assert "wpp-live" not in page.root._dom_classes
        assert not page.poll()
        # the game page's short result words, from the board's outcome(view) where it has one
        short = getattr(page.board, "outcome", None)
        if callable(short):
            words = plain(page.in_names(short(page.seat.view()))).rstrip(".")
            assert words and words != page.seat.outcome.rstrip(".")
            assert words in html.unescape(page.status.value), page.status.value
        # in every room, of any size: the page's names, never the engine's "P2"
        for text in (page.status.value, page.room_line.value, page.last_move.html.value,
                     page.end.text.value):
            assert not re.search(r"\bP[1-9]\b", plain(html.unescape(text))), text
            assert page.seat.outcome.rstrip(".") not in html.unescape(page.status.value)


# per-game: agents with a budget, as the room suite's games had before it took every
# registered game with its random player
@pytest.mark.parametrize(("game", "agent", "budget"), [("ofc", "pyofc", 5), ("pairs", "pipmc", 3)])
def test_a_computer_seat_with_a_budget_is_set_from_the_lobby(
        tmp_path: Path, game: str, agent: str, budget: float) -> None:
    """The lobby's budget reaches the room's computer, and the room opens on the game's own
    board."""
    a, _ = open_room(RoomStore(tmp_path / "r.sqlite3"), game, 3, {2: (agent, budget)})
    assert a.seat is not None
    computer = a.seat.computers()[2]
    assert computer.agent == agent and budget in computer.options.values(), computer


def test_the_lobby_offers_each_games_seat_counts(tmp_path: Path) -> None:
    page = RoomPage(RoomStore(tmp_path / "r.sqlite3"), poll=0)
    for game in registered_games():
        counts = range(game_def(game).min_players, game_def(game).max_players + 1)
        page.game.value = game
        assert list(page.players.options) == list(counts)
        page.players.value = max(counts)
        assert page.chooser is not None and page.chooser.players == max(counts)
        assert page.chooser.dropdowns[0].layout.display == "none"     # P1 is the host
    page.game.value = "pairs"
    page.players.value = 3
    assert page.chooser is not None
    page.chooser.set(1, "agent:random")
    page.chooser.set(2, "agent:expected")
    page.create_button.click()                     # every seat the computer's but the host's
    assert page.seat is not None and page.seat.everyone_joined()
    assert "Everyone has joined" in page.room_line.value


def test_the_computer_cannot_take_every_seat_and_a_full_room_is_refused(
        tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    host = RoomPage(store, poll=0)
    host.game.value, host.players.value = "ofc", 3
    assert host.chooser is not None
    host.chooser.set(1, "agent:random")
    host.create_button.click()
    assert host.seat is not None and "Waiting for the other student" in host.room_line.value
    guest = RoomPage(store, poll=0, code=host.seat.code)
    guest.join_button.click()
    assert guest.seat is not None and guest.seat.seat == 2
    late = RoomPage(store, poll=0, code=host.seat.code)
    late.join_button.click()
    assert late.seat is None and "full" in late.lobby_message.value


def test_leave_and_the_computer_plays_on(tmp_path: Path) -> None:
    """In a game without Concede, the room bar's button is "Let the computer play": two
    clicks hand the seat to the computer, every page says so, and the game still ends."""
    store = RoomStore(tmp_path / "r.sqlite3")
    a, b = open_room(store, "pairs", 3, {2: ("random", None)})
    assert a.seat is not None and b.seat is not None
    assert b.concede_button.description == "Let the computer play"
    b.concede_button.click()
    assert "Click Let the computer play again" in b.message.value
    b.concede_button.click()
    assert "left the game" in b.message.value
    assert b.concede_button.layout.display == "none"
    assert "You left the game" in b.status.value or b.seat.is_over
    a.poll()
    assert "who left" in a.room_line.value
    rng = random.Random(1)
    for _ in range(500):
        a.poll()
        b.poll()
        if a.seat.is_over:
            break
        if a.seat.view().my_turn:
            a.choose(rng.choice(a.seat.view().legal_actions()))
    assert a.seat.is_over and says_the_end(b)


def test_a_3_seat_page_draws_only_its_seat(tmp_path: Path) -> None:
    """5-card draw, three seats: each page's widgets name its own five cards and none of the
    others' (nor the stub), until the showdown."""
    store = RoomStore(tmp_path / "r.sqlite3")
    a, b = open_room(store, "draw", 3, {1: ("exact", None)})
    assert a.seat is not None and b.seat is not None
    _, game = store.read(a.seat.code)
    for page in (a, b):
        assert page.seat is not None
        own = set(game.view(page.seat.seat).hand)
        others = {c for s in range(3) if s != page.seat.seat for c in game.state.dealt[s]}
        text = page_text(page)
        assert others and not leaks(text, frozenset(others))
        assert set(leaks(text, frozenset(own), ascii=False))     # its own cards are drawn


@pytest.mark.parametrize("game", registered_games())
def test_board_for_finds_each_games_own_board(game: str) -> None:
    board = board_for(game)
    assert type(board).__module__ == f"widgets.games.{game}.board" and board.game == game
    assert isinstance(board, Board)


@pytest.mark.parametrize("exported", [None, (), ("Helper",), ("NotABoard",)])
def test_a_game_without_an_exported_board_is_the_kits_error(
        monkeypatch: pytest.MonkeyPatch, exported: tuple[str, ...] | None) -> None:
    """A missing board was a plain list board in its place, silently: now the kit's error
    names the game and what its board module must export."""
    game = registered_games()[-1]
    where = f"widgets.games.{game}.board"
    if exported is None:        # no board module at all
        monkeypatch.setitem(sys.modules, where, None)
    else:
        module = types.ModuleType(where)
        module.Helper = object      # type: ignore[attr-defined]

        class NotABoard:            # names the game but is no board
            pass
        NotABoard.game = game       # type: ignore[attr-defined]
        module.NotABoard = NotABoard    # type: ignore[attr-defined]
        module.__all__ = list(exported)  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, where, module)
    with pytest.raises(WppError, match=rf"{game}.*{re.escape(where)}.*__all__"):
        board_for(game)


def test_the_lowest_page_heard_from_plays_the_computers_turn(tmp_path: Path) -> None:
    """The computer's decision is made once: the page of the lowest seat plays it at once;
    another page waits a few polls, then plays it itself (the leading page may have gone)."""
    from widgets.site.room import COMPUTER_GRACE
    from wpp.services.room_seat import ABSENT_AFTER

    now = [1e6]
    store = RoomStore(tmp_path / "r.sqlite3", clock=lambda: now[0])
    rng = random.Random(2)

    def to_computer_turn(pages: list[RoomPage]) -> bool:
        """The people play (no poll: nobody plays the computer) until it is its turn."""
        for _ in range(100):
            for page in pages:
                assert page.seat is not None
                page.seat.refresh()
            seat = pages[0].seat
            assert seat is not None
            if seat.is_over:
                return False
            if seat.computer_to_act:
                return True
            mover = next(p for p in pages if p.seat is not None and p.seat.view().my_turn)
            assert mover.seat is not None
            mover.choose(rng.choice(mover.seat.view().legal_actions()))
        raise AssertionError("no computer turn in 100 moves")

    for seed in range(20):
        code = store.create("pairs", seed=seed, players=3, computer={2: "random"})
        a, b = RoomPage(store, poll=0, code=code), RoomPage(store, poll=0, code=code)
        a.join()
        b.join()
        assert a.seat is not None and b.seat is not None
        if to_computer_turn([a, b]):
            break
    version = store.version(code)
    for _ in range(COMPUTER_GRACE):
        b.poll()
        assert store.version(code) == version       # b waits for a
    a.poll()
    assert store.version(code) == version + 1       # a, the lowest seat, played it
    # a's page goes: at the computer's next turn b plays it, after the grace polls
    if not to_computer_turn([b, a]):
        return
    now[0] += ABSENT_AFTER
    version = store.version(code)
    b.poll()
    assert store.version(code) == version
    for _ in range(COMPUTER_GRACE):
        b.poll()
    assert store.version(code) == version + 1


def test_a_reloaded_pairs_page_takes_its_seat_back(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("pairs", players=4, computer={3: "random"})
    a, b = RoomPage(store, poll=0, code=code), RoomPage(store, poll=0, code=code)
    a.join()
    b.join()
    assert a.seat is not None and b.seat is not None
    again = RoomPage(RoomStore(store.path), poll=0, query=b.address_query())
    assert again.seat is not None and again.seat.seat == b.seat.seat
    assert type(again.board).__name__ == "PairsBoard"
    assert again.lobby.layout.display == "none" and "· 2 You ·" in again.room_line.value
    assert "Waiting for the other student" in again.room_line.value   # seat 3 is not here yet
    assert "3 Student 3, not here yet · 4 The computer (Beginner)" in again.room_line.value
    third = RoomPage(RoomStore(store.path), poll=0, code=a.seat.code)
    third.join_button.click()
    assert third.seat is not None and third.seat.seat == 2
    assert again.poll() and "Everyone has joined" in again.room_line.value


def test_a_gone_student_is_played_by_the_computer_from_the_page(tmp_path: Path) -> None:
    """OFC has no Concede: once a student has been gone on their turn for the stated time,
    the other page offers to let the computer play for them; the gone page, back, has its
    seat again."""
    from wpp.services.room_seat import CLAIM_AFTER

    now = [1e6]
    store = RoomStore(tmp_path / "r.sqlite3", clock=lambda: now[0])
    a, b = open_room(store, "ofc", 2, {})
    assert a.seat is not None and b.seat is not None
    present, absent = (b, a) if a.seat.view().my_turn else (a, b)
    assert present.claim_button.layout.display == "none"
    now[0] += CLAIM_AFTER
    assert present.poll() and present.claim_button.layout.display != "none"
    assert present.claim_button.description == "Let the computer play for them"
    version = store.version(a.seat.code)
    present.claim_button.click()
    assert "computer plays for" in present.message.value
    assert store.version(a.seat.code) == version + 1           # the computer's move
    assert "who has gone" in present.room_line.value
    assert absent.poll()                        # back: the seat is its person's again
    assert absent.seat is not None and absent.seat.seat not in absent.seat.computers()


def test_nobody_moves_before_the_other_student_joins(tmp_path: Path) -> None:
    """Players' walk-through (issue 38): in a room of two students, the first one's board was
    live — cards raised, Stand pat enabled — while the page said "Waiting for the other
    student to join…". Now the board is drawn inactive until the room is full, a move sent
    anyway is refused with the reason and nothing is written; then the game goes on."""
    store = RoomStore(tmp_path / "r.sqlite3")
    host = RoomPage(store, poll=0)
    host.game.value, host.players.value = "draw", 2
    host.create_button.click()
    assert host.seat is not None and "Waiting for the other student" in host.room_line.value
    assert host.seat.to_act == host.seat.seat            # the host's turn, in principle
    assert host.board is not None and not host.board._legal  # type: ignore[attr-defined]
    version = store.version(host.seat.code)
    move = host.seat.view().legal_actions()[0]
    host.choose(move)
    assert "Wait for everyone" in host.message.value and store.version(host.seat.code) == version
    guest = RoomPage(store, poll=0, code=host.seat.code)
    guest.join_button.click()
    assert guest.seat is not None
    host.poll()
    assert host.board._legal                               # type: ignore[attr-defined]
    host.choose(move)
    assert store.version(host.seat.code) == version + 1
