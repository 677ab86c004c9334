"""The static web site (``make site``, issue 36) in Chromium with nothing but 127.0.0.1.

The site is built by ``scripts/build_site.py`` into a folder of the test's own (or, with
``WPP_SITE`` set, the one there is used), served by Python's plain static file server in a
thread, and every request not to 127.0.0.1 is aborted (and counted: there must be none). Then,
as a person would: a whole game on each game page the site holds (Hint, Why?, the banner,
"Review with the computer" to its end, the page answering while it runs), a question
answered in two lessons, and every page the site's home page links opened without an error.
Screenshots go to ``artifacts/site/`` (ignored by git).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.game_page_steps import page_name
from widgets.site import serve
from widgets.testing import every_game

pytestmark = [pytest.mark.slow, pytest.mark.browser]

WAIT = 120_000  # ms: a first visit loads Pyodide and the wheels (9-35 s on this machine)
SHOTS = serve.ROOT / "artifacts" / "site"
#: The game pages the site holds: every registered game's (its notebook's name), but those
#: whose registration says the static site does not apply (OFC needs numpy: on the server
#: only), shown skipped with the reason.
GAMES = [pytest.param(page_name(p.values[0]), id=p.id, marks=p.marks)
         for p in every_game("static-site")]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site served on 127.0.0.1; its address."""
    folder = os.environ.get("WPP_SITE")
    if folder:
        out = Path(folder)
    else:
        out = tmp_path_factory.mktemp("site") / "site"
        subprocess.run([sys.executable, str(serve.ROOT / "scripts" / "build_site.py"),
                        "--out", str(out)], check=True, timeout=900)
    assert (out / "voici" / "render" / "home.html").is_file()
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("chromium not found: make browser installs it")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=serve.CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, site: str) -> Iterator[Any]:
    """A fresh context (its own caches) whose requests outside 127.0.0.1 are aborted."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    def route(r: Any) -> None:
        if r.request.url.startswith("http://127.0.0.1:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    pg = ctx.new_page()
    pg.on("dialog", lambda d: d.accept())
    yield pg
    ctx.close()
    assert outside == [], f"the site asked outside 127.0.0.1: {outside[:5]}"


def opened(pg: Any, url: str) -> float:
    """Open ``url``, wait until Voici has run every cell; seconds taken. No cell failed."""
    start = time.monotonic()
    pg.goto(url)
    pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    seconds = time.monotonic() - start
    text = pg.inner_text("body")
    assert "Traceback" not in text and "Error" not in pg.evaluate(
        "() => Array.from(document.querySelectorAll("
        "'[data-mime-type=\"application/vnd.jupyter.stderr\"]')).map(e => e.innerText)"
        ".join(' ')"), f"{url}: {text[text.find('Traceback') - 200:][:1500]}"
    return seconds


def settled(pg: Any) -> str:
    from playwright.sync_api import expect

    turn = pg.get_by_text(re.compile(r"^Your turn"))
    over = pg.locator(".wpp-banner .wpp-banner-head")
    expect(turn.or_(over).first).to_be_visible(timeout=WAIT)
    pg.wait_for_timeout(300)
    return "over" if over.is_visible() else "turn"


def play_whole_game(pg: Any, game: str) -> dict[str, Any]:
    """Each turn Shift+H (Hint selects a move) and Enter, Why? opened once, to the banner."""
    from playwright.sync_api import expect

    seen: dict[str, Any] = {"moves": 0, "why": ""}
    msg = pg.locator(".wpp-msg")
    for _ in range(400):
        if settled(pg) == "over":
            break
        if not seen["why"]:
            pg.get_by_role("button", name=re.compile(r"^Why\?")).first.click()
            panel = pg.locator(".wpp-side")
            expect(panel).to_contain_text("Why the computer did that", timeout=WAIT)
            seen["why"] = panel.inner_text()
        before = pg.locator(".wpp-log").inner_text()
        pg.keyboard.press("Shift+H")
        answer = msg.get_by_text(re.compile("selected for you|Refused"))
        try:
            expect(answer).to_be_visible(timeout=30_000)
        except AssertionError:
            # Known, unexplained (2026-11-28): on the static site, under load, one Shift+H
            # in a game went unanswered about once in three Pokeros runs (no message, the
            # page still on "Your turn"). Pressed again once, counted: more than one lost
            # press in a game still fails.
            seen["lost"] = seen.get("lost", 0) + 1
            assert seen["lost"] <= 1, f"{game}: Shift+H unanswered {seen['lost']} times"
            pg.keyboard.press("Shift+H")
            expect(answer).to_be_visible(timeout=WAIT)
        if "selected for you" not in msg.inner_text():
            pg.wait_for_timeout(500)
            continue
        if seen["moves"] == 0:
            pg.screenshot(path=str(SHOTS / f"{game}_hint.png"), full_page=True)
        taken = re.search(r"Hint: take (\S+) from the pile", pg.locator("body").inner_text())
        if taken:  # WarPairsPoker's hint to take a pile card: the card is clicked
            pg.locator(f'.wpp-pile [title="take {taken.group(1)} from the pile"]').first.click()
        else:
            pg.keyboard.press("Enter")
        expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
        seen["moves"] += 1
    pg.screenshot(path=str(SHOTS / f"{game}_last.png"), full_page=True)
    assert settled(pg) == "over", f"the game did not end: {seen['moves']} moves, " \
        f"{msg.inner_text()!r}"
    seen["banner"] = pg.locator(".wpp-banner").inner_text()
    pg.screenshot(path=str(SHOTS / f"{game}_over.png"), full_page=True)
    return seen


def reviewed_by_the_computer(pg: Any, game: str) -> dict[str, Any]:
    """After the banner: "Review with the computer" run to its end (the browser has no
    thread: the review takes one decision at a time, the progress bar moving and the page
    answering between two). Once the bar stands between its ends, the review's next (or
    previous) move is clicked: the page must answer it. Then the last decision of the list is
    chosen."""
    from playwright.sync_api import expect

    box = pg.locator(".wpp-computer-review")
    seen: dict[str, Any] = {"fractions": set(), "answered_while_running": None}
    start = time.monotonic()
    pg.get_by_role("button", name="Review this game", exact=True).click()
    while time.monotonic() - start < WAIT / 1000:
        text = box.inner_text()
        assert "failed" not in text and "needs the kit's server" not in text, text
        if re.search(r"decisions? reviewed", text):
            break
        m = re.match(r"\s*(\d+)/(\d+)", text)
        if m:
            done, total = int(m[1]), int(m[2])
            seen["fractions"].add((done, total))
            if seen["answered_while_running"] is None and 0 < done < total:
                pg.screenshot(path=str(SHOTS / f"{game}_reviewing.png"), full_page=True)
                # "Review this game" opened the moves beside the grading: step through
                # them while it runs (a page that waits for the grading would not move)
                side = pg.locator(".wpp-side")
                expect(side).to_contain_text("Review — move", timeout=WAIT)
                before = side.inner_text()
                step = pg.locator(".wpp-review-next")
                if step.is_disabled():
                    step = pg.locator(".wpp-review-prev")
                step.click()
                expect(side).not_to_have_text(before, timeout=WAIT)
                expect(side).to_contain_text("Review — move", timeout=WAIT)
                seen["answered_while_running"] = not re.search(r"decisions? reviewed",
                                                               box.inner_text())
        pg.wait_for_timeout(100)
    else:
        raise AssertionError(f"{game}: the review did not end: {box.inner_text()[:300]!r}")
    seen["seconds"] = time.monotonic() - start
    radios = box.locator(".wpp-review-rows input[type=radio]")
    expect(radios.first).to_be_attached(timeout=WAIT)
    seen["rows"] = radios.count()
    assert seen["rows"] >= 1 and "drawn only on the kit's server" in box.inner_text()
    radios.last.click()
    expect(pg.locator(".wpp-side")).to_contain_text("you played", timeout=WAIT)
    pg.screenshot(path=str(SHOTS / f"{game}_reviewed.png"), full_page=True)
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_site_game_played_to_the_banner(page: Any, site: str, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    seconds = opened(page, f"{site}voici/render/{game}.html")
    page.wait_for_selector(".wpp-page", timeout=WAIT)
    page.screenshot(path=str(SHOTS / f"{game}_start.png"), full_page=True)
    assert "a reload starts a new game" in page.inner_text("body")
    seen = play_whole_game(page, game)
    assert seen["moves"] > 0 and seen["why"] and "Session" in seen["banner"], seen
    review = reviewed_by_the_computer(page, game)
    if game == "play":  # WarPairsPoker's review takes seconds: seen under way, page live
        assert review["answered_while_running"] and len(review["fractions"]) >= 2, review
    print(f"{game}: opened in {seconds:.1f} s, {seen['moves']} moves to the banner, "
          f"reviewed by the computer in {review['seconds']:.1f} s ({review['rows']} "
          f"decisions; page answered meanwhile: {review['answered_while_running']})")


def test_site_lessons_answered(page: Any, site: str) -> None:
    """Lesson 3 (three cards locked in, the AI's pick revealed) and lesson 2a (the quiz's
    first question answered, the engine's reason shown)."""
    from playwright.sync_api import expect

    from wpp.core.standard_deck import format_cards
    from wpp.warpairs.deal import DEAL_SIZE, deal

    SHOTS.mkdir(parents=True, exist_ok=True)
    opened(page, f"{site}voici/render/03_the_mulligan.html")
    expect(page.locator("body")).to_contain_text("Which 3 cards would you put in the pile",
                                                 timeout=WAIT)
    hand = sorted(deal(20)[:DEAL_SIZE])
    for c in hand[-3:]:
        page.locator(f'.wpp-hand .wpp-card[title="{c}"]').first.click()
    expect(page.locator("body")).to_contain_text(f"(3 picked: {format_cards(hand[-3:])})",
                                                 timeout=WAIT)
    page.get_by_role("button", name="Lock in my 3 cards", exact=True).first.click()
    expect(page.locator("body")).to_contain_text("Step 1 of", timeout=WAIT)
    page.screenshot(path=str(SHOTS / "03_the_mulligan_answered.png"), full_page=True)
    opened(page, f"{site}voici/render/02_the_rules.html")
    feedback = page.locator(".wpp-feedback").last
    answer = page.locator(".wpp-answer:visible").first
    answer.scroll_into_view_if_needed()
    answer.click()
    expect(feedback).to_contain_text(re.compile(r"R\d+"), timeout=WAIT)
    feedback.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "02_the_rules_answered.png"))


