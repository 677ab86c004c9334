"""Pairs' page in Chromium: a round's result stays on screen once the round is over — every
stack as it ended and who scored what, as the last round's summary below the table — until the
person's next move or its ×; Hit and Fold are in view from the start (1280×800); it fits a phone
(390×844); the banner at the end says the result in a glance.
Screenshots: ``artifacts/player/pairs_round_*.png``."""

from __future__ import annotations

from typing import Any

import pytest

from .game_page_steps import phone_faults, player_shots, served, settled

pytestmark = pytest.mark.browser


def test_a_rounds_result_stays_until_the_person_moves_on(browser: Any) -> None:
    from playwright.sync_api import expect

    with served(browser, "pairs", 3) as pg:
        strip = pg.locator(".wpp-pround")
        for name in ("Hit", "Fold"):  # in view as the page opens, not under the fold
            box = pg.locator(".wpp-pairs .wpp-act", has_text=name).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 800, (name, box)
        for _ in range(60):  # hit until a round ends where the person sees it
            assert settled(pg) == "turn"
            if strip.is_visible():
                break
            pg.keyboard.press("h")
            pg.wait_for_timeout(400)
        expect(strip).to_be_visible()
        said = strip.inner_text()
        assert "Last round" in said and "scores" in said and "Next round" not in said, said
        assert strip.locator("svg.wpp-pic").count() >= 2  # the stacks as the round ended
        pg.screenshot(path=str(player_shots() / "pairs_round_1280.png"), full_page=True)
        pg.set_viewport_size({"width": 390, "height": 844})
        pg.wait_for_timeout(400)
        strip.scroll_into_view_if_needed()
        pg.screenshot(path=str(player_shots() / "pairs_round_390.png"))
        faults = [f for f in phone_faults(pg) if "pround" in f or "Round" in f]
        assert not faults, faults
        pg.locator(".wpp-pairs-close").click()
        expect(strip).to_be_hidden()
        pg.set_viewport_size({"width": 1280, "height": 800})
        for n in range(200):  # to the end: the banner in a glance
            if settled(pg) == "over":
                break
            pg.keyboard.press("h" if n % 3 else "f")
            pg.wait_for_timeout(250)
        banner = pg.locator(".wpp-banner").inner_text()
        assert "reached the target" in banner and "Lowest score wins: 1st" in banner, banner
        pg.screenshot(path=str(player_shots() / "pairs_end_1280.png"), full_page=True)
        pg.set_viewport_size({"width": 390, "height": 844})
        pg.wait_for_timeout(400)
        pg.screenshot(path=str(player_shots() / "pairs_end_390.png"), full_page=True)
