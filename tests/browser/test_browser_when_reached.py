"""End to end in headless Chromium: lesson 12's game page is built when the learner reaches it
(issue 39: the lesson's first screen is usable without the browser first drawing a whole game
page). Opened, the lesson shows its questions and only a placeholder for the game; scrolled to
it, the placeholder becomes the game page by itself, which is played (a card chosen, the
mulligan made) and whose keys work. Screenshots: ``artifacts/lessons/12_reached_*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "lessons"
WAIT = 60_000  # ms


def test_lesson_12s_game_is_built_when_scrolled_to_and_plays(browser: Any) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    with serve.opened_page(browser, "notebooks/12_beating_the_classic_ai.ipynb",
                           SHOTS / "voila-12-reached.log", height=800) as page:
        expect(page.get_by_role("button", name="Lock in my answer").first).to_be_visible(
            timeout=WAIT)
        placeholder = page.locator(".wpp-reach")
        expect(placeholder).to_have_count(1, timeout=WAIT)
        page.wait_for_timeout(1500)  # not reached: nothing is built while it is off-screen
        assert page.locator(".wpp-page").count() == 0, "the game was built before it was reached"
        page.screenshot(path=str(SHOTS / "12_reached_before.png"))
        placeholder.scroll_into_view_if_needed()
        app = page.locator(".wpp-page")
        expect(app).to_have_count(1, timeout=WAIT)
        expect(page.locator(".wpp-reach")).to_have_count(0)
        # The built page plays: its Hint asks the search AI; the mulligan's cards are chosen
        # with the keys (the page's key script was on the lesson from the start).
        expect(app.locator(".wpp-hand.wpp-active .wpp-slot-0")).to_be_visible(timeout=WAIT)
        app.locator(".wpp-hand.wpp-active .wpp-slot-0").click()
        expect(app.locator(".wpp-hand.wpp-active .wpp-selected")).to_have_count(
            1, timeout=WAIT)
        # Hint from: the search AI, named as the page names it (the Expert: thinks ahead)
        chosen = app.locator(".widget-dropdown", has_text="Hint from").locator(
            "select option:checked")
        expect(chosen).to_contain_text(re.compile(r"thinks\s+ahead"), timeout=WAIT)
        page.screenshot(path=str(SHOTS / "12_reached_after.png"), full_page=False)
