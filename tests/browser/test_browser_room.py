"""End to end: two students, two browsers. Two Chromium pages on one Voilà server (two
kernels) meet in a room by its code and play the mulligans and a few moves by clicks; each
page shows the other's moves by itself (it polls the shared store); one page is reloaded in
the middle of the game (it asks first) and takes its seat back from its address, with no
other step, and plays on; and neither page — its
HTML, its text, the websocket frames it received — ever names a card hidden from its seat.
A room of 5-card draw shows How to play, Why? in public terms, each player's result and a
Rematch that both students must click (also at 390 px wide).
Screenshots go to ``artifacts/room/`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Shipped
from widgets.games.warpairs.action_bar import button_kind
from widgets.games.warpairs.seen import hidden_cards
from widgets.page.game_end import in_page_names
from widgets.page.names import room_names
from widgets.page.seats import agent_label
from widgets.parts.plain_words import plain
from widgets.site.room import board_for
from widgets.site.serve import ROOT
from widgets.testing import leaks
from wpp.services.rooms import RoomStore
from wpp.warpairs.actions import Action, Concede, Draw, Mulligan, PlayCards, TakeFromPile

pytestmark = pytest.mark.browser

SHOTS = ROOT / "artifacts" / "room"
WAIT = 30_000  # ms
#: The random AI as a seat's list names it in the lobby, from the game's own words.
PAIRS_CHANCE = f"Other: {agent_label('pairs', 'random')}"
DRAW_CHANCE = f"Other: {agent_label('draw', 'random')}"


class Student:
    """One browser tab on the room page, recording the websocket frames it receives."""

    def __init__(self, browser: Any, url: str) -> None:
        self.page = browser.new_page(viewport={"width": 1280, "height": 1000})
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.page.wait_for_selector(".wpp-room-create", timeout=90_000)

    def _frame(self, f: str | bytes) -> None:
        s = f if isinstance(f, str) else f.decode("utf-8", errors="replace")
        self.frames.append(re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)),
                                  s))

    def do(self, action: Action, phase: Any, *, double: bool = False) -> None:
        """Click ``action`` (``double``: its button twice at once, as a double click)."""
        p = self.page
        if isinstance(action, TakeFromPile):
            p.click(f'.wpp-pile .wpp-card[title="take {action.card} from the pile"]')
            return
        if isinstance(action, Mulligan | PlayCards):
            for c in action.cards:
                p.click(f'.wpp-hand.wpp-active .wpp-card[title="{c}"]')
                p.wait_for_selector(f'.wpp-active .wpp-card.wpp-selected[title="{c}"]',
                                    timeout=WAIT)
        button = f".wpp-act-{button_kind(action, phase)}"
        if double:
            p.dblclick(button)
        else:
            p.click(button)

    def leaks(self, cards: frozenset[Any]) -> list[str]:
        html: str = self.page.content()
        room: str = self.page.eval_on_selector(".wpp-room", "e => e.outerHTML")
        text = html + "\n" + self.page.inner_text("body") + "\n".join(self.frames)
        return leaks(text, cards, ascii=False) + leaks(room, cards)


@pytest.fixture(scope="module")
def server(shipped: Shipped) -> tuple[str, Path]:
    """The room page on the server as ``make play`` starts it (the room page is pooled)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return shipped.page("room"), shipped.store


def create_room(host: Student, game: str, players: int, computer: int, chance: str) -> str:
    """``host`` creates a room of ``game`` (its title) with ``players`` seats, the random AI
    (``chance``: its label in the seat's list) in seat ``computer`` (0-based) and the other
    seats a student's, in the lobby as a person does; the room's code once its line says it
    waits for the others."""
    from playwright.sync_api import expect

    page = host.page
    page.select_option(".wpp-room-game select", label=game)
    page.select_option(".wpp-room-players select", label=str(players))
    # The seats are drawn again for the seat count: the last seat's choice shows they are
    # (a choice made before the redraw is lost).
    page.wait_for_selector(f".wpp-seat-{players - 1} select", timeout=WAIT)
    page.select_option(f".wpp-seat-{computer} select", label=chance)
    expect(page.locator(f".wpp-seat-{computer} select option:checked")).to_have_text(chance)
    page.click(".wpp-room-create")
    line = page.locator(".wpp-room-line")
    expect(line).to_contain_text("Waiting for the other student", timeout=WAIT)
    code = re.search(r"Room ([A-Z0-9]{5})", line.inner_text())
    assert code is not None
    return code[1]


