"""Speed of the Voilà app in Chromium, measured inside the page (``make bench-ui``).

Starts Voilà the way ``make play`` does (on a free local port), opens the app in headless
Chromium and prints:

* **first render**: from navigation start until the first card of the player's hand is in
  the page (``performance.now()`` read by a ``MutationObserver``), cold and warm cache;
* **card click → raised**: from a card button's click until its ``wpp-selected`` class changes;
* **Play → on the table**: from a click on Play until the table shows the played card.

Each latency is timed in the page, over ``--clicks`` clicks (at least 30), and reported as
median and 95th percentile. Goals (issue 4): first render < 2 s, click median < 15 ms.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from widgets.site.serve import CHROMIUM_ARGS, find_chromium, running_voila
from wpp.core.cli_args import KitParser, out_path
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan
from wpp.warpairs.game import Game

# Records when the first face-up card of the active hand appears (ms since navigation start).
_FIRST_CARD = """
window.__wppFirstCard = null;
new MutationObserver(function (_, obs) {
  if (document.querySelector('.wpp-hand.wpp-active .wpp-card:not(.wpp-back)')) {
    window.__wppFirstCard = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""

# Clicks an element and resolves with the time until `done()` holds after a DOM mutation.
_TIMED_CLICK = """
async ([clickSel, doneJs]) => {
  const done = new Function('return (' + doneJs + ')');
  const el = document.querySelector(clickSel);
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(document.querySelector('.wpp-app'),
                {subtree: true, childList: true, attributes: true, characterData: true});
    setTimeout(() => { obs.disconnect(); reject(new Error('timeout: ' + clickSel)); }, 10000);
    el.click();
  });
}
"""


def leading_seed() -> int:
    """A deal where P1 leads the first trick after mulliganing its 3 highest cards (so the
    benchmark can play a lead, undo it, and play again)."""
    agent = make_agent("classic")
    for seed in range(1000):
        g = Game(seed)
        g.apply(Mulligan(sorted(g.view(0).hand)[-3:]))
        g.apply(agent.decide(g.view(1)).action)
        if g.to_act == 0:
            return seed
    raise RuntimeError("no deal found where P1 leads")


def summary(name: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]
    return (f"{name:<28} median {statistics.median(xs):7.1f} ms   p95 {p95:7.1f} ms   "
            f"(n={len(xs)}, min {xs[0]:.1f}, max {xs[-1]:.1f})")


def first_render(page: Page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__wppFirstCard !== null", timeout=60_000)
    value: float = page.evaluate("window.__wppFirstCard")
    return value


def card_clicks(page: Page, n: int) -> list[float]:
    out = []
    sel = ".wpp-hand.wpp-active .wpp-slot-0"
    for i in range(n):
        want = "true" if i % 2 == 0 else "false"
        done = f"document.querySelector('{sel}').classList.contains('wpp-selected') === {want}"
        out.append(page.evaluate(_TIMED_CLICK, [sel, done]))
        time.sleep(0.05)  # a person's clicks are this far apart at the very least
    return out


def play_clicks(page: Page, n: int) -> list[float]:
    out = []
    for _ in range(n):
        page.click(".wpp-hand.wpp-active .wpp-slot-0")
        page.wait_for_selector(".wpp-hand.wpp-active .wpp-slot-0.wpp-selected")
        label = page.get_attribute(".wpp-hand.wpp-active .wpp-slot-0", "title")
        done = f"!!document.querySelector('.wpp-table .wpp-play svg[aria-label=\"{label}\"]')"
        time.sleep(0.05)
        out.append(page.evaluate(_TIMED_CLICK, [".wpp-act-play", done]))
        page.click(".wpp-opt-undo")
        page.wait_for_selector(".wpp-table .wpp-play", state="detached")
        page.wait_for_selector(".wpp-act-play", state="visible")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = KitParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40, help="clicks per latency (≥ 30)")
    parser.add_argument("--log", type=lambda text: Path(out_path(text)), default=None,
                        help="write Voilà's log here")
    args = parser.parse_args(argv)
    if args.clicks < 30:
        parser.error("--clicks must be at least 30")
    chromium = find_chromium()
    if chromium is None:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    seed = leading_seed()
    env = {"WPP_SEED": str(seed), "WPP_AI_DELAY": "0.3"}
    results: dict[str, Any] = {}
    with running_voila(env, log=args.log) as url, sync_playwright() as p:
        time.sleep(3)  # let the preheated kernel finish its start, as for a waiting server
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(_FIRST_CARD)
        page = context.new_page()
        results["cold"] = first_render(page, url)
        time.sleep(6)  # the pool refills its preheated kernel
        page2 = context.new_page()
        results["warm"] = first_render(page2, url)
        page.close()
        page = page2
        time.sleep(6)  # the pool starts its next kernel now: let it finish, as on a quiet server
        # The mulligan: the 3 highest cards, so that this deal's P1 leads.
        for slot in (-1, -2, -3):
            page.locator(".wpp-hand.wpp-active .wpp-card").nth(slot).click()
        page.click(".wpp-act-mulligan")
        page.wait_for_selector(".wpp-act-play", state="visible")
        results["click"] = card_clicks(page, args.clicks)
        results["play"] = play_clicks(page, args.clicks)
        browser.close()
    print(f"WarPairsPoker app in Chromium (seed {seed}, {args.clicks} clicks each)")
    print(f"{'first render, cold cache':<28} {results['cold']:7.0f} ms   (goal < 2000 ms)")
    print(f"{'first render, warm cache':<28} {results['warm']:7.0f} ms")
    print(summary("card click → raised", results["click"]) + "   (goal: median < 15 ms)")
    print(summary("Play → on the table", results["play"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
