"""Hint on a phone (390×844), on the server as shipped: the player reads the hint *and* plays
it. The walk-through pressed Hint on OFC and Pokeros and the page scrolled the panel to the
window's centre: the hand and the buttons to act went off the screen, and playing the hinted
move meant scrolling back. Now, after Hint, the hand (OFC's cards to place, Pokeros' stash),
the button that plays the move and the panel's title are all on the screen at once, and a tap
on that button where it is — no scroll — plays the hinted move.

The same page is also checked for the rest of the walk-through's phone faults: the hint's
tables fit the panel (nothing cut at the right, no sideways scroll), and "Hint from" shows
the chosen AI's whole words (its closed dropdown cut them: "Expert — scores now and…"), at
390 px and at 1280 px.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import Shipped
from .game_page_steps import WAIT, player_shots, settled

pytestmark = pytest.mark.browser

#: (game, its page, its hand's selector, the button that plays the move) — per-game: the two
#: pages whose hints the walk-through found pushing the hand away (each its own selectors)
GAMES = [("ofc", "ofc", ".wpp-ofc-hand", ".wpp-ofc-place"),
         ("pokeros", "pokeros", ".pk-stash", ".pk-place")]

#: The hand, the button and the panel against the window; the panel's tables against the
#: panel; where the page scrolls.
_SEEN = """([hand, act]) => {
  const box = s => { const e = document.querySelector(s); if (!e) { return null; }
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right}; };
  const panel = document.querySelector('.wpp-side .wpp-explain');
  const title = panel.querySelector('.wpp-panel-title');
  const p = panel.getBoundingClientRect();
  const tables = [...panel.querySelectorAll('.wpp-cands')].map(c => {
    const t = c.querySelector('table').getBoundingClientRect();
    return {scroll: c.scrollWidth, client: c.clientWidth, right: t.right}; });
  return {hand: box(hand), act: box(act), title: title ? box('.wpp-side .wpp-panel-title')
          : null, panelRight: p.right, tables: tables, height: window.innerHeight,
          width: window.innerWidth};
}"""

#: "Hint from": the chosen option's words and the line under the dropdown.
_CHOOSER = """() => {
  const sel = document.querySelector('.wpp-hint-agent select');
  const about = document.querySelector('.wpp-hint-about');
  const r = about ? about.getBoundingClientRect() : null;
  // (the dropdown writes its words' spaces as no-break spaces)
  return {chosen: sel.options[sel.selectedIndex].text.replace(/\u00a0/g, ' '),
          about: about ? about.innerText.trim() : null,
          right: r ? r.right : null, scroll: about ? about.scrollWidth : 0,
          client: about ? about.clientWidth : 0, width: window.innerWidth};
}"""


def _on_screen(b: dict[str, float] | None, height: float) -> bool:
    return b is not None and b["top"] >= -0.5 and b["bottom"] <= height + 0.5


def _hint_from_readable(pg: Any) -> dict[str, Any]:
    got = dict(pg.evaluate(_CHOOSER))
    assert got["about"] == got["chosen"], got  # the whole words, read under the dropdown
    assert got["scroll"] <= got["client"] + 1 and got["right"] <= got["width"] + 0.5, got
    return got


@pytest.mark.parametrize(("game", "page", "hand", "act"), GAMES, ids=[g[0] for g in GAMES])
def test_hint_on_a_phone_keeps_the_hand_and_plays_with_one_tap(
        browser: Any, shipped: Shipped, game: str, page: str, hand: str, act: str) -> None:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        pg = ctx.new_page()
        pg.on("dialog", lambda d: d.accept())
        pg.goto(shipped.page(page), timeout=WAIT)
        pg.wait_for_selector(".wpp-page", timeout=WAIT)
        assert settled(pg) == "turn"
        _hint_from_readable(pg)
        before = pg.locator(".wpp-log").inner_text()
        pg.locator(".wpp-side-button.wpp-hint").click()  # scrolled to it, as a thumb does
        expect(pg.locator(".wpp-side .wpp-explain")).to_contain_text("Hint for", timeout=WAIT)
        expect(pg.locator(".wpp-msg")).to_contain_text("selected for you", timeout=WAIT)
        pg.wait_for_timeout(1500)  # the panel's last pieces and the page's scroll
        seen = pg.evaluate(_SEEN, [hand, act])
        pg.screenshot(path=str(player_shots() / f"{game}_phone_hint.png"))
        h = seen["height"]
        assert _on_screen(seen["hand"], h), ("the hand is off the screen", seen)
        assert _on_screen(seen["act"], h), ("the button to act is off the screen", seen)
        assert seen["title"] is not None and 0 <= seen["title"]["top"] <= h - 40, \
            ("the hint's title is not on the screen", seen)
        for t in seen["tables"]:  # the hint's tables fit the panel
            assert t["scroll"] <= t["client"] + 1, seen["tables"]
            assert t["right"] <= min(seen["panelRight"], seen["width"]) + 0.5, seen["tables"]
        # one tap where the button is: no scroll (Playwright's click would scroll to it)
        b = seen["act"]
        pg.mouse.click((b["left"] + b["right"]) / 2, (b["top"] + b["bottom"]) / 2)
        expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
        assert re.search(r"You (place|play)", pg.locator(".wpp-log").inner_text()), \
            pg.locator(".wpp-log").inner_text()
        pg.set_viewport_size({"width": 1280, "height": 800})  # and on a screen
        pg.wait_for_timeout(500)
        _hint_from_readable(pg)
    finally:
        ctx.close()
