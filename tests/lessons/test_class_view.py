"""The class view: students' answers recorded under a class code, read only by the teacher.

The store (:mod:`wpp.services.classroom`), the seam lesson widgets report through
(:func:`widgets.lessons.shared.classroom.report_answer`), the widgets that call it, and the
teacher's page (:mod:`widgets.site.teacher`)."""

from __future__ import annotations

import csv
import io
import os
import stat
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.lessons.shared.classroom import ClassBox, report_answer
from widgets.lessons.warpairs.drill import DrillPad
from widgets.lessons.warpairs.mulligan import MulliganLesson
from widgets.lessons.warpairs.rules import Quiz
from widgets.lessons.warpairs.segment import SegmentLesson
from widgets.site.teacher import TeacherPage
from wpp.core.errors import WppError
from wpp.services.classroom import CSV_COLUMNS, ClassStore, normalize_nickname
from wpp.services.throttle import MAX_FAILURES


def test_thirty_students_answer_one_question_and_the_counts_are_exact(store: ClassStore) -> None:
    code, secret = store.open("9B")
    choices = ["keep the pair", "break the pair", "keep the straight"]
    picked = {f"student {i:02d}": choices[(i * 7) % 3] for i in range(30)}
    for name, choice in picked.items():
        store.join(code, name).answer("q", choice, choice == "keep the pair", "Which?")
    tally = store.teacher(code, secret).tally()["q"]
    expected = {c: sum(1 for v in picked.values() if v == c) for c in choices}
    assert tally.counts == expected and tally.total == 30
    assert tally.correct == expected["keep the pair"]
    progress = store.teacher(code, secret).progress()
    assert len(progress) == 30 and all(p.answered == 1 for p in progress)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 29), st.sampled_from("ABCD")), max_size=80))
def test_first_answers_count_whatever_the_order(tmp_path_factory: pytest.TempPathFactory,
                                                 answers: list[tuple[int, str]]) -> None:
    store = ClassStore(tmp_path_factory.mktemp("c") / "r.sqlite3")
    code, secret = store.open()
    first: dict[int, str] = {}
    students = {}
    for who, choice in answers:
        if who not in students:
            students[who] = store.join(code, f"s{who}")
        students[who].answer("q", choice)
        first.setdefault(who, choice)
    counts = store.teacher(code, secret).tally().get("q")
    expected = {c: list(first.values()).count(c) for c in set(first.values())}
    assert (counts.counts if counts else {}) == expected


def test_a_student_sees_only_their_own_answers(store: ClassStore) -> None:
    code, _ = store.open()
    ana, ben = store.join(code, "Ana"), store.join(code, "Ben")
    ana.answer("q1", "yes")
    ben.answer("q1", "no")
    ben.answer("q2", "maybe")
    assert ana.answers() == {"q1": "yes"}
    assert not hasattr(ana, "tally") and not hasattr(ana, "csv")


def test_a_wrong_code_sees_nothing_and_guessing_is_throttled(store: ClassStore) -> None:
    code, secret = store.open()
    other, other_secret = store.open()
    store.join(code, "Ana").answer("q1", "yes")
    # Another class's teacher key, a forged key, a wrong code: refused.
    for c, k in ((code, other_secret), (code, "x" * 24), (other, secret)):
        with pytest.raises(WppError, match="does not hold the teacher's key"):
            store.teacher(c, k)
    assert store.teacher(other, other_secret).tally() == {}     # another class: nothing
    page = "e" * 24                     # one page's secret (kept in its address)
    with pytest.raises(WppError, match="no class"):
        store.join("ZZZZZ" if code != "ZZZZZ" else "YYYYY", "Eve", page)
    for _ in range(MAX_FAILURES):
        with suppress(WppError):
            store.join("ZZZZZ" if code != "ZZZZZ" else "YYYYY", "Eve", page)
    with pytest.raises(WppError, match="too many wrong"):
        store.join(code, "Eve", page)        # even the right code waits now
    store.clock.now += 61  # type: ignore[attr-defined]
    assert store.join(code, "Eve", page).code == code


@pytest.mark.parametrize("bad", ["", "   ", "<b>x</b>", "a" * 21, 7, None, "_x", "nul\x00here"])
def test_bad_nicknames_are_the_kits_error(store: ClassStore, bad: object) -> None:
    code, _ = store.open()
    with pytest.raises(WppError, match="nickname"):
        store.join(code, bad)


@pytest.mark.parametrize("question, choice, correct", [
    ("", "a", None), ("q", "", None), ("q" * 200, "a", None), ("q", "a\nb", None),
    (3, "a", None), ("q", "a", "yes")])
def test_bad_answers_are_refused_and_write_nothing(store: ClassStore, question: object,
                                                   choice: object, correct: object) -> None:
    code, secret = store.open()
    student = store.join(code, "Ana")
    with pytest.raises(WppError):
        student.answer(question, choice, correct)  # type: ignore[arg-type]
    assert store.teacher(code, secret).tally() == {}


def test_csv_round_trip(store: ClassStore) -> None:
    code, secret = store.open()
    rows = [("Ana", "q1", "=SUM(A1)", True), ("Ben", "q1", "3♦ 5♣, \"9♠\"", False),
            ("Chloé", "q2", "pass", None)]
    for name, q, choice, ok in rows:
        store.join(code, name).answer(q, choice, ok, f"title of {q}")
    text = store.teacher(code, secret).csv()
    read = list(csv.DictReader(io.StringIO(text)))
    assert tuple(read[0]) == CSV_COLUMNS and len(read) == len(rows)
    for (name, q, choice, ok), row in zip(rows, read, strict=True):
        assert row["nickname"] == name and row["question"] == q
        assert row["title"] == f"title of {q}" and row["class"] == code
        # A cell a spreadsheet would run as a formula is quoted with an apostrophe.
        assert row["choice"] == ("'" + choice if choice.startswith("=") else choice)
        assert row["correct"] == {True: "yes", False: "no", None: ""}[ok]
        assert row["attempts"] == "1"


