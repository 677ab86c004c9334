"""Issue 33, parts 4 and 5: the class records exactly what happened, and a student is who
they say.

A scripted class of 30 emulated students (no browser: each has its own class box, as each
page has its own kernel, and its own lesson widgets, the objects the lesson pages show) goes
through lessons 6, 7, 8, 10 and 12 — answering, skipping, reloading and answering again —
and the teacher's bars, per-student table and CSV must equal the script exactly. Then the
defects of the teacher trial, one regression test each, and the nickname's holder."""

from __future__ import annotations

import csv
import io
import random
import re
import sqlite3
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import widgets.lessons.shared.classroom as classroom
from tests.lessons.conftest import Clock
from widgets.lessons.draw.classic_poker import ClassicGuesses
from widgets.lessons.ofc.coach import FoulQuiz
from widgets.lessons.shared.classroom import ClassBox
from widgets.lessons.shared.commit import GuessList
from widgets.lessons.warpairs.analysis_guess import AnalysisGuesses
from widgets.lessons.warpairs.frequency_guess import FrequencyGuesses
from widgets.lessons.warpairs.search_guess import BUDGETS, WhichMoveWins
from widgets.site.teacher import TeacherPage
from wpp.core.errors import WppError
from wpp.services.classroom import (
    MAX_FAILURES_ALL,
    MAX_JOINS_PER_PAGE,
    MAX_NAMES_PER_PAGE,
    MAX_STUDENTS,
    ClassStore,
    new_secret,
)
from wpp.services.throttle import MAX_FAILURES
from wpp.warpairs.teach.duel import duel, duel_positions


@pytest.fixture
def page_box(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[ClassBox], None]]:
    """Make ``box`` this "kernel"'s class box (what a lesson widget made next reports to)."""
    def use(box: ClassBox) -> None:
        monkeypatch.setattr(classroom, "_BOX", box)
    yield use


# ---------------------------------------------------------------------- the scripted class
LESSONS: dict[str, Callable[[], Any]] = {
    "06": lambda: FrequencyGuesses(deals=300),
    "07": AnalysisGuesses,
    "08": ClassicGuesses,
    "10": FoulQuiz,
    "12": WhichMoveWins,
}
#: The question ids' deal part, as the lessons' default pages have it.
DEALS = {"06": " · seed 1", "07": " · seed 2024", "08": "", "10": "", "12": " · seed 0"}


def _right_in_lesson_12() -> list[int | None]:
    """Lesson 12's right moves, computed here from the engine (the page's default budget and
    seed), not by the widget."""
    out: list[int | None] = []
    for p in duel_positions():
        d = duel(p.state.view(p.player), p.moves, worlds=BUDGETS[1], seed=0)
        out.append(None if d.wins[0] == d.wins[1] else int(d.wins[1] > d.wins[0]))
    return out


def _bars(html: str) -> dict[str, dict[str, tuple[int, str]]]:
    """The teacher's bars as read from the page: label → choice → (count, mark)."""
    out: dict[str, dict[str, tuple[int, str]]] = {}
    for block in html.split('<div class="wpp-q">')[1:]:
        label = unescape(re.search(r'class="wpp-q-title">(.*?)</div>', block).group(1))  # type: ignore[union-attr]
        assert label not in out, f"two questions look the same on the page: {label}"
        rows = re.findall(r'<span class="wpp-bar-label" title="[^"]*">(.*?)( ✓| ✗)?</span>'
                          r'<span class="wpp-bar-n">(\d+)</span>', block)
        out[label] = {unescape(c): (int(n), mark.strip()) for c, mark, n in rows}
    return out


def _students(html: str) -> dict[str, tuple[int, int]]:
    """The per-student table as read from the page: nickname → (answered, right)."""
    rows = re.findall(r"<tr><td>(.*?)</td><td>(\d+)</td><td>(\d+)</td>", html)
    return {unescape(n): (int(a), int(r)) for n, a, r in rows}


