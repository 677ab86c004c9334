"""Issue 34 in Chromium, on WarPairsPoker's page (``notebooks/play.ipynb``): a scored game
stays honest, and no traceback reaches a page.

* a duplicated tab (same key in the address) that turns on open hands makes the first tab's
  game practice — the first tab's mode mark says so within a few seconds (its poll);
* Undo in a scored game asks (a forfeit), makes the game practice, and a reload keeps it;
* a won game's save file opened three times counts once (as practice);
* a widget message that makes a callback fail (a seat chooser's index out of range) and a
  budget of ``Infinity`` sent over the kernel's websocket: no traceback text in any frame or
  in the page, the kit's panel or message shown, and the game at that address still opens.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from widgets.site.serve import ROOT, running_voila
from wpp.core.registry import make_agent, new_game

from .test_browser_game_page import one_turn

pytestmark = pytest.mark.browser

WAIT = 60_000  # ms
BOARD = ".wpp-hand.wpp-active .wpp-slot-0"
MARK = ".wpp-practice-mark"
#: What no page may get: a traceback's words, or a server path.
LEAKS = ("Traceback", "site-packages", "File \"/", str(ROOT))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = ROOT / "artifacts" / "honest" / "voila-honest.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    store = tmp_path_factory.mktemp("honest") / "rooms.sqlite3"
    with running_voila({"WPP_AI_DELAY": "0", "WPP_ROOMS": str(store)}, log=log) as url:
        yield url


def open_page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.frames_in = []
    page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda f: page.frames_in.append(
            f if isinstance(f, str) else f.decode("utf-8", errors="replace"))))
    page.on("dialog", lambda d: d.accept())
    page.goto(url)
    page.wait_for_selector(BOARD, timeout=WAIT)
    return page


def kept_url(page: Any) -> str:
    from playwright.sync_api import expect

    expect(page).to_have_url(re.compile(r"key="), timeout=WAIT)
    return str(page.url)


def same_game(page: Any, url: str) -> None:
    """Wait until ``page`` holds the game kept under ``url``'s key."""
    key = re.search(r"key=([A-Za-z0-9_-]+)", url)
    assert key
    page.wait_for_function(
        "(k) => { const e = document.querySelector('.wpp-page-address [data-query]');"
        " return e && e.getAttribute('data-query').includes('key=' + k); }",
        arg=key.group(1), timeout=WAIT)


def yes_if_asked(page: Any) -> None:
    """Answer the page's question if it asks one (a scored game left: a forfeit, said)."""
    yes = page.locator(".wpp-confirm-yes")
    try:
        yes.wait_for(state="visible", timeout=3000)
    except Exception:  # no question (playwright's TimeoutError)
        return
    assert "forfeit" in page.locator(".wpp-confirm").inner_text()
    yes.click()


def test_a_duplicated_tab_opening_open_hands_makes_the_first_tabs_game_practice(
        server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    first = open_page(browser, server)
    url = kept_url(first)
    expect(first.locator(MARK)).to_have_count(0)
    second = open_page(browser, url)                     # the duplicated tab
    same_game(second, url)
    second.wait_for_timeout(1000)
    second.click(".wpp-opt-practice input")
    yes_if_asked(second)                                 # "…counts as a loss (a forfeit)"
    expect(second.locator(MARK)).to_contain_text("PRACTICE — open hands", timeout=WAIT)
    # The first tab was told (its poll of the store) without doing anything.
    expect(first.locator(MARK)).to_contain_text("PRACTICE — open hands", timeout=20_000)
    expect(first.locator(".wpp-msg")).to_contain_text("another tab", timeout=WAIT)
    first.screenshot(path=str(ROOT / "artifacts" / "honest" / "first-tab-practice.png"))
    first.close()
    second.close()


def test_undo_in_a_scored_game_makes_it_practice_and_a_reload_keeps_it(
        server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, server)
    one_turn(page)
    page.wait_for_timeout(500)
    page.keyboard.press("Shift+U")
    yes_if_asked(page)
    expect(page.locator(MARK)).to_contain_text("Undo was used against the computer",
                                               timeout=WAIT)
    url = kept_url(page)
    page.wait_for_timeout(1000)
    page.reload()
    page.wait_for_selector(BOARD, timeout=WAIT)
    same_game(page, url)
    expect(page.locator(MARK)).to_contain_text("Undo was used", timeout=WAIT)
    page.close()


def test_a_reload_before_the_first_move_shows_the_same_hand(server: str,
                                                            browser: Any) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, server)
    url = kept_url(page)
    hand = page.locator(".wpp-hand.wpp-active").inner_text()
    assert hand.strip()
    page.reload()
    page.wait_for_selector(BOARD, timeout=WAIT)
    same_game(page, url)
    expect(page.locator(".wpp-hand.wpp-active")).to_have_text(hand, use_inner_text=True,
                                                              timeout=WAIT)
    page.close()


def won_save() -> str:
    """A finished WarPairsPoker game that P1 (the person's seat) won, as a save file."""
    for seed in range(100):
        game = new_game("warpairs", seed=seed)
        agents = [make_agent("warpairs", "classic", seed=1), make_agent("warpairs", "greedy")]
        while not game.is_over:
            game.apply(agents[game.to_act].decide(game.view(game.to_act)).action)
        if game.returns()[0] > game.returns()[1]:
            return game.to_json()
    raise AssertionError("no won game in 100 seeds")


