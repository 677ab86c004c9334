"""Present mode on a projector's screen sizes, in headless Chromium via Voilà.

At 1280×720, 1366×768 and 1920×1080, in lessons 03, 05, 09 and 11 after the learner answered
the lesson's first question: the page scrolls to its last control (wheel and PageDown); the
Present switch is in the window and on top (nothing covers it) at the top of the page and at
its end; no control is ever under the switch's bar (every control, scrolled to the top or the
bottom of the window as the keyboard and links do, lies wholly in the window below the bar and
is on top); and cards grow with the text between 1280 and 1920 pixels wide (a card's height
and the text's size in the same proportion). Lesson 5 also, with the rules card open: the step
buttons are reached with the wheel and work, PageDown scrolls, and the reasoning, all steps at
once, is not cut. Screenshots go to ``artifacts/lessons/<lesson>_present_*.png``.
"""

from __future__ import annotations

import re
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


def _to_end(page: Any) -> None:
    """Scroll to the end of the page, again until the page stops growing (a reveal's widgets
    may still be arriving from the kernel)."""
    height = -1.0
    for _ in range(20):
        now = float(page.evaluate("() => document.scrollingElement.scrollHeight"))
        page.evaluate("() => document.scrollingElement.scrollTo(0, 1e6)")
        page.wait_for_timeout(300)
        if now == height:
            return
        height = now


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
            _to_end(page)
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


#: What a learner clicks or types in: buttons (card buttons too), fields, lists, choices.
_CONTROLS = ("button, input, select, textarea, summary, .widget-radio-box, "
             ".widget-dropdown, .widget-text")

#: The presented widget's controls on screen (laid out, not in its bar), in page order.
_SHOWN = """(root, sel) => { const bar = root.querySelector(':scope > .wpp-present-bar');
  return [...root.querySelectorAll(sel)].filter(e => { const r = e.getBoundingClientRect();
    return !bar.contains(e) && r.width > 0 && r.height > 0
      && getComputedStyle(e).visibility !== 'hidden'; }); }"""

#: Each control that overlaps the bar, at the current scroll position (a list of names).
_UNDER_BAR = """(root, sel) => { const shown = (@SHOWN@)(root, sel);
  const b = root.querySelector(':scope > .wpp-present-bar').getBoundingClientRect();
  return shown.filter(e => { const r = e.getBoundingClientRect();
    return r.top < b.bottom - 1 && r.bottom > b.top + 1 && r.left < b.right - 1
      && r.right > b.left + 1; })
    .map(e => e.tagName + ' ' + (e.innerText || e.title || e.className).slice(0, 40));
  }""".replace("@SHOWN@", _SHOWN)

#: Each control scrolled to the window's top, then to its bottom (``block: start / end``, as
#: links and scripts scroll), then half under the bar and focused (as Tab does): the controls
#: that are then not wholly in the window, or overlap the bar, or are not on top at their
#: centre (names, with how each was scrolled).
_HIDDEN_WHEN_SCROLLED_TO = """(root, sel) => { const shown = (@SHOWN@)(root, sel);
  const bar = root.querySelector(':scope > .wpp-present-bar'), bad = [];
  const view = document.documentElement;
  for (const e of shown) for (const block of ['start', 'end', 'focus']) {
    if (block === 'focus') {              // half under the bar, then focused (as Tab does)
      if (e.tabIndex < 0 || e.disabled) continue;
      e.scrollIntoView({block: 'start', inline: 'nearest'});
      document.scrollingElement.scrollBy(0, bar.getBoundingClientRect().height / 2
                                            + e.getBoundingClientRect().height / 2);
      e.focus(); e.blur();
    } else e.scrollIntoView({block, inline: 'nearest'});
    const r = e.getBoundingClientRect(), b = bar.getBoundingClientRect();
    if (r.height > view.clientHeight - b.bottom) continue;       // taller than the room left
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    const under = r.top < b.bottom - 1 && r.bottom > b.top + 1 && r.left < b.right - 1
      && r.right > b.left + 1;
    const ok = !under && r.top >= -1 && r.bottom <= view.clientHeight + 1
      && hit !== null && (hit === e || e.contains(hit));
    if (!ok) bad.push(block + ': ' + e.tagName + ' '
                      + (e.innerText || e.title || e.className).slice(0, 40)); }
  document.scrollingElement.scrollTo(0, 0);
  return bad; }""".replace("@SHOWN@", _SHOWN)

