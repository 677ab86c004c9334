"""A room's match of several hands goes on after a hand (the players' walk-through: after
OFC's hand 1 of 3 the page said "Game over … click Rematch" under "Hand 1 of 3", with no Next
hand and the lobby back above the board).

While the match is not over, the end of a hand offers **Next hand** (every student clicks
it, as a rematch: nobody is dealt a hand they did not ask for), the banner says the hand's
result and where the match stands, and the lobby stays hidden; once the match is over the
page offers the Rematch and the lobby as before."""

from __future__ import annotations

import random
from pathlib import Path

from tests.rooms.test_room_page_any_game import open_room
from widgets.site.room import RoomPage
from wpp.core.registry import match_rule
from wpp.services.rooms import RoomStore


def play_hand(pages: tuple[RoomPage, ...], rng: random.Random) -> None:
    """Play the room's game to its end by random legal moves, through the pages."""
    first = pages[0].seat
    assert first is not None
    for _ in range(2000):
        for p in pages:
            p.poll()
        if first.is_over:
            break
        for p in pages:
            if p.seat is not None and p.seat.view().my_turn and not p.seat.is_over:
                p.choose(rng.choice(p.seat.view().legal_actions()))
                break
    for p in pages:
        p.poll()
    assert first.is_over


def test_an_ofc_match_goes_on_with_next_hand_until_its_last_hand(tmp_path: Path) -> None:
    rule = match_rule("ofc")
    assert rule.unit == "hand" and rule.hands == 3
    store = RoomStore(tmp_path / "r.sqlite3")
    pages = open_room(store, "ofc", 2, {})
    a, b = pages
    rng = random.Random(5)
    for hand in range(1, rule.hands + 1):
        play_hand(pages, rng)
        if hand < rule.hands:
            for p in pages:
                assert p.rematch_button.description == "Next hand", hand
                assert p.lobby.layout.display == "none", hand
                assert "Game over" not in p.status.value
                assert "Rematch" not in p.status.value
                assert f"Hand {hand} of 3 over" in p.status.value
                assert f"Hand {hand} of 3" in p.end.text.value      # where the match stands
                assert "match goes on" in p.end.text.value
            a.rematch_button.click()
            assert a.rematch_button.description == "Next hand asked"
            assert "waiting for" in a.end.text.value and "next hand" in a.end.text.value
            assert a.seat is not None and a.seat.is_over      # B has not asked yet
            b.poll()
            assert "asked for the next hand" in b.end.text.value
            b.rematch_button.click()
            a.poll()
            for p in pages:
                assert p.seat is not None and not p.seat.is_over
                assert f"Hand {hand + 1} of 3" in p.match_line.html.value
        else:
            for p in pages:
                assert p.rematch_button.description == "Rematch"
                assert "Game over" in p.status.value and p.lobby.layout.display != "none"
                assert any(w in p.end.text.value for w in
                           ("win the match", "wins the match", "match is drawn"))
