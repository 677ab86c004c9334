"""Every page reads its address, also when its kernel was pre-heated before the request
(issue 33: pooled pages ignored class links, seeds, the teacher's reload and the kit's links).

A pre-heated kernel has no request in its environment until Voilà hands the page to a
visitor; :func:`widgets.parts.address.page_query` waits for it there (Voilà's
``wait_for_request``). These tests run each page as a pre-heated kernel would
(``preheated_request`` in conftest.py) and check that what the address says happens. The
browser tests do the same against the server as ``make play`` runs it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import widgets.parts.address as address
from widgets.games.warpairs.app import App
from widgets.lessons.shared.base import query_int
from widgets.lessons.shared.classroom import ClassBox
from widgets.page.game_page import GamePage
from widgets.page.list_board import ListBoard
from widgets.site.kit import kit_page
from widgets.site.teacher import TeacherPage
from wpp.core.registry import registered_games
from wpp.services.classroom import ClassStore
from wpp.services.game_store import GameStore


def test_outside_voila_the_address_is_the_environments_and_nothing_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def never() -> None:
        raise AssertionError("waited for a request outside a pre-heated kernel")

    monkeypatch.setattr(address, "wait_for_request", never)
    monkeypatch.setattr(address, "_waited", False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "seed=3&" + "x" * 1000)
    assert address.page_query().startswith("seed=3&")
    assert len(address.page_query()) == address.MAX_QUERY
    assert address.query_value("seed") == "3"


def test_a_preheated_page_waits_once_for_its_request(preheated_request: Any) -> None:
    with preheated_request("class=ABCDE&name=Ana") as waits:
        assert waits == []                      # nothing asked yet: nothing waited
        assert address.page_query() == "class=ABCDE&name=Ana"
        assert address.query_value("name") == "Ana"
        assert address.page_query() == "class=ABCDE&name=Ana"
        assert waits == ["class=ABCDE&name=Ana"]  # once per kernel


@pytest.mark.parametrize("seed", [7, 2**63 - 1])
def test_a_seed_link_deals_that_deal_on_every_game_page(preheated_request: Any,
                                                        tmp_path: Path, seed: int) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    for _ in range(3):  # three students opening the same link
        with preheated_request(f"seed={seed}"):
            page = GamePage.from_env("draw", board=ListBoard("draw"), store=store)
        assert page.history.seed == seed
        with preheated_request(f"seed={seed}"):
            app = App.from_env(store=store)
        assert app.history.seed == seed


def test_a_bad_seed_or_opponent_in_the_address_is_said_and_ignored(
        preheated_request: Any, tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    with preheated_request("seed=-4&opponent=nobody"):
        page = GamePage.from_env("pairs", board=ListBoard("pairs"), store=store)
    notes = page.notes.html.value
    assert "not a whole number" in notes and "opponent this game does not have" in notes
    assert page.history.seed != -4
    assert page.chooser.choice(1) != "agent:nobody"


def test_an_opponent_link_sets_every_computer_seat(preheated_request: Any,
                                                   tmp_path: Path) -> None:
    store = GameStore(tmp_path / "g.sqlite3")
    with preheated_request("opponent=random"):
        page = GamePage.from_env("pairs", board=ListBoard("pairs"), store=store)
    assert {page.chooser.choice(s) for s in range(1, page.players)} == {"agent:random"}
    with preheated_request("opponent=greedy"):
        app = App.from_env(store=store)
    assert app.chooser.choice(1) == "agent:greedy"


def test_a_class_link_joins_the_class(preheated_request: Any, tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "c.sqlite3")
    code, _key = store.open()
    with preheated_request(f"class={code}&name=Ana"):
        box = ClassBox(store=store)
    assert box.student is not None and box.student.nickname == "Ana"


def test_the_teachers_page_reopens_its_class_from_its_address(preheated_request: Any,
                                                             tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "c.sqlite3")
    code, key = store.open("Period 3")
    with preheated_request(f"class={code}&key={key}"):
        page = TeacherPage(store, poll=0)
    assert page.teacher is not None and page.board.layout.display != "none"


def test_the_kits_links_open_what_they_name(preheated_request: Any) -> None:
    with preheated_request("show=handouts"):
        handouts = kit_page().value
    with preheated_request(""):
        index = kit_page().value
    assert handouts != index and "handout" in handouts.lower()


def test_a_lessons_seed_link(preheated_request: Any) -> None:
    with preheated_request("seed=7&move=x"):
        assert (query_int("seed", 20), query_int("move", 3)) == (7, 3)


def test_the_wait_speaks_voilas_request_info_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against Voilà's own request-info handler on a local port: the kernel's wait connects,
    Voilà sends the visitor's request when it hands the kernel out, the query arrives."""
    import asyncio
    import socket
    import threading

    from tornado.web import Application
    from voila.request_info_handler import RequestInfoSocketHandler

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    kernel_id = "5e1f0000-0000-4000-8000-000000000001"
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_KERNEL_ID", kernel_id)
    monkeypatch.setenv("VOILA_APP_PORT", str(port))
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(address, "_waited", False)
    loop = asyncio.new_event_loop()
    ready = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        app = Application([(r"/voila/query/(.*)", RequestInfoSocketHandler)])
        app.listen(port, address="127.0.0.1")
        ready.set()
        loop.run_forever()

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    ready.wait(10)
    got: list[str] = []
    page = threading.Thread(target=lambda: got.append(address.page_query()), daemon=True)
    page.start()
    deadline = time.monotonic() + 20
    while kernel_id not in RequestInfoSocketHandler._waiters:   # the kernel is waiting
        assert time.monotonic() < deadline, "the kernel never connected"
        time.sleep(0.05)
    assert got == []
    loop.call_soon_threadsafe(RequestInfoSocketHandler.send_updates, {
        "kernel_id": kernel_id, "payload": {"QUERY_STRING": "seed=7&name=Ana"}})
    page.join(20)
    loop.call_soon_threadsafe(loop.stop)
    assert got == ["seed=7&name=Ana"]
    assert address.page_query() == "seed=7&name=Ana"   # once: no second wait


