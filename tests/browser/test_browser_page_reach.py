"""What a click opens is in view, and every control is a finger's size on a phone — the
players' walk-through on draw's page (the shared game page, the same on every game):

* "Rules & keys" on a phone (390×844) opened its panel well above its button (it seemed to
  do nothing); New game's confirm box ("Deal a new game? … Yes / Cancel") opened about
  1000 px from the button on a phone, and out of view at 1280×800. Now, after the click,
  the panel or the box is within the window.
* checkboxes were 13 px and menus 28 px tall on a phone: now every control at least 44 px.
"""

from __future__ import annotations

from typing import Any

import pytest

from .game_page_steps import player_shots, served

pytestmark = pytest.mark.browser

#: Where an element is against the window: its box's top and bottom, the window's height.
_IN_VIEW = """(sel) => { const e = document.querySelector(sel);
  if (!e || e.getClientRects().length === 0) { return null; }
  const r = e.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: window.innerHeight}; }"""

#: Every visible control of the page shorter than a finger (44 px): its tag, type and height.
_SHORT = """() => { const out = [];
  for (const e of document.querySelectorAll('.wpp-page button, .wpp-page select, '
                                            + '.wpp-page input, .wpp-page textarea')) {
    if (e.getClientRects().length === 0 || getComputedStyle(e).visibility === 'hidden'
        || e.type === 'file' || e.type === 'hidden') { continue; }
    const r = e.getBoundingClientRect();
    if (r.height < 43.5) { out.push(e.tagName + ':' + (e.type || '') + ':'
        + (e.innerText || e.title || '').trim().slice(0, 20) + ':' + Math.round(r.height)); }
  }
  return out; }"""


def in_view(pg: Any, sel: str) -> dict[str, float]:
    """Wait for ``sel`` to be shown and the page to settle; its box against the window."""
    pg.wait_for_selector(sel, state="visible", timeout=30_000)
    pg.wait_for_timeout(900)  # the kernel's drawing and the scroll
    seen = pg.evaluate(_IN_VIEW, sel)
    assert seen is not None, sel
    return dict(seen)


def test_a_panel_or_confirm_opens_in_view_and_controls_are_a_fingers_size(
        browser: Any) -> None:
    with served(browser, "ofc", 2, height=844) as pg:   # a tall board
        # (1280×600: a laptop's window with its bars — the confirm box under OFC's tall board
        # lay below the window's edge; the walk-through's pages at 1280×800 were longer.)
        for width, height in ((390, 844), (1280, 800), (1280, 600)):
            pg.set_viewport_size({"width": width, "height": height})
            pg.wait_for_timeout(500)
            if width == 390:
                short = pg.evaluate(_SHORT)
                assert not short, f"controls under 44 px on a phone: {short}"
            pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            pg.locator(".wpp-opt-rules").scroll_into_view_if_needed()
            pg.locator(".wpp-opt-rules").click()
            seen = in_view(pg, ".wpp-side .wpp-explain .wpp-keys")
            panel = in_view(pg, ".wpp-side .wpp-explain")
            pg.screenshot(path=str(player_shots() / f"reach-{width}x{height}-rules.png"))
            # its top on the screen (a panel taller than the window starts at its top)
            assert -1 <= panel["top"] < height - 40, (width, panel, seen)
            # New game with the panel still open (on a phone it lies between the board's
            # confirm box and the options: the walk-through's 1000 px), the window at the top
            pg.evaluate("window.scrollTo(0, 0)")
            new = pg.locator(".wpp-opt-new")
            if width == 390:
                pg.evaluate("document.querySelector('.wpp-opt-new').scrollIntoView("
                            "{block: 'end'})")
            new.click()
            box = in_view(pg, ".wpp-confirm")
            pg.screenshot(path=str(player_shots() / f"reach-{width}x{height}-confirm.png"))
            assert box["top"] >= -1 and box["bottom"] <= height + 1, (width, box)
            pg.locator(".wpp-confirm-no").click()
            pg.wait_for_timeout(600)
            pg.locator(".wpp-opt-rules").scroll_into_view_if_needed()
            pg.locator(".wpp-opt-rules").click()  # the panel closed again
            pg.wait_for_timeout(600)
