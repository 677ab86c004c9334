"""No question is passed by accident (issue 27): in every question-by-question widget of the
lessons, the button to the next question stays disabled until the learner commits an answer;
a smaller **Skip** reveals the answer marked as skipped, and the class view records nothing
for a skip (widgets/lessons/shared/commit.py says why)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import widgets.lessons.shared.classroom as classroom
from widgets.lessons.pairs.hit_or_fold import HitOrFold
from widgets.lessons.shared.commit import Guess, GuessList, widget_strings
from widgets.lessons.warpairs.drill import DrillPad
from widgets.lessons.warpairs.replay import GameReplay
from widgets.lessons.warpairs.rules import Quiz
from wpp.core.errors import WppError
from wpp.pairs.lesson import exercises
from wpp.warpairs.teach.drills import DRILLS, STRATEGY


class Recorder:
    """Stands in for the class box of a page that joined a class: what it was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []
        self.box = w.HBox([])                 # what a lesson's frame shows of it

    def report(self, question: str, choice: str, correct: bool | None = None,
               title: str = "", lesson: str = "") -> None:
        self.sent.append((question, choice))


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    r = Recorder()
    monkeypatch.setattr(classroom, "_BOX", r)
    return r


def _dice(n: int) -> GuessList:
    return GuessList([Guess(f"Question {i}: how many sides has a die?", ("four", "six"),
                            lambda c: f"Six sides{' — your guess' if c == 1 else ''}.",
                            answer=1) for i in range(n)], "Dice")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["skip", "four", "six"]), min_size=1, max_size=5))
def test_the_guesses_open_next_only_after_an_answer_or_a_skip(plan: list[str]) -> None:
    quiz = _dice(len(plan) + 1)
    rec = Recorder()
    classroom._BOX, before = rec, classroom._BOX   # type: ignore[assignment]
    try:
        for i, step in enumerate(plan):
            assert quiz.index == i and quiz.next_button.disabled
            assert "Six sides" not in " ".join(widget_strings(quiz.root))
            assert quiz.skip_button.layout.display != "none"
            if step == "skip":
                quiz.skip_button.click()
                assert "Skipped — the answer is <b>six</b>" in quiz.status.value
                assert i in quiz.skipped and i not in quiz.answers
                with pytest.raises(WppError):
                    quiz.choose(0)                 # a skipped question takes no answer
            else:
                quiz.choose(("four", "six").index(step))
                assert quiz.next_button.disabled   # picked is not committed
                quiz.commit()
            assert "Six sides" in " ".join(widget_strings(quiz.root))
            assert not quiz.next_button.disabled and quiz.skip_button.layout.display == "none"
            quiz.next_button.click()
    finally:
        classroom._BOX = before
    answered = [s for s in plan if s != "skip"]
    assert [c for _q, c in rec.sent] == answered  # a skip records nothing
    assert quiz.summary().endswith(f"{len(answered)} answered"
                                   + (f", {plan.count('skip')} skipped"
                                      if "skip" in plan else ""))


def test_going_back_to_a_skipped_question_shows_it_skipped() -> None:
    quiz = _dice(2)
    quiz.skip()
    quiz.go(1)
    quiz.go(0)
    assert "Skipped" in quiz.status.value and quiz.options.disabled
    assert not quiz.next_button.disabled


def test_the_quiz_waits_for_an_answer_and_skip_records_nothing(recorder: Recorder) -> None:
    quiz = Quiz()
    assert quiz.next_button.disabled and quiz.feedback.value == ""
    quiz.skip_button.click()
    assert quiz.feedback.value.startswith("Skipped — the answer: ")
    assert not quiz.next_button.disabled and recorder.sent == []
    assert quiz.yes_button.disabled and quiz.no_button.disabled
    quiz.answer(True)                        # a skipped question takes no answer
    assert quiz.run.answered() is None and recorder.sent == []
    quiz.next_button.click()
    assert quiz.run.position == 1 and quiz.next_button.disabled
    quiz.answer(quiz.run.question.answer_key())
    assert not quiz.next_button.disabled and len(recorder.sent) == 1
    for _ in range(len(quiz.questions) - 2):  # skip to the end: the score is shown
        quiz.forward()
        quiz.skip()
    quiz.forward()
    assert "The end: 1 right of 1" in quiz.end.value and "skipped" in quiz.end.value


def test_hit_or_fold_waits_for_an_answer(recorder: Recorder) -> None:
    h = HitOrFold(exercises(3, seed=9))
    assert h.next.disabled and h.feedback.value == ""
    h.skip.click()
    assert "Skipped — the careful player would" in h.feedback.value
    assert h.hit.disabled and h.fold.disabled and not h.next.disabled
    assert recorder.sent == [] and "skipped" in h.summary()
    h.next.click()
    assert h.next.disabled
    h.answer("hit")
    assert not h.next.disabled and len(recorder.sent) == 1


@pytest.mark.parametrize("drills", [DRILLS, STRATEGY], ids=["rules", "strategy"])
def test_the_drills_wait_for_a_move(drills: Any, recorder: Recorder) -> None:
    pad = DrillPad(drills)
    assert pad.next_button.disabled
    pad.skip_button.click()
    assert "Skipped —" in pad.result.value and "Remember:" in pad.result.value
    assert recorder.sent == [] and not pad.next_button.disabled
    assert pad.play_button.disabled and pad.draw_button.disabled
    pad.next_button.click()
    assert pad.index == 1 and pad.next_button.disabled
    pad.draw_button.click() if not pad.draw_button.disabled else pad.pass_button.click()
    assert len(recorder.sent) == 1 and not pad.next_button.disabled
    pad.again_button.click()                 # trying again keeps the way on open
    assert not pad.next_button.disabled


def test_the_replay_waits_for_a_move_or_the_skip(recorder: Recorder) -> None:
    r = GameReplay(seed=5)
    assert r.next_button.disabled and not r.revealed
    r.show_button.click()                    # "Just show the AI's move": the skip
    assert r.revealed and not r.next_button.disabled and recorder.sent == []
    r.next_button.click()
    assert r.position == 2 and r.next_button.disabled