def test_a_seed_from_the_address_is_a_known_deal_so_practice(preheated_request: Any,
                                                            tmp_path: Path) -> None:
    """The seed is in the address, so anyone holding the link can compute the deal: the game
    is practice (stated on the page), as a typed seed is (issue 34)."""
    store = GameStore(tmp_path / "g.sqlite3")
    with preheated_request("seed=7"):
        page = GamePage.from_env("draw", board=ListBoard("draw"), store=store)
    assert page.practice and "chosen by its seed" in page.header.mode_mark.value
    with preheated_request(""):
        plain = GamePage.from_env("draw", board=ListBoard("draw"), store=store)
    assert not plain.practice


def _kept_rows(path: Path) -> int:
    import sqlite3

    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM page_games").fetchone()[0])


@pytest.mark.parametrize("game", registered_games())
def test_a_preheated_game_page_is_built_before_its_request(
        preheated_request: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        game: str) -> None:
    """A pooled page makes its widgets while its kernel waits in the pool; the request then
    costs only what the address changes (issue 33: 30 students at once waited 20 s while
    every page's widgets passed through the server together). Nothing is kept before the
    address is known, so a page built ahead leaves no stray game in the store."""
    from ipywidgets.widgets.widget import _instances

    from widgets.site.room import board_for

    store_path = tmp_path / "g.sqlite3"
    store = GameStore(store_path)
    made: dict[str, int] = {}
    with preheated_request(""):
        fake_wait = address.wait_for_request

        def wait() -> None:
            made["before"] = len(_instances)
            made["rows"] = _kept_rows(store_path) if store_path.exists() else 0
            fake_wait()

        monkeypatch.setattr(address, "wait_for_request", wait)
        start = len(_instances)
        page = (App.from_env(store=store) if game == "warpairs" else
                GamePage.from_env(game, board=board_for(game), store=store))
        after = len(_instances)
    assert "before" in made
    built_before = made["before"] - start
    assert built_before > 40, built_before        # the page was made before the wait
    assert after - made["before"] < built_before / 4, (after - made["before"], built_before)
    assert made["rows"] == 0                      # nothing kept while the address was unknown
    assert _kept_rows(store_path) == 1 and page.keeper.key in page.address.value


