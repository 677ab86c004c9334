"""Measure the static site (``make site``): what a visit downloads and how long until a game
page is usable, first visit and warm — the figures of the README's "A static web site".

The site is served by Python's plain static file server on 127.0.0.1 (which answers a
browser's revalidation with 304 and sends no compression), which counts the bytes of every
file it sends; headless Chromium (Debian's) opens each game page ``--visits`` times with a
fresh profile of its own on disk (visit 1: an empty cache; the next: the browser's cache as
the first left it; no request routing, which would switch the cache off). A page is
*usable* when it says "Your turn" (the board takes a click). Each file sent is also
gzip-compressed here, to give what a host that compresses would send.

Usage: ``python scripts/measure_site.py [--site site] [--visits 3] [--pages play,draw]``.
It prints the machine's load (``os.getloadavg``) before and after, to state beside the
figures.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from widgets.site.serve import CHROMIUM_ARGS  # noqa: E402

#: How long one visit may take before the measurement gives up (ms).
WAIT = 180_000


class Counter:
    """The files the server sent since :meth:`reset` (their bytes, compressed after the
    visit so the server's own work does not slow it) and how many 304 answers it gave."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.packed: dict[bytes, int] = {}
        self.reset()

    def reset(self) -> None:
        self.sent: list[bytes] = []
        self.not_modified = 0

    def add(self, data: bytes) -> None:
        with self.lock:
            self.sent.append(data)

    def gzipped(self) -> int:
        """What a host compressing with gzip (level 6) would have sent."""
        total = 0
        for data in self.sent:
            if data not in self.packed:
                self.packed[data] = len(gzip.compress(data, 6))
            total += self.packed[data]
        return total


def handler(counter: Counter, directory: str) -> Any:
    class Counting(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def send_response(self, code: int, message: str | None = None) -> None:
            if code == 304:
                with counter.lock:
                    counter.not_modified += 1
            super().send_response(code, message)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            counter.add(data)
            outputfile.write(data)

    return functools.partial(Counting, directory=directory)


def visited(ctx: Any, counter: Counter, url: str, label: str) -> None:
    """Open ``url`` in a new tab of ``ctx`` until the page is usable; print what it took."""
    pg = ctx.new_page()
    counter.reset()
    start = time.monotonic()
    pg.goto(url, wait_until="commit")
    pg.get_by_text("Your turn").first.wait_for(timeout=WAIT)
    seconds = time.monotonic() - start
    pg.wait_for_timeout(2000)  # requests still under way after the page is usable
    sent = sum(len(d) for d in counter.sent)
    print(f"{label}: usable in {seconds:.1f} s; sent {sent / 1e6:.1f} MB in "
          f"{len(counter.sent)} files ({counter.gzipped() / 1e6:.1f} MB gzip-compressed), "
          f"{counter.not_modified} answered 'not modified'; load {os.getloadavg()[0]:.2f}",
          flush=True)
    pg.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--pages", default="play,draw,pairs,pokeros")
    args = parser.parse_args()
    if not (args.site / "voici" / "render").is_dir():
        print(f"measure_site.py: no built site at {args.site} (make site builds it)",
              file=sys.stderr)
        return 2
    pages = args.pages.split(",")
    missing = [n for n in pages if not (args.site / "voici" / "render" / f"{n}.html").is_file()]
    if missing or not 1 <= args.visits <= 20:
        print(f"measure_site.py: no such page in the site: {', '.join(missing)}" if missing
              else "measure_site.py: --visits is 1 to 20", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    counter = Counter()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             handler(counter, str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/voici/render/"
    size = sum(p.stat().st_size for p in args.site.rglob("*") if p.is_file())
    print(f"site folder: {size / 1e6:.1f} MB; load before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("measure_site.py: chromium not found (make browser installs it)", file=sys.stderr)
        return 2
    outside: list[str] = []
    with sync_playwright() as p:
        for page_name in pages:
            # A browser profile of its own on disk, as a student's browser has: the
            # in-memory cache of a throw-away context holds no file over a few MB (Pyodide's
            # 8.6 MB interpreter would come again on every visit).
            with tempfile.TemporaryDirectory(prefix="wpp-measure-") as profile:
                ctx = p.chromium.launch_persistent_context(
                    profile, executable_path=chromium, args=CHROMIUM_ARGS,
                    viewport={"width": 1280, "height": 800})
                # No request routing here: Playwright's routing switches the browser's cache
                # off. The site test shows the site asks nothing outside 127.0.0.1; here any
                # such request is counted and reported.
                ctx.on("request", lambda r: None if r.url.startswith(
                    ("http://127.0.0.1:", "data:", "blob:")) else outside.append(r.url))
                for visit in range(1, args.visits + 1):
                    visited(ctx, counter, base + f"{page_name}.html", f"{page_name} visit {visit}")
                ctx.close()
    server.shutdown()
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if outside:
        print(f"asked outside 127.0.0.1 ({len(outside)}): {outside[:5]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
