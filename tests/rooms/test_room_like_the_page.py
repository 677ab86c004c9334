"""A room like the game page, with plain calls on two pages (two kernels on one store): the
same rules (the page's own "how to play" with the numbered rules one click away), Why? in
public terms only — checked against what each seat may see —, the last move in one line, each
player's result at the end, and a Rematch that seats the same players in a new game of the
same room once everyone has asked."""

from __future__ import annotations

import random
from html import escape
from pathlib import Path

import pytest

from tests.rooms.test_room_page_any_game import not_concede, open_room, page_text, unseen
from widgets.parts.how_to_play import how_to_play_html
from widgets.parts.last_move import brief
from widgets.site import room
from widgets.site.room import RoomPage
from widgets.testing import leaks
from wpp.core.registry import game_def, registered_games
from wpp.services.rooms import RoomStore


def pages_of(tmp_path: Path, game: str) -> list[RoomPage]:
    """A room of ``game`` with the computer in its last seat: two students where the game
    seats three, else one student and the computer."""
    store = RoomStore(tmp_path / "rooms.sqlite3")
    players = min(3, game_def(game).max_players)
    if players > 2:
        return list(open_room(store, game, players, {2: ("random", None)}))
    host = RoomPage(store, poll=0)
    host.game.value = game
    assert host.chooser is not None
    host.chooser.set(1, "agent:random")
    host.create_button.click()
    assert host.seat is not None, host.lobby_message.value
    return [host]


@pytest.mark.parametrize("game", registered_games())
def test_a_room_shows_the_pages_rules(tmp_path: Path, game: str) -> None:
    [page, *_] = pages_of(tmp_path, game)
    assert page.side.view.html.layout.display == "none"
    page.rules_button.click()
    shown = page.side.view.html.value
    assert page.board is not None and shown == page.board.rules_html  # type: ignore[attr-defined]
    assert "How to play" in shown and '<details class="wpp-numbered">' in shown
    assert how_to_play_html(game) in shown or game == "warpairs"   # its own reference cards
    page.rules_button.click()
    assert page.side.view.html.layout.display == "none"


@pytest.mark.parametrize("game", registered_games())
def test_why_in_a_room_names_no_card_a_seat_may_not_see(tmp_path: Path, game: str) -> None:
    """After every computer move, each page opens Why?: the computer's turn is told (not the
    empty words), in public terms, and neither the panel nor anything else on the page names
    a card of the stored game that the seat's view and narration do not give it."""
    pages = pages_of(tmp_path, game)
    for p in pages:
        p.why_button.click()
        assert p.seat is not None
        # the deal is random: the computer may have moved already (its seat starts the round)
        computer_moved = any(e.player in p.seat.computers() for e in p.seat._history.events)
        assert ("has not moved yet" in p.side.view.html.value) == (not computer_moved)
    rng = random.Random(5)
    told = 0
    for _ in range(400):
        before = {id(p): p.seat_version for p in pages}
        for p in pages:
            p.poll()
        lead = pages[0].seat
        assert lead is not None
        moved = any(p.seat_version != before[id(p)] for p in pages)
        if moved:
            for p in pages:
                assert p.seat is not None
                if p.side.open != "why":
                    p.why_button.click()
                why = p.side.view.html.value
                if any(p.seat._history.events[k].player in p.seat.computers()
                       for k in range(len(p.seat._history.events))):
                    assert "Why the computer did that" in why
                    assert escape(room.PUBLIC_NOTE) in why or escape(room.MOVE_NOTE) in why
                    told += "has not moved yet" not in why
                hidden = unseen(p)
                assert not leaks(why, hidden), (game, p.seat.seat, leaks(why, hidden))
                assert not leaks(page_text(p), hidden)
        if lead.is_over:
            break
        movers = [p for p in pages if p.seat is not None and p.seat.view().my_turn]
        if movers:
            [mover] = movers
            assert mover.seat is not None
            mover.choose(rng.choice(not_concede(mover.seat.view().legal_actions())))
    assert told > 0, f"{game}: Why? never told a computer move"


