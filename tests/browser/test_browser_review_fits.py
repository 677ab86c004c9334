"""End to end in headless Chromium, the review as a player reads it (issue 38's walk-through):
Pairs' list of graded decisions shown whole — it was cut after seven rows inside a 360 px
box that scrolled on its own — at 1280×800 and at a phone's 390×844, nothing past the
phone's right edge and no row over the next (a label of three lines ran over it); the chart
legible on the phone (drawn for its width, so its type is not shrunk: the desktop chart
scaled to 390 px had 5-pixel type); the names the page gives the seats in the log, the last
move and the banner, never the narration's "P2"; and the review open on the player's first
move. Screenshots: artifacts/pairs/review_fits_*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .game_page_steps import WAIT, play_with_hints, served, settled, shots

pytestmark = pytest.mark.browser

GAME, SEED = "pairs", 7

#: What the page's review looks like in the browser: the list's box, the rows, the chart.
MEASURE = """() => {
  const list = document.querySelector('.wpp-review-list');
  const img = document.querySelector('.wpp-review-chart img');
  const rows = [...document.querySelectorAll('.wpp-review-rows .widget-radio-box label')];
  return {
    listClipped: list.scrollHeight - list.clientHeight,
    rowsPastRight: rows.filter(r => r.getBoundingClientRect().right > innerWidth + 1).length,
    rowsShown: rows.filter(r => r.offsetParent).length,
    rowsOverlapping: rows.slice(1).filter((r, i) => r.getBoundingClientRect().top + 1 <
      rows[i].getBoundingClientRect().bottom).length,
    rowsOverflowing: rows.filter(r => r.scrollHeight > r.clientHeight + 1).length,
    rows: rows.length,
    wide: document.documentElement.scrollWidth - innerWidth,
    chartScale: img.clientWidth / img.naturalWidth,
    chartNatural: img.naturalWidth,
  };
}"""


def test_the_review_shows_whole_and_legible_at_both_sizes(browser: Any) -> None:
    from playwright.sync_api import expect

    with served(browser, GAME, SEED) as pg:
        play_with_hints(pg, GAME, SEED, reload_after=99)
        assert settled(pg) == "over"
        seats = re.compile(r"\bP[1-9]\b")
        for where in (".wpp-log", ".wpp-last-move", ".wpp-banner"):
            text = pg.locator(where).inner_text()
            assert not seats.search(text), (where, text[:300])
        pg.click(".wpp-banner-review")
        expect(pg.locator(".wpp-review-note")).to_contain_text("reviewed", timeout=4 * WAIT)
        expect(pg.locator(".wpp-review-chart img")).to_be_visible(timeout=WAIT)
        head = pg.locator(".wpp-side").inner_text()
        assert re.search(r"Review — move \d+ of \d+: You:", head), head[:300]
        for width, height in ((1280, 800), (390, 844)):
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(1500)   # the picture's source follows the width
            seen = pg.evaluate(MEASURE)
            pg.screenshot(path=str(shots(GAME) / f"review_fits_{width}.png"), full_page=True)
            assert seen["rows"] >= 1 and seen["rowsShown"] == seen["rows"], seen
            assert seen["listClipped"] <= 2, seen          # no box of its own to scroll
            assert seen["rowsPastRight"] == 0 and seen["wide"] <= 1, seen
            assert seen["rowsOverlapping"] == 0 and seen["rowsOverflowing"] == 0, seen
            if width < 600:   # the phone's chart, about as wide as the phone: type unshrunk
                assert seen["chartNatural"] <= 400 and seen["chartScale"] >= 0.85, seen
            else:
                assert seen["chartNatural"] >= 600, seen