#: A card's rendered height (a card button, else a card picture) and a line of the lesson's
#: text's rendered height (its glyphs' box: proportional to the font size on screen).
_SIZES = """root => { const seen = e => e.getBoundingClientRect().height > 0;
  const card = [...root.querySelectorAll('.widget-button.wpp-card')].find(seen)
    || [...root.querySelectorAll('svg.wpp-pic')].find(seen);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = null;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.textContent.trim().length < 12 || !n.parentElement.closest('.widget-html-content')
        || n.parentElement.closest('.wpp-present-bar, button, svg')) continue;
    const range = document.createRange(); range.selectNodeContents(n);
    const rects = range.getClientRects();
    if (rects.length && rects[0].height > 0) { text = rects[0].height; break; } }
  return card && text ? [card.getBoundingClientRect().height, text] : null; }"""


def _answer_03(lesson: Any) -> None:
    for i in range(3):
        lesson.locator(".widget-button.wpp-card").nth(i).click()
    lesson.get_by_role("button", name="Lock in my 3 cards").click()


def _answer_05(lesson: Any) -> None:
    lesson.locator(".wpp-question button").first.click()


def _answer_guess(lesson: Any) -> None:
    lesson.get_by_role("radio").first.check()
    lesson.get_by_role("button", name="Lock in my answer").click()


#: The lessons checked, each with its address's query and how to answer its first question.
ANSWER = {"03_the_mulligan": ("?seed=20", _answer_03),
          "05_the_ai_decisions": ("?seed=108&move=3", _answer_05),
          "09_pairs": ("", _answer_guess),
          "11_pokeros": ("", _answer_guess)}


@pytest.mark.parametrize("name", list(ANSWER))
def test_present_mode_never_covers_a_control_and_grows_cards_with_text(browser: Any,
                                                                       name: str) -> None:
    from playwright.sync_api import expect

    query, answer = ANSWER[name]
    width, height = SIZES[0]
    with lesson_page(browser, name, width=width, height=height) as page:
        page.goto(page.url.split("?")[0] + query)
        page.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
        switch = page.locator(".wpp-lesson .wpp-present-toggle").first
        switch.click()
        page.wait_for_selector(".wpp-present")
        root = page.locator(".wpp-present").first
        answer(root)
        expect(root.locator(".wpp-reveal").first).to_be_visible(timeout=WAIT)
        expect(root.locator(".wpp-reveal").first).not_to_have_text(re.compile(r"^\s*$"),
                                                                  timeout=WAIT)
        page.wait_for_timeout(500)
        sizes: dict[int, list[float]] = {}
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            where = f"{name} at {width}×{height}"
            shot(page, f"{name[:2]}_present_{width}x{height}_top")
            # At the top: the switch on top, no control under its bar.
            assert switch.evaluate(_ON_TOP), f"{where}: the Present switch is covered or gone"
            under = root.evaluate(_UNDER_BAR, _CONTROLS)
            assert not under, f"{where}: controls under the switch's bar: {under}"
            # Every control, scrolled to the top or the bottom of the window or focused, is in
            # view and on top: the bar never covers one.
            hidden = root.evaluate(_HIDDEN_WHEN_SCROLLED_TO, _CONTROLS)
            assert not hidden, f"{where}: controls covered once scrolled to: {hidden}"
            # The end of the page: reached with PageDown, and with the wheel.
            last = root.locator(_CONTROLS).filter(visible=True).last
            page.locator("body").press("PageDown")
            page.wait_for_timeout(200)
            scrolls = page.evaluate("() => document.scrollingElement.scrollHeight"
                                    " > document.documentElement.clientHeight + 1")
            if scrolls:
                assert _scroll_y(page) > 50, f"{where}: PageDown does not scroll"
            for _ in range(30):
                if last.evaluate(_ON_TOP):
                    break
                page.locator("body").press("PageDown")
                page.wait_for_timeout(120)
            assert last.evaluate(_ON_TOP), f"{where}: PageDown does not reach the last control"
            page.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
            assert _wheel_to(page, last), f"{where}: the wheel does not reach the last control"
            # At the end: the switch still in the window and on top, nothing under the bar but
            # what was scrolled past it.
            _to_end(page)
            assert switch.evaluate(_ON_TOP), f"{where}: scrolled, the switch is covered or gone"
            shot(page, f"{name[:2]}_present_{width}x{height}_end")
            page.evaluate("() => document.scrollingElement.scrollTo(0, 0)")
            sizes[width] = root.evaluate(_SIZES)
            assert sizes[width], f"{where}: no card or no text to measure"
        (card_s, text_s), (card_l, text_l) = sizes[SIZES[0][0]], sizes[SIZES[-1][0]]
        grow_card, grow_text = card_l / card_s, text_l / text_s
        assert grow_card > 1.1 and grow_text > 1.1, (name, grow_card, grow_text)
        assert abs(grow_card / grow_text - 1) < 0.15, \
            f"{name}: cards grow ×{grow_card:.2f}, text ×{grow_text:.2f} from 1280 to 1920"
        switch.click()
        page.wait_for_function("() => !document.querySelector('.wpp-present')", timeout=WAIT)
