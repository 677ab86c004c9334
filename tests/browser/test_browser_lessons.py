"""End to end: every lesson as a Voilà page in headless Chromium, clicked through.

Each lesson is served as ``voila notebooks/<lesson>.ipynb`` is, with the project's Voilà
settings, by :func:`widgets.site.serve.running_voila` (the launcher the app's browser tests use;
pointed at the lesson's notebook). The test waits for the lesson's widgets, clicks through
them as a learner would (Next, a card, an answer, a choice in a list), checks that the page
shows what it should after each click, and saves screenshots of each widget under
``artifacts/lessons/`` (ignored by git) to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from widgets.lessons.warpairs.guided import first_game_words
from widgets.site import serve
from wpp.core.standard_deck import format_cards
from wpp.warpairs.actions import Mulligan
from wpp.warpairs.ai import mulligan
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.teach.guided import FirstGame
from wpp.warpairs.teach.quiz import QUIZ_ALL, ActionQuestion, PickQuestion
from wpp.warpairs.teach.replay import record_game, typed_deck

pytestmark = pytest.mark.browser

SHOTS = serve.ROOT / "artifacts" / "lessons"
WAIT = 30_000  # ms for the page to answer a click


@contextmanager
def lesson_page(browser: Any, name: str, width: int = 1280, height: int = 1800) -> Iterator[Any]:
    """Serve ``notebooks/<name>.ipynb`` with Voilà and open it in a new tab."""
    log = SHOTS / f"voila-{name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with serve.running_voila(log=log, notebook=f"notebooks/{name}.ipynb") as url:
        page = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url)
        # Voilà runs the cells, then removes its spinner and shows the outputs.
        page.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
        try:
            yield page
            text = page.inner_text("body")
            assert "Traceback" not in text and "Error" not in text, "a cell failed in the page"
            assert not errors, f"errors in the page: {errors}"
        finally:
            page.close()


def shot(target: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / f"{name}.png"))


def click(lesson: Any, label: str) -> None:
    """Click the button labelled ``label`` inside ``lesson``."""
    lesson.get_by_role("button", name=label, exact=True).first.click()


def lessons(page: Any, count: int) -> Any:
    """The page's lesson widgets, once all ``count`` of them are drawn."""
    from playwright.sync_api import expect

    found = page.locator(".wpp-lesson")
    expect(found).to_have_count(count, timeout=WAIT)
    return found


def expect_text(lesson: Any, pattern: str) -> None:
    """Wait until ``lesson`` shows text matching ``pattern``."""
    from playwright.sync_api import expect

    expect(lesson).to_contain_text(re.compile(pattern), timeout=WAIT)


def test_start_here(browser: Any) -> None:
    with lesson_page(browser, "01_start_here") as page:
        found = lessons(page, 2)                  # the deal, and the first taste's questions
        deal_view, taste = found.first, found.nth(1)
        shot(page, "01_top")
        expect_text(deal_view, "You \\(P1\\), 16 cards")
        assert deal_view.locator("svg.wpp-pic-back").count() == 17  # 16 backs and the deck
        mine = sorted(deal(1)[:DEAL_SIZE])
        labels = deal_view.locator("svg.wpp-pic:not(.wpp-pic-back)").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        assert labels == [str(c) for c in mine]
        deal_view.get_by_text("show both hands").click()
        expect_text(deal_view, "P2")
        deal_view.locator("svg.wpp-pic-back").nth(1).wait_for(state="detached", timeout=WAIT)
        click(deal_view, "New deal")
        theirs = sorted(deal(2)[DEAL_SIZE:2 * DEAL_SIZE])
        page.wait_for_function(
            "(want) => [...document.querySelectorAll('.wpp-lesson svg.wpp-pic')]"
            ".some(e => e.getAttribute('aria-label') === want)", arg=str(theirs[0]),
            timeout=WAIT)
        shot(deal_view, "01_deal")
        assert page.locator("a[href='02_the_rules.ipynb']").count() >= 1
        # The first taste asks before the engine answers (it printed its answers).
        assert "wrap-around" not in taste.inner_text()
        taste.get_by_role("radio", name="yes, a straight").check()
        click(taste, "Lock in my answer")
        expect_text(taste, "a straight, 2♦ high \\(wrap-around\\)")
        shot(taste, "01_first_taste")


