"""Every open of a page in Chromium, not only the first: each page opened in a tab, then
reloaded 3 times, 3 s apart (a reload closes the previous kernel as a closed tab does); the
time from navigation to the page's main widget, printed per open (issue 39).

    .venv/bin/python scripts/bench_opens.py --url http://127.0.0.1:8866/ play 03_the_mulligan

Run it against a server started as ``make play`` starts it, on this machine only; the
browser's cache is warmed by the home page first (a student's browser has the scripts after
one page). A benchmark that prints figures, never a timed test.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from collections.abc import Sequence
from urllib.parse import urlsplit

from widgets.site.serve import CHROMIUM_ARGS

#: What shows that a page is usable: its main widget.
READY = {"play": ".wpp-hand.wpp-active .wpp-slot-0", "home": ".wpp-home"}
ANY_PAGE = (".wpp-page, .wpp-lesson, .wpp-app, .wpp-room, .wpp-teacher, .wpp-kit, .wpp-home, "
            ".widget-html")


def main(argv: Sequence[str] | None = None) -> int:
    """Open each page named and print its four times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8866/")
    parser.add_argument("--opens", type=int, default=4, choices=range(1, 11))
    parser.add_argument("--every", type=float, default=3.0)
    parser.add_argument("pages", nargs="+", help="notebook names without .ipynb")
    args = parser.parse_args(argv)
    if urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        parser.error("the benchmark runs against this machine only (127.0.0.1)")
    url = args.url if args.url.endswith("/") else args.url + "/"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"),
                                    args=CHROMIUM_ARGS)
        context = browser.new_context()
        warm = context.new_page()
        warm.goto(url + "voila/render/home.ipynb")
        warm.wait_for_selector(".wpp-home", timeout=90_000)
        warm.close()
        for name in args.pages:
            page = context.new_page()
            page.on("dialog", lambda d: d.accept())
            times: list[float] = []
            for i in range(args.opens):
                start = time.perf_counter()
                if i == 0:
                    page.goto(f"{url}voila/render/{name}.ipynb", wait_until="commit")
                else:
                    page.reload(wait_until="commit")
                page.wait_for_function("() => !document.querySelector('#loading')",
                                       timeout=90_000)
                page.wait_for_selector(READY.get(name, ANY_PAGE), timeout=90_000)
                times.append(time.perf_counter() - start)
                time.sleep(args.every)
            page.close(run_before_unload=True)
            print(f"{name}: " + " / ".join(f"{t:.2f}" for t in times) + " s", flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
