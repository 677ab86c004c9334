"""``make play``'s server, as a visitor meets it: the root address is the kit's home page,
WarPairsPoker's Play link opens a working game, and a lesson link opens that lesson — each in
its own Voilà page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import Shipped
from widgets.site.home import entries
from widgets.site.serve import ROOT

pytestmark = pytest.mark.browser
TIMEOUT = 90_000


@pytest.fixture(scope="module")
def server(shipped: Shipped) -> str:
    """The server as ``make play`` starts it (its pools included)."""
    return shipped.url


def test_the_root_is_the_home_page_listing_every_game_and_lesson(browser: Any,
                                                                 server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server)
    page.wait_for_selector(".wpp-home", timeout=TIMEOUT)
    assert page.url.endswith("/voila/render/home.ipynb")
    text = page.inner_text(".wpp-home")
    for e in entries():
        assert e.title in text, e.title
    assert text.index("WarPairsPoker") < text.index("5-card draw") < text.index("Lessons")
    # The lessons' landing: in order, minutes each, and a link to the rules card.
    lessons = [e for e in entries() if e.kind == "lesson"]
    for e in lessons:
        assert f"{e.title} {e.minutes} min" in text.replace("\n", " "), e.title
    assert page.locator("a", has_text="the rules on one card").count() == 1
    (ROOT / "artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(ROOT / "artifacts" / "home-1280x800.png"), full_page=True)
    page.close()


@pytest.mark.parametrize(("link", "shows", "notebook"), [
    ("Play against the computer", ".wpp-hand.wpp-active .wpp-slot-0", "play.ipynb"),
    ("1 · Start here", "text=Start here", "01_start_here.ipynb"),
], ids=["play", "lesson"])
def test_a_link_opens_its_own_page(browser: Any, server: str, link: str, shows: str,
                                   notebook: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server)
    page.click(f"text={link}", timeout=TIMEOUT)
    page.wait_for_selector(shows, timeout=TIMEOUT)
    # the path: a game page adds its game's key to the query once it keeps the game
    assert urlsplit(page.url).path.endswith(f"/voila/render/{notebook}"), page.url
    page.close()