def test_the_rules(browser: Any) -> None:
    from playwright.sync_api import expect

    with lesson_page(browser, "02_the_rules") as page:
        found = lessons(page, 6)
        assert page.locator(".jp-RenderedImage img").count() == 2  # the ladder and the cycle
        strip, drills, text, inspector, explorer, quiz = (found.nth(i) for i in range(6))
        expect_text(page.locator(".wpp-rules-card"), "The goal")
        expect_text(strip, "Your guess first: What can P2 do")     # one picture at a time
        assert "2 · A beat" not in strip.inner_text()
        for _ in range(3):
            click(strip, "Show ▶")
        expect_text(strip, "4 · Who leads next")
        shot(page, "02_top")

        expect_text(drills, "drill 1 of 4")                 # a "your move" drill
        click(drills, "Pass")
        expect_text(drills, "Refused: .*\\(R16\\)")
        click(drills, "Try again")
        drills.locator('.wpp-hand .wpp-card[title="J♥"]').click()
        click(drills, "Play")
        expect_text(drills, "P1 played J♥")
        expect_text(drills, "Right")
        expect_text(drills, "Remember")
        assert "P1 (3)" in drills.locator(".wpp-board").inner_text()   # the board moved on
        shot(drills, "02_drill")

        text.locator("input").fill("7S 1X")
        expect_text(text, "'1X' is not a card")
        shot(text, "02_card_text")

        expect_text(inspector, "a straight, 2♦ high \\(wrap-around\\)")
        click(inspector, "Clear")
        for card in ("7♥", "7♠"):
            inspector.locator(f'.wpp-card[title="{card}"]').click()
        expect_text(inspector, "a pair of sevens")
        inspector.locator('.wpp-card[title="9♦"]').click()
        expect_text(inspector, "No play")
        shot(inspector, "02_play_inspector")

        expect_text(explorer, "2 of the \\d+ different plays your hand can make beat the A♠")
        explorer.locator("select").select_option(label="two pair, aces and fives")
        expect_text(explorer, "plays your hand can make beat two pair, aces and fives")
        shot(explorer, "02_beat_explorer")

        click(quiz, "Yes, it beats it")
        expect_text(quiz, "Right: yes, it beats it")
        expect(quiz.get_by_role("button", name="No, it does not")).to_be_disabled()  # locked
        expect_text(quiz, "score: 1 of 1")
        click(quiz, "Next question ▶")
        click(quiz, "Yes, it beats it")
        expect_text(quiz, "Not quite: no, it does not")
        expect_text(quiz, "score: 1 of 2")
        shot(quiz, "02_quiz")
        for i in range(2, len(QUIZ_ALL)):                 # the rest, to the summary
            click(quiz, "Next question ▶")
            expect_text(quiz, f"Question {i + 1} of {len(QUIZ_ALL)}")
            q = QUIZ_ALL[i]
            if isinstance(q.answer_key(), bool):
                click(quiz, "Yes, it beats it" if q.answer_key() else "No, it does not")
            else:
                assert isinstance(q, PickQuestion | ActionQuestion)
                for label, ok, _why in q.verdicts():
                    if ok:
                        quiz.get_by_role("button", name=label, exact=True).click()
                click(quiz, "Check my answer")
            expect_text(quiz, "Right")
        shot(quiz, "02_quiz_last")
        click(quiz, "See my score ▶")
        expect_text(quiz, f"The end: {len(QUIZ_ALL) - 1} right of {len(QUIZ_ALL)}")
        expect_text(quiz, "Rules to review \\(2\\)")     # Q2: rank before suit (R2, R8)
        shot(quiz, "02_quiz_summary")
        click(quiz, "Restart")
        expect_text(quiz, f"Question 1 of {len(QUIZ_ALL)}")
        expect_text(quiz, "score: 0 of 0")