def test_thirty_scripted_students_are_recorded_exactly(
        store: ClassStore, page_box: Callable[[ClassBox], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The reveals' pictures are not what this test is about (test_lessons_guess_first draws
    # them); drawing them 30 times per lesson would take minutes. The commit — its report
    # and lesson 12's verdict — runs as on the page.
    monkeypatch.setattr(GuessList, "_show", lambda self, choice: None)
    teacher = TeacherPage(store, poll=0, query="")
    teacher.open_button.click()
    assert teacher.teacher is not None
    code = teacher.teacher.code
    rng = random.Random(33)
    names = [f"Student {i:02d}" for i in range(27)] + ["Zoë", "Chloé", "José"]
    boxes: dict[str, ClassBox] = {}
    for name in names:     # each types the code and a nickname on their first page
        box = ClassBox(store=store, query="")
        box.code.value, box.nickname.value = code.lower(), name
        box.join_button.click()
        assert box.student is not None, box.status.value
        boxes[name] = box
    right12 = _right_in_lesson_12()
    # (name, lesson, question id) → [first choice, correct, attempts]
    expected: dict[tuple[str, str, str], list[Any]] = {}
    labels: dict[str, str] = {}       # question key → the label the teacher should see
    pages: dict[tuple[str, str], Any] = {}

    def open_lesson(name: str, lesson: str) -> Any:
        page_box(boxes[name])
        widget = LESSONS[lesson]()
        pages[name, lesson] = widget
        return widget

    def commit(name: str, lesson: str, index: int, choice: int) -> None:
        page_box(boxes[name])          # the kernel of this student's page
        quiz: GuessList = pages[name, lesson].quiz
        quiz.go(index)
        guess = quiz.guess
        quiz.options.value = guess.choices[choice]
        quiz.lock_button.click()
        assert index in quiz.answers
        qid = f"{index + 1}{DEALS[lesson]}"
        key = f"{lesson}/{qid}"
        right = (guess.answer == choice if guess.answer is not None else
                 None if right12[index] is None else right12[index] == choice)
        assert lesson != "12" or guess.answer is None
        if (name, lesson, qid) in expected:
            expected[name, lesson, qid][2] += 1          # the first answer counts
        else:
            expected[name, lesson, qid] = [guess.choices[choice], right, 1]
        text = guess.text()          # a long question is cut at 200 characters, with "…"
        text = text if len(text) <= 200 else text[:199].rstrip() + "…"
        labels[key] = f"Lesson {int(lesson)} · question {qid} — {text}"
        store.clock.now += 1  # type: ignore[attr-defined]

    for lesson in LESSONS:
        for name in names:
            page_box(boxes[name])
            open_lesson(name, lesson)
        count = pages[names[0], lesson].quiz.count
        for index in range(count):
            for s, name in enumerate(names):
                quiz = pages[name, lesson].quiz
                n = len(quiz.guesses[index].choices)
                if rng.random() < 0.15:
                    quiz.go(index)
                    quiz.skip_button.click()                # a skip is not an answer
                else:
                    commit(name, lesson, index, rng.randrange(n))
                if s % 7 == 3 and index == 1:
                    # This student reloads: the page's address gives the same student back
                    # (a new kernel: a new class box and new lesson widgets)...
                    boxes[name] = ClassBox(store=store, query=boxes[name].address_query())
                    assert boxes[name].student is not None, boxes[name].status.value
                    open_lesson(name, lesson)
                    # ... and answers the questions seen so far again, differently: the
                    # first answers stay (a skipped one is now answered for the first time).
                    for again in range(index + 1):
                        k = len(quiz.guesses[again].choices)
                        commit(name, lesson, again, (again + s) % k)
    # A student who tried to take another's name, folded, was refused and changed nothing.
    intruder = ClassBox(store=store, query=f"class={code}&name=zoe")
    assert intruder.student is None and "taken" in intruder.status.value

    assert teacher.poll(force=True)
    tally: dict[str, dict[str, list[Any]]] = {}
    for (_name, lesson, qid), (choice, right, _attempts) in expected.items():
        row = tally.setdefault(f"{lesson}/{qid}", {}).setdefault(choice, [0, ""])
        row[0] += 1
        row[1] = "" if right is None else "✓" if right else "✗"
    want_bars = {labels[k]: {c: (n, m) for c, (n, m) in v.items()} for k, v in tally.items()}
    assert not [b.status.value for b in boxes.values() if "not recorded" in b.status.value]
    assert _bars(teacher.questions.value) == want_bars
    assert len(want_bars) == 3 + 4 + 3 + 4 + 4          # every question, each apart
    want_table = {name: (sum(1 for (n, _l, _q) in expected if n == name),
                         sum(1 for (n, _l, _q), v in expected.items() if n == name and v[1]))
                  for name in names}
    assert _students(teacher.students.value) == want_table
    rows = list(csv.DictReader(io.StringIO(teacher.teacher.csv())))
    got = {(r["nickname"], r["lesson"], r["question"]): [r["choice"], r["correct"],
                                                         int(r["attempts"])] for r in rows}
    assert len(rows) == len(got) == len(expected)
    assert got == {k: [c, "" if ok is None else "yes" if ok else "no", a]
                   for k, (c, ok, a) in expected.items()}
    assert any(a > 1 for _c, _ok, a in expected.values())        # the script re-answered
    assert any(v[1] is not None for (_n, lesson, _q), v in expected.items() if lesson == "12")


# ---------------------------------------------------------------------- the trial's defects
def test_lessons_sharing_a_label_keep_their_answers_apart(
        store: ClassStore, page_box: Callable[[ClassBox], None]) -> None:
    """Lessons 6, 7 and 8 all say "Guess first · 1": a student's answers to each are three
    answers, and the box never says "your first answer counts" for one never given."""
    code, secret = store.open()
    box = ClassBox(store=store, query=f"class={code}&name=Ana")
    page_box(box)
    for make in (FrequencyGuesses, AnalysisGuesses, ClassicGuesses):
        quiz = make().quiz
        quiz.choose(0)
        quiz.commit()
        assert "first answer to this one counts" not in box.status.value
    tally = store.teacher(code, secret).tally()
    assert sorted(tally) == ["06/1 · seed 1", "07/1 · seed 2024", "08/1"]
    assert box.sent == 3


def test_lookalike_questions_are_told_apart_on_the_teachers_page(
        store: ClassStore, page_box: Callable[[ClassBox], None]) -> None:
    """Lesson 10's four foul questions and lesson 9's five hit-or-fold exercises each get a
    label of their own (lesson, number, the board or position)."""
    from widgets.lessons.pairs.hit_or_fold import HitOrFold
    from wpp.pairs.lesson import exercises

    code, secret = store.open()
    page_box(ClassBox(store=store, query=f"class={code}&name=Ana"))
    fouls = FoulQuiz().quiz
    for i in range(fouls.count):
        fouls.go(i)
        fouls.choose(0)
        fouls.commit()
    h = HitOrFold(exercises(5, seed=9))
    for _ in range(5):
        h.answer("hit")
        h.next.click()
    labels = [t.label for t in store.teacher(code, secret).tally().values()]
    assert len(labels) == len(set(labels)) == 9, labels
    assert sum(label.startswith("Lesson 10 · question ") for label in labels) == 4
    assert sum(label.startswith("Lesson 9 · question ") for label in labels) == 5


def test_lesson_12s_answers_are_marked_right_or_wrong(
        store: ClassStore, page_box: Callable[[ClassBox], None]) -> None:
    code, secret = store.open()
    page_box(ClassBox(store=store, query=f"class={code}&name=Ana"))
    lesson = WhichMoveWins()
    right = _right_in_lesson_12()
    for i in range(lesson.quiz.count):
        lesson.quiz.go(i)
        lesson.quiz.choose(0)
        lesson.quiz.commit()
    tally = store.teacher(code, secret).tally()
    for i, verdict in enumerate(right):
        t = tally[f"12/{i + 1} · seed 0"]
        (chosen,) = t.counts                         # move 0, in words
        assert t.right == ({} if verdict is None else {chosen: verdict == 0})
    assert any(v is not None for v in right)


def test_answers_of_a_removed_name_are_refused_not_lost_silently(store: ClassStore) -> None:
    code, secret = store.open()
    ana = store.join(code, "Ana")
    teacher = store.teacher(code, secret)
    teacher.remove("ANA")
    with pytest.raises(WppError, match="removed"):
        ana.answer("q", "a", lesson="06")
    assert teacher.tally() == {} and teacher.progress() == []


# ---------------------------------------------------------------------- who a student is
@pytest.mark.parametrize("other", ["ana", "ANA", "Aná", " Ána ", "ana"])
def test_another_page_cannot_take_a_name_folded(store: ClassStore, other: str) -> None:
    code, secret = store.open()
    ana = store.join(code, "Ana")
    ana.answer("1", "six", True, lesson="06")
    with pytest.raises(WppError, match="taken"):
        store.join(code, other)                     # another page (a fresh secret)
    with pytest.raises(WppError, match="taken"):
        store.join(code, other, new_secret())
    teacher = store.teacher(code, secret)
    assert [(p.nickname, p.answered) for p in teacher.progress()] == [("Ana", 1)]
    again = store.join(code, other, ana.secret)     # the same page: the same student
    assert again.nickname == "Ana" and again.answers() == {"06/1": "six"}
    for _ in range(2 * MAX_NAMES_PER_PAGE):         # a name repeated is one record, one name
        store.join(code, "Ana", ana.secret)
    assert [(p.nickname, p.answered) for p in teacher.progress()] == [("Ana", 1)]
    assert store.join(code, "Ben", ana.secret).nickname == "Ben"


def test_a_reloaded_page_gets_its_record_back_and_keeps_its_other_parameters(
        store: ClassStore) -> None:
    code, _ = store.open()
    box = ClassBox(store=store, query="seed=7&move=3")
    box.code.value, box.nickname.value = code, "Aná"
    box.join_button.click()
    query = box.address_query()
    assert "seed=7" in query and "move=3" in query and f"skey={box.secret}" in query
    assert f'data-query="{query.replace("&", "&amp;")}"' in box.address.value
    assert len(box.script.outputs) == 1 and "wpp-room-address" in str(box.script.outputs)
    reloaded = ClassBox(store=store, query=query)
    assert reloaded.student is not None and reloaded.student.nickname == "Aná"
    reloaded.leave_button.click()      # left, and reloaded: the secret stays, Aná joins again
    assert reloaded.student is None and "skey=" in reloaded.address_query()
    left = ClassBox(store=store, query=reloaded.address_query())
    left.code.value, left.nickname.value = code, "ana"
    left.join_button.click()
    assert left.student is not None and left.student.nickname == "Aná"
    # The name alone (a shared link, another browser) does not take it.
    other = ClassBox(store=store, query=f"class={code}&name=ana")
    assert other.student is None and "taken" in other.status.value
    # A forged secret in the address is not the page's: a fresh one, and the name is taken.
    forged = ClassBox(store=store, query=f"class={code}&name=Ana&skey=<script>")
    assert forged.student is None and forged.secret != "<script>"


def test_the_teacher_locks_the_class_and_removes_a_name(store: ClassStore) -> None:
    code, secret = store.open()
    page = TeacherPage(store, poll=0, query="")
    page._opened(store.teacher(code, secret), secret)
    ana = store.join(code, "Ana")
    page.lock_button.value = True
    assert store.teacher(code, secret).locked
    with pytest.raises(WppError, match="locked"):
        store.join(code, "Ben")
    assert store.join(code, "ana", ana.secret).nickname == "Ana"   # those in stay in
    page.poll(force=True)
    page.remove_name.value = "nobody"
    page.remove_button.click()
    assert "there is no" in page.message.value and "Ana" in page.students.value
    page.remove_name.value = "<b>"
    page.remove_button.click()
    assert "nickname" in page.message.value and "<b>" not in page.message.value
    page.remove_name.value = "ANA"
    page.remove_button.click()
    assert "Removed Ana" in page.message.value and "Ana" not in page.students.value
    page.lock_button.value = False
    assert store.join(code, "Ana").nickname == "Ana"   # free again, for whoever asks


def test_one_page_making_names_up_does_not_lock_real_students_out(store: ClassStore) -> None:
    code, secret = store.open()
    flood = new_secret()
    made_up = 0
    for i in range(199):
        store.clock.now += 5  # type: ignore[attr-defined]   # slow enough for the join limit
        try:
            store.join(code, f"fake{i}", flood)
            made_up += 1
        except WppError as err:
            assert "names" in str(err)
    assert made_up == MAX_NAMES_PER_PAGE
    for i in range(30):                    # the real class still joins, each from their page
        store.join(code, f"real {i}")
    assert len(store.teacher(code, secret).progress()) == 30 + MAX_NAMES_PER_PAGE


def test_the_class_cap_stays(store: ClassStore) -> None:
    code, secret = store.open()
    with sqlite3.connect(store.path) as db:      # a full class, without 200 joins
        db.executemany("INSERT INTO class_students VALUES (?, ?, ?, 0, 0, '')",
                       [(code, f"s{i}", f"s{i}") for i in range(MAX_STUDENTS)])
    with pytest.raises(WppError, match="full"):
        store.join(code, "late")
    assert len(store.teacher(code, secret).progress()) == MAX_STUDENTS


def test_a_thousand_join_attempts_from_one_page(store: ClassStore) -> None:
    code, secret = store.open()
    page = new_secret()
    refused = 0
    for i in range(1000):
        try:
            store.join(code, f"bot {i}", page)
        except WppError as err:
            refused += 1
            assert "too many" in str(err) or "names" in str(err)
    assert refused == 1000 - MAX_NAMES_PER_PAGE
    with sqlite3.connect(store.path) as db:      # the limits' records stay bounded
        (events,) = db.execute("SELECT COUNT(*) FROM class_events").fetchone()
    assert events <= MAX_JOINS_PER_PAGE + MAX_FAILURES
    assert len(store.teacher(code, secret).progress()) == MAX_NAMES_PER_PAGE
    store.join(code, "Real Student")             # another page is not held up
    store.clock.now += 61  # type: ignore[attr-defined]
    assert store.join(code, "bot 0", page).nickname == "bot 0"   # its own name, later


def test_the_join_throttle_holds_across_reloads_and_kernels(tmp_path: Path) -> None:
    clock = Clock()
    path = tmp_path / "rooms.sqlite3"
    code, _ = ClassStore(path, clock=clock).open()
    wrong = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
    query = f"class={wrong}&name=Eve&skey={'e' * 24}"
    for _ in range(MAX_FAILURES):      # each a reload: a new kernel, a new store object
        box = ClassBox(store=ClassStore(path, clock=clock), query=query)
        assert "no class" in box.status.value
    box = ClassBox(store=ClassStore(path, clock=clock), query=query.replace(wrong, code))
    assert box.student is None and "too many wrong" in box.status.value
    # Dropping the secret gives a page its own count, but past the wrong guesses of all pages
    # together, a fresh page gets one guess, not ten...
    for _ in range(MAX_FAILURES_ALL):
        with pytest.raises(WppError, match="no class"):
            ClassStore(path, clock=clock).join(wrong, "Eve", new_secret())
    fresh = new_secret()
    with pytest.raises(WppError, match="no class"):
        ClassStore(path, clock=clock).join(wrong, "Eve", fresh)
    with pytest.raises(WppError, match="too many wrong"):
        ClassStore(path, clock=clock).join(code, "Eve", fresh)
    # ... while a student's page that has not guessed wrong still joins.
    assert ClassStore(path, clock=clock).join(code, "Real").code == code
    clock.now += 61
    assert ClassStore(path, clock=clock).join(code, "Eve", fresh).code == code


@pytest.mark.parametrize("bad_code", ["", "K7Q", "K7QPM9", "k7-pm", "<b>", None, 12345,
                                      "ÀBCDE"])
def test_a_class_code_in_the_wrong_form_is_the_kits_message(store: ClassStore,
                                                            bad_code: object) -> None:
    code, secret = store.open()
    with pytest.raises(WppError):
        store.join(bad_code, "Ana")
    box = ClassBox(store=store, query="")
    box.code.value = bad_code if isinstance(bad_code, str) else str(bad_code)
    box.nickname.value = "Ana"
    box.join_button.click()
    assert box.student is None and box.status.value.startswith('<span class="wpp-no">')
    assert store.teacher(code, secret).progress() == []


@pytest.mark.parametrize("secret", ["short", "x" * 65, "has space in it!!", 7, "é" * 20])
def test_a_forged_page_secret_is_refused_and_stores_nothing(store: ClassStore,
                                                             secret: object) -> None:
    code, teacher_key = store.open()
    with pytest.raises(WppError, match="secret"):
        store.join(code, "Ana", secret)
    assert store.teacher(code, teacher_key).progress() == []


def test_an_old_store_is_migrated_and_its_answers_stay_readable(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite3"
    ClassStore(path)          # the file and the rooms' tables; then the classes' old tables
    with sqlite3.connect(path) as db:
        for table in ("class_answers", "class_students", "classes", "class_events"):
            db.execute(f"DROP TABLE {table}")
        db.executescript("""
            CREATE TABLE classes (code TEXT PRIMARY KEY, digest TEXT NOT NULL,
              title TEXT NOT NULL, created REAL NOT NULL);
            CREATE TABLE class_students (code TEXT NOT NULL, nick TEXT NOT NULL,
              shown TEXT NOT NULL, joined REAL NOT NULL, seen REAL NOT NULL,
              PRIMARY KEY (code, nick));
            CREATE TABLE class_answers (code TEXT NOT NULL, nick TEXT NOT NULL,
              question TEXT NOT NULL, title TEXT NOT NULL, choice TEXT NOT NULL,
              correct INTEGER, attempts INTEGER NOT NULL, at REAL NOT NULL,
              PRIMARY KEY (code, nick, question));""")
    import time

    from wpp.services.rooms import token_digest
    key = "k" * 24
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO classes VALUES ('ABCDE', ?, 'old', ?)",
                   (token_digest(key), time.time()))
        db.execute("INSERT INTO class_students VALUES ('ABCDE', 'aná', 'Aná', 0, 0)")
        db.execute("INSERT INTO class_answers VALUES ('ABCDE', 'aná', 'Guess first · 1', "
                   "'How often?', 'rarely', 1, 2, 0)")
    store = ClassStore(path)
    teacher = store.teacher("ABCDE", key)
    assert [(t.label, t.counts) for t in teacher.tally().values()] == [
        ("Guess first · 1 — How often?", {"rarely": 1})]
    assert [(p.nickname, p.answered, p.correct) for p in teacher.progress()] == [("Aná", 1, 1)]
    student = store.join("ABCDE", "ANA")          # the first page to join holds the old name
    assert student.answers() == {"Guess first · 1": "rarely"}
    with pytest.raises(WppError, match="taken"):
        store.join("ABCDE", "Ana")


def test_the_drills_of_lessons_2_and_13_are_filed_under_their_lessons(
        store: ClassStore, page_box: Callable[[ClassBox], None]) -> None:
    from widgets.lessons.warpairs.drill import DrillPad
    from wpp.warpairs.teach.drills import STRATEGY

    code, secret = store.open()
    page_box(ClassBox(store=store, query=f"class={code}&name=Ana"))
    for pad in (DrillPad(), DrillPad(STRATEGY)):
        pad.draw_button.click()
    lessons = sorted(t.lesson for t in store.teacher(code, secret).tally().values())
    assert lessons == ["02", "13"]
