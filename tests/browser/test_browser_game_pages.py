"""End to end in headless Chromium, every registered game's page (the shared game page on its
board, served from the game's page notebook): played to the end with Hint and Enter, Why?
opened, the banner read, a reload mid-game continuing the game, the seed hidden until the
end; after it, "Review with the computer" (its note, chart and list, a decision chosen to see
the board at that move) and New game after it; then the page at 390×844 with every control
inside the viewport. Screenshots: ``artifacts/<game>/``.

The games come from the registry (a new game is walked on arrival); what each game's page
must also say at its end is per-game data below. A game whose page walk is its own declares
the check ``page-walk`` not applicable (WarPairsPoker: ``test_browser_game_page.py``, on the
server as shipped).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from widgets.testing import every_game

from .game_page_steps import (
    fits_a_phone_now,
    new_game_after_a_review_row,
    page_name,
    phone_check,
    play_with_hints,
    review_with_the_computer,
    served,
    settled,
    shots,
)

pytestmark = pytest.mark.browser

#: (per-game: each game's first deal on its page, any deal that ends a game in a few turns)
SEEDS = {"draw": 5, "pairs": 3, "ofc": 2, "pokeros": 3}

#: (per-game: a reload before the person's first move — draw's whole game is one decision)
RELOAD_AFTER = {"draw": 0}


def _draw_end(page: Any, seen: dict[str, Any]) -> None:
    # Why? before your draw: what the table saw, and your exact odds of every discard
    why = seen["why"]
    assert "Every discard you may make" in why and "chance to win" in why, why
    # the hand's result in the page's names (You / Computer), not bare seats (issue 38)
    assert re.search(r"You win|[Cc]omputer wins|A draw|[Ss]plit", seen["banner"]), seen["banner"]
    assert not re.search(r"\bP[12] wins", seen["banner"]), seen["banner"]


def _pairs_end(page: Any, seen: dict[str, Any]) -> None:
    # the banner ranks by rule R10 in a glance: who reached the target, then each place
    assert "Lowest score wins: 1st" in seen["banner"] and "reached the target" in \
        seen["banner"], seen["banner"]


def _ofc_end(page: Any, seen: dict[str, Any]) -> None:
    assert "This hand scored" in page.locator(".wpp-ofc-scored").inner_text()


def _pokeros_end(page: Any, seen: dict[str, Any]) -> None:
    scores = page.locator(".pk-scores").inner_text()
    # the page's names, no seat numbers; the rule settings are not under the score
    assert re.search(r"You \d+ · Computer \d+", scores), scores
    assert "hands made" not in scores, scores


#: (per-game: what each game's page says of its own at the end, in its own words)
AT_THE_END: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "draw": _draw_end, "pairs": _pairs_end, "ofc": _ofc_end, "pokeros": _pokeros_end}


@pytest.fixture(scope="module", params=every_game("page-walk"))
def game_page(request: Any, browser: Any) -> Iterator[tuple[str, Any]]:
    game = request.param
    # its page's notebook (a game without a page is this suite's failure, naming it)
    with served(browser, page_name(game), SEEDS.get(game, 1)) as pg:
        yield game, pg


def test_a_whole_game_with_hint_why_reload_and_the_banner(game_page: tuple[str, Any]) -> None:
    game, page = game_page
    page.screenshot(path=str(shots(game) / f"{game}_start.png"), full_page=True)
    seen = play_with_hints(page, game, SEEDS.get(game, 1),
                           reload_after=RELOAD_AFTER.get(game, 2))
    assert seen["reloaded"]
    assert re.search(r"Session: you won \d+ of 1", seen["banner"]), seen["banner"]
    at_the_end = AT_THE_END.get(game)
    if at_the_end is not None:
        at_the_end(page, seen)


def test_review_with_the_computer_after_the_game(game_page: tuple[str, Any]) -> None:
    game, page = game_page
    if settled(page) != "over":  # run alone: play the game first
        play_with_hints(page, game, SEEDS.get(game, 1))
    fits_a_phone_now(page, game, "over")
    seen = review_with_the_computer(page, game)
    assert seen["rows"]
    fits_a_phone_now(page, game, "review")
    new_game_after_a_review_row(page, game)


def test_the_page_fits_a_phone(game_page: tuple[str, Any], browser: Any) -> None:
    game, page = game_page
    phone_check(browser, page.url, game)