def test_your_first_game(browser: Any) -> None:
    """Lesson 2b: a whole game move by move, then the first game with a coach."""
    with lesson_page(browser, "02_your_first_game") as page:
        walk, scenes, guided = (lessons(page, 3).nth(i) for i in range(3))
        for _ in range(3):
            click(walk, "Next ▶")
        expect_text(walk, "Move 3 · P1 leads")
        expect_text(walk, "Rules used so far")
        shot(walk, "02b_walkthrough")

        scenes.locator("select").select_option(label="R16 · Passing the lead")
        click(scenes, "Next ▶")
        expect_text(scenes, "P1 passed; P2 must lead \\(R16\\)")
        shot(scenes, "02b_scene")

        first = FirstGame(11)                             # the guided first game
        hint = first.hint()
        click(guided, "Hint")
        expect_text(guided, re.escape(f"Hint: the classic AI's move here: {hint.action}"))
        expect_text(guided, re.escape(first_game_words(hint.reasons[-1])))
        assert guided.locator(".wpp-hand .wpp-back").count() == 16   # P2's hand: backs only
        shot(guided, "02b_guided_hint")
        click(guided, "Mulligan")                         # nothing picked: the engine refuses
        expect_text(guided, "Refused: ")
        assert isinstance(hint.action, Mulligan)
        for card in hint.action.cards:
            guided.locator(f'.wpp-hand .wpp-card[title="{card}"]').click()
        click(guided, "Mulligan")
        expect_text(guided, "the same move as the classic AI")
        expect_text(guided, "your moves: 1, the same as the classic AI: 1")
        report = first.move(hint.action)
        expect_text(guided, "P2 answered: " + re.escape(str(report.answers[0])))
        shot(guided, "02b_guided_move")



def test_the_mulligan(browser: Any) -> None:
    """03 asks before it tells: no AI pick in the page until the learner locks 3 cards in."""
    with lesson_page(browser, "03_the_mulligan") as page:
        lesson = lessons(page, 2).first
        hand = sorted(deal(20)[:DEAL_SIZE])
        ai, e = mulligan(tuple(hand))
        expect_text(lesson, "Which 3 cards would you put in the pile")
        assert "Step 1 of" not in lesson.inner_text()
        for c in hand[-4:]:
            lesson.locator(f'.wpp-hand .wpp-card[title="{c}"]').click()
        expect_text(lesson, "A mulligan is exactly 3 cards")          # the 4th, refused
        expect_text(lesson, re.escape(f"(3 picked: {format_cards(hand[-4:-1])})"))
        assert format_cards(ai) not in lesson.inner_text()
        shot(lesson, "03_question")
        click(lesson, "Lock in my 3 cards")
        expect_text(lesson, "The AI's pick is better: it decides on power cards given up")
        expect_text(lesson, re.escape(f"Step 1 of {len(e.steps)}: {e.steps[0].title}"))
        click(lesson, "next step ▶")
        click(lesson, "next step ▶")
        expect_text(lesson, "rank sum discarded")
        shot(lesson, "03_reveal")
        lesson.get_by_role("button", name="Present", exact=True).click()   # presenter mode, no CDN
        page.wait_for_function("() => { const e = document.querySelector('.wpp-present');"
                               " if (!e) return false; const r = e.getBoundingClientRect();"
                               " return r.width >= window.innerWidth * 0.9; }",
                               timeout=WAIT)
        shot(page, "03_present")
        lesson.get_by_role("button", name="Present", exact=True).click()
        page.wait_for_function("() => !document.querySelector('.wpp-present')", timeout=WAIT)


