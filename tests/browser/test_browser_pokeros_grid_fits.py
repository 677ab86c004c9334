"""Pokeros' grid always fits the board's width: played to the end in Chromium, no card of the
grid lies outside the grid's visible box at 1280×800 or at 390×844 (walk-through: the last
column was cut in half, the grid's scrollbar under the fold). On a phone a grid wider than the
screen scrolls sideways in its own box, which is on the screen (its cells are a finger's
44 px: ``test_browser_pokeros_fold.py``). Screenshots:
``artifacts/pokeros/pokeros_grid_*.png``."""

from __future__ import annotations

from typing import Any

import pytest

from .game_page_steps import hint, served, settled, shots

pytestmark = pytest.mark.browser

#: Each card of the grid against the grid's box (and the box against the window): what lies
#: outside, as a list of faults, and how many cards and columns were measured.
_OUTSIDE = """() => {
  const box = document.querySelector('.pk-gridbox');
  const b = box.getBoundingClientRect();
  const faults = [];
  // on a phone a wide grid scrolls sideways in its own box (its cells a finger's 44 px):
  // a deliberate scroll box, whose cards are reached by scrolling it
  const scrollsX = box.scrollWidth > box.clientWidth + 1
      && ['auto', 'scroll'].includes(getComputedStyle(box).overflowX);
  if (box.scrollWidth > box.clientWidth + 1 && !scrollsX) {
    faults.push('the grid is wider than its box: ' + box.scrollWidth + '>' + box.clientWidth);
  }
  if (b.left < -0.5 || b.right > window.innerWidth + 0.5) {
    faults.push('the box is off the window: ' + Math.round(b.left) + '..' + Math.round(b.right));
  }
  const scrollsY = box.scrollHeight > box.clientHeight + 1;
  const cards = box.querySelectorAll('.pk-grid > .wpp-card');
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const outX = !scrollsX && (r.left < b.left - 0.5 || r.right > b.right + 0.5);
    const outY = !scrollsY && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5);
    if (outX || outY || r.width < 8) {
      faults.push((c.title || c.innerText) + ' at ' + Math.round(r.left) + '..'
                  + Math.round(r.right) + ' (box ' + Math.round(b.left) + '..'
                  + Math.round(b.right) + ')');
    }
  }
  const cols = (getComputedStyle(box.querySelector('.pk-grid')).gridTemplateColumns
                .split(' ').length);
  return {faults: faults, cards: cards.length, cols: cols, scrollsX: scrollsX};
}"""


def test_the_grid_fits_the_board_late_in_a_game_on_a_screen_and_a_phone(browser: Any) -> None:
    with served(browser, "pokeros", 3) as pg:
        for _ in range(120):  # Hint's moves to the end: the grid at its largest
            if settled(pg) == "over" or not hint(pg):
                break
            pg.keyboard.press("Enter")
            pg.wait_for_timeout(300)
        assert settled(pg) == "over"
        for width, height in ((1280, 800), (390, 844)):
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(500)
            pg.locator(".pk-gridbox").scroll_into_view_if_needed()
            got = pg.evaluate(_OUTSIDE)
            pg.screenshot(path=str(shots("pokeros") / f"pokeros_grid_{width}.png"))
            assert got["cards"] >= 30 and got["cols"] >= 8, got  # late in the game
            assert not got["faults"], (width, got)
            assert not got["scrollsX"] or width < 600, got  # sideways only on a phone
