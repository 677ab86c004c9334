"""End to end, every lesson that asks with a list of guesses (06, 07, 08, 10, 11, 12 — lesson
9 has its own test): as a Voilà page in headless Chromium, the first question's answer area is
empty and Lock in waits for a pick before the learner commits; after the commit the kit's
answer is on the page. Screenshots go to ``artifacts/lessons/<lesson>_guess_*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from widgets.site import serve

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "lessons"
WAIT = 90_000  # ms: a reveal may play games first

LESSONS = ["06_hand_frequencies", "07_analysing_the_game", "08_classic_poker",
           "10_open_face_chinese_poker", "11_pokeros", "12_beating_the_classic_ai"]


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_first_guess_is_committed_before_anything_is_revealed(browser: Any,
                                                                  lesson: str) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    with serve.opened_page(browser, f"notebooks/{lesson}.ipynb",
                           SHOTS / f"voila-{lesson}-guess.log", height=1400) as page:
        lock = page.get_by_role("button", name="Lock in my answer", exact=True).first
        expect(lock).to_be_visible(timeout=WAIT)
        quiz = page.locator(".wpp-lesson").filter(has=lock).last
        reveal = quiz.locator(".wpp-reveal").first
        # Before the commit: nothing of the answer in the page, the button waits for a pick.
        assert lock.is_disabled()
        assert reveal.inner_text().strip() == ""
        assert not re.search(r"Right\.|Not quite", quiz.inner_text())
        quiz.get_by_role("radio").first.check()
        expect(lock).to_be_enabled(timeout=WAIT)
        quiz.screenshot(path=str(SHOTS / f"{lesson}_guess_before.png"))
        lock.click()
        expect(quiz).to_contain_text(re.compile(r"Right\.|Not quite|You said"), timeout=WAIT)
        expect(reveal).not_to_have_text(re.compile(r"^\s*$"), timeout=WAIT)
        quiz.screenshot(path=str(SHOTS / f"{lesson}_guess_after.png"))