def test_the_segment(browser: Any) -> None:
    with lesson_page(browser, "04_the_segment") as page:
        lesson = lessons(page, 1).first
        expect_text(lesson, "which straights or flushes would you keep")
        assert "Step 1 of" not in lesson.inner_text()
        lesson.get_by_label("no poker hand", exact=True).check()
        shot(lesson, "04_question")
        click(lesson, "Lock in my choice")
        expect_text(lesson, "The AI's choice is better: it decides on outliers left")
        expect_text(lesson, "Step 1 of 4")
        click(lesson, "next step ▶")
        click(lesson, "next step ▶")
        expect_text(lesson, "Step 3 of 4: Look for straights and flushes")
        expect_text(lesson, "top-card sum")
        shot(lesson, "04_reveal")
        lesson.locator(".wpp-choice select").select_option(index=2)
        expect_text(lesson, "This choice leaves")
        field = lesson.locator("input[type=text]")
        field.fill("5D 5C 6H 6S 7D 7C 8H 8S 9D 9C")
        field.press("Enter")                                     # Enter applies
        expect_text(lesson, "your 10 cards")
        lesson.get_by_label("straight 5 6 7 8 9 + straight 5 6 7 8 9", exact=True).check()
        click(lesson, "Lock in my choice")
        expect_text(lesson, "You chose exactly the AI's poker hands")
        shot(lesson, "04_two_straights")
        # Regression: after a hand was locked in, a typed hand's answer list kept the old tick
        # in the browser, so ticking the same answer left Lock disabled.
        field.fill("3D 4C 5H 6S 7D 7S KH")
        field.press("Enter")
        expect_text(lesson, "your 7 cards")
        lesson.get_by_label("no poker hand", exact=True).check()
        from playwright.sync_api import expect
        expect(lesson.get_by_role("button", name="Lock in my choice")).to_be_enabled(timeout=WAIT)
        click(lesson, "Lock in my choice")
        expect_text(lesson, "Your choice beside the AI's")


def test_the_ai_decisions(browser: Any) -> None:
    with lesson_page(browser, "05_the_ai_decisions") as page:
        lesson = lessons(page, 1).first
        expect_text(lesson, "Move 1 · P1 to mulligan")
        click(lesson, "Just show the AI's move")
        expect_text(lesson, "Move 1 · P1: mulligan")
        click(lesson, "next move ▶")
        click(lesson, "Just show the AI's move")
        click(lesson, "next move ▶")
        expect_text(lesson, "Move 3 · P1 to lead")
        expect_text(lesson, "Your turn: what would P1 play")
        assert "Move 3 · P1 leads" not in lesson.inner_text()
        expect_text(lesson, "The AI's thresholds")
        shot(lesson, "05_question")
        game = record_game(108)
        m = game.moves[2]
        lesson.locator(f'.wpp-question button[title="{m.action}"]').click()
        expect_text(lesson, "You played the AI's move")
        expect_text(lesson, re.escape(m.headline()))
        stepper = lesson.locator(".wpp-stepper")
        for i in range(2, 4):
            stepper.get_by_role("button", name="next step ▶").click()
            expect_text(stepper, f"Step {i} of")
        shot(lesson, "05_reveal")
        options = lesson.locator(".wpp-choice select option").all_inner_texts()
        assert not any("aggressive" in o or "pile card" in o for o in options)  # no spoiler
        lesson.locator(".wpp-choice select").select_option(label="Move 11 · P1 to answer")
        expect_text(lesson, "Your turn: what would")
        click(lesson, "Just show the AI's move")
        expect_text(lesson, "aggressive play with 2s, kings or aces")
        for i in range(2, 7):
            stepper.get_by_role("button", name="next step ▶").click()
            expect_text(stepper, f"Step {i} of 7")
        expect_text(stepper, "The decision list, answering with pairs")   # no "(6.3)", no "mode"
        expect_text(stepper, "PLAY: the opponent holds only")
        shot(lesson, "05_aggressive")

        typed = lesson.locator("input[type=text]").first    # a typed hand, then Enter
        typed.fill("2C 3D")
        typed.press("Enter")
        expect_text(lesson, "16 cards \\(R10\\), not 2")
        mine = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D"
        typed.fill(mine)
        typed.press("Enter")
        expect_text(lesson, "typed hands \\(seed 108\\) · move 1 of")
        first = record_game(108, deck=typed_deck(mine, 108)).moves[0]
        click(lesson, "Just show the AI's move")
        expect_text(lesson, re.escape(first.headline()))
        shot(lesson, "05_typed")


