"""The minutes the home page shows for a lesson are the ones its content gives (the words to
read, the activities to do: widgets/site/timing.py), and lessons 2a and 2b each fit a
45-minute period."""

from __future__ import annotations

import pytest

from widgets.site.home import NOTEBOOKS, lesson_metadata, lesson_table_html
from widgets.site.timing import Timing, lesson_timing

MINE = ("01_start_here", "02_the_rules", "02_your_first_game", "03_the_mulligan",
        "04_the_segment", "05_the_ai_decisions", "13_strategy")


@pytest.mark.parametrize("name", MINE)
def test_the_stored_minutes_are_the_measured_ones(name: str) -> None:
    path = NOTEBOOKS / f"{name}.ipynb"
    t = lesson_timing(path)
    meta = lesson_metadata(path)
    assert meta["minutes"] == t.minutes, f"{name}: store {t.minutes} minutes"
    assert meta["timing"]["words"] == t.words and meta["timing"]["activities"] == t.activities


@pytest.mark.parametrize("name", ["02_the_rules", "02_your_first_game"])
def test_each_half_of_lesson_two_fits_a_period(name: str) -> None:
    assert lesson_timing(NOTEBOOKS / f"{name}.ipynb").minutes <= 45


def test_the_model_adds_reading_and_activities() -> None:
    assert Timing(240, {"Quiz": 9.5}).minutes == 15        # 2 + 9.5 → 11.5 → 15
    assert Timing(0, {}).minutes == 0 and Timing(1, {}).minutes == 5


def test_the_lesson_table_shows_2a_and_2b() -> None:
    html = lesson_table_html()
    assert "<td>2a</td>" in html and "<td>2b</td>" in html
    assert html.index("02_the_rules.ipynb") < html.index("02_your_first_game.ipynb")