def test_a_won_save_opened_three_times_counts_once(server: str, browser: Any,
                                                   tmp_path: Path) -> None:
    from playwright.sync_api import expect

    path = tmp_path / "won.json"
    path.write_text(won_save())
    page = open_page(browser, server)
    for _ in range(3):
        with page.expect_file_chooser() as chooser:
            page.click(".wpp-opt-open")
        chooser.value.set_files(str(path))
        yes_if_asked(page)  # the first time, the page's own scored deal is left
        expect(page.locator(".wpp-msg")).to_contain_text("Opened a saved game", timeout=WAIT)
        page.wait_for_timeout(2500)  # (the same words again: nothing new to wait for)
    expect(page.locator(MARK)).to_contain_text("opened from a save file")
    banner = page.locator(".wpp-banner").inner_text()
    assert "1 practice game not counted" in banner, banner
    assert "you won 0" in banner, banner
    page.close()


def _parts(frame: str) -> list[Any]:
    """A kernel message's JSON parts (a JSON frame: the message; the binary protocol: its
    header, parent header, metadata and content)."""
    if frame.lstrip().startswith("{"):
        msg = json.loads(frame)
        return [msg.get("header"), msg.get("parent_header"), msg.get("metadata"),
                msg.get("content")]
    decoder, i, parts = json.JSONDecoder(), frame.index("{"), []
    for _ in range(4):
        obj, i = decoder.raw_decode(frame, i)
        parts.append(obj)
    return parts


def models(frames: list[str]) -> dict[str, dict[str, Any]]:
    """Every widget model's state the page was sent, by model id."""
    out: dict[str, dict[str, Any]] = {}
    for frame in frames:
        if "comm" not in frame:
            continue
        try:
            content = _parts(frame)[3]
        except (ValueError, IndexError):
            continue
        if not isinstance(content, dict):
            continue
        data = content.get("data") or {}
        if isinstance(data.get("state"), dict) and content.get("comm_id"):
            out.setdefault(content["comm_id"], {}).update(data["state"])
        for model, state in (data.get("states") or {}).items():
            out.setdefault(model, {}).update(state.get("state", state))
    return out


def with_class(frames: list[str], cls: str) -> list[str]:
    return [m for m, s in models(frames).items() if cls in (s.get("_dom_classes") or [])]


_SEND = """([messages]) => new Promise((resolve, reject) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = location.origin.replace(/^http/, 'ws') + config.baseUrl + 'api/kernels/'
    + config.kernelId + '/channels?session_id=probe';
  const ws = new WebSocket(url);
  ws.onopen = () => { for (const m of messages) { ws.send(m); }
                      setTimeout(() => { ws.close(); resolve(true); }, 2500); };
  ws.onerror = () => reject(new Error('the kernel websocket failed'));
})"""


def update(model: str, state: str) -> str:
    """A widget update as the browser sends it, ``state`` raw JSON text (``Infinity``)."""
    msg = {"header": {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "username": "",
                      "session": "probe", "date": "", "version": "5.3"},
           "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
           "content": {"comm_id": model, "data": {"method": "update", "state": "@STATE@",
                                                  "buffer_paths": []}}}
    return json.dumps(msg).replace('"@STATE@"', state)


def no_leak(page: Any) -> None:
    text = page.content() + "\n".join(page.frames_in)
    found = [(w, text[max(0, text.index(w) - 300):text.index(w) + 200])
             for w in LEAKS if w in text]
    assert not found, f"a traceback reached the page: {found}"


def test_a_failing_callback_and_an_infinite_budget_show_the_kits_panel_not_a_traceback(
        server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, server)
    url = kept_url(page)
    page.wait_for_timeout(1500)
    # an agent with a budget
    page.select_option(".wpp-seat-1 select", label="Other: thinks ahead (you set how hard)")
    expect(page.locator(".wpp-seat-budget input").nth(1)).to_be_visible(timeout=WAIT)
    page.wait_for_timeout(1000)
    seats = with_class(page.frames_in, "wpp-seat-1")
    budgets = with_class(page.frames_in, "wpp-seat-budget")
    assert seats and budgets, "the page's widget models were not seen in its frames"
    # A callback that fails: the seat chooser set to an index it does not have.
    page.evaluate(_SEND, [[update(m, '{"index": 99}') for m in seats]])
    panel = page.locator(".wpp-fault")
    expect(panel).to_contain_text("Something went wrong", timeout=WAIT)
    expect(panel).to_contain_text("reference")
    # A budget of Infinity (JSON the browser cannot write, the websocket carries it).
    page.evaluate(_SEND, [[update(m, '{"value": Infinity}') for m in budgets]])
    expect(page.locator(".wpp-msg")).to_contain_text("budget is a number", timeout=WAIT)
    page.screenshot(path=str(ROOT / "artifacts" / "honest" / "fault-panel.png"))
    no_leak(page)
    page.wait_for_timeout(1000)
    page.close()
    again = open_page(browser, url)                          # the address still opens
    same_game(again, url)
    expect(again.locator(".wpp-fault")).to_have_count(0)
    no_leak(again)
    again.close()