def lock_in(lesson: Any, answer: str) -> None:
    """Pick ``answer`` among a guess's choices and lock it in."""
    lesson.get_by_role("radio", name=answer, exact=True).check()
    click(lesson, "Lock in my answer")


def test_hand_frequencies(browser: Any) -> None:
    """06: a guess before any figure or table (regression: the figures came first); the
    runner, whose table answers the guesses, opens only after them (issue 27), and its bar
    is not left on the page."""
    with lesson_page(browser, "06_hand_frequencies") as page:
        guesses = lessons(page, 1).first
        assert guesses.locator("img").count() == 0 and "exact" not in guesses.inner_text()
        assert page.locator(".jp-RenderedImage img").count() == 0
        assert page.get_by_role("button", name="Run", exact=True).count() == 0
        assert "almost every deal" not in page.locator("body").inner_text()
        lock_in(guesses, "more than 3 deals in 4")
        expect_text(guesses, "Counting every possible hand exactly")
        expect_text(guesses, "varies by about")
        click(guesses, "next question ▶")
        lock_in(guesses, "about 1 deal in 10")
        expect_text(guesses, "A 16-card hand can make: two pair most often")
        expect_text(guesses, "1 time in 20")
        assert guesses.locator("img").count() == 1
        shot(guesses, "06_guess_revealed")
        click(guesses, "next question ▶")
        click(guesses, "Skip")
        found = lessons(page, 3)                  # the runner and what to remember open
        runner = found.nth(1)
        assert runner.locator(".widget-progress").count() == 0 or \
            not runner.locator(".widget-progress").first.is_visible()
        expect_text(found.nth(2), "almost every deal holds two pair")


def test_analysing_the_game(browser: Any) -> None:
    """07: who wins more is asked before it is shown; the match runner opens after the four
    questions (issue 27) and says the search AI's slowness before a match is run."""
    with lesson_page(browser, "07_analysing_the_game") as page:
        guesses = lessons(page, 1).first
        assert "classic scores" not in page.locator("body").inner_text()
        lock_in(guesses, "classic wins clearly more")
        expect_text(guesses, "classic scores 80% against greedy \\(likely range 71% to 87%\\)")
        assert guesses.locator("img").count() == 1
        text = guesses.inner_text()
        assert "inf" not in text.split() and "…" not in text
        assert "elo" not in text.lower() and "likely range" in text
        shot(guesses, "07_who_wins")
        for _ in range(3):
            click(guesses, "next question ▶")
            click(guesses, "Skip")
        runner = lessons(page, 3).nth(1)
        runner.locator("select").nth(1).select_option("search")
        expect_text(runner, "about a minute for 6 games")
        shot(runner, "07_runner")


def test_the_strategy_lesson(browser: Any) -> None:
    """13: a wrong lead is shown the answer that spoils it; the winning lead wins for sure."""
    with lesson_page(browser, "13_strategy") as page:
        pad = lessons(page, 1).first
        expect_text(pad, "Position 1")
        pad.locator('.wpp-hand .wpp-card[title="K♠"]').click()
        click(pad, "Play")
        expect_text(pad, "does not win for sure: P2 answers: play A♠")
        shot(pad, "13_spoiled")
        click(pad, "Try again")
        pad.locator('.wpp-hand .wpp-card[title="4♣"]').click()
        click(pad, "Play")
        expect_text(pad, "Right: this move wins for sure")
        shot(pad, "13_wins")
        click(pad, "next drill ▶")
        expect_text(pad, "drill 2 of 4")


def test_a_link_opens_a_deal(browser: Any) -> None:
    """?seed= in the address: the teacher's link opens that deal in the lesson."""
    log = SHOTS / "voila-link.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with serve.running_voila(log=log, notebook="notebooks/03_the_mulligan.ipynb") as url:
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        try:
            page.goto(url + "?seed=7")
            page.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
            lesson = lessons(page, 2).first
            expect_text(lesson, "Deal 7: P1's 16 cards")
        finally:
            page.close()