def test_the_end_says_each_players_result_and_a_rematch_seats_them_again(
        tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "rooms.sqlite3")
    a, b = open_room(store, "draw", 3, {2: ("random", None)})
    assert a.seat is not None and b.seat is not None
    code = a.seat.code
    rng = random.Random(2)
    while not a.seat.is_over:
        for p in (a, b):
            p.poll()
        for p in (a, b):
            if p.seat is not None and p.seat.view().my_turn and not p.seat.is_over:
                p.choose(rng.choice(p.seat.view().legal_actions()))
                break
    b.poll()
    # the last move in one line, in the room's names, the narration's last words (a
    # result's hand-by-hand details left to the showdown and the log)
    assert escape(brief(a.in_names(a.seat.log()[-1]))) in a.last_move.html.value
    returns = a.seat.returns()
    for p, names in ((a, a.names()), (b, b.names())):
        # the end's button: the match's next hand (or game) while it goes on, else Rematch
        match = a.seat.match()
        label = "Rematch" if match.over else f"Next {match.rule.unit}"
        assert p.end.box.layout.display == "flex" and p.rematch_button.description == label
        # the lobby shown again offers this room's game (the walk-through: the joiner's
        # read "WarPairsPoker" under a 5-card draw room's result)
        assert p.game.value == "draw" or not match.over
        assert p.results.layout.display == ""
        for seat, name in enumerate(names):        # each player, with their points
            assert name in p.results.value
            assert str(abs(returns[seat])).rstrip("0").rstrip(".") in p.results.value
        best = max(returns)
        head = p.end.text.value
        me = p.seat.seat if p.seat is not None else -1
        assert ("You win!" in head) == (returns[me] == best and returns.count(best) == 1)
    a.rematch_button.click()
    assert a.rematch_button.disabled and "waiting for" in a.end.text.value
    assert a.seat.is_over and store.version(code) == a.seat_version
    assert b.poll() and f"asked for {'a rematch' if match.over else 'the next'}" in \
        b.end.text.value
    b.rematch_button.click()
    assert b.seat.is_over is False and b.message.value == ""    # a fresh page
    assert a.poll()
    for p in (a, b):
        assert p.seat is not None and not p.seat.is_over
        assert p.end.box.layout.display == "none" and p.results.layout.display == "none"
        assert p.lobby.layout.display == "none" and "Game over" not in p.status.value
        assert "wpp-live" in p.root._dom_classes and "rematch" not in p.message.value
    assert (a.seat.seat, b.seat.seat) == (0, 1) and set(a.seat.computers()) == {2}


def test_the_last_move_is_one_line_above_the_board(tmp_path: Path) -> None:
    [a, b] = pages_of(tmp_path, "pairs")
    assert a.seat is not None
    assert (a.last_move.html.layout.display == "none") == (not a.seat.log())
    # The deal is random: the computer may act first (it moves once both students are in,
    # as the pages poll); then a student is to act.
    for _ in range(20):
        movers = [p for p in (a, b) if p.seat is not None and p.seat.view().legal_actions()]
        if movers:
            break
        for p in (a, b):
            p.poll()
    assert movers, "no student came to act"
    mover = movers[0]
    assert mover.seat is not None
    mover.choose(mover.seat.view().legal_actions()[0])
    for p in (a, b):
        p.poll()
        assert p.seat is not None
        assert p.last_move.html.layout.display == "" and "Last move" in p.last_move.html.value
        assert "last move" not in (p.board.table.value if p.board else "").lower()  # type: ignore[attr-defined]


def test_rematch_during_a_game_does_nothing(tmp_path: Path) -> None:
    [page] = pages_of(tmp_path, "warpairs")
    assert page.seat is not None
    version = page.seat_version
    page.rematch()
    assert page.seat_version == version and not page.seat.is_over
    assert page.end.box.layout.display == "none"

