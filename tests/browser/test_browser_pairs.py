"""End to end: Pairs' page as a Voilà page in headless Chromium, played to the end as a
person would — Hit and Fold clicked until the game-over banner — with the AI's reasons
opened on the way. Screenshots go to ``artifacts/pairs/`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "pairs"
WAIT = 30_000  # ms


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with serve.opened_page(browser, "notebooks/pairs.ipynb", SHOTS / "voila-pairs.log",
                           height=1400) as pg:
        yield pg


def test_the_page_is_played_to_the_end(page: Any) -> None:
    from playwright.sync_api import expect

    pairs = page.locator(".wpp-pairs")
    expect(pairs).to_contain_text("Target 16", timeout=WAIT)
    expect(pairs).to_contain_text(re.compile("P4 \\(pipmc\\)"), timeout=WAIT)
    page.screenshot(path=str(SHOTS / "pairs_start.png"), full_page=True)

    page.get_by_role("button", name="Hint", exact=True).click()
    expect(pairs).to_contain_text("chance of pairing", timeout=WAIT)
    page.get_by_role("button", name="Why? (the AI's reasons)").click()
    hit = page.get_by_role("button", name="Hit", exact=True)
    fold = page.get_by_role("button", name="Fold", exact=True)
    over = pairs.locator(".wpp-banner", has_text="Game over")
    log = pairs.locator(".wpp-plog")
    for turn in range(200):
        # Wait for a settled page: the button about to be clicked enabled, or the game over.
        # Reading the page once raced the kernel's update: a move that ends the game sends
        # the buttons (disabled) first and the banner last, so the old "Your turn" could
        # still stand with both buttons disabled for good (Fold disabled, seen at load ~12).
        button = fold if turn % 3 == 2 else hit
        expect(button.and_(page.locator("button:enabled")).or_(over)).to_be_visible(
            timeout=WAIT)
        if over.is_visible():
            break
        before = log.inner_text()
        button.click()
        # The move log is drawn last: once it shows this move, the buttons, the status and
        # the banner drawn before it are there too. (Waiting for any change of the page's
        # text instead let the previous move's late updates stand for this one, and the
        # next click found the buttons of a game this click had ended: seen under a CPU hog.)
        expect(log).not_to_have_text(before, timeout=WAIT)
        if turn == 1:
            expect(pairs).to_contain_text("Play out each move 10 times", timeout=WAIT)
            page.screenshot(path=str(SHOTS / "pairs_reasons.png"), full_page=True)
    expect(over).to_be_visible(timeout=WAIT)
    expect(pairs.locator(".wpp-banner")).to_contain_text("rank 1")
    expect(hit).to_be_disabled()
    expect(fold).to_be_disabled()
    page.screenshot(path=str(SHOTS / "pairs_over.png"), full_page=True)
