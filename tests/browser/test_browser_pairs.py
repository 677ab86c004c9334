"""End to end in headless Chromium: Pairs's page (the shared game page on its board, served
from notebooks/pairs.ipynb) played to the end with Hint and Enter, Why? opened, the banner
read, a reload mid-game continuing the game, the seed hidden until the end; after it, "Review with
the computer" (its note, chart and list, a decision chosen); then the page at
390×844 with every control inside the viewport. Screenshots: artifacts/pairs/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from .game_page_steps import (
    fits_a_phone_now,
    new_game_after_a_review_row,
    phone_check,
    play_with_hints,
    review_with_the_computer,
    served,
    settled,
    shots,
)

pytestmark = pytest.mark.browser

GAME, SEED = "pairs", 3


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with served(browser, GAME, SEED) as pg:
        yield pg


def test_a_whole_game_with_hint_why_reload_and_the_banner(page: Any) -> None:
    page.screenshot(path=str(shots(GAME) / f"{GAME}_start.png"), full_page=True)
    seen = play_with_hints(page, GAME, SEED, reload_after=0 if GAME == "draw" else 2)
    assert seen["reloaded"]
    # the banner ranks by rule R10, in the engine's words
    assert "rank 1:" in seen["banner"] and "loses with" in seen["banner"]
    assert re.search(r"Session: you won \d+ of 1", seen["banner"])


def test_review_with_the_computer_after_the_game(page: Any) -> None:
    if settled(page) != "over":  # run alone: play the game first
        play_with_hints(page, GAME, SEED)
    fits_a_phone_now(page, GAME, "over")
    seen = review_with_the_computer(page, GAME)
    assert seen["rows"]
    fits_a_phone_now(page, GAME, "review")
    new_game_after_a_review_row(page, GAME)


def test_the_page_fits_a_phone(page: Any, browser: Any) -> None:
    phone_check(browser, page.url, GAME)
