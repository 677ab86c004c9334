"""A room's match of several hands goes on after a hand (the players' walk-through: after
OFC's hand 1 of 3 the page said "Game over … click Rematch" under "Hand 1 of 3", with no Next
hand and the lobby back above the board).

While the match is not over, the end of a hand offers **Next hand** (every student clicks
it, as a rematch: nobody is dealt a hand they did not ask for), the banner says the hand's
result and where the match stands, and the lobby stays hidden; once the match is over the
page offers the Rematch and the lobby as before."""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from unittest import mock

import pytest

from tests.rooms.test_room_page_any_game import open_room
from widgets.site.room import RoomPage
from widgets.testing import walk
from wpp.core.registry import match_rule, registered_games
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
                assert "Game over" in p.status.value and p.lobby.layout.display == "none"
                assert "Leave the room" in p.status.value
                assert any(w in p.end.text.value for w in
                           ("win the match", "wins the match", "match is drawn"))
                # the match's result is the large line, the hand's result a smaller one
                # under it: a big "You win!" over a lost match misled players
                heads = re.findall(r'<div class="wpp-banner-head[^"]*">([^<]*)</div>',
                                   p.end.text.value)
                assert len(heads) == 1 and "match" in heads[0], heads
                assert "This hand: " in p.end.text.value
                assert p.seat is not None
                mine = p.seat.match().winners() == [p.seat.seat]
                assert ("wpp-won" in p.end.box._dom_classes) == mine


@pytest.mark.parametrize("game", registered_games())
def test_the_room_hands_the_boards_keys_to_the_key_script(tmp_path: Path, game: str) -> None:
    """Hint then Enter did nothing in a room (the focused Hint button took the Enter): the
    room shows the game page's key script and names the board's keys for it, so Enter
    clicks the board's own Enter element, which plays the selection (the hinted move)."""
    store = RoomStore(tmp_path / "r.sqlite3")
    pages = open_room(store, game, 2, {})
    [a] = [p for p in pages if p.seat is not None and p.seat.view().my_turn]
    assert a.board is not None and a.seat is not None
    a.hint_button.click()                 # the hinted move selected: Enter plays it
    [enter] = [k.css_class for k in list(a.board.keys()) if k.key == "Enter"]
    shown = re.search(r"data-wpp-keys='([^']*)'", a.keys.value)
    assert shown is not None
    keys = json.loads(html.unescape(shown.group(1)))
    assert keys["Enter"] == enter and keys["H"] == "wpp-hint"
    assert any(enter in getattr(x, "_dom_classes", ()) for x in walk(a.root)), \
        f"{game}: no element of class {enter} on the room's board"
    assert "__wppHotkeys" in room_display_html(a)


def room_display_html(page: RoomPage) -> str:
    """The HTML the room shows after its widgets when a notebook displays it."""
    from IPython.display import HTML

    shown: list[str] = []
    with mock.patch("IPython.display.display",
                    lambda obj, **_kw: shown.append(obj.data if isinstance(obj, HTML) else "")):
        page._ipython_display_()
    return "".join(shown)


def test_on_a_phone_the_title_wraps_and_the_controls_are_44_px(tmp_path: Path) -> None:
    """The walk-through at 390 px: the title was cut ("Open Face Chinese Poker — a r") and
    the room's buttons were 26 px tall. (The browser test measures them at 390 px.)"""
    page = RoomPage(RoomStore(tmp_path / "r.sqlite3"), poll=0)
    css = "".join(getattr(x, "value", "") for x in walk(page.root)
                  if "@media" in str(getattr(x, "value", "")))
    phone = css[css.index("@media (max-width: 600px)"):]
    assert re.search(r"\.wpp-room \.wpp-brand \{[^}]*white-space: normal", phone)
    rule = re.search(r"([^{}]*)\{[^}]*min-height: 44px", phone)
    assert rule is not None
    for control in ("button", "select", "input"):
        assert f".wpp-room {control}" in rule.group(1)