def test_site_every_listed_page_opens(page: Any, site: str) -> None:
    """The home page: each page it links opens without an error; the pages that need the
    server are named there with why, not linked."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    seconds = opened(page, site)  # index.html sends the visitor to the home page
    page.screenshot(path=str(SHOTS / "home.png"), full_page=True)
    text = page.inner_text("body")
    for needed in ("On the server only", "Open Face Chinese Poker", "room code"):
        assert needed in text
    links = page.eval_on_selector_all(".wpp-home a", "els => els.map(e => e.href)")
    assert not [u for u in links if ".ipynb" in u], links
    assert any(u.endswith("/kit/index.html") for u in links)
    print(f"home: {seconds:.1f} s; {len(links)} links")
    checked: set[str] = set()
    for url in dict.fromkeys(links):
        name = url.rsplit("/", 1)[-1].removesuffix(".html")
        if "/kit/" in url:
            page.goto(url)
            assert "teacher's kit" in page.inner_text("body")
            kit = page.eval_on_selector_all("a", "els => els.map(e => e.href)")
            for doc in [u for u in kit if "/kit/" in u][:6]:
                response = page.goto(doc)
                assert response is not None and response.ok, doc
            continue
        seconds = opened(page, url)
        page.screenshot(path=str(SHOTS / f"page_{name}.png"), full_page=True)
        # every link on the page leads to a page of the site (lesson 1 linked the rooms,
        # the class view and OFC's page, which the site lacks)
        hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)")
        for href in dict.fromkeys(h.split("#")[0] for h in hrefs):
            if href.startswith(site) and href not in checked:
                checked.add(href)
                response = page.request.get(href)
                assert response.ok, f"{name}: a link to {href} ({response.status})"
        print(f"{name}: {seconds:.1f} s")
