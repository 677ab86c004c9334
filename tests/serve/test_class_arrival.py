"""A class that arrives after the server started gets live pages (issue 33).

The server runs as ``make class`` starts it (the Makefile's own ``POOL``, read from it, and
``serve/voila.json``'s culler); it sits idle until its pools are ready and then past the
culler's timeout — as a teacher starts it before the lesson — and only then do students
come: ten open the play page one after the other, then thirty at once (browserless, the
load test's own client), and one Chromium page checks that a real browser gets a live game.
Before the pools protected their kernels, after six idle minutes 9 of 10 pages opened at once
showed "The game's engine stopped".
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import json
import re
import sys
import time
from types import ModuleType
from typing import Any

import pytest

from widgets.site.serve import ROOT, make_pool, running_voila

pytestmark = [pytest.mark.slow, pytest.mark.browser]

LOG = ROOT / "artifacts" / "class-arrival" / "voila-class-arrival.log"


def _loadtest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wpp_loadtest_arrival",
                                                  ROOT / "scripts" / "loadtest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def wait_for_line(pattern: str, seconds: float) -> str:
    """The first line of the server's log matching ``pattern``, waiting up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for line in LOG.read_text(errors="replace").splitlines():
            if re.search(pattern, line):
                return line
        time.sleep(1)
    raise AssertionError(f"the server never said {pattern!r} in {seconds:.0f} s")


def test_a_class_arriving_after_the_culler_gets_only_live_pages(browser: Any) -> None:
    lt = _loadtest()
    culler = json.loads((ROOT / "serve" / "voila.json").read_text())["MappingKernelManager"]
    idle = culler["cull_idle_timeout"] + 2 * culler["cull_interval"]
    LOG.parent.mkdir(parents=True, exist_ok=True)
    env = {"WPP_POOL": make_pool("class"), "WPP_AI_DELAY": "0"}
    with running_voila(env, notebook="notebooks/", log=LOG, timeout=120) as url:
        ready = wait_for_line(r"Ready for a class", 600)
        assert "play for 30 students at once" in ready
        time.sleep(idle)                       # the teacher waits; the culler runs
        # The load test's client runs its own event loop (Playwright's runs in this thread).
        with concurrent.futures.ThreadPoolExecutor(1) as thread:
            singles = [thread.submit(asyncio.run, lt.run_class(url, "play", 1, timeout=120))
                       .result() for _ in range(10)]
            wave = thread.submit(asyncio.run, lt.run_class(url, "play", 30, timeout=300)
                                 ).result()
        from playwright.sync_api import expect

        page = browser.new_page()
        page.goto(f"{url}voila/render/play.ipynb")
        page.wait_for_selector(".wpp-hand.wpp-active .wpp-slot-0", timeout=60_000)
        expect(page.locator(".wpp-engine-stopped")).to_have_count(0)
        page.close(run_before_unload=False)
    log = LOG.read_text(errors="replace")
    assert sum(r.ok for r in singles) == 10, [lt.format_report(r) for r in singles]
    assert wave.ok == 30 and wave.failed == 0, lt.format_report(wave)
    assert "Culling 'idle' kernel" not in log.split("Ready for a class")[1].split(
        "Using pre-heated kernel")[0], "a kernel waiting in a pool was culled"
    assert "never reached an 'alive' state" not in log
    print(lt.format_report(wave))
