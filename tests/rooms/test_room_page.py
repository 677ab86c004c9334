"""The room page with plain calls: two pages (two students) on one store, driven by clicks.

Each page's synced widget state — everything its browser could read — is checked after every
move: it names no card hidden from that page's seat (the other's hand, the deck).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.rooms.test_room_page_any_game import says_the_end
from widgets.games.warpairs.action_bar import button_kind
from widgets.games.warpairs.board import WarPairsBoard
from widgets.games.warpairs.seen import hidden_cards
from widgets.site.room import RoomPage
from widgets.testing import leaks, walk
from wpp.services.rooms import RoomStore
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile


def wb(page: RoomPage) -> WarPairsBoard:
    """The page's WarPairsPoker board."""
    assert isinstance(page.board, WarPairsBoard)
    return page.board


def page_text(page: RoomPage) -> str:
    states: dict[str, Any] = {x.model_id: x.get_state() for x in walk(page.root)}
    return json.dumps(states, ensure_ascii=False, default=str)


def click(page: RoomPage, action: Action) -> None:
    """Make ``action`` on ``page`` by clicking its widgets, as the student would."""
    if isinstance(action, TakeFromPile):
        [button] = [b for b in wb(page).pile.buttons if b.card == action.card]
        button.click()
        return
    if isinstance(action, Mulligan | PlayCards):
        for card in action.cards:
            b = wb(page).bottom.button_for(card)
            assert b is not None, f"{card} is not a button of the page's hand"
            b.click()
    assert page.seat is not None
    kind = button_kind(action, page.seat.view().phase)
    assert kind is not None and kind in wb(page).bar.visible_kinds()
    wb(page).bar.buttons[kind].click()


@pytest.fixture
def pages(tmp_path: Path) -> tuple[RoomStore, RoomPage, RoomPage]:
    store = RoomStore(tmp_path / "rooms.sqlite3")
    a, b = RoomPage(store, poll=0), RoomPage(RoomStore(store.path), poll=0)
    a.create_button.click()
    assert a.seat is not None and "Waiting for the other student" in a.room_line.value
    b.code.value = f" {a.seat.code.lower()} "      # typed, then Enter
    assert b.seat is not None and b.seat.code == a.seat.code
    assert a.poll() and "has joined" in a.room_line.value
    return store, a, b


