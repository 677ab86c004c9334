"""Links a teacher sends, opened by many students at once on the server as ``make play``
starts it (issue 33): every page comes from a pre-heated kernel that ran before the link
was opened, and still does what the link says.

- ``play.ipynb?seed=7`` opened in three tabs at once: deal 7 three times (the hand the
  engine deals for seed 7), where pooled pages used to give 7, 20 and 20;
- ``03_the_mulligan.ipynb?class=CODE&name=sN`` opened by ten students at once: ten students
  in the class, each under their own name.
"""

from __future__ import annotations

import concurrent.futures
import re
import secrets
import urllib.parse
import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import Shipped
from widgets.games.warpairs.app import App
from wpp.services.classroom import ClassStore

pytestmark = pytest.mark.browser

WAIT = 120_000
HAND = ".wpp-hand.wpp-active"


def _faces(text: str) -> list[str]:
    """The cards a hand's text shows (rank then suit, one per line in the page)."""
    lines = [ln.strip() for ln in text.splitlines()[1:] if ln.strip()]
    return [a + b for a, b in zip(lines[::2], lines[1::2], strict=False)]


def test_a_seed_link_opened_in_three_tabs_at_once_deals_that_deal(shipped: Shipped,
                                                                 browser: Any) -> None:
    pages = [browser.new_page() for _ in range(3)]
    for page in pages:
        page.goto(shipped.page("play", "seed=7"), wait_until="commit")
    dealt = []
    for page in pages:
        page.wait_for_selector(f"{HAND} .wpp-slot-0", timeout=WAIT)
        dealt.append(_faces(page.inner_text(HAND)))
    engine = [str(c) for c in sorted(App(seed=7).game.view(0).hand)]
    assert dealt == [engine] * 3
    for page in pages:
        page.close(run_before_unload=False)


def _open(address: str) -> str:
    with urllib.request.urlopen(address, timeout=180) as response:
        return str(response.read().decode())


def _shut(url: str, html: str) -> None:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    if found is None:
        return
    token = secrets.token_hex(16)
    request = urllib.request.Request(
        f"{url}voila/api/shutdown/{found.group(1)}",
        data=urllib.parse.urlencode({"_xsrf": token}).encode(),
        headers={"Cookie": f"_xsrf={token}"}, method="POST")
    with urllib.request.urlopen(request, timeout=30):
        pass


def test_a_class_link_opened_by_ten_students_at_once_puts_ten_in_the_class(
        shipped: Shipped) -> None:
    store = ClassStore(shipped.store)
    code, key = store.open("links")
    addresses = [shipped.page("03_the_mulligan", f"class={code}&name=s{n}") for n in range(10)]
    with concurrent.futures.ThreadPoolExecutor(10) as pool:
        pages = list(pool.map(_open, addresses))
    try:
        names = sorted(p.nickname for p in store.teacher(code, key).progress())
        assert names == sorted(f"s{n}" for n in range(10))
    finally:
        for html in pages:
            _shut(shipped.url, html)
