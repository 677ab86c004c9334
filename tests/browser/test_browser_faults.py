"""A page whose kernel stops says so and offers the way back: the wpp template's banner
"The game's engine stopped — reload to continue" with a Reload button, whether the kernel
died (killed: the server restarts it empty) or was shut down (as culling does)."""

from __future__ import annotations

import os
import signal
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from widgets.site.serve import ROOT, running_voila

pytestmark = pytest.mark.browser

WAIT = 60_000  # ms
BOARD = ".wpp-hand.wpp-active .wpp-slot-0"
BANNER = ".wpp-engine-stopped"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    log = ROOT / "artifacts" / "faults" / "voila-faults.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with running_voila({"WPP_SEED": "5", "WPP_AI_DELAY": "0"}, log=log) as url:
        yield url


def open_game(browser: Any, url: str) -> tuple[Any, str]:
    page = browser.new_page()
    page.goto(url)
    page.wait_for_selector(BOARD, timeout=WAIT)
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return page, str(kernel_id)


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


def test_a_killed_kernel_shows_the_banner_and_reload_brings_a_game_back(
        server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    page, kernel_id = open_game(browser, server)
    expect(page.locator(BANNER)).to_have_count(0)
    os.kill(kernel_pid(kernel_id), signal.SIGKILL)
    banner = page.locator(BANNER)
    expect(banner).to_be_visible(timeout=WAIT)
    expect(banner).to_contain_text("The game's engine stopped — reload to continue")
    page.on("dialog", lambda d: d.accept())  # the page may ask before leaving a game
    banner.get_by_role("button", name="Reload").click()
    page.wait_for_selector(BOARD, timeout=WAIT)
    expect(page.locator(BANNER)).to_have_count(0)
    page.close()


def test_a_kernel_shut_down_under_the_page_shows_the_banner(server: str,
                                                             browser: Any) -> None:
    from playwright.sync_api import expect

    page, kernel_id = open_game(browser, server)
    token = "ab" * 16
    request = urllib.request.Request(
        f"{server}voila/api/shutdown/{kernel_id}", data=f"_xsrf={token}".encode(),
        headers={"Cookie": f"_xsrf={token}"}, method="POST")
    with urllib.request.urlopen(request, timeout=30):
        pass
    expect(page.locator(BANNER)).to_be_visible(timeout=WAIT)
    page.close(run_before_unload=False)
