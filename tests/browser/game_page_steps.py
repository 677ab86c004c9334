"""What the browser tests of the games' pages (5-card draw, Pairs, OFC, Pokeros — the shared
GamePage on each game's board) do in Chromium, the same for each game: serve the game's
notebook, play a whole game as a person would with Hint (Shift+H) and its move confirmed with
Enter, Why? opened, the banner read, the page reloaded mid-game and the game continued, the
seed off the page until the game ends; and the page at phone size with no control outside the
viewport. Screenshots go to ``artifacts/<game>/`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from widgets.site import serve

WAIT = 60_000  # ms

#: Every visible control's left and right edges (the phone check).
_CONTROLS = """() => Array.from(document.querySelectorAll(
    '.wpp-app button, .wpp-app input, .wpp-app select, .wpp-app textarea'))
  .filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
              return [r.left, r.right, e.tagName === 'BUTTON' ? r.width : 99,
                      (e.textContent || e.title || e.className).trim().slice(0, 40)]; })"""


def shots(game: str) -> Path:
    folder = serve.ROOT / "artifacts" / game
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def served(browser: Any, game: str, seed: int, *, height: int = 800) -> Iterator[Any]:
    """The game's page (``notebooks/<game>.ipynb``), its first deal ``seed``, the computer
    without a pause, games kept in a store of the test's own."""
    with tempfile.TemporaryDirectory() as folder:
        env = {"WPP_SEED": str(seed), "WPP_AI_DELAY": "0",
               "WPP_ROOMS": str(Path(folder) / "rooms.sqlite3")}
        with serve.opened_page(browser, f"notebooks/{game}.ipynb",
                               shots(game) / f"voila-{game}.log", height=height,
                               extra_env=env) as pg:
            pg.on("dialog", lambda d: d.accept())  # "leave the game?" on reload
            pg.wait_for_selector(".wpp-page", timeout=WAIT)
            yield pg


def settled(pg: Any) -> str:
    """Wait until it is the person's turn or the game is over; which one."""
    from playwright.sync_api import expect

    turn = pg.get_by_text(re.compile(r"^Your turn"))
    over = pg.locator(".wpp-banner .wpp-banner-head")
    expect(turn.or_(over).first).to_be_visible(timeout=WAIT)
    pg.wait_for_timeout(300)  # a move's last updates (the banner) may still be arriving
    return "over" if over.is_visible() else "turn"


def log_text(pg: Any) -> str:
    return str(pg.locator(".wpp-log").inner_text())


def hint(pg: Any) -> bool:
    """Shift+H: Hint selects its move on the board (pressed again if the kernel was still
    drawing the turn: "a hint is for the player to act")."""
    from playwright.sync_api import expect

    msg = pg.locator(".wpp-msg")
    for _ in range(3):
        pg.keyboard.press("Shift+H")
        expect(msg.get_by_text(re.compile("selected for you|Refused"))).to_be_visible(
            timeout=WAIT)
        if "selected for you" in msg.inner_text():
            return True
        pg.wait_for_timeout(1000)
        if settled(pg) == "over":  # the last move's updates were still arriving
            return False
    expect(msg).to_contain_text("selected for you", timeout=WAIT)
    return True


def reload_and_continue(pg: Any) -> None:
    """Reload the page (its address carries the game's key): the same game must be there,
    every move of it in the log."""
    from playwright.sync_api import expect

    kept = pg.locator(".wpp-log li").all_inner_texts()
    assert kept, "reload mid-game: some move has been played"
    expect(pg).to_have_url(re.compile(r"key="), timeout=WAIT)
    url = pg.url
    pg.reload()
    pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    pg.wait_for_selector(".wpp-page", timeout=WAIT)
    assert pg.url == url
    pg.wait_for_selector(".wpp-page-address [data-query]", state="attached", timeout=WAIT)
    pg.wait_for_timeout(1000)  # the kernel's first refresh after the page's first paint
    expect(pg.locator(".wpp-log li")).to_have_text(kept, timeout=WAIT)


