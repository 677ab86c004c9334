"""How long a lesson page takes to open in Chromium through Voilà (issue 17: under 8 s with
one student).

Serves each lesson as ``make play`` does (:func:`widgets.site.serve.running_voila`, one server per
lesson, a fresh kernel per page load), opens it in headless Chromium and prints, per load,
measured in the page (``performance.now()`` from navigation start, read by a
``MutationObserver``):

* **first widget**: the lesson's first widget (``.wpp-lesson``) is in the page;
* **all cells**: Voilà has run every cell and removed its spinner.

Run it against another checkout's code by pointing ``PYTHONPATH`` there and running from
there (the server serves the notebooks of the ``widgets`` package it imports)::

    cd OTHER && PYTHONPATH=$PWD python THIS/scripts/bench_lessons.py 07_analysing_the_game
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from playwright.sync_api import sync_playwright

from widgets.site.serve import CHROMIUM_ARGS, find_chromium, running_voila

_FIRST = """
window.__wppFirst = null;
new MutationObserver(function (_, obs) {
  if (document.querySelector('.wpp-lesson')) {
    window.__wppFirst = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
"""


def open_once(browser: Any, url: str) -> tuple[float, float]:
    """One page load: (first widget, all cells) in seconds from navigation start."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(_FIRST)
    try:
        page.goto(url)
        page.wait_for_function("() => window.__wppFirst !== null", timeout=180_000)
        page.wait_for_function("() => !document.querySelector('#loading')", timeout=180_000)
        done = float(page.evaluate("performance.now()"))
        first = float(page.evaluate("window.__wppFirst"))
        return first / 1000, done / 1000
    finally:
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="+", help="notebook names, e.g. 02_the_rules")
    parser.add_argument("--loads", type=int, default=3, help="page loads per lesson")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        for name in args.lessons:
            with running_voila(notebook=f"notebooks/{name}.ipynb") as url:
                times = [open_once(browser, url) for _ in range(args.loads)]
            firsts = [f for f, _ in times]
            dones = [d for _, d in times]
            print(f"{name}: first widget median {statistics.median(firsts):.1f} s "
                  f"(loads: {', '.join(f'{x:.1f}' for x in firsts)}); all cells median "
                  f"{statistics.median(dones):.1f} s "
                  f"(loads: {', '.join(f'{x:.1f}' for x in dones)})", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
