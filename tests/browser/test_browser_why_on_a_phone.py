"""Why? on a phone (390×844), on the server as shipped (issue 38): a walk-through found Why?
a small box that cut off its table — the panel scrolled inside the scrolling page and the
reasons' table ran past its right edge. Now, after a 5-card draw hand (its reasons in full,
with the table of every discard), the panel grows with its reasons (no scroll of its own) and
each table fits the panel's width, its words wrapped."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Shipped
from .game_page_steps import WAIT, player_shots, settled

pytestmark = pytest.mark.browser

#: The panel against its content and the window; each table against the panel.
_PANEL = """() => {
  const panel = document.querySelector('.wpp-side .wpp-explain');
  const p = panel.getBoundingClientRect();
  const tables = [...panel.querySelectorAll('.wpp-cands')].map(c => {
    const t = c.querySelector('table').getBoundingClientRect();
    return {scroll: c.scrollWidth, client: c.clientWidth, right: t.right}; });
  return {scrollHeight: panel.scrollHeight, clientHeight: panel.clientHeight,
          right: p.right, tables: tables, width: window.innerWidth};
}"""


def test_why_on_a_phone_grows_and_fits_its_tables(browser: Any, shipped: Shipped) -> None:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.on("dialog", lambda d: d.accept())
        pg.goto(shipped.page("draw"), timeout=WAIT)
        pg.wait_for_selector(".wpp-page", timeout=WAIT)
        if settled(pg) == "turn":
            pg.locator(".wpp-draw-pat").click()          # stand pat: the hand ends
        expect(pg.locator(".wpp-banner .wpp-banner-head")).to_be_visible(timeout=WAIT)
        pg.locator(".wpp-side-button.wpp-why").click()
        panel = pg.locator(".wpp-side .wpp-explain")
        expect(panel).to_contain_text("Why the computer did that", timeout=WAIT)
        expect(panel.locator(".wpp-cands table").first).to_be_visible(timeout=WAIT)
        pg.wait_for_timeout(800)
        seen = pg.evaluate(_PANEL)
        pg.screenshot(path=str(player_shots() / "draw_phone_why.png"), full_page=True)
        assert seen["tables"], seen
        assert seen["scrollHeight"] <= seen["clientHeight"] + 1, \
            ("the panel scrolls inside the page: its reasons are cut", seen)
        assert seen["right"] <= seen["width"] + 0.5, ("the panel runs off the screen", seen)
        for t in seen["tables"]:
            assert t["scroll"] <= t["client"] + 1, ("a table scrolls sideways", seen)
            assert t["right"] <= min(seen["right"], seen["width"]) + 0.5, \
                ("a table runs past the panel", seen)
    finally:
        ctx.close()
