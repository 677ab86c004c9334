"""A room names its seats as a player reads them, in rooms of any size (issue 38: a
players' walk-through read "Seats: P1 you · P2 free · P3 the computer (expected (share 0.9))",
"P3 hits a 7", "Hint for you (P2)", "it starts when P2 asks too" and a headline that repeated
every hand of the showdown)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest

from tests.rooms.test_room_page_any_game import not_concede, open_room
from widgets.page.names import room_names
from widgets.page.seat_words import in_sentence
from widgets.page.seats import SeatChooser, computer_name, opponent_choices
from widgets.parts.plain_words import plain
from widgets.site.room import LEAVE_ARMED, RoomPage
from wpp.services.rooms import RoomStore

#: The engine's seat names, which no room text may show.
ENGINE_SEAT = re.compile(r"\bP[1-9]\b")


def shown(page: RoomPage) -> str:
    """Every line of words the room page shows, as a player reads them."""
    parts = [page.room_line.value, page.status.value, page.last_move.html.value,
             page.message.value, page.end.text.value, page.results.value,
             page.side.view.html.value, page.game_log.html.value]
    return plain(html.unescape(" ".join(str(p) for p in parts)))


def play_to_the_end(pages: list[RoomPage], seed: int) -> None:
    """Random legal moves on whichever page is to act until the game is over."""
    rng = random.Random(seed)
    first = pages[0]
    assert first.seat is not None
    for _ in range(2000):
        if first.seat.is_over:
            break
        for p in pages:
            p.poll()
        for p in pages:
            if p.seat is not None and p.seat.view().my_turn and not p.seat.is_over:
                p.choose(rng.choice(not_concede(p.seat.view().legal_actions())))
                break
    for p in pages:
        p.poll()
    assert first.seat.is_over


@pytest.mark.parametrize("me,computers,players,expected", [
    (0, [2], 3, ["You", "The other student", "The computer"]),
    (2, [], 3, ["Student 1", "Student 2", "You"]),
    (1, [0, 3], 4, ["Computer 1", "You", "The other student", "Computer 2"]),
    (0, [1], 2, ["You", "The computer"]),
])
def test_room_names_name_every_seat_without_its_engine_name(
        me: int, computers: list[int], players: int, expected: list[str]) -> None:
    names = room_names(me, computers, players)
    assert names == expected
    assert len(set(names)) == players and not any(ENGINE_SEAT.search(n) for n in names)
    assert in_sentence(names[me]) == "you"


def test_a_three_seat_pairs_room_names_nobody_p1_p2_p3(tmp_path: Path) -> None:
    """Pairs with two students and the computer in seat 3, the walk's room: the room line,
    the log, the last move, Hint and the end speak of "You", "the other student" and "the
    computer" (its level's name, not its agent's id and options)."""
    store = RoomStore(tmp_path / "rooms.sqlite3")
    a, b = open_room(store, "pairs", 3, {2: ("expected", None)})
    assert a.seat is not None
    line = plain(html.unescape(a.room_line.value))
    name = computer_name("pairs", "expected", a.seat.computers()[2].options)
    assert f"Seats: 1 You · 2 The other student · 3 The computer ({name})" in line
    assert "expected" not in line and "share" not in line
    for p in (a, b):
        assert p.labels()[2] == "The computer" and "You" in p.labels()
    rng = random.Random(3)
    hinted = False
    for _ in range(400):
        if a.seat.is_over:
            break
        for p in (a, b):
            p.poll()
        for p in (a, b):
            assert not ENGINE_SEAT.search(shown(p)), shown(p)[:400]
            if p.seat is not None and p.seat.view().my_turn and not p.seat.is_over:
                if not hinted:
                    p.hint_button.click()
                    assert "Hint for you from " in p.side.view.html.value
                    assert not ENGINE_SEAT.search(shown(p)), shown(p)[:400]
                    hinted = True
                p.choose(rng.choice(not_concede(p.seat.view().legal_actions())))
                break
    assert hinted
    for p in (a, b):
        p.poll()
        log = " ".join(p.in_names(x) for x in p.seat.log()) if p.seat else ""
        assert log and not ENGINE_SEAT.search(log), log[:300]


def test_a_two_student_draw_room_says_the_short_result_and_who_the_rematch_waits_for(
        tmp_path: Path) -> None:
    """5-card draw between two students: the headline says who won, not every hand of the
    showdown; the rematch waits for "the other student", not "P2"."""
    store = RoomStore(tmp_path / "rooms.sqlite3")
    a, b = open_room(store, "draw", 2, {})
    asked = 0
    for game in range(6):
        play_to_the_end([a, b], game)
        assert a.seat is not None and b.seat is not None
        for p in (a, b):
            status = plain(html.unescape(p.status.value))
            assert p.seat is not None
            assert p.seat.outcome.rstrip(".") not in status
            assert "(" not in status.split(".")[0], status      # no hands in the headline
            assert re.search(r"— (You win|The other student wins|A draw)", status), status
        if a.seat.match().over:
            break
        a.rematch_button.click()
        if a.seat.is_over:          # the next hand waits for the other student
            words = plain(html.unescape(a.message.value))
            assert "when the other student asks too" in words, words
            assert not ENGINE_SEAT.search(words)
            asked += 1
        b.rematch_button.click()
        a.poll()
        assert not a.seat.is_over and not b.seat.is_over      # the next hand is dealt
    assert asked


def test_the_seat_chooser_names_seats_for_a_newcomer() -> None:
    """The lobby's and the Options menu's chooser: "Seat 2", never the engine's "P2"."""
    chooser = SeatChooser("pairs", 4, {0: "person"})
    head = chooser.box.children[0].value
    assert "Who plays in each seat" in head
    for seat, d in chooser.dropdowns.items():
        assert d.description == f"Seat {seat + 1}"
        assert not ENGINE_SEAT.search(d.description + d.tooltip)
    agent = next(v for _, v in opponent_choices("pairs") if v.startswith("level:"))
    for seat in (1, 2):
        chooser.set(seat, agent)
    chooser.set(3, agent)
    texts = " ".join(d.value for d in chooser.details.values())
    assert "the same as seat 2" in texts and not ENGINE_SEAT.search(texts)


def test_the_rooms_lobby_says_who_plays_with_you(tmp_path: Path) -> None:
    """The lobby hides the host's own seat: its chooser says who plays with them."""
    page = RoomPage(RoomStore(tmp_path / "rooms.sqlite3"), poll=0)
    page.game.value = "pairs"
    page.players.value = 3
    assert page.chooser is not None
    text = re.sub(r"<[^>]+>", "", page.chooser.box.children[0].value)
    assert text == "Who plays with you (you take seat 1)"
    assert [d.description for s, d in page.chooser.dropdowns.items() if s] == ["Seat 2", "Seat 3"]


def test_leave_confirm_is_short_enough_for_a_phone() -> None:
    """A 390-px screen cut "Really leave the room?" to "Really leave the roo…"."""
    assert LEAVE_ARMED == "Really leave?" and len(LEAVE_ARMED) <= 14
