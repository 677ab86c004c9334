"""Pokeros late in a game, on the server as shipped, played with Hint and Enter until the grid
holds 30 cards, at the person's turn:

- at 1280×800 the whole grid, the stash and Place are on the screen without scrolling — the
  walk-through found the grid's lowest row and the stash and Place below the fold;
- at 390×844 every lit cell is a finger's tap (at least 44 px each way; the walk-through's
  were 28 px): the grid then scrolls sideways inside its own box, on the screen, and a line
  above the grid says so.

Screenshots: ``artifacts/player/pokeros_fold_*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Shipped
from .game_page_steps import WAIT, hint, player_shots, settled

pytestmark = pytest.mark.browser

_GRID = """() => {
  const r = s => { const e = document.querySelector(s); const b = e.getBoundingClientRect();
    return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
  const box = document.querySelector('.pk-gridbox');
  const cells = [...box.querySelectorAll('.pk-grid > .pk-cell')].map(c => {
    const b = c.getBoundingClientRect(); return [Math.round(b.width), Math.round(b.height)]; });
  const swipe = document.querySelector('.pk-swipe');
  return {box: r('.pk-gridbox'), stash: r('.pk-stash'), place: r('.pk-place'),
          cards: box.querySelectorAll('.pk-grid > .wpp-card').length, cells: cells,
          scrollsY: box.scrollHeight > box.clientHeight + 1,
          scrollsX: box.scrollWidth > box.clientWidth + 1,
          overflowX: getComputedStyle(box).overflowX,
          swipe: swipe && swipe.getClientRects().length > 0 ? swipe.innerText : '',
          height: innerHeight, width: innerWidth, scrollY: window.scrollY};
}"""


def _inside(b: dict[str, float], width: float, height: float) -> bool:
    return (b["top"] >= -0.5 and b["bottom"] <= height + 0.5 and b["left"] >= -0.5
            and b["right"] <= width + 0.5)


def test_a_late_grid_fits_the_screen_and_its_cells_fit_a_finger(
        browser: Any, shipped: Shipped) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        pg = ctx.new_page()
        pg.on("dialog", lambda d: d.accept())
        pg.goto(shipped.page("pokeros"), timeout=WAIT)
        pg.wait_for_selector(".wpp-page", timeout=WAIT)
        for _ in range(80):  # Hint's moves until the grid is large, the person to play
            if settled(pg) == "over":
                break
            if pg.evaluate("document.querySelectorAll('.pk-grid > .wpp-card').length") >= 30:
                break
            if not hint(pg):
                break
            pg.keyboard.press("Enter")
            pg.wait_for_timeout(400)
        assert settled(pg) == "turn", "the game ended before its grid held 30 cards"
        assert hint(pg)  # a card chosen: its cells are lit
        pg.evaluate("window.scrollTo(0, 0)")
        pg.wait_for_timeout(500)
        seen = pg.evaluate(_GRID)
        pg.screenshot(path=str(player_shots() / "pokeros_fold_1280.png"))
        assert seen["cards"] >= 30, seen
        for part in ("box", "stash", "place"):  # the whole grid and the buttons to act
            assert _inside(seen[part], 1280, 800), (part, seen)
        assert not seen["scrollsY"] and not seen["scrollsX"], seen  # all of it, no scrolling
        pg.set_viewport_size({"width": 390, "height": 844})
        pg.wait_for_timeout(800)
        pg.locator(".pk-gridbox").scroll_into_view_if_needed()
        pg.wait_for_timeout(300)
        seen = pg.evaluate(_GRID)
        pg.screenshot(path=str(player_shots() / "pokeros_fold_390.png"))
        assert seen["cells"], seen
        small = [c for c in seen["cells"] if c[0] < 44 or c[1] < 44]
        assert not small, f"lit cells smaller than a finger's tap: {small}"
        assert seen["box"]["left"] >= -0.5 and seen["box"]["right"] <= 390.5, seen
        if seen["scrollsX"]:  # a deliberate scroll box, and the page says so
            assert seen["overflowX"] in ("auto", "scroll"), seen
            assert "swipe" in seen["swipe"], seen
    finally:
        ctx.close()
