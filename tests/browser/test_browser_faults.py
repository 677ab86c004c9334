"""A page whose kernel stops finds its way back: the wpp template's watch sees the kernel
die (killed: the server restarts it empty) or be shut down (as culling does), says "The
game's engine stopped — starting it again…" and reloads the page once by itself, with its
address, so a game page continues its game from the store; a second stop within a minute
shows "reload to continue" with a Reload button. Run against the server as ``make play``
starts it (its pools)."""

from __future__ import annotations

import os
import signal
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Shipped

pytestmark = pytest.mark.browser

WAIT = 60_000  # ms
BOARD = ".wpp-hand.wpp-active .wpp-slot-0"
BANNER = ".wpp-engine-stopped"


def open_game(browser: Any, address: str) -> Any:
    page = browser.new_page()
    page.on("dialog", lambda d: d.accept())  # the page may ask before leaving a game
    page.goto(address)
    page.wait_for_selector(BOARD, timeout=WAIT)
    page.wait_for_function("location.search.includes('key=')", timeout=WAIT)
    return page


def kernel_of(page: Any) -> str:
    return str(page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def kernel_pid(kernel_id: str) -> int:
    needle = f"kernel-{kernel_id}.json".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if needle in (entry / "cmdline").read_bytes():
                    return int(entry.name)
            except OSError:
                continue
    raise AssertionError(f"no process for kernel {kernel_id}")


def hand(page: Any) -> str:
    return str(page.inner_text(".wpp-hand.wpp-active"))


def test_a_killed_kernel_reloads_the_page_once_and_the_game_goes_on(
        shipped: Shipped, browser: Any) -> None:
    from playwright.sync_api import expect

    page = open_game(browser, shipped.page("play", "seed=5"))
    expect(page.locator(BANNER)).to_have_count(0)
    address, cards, first = page.url, hand(page), kernel_of(page)
    os.kill(kernel_pid(first), signal.SIGKILL)
    # The page says so and reloads by itself, with its address (the game's key).
    page.wait_for_function(f"() => {{ var c = document.getElementById('jupyter-config-data');"
                           f" return c && !c.textContent.includes('{first}'); }}",
                           timeout=WAIT)
    page.wait_for_selector(BOARD, timeout=WAIT)
    assert page.url == address and hand(page) == cards
    expect(page.locator(BANNER)).to_have_count(0)
    # A second stop within a minute: the banner and its button, no reload loop.
    second = kernel_of(page)
    os.kill(kernel_pid(second), signal.SIGKILL)
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=WAIT)
    expect(banner).to_contain_text("The game's engine stopped — reload to continue")
    banner.get_by_role("button", name="Reload").click()
    page.wait_for_selector(BOARD, timeout=WAIT)
    assert kernel_of(page) != second and hand(page) == cards
    expect(page.locator(BANNER)).to_have_count(0)
    page.close(run_before_unload=False)


def test_a_kernel_shut_down_under_the_page_brings_the_page_back(shipped: Shipped,
                                                               browser: Any) -> None:
    page = open_game(browser, shipped.page("play", "seed=6"))
    cards, kernel_id = hand(page), kernel_of(page)
    token = "ab" * 16
    request = urllib.request.Request(
        f"{shipped.url}voila/api/shutdown/{kernel_id}", data=f"_xsrf={token}".encode(),
        headers={"Cookie": f"_xsrf={token}"}, method="POST")
    with urllib.request.urlopen(request, timeout=30):
        pass
    page.wait_for_function(f"() => {{ var c = document.getElementById('jupyter-config-data');"
                           f" return c && !c.textContent.includes('{kernel_id}'); }}",
                           timeout=WAIT)
    page.wait_for_selector(BOARD, timeout=WAIT)
    assert hand(page) == cards
    page.close(run_before_unload=False)
