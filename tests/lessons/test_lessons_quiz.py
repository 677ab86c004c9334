"""Lesson 2's quiz: every answer checked by the engine, titles that do not give the answer,
answers that lock, no silent wrap-around, an end summary with the rules missed, restart and
shuffle. Clicks are ``button.click()``; toggles are set as a click in the page sets them."""

from __future__ import annotations

import html
import re

import ipywidgets as w
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.lessons.warpairs.rules import Quiz
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.teach.quiz import (
    QUIZ_ALL,
    ActionQuestion,
    BeatQuestion,
    PickQuestion,
    QuizRun,
    cards_of,
)
from wpp.warpairs.teach.rules import QUIZ, RULES
from wpp.warpairs.transitions import step


def text(widget: w.HTML) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def right_answer(quiz: Quiz) -> None:
    """Answer the question shown correctly, through its buttons."""
    q = quiz.run.question
    key = q.answer_key()
    if isinstance(key, bool):
        (quiz.yes_button if key else quiz.no_button).click()
        return
    for i, t in enumerate(quiz.toggles):
        t.value = i in key
    quiz.check_button.click()


def wrong_answer(quiz: Quiz) -> None:
    q = quiz.run.question
    key = q.answer_key()
    if isinstance(key, bool):
        (quiz.no_button if key else quiz.yes_button).click()
        return
    for i, t in enumerate(quiz.toggles):
        t.value = i not in key
    quiz.check_button.click()


def test_no_question_shows_a_card_twice() -> None:
    """Regression: Q7 put 9♣ on the table and in the play at once."""
    for q in QUIZ_ALL:
        cards = list(cards_of(q))
        assert len(cards) == len(set(cards)), q.prompt()
    assert len(QUIZ_ALL) > len(QUIZ)
    assert {type(q) for q in QUIZ_ALL} == {BeatQuestion, PickQuestion, ActionQuestion}


def test_every_answer_key_is_the_engines() -> None:
    for q in QUIZ_ALL:
        key = q.answer_key()
        if isinstance(q, BeatQuestion):
            assert key == judge(q.played(), q.table_play()).legal
        elif isinstance(q, PickQuestion):
            t = q.table_play()
            assert key == frozenset(i for i, c in enumerate(q.cards())
                                    if judge(classify((c,)), t).legal)
        else:
            assert isinstance(q, ActionQuestion)
            legal = set(q.state.legal_actions())
            assert key == frozenset(i for i, a in enumerate(q.options) if a in legal)
            for a in q.options:          # the engine's word: a legal option steps
                if a in legal:
                    step(q.state, a, narrate=False)
        assert key not in (frozenset(), None)


@given(st.sampled_from([q for q in QUIZ_ALL if not isinstance(q, BeatQuestion)]), st.data())
@settings(max_examples=40, deadline=None)
def test_a_pick_is_right_only_when_it_is_exactly_the_legal_ones(q: PickQuestion | ActionQuestion,
                                                                 data: st.DataObject) -> None:
    n = len(q.verdicts())
    picked = frozenset(data.draw(st.sets(st.integers(0, n - 1))))
    fb = q.check(picked)
    assert fb.correct == (picked == q.answer_key())
    assert fb.text.startswith("Right" if fb.correct else "Not quite")


def test_titles_do_not_give_the_answer() -> None:
    """Regression: question titles said "twos beat aces (R9)" before the answer."""
    quiz = Quiz()
    for pos in range(len(QUIZ_ALL)):
        quiz.go(pos)
        q = quiz.run.question
        shown = text(quiz.question)
        assert q.topic not in shown and not re.search(r"\bR\d+\b", shown), shown
        assert text(quiz.feedback).strip() == ""
        right_answer(quiz)
        assert q.topic in text(quiz.feedback)


def test_the_first_answer_locks() -> None:
    """Regression: a second click changed the feedback but not the score."""
    quiz = Quiz()
    wrong_answer(quiz)
    before = (quiz.feedback.value, quiz.run.score())
    assert quiz.yes_button.disabled and quiz.no_button.disabled
    right_answer(quiz)
    assert (quiz.feedback.value, quiz.run.score()) == before == (before[0], (0, 1))


def test_the_end_summary_names_the_rules_missed_and_restarts() -> None:
    """Regression: after the last question it wrapped to Q1 silently, score kept."""
    quiz = Quiz()
    missed = set()
    for pos in range(len(QUIZ_ALL)):
        assert quiz.run.position == pos
        if pos % 3 == 0:
            wrong_answer(quiz)
            missed |= set(re.findall(r"\bR\d+\b", quiz.run.question.topic))
        else:
            right_answer(quiz)
        quiz.next_button.click()
    assert quiz.run.position == len(QUIZ_ALL) - 1       # no wrap-around
    end = text(quiz.end)
    wrong = len(range(0, len(QUIZ_ALL), 3))
    assert f"{len(QUIZ_ALL) - wrong} right of {len(QUIZ_ALL)}" in end
    for r in missed:
        assert RULES[r] in end
    assert quiz.run.missed_rules() == sorted(missed, key=lambda r: int(r[1:]))
    assert "finished" in quiz.summary()
    quiz.restart_button.click()
    assert quiz.run.score() == (0, 0) and quiz.run.position == 0 and text(quiz.end) == ""
    assert quiz.run.order == list(range(len(QUIZ_ALL)))
    quiz.shuffle_button.click()
    assert sorted(quiz.run.order) == list(range(len(QUIZ_ALL)))
    assert quiz.run.order != list(range(len(QUIZ_ALL)))
    first = list(quiz.run.order)
    quiz.shuffle_button.click()
    assert quiz.run.order != first                       # another order each time


def test_a_run_keeps_first_answers() -> None:
    run = QuizRun(QUIZ_ALL)
    q = run.question
    assert run.answer(not q.answer_key()).correct is False
    assert run.answer(q.answer_key()).correct is False
    run.go(99)
    assert run.position == len(QUIZ_ALL) - 1