def test_a_preheated_reload_continues_its_game_and_keeps_one_row(
        preheated_request: Any, tmp_path: Path) -> None:
    """A reload of a pooled page: the page built ahead takes up the kept game its address
    names (who plays, practice and the score come with it), and no second game is kept."""
    store_path = tmp_path / "g.sqlite3"
    store = GameStore(store_path)
    with preheated_request("opponent=random"):
        first = App.from_env(store=store)
    first.new_game(12)                          # a chosen deal: practice, kept as such
    for button in first.bottom.visible_buttons()[:3]:
        button.click()
    first.bar.buttons["mulligan"].click()
    assert first.history.actions and first.practice
    query = first.keeper.query()
    with preheated_request(query):
        again = App.from_env(store=store)
    assert again.history.to_json() == first.history.to_json()
    assert again.keeper.key == first.keeper.key and again.practice
    assert again.chooser.choice(1) == "agent:random"
    assert _kept_rows(store_path) == 1
    # A key nobody kept: the page says so and plays its own new game, kept under a new key.
    with preheated_request("key=" + "B" * 24 + "&seed=5"):
        stray = App.from_env(store=store)
    assert "No game is kept" in stray.notes.html.value
    assert stray.history.seed == 5 and stray.keeper.key != "B" * 24
    assert _kept_rows(store_path) == 2


def test_a_preheated_lesson_is_built_whole_and_then_follows_its_address(
        preheated_request: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a pooled kernel the lesson is built before its visitor comes (with the kernel's
    event loop running, as in Voilà): nothing waits while it is built; when the address
    comes, the class link joins the class and the seed link deals that deal, on the loop
    (issue 33: a class opening a lesson together had every page built after the request)."""
    import asyncio
    import threading

    from widgets.lessons.warpairs.mulligan import MulliganLesson

    store = ClassStore(tmp_path / "c.sqlite3")
    code, _key = store.open()
    visitor = threading.Event()

    async def visit() -> tuple[list[object], list[object]]:
        lesson = MulliganLesson(seed=20)
        box = ClassBox(store=store)
        await asyncio.sleep(0.1)              # the kernel idles in the pool: nothing changes
        before = [lesson.seed.seed, box.student]
        visitor.set()                         # a student opens the page
        for _ in range(200):
            await asyncio.sleep(0.02)
            if box.student is not None and lesson.seed.seed == 7:
                break
        return before, [lesson.seed.seed, box.student and box.student.nickname]

    with preheated_request(f"class={code}&name=Ana&seed=7") as waits:
        handed = address.wait_for_request

        def wait_for_a_visitor() -> None:
            assert visitor.wait(20)
            handed()

        monkeypatch.setattr(address, "wait_for_request", wait_for_a_visitor)
        before, after = asyncio.run(visit())
    assert before == [20, None]
    assert after == [7, "Ana"]
    assert waits == [f"class={code}&name=Ana&seed=7"]       # one wait for the whole page


def test_lesson_12_is_built_before_its_address_and_takes_its_seed_after(
        preheated_request: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: lesson 12's questions waited for the address (its ``?seed=`` sets only the
    re-deals a reveal plays), so every open built them after the request. Now they are built
    in the pool, and the seed comes with the address, before anything is revealed."""
    import asyncio
    import threading

    from widgets.lessons.warpairs.search_guess import WhichMoveWins

    visitor = threading.Event()

    async def visit() -> tuple[list[object], list[object]]:
        lesson = WhichMoveWins(budget=20)
        await asyncio.sleep(0.1)              # the kernel idles in the pool: nothing changes
        before = [lesson.seed, lesson.quiz.deal]
        visitor.set()                         # a student opens the page
        for _ in range(200):
            await asyncio.sleep(0.02)
            if lesson.seed == 7:
                break
        return before, [lesson.seed, lesson.quiz.deal]

    with preheated_request("seed=7") as waits:
        handed = address.wait_for_request

        def wait_for_a_visitor() -> None:
            assert visitor.wait(20)
            handed()

        monkeypatch.setattr(address, "wait_for_request", wait_for_a_visitor)
        before, after = asyncio.run(visit())
    assert before == [0, "seed 0"]
    assert after == [7, "seed 7"]
    assert waits == ["seed=7"]
