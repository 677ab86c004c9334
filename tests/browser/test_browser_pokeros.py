"""End to end: the Pokeros page served by Voilà, played to the end in headless Chromium.

The test clicks as a player would — a stash card, a lit cell (the preview shows what it
would score), the same cell again to place — always the first stash card and the first lit
cell, and mirrors the game in this process with the same seed and the same computer, so it
can check the page's scores against the engine and that the computer's stash never reaches
the page. Screenshots go to ``artifacts/pokeros/`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import wpp
from widgets.site import serve
from wpp.pokeros.game import Place

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "pokeros"
WAIT = 30_000  # ms
SEED = 3


@pytest.fixture(scope="module")
def page(browser: Any) -> Iterator[Any]:
    with serve.opened_page(browser, "notebooks/pokeros.ipynb", SHOTS / "voila-pokeros.log",
                           height=1100, extra_env={"WPP_SEED": str(SEED)}) as pg:
        yield pg


def expect_text(target: Any, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(target).to_contain_text(re.compile(pattern), timeout=WAIT)


def test_a_game_played_to_the_end(page: Any) -> None:
    from playwright.sync_api import expect

    mirror = wpp.new_game("pokeros", seed=SEED)
    hal = wpp.make_agent("pokeros", "hal", seed=SEED)
    scores = page.locator(".pk-scores")
    expect_text(scores, "deck 48 · your turn")
    moves = 0
    while not mirror.is_over:
        view = mirror.view(0)
        card, cell = view.stash[0], view.legal_cells()[0]
        # The computer's stash and the deck are nowhere in the page.
        html = page.content()
        for hidden in (*mirror.state.stashes[1], *mirror.state.deck):
            assert f'title="{hidden}"' not in html and f">{hidden}<" not in html
        page.locator(".pk-stash .wpp-card").first.click()
        expect(page.locator(".pk-legal")).to_have_count(len(view.legal_cells()), timeout=WAIT)
        page.locator(".pk-legal").first.click()
        preview = view.preview(card, cell)
        expect_text(page.locator(".pk-preview"), "would score")
        if preview.hands:
            expect_text(page.locator(".pk-preview"), re.escape(str(preview.hands[0].hand)))
        if moves == 6:
            page.screenshot(path=str(SHOTS / "pokeros_preview.png"), full_page=True)
        page.locator(".pk-target").click()
        mirror.apply(Place(card, *cell))
        if not mirror.is_over:
            mirror.apply(hal.choose(mirror.view(1)))
        a, b = mirror.state.scores
        expect_text(scores, f"You</b> {a} · <b>hal</b> {b}|You {a} · hal {b}")
        moves += 1
        if moves == 12:
            # During the game Why? says what the table shows, never the computer's table
            # of candidates (it would give its stash away).
            page.get_by_role("button", name="Why?", exact=True).click()
            expect_text(page.locator(".wpp-explain"), "P2 plays")
            assert "the most points now" not in page.locator(".wpp-explain").inner_text()
            page.screenshot(path=str(SHOTS / "pokeros_why.png"), full_page=True)
    banner = page.locator(".pk-banner")
    expect_text(banner, "Game over")
    a, b = mirror.state.scores
    expect_text(banner, f"{a} to {b}")
    page.get_by_role("button", name="Why?", exact=True).click()
    expect_text(page.locator(".wpp-explain"), "hal: the most points now")
    page.screenshot(path=str(SHOTS / "pokeros_over.png"), full_page=True)
    assert moves == 26


def test_the_home_page_links_the_pokeros_page_and_lesson(browser: Any) -> None:
    with serve.running_voila({"WPP_SEED": str(SEED)}, notebook="notebooks/",
                             log=SHOTS / "voila-pokeros-home.log") as url:
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        pg.goto(url)
        pg.wait_for_selector(".wpp-home", timeout=90_000)
        expect_text(pg.locator(".wpp-home"), "Pokeros")
        expect_text(pg.locator(".wpp-home"), "11 · Pokeros")
        pg.click("a[href$='pokeros.ipynb']:not([href*='11_'])", timeout=WAIT)
        pg.wait_for_selector(".pk-gridbox", timeout=90_000)
        assert pg.url.endswith("/voila/render/pokeros.ipynb")
        expect_text(pg.locator(".pk-scores"), "deck 48 · your turn")
        pg.close()
