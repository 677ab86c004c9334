"""End to end in headless Chromium: a whole match on 5-card draw's page (the shared game
page; its match is 5 hands with a running total), each hand played with Hint and Enter and
the next dealt from the banner; at the end the match's result names its winner and the
banner offers a new match; the player's record in this browser counts the match (one, won
or not) and its 5 hands, survives a reload — as the finished match does — and Reset clears
it for good (a reload does not bring it back). Screenshots: artifacts/draw/match_*.png."""

from __future__ import annotations

import re
from typing import Any

import pytest

from wpp.core.registry import match_rule

from .game_page_steps import WAIT, hint, log_text, served, settled, shots

pytestmark = pytest.mark.browser

GAME, SEED = "draw", 5


def reload(pg: Any) -> None:
    pg.reload()
    pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    pg.wait_for_selector(".wpp-page", timeout=WAIT)
    pg.wait_for_selector(".wpp-match b", timeout=WAIT)


def test_a_match_to_its_end_and_the_record_across_reloads_and_reset(browser: Any) -> None:
    from playwright.sync_api import expect

    hands = match_rule(GAME).hands
    with served(browser, GAME, SEED) as pg:
        pg.evaluate("() => localStorage.clear()")
        line, stats = pg.locator(".wpp-match"), pg.locator(".wpp-stats")
        expect(stats.locator(".wpp-stats-empty")).to_be_visible(timeout=WAIT)
        for hand in range(1, hands + 1):
            expect(line).to_contain_text(f"Hand {hand} of {hands}", timeout=WAIT)
            while settled(pg) == "turn":
                before = log_text(pg)
                if not hint(pg):
                    break
                pg.keyboard.press("Enter")
                expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
            # Each finished hand reaches the record at once (hands counted so far); the
            # match counts once it is over (the record said "5 games" after one match).
            row = stats.locator(".wpp-stats-row")
            expect(row).to_have_count(1, timeout=WAIT)
            expect(row).to_have_attribute("data-hands", str(hand), timeout=WAIT)
            expect(row).to_have_attribute("data-games", "1" if hand == hands else "0")
            if hand < hands:
                expect(pg.locator(".wpp-banner-new")).to_have_text("Next hand")
                pg.locator(".wpp-banner-new").click()
        result = re.compile(r"(You win|The computer wins) the match|The match is drawn")
        expect(line.locator(".wpp-match-over")).to_contain_text(result, timeout=WAIT)
        # the match's result is the banner's large line now, the last hand's under it
        expect(pg.locator(".wpp-banner-final")).to_contain_text(result)
        expect(pg.locator(".wpp-banner-game")).to_contain_text("This hand: ")
        expect(pg.locator(".wpp-banner-new")).to_have_text("New match")
        row = stats.locator(".wpp-stats-row")
        games, wins, best, won = (int(row.get_attribute(f"data-{k}") or "-1")
                                  for k in ("games", "wins", "best", "hand-wins"))
        assert games == 1 and 0 <= best == wins <= games and 0 <= won <= hands, \
            (games, wins, best, won)
        expect(row).to_contain_text(f"1 match · {wins} won · best streak {best} "
                                    f"({hands} hands, {won} won)")
        pg.screenshot(path=str(shots(GAME) / "match_over.png"), full_page=True)

        reload(pg)                        # the match and the record are both still there
        expect(line.locator(".wpp-match-over")).to_contain_text(result, timeout=WAIT)
        expect(row).to_have_attribute("data-games", "1", timeout=WAIT)
        expect(row).to_have_attribute("data-hands", str(hands))
        expect(row).to_have_attribute("data-wins", str(wins))
        expect(row).to_have_attribute("data-best", str(best))

        stats.locator(".wpp-stats-reset").click()
        expect(stats.locator(".wpp-stats-empty")).to_be_visible(timeout=WAIT)
        reload(pg)                        # the shown game is not counted again
        pg.wait_for_timeout(1500)
        expect(stats.locator(".wpp-stats-empty")).to_be_visible(timeout=WAIT)
        expect(stats.locator(".wpp-stats-row")).to_have_count(0)

        pg.locator(".wpp-banner-new").click()   # a new match starts
        expect(line).to_contain_text(f"Hand 1 of {hands}", timeout=WAIT)
        expect(line).not_to_contain_text("match is drawn")
        pg.screenshot(path=str(shots(GAME) / "match_new.png"), full_page=True)