def join_room(student: Student, code: str, seat: int) -> None:
    """``student`` types ``code`` and presses Enter, and is seated in ``seat`` (0-based)."""
    from playwright.sync_api import expect

    student.page.fill(".wpp-room-code input", code)
    student.page.press(".wpp-room-code input", "Enter")
    expect(student.page.locator(".wpp-room-line")).to_contain_text(f"Room {code}",
                                                                   timeout=WAIT)
    seated_in(student, seat)


def seated_in(student: Student, seat: int, timeout: float = WAIT) -> None:
    """``student``'s page holds ``seat`` (0-based): its address says so (the room line of
    a room of two names no seat number)."""
    from playwright.sync_api import expect

    expect(student.page).to_have_url(re.compile(rf"[?&]seat={seat}(&|$)"), timeout=timeout)


def test_two_browsers_play_through_a_room(browser: Any, server: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    url, path = server
    alice, bob = Student(browser, url), Student(browser, url)
    alice.page.click(".wpp-room-create")
    line = alice.page.locator(".wpp-room-line")
    expect(line).to_contain_text("Waiting for the other student", timeout=WAIT)
    code = re.search(r"Room ([A-Z0-9]{5})", line.inner_text())
    assert code is not None
    alice.page.screenshot(path=str(SHOTS / "room_created.png"))
    bob.page.fill(".wpp-room-code input", code[1].lower())
    bob.page.press(".wpp-room-code input", "Enter")          # Enter joins
    expect(bob.page.locator(".wpp-room-line")).to_contain_text("has joined", timeout=WAIT)
    expect(line).to_contain_text("has joined", timeout=WAIT)  # Alice's page polled

    # A third student, sent the room's link: the code is filled in, but the room is full.
    carol = Student(browser, f"{url}?room={code[1]}")
    assert carol.page.input_value(".wpp-room-code input") == code[1]
    carol.page.click(".wpp-room-join")
    expect(carol.page.locator(".wpp-room-lobby")).to_contain_text("full", timeout=WAIT)
    carol.page.close()

    store = RoomStore(path)
    students = (alice, bob)                                   # seats 0 and 1
    rng = random.Random(2)
    drew_twice = False
    dialogs: list[str] = []
    for move in range(8):
        if move == 3:       # Bob reloads his page: it asks, then continues the game
            assert f"room={code[1]}" in bob.page.url and "key=" in bob.page.url
            url_before = bob.page.url
            bob.page.once("dialog", lambda d: (dialogs.append(d.type), d.accept()))
            bob.page.reload()
            expect(bob.page.locator(".wpp-room-line")).to_contain_text(f"Room {code[1]}",
                                                                       timeout=90_000)
            seated_in(bob, 1)
            assert dialogs == ["beforeunload"]
            assert bob.page.url == url_before
            assert not bob.page.locator(".wpp-room-lobby").is_visible()
            bob.page.wait_for_function(
                "(n) => document.querySelectorAll('.wpp-log li').length >= n",
                arg=store.version(code[1]), timeout=WAIT)
            bob.page.screenshot(path=str(SHOTS / "room_p2_after_reload.png"))
        version, game = store.read(code[1])
        if game.is_over:
            break
        seat = game.to_act
        me, other = students[seat], students[1 - seat]
        view = game.view(seat)
        expect(me.page.locator(".wpp-status")).not_to_contain_text("thinking", timeout=WAIT)
        expect(other.page.locator(".wpp-status")).to_contain_text("thinking", timeout=WAIT)
        legal = [a for a in view.legal_actions() if not isinstance(a, Concede)]
        if view.phase.value == "mulligan":
            action: Action = Mulligan(sorted(view.hand)[:3])
        else:
            singles = [a for a in legal if isinstance(a, PlayCards) and len(a.cards) == 1]
            action = rng.choice(singles or legal)
        double = Draw() in legal and not drew_twice    # a double click on Draw counts once
        if double:
            action = Draw()
        drew_twice = drew_twice or double
        me.do(action, view.phase, double=double)
        other.page.wait_for_function(
            "(n) => document.querySelectorAll('.wpp-log li').length >= n", arg=version + 1,
            timeout=WAIT)                                    # the other page polled the move
        if double:
            me.page.wait_for_timeout(1500)        # time for a second click to be counted
        assert store.version(code[1]) == version + 1
        if move == 1:
            for s, name in ((alice, "p1"), (bob, "p2")):
                s.page.screenshot(path=str(SHOTS / f"room_{name}_after_mulligans.png"))
    _, game = store.read(code[1])
    assert len(game.actions) >= 4 and drew_twice
    for seat, s in enumerate(students):
        s.page.screenshot(path=str(SHOTS / f"room_p{seat + 1}_end.png"), full_page=True)
        hidden = hidden_cards(game, seat)
        assert hidden & set(game.state.hands[1 - seat])   # the check has cards to look for
        assert not s.leaks(hidden), f"P{seat + 1}'s page names {s.leaks(hidden)}"
        hand = s.page.eval_on_selector_all(
            ".wpp-hand .wpp-card:not(.wpp-back)",
            "els => els.filter(e => e.offsetParent !== null).map(e => e.title)")
        assert sorted(hand) == sorted(str(c) for c in game.view(seat).hand)
        assert "Traceback" not in s.page.inner_text("body")
        assert not s.errors
        s.page.close()


def test_pairs_with_three_seats_two_browsers_and_the_computer(
        browser: Any, server: tuple[str, Path]) -> None:
    """Pairs, three seats: Alice creates the room in the lobby with the computer in P3, Bob
    joins by the code; they play to the end by clicking Hit and Fold on Pairs' own board,
    and the computer's turns are played by the pages' polls. Each page names the seats the
    same way and shows the result."""
    from playwright.sync_api import expect

    url, path = server
    alice, bob = Student(browser, url), Student(browser, url)
    a = alice.page
    code = create_room(alice, "Pairs", 3, 2, PAIRS_CHANCE)
    line = a.locator(".wpp-room-line")
    expect(line).to_contain_text("3 The computer (Beginner)", timeout=WAIT)
    join_room(bob, code, 1)
    expect(line).to_contain_text("has joined", timeout=WAIT)
    store = RoomStore(path)
    assert {s: m.agent for s, m in store.computers(code).items()} == {2: "random"}
    students = {0: alice, 1: bob}
    rng = random.Random(3)
    last = -1
    for move in range(200):
        version, game = store.read(code)
        if game.is_over:
            break
        seat = game.to_act
        if seat == 2:      # the computer's turn: one of the pages plays it by itself
            for _ in range(300):
                if store.version(code) > version:
                    break
                a.wait_for_timeout(100)
            assert store.version(code) > version
            continue
        me = students[seat]
        expect(me.page.locator(".wpp-status")).to_contain_text("Your turn", timeout=WAIT)
        if seat == last:      # this page's last click was the previous person's move: wait
            me.page.wait_for_timeout(600)   # out the page's double-click guard (0.5 s)
        last = seat
        choice = rng.choice(game.legal_actions())
        me.page.click(f".wpp-pairs-{choice.value}:not([disabled])")
        for _ in range(150):
            if store.version(code) > version:
                break
            me.page.wait_for_timeout(100)
        if store.version(code) == version and store.read(code)[1].to_act == seat:
            # Once, in a loaded fresh-clone run, a click was not counted in 15 s (the page's
            # words did not say why). A person clicks again: so does the test, once, and the
            # second click must count.
            me.page.wait_for_timeout(600)
            me.page.click(f".wpp-pairs-{choice.value}:not([disabled])")
        for _ in range(300):
            if store.version(code) > version:
                break
            me.page.wait_for_timeout(100)
        assert store.version(code) > version, (
            f"move {move}: the click did not count: {me.page.inner_text('.wpp-room')[:600]}")
        played = store.read(code)[1]       # (the computer may have answered already)
        assert played.actions[version] == choice
        assert played.game.to_act(played.states[version]) == seat
        if move == 2:
            for s, name in ((alice, "p1"), (bob, "p2")):
                s.page.screenshot(path=str(SHOTS / f"room_pairs_{name}_playing.png"))
    version, game = store.read(code)
    computer_moves = sum(game.game.to_act(s) == 2 for s in game.states[:-1])
    assert game.is_over and computer_moves > 0 and version == len(game.actions)
    for seat, s in students.items():
        # game 1 of Pairs' match (first of 3): the match goes on, Next game, no lobby
        expect(s.page.locator(".wpp-status")).to_contain_text("Game 1 of 3 over",
                                                              timeout=WAIT)
        expect(s.page.locator(".wpp-banner-rematch")).to_have_text("Next game")
        expect(s.page.locator(".wpp-room-lobby")).not_to_be_visible()
        # the whole log, its newest line in view in its scrolling box
        # (the room's deal is secret, so the game's length varies: the log once kept only its
        # last 14 lines, tests/rooms/test_room_log.py checks a longer game every time)
        expect(s.page.locator(".wpp-log li")).to_have_count(len(game.events), timeout=WAIT)
        expect(s.page.locator(".wpp-log li").last).to_be_in_viewport()
        s.page.screenshot(path=str(SHOTS / f"room_pairs_p{seat + 1}_end.png"), full_page=True)
        body = s.page.inner_text("body")
        assert "Traceback" not in body and not s.errors
        # the game page's short result words (the board's outcome from this seat's view),
        # not the engine's long result, in the status line
        board = board_for("pairs")
        short = plain(board.outcome(game.view(seat))).rstrip(".")  # type: ignore[attr-defined]
        status = s.page.locator(".wpp-status").inner_text()
        # in the room's names: "The other student reached…", never "P2"
        named = in_page_names(short, room_names(seat, [2], 3)).split(":")[0]
        assert named.lower() in status.lower(), (named, status)
        assert not re.search(r"\bP[1-9]\b", status), status
        assert game.outcome.rstrip(".").split(";")[0] not in status, status
        s.page.close()


def test_the_computer_waits_for_every_student(browser: Any, server: tuple[str, Path]) -> None:
    """5-card draw, three seats: Alice (P1) creates the room with the computer in P2 and a
    student's seat P3 still free. Nobody moves — however many polls go by — until Bob has
    joined: Alice's board is inactive while her page says it waits (the players' walk-through
    found it live under "Waiting…"), and the computer waits too. Then Alice plays, and the
    computer's turn is played at once."""
    from playwright.sync_api import expect

    url, path = server
    alice = Student(browser, url)
    a = alice.page
    code = create_room(alice, "5-card draw", 3, 1, DRAW_CHANCE)
    store = RoomStore(path)
    assert set(store.computers(code)) == {1}
    expect(a.locator(".wpp-draw-pat")).to_be_disabled(timeout=WAIT)   # not before Bob
    a.wait_for_timeout(3000)                        # ten polls of the page at least
    assert store.version(code) == 0, "someone played before every student joined"
    expect(a.locator(".wpp-status")).to_contain_text("Waiting for the other student")
    a.screenshot(path=str(SHOTS / "room_waits_for_bob.png"), full_page=True)
    bob = Student(browser, url)
    join_room(bob, code, 2)
    a.click(".wpp-draw-pat:not([disabled])", timeout=WAIT)   # Alice's turn, everyone here
    for _ in range(300):
        if store.version(code) >= 2:
            break
        a.wait_for_timeout(100)
    version, game = store.read(code)
    assert version >= 2 and game.game.to_act(game.states[1]) == 1  # the computer's move
    expect(bob.page.locator(".wpp-log li")).to_have_count(2, timeout=WAIT)
    for s in (alice, bob):
        assert not s.errors
        s.page.close()


def unseen_cards(store: RoomStore, code: str, seat: int) -> frozenset[Any]:
    """The standard cards of the stored game that ``seat`` may not know now: in the state,
    but neither in its view nor in its narration."""
    from wpp.core.standard_deck import parse_card

    _, game = store.read(code)
    card = re.compile(r"Card\('([^']+)'\)")
    known = repr(game.view(seat)) + "\n".join(game.log(seat))
    return frozenset(parse_card(c) for c in set(card.findall(repr(game.state)))
                     - set(card.findall(known)))


def test_a_room_like_the_page_rules_why_results_and_a_rematch(
        browser: Any, server: tuple[str, Path]) -> None:
    """5-card draw, three seats, the computer in P3: the room shows How to play with the
    numbered rules one click away, Why? in public terms (no card hidden from the seat), the
    result of each player at the end, and Rematch — which starts a new game in the same room,
    the same seats, once both students have clicked it."""
    from playwright.sync_api import expect

    url, path = server
    alice, bob = Student(browser, url), Student(browser, url)
    a = alice.page
    code = create_room(alice, "5-card draw", 3, 2, DRAW_CHANCE)
    join_room(bob, code, 1)
    store = RoomStore(path)

    # How to play: the plain words, the numbered rules one click away
    a.click(".wpp-room-rules")
    expect(a.locator(".wpp-how")).to_contain_text("How to play", timeout=WAIT)
    expect(a.locator(".wpp-how details.wpp-numbered [data-rule='R3']")).not_to_be_visible()
    a.click(".wpp-how details.wpp-numbered > summary")
    expect(a.locator(".wpp-how details.wpp-numbered [data-rule='R3']").first).to_be_visible()
    a.screenshot(path=str(SHOTS / "room_rules.png"), full_page=True)
    a.click(".wpp-room-rules")
    expect(a.locator(".wpp-how")).to_have_count(0, timeout=WAIT)

    # the match above the board: 5-card draw's, 5 hands of running points
    for s in (alice, bob):
        expect(s.page.locator(".wpp-match")).to_contain_text("Match (5 hands", timeout=WAIT)
        expect(s.page.locator(".wpp-match")).to_contain_text("Hand 1 of 5 · You 0")

    students = {0: alice, 1: bob}
    hinted = False
    for _ in range(3):              # one turn each: P1, P2 stand pat, the computer's P3
        version, game = store.read(code)
        if game.is_over:
            break
        if game.to_act == 2:
            for _ in range(300):
                if store.version(code) > version:
                    break
                a.wait_for_timeout(100)
            continue
        me = students[game.to_act].page
        expect(me.locator(".wpp-status")).to_contain_text("Your turn", timeout=WAIT)
        if not hinted:              # Hint: the seat's own turn only, from its own cards
            hinted = True
            other = students[1 - game.to_act].page
            # off turn it is greyed, its tooltip saying why (it answered in red before)
            expect(other.locator(".wpp-hint")).to_be_disabled(timeout=WAIT)
            expect(other.locator(".wpp-hint")).to_have_attribute(
                "title", re.compile("Hint is for your turn: it is"))
            me.click(".wpp-hint")
            expect(me.locator(".wpp-explain")).to_contain_text(
                "Hint for you from", timeout=WAIT)
            expect(me.locator(".wpp-room-message")).to_contain_text("selected for you")
            hint = me.eval_on_selector(".wpp-explain", "e => e.outerHTML")
            assert not leaks(hint, unseen_cards(store, code, game.to_act))
            me.screenshot(path=str(SHOTS / "room_draw_hint.png"), full_page=True)
            # Enter plays the hinted move, the Hint button focused (it took the Enter)
            me.focus(".wpp-hint")
            me.keyboard.press("Enter")
        else:
            me.click(".wpp-draw-pat:not([disabled])")
        for _ in range(300):
            if store.version(code) > version:
                break
            me.wait_for_timeout(100)
    version, game = store.read(code)
    assert game.is_over, game.log(None)
    returns = game.returns()
    for seat, s in students.items():
        p = s.page
        expect(p.locator(".wpp-banner")).to_be_visible(timeout=WAIT)
        expect(p.locator(".wpp-match")).to_contain_text("Hand 1 of 5", timeout=WAIT)
        # each seat as the page names it, never "P2"
        for name in room_names(seat, [2], 3):
            expect(p.locator(".wpp-room-results")).to_contain_text(name)
        assert not re.search(r"\bP[1-9]\b", p.locator(".wpp-room-results").inner_text())
        rows = p.locator(".wpp-room-results tbody tr")
        expect(rows).to_have_count(3)
        for k in range(3):          # each player's points, the winner marked
            cells = rows.nth(k).locator("td")
            assert cells.nth(1).inner_text().replace("−", "-").lstrip("+") == (
                f"{returns[k]:g}" if returns[k] else "0")
        p.click(".wpp-why")
        expect(p.locator(".wpp-explain")).to_contain_text("Why the computer did that",
                                                          timeout=WAIT)
        expect(p.locator(".wpp-explain")).to_contain_text("public terms")
        why = p.eval_on_selector(".wpp-explain", "e => e.outerHTML")
        assert not leaks(why, unseen_cards(store, code, seat))
        p.screenshot(path=str(SHOTS / f"room_draw_p{seat + 1}_end.png"), full_page=True)

    a.click(".wpp-banner-rematch")
    expect(a.locator(".wpp-banner")).to_contain_text("waiting for", timeout=WAIT)
    expect(bob.page.locator(".wpp-banner")).to_contain_text("asked for the next hand",
                                                            timeout=WAIT)
    expect(bob.page.locator(".wpp-banner-rematch")).to_have_text("Next hand")
    expect(bob.page.locator(".wpp-room-lobby")).not_to_be_visible()   # the match goes on
    assert store.version(code) == version          # nobody dealt in before both asked
    b = bob.page                                      # on a phone: the end fits the screen
    b.set_viewport_size({"width": 390, "height": 844})
    b.wait_for_timeout(400)
    b.screenshot(path=str(SHOTS / "room_draw_p2_end_390.png"), full_page=True)
    # a phone: the title wraps, not cut; the room's controls are 44 px tap targets
    assert b.eval_on_selector(".wpp-brand", "e => e.scrollWidth <= e.clientWidth + 1")
    small = b.eval_on_selector_all(
        ".wpp-room button:not(.wpp-card), .wpp-room select, .wpp-room input",
        "els => els.filter(e => e.offsetParent !== null"
        " && e.getBoundingClientRect().height < 44).map(e => e.className + ' '"
        " + e.textContent.slice(0, 20))")
    assert small == [], small
    for part in (".wpp-banner-rematch", ".wpp-room-results table", ".wpp-room-rules",
                 ".wpp-why"):
        box = b.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (part, box)
    # Leave's confirm fits the phone's button (it was cut to "Really leave the roo…")
    b.click(".wpp-banner-leave")
    expect(b.locator(".wpp-banner-leave")).to_have_text("Really leave?", timeout=WAIT)
    assert b.eval_on_selector(".wpp-banner-leave", "e => e.scrollWidth <= e.clientWidth + 1")
    bob.page.click(".wpp-banner-rematch")
    for s in (alice, bob):
        expect(s.page.locator(".wpp-banner")).not_to_be_visible(timeout=WAIT)
        expect(s.page.locator(".wpp-status")).not_to_contain_text("Game over", timeout=WAIT)
        expect(s.page.locator(".wpp-room-lobby")).not_to_be_visible()
    again, game = store.read(code)
    assert again == version + 1 and not game.is_over and len(game.actions) == 0
    expect(a.locator(".wpp-status")).to_contain_text("Your turn", timeout=WAIT)
    expect(a.locator(".wpp-room-line")).to_contain_text("1 You ·")
    expect(a.locator(".wpp-match")).to_contain_text("Hand 2 of 5")   # the match goes on
    expect(bob.page.locator(".wpp-room-line")).to_contain_text("2 You ·")
    for s in (alice, bob):
        s.page.screenshot(path=str(SHOTS / f"room_rematch_{'p1' if s is alice else 'p2'}.png"))
        assert "Traceback" not in s.page.inner_text("body") and not s.errors
        s.page.close()