def play_with_hints(pg: Any, game: str, seed: int, *, reload_after: int = 2,
                    limit: int = 200) -> dict[str, Any]:
    """Play to the end: each turn Shift+H (Hint selects a move on the board) and Enter;
    Why? opened once; the page reloaded after ``reload_after`` moves (the game must go on
    where it was; 0: before the person's first move). Returns what was seen."""
    from playwright.sync_api import expect

    seen: dict[str, Any] = {"moves": 0, "reloaded": False, "why": ""}
    for _ in range(limit):
        if settled(pg) == "over":
            break
        if seen["moves"] == reload_after and not seen["reloaded"]:
            reload_and_continue(pg)  # Why? is opened after it: a reloaded game explains too
            seen["reloaded"] = True
            if settled(pg) == "over":
                break
        html = pg.content()
        assert "wpp-seed-shown" not in html and f"Seed {seed}" not in html, \
            "the seed is on the page during the game"
        if not seen["why"]:
            pg.get_by_role("button", name=re.compile(r"^Why\?")).first.click()
            panel = pg.locator(".wpp-side")
            expect(panel).to_contain_text("Why the computer did that", timeout=WAIT)
            seen["why"] = panel.inner_text()
            pg.screenshot(path=str(shots(game) / f"{game}_why.png"), full_page=True)
        before = log_text(pg)
        if not hint(pg):
            break
        if seen["moves"] == 0:
            pg.screenshot(path=str(shots(game) / f"{game}_hint.png"), full_page=True)
        pg.keyboard.press("Enter")
        expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
        seen["moves"] += 1
    assert settled(pg) == "over", "the game did not end"
    banner = pg.locator(".wpp-banner")
    seen["banner"] = banner.inner_text()
    assert "Session" in seen["banner"]
    expect(pg.locator(".wpp-seed-shown")).to_contain_text(f"Seed {seed}")
    pg.screenshot(path=str(shots(game) / f"{game}_over.png"), full_page=True)
    return seen


def phone_check(browser: Any, url: str, game: str) -> list[Any]:
    """The page at 390×844: a screenshot, and every control inside the viewport's width.
    Returns the controls found (left, right, width, name)."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        pg.on("dialog", lambda d: d.accept())
        pg.goto(url.split("?")[0])
        pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
        pg.wait_for_selector(".wpp-page", timeout=WAIT)
        settled(pg)
        pg.screenshot(path=str(shots(game) / f"{game}_phone.png"), full_page=True)
        controls = pg.evaluate(_CONTROLS)
        # outside the width, or a button squeezed (Pairs' "New game" was 20 px wide)
        outside = [c for c in controls if c[0] < -0.5 or c[1] > 390.5 or c[2] < 24]
        assert not outside, f"controls outside a 390 px viewport (or squeezed): {outside}"
        assert len(controls) > 5
        return list(controls)
    finally:
        pg.close()


def review_with_the_computer(pg: Any, game: str) -> dict[str, Any]:
    """After the game: "Review with the computer" — the progress bar, then the note (how many
    decisions, judged from what the person could know), the chart and the list; choosing a
    decision (a mistake if there is one) shows the board at that move with the person's
    choice and the verdict. Returns what was seen; screenshots ``<game>_review*.png``."""
    from playwright.sync_api import expect

    assert settled(pg) == "over", "the review is offered after the game"
    pg.click(".wpp-banner-computer")
    note = pg.locator(".wpp-review-note")
    expect(note).to_contain_text("reviewed", timeout=4 * WAIT)
    text = note.inner_text()
    found = re.search(r"(\d+) decisions? reviewed", text)
    assert found, text
    assert "what you could know" in text
    expect(pg.locator(".wpp-review-chart img")).to_be_visible(timeout=WAIT)
    options = pg.locator(".wpp-review-rows select option")
    labels = [str(t).replace("\xa0", " ") for t in options.all_inner_texts()]
    assert len(labels) == int(found.group(1)) >= 1, (labels, text)
    assert all(re.match(r"Move \d+: (best|good|inaccuracy|mistake|blunder) — you: ", t)
               for t in labels), labels
    pg.screenshot(path=str(shots(game) / f"{game}_review.png"), full_page=True)
    pick = next((i for i, t in enumerate(labels) if "better:" in t), 0)
    move = re.match(r"Move (\d+)", labels[pick])
    assert move
    pg.locator(".wpp-review-rows select").select_option(index=pick)
    side = pg.locator(".wpp-side")
    expect(side).to_contain_text(f"Move {move.group(1)}: you played", timeout=WAIT)
    if "better:" in labels[pick]:
        expect(side).to_contain_text("better:", timeout=WAIT)
    pg.screenshot(path=str(shots(game) / f"{game}_review_row.png"), full_page=True)
    return {"note": text, "rows": labels, "side": side.inner_text()}
