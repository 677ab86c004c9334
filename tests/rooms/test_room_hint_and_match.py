"""A room has the game page's Hint and match (issue 38).

Hint is for the person's own seat only and is asked with that seat's view alone: a spy
agent checks that it is handed exactly the seat's view and nothing else, and the hint's
words on the page name no card the seat cannot see. The room plays a running match over its
rematches on the game's own rule (``MATCH``), kept in the store — a reload, or another page,
reads the same match — and an old store file still opens."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.rooms.test_room_like_the_page import pages_of
from tests.rooms.test_room_page_any_game import not_concede, open_room, page_text, unseen
from tests.rooms.test_room_rematch import reopened
from widgets.parts.plain_words import plain
from widgets.site.room import RoomPage, hint_for
from widgets.testing import leaks
from wpp.core.errors import WppError
from wpp.core.registry import match_rule, registered_games
from wpp.services.room_seat import Seat
from wpp.services.rooms import RoomStore


class Spy:
    """The game's hint agent, recording everything it is handed."""

    def __init__(self, game: str) -> None:
        self.name, self.agent = hint_for(game)
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def offer(self, game: str) -> tuple[str, Any]:
        """What the page asks for its hint AI: this spy."""
        return self.name, self

    def decide(self, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((args, kwargs))
        return self.agent.decide(*args, **kwargs)


# ---------------------------------------------------------------- Hint
@pytest.mark.parametrize("game", registered_games())
def test_hint_is_asked_with_the_seats_view_only_and_names_no_hidden_card(
        tmp_path: Path, game: str) -> None:
    pages = pages_of(tmp_path, game)
    spies: dict[int, Spy] = {}
    for p in pages:
        spies[id(p)] = spy = Spy(game)
        p.hints = spy.offer
    rng = random.Random(11)
    hinted = refused = 0
    for _ in range(400):
        for p in pages:
            p.poll()
        lead = pages[0].seat
        assert lead is not None
        if lead.is_over or hinted >= 4:
            break
        for p in pages:
            seat = p.seat
            assert seat is not None
            spy = spies[id(p)]
            before = len(spy.calls)
            if p.side.open == "hint":
                p.hint_button.click()             # the second click closes it
                assert p.side.open == ""
            p.hint_button.click()
            if not seat.view().my_turn:           # another's turn: greyed, it says why,
                assert p.hint_button.disabled     # and (clicked anyway) asks nobody
                assert "Hint is for your turn" in p.hint_button.tooltip
                assert len(spy.calls) == before and p.side.open != "hint"
                assert "a hint is for your own turn" in p.message.value
                refused += 1
                continue
            assert not p.hint_button.disabled
            # exactly one call, with exactly this seat's view, and nothing else
            assert len(spy.calls) == before + 1
            args, kwargs = spy.calls[-1]
            assert kwargs == {} and len(args) == 1
            assert repr(args[0]) == repr(seat._history.view(seat.seat))
            assert getattr(args[0], "player", seat.seat) == seat.seat
            shown = p.side.view.html.value
            assert p.side.open == "hint" and "Hint for you from " in shown
            # the AI's reasons name the seats as the page does: "your mulligan", not "P1's"
            assert not re.search(r"\bP[1-9]\b", plain(shown)), plain(shown)[:300]
            assert "selected for you" in p.message.value
            hidden = unseen(p)
            assert not leaks(shown, hidden), (game, leaks(shown, hidden))
            assert not leaks(page_text(p), hidden)
            hinted += 1
        movers = [p for p in pages if p.seat is not None and p.seat.view().my_turn]
        if movers:
            assert movers[0].seat is not None
            movers[0].choose(rng.choice(not_concede(movers[0].seat.view().legal_actions())))
            assert movers[0].side.hint is None    # the move made the hint stale
    assert hinted > 0, f"{game}: no hint was asked"


def test_a_seat_hints_only_its_own_live_turn(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("warpairs", seed=3)
    a, b = store.join(code), store.join(code)
    mover, other = (a, b) if a.view().my_turn else (b, a)
    spy = Spy("warpairs")
    with pytest.raises(WppError, match="turn: a hint is for your own turn"):
        other.hint(spy)
    assert spy.calls == []
    mover.hint(spy)
    assert len(spy.calls) == 1 and store.version(code) == 0      # nothing written
    mover.concede()
    other.refresh()
    with pytest.raises(WppError, match="the game is over"):
        other.hint(spy)
    assert len(spy.calls) == 1


def test_hint_waits_for_everyone(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    host = RoomPage(store, poll=0)
    host.create_button.click()
    host.hint_button.click()
    assert "Wait for everyone to join" in host.message.value and host.side.open != "hint"


def test_hint_is_greyed_off_turn_with_the_reason_and_names_the_other_as_the_page_does(
        tmp_path: Path) -> None:
    """The walk-through pressed Hint on the other student's turn and was answered in red;
    the button is greyed then, its tooltip saying whose turn it is, in the page's own name
    for them ("the other student", as the board and the match line say: in a room of two
    no seat numbers)."""
    store = RoomStore(tmp_path / "r.sqlite3")
    a, b = open_room(store, "warpairs", 2, {})
    assert a.seat is not None and b.seat is not None
    mover, waiting = (a, b) if a.seat.view().my_turn else (b, a)
    assert not mover.hint_button.disabled
    assert waiting.hint_button.disabled
    assert waiting.names()[mover.seat.seat] == "The other student"
    assert waiting.hint_button.tooltip == "Hint is for your turn: it is the other student's turn"
    mover.hint_button.click()
    assert "Hint for you" in mover.side.view.html.value
    assert "Hint for you (P" not in mover.side.view.html.value
    finish_by_concession(mover.seat, waiting.seat)
    for p in (a, b):
        p.refresh()                  # (the seats were moved under the pages: draw again)
        assert p.hint_button.disabled and "the game is over" in p.hint_button.tooltip


# ---------------------------------------------------------------- the match
def finish_by_concession(loser: Seat, winner: Seat) -> None:
    """WarPairsPoker: ``loser`` concedes (on its turn, or off turn played by the winner's
    next move)."""
    loser.refresh()
    loser.concede()
    if not loser.is_over:                   # off turn: played when it is the loser's turn
        winner.refresh()
        winner.submit(not_concede(winner.view().legal_actions())[0])
    for s in (loser, winner):
        s.refresh()
    assert loser.is_over


def test_a_rooms_match_runs_over_its_rematches_and_survives_a_reload(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("warpairs")
    a, b = store.join(code), store.join(code)
    rule = match_rule("warpairs")
    assert rule.count == "wins" and a.match().played == 0
    for k in range(1, rule.first_to + 1):          # B wins every game
        finish_by_concession(a, b)
        match = a.match()
        assert (match.played, match.tally) == (k, [0.0, float(k)])
        assert b.match() == match                      # every page reads the same match
        # a reload: a new store on the file, the seat taken back, the same match
        again = RoomStore(store.path).rejoin(code, a.seat, a.secret)
        assert again.match() == match
        assert match.over == (k == rule.first_to)
        a.ask_rematch()
        b.ask_rematch()
        after = a.match()
        if k < rule.first_to:
            assert after == match                      # the rematch goes on in the match
        else:
            assert (after.number, after.played, after.tally) == (2, 0, [0.0, 0.0])
    a.refresh()
    assert not a.is_over and a.match().number == 2


def test_a_match_counts_each_game_once(tmp_path: Path) -> None:
    """The end is counted with the write that stores it: reading, polling and a second
    store on the file do not count it again."""
    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("warpairs")
    a, b = store.join(code), store.join(code)
    finish_by_concession(b, a)
    for s in (a, b):
        s.refresh()
    RoomStore(store.path)
    assert (a.match().played, a.match().tally) == (1, [1.0, 0.0])


def test_the_room_page_shows_the_match_and_names_its_winner(tmp_path: Path) -> None:
    store = RoomStore(tmp_path / "r.sqlite3")
    a, b = open_room(store, "warpairs", 2, {})
    assert a.seat is not None and b.seat is not None
    assert "Match</b> (first to 2 wins): Game 1" in a.match_line.html.value
    for k in range(2):
        a.concede()
        a.concede()                               # the second click confirms
        if not a.seat.is_over:                    # off turn: played on A's turn
            b.poll()
            b.choose(not_concede(b.seat.view().legal_actions())[0])
        a.poll()
        b.poll()
        assert a.seat.is_over and b.seat.is_over
        if k < 1:
            assert f"Game {k + 1} · You {k + 1} – The other student 0" in \
                b.match_line.html.value
            a.rematch_button.click()
            b.rematch_button.click()
            a.poll()
            assert f"Game {k + 2}" in a.match_line.html.value
    assert "The other student wins the match" in a.match_line.html.value
    assert "You win the match: You 2 – The other student 0" in b.match_line.html.value
    assert "You win the match" in b.end.box.children[0].value     # on the banner too
    assert "a rematch starts the next one" in b.match_line.html.value
    reloaded = RoomPage(RoomStore(store.path), poll=0, query=b.address_query())
    assert reloaded.match_line.html.value == b.match_line.html.value


def test_an_old_store_opens_and_its_rooms_start_their_match(tmp_path: Path) -> None:
    path = tmp_path / "v4.db"
    store = RoomStore(path)
    code = store.create("warpairs")
    a, b = store.join(code), store.join(code)
    with sqlite3.connect(path) as con:          # the file as schema 4 wrote it
        con.executescript("ALTER TABLE rooms DROP COLUMN match_data;"
                          "ALTER TABLE rooms DROP COLUMN game_number;")
        con.execute("PRAGMA user_version = 4")
    con.close()
    again = reopened(path)
    a = again.rejoin(code, a.seat, a.secret)
    assert a.match().played == 0
    finish_by_concession(a, again.rejoin(code, b.seat, b.secret))
    assert a.match().tally == [0.0, 1.0]
