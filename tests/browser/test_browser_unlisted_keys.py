"""End to end in headless Chromium, 5-card draw's page as ``make play`` serves it (issue 38):
a digit past the hand (6–9, 0 on a 5-card hand) answers "No card 6: your hand has 5" and
changes nothing; a letter no board uses is ignored; typing in the Seed box still types."""

from __future__ import annotations

from typing import Any

import pytest

from .game_page_steps import WAIT, served, settled

pytestmark = pytest.mark.browser

GAME, SEED = "draw", 5


def test_a_digit_past_the_hand_answers_and_other_keys_are_ignored(browser: Any) -> None:
    from playwright.sync_api import expect

    with served(browser, GAME, SEED) as pg:
        assert settled(pg) == "turn"
        note = pg.locator(".wpp-key-note")
        go = pg.locator(".wpp-draw-go")
        selected = "document.querySelectorAll('.wpp-draw .wpp-selected').length"
        before = go.inner_text(), pg.evaluate(selected)
        pg.keyboard.press("6")
        expect(note).to_have_text("No card 6: your hand has 5 (keys 1–5).", timeout=WAIT)
        pg.keyboard.press("0")
        expect(note).to_have_text("No card 10: your hand has 5 (keys 1–5).", timeout=WAIT)
        pg.keyboard.press("x")                                 # no board's key: ignored
        pg.wait_for_timeout(500)
        expect(note).to_have_text("No card 10: your hand has 5 (keys 1–5).")
        assert (go.inner_text(), pg.evaluate(selected)) == before     # nothing changed
        pg.keyboard.press("1")                                 # a listed key still works
        expect(go).to_have_text("Discard 1, draw 1", timeout=WAIT)
        seed = pg.locator(".wpp-seed input")
        if not seed.is_visible():
            pg.locator(".wpp-opt-menu, .wpp-menu-toggle").first.click()
        seed.click()
        pg.keyboard.type("67")
        pg.wait_for_timeout(500)
        assert seed.input_value() == "67"                      # typing still types
        expect(go).to_have_text("Discard 1, draw 1")           # and plays nothing