def test_answers_survive_a_reload_and_the_store_is_private(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    store = ClassStore(path)
    code, secret = store.open()
    box = ClassBox(store=store, query=f"class={code}&name=Ana")     # joins from the address
    assert box.student is not None
    report_answer("mulligan · deal 1", "3♦ 5♣ 9♠", False, lesson="03", box=box)
    # A new kernel, opened at the address the page keeps (its secret holds the name).
    reloaded = ClassBox(store=ClassStore(path), query=box.address_query())
    assert reloaded.student is not None and reloaded.sent == 1
    assert ClassStore(path).teacher(code, secret).tally()["03/mulligan · deal 1"].total == 1
    assert oct(os.stat(path).st_mode & 0o777) == "0o600"
    assert stat.S_ISREG(os.lstat(path).st_mode)
    with path.open("rb") as f:
        assert secret.encode() not in f.read()          # the teacher's key is only a digest


def test_the_class_box_shows_a_refusal_and_records_nothing(store: ClassStore) -> None:
    box = ClassBox(store=store, query="")
    box.code.value, box.nickname.value = "QQQQQ", "Ana"
    box.join_button.click()
    assert box.student is None and "no class" in box.status.value
    report_answer("q", "a", box=box)           # never raises, records nothing
    box.nickname.value = "<script>"
    box.join_button.click()
    assert "nickname" in box.status.value and "<script>" not in box.status.value


@pytest.fixture
def joined(store: ClassStore, monkeypatch: pytest.MonkeyPatch) -> tuple[ClassStore, str, str]:
    """This kernel's class box joined to a class (as a lesson page after typing the code)."""
    import widgets.lessons.shared.classroom as classroom

    code, secret = store.open()
    box = ClassBox(store=store, query=f"class={code}&name=Ana")
    monkeypatch.setattr(classroom, "_BOX", box)
    return store, code, secret


def test_the_lesson_widgets_report_at_the_commit(joined: tuple[ClassStore, str, str]) -> None:
    store, code, secret = joined
    teacher = store.teacher(code, secret)
    m = MulliganLesson(seed=4)
    for c in m.hand[:3]:
        m._toggle(c)
    assert teacher.tally() == {}                 # picking is not committing
    m.compare_button.click()
    s = SegmentLesson(seed=3)
    s.question.value = s.question.options[0]
    assert len(teacher.tally()) == 1
    s.lock_button.click()
    q = Quiz()
    q.yes_button.click()
    d = DrillPad()
    d.draw_button.click()
    tally = teacher.tally()
    assert len(tally) == 4, list(tally)
    mull = next(t for k, t in tally.items() if k.startswith("03/mulligan"))
    assert sum(mull.counts.values()) == 1 and list(mull.right.values()) == [
        m.comparison is not None and m.comparison.better in ("learner", "same")]
    quiz = next(t for k, t in tally.items() if k.startswith("02/quiz"))
    assert list(quiz.counts) == ["yes"] and list(quiz.right.values()) == [q.answers[q.index]]


def test_the_teachers_page_counts_live_and_needs_its_key(store: ClassStore) -> None:
    page = TeacherPage(store, poll=0, query="")
    page.title.value = "Year 9"
    page.open_button.click()
    assert page.teacher is not None
    code = page.teacher.code
    assert code in page.head.value and "Year 9" in page.head.value
    for i in range(30):
        store.join(code, f"s{i}").answer("q", "A" if i < 21 else "B", i < 21, "Pick one")
    assert page.poll()
    assert ">21<" in page.questions.value and ">9<" in page.questions.value
    assert "width: 70%" in page.questions.value and "width: 30%" in page.questions.value
    assert "download=" in page.export.value and page.students.value.count("<tr>") == 31
    assert not page.poll()                      # nothing new
    stranger = TeacherPage(store, poll=0, query=f"class={code}&key={'a' * 24}")
    assert stranger.teacher is None and "does not hold" in stranger.message.value
    assert stranger.questions.value == "" and stranger.board.layout.display == "none"
    owner = TeacherPage(store, poll=0, query=page.address_query())
    assert owner.teacher is not None and owner.teacher.code == code


def test_a_nickname_keeps_its_case_and_spaces_tidy() -> None:
    assert normalize_nickname("  Ana   B ") == ("Ana B", "ana b")


def test_the_guess_lists_and_hit_or_fold_report_at_the_commit(
        joined: tuple[ClassStore, str, str]) -> None:
    """Lessons 6-12's guesses (the GuessList every one of them uses) and lesson 9's hit or
    fold reach the teacher when locked in, and not before."""
    from widgets.lessons.pairs.hit_or_fold import HitOrFold
    from widgets.lessons.shared.commit import Guess, GuessList
    from wpp.pairs.lesson import exercises

    store, code, secret = joined
    teacher = store.teacher(code, secret)
    quiz = GuessList([Guess("How many sides has a die?", ("four", "six"),
                            lambda i: "six", answer=1)], "Dice")
    quiz.choose(0)
    assert teacher.tally() == {}                 # picking is not committing
    quiz.commit()
    h = HitOrFold(exercises())
    h.answer("hit")
    tally = teacher.tally()
    assert len(tally) == 2, list(tally)
    dice = next(t for k, t in tally.items() if k.startswith("Dice"))
    assert list(dice.counts) == ["four"] and list(dice.right.values()) == [False]
