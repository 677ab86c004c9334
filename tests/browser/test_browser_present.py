"""Present mode on a projector's screen sizes: lesson 5, in headless Chromium via Voilà.

At 1280×720, 1366×768 and 1920×1080, with the rules card open: Present shows the lesson
alone, cards and text enlarged together; the page scrolls with the wheel and with PageDown;
after an answer the step buttons can be reached and the reasoning, all steps at once, is not
cut; and the Present switch stays in the window, on top (nothing covers it).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_browser_lessons import SHOTS, WAIT, expect_text, lesson_page, shot

pytestmark = pytest.mark.browser

SIZES = ((1280, 720), (1366, 768), (1920, 1080))

#: Whether the element's centre is the element (or inside it): nothing covers it.
_ON_TOP = """e => { const r = e.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return false;
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return hit !== null && (hit === e || e.contains(hit)); }"""
#: The element's bottom is not clipped by any ancestor that hides its overflow.
_NOT_CLIPPED = """e => { const b = e.getBoundingClientRect().bottom; let n = e.parentElement;
  while (n && n !== document.body) { const s = getComputedStyle(n);
    if (s.overflowY !== 'visible' && n.getBoundingClientRect().bottom < b - 1
        && n.scrollHeight <= n.clientHeight + 1) return false;
    n = n.parentElement; }
  return b <= document.scrollingElement.scrollHeight + 1; }"""


def _scroll_y(page: Any) -> float:
    return float(page.evaluate("() => document.scrollingElement.scrollTop"))


def _wheel_to(page: Any, target: Any, tries: int = 30) -> bool:
    """Scroll down with the mouse wheel until ``target`` is on screen and on top."""
    page.mouse.move(400, 300)
    for _ in range(tries):
        if target.evaluate(_ON_TOP):
            return True
        page.mouse.wheel(0, 250)
        page.wait_for_timeout(120)
    return bool(target.evaluate(_ON_TOP))


def test_present_mode_scrolls_and_keeps_its_switch_at_projector_sizes(browser: Any) -> None:
    width, height = SIZES[-1]
    with lesson_page(browser, "05_the_ai_decisions", width=width, height=height) as page:
        page.goto(page.url.split("?")[0] + "?seed=108&move=3")
        page.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
        lesson = page.locator(".wpp-lesson").first
        expect_text(lesson, "Your turn: what would P1 play")
        # The rules card open (it used to cover the switch).
        page.locator("details.wpp-rules-card > summary").first.click()
        card = lesson.locator(".wpp-board .wpp-pic").first
        head = lesson.locator(".wpp-step-head").first
        before = (card.bounding_box()["width"], head.bounding_box()["height"])
        switch = lesson.get_by_role("button", name="Present", exact=True)
        switch.click()
        page.wait_for_selector(".wpp-present")
        assert page.locator("details.wpp-rules-card").first.is_hidden()   # alone on screen
        after = (card.bounding_box()["width"], head.bounding_box()["height"])
        grow_card, grow_text = after[0] / before[0], after[1] / before[1]
        assert grow_card > 1.15 and grow_text > 1.15, (grow_card, grow_text)
        assert abs(grow_card - grow_text) < 0.15          # cards and text together

        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)
            name = f"05_present_{width}x{height}"
            assert switch.evaluate(_ON_TOP), f"{name}: the Present switch is covered or gone"
            # Answer the move shown (the first move the engine lists).
            page.keyboard.press("Home")
            lesson.locator(".wpp-question button.wpp-answer, .wpp-question button").first.click()
            expect_text(lesson, "beside the AI's|The AI:")
            # The step buttons: reached with the wheel, and they work.
            page.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
            following = lesson.get_by_role("button", name="next step ▶")
            assert _wheel_to(page, following), f"{name}: the step buttons cannot be reached"
            following.click()
            expect_text(lesson.locator(".wpp-stepper"), "Step 2 of")
            assert switch.evaluate(_ON_TOP), f"{name}: scrolled, the switch is covered or gone"
            # PageDown scrolls too.
            page.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
            page.locator("body").press("PageDown")
            page.wait_for_timeout(300)
            assert _scroll_y(page) > 100, f"{name}: PageDown does not scroll"
            # All steps at once: the reasoning is whole, nothing clipped.
            lesson.get_by_role("checkbox", name="all steps at once").check()
            steps = lesson.locator(".wpp-stepper")
            expect_text(steps, "all \\d+ steps")
            page.evaluate("() => document.scrollingElement.scrollTo(0, 1e6)")
            page.wait_for_timeout(300)
            assert steps.evaluate(_NOT_CLIPPED), f"{name}: the reasoning is cut"
            bottom = steps.evaluate("e => e.getBoundingClientRect().bottom")
            assert bottom <= height + 1, f"{name}: the end of the reasoning cannot be reached"
            shot(page, name)
            lesson.get_by_role("checkbox", name="all steps at once").uncheck()
            lesson.get_by_role("button", name="next move ▶").click()    # a fresh question
            expect_text(lesson, "Your turn|what the AI put in the pile")
        switch.click()
        page.wait_for_function("() => !document.querySelector('.wpp-present')", timeout=WAIT)
        assert SHOTS.is_dir()
