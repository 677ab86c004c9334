"""OFC's page on a phone (390×844) at the end of a hand: the score table fits the screen —
every seat's points and every row's hand readable with nothing to scroll sideways and no word
broken across lines (the table had a column per row and one for the points, wider than the
screen: the points were cut off at the right and "Computer" broke into "Comput|er")."""

from __future__ import annotations

from typing import Any

import pytest

from .game_page_steps import phone_faults, play_with_hints, player_shots, served

pytestmark = pytest.mark.browser

#: The score table's box and the table: their widths and right edges, and each seat's line.
_TABLE = """() => { const box = document.querySelector('.wpp-ofc-scored');
  const t = box.querySelector('table.wpp-score'); const b = box.getBoundingClientRect();
  const r = t.getBoundingClientRect();
  return {boxRight: b.right, tableRight: r.right, scroll: box.scrollWidth,
          client: box.clientWidth, text: box.innerText}; }"""


def test_the_score_table_of_a_hand_fits_a_phone(browser: Any) -> None:
    with served(browser, "ofc", 2, height=844) as pg:
        pg.set_viewport_size({"width": 390, "height": 844})
        play_with_hints(pg, "ofc", 2, reload_after=10_000)
        pg.locator(".wpp-ofc-scored").scroll_into_view_if_needed()
        pg.wait_for_timeout(300)
        pg.screenshot(path=str(player_shots() / "ofc_phone_scored.png"), full_page=True)
        pg.locator(".wpp-ofc-scored").screenshot(
            path=str(player_shots() / "ofc_phone_scored_table.png"))
        seen = pg.evaluate(_TABLE)
        assert seen["scroll"] <= seen["client"] + 1, seen  # nothing hidden to the right
        assert seen["tableRight"] <= min(seen["boxRight"], 390) + 0.5, seen
        for who in ("You", "Computer"):  # each seat's points, whole
            assert any(line.startswith(who) and line[len(who):].strip()[:1] in "+-−0"
                       for line in seen["text"].splitlines()), seen["text"]
        faults = [f for f in phone_faults(pg) if "wpp-score" in f or "scored" in f
                  or "word broken" in f]
        assert not faults, faults
        pg.set_viewport_size({"width": 1280, "height": 800})  # and on a desktop, to look at
        pg.wait_for_timeout(400)
        pg.locator(".wpp-ofc-scored").screenshot(
            path=str(player_shots() / "ofc_desktop_scored_table.png"))
