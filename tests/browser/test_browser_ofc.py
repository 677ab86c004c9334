"""End to end: the Open Face Chinese Poker page as a Voilà page in headless Chromium, two
hands played by clicking as a player would — card then row, row then card, an undo, confirm —
with the computer's explanation, the scoring row by row and the session score checked.

Screenshots go to ``artifacts/ofc/*.png`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "ofc"
WAIT = 60_000  # ms
#: Where the 13 cards of a hand go, in order: the bottom, then the middle, then the top.
PLAN = [2] * 5 + [1] * 5 + [0] * 3
ROW_NAMES = ("top", "middle", "bottom")


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with serve.opened_page(browser, "notebooks/ofc.ipynb", SHOTS / "voila-ofc.log",
                           height=1600) as pg:
        yield pg


def expect_text(target: Any, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(target).to_contain_text(re.compile(pattern), timeout=WAIT)


def hand_cards(page: Any) -> list[str]:
    """The titles of the card buttons still to place."""
    cards = page.locator(".wpp-ofc .wpp-hand .wpp-card:visible")
    cards.first.wait_for(timeout=WAIT)
    return [cards.nth(i).get_attribute("title") for i in range(cards.count())]


def row_button(page: Any, row: int) -> Any:
    return page.locator(".wpp-ofc").get_by_role("button", name=ROW_NAMES[row], exact=True)


def click_until(target: Any, settled: Any) -> None:
    """Click ``target`` until ``settled(timeout)`` (an expectation) holds. A click that lands while
    the hand is being redrawn after the last placement hits the outgoing element and is
    lost (seen under a CPU hog: the card never left the hand); these clicks are idempotent
    (the card chosen again, the row armed again), so the test clicks again rather than
    reading the page once and waiting forever."""
    for _ in range(4):
        target.click(timeout=WAIT)
        try:
            settled(10_000)
            return
        except AssertionError:
            continue
    settled(WAIT)


def place(page: Any, title: str, row: int, *, row_first: bool) -> None:
    """Put card ``title`` on ``row``: card then row, or row then card, each click waited
    for (the card raised, the row armed) and the card gone from the hand at the end."""
    from playwright.sync_api import expect

    ofc = page.locator(".wpp-ofc")
    card = ofc.locator(f'.wpp-hand .wpp-card[title="{title}"]')
    shown = ofc.locator(f'.wpp-hand .wpp-card[title="{title}"]:visible')

    def gone(timeout: int) -> None:
        expect(shown).to_have_count(0, timeout=timeout)

    def armed(timeout: int) -> None:
        expect(ofc.locator(".wpp-row-button.wpp-armed")).to_be_visible(timeout=timeout)

    def raised(timeout: int) -> None:
        expect(ofc.locator(f'.wpp-hand .wpp-card.wpp-selected[title="{title}"]')
               ).to_be_visible(timeout=timeout)

    if row_first:
        click_until(row_button(page, row), armed)
        click_until(card, gone)
    else:
        click_until(card, raised)
        click_until(row_button(page, row), gone)


def play_hand(page: Any, number: int) -> None:
    """Place the 13 cards of one hand by the plan, alternating card-then-row and
    row-then-card, with one undo in the first placement."""
    from playwright.sync_api import expect

    ofc = page.locator(".wpp-ofc")
    placed = 0
    while placed < 13:
        expect_text(ofc, r"to go\.|Every card has a row")
        cards = hand_cards(page)
        assert cards, "no card to place"
        for i, title in enumerate(cards):
            place(page, title, PLAN[placed + i], row_first=bool((placed + i) % 2))
            if number == 1 and placed == 0 and i == 0:      # an undo brings it back
                back = ofc.locator(f'.wpp-hand .wpp-card[title="{title}"]:visible')
                click_until(ofc.get_by_role("button", name="Undo", exact=True),
                            lambda t, back=back: expect(back).to_have_count(1, timeout=t))
                place(page, title, PLAN[placed + i], row_first=False)
        expect_text(ofc, "Every card has a row")
        if placed == 0:
            page.screenshot(path=str(SHOTS / f"hand{number}-placing.png"), full_page=True)
        ofc.get_by_role("button", name="Confirm", exact=True).click()
        placed += len(cards)
        if placed < 13:
            expect_text(ofc, "Why the computer placed its cards")
    expect_text(ofc, "The hand is over")


def test_two_hands_against_the_computer(page: Any) -> None:
    ofc = page.locator(".wpp-ofc")
    expect_text(ofc, r"Hand 1 · session: you \+0, computer \+0")
    play_hand(page, 1)
    expect_text(ofc, r"Hand 1 scored")
    expect_text(ofc, r"rows [+-]\d+, royalties [+-]\d+")
    expect_text(ofc, "pyOFC.s Monte Carlo placement")
    text = ofc.inner_text()
    session = re.search(r"session: you ([+-]\d+), computer ([+-]\d+)", text)
    assert session and int(session.group(1)) == -int(session.group(2))
    page.screenshot(path=str(SHOTS / "hand1-scored.png"), full_page=True)

    ofc.get_by_role("button", name="Next hand", exact=True).click()
    expect_text(ofc, r"Hand 2 · session")
    play_hand(page, 2)
    expect_text(ofc, r"Hand 2 scored")
    page.screenshot(path=str(SHOTS / "hand2-scored.png"), full_page=True)
