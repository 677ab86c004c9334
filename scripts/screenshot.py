"""Take the README's screenshot of the app (``docs/screenshot.png``) in headless Chromium.

A fixed deal, a few moves made by clicking (the classic AI's choices for P1), the computer's
explanation open and two cards raised: what a newcomer sees mid-game. Run from the project
root: ``.venv/bin/python scripts/screenshot.py [--out docs/screenshot.png]``.

``--set DIR`` takes instead the page's review set, at 1280×800 and 390×844: a game in
progress, a refused play, Why? during a game, the game-over banner and the review of the
finished game (``DIR/<state>-<width>x<height>.png``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from widgets.site.serve import CHROMIUM_ARGS, ROOT, find_chromium, running_voila
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan, PlayCards
from wpp.warpairs.game import Game

SEED = 31


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.png")
    parser.add_argument("--set", type=Path, default=None, metavar="DIR",
                        help="take the page's review set into DIR instead")
    args = parser.parse_args(argv)
    chromium = find_chromium()
    if chromium is None:
        print("chromium not found (apt-get install chromium)", file=sys.stderr)
        return 2
    if args.set is not None:
        return review_set(chromium, args.set)
    game, ai, me = Game(SEED), make_agent("classic"), make_agent("classic")
    with running_voila({"WPP_SEED": str(SEED), "WPP_AI_DELAY": "0"}) as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.wait_for_selector(".wpp-hand.wpp-active .wpp-slot-0", timeout=60_000)
        for _ in range(3):  # three of P1's decisions, each followed by the computer's
            action = me.decide(game.view(0)).action
            if not isinstance(action, Mulligan | PlayCards):
                break
            for c in action.cards:
                page.click(f'.wpp-hand.wpp-active .wpp-card[title="{c}"]')
            page.click(".wpp-act-mulligan" if isinstance(action, Mulligan) else ".wpp-act-play")
            game.apply(action)
            while not game.is_over and game.to_act == 1:
                game.apply(ai.decide(game.view(1)).action)
            page.wait_for_function("document.querySelectorAll('.wpp-log li').length === "
                                   f"{len(game.events)}", timeout=20_000)
        page.click(".wpp-why")
        page.wait_for_selector(".wpp-explain .wpp-expl", timeout=20_000)
        for slot in (0, 1):
            page.click(f".wpp-hand.wpp-active .wpp-slot-{slot}")
        time.sleep(0.5)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(args.out))
        browser.close()
    print(f"wrote {args.out}")
    return 0


def review_set(chromium: str, folder: Path) -> int:
    """The page's states a reviewer looks at, at a desktop and a phone size."""
    folder.mkdir(parents=True, exist_ok=True)
    wait = 20_000
    with running_voila({"WPP_SEED": str(SEED), "WPP_AI_DELAY": "0"}) as url, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for width, height in ((1280, 800), (390, 844)):
            page = browser.new_page(viewport={"width": width, "height": height})
            size = f"{width}x{height}"

            def shot(name: str, selector: str | None = None, page: Any = page,
                     size: str = size) -> None:
                element = page.query_selector(selector) if selector else None
                if element is not None:
                    element.scroll_into_view_if_needed()
                path = folder / f"{name}-{size}.png"
                page.screenshot(path=str(path))
                print(f"wrote {path}")

            page.goto(url)
            page.wait_for_selector(".wpp-hand.wpp-active .wpp-slot-0", timeout=60_000)
            for key in "12":
                page.keyboard.press(key)
            page.keyboard.press("Enter")
            page.wait_for_selector(".wpp-msg:has-text('Refused')", timeout=wait)
            shot("refused-play")
            page.keyboard.press("3")
            page.wait_for_selector(".wpp-selinfo:has-text('ready')", timeout=wait)
            shot("game-in-progress")
            page.keyboard.press("Enter")
            page.wait_for_selector(".wpp-log li >> nth=1", timeout=wait)
            page.click(".wpp-why")
            page.wait_for_selector(".wpp-explain .wpp-expl", timeout=wait)
            shot("why-during-game", ".wpp-explain")
            page.click(".wpp-opt-concede")
            page.wait_for_selector(".wpp-act-concede:has-text('Really')", timeout=wait)
            page.click(".wpp-act-concede")
            page.wait_for_selector(".wpp-banner:has-text('wins')", timeout=wait)
            shot("game-over-banner", ".wpp-banner")
            page.click(".wpp-banner-review")
            page.wait_for_selector(".wpp-explain:has-text('Review')", timeout=wait)
            page.click(".wpp-review-next")
            page.wait_for_selector(".wpp-explain:has-text('move 2 of')", timeout=wait)
            shot("review", ".wpp-explain")
            page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
