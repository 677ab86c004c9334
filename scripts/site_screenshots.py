"""Screenshots of every page of the built static site (``make site``) in headless Chromium
at 1280×800: each page Voici renders (home, the game pages, the lessons), once its cells
have run, and each page of the teacher's kit; the first screen (``NAME.png``) and the whole
page (``NAME-full.png``), to look at before publishing.

Usage: ``python scripts/site_screenshots.py [--site site] [--out artifacts/site-pages]``.
Served on 127.0.0.1 by Python's plain static file server; any other address is refused.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from widgets.site.serve import CHROMIUM_ARGS, find_chromium  # noqa: E402

WAIT = 180_000  # ms: a first visit loads Pyodide and the wheels


#: The height the page needs to show everything at once: the document's, or that of its
#: tallest scrolling panel's content below the panel's top.
_TALLEST = """() => Math.max(document.documentElement.scrollHeight, ...Array.from(
  document.querySelectorAll('*')).filter(e => e.scrollHeight > e.clientHeight + 2
  && /(auto|scroll)/.test(getComputedStyle(e).overflowY)).map(e =>
  e.getBoundingClientRect().top + e.scrollHeight))"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "site-pages")
    args = parser.parse_args()
    render = args.site / "voici" / "render"
    if not render.is_dir():
        print(f"site_screenshots.py: no built site at {args.site} (make site builds it)",
              file=sys.stderr)
        return 2
    chromium = find_chromium()
    if chromium is None:
        print("site_screenshots.py: chromium not found (make browser installs it)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(args.site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}/"
    pages = [f"voici/render/{p.name}" for p in sorted(render.glob("*.html"))]
    pages += [f"kit/{p.name}" for p in sorted((args.site / "kit").glob("*.html"))]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(base)
                  else r.abort())
        errors: list[str] = []
        ctx.on("weberror", lambda e: errors.append(str(e.error)))
        for page in pages:
            pg = ctx.new_page()
            errors.clear()
            start = time.monotonic()
            pg.goto(base + page)
            if page.startswith("voici/"):
                pg.wait_for_function("() => !document.querySelector('#loading')",
                                     timeout=WAIT)
                pg.wait_for_timeout(1500)  # the widgets drawn
            name = page.replace("/", "_").removesuffix(".html")
            pg.screenshot(path=str(args.out / f"{name}.png"))
            # Voici scrolls inside its own panel, so a "full page" shot would be the first
            # screen again: the window is made as tall as the tallest scrolled content.
            tall = pg.evaluate(_TALLEST)
            pg.set_viewport_size({"width": 1280, "height": max(800, min(int(tall), 16000))})
            pg.wait_for_timeout(300)
            pg.screenshot(path=str(args.out / f"{name}-full.png"), full_page=True)
            pg.set_viewport_size({"width": 1280, "height": 800})
            print(f"{page}: {time.monotonic() - start:.1f} s"
                  + (f"; page errors: {errors[:3]}" if errors else ""), flush=True)
            pg.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
