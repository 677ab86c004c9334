"""How a game page feels at a glance (issue 38, part 6), on all five pages in Chromium: the
cards a legal action uses now are marked and the others dimmed (from the legal actions of the
player's own view), the last move is written above the board in the log's own words, and a
won game's banner celebrates — with CSS animations that stop when the browser asks for
reduced motion.

Screenshots at 1280×800 and 390×844 go to ``artifacts/<page>/`` (ignored by git).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.game_page_steps import (
    WAIT,
    hint,
    log_text,
    page_name,
    served,
    settled,
    shots,
)
from widgets.parts.last_move import brief
from wpp.core.registry import registered_games

pytestmark = pytest.mark.browser

#: A first deal for some pages (per-game: a deal that opens on the person's turn with cards
#: to mark; any other registered game's page is opened on deal 1).
SEEDS = {"play": 11, "ofc": 3, "pairs": 4}
#: Every registered game's page (its notebook's name) and a first deal.
PAGES = [(page, SEEDS.get(page, 1)) for page in (page_name(g) for g in registered_games())]


def _shoot(pg: Any, page: str, name: str) -> None:
    """The page at 1280×800, then at 390×844, with the rules panel open."""
    for width, height in ((1280, 800), (390, 844)):
        pg.set_viewport_size({"width": width, "height": height})
        pg.wait_for_timeout(400)
        pg.screenshot(path=str(shots(page) / f"feel_{name}_{width}.png"), full_page=True)
    pg.set_viewport_size({"width": 1280, "height": 800})


def _marks(pg: Any) -> tuple[int, int]:
    """How many of the person's cards on the board are marked playable, and dimmed."""
    return (pg.locator(".wpp-center .wpp-card.wpp-playable").count(),
            pg.locator(".wpp-center .wpp-hand .wpp-card.wpp-dim, "
                       ".wpp-center .wpp-draw-hand .wpp-card.wpp-dim").count())


@pytest.mark.parametrize(("page", "seed"), PAGES)
def test_playable_cards_and_the_last_move_are_seen_at_a_glance(browser: Any, page: str,
                                                               seed: int) -> None:
    from playwright.sync_api import expect

    with served(browser, page, seed) as pg:
        assert settled(pg) == "turn"
        playable, _ = _marks(pg)
        if page != "pairs":  # Pairs has no card to choose: Hit and Fold
            assert playable > 0, "no card is marked playable on the person's turn"
        if page == "play":  # the mulligan puts back three: three chosen, the others dim;
            dim = pg.locator(".wpp-hand.wpp-active .wpp-card.wpp-dim")   # a fourth: all dim
            for i in range(3):
                pg.locator(f".wpp-hand.wpp-active .wpp-slot-{i}").click()
            expect(dim).to_have_count(13)
            pg.locator(".wpp-hand.wpp-active .wpp-slot-3").click()
            expect(dim).to_have_count(16)
            pg.keyboard.press("Escape")
            expect(pg.locator(".wpp-hand.wpp-active .wpp-card.wpp-dim")).to_have_count(0)
        if page == "draw":  # three raised: the limit (R3), so the other two dim
            for i in range(1, 4):
                pg.locator(f".wpp-draw-card-{i}").first.click()
            expect(pg.locator(".wpp-draw-hand .wpp-card.wpp-dim")).to_have_count(2)
            expect(pg.locator(".wpp-draw-hand .wpp-card.wpp-playable")).to_have_count(3)
            for i in range(1, 4):
                pg.locator(f".wpp-draw-card-{i}").first.click()
            expect(pg.locator(".wpp-draw-hand .wpp-card.wpp-dim")).to_have_count(0)
        line = pg.locator(".wpp-last-move")
        pg.get_by_role("button", name=re.compile(r"^Rules")).first.click()
        rules_for_a_newcomer(pg)
        _shoot(pg, page, "turn")
        before = log_text(pg)
        assert hint(pg)
        pg.keyboard.press("Enter")
        expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
        settled(pg)
        expect(line).to_be_visible(timeout=WAIT)
        expect(line).to_contain_text("Last move:")
        # the line says the log's last entry (a result's hand-by-hand details left to the
        # log), and follows it
        expect(line.locator(".wpp-last-words")).to_have_text(
            brief(pg.locator(".wpp-log li").last.inner_text()), timeout=WAIT)
        _shoot(pg, page, "moved")


def rules_for_a_newcomer(pg: Any) -> None:
    """The rules panel opens with how to play in plain words, a worked example drawn in
    cards; a click on linked words opens the numbered rules at that rule, lit."""
    from playwright.sync_api import expect

    how = pg.locator(".wpp-how")
    expect(how).to_be_visible(timeout=WAIT)
    expect(how.locator(".wpp-panel-title").first).to_contain_text("How to play")
    for head in ("The goal", "A turn", "What wins, and how it scores", "An example"):
        expect(how.get_by_text(head, exact=True)).to_be_visible()
    numbered = how.locator("details.wpp-numbered")
    expect(numbered).not_to_have_attribute("open", "")
    link = how.locator("a.wpp-rule-link").first
    rid = link.get_attribute("data-rule")
    url = pg.url
    link.click()
    expect(numbered).to_have_attribute("open", "")
    lit = numbered.locator(f'[data-rule="{rid}"]')
    expect(lit).to_have_class(re.compile("wpp-rule-lit"))
    expect(lit).to_be_in_viewport()
    assert pg.url == url  # the page's address did not change
    numbered.locator("> summary").click()  # folded again for the screenshots
    expect(numbered).not_to_have_attribute("open", "")
    how.evaluate("e => { const p = e.closest('.wpp-explain'); if (p) p.scrollTop = 0; }")


def test_a_won_game_celebrates_without_motion_for_who_asks(browser: Any) -> None:
    from playwright.sync_api import expect

    with served(browser, "draw", 2) as pg:
        banner = pg.locator(".wpp-banner")
        for _ in range(12):
            if settled(pg) == "turn":
                assert hint(pg)
                pg.keyboard.press("Enter")
            assert settled(pg) == "over"
            # the large line: the game's result, or the match's once a game ends it (a game
            # won in a match lost does not celebrate)
            if banner.locator(".wpp-banner-head").inner_text().startswith("You win"):
                break
            expect(banner).not_to_have_class(re.compile("wpp-won"))  # lost or shared: still
            pg.locator(".wpp-banner-new").click()
            expect(banner).to_be_hidden(timeout=WAIT)
        else:
            pytest.fail("no game won in 12 deals")
        expect(banner).to_have_class(re.compile("wpp-won"))
        animation = "e => getComputedStyle(e).animationName"
        assert "wpp-pop" in banner.evaluate(animation)
        pg.screenshot(path=str(shots("draw") / "feel_won_1280.png"), full_page=True)
        pg.emulate_media(reduced_motion="reduce")
        assert banner.evaluate(animation) == "none"
        assert pg.locator(".wpp-last-move .wpp-last-words").evaluate(animation) == "none"
