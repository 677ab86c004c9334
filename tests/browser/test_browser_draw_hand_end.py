"""End to end in headless Chromium, 5-card draw's page as ``make play`` serves it (issue 38,
the players' walk-through: "one click and over"): no count of legal moves in the status;
Enter with no card raised says why; after the person's draw the discard prompt and its
buttons are gone; the hand's end shows both hands by name, who won, the match's running
total and one review button, and Enter deals the next hand. Screenshots of the hand's end at
1280×800 and 390×844: ``artifacts/draw/hand_end_*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from wpp.core.registry import match_rule

from .game_page_steps import WAIT, served, settled, shots

pytestmark = pytest.mark.browser

GAME, SEED = "draw", 5


def test_the_hand_end_is_clear_and_enter_deals_the_next(browser: Any) -> None:
    from playwright.sync_api import expect

    hands = match_rule(GAME).hands
    with served(browser, GAME, SEED) as pg:
        assert settled(pg) == "turn"
        assert "legal move" not in pg.locator(".wpp-status").inner_text()
        title = pg.locator(".wpp-draw").locator("xpath=.//*[contains(., 'may discard')]").first
        expect(title).to_be_visible(timeout=WAIT)   # the prompt while the discard is to come
        msg = pg.locator(".wpp-msg")
        pg.keyboard.press("Enter")                   # nothing raised: says why, moves nothing
        expect(msg).to_contain_text("raise the cards", timeout=WAIT)
        pg.keyboard.press("1")
        expect(pg.locator(".wpp-draw-go")).to_have_text("Discard 1, draw 1", timeout=WAIT)
        pg.keyboard.press("Enter")
        assert settled(pg) == "over"
        draw_box = pg.locator(".wpp-draw")
        expect(draw_box).not_to_contain_text("may discard")      # the prompt is gone
        expect(pg.locator(".wpp-draw-acts")).to_be_hidden()     # and Stand pat / Draw
        show = pg.locator(".wpp-draw-showdown")
        expect(show).to_contain_text("Showdown")
        text = show.inner_text()
        assert re.search(r"\bYou:", text) and re.search(r"\bComputer:", text), text
        assert not re.search(r"\(P\d\)", text), text   # the page's names, no seat numbers
        assert re.search(r"wins the hand|splits the pot", text), text
        banner = pg.locator(".wpp-banner")
        expect(banner.locator(".wpp-banner-match")).to_contain_text(
            re.compile(rf"Running total after hand 1 of {hands}: You [+−]?\d"))
        expect(banner.locator("button", has_text="Review")).to_have_count(1)
        expect(pg.locator(".wpp-banner-new")).to_have_text("Next hand")
        assert "legal move" not in pg.locator(".wpp-app").inner_text()
        pg.screenshot(path=str(shots(GAME) / "hand_end_1280x800.png"))
        pg.set_viewport_size({"width": 390, "height": 844})
        pg.wait_for_timeout(500)
        banner.scroll_into_view_if_needed()
        pg.screenshot(path=str(shots(GAME) / "hand_end_390x844.png"))
        show.scroll_into_view_if_needed()
        pg.screenshot(path=str(shots(GAME) / "hand_end_390x844_showdown.png"))
        pg.set_viewport_size({"width": 1280, "height": 800})
        pg.keyboard.press("Enter")                                  # the next hand
        expect(pg.locator(".wpp-match")).to_contain_text(f"Hand 2 of {hands}", timeout=WAIT)
        expect(banner.locator(".wpp-banner-head")).to_be_hidden(timeout=WAIT)
        expect(show).to_be_hidden()
