"""End to end: lesson 8 as a Voilà page in headless Chromium, clicked as a learner would.

Served by :func:`widgets.site.serve.running_voila` with the project's Voilà settings; screenshots
go to ``artifacts/lessons/08_*.png`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "lessons"
WAIT = 30_000  # ms


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with serve.opened_page(browser, "notebooks/08_classic_poker.ipynb",
                           SHOTS / "voila-08_classic_poker.log", height=1800) as pg:
        yield pg


def expect_text(target: Any, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(target).to_contain_text(re.compile(pattern), timeout=WAIT)


def lessons(page: Any) -> list[Any]:
    """The lesson's parts: the ranking, side by side, the examples, the draw, the guesses.
    The first three answer the guesses, so they open only once the three are answered (or
    skipped): the guesses are answered here first (by the first test), and nothing of those
    parts is on the page before."""
    from playwright.sync_api import expect

    found = page.locator(".wpp-lesson")
    guesses = found.first
    expect(guesses).to_contain_text("Question", timeout=WAIT)
    if "Skipped" not in guesses.inner_text():
        expect(found).to_have_count(2, timeout=WAIT)   # the guesses and the draw
        assert "Straight Flush" not in page.locator("body").inner_text()
        guesses.get_by_role("radio", name="the flush").check()
        guesses.get_by_role("button", name="Lock in my answer", exact=True).click()
        expect_text(guesses, "Right\\.")
        expect_text(guesses, "Flush, King-Jack-Nine-Seven-Two")
        expect_text(guesses, "Straight Flush")           # the two ladders, with the answer
        for _ in range(2):
            guesses.get_by_role("button", name="next question ▶", exact=True).click()
            guesses.get_by_role("button", name="Skip", exact=True).click()
        expect_text(guesses, "Skipped")
    expect(found).to_have_count(5, timeout=WAIT)
    # the ranking, side by side, the examples, the draw, the guesses
    return [found.nth(i) for i in (1, 2, 3, 4, 0)]


def test_ranking_and_side_by_side_follow_card_clicks(page: Any) -> None:
    ranking, sides, _, _, _ = lessons(page)
    expect_text(ranking, "Two Pair, Kings and Nines, Seven kicker")
    ranking.locator('.wpp-card[title="7♠"]').click()
    ranking.locator('.wpp-card[title="9♥"]').click()
    ranking.locator('.wpp-card[title="K♥"]').click()
    expect_text(ranking, "pick 1 more")
    ranking.locator('.wpp-card[title="9♠"]').click()
    expect_text(ranking, "Full House, Kings full of Nines")
    ranking.screenshot(path=str(SHOTS / "08_ranking.png"))

    expect_text(sides, "Full House")               # a hand the guesses do not ask about
    for card in ("10♠", "10♥", "10♦", "4♣", "4♠"):   # put them back, then a wrap-around
        sides.locator(f'.wpp-card[title="{card}"]').click()
    for card in ("J♣", "Q♦", "K♥", "A♠", "2♦"):
        sides.locator(f'.wpp-card[title="{card}"]').click()
    expect_text(sides, "a straight, 2♦ high \\(wrap-around\\)")
    sides.locator('.wpp-card[title="2♦"]').click()
    sides.locator('.wpp-card[title="10♠"]').click()
    expect_text(sides, "Straight, Ace high")
    expect_text(sides, "the same hand in both games")
    sides.screenshot(path=str(SHOTS / "08_side_by_side.png"))


def test_examples_and_the_draw_table(page: Any) -> None:
    _, _, examples, table, guesses = lessons(page)
    expect_text(guesses, "Skipped")
    expect_text(examples, "Example 1 of 13")
    examples.get_by_role("button", name="Next ▶", exact=True).click()
    examples.get_by_role("button", name="Next ▶", exact=True).click()
    expect_text(examples, "Example 3 of 13 — Twos beat aces")
    expect_text(examples, "twos beat aces: key twos beats key aces \\(R9\\)")
    examples.screenshot(path=str(SHOTS / "08_examples.png"))

    expect_text(table, "Click the cards you want to discard")
    for card in ("2♥", "6♠"):
        table.locator(f'.wpp-hand .wpp-card[title="{card}"]').click()
    expect_text(table, "Discarding 2♥ 6♠")
    table.get_by_role("button", name="Draw", exact=True).click()
    expect_text(table, "You win\\.|The AI wins\\.|Split pot\\.")
    expect_text(table, "Why the AI drew as it did")
    assert table.locator("svg.wpp-pic-back").count() == 0
    table.screenshot(path=str(SHOTS / "08_draw_table.png"))
