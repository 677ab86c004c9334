"""End to end: lesson 9 as a Voilà page in headless Chromium. The learner commits a guess
before anything of the answer is on the page — not in the page's HTML, and not in any widget's
state (checked on the same widget built in this process: the same seed gives the same
widgets) — then reads the engine's account; then a hit-or-fold decision, whose odds appear
only after the click. Screenshots go to ``artifacts/lessons/09_*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from widgets.lessons.pairs.drills import PairsRuleDrills
from widgets.lessons.shared.commit import widget_strings
from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "lessons"
WAIT = 30_000  # ms for the page to answer a click


def expect_text(target: Any, pattern: str) -> None:
    from playwright.sync_api import expect

    expect(target).to_contain_text(re.compile(pattern), timeout=WAIT)


def shot(target: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / f"{name}.png"))


def test_pairs_lesson_commits_a_guess_before_any_reveal(browser: Any) -> None:
    from playwright.sync_api import expect

    same = PairsRuleDrills()                  # the page's widget, built here
    first = same.drills[0]
    answer_text = first.narration
    assert answer_text not in "\n".join(widget_strings(same.root))
    with serve.opened_page(browser, "notebooks/09_pairs.ipynb", SHOTS / "voila-09_pairs.log",
                           height=1800) as page:
        found = page.locator(".wpp-lesson")
        expect(found).to_have_count(2, timeout=WAIT)
        drills, hit_or_fold = found.nth(0), found.nth(1)
        expect_text(drills, "What happens\\?")
        # Before the commit: the answer is nowhere in the page, the button waits for a pick.
        assert answer_text not in page.content()
        assert "The game says" not in drills.inner_text()
        lock = drills.get_by_role("button", name="Lock in my answer", exact=True)
        assert lock.is_disabled()
        drills.get_by_role("radio", name=first.choices[first.answer], exact=True).check()
        expect(lock).to_be_enabled(timeout=WAIT)
        shot(drills, "09_before_commit")
        lock.click()
        expect_text(drills, "Right\\.")
        expect_text(drills, re.escape(answer_text))
        shot(drills, "09_after_commit")
        # Hit or fold: the odds only after the decision (the unseen cards' counts, public, are
        # part of the position; the chance they give is the answer).
        assert "A hit pairs with chance" not in hit_or_fold.inner_text()
        hit_or_fold.get_by_role("button", name="Hit", exact=True).click()
        expect_text(hit_or_fold, "A hit pairs with chance")
        shot(hit_or_fold, "09_hit_or_fold")