def test_two_pages_play_and_see_only_their_own_cards(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    rng = random.Random(4)
    for _ in range(24):
        if a.seat.is_over:
            break
        mover = a if a.seat.view().my_turn else b
        waiting = b if mover is a else a
        assert wb(waiting).bar.visible_kinds() == [] and "thinking" in waiting.status.value
        legal = [x for x in mover.seat.view().legal_actions()  # type: ignore[union-attr]
                 if not isinstance(x, Concede)]
        before = store.version(a.seat.code)
        click(mover, rng.choice(legal))
        assert store.version(a.seat.code) == before + 1, mover.message.value
        assert waiting.poll() and not waiting.poll()
        _, game = store.read(a.seat.code)
        for page in (a, b):
            assert page.seat is not None
            assert page.seat.view() == game.view(page.seat.seat)
            found = leaks(page_text(page), hidden_cards(game, page.seat.seat))
            assert not found, f"seat {page.seat.seat}'s page names {found}"
    assert store.version(a.seat.code) >= 10


def test_refusals_are_shown_and_change_nothing(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    mover, waiting = (a, b) if a.seat.view().my_turn else (b, a)
    # a click the page did not offer (the waiting page's hidden Concede button)
    wb(waiting).bar.buttons["concede"].click()
    wb(waiting).bar.buttons["concede"].click()
    assert "turn" in waiting.message.value and store.version(a.seat.code) == 0
    # an illegal mulligan: one card instead of three
    card = sorted(mover.seat.view().hand)[0]  # type: ignore[union-attr]
    wb(mover).bottom.button_for(card).click()  # type: ignore[union-attr]
    wb(mover).bar.buttons["mulligan"].click()
    assert mover.message.value and store.version(a.seat.code) == 0
    with pytest.raises(AssertionError):
        click(waiting, Concede())   # the waiting page offers no action at all


def test_bad_codes_are_refused_in_the_lobby(tmp_path: Path) -> None:
    page = RoomPage(RoomStore(tmp_path / "r.sqlite3"), poll=0)
    page.code.value = "abc"            # incomplete: Enter does nothing yet
    assert page.seat is None and page.lobby_message.value == ""
    page.join_button.click()
    assert page.seat is None and "room code" in page.lobby_message.value
    page.code.value = "ZZZZZ"
    assert page.seat is None and "no room" in page.lobby_message.value


def test_the_home_page_links_the_room_page() -> None:
    from widgets.site.home import NOTEBOOKS, ROOM_PAGE, home_html

    assert (NOTEBOOKS / ROOM_PAGE).is_file()
    assert f'href="{ROOM_PAGE}"' in home_html()


def test_after_a_game_the_pages_meet_in_a_new_room(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    assert a.lobby.layout.display == "none"
    a.create_button.click()                       # no new room in the middle of a game
    old = a.seat.code
    assert a.seat.code == old and a.lobby.layout.display == "none"
    mover, waiting = (a, b) if a.seat.view().my_turn else (b, a)
    wb(mover).bar.buttons["concede"].click()
    assert "Concede this game?" in wb(mover).selection_info.value
    assert mover.seat is not None and not mover.seat.is_over
    wb(mover).bar.buttons["concede"].click()
    assert waiting.poll()
    for page in (a, b):
        assert page.seat is not None and page.seat.is_over
        assert says_the_end(page)            # game 1 of a match that goes on: no lobby
        assert not page.poll()
    mover.create_button.click()
    assert mover.seat.code == old            # no new room in the middle of a match
    while not mover.seat.match().over:       # the match played out: the mover concedes
        a.rematch_button.click()
        b.rematch_button.click()
        for page in (a, b):
            page.poll()
        assert not mover.seat.is_over
        mover.concede()
        mover.concede()                       # the second click confirms
        if not mover.seat.is_over:            # off turn: played on the mover's turn
            waiting.poll()
            assert waiting.seat is not None
            waiting.choose(next(x for x in waiting.seat.view().legal_actions()
                                if not isinstance(x, Concede)))
        for page in (a, b):
            page.poll()
    for page in (a, b):
        assert says_the_end(page) and "Game over" in page.status.value
    old = mover.seat.code
    version = store.version(old)
    mover.create_button.click()
    assert mover.seat is not None and mover.seat.code != old and not mover.seat.is_over
    waiting.code.value = mover.seat.code
    assert waiting.seat is not None and waiting.seat.code == mover.seat.code
    assert {mover.seat.seat, waiting.seat.seat} == {0, 1}
    assert store.version(old) == version and store.version(mover.seat.code) == 0


def test_the_page_polls_the_store_on_the_kernels_loop(tmp_path: Path) -> None:
    """With an event loop running (as in a kernel), the page re-reads the store by itself."""
    import asyncio

    store = RoomStore(tmp_path / "r.sqlite3")
    code = store.create("warpairs", seed=6)

    async def scene() -> tuple[int, int]:
        page = RoomPage(store, poll=0.05, code=code)
        page.join_button.click()
        assert page.seat is not None and "Waiting" in page.status.value
        other = RoomStore(store.path).join(code)
        mover = other if other.view().my_turn else None
        if mover is None:     # the page's seat acts first: act through the page
            first = sorted(page.seat.view().hand)[:3]
            for c in first:
                wb(page).bottom.button_for(c).click()  # type: ignore[union-attr]
            wb(page).bar.buttons["mulligan"].click()
            other.refresh()
        logged = len(page.seat.log())
        other.submit(Mulligan(sorted(other.view().hand)[:3]))
        await asyncio.sleep(0.5)
        assert page.log.value.count("<li") == len(page.seat.log())   # drawn, too
        return logged, len(page.seat.log())

    before, after = asyncio.run(scene())
    assert after == before + 1


def test_a_reloaded_page_takes_its_seat_back_from_its_address(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    """The page's address carries its seat's secret (the script copies it into the browser's
    address); a page opened at that address continues the game; a forged one is refused."""
    import urllib.parse

    from widgets.site.room import room_script_html

    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    assert "beforeunload" in room_script_html() and "replaceState" in room_script_html()
    query = b.address_query()
    assert f'data-query="{query.replace("&", "&amp;")}"' in b.address.value
    fields = urllib.parse.parse_qs(query)
    assert fields["room"] == [b.seat.code] and fields["seat"] == [str(b.seat.seat)]
    assert "wpp-live" in b.root._dom_classes
    mover = a if a.seat.view().my_turn else b
    click(mover, Mulligan(sorted(mover.seat.view().hand)[:3]))  # type: ignore[union-attr]
    again = RoomPage(RoomStore(store.path), poll=0, query=query)   # b reloads
    assert again.seat is not None and again.seat.seat == b.seat.seat
    assert again.seat.version == 1 and again.lobby.layout.display == "none"
    assert again.address.value == b.address.value
    if again.seat.view().my_turn:
        click(again, Mulligan(sorted(again.seat.view().hand)[:3]))
        assert store.version(b.seat.code) == 2, again.message.value
    forged = dict(fields, key=["A" * 24])
    intruder = RoomPage(RoomStore(store.path), poll=0,
                        query=urllib.parse.urlencode(forged, doseq=True))
    assert intruder.seat is None and "does not hold" in intruder.lobby_message.value
    assert intruder.code.value == b.seat.code        # the code is filled in, no more


def test_a_double_click_on_a_stale_board_is_refused(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    mover = a if a.seat.view().my_turn else b
    assert mover.seat is not None
    other = RoomPage(RoomStore(store.path), poll=0, query=mover.address_query())  # 2nd tab
    click(other, Mulligan(sorted(mover.seat.view().hand)[:3]))
    click(mover, Mulligan(sorted(mover.seat.view().hand)[:3]))   # drawn before: refused
    assert "moved on" in mover.message.value and store.version(a.seat.code) == 1
    assert mover.seat.version == 1                      # and the page shows the game as it is


def test_the_other_student_gone_then_claimed(tmp_path: Path) -> None:
    from wpp.services.room_seat import ABSENT_AFTER, CLAIM_AFTER

    now = [1e6]
    store = RoomStore(tmp_path / "r.sqlite3", clock=lambda: now[0])
    a, b = RoomPage(store, poll=0), RoomPage(store, poll=0)
    a.create_button.click()
    assert a.seat is not None
    b.code.value = a.seat.code
    assert b.seat is not None and a.poll()
    mover, waiting = (a, b) if a.seat.view().my_turn else (b, a)
    assert waiting.seat is not None
    assert waiting.concede_button.layout.display != "none"       # Concede is always there
    assert waiting.claim_button.layout.display == "none"
    now[0] += ABSENT_AFTER
    assert waiting.poll() and "seems to have gone" in waiting.room_line.value
    assert waiting.claim_button.layout.display == "none"
    waiting.claim_button.click()          # hidden, but a click must not win early
    assert "claimed once" in waiting.message.value and not waiting.seat.is_over
    now[0] += CLAIM_AFTER - ABSENT_AFTER
    assert waiting.poll() and waiting.claim_button.layout.display != "none"
    waiting.claim_button.click()
    assert waiting.seat.is_over and says_the_end(waiting)
    assert "wpp-live" not in waiting.root._dom_classes
    assert waiting.claim_button.layout.display == "none"
    assert mover.poll() and mover.seat is not None and mover.seat.is_over


def test_concede_off_turn_from_the_room_bar(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    mover, waiting = (a, b) if a.seat.view().my_turn else (b, a)
    waiting.concede_button.click()
    assert "Click Concede again" in waiting.message.value
    waiting.concede_button.click()
    assert "conceded" in waiting.message.value and store.version(a.seat.code) == 0
    assert mover.poll() and "has conceded" in mover.room_line.value
    click(mover, Mulligan(sorted(mover.seat.view().hand)[:3]))  # type: ignore[union-attr]
    assert mover.seat is not None and mover.seat.is_over      # the concession landed
    assert waiting.poll() and says_the_end(waiting)
