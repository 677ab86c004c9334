"""Classes: a teacher sees, live, how the students of a class answered the lessons' questions.

A teacher opens a class (:meth:`ClassStore.open`): a short code like a room's (``"K7QPM"``)
and a teacher's secret. Students type the code and a nickname on any lesson page
(:meth:`ClassStore.join`, a :class:`Student` handle); the lesson widgets then report each
prediction, drill move and quiz answer (:meth:`Student.answer`: the question's identity —
the lesson and a question id stable within it, never its display label —, the choice, and
whether it was right when the lesson knows). Only the teacher's page, holding the teacher's
secret (:meth:`ClassStore.teacher`, a :class:`Teacher` handle), reads the answers: per
question, how many students chose each choice (:meth:`Teacher.tally`, the clicker's bars,
each named by :attr:`Tally.label`: lesson, question id and the question's short text); per
student, how far they got (:meth:`Teacher.progress`); all of it as CSV (:meth:`Teacher.csv`).
A student's handle reads only that student's own answers (:meth:`Student.answers`).

The first answer to a question is the one that counts (a prediction is honest before the
reveal; "try again" afterwards is practice): later ones raise its ``attempts``, not its
choice. **A nickname is held by the page that took it**: :meth:`ClassStore.join` takes the
page's secret (kept in the page's address, like a room seat's); the same secret gets the same
student back after a reload or on the next lesson, and another page asking for the same name
— case and accents folded, ``"ana" == "Ana" == "Aná"`` (:func:`normalize_nickname`) — is told
it is taken. The teacher can lock the class (no new names, :meth:`Teacher.lock`) and remove a
name with its answers (:meth:`Teacher.remove`).

Guessing and flooding are slow, and the limits live in the store (so a reload or a new
kernel starts no fresh allowance): wrong class codes and teacher keys, per page and in all
(:data:`~wpp.services.throttle.MAX_FAILURES` per page, :data:`MAX_FAILURES_ALL` in all, within
:data:`~wpp.services.throttle.FAILURE_WINDOW` seconds); join attempts per page
(:data:`MAX_JOINS_PER_PAGE` a window); names per page in one class (:data:`MAX_NAMES_PER_PAGE`,
so one page cannot fill a class of :data:`MAX_STUDENTS` with made-up names).

The store is the rooms' file (:mod:`wpp.services.rooms`: ``WPP_ROOMS`` or the kit's private state
folder, the file owner-only, links and other users' files refused), in tables of its own.
Teachers' and pages' secrets are stored as their SHA-256 digests. A file written before question
identities and held names is brought up to date when opened: its answers keep their old
question labels (lesson ``""``), its students are held by nobody until the first page joins
under their name (that page then holds it). Anything malformed — a code, a nickname, a secret,
a question id, a choice — is the kit's error naming it, and nothing is written.

>>> import tempfile, os
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code, secret = store.open("Year 9 maths")
>>> ana, ben = store.join(code, "Ana"), store.join(code.lower(), " Ben ")
>>> ana.answer("1 · seed 7", "keep the pair", correct=True, lesson="03", title="Keep what?")
>>> ben.answer("1 · seed 7", "break the pair", correct=False, lesson="03")
>>> teacher = store.teacher(code, secret)
>>> tally = teacher.tally()["03/1 · seed 7"]
>>> tally.counts, tally.label
({'break the pair': 1, 'keep the pair': 1}, 'Lesson 3 · question 1 · seed 7 — Keep what?')
>>> [(p.nickname, p.answered, p.correct) for p in teacher.progress()]
[('Ana', 1, 1), ('Ben', 1, 0)]
>>> store.join(code, "aná")                       # another page, the same name folded
Traceback (most recent call last):
wpp.core.errors.WppError: the nickname 'aná' is taken in class ...
>>> store.join(code, "Ana", ana.secret).nickname   # Ana's page, after a reload
'Ana'
>>> store.teacher(code, "not-the-secret-at-all")
Traceback (most recent call last):
wpp.core.errors.WppError: this address does not hold the teacher's key of class ...
"""

from __future__ import annotations

import csv
import hmac
import io
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from wpp.core.errors import WppError
from wpp.services.rooms import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_AGE,
    RoomStore,
    normalize_code,
    token_digest,
)
from wpp.services.throttle import FAILURE_WINDOW, MAX_FAILURES

if TYPE_CHECKING:  # imported where a store is opened: Pyodide (the static site) has none
    import sqlite3

__all__ = ["CSV_COLUMNS", "MAX_FAILURES_ALL", "MAX_JOINS_PER_PAGE", "MAX_NAMES_PER_PAGE",
           "MAX_STUDENTS", "ClassStore", "Progress", "Student", "Tally", "Teacher",
           "check_secret", "new_secret", "normalize_nickname", "question_key"]

#: Students one class holds (a class of 30, and room for a double class and latecomers).
MAX_STUDENTS: Final = 200
#: Names one page (one secret) may hold in one class: a student who mistyped their name
#: once or twice, not a page filling the class with made-up names.
MAX_NAMES_PER_PAGE: Final = 3
#: Join attempts one page may make within :data:`~wpp.services.throttle.FAILURE_WINDOW` seconds.
MAX_JOINS_PER_PAGE: Final = 20
#: Wrong codes or keys from all pages together within the window (one page's limit is
#: :data:`~wpp.services.throttle.MAX_FAILURES`): past it, a page that has guessed wrong once waits
#: too — a page that drops its secret to start afresh gets one guess, not ten — while a page
#: that has not (a student typing the code for the first time) is not locked out.
MAX_FAILURES_ALL: Final = 10 * MAX_FAILURES
#: Nicknames: letters (any script), digits, spaces, ``.``, ``_`` and ``-``; 1 to 20 of them.
_NICK: Final = re.compile(r"[^\W_][\w .\-]{0,19}")
#: Question ids and choices as the lessons write them: printable text of bounded length.
MAX_QUESTION: Final = 120
MAX_CHOICE: Final = 120
#: Lesson ids: ``"03"``, ``"12"``, ``"analysts"``…
_LESSON: Final = re.compile(r"[a-z0-9_-]{1,20}")
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The CSV's columns (one row per student and question).
CSV_COLUMNS: Final = ("class", "nickname", "lesson", "question", "title", "choice", "correct",
                      "attempts", "answered_at")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS classes (
  code TEXT PRIMARY KEY, digest TEXT NOT NULL, title TEXT NOT NULL, created REAL NOT NULL,
  locked INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS class_students (
  code TEXT NOT NULL, nick TEXT NOT NULL, shown TEXT NOT NULL, joined REAL NOT NULL,
  seen REAL NOT NULL, holder TEXT NOT NULL DEFAULT '', PRIMARY KEY (code, nick));
CREATE TABLE IF NOT EXISTS class_answers (
  code TEXT NOT NULL, nick TEXT NOT NULL, lesson TEXT NOT NULL, question TEXT NOT NULL,
  title TEXT NOT NULL, choice TEXT NOT NULL, correct INTEGER, attempts INTEGER NOT NULL,
  at REAL NOT NULL, PRIMARY KEY (code, nick, lesson, question));
CREATE TABLE IF NOT EXISTS class_events (
  kind TEXT NOT NULL, page TEXT NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS class_events_at ON class_events (kind, page, at)
"""
#: Event kinds of ``class_events`` (the limits kept in the store).
_WRONG: Final = "wrong"
_JOIN: Final = "join"


def _fold(text: str) -> str:
    """The key of a name: case and accents do not make two students (``"Aná"`` → ``"ana"``)."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))
    return unicodedata.normalize("NFKC", bare).casefold()


def normalize_nickname(nickname: object) -> tuple[str, str]:
    """A nickname as typed: its shown form (spaces around dropped) and its key (case and
    accents do not make two students), or the kit's error.

    >>> normalize_nickname("  Aná B. ")
    ('Aná B.', 'ana b.')
    >>> normalize_nickname("<script>")
    Traceback (most recent call last):
    wpp.core.errors.WppError: a nickname is 1 to 20 letters, digits, spaces, dots or ...
    """
    text = (" ".join(unicodedata.normalize("NFC", nickname).split())
            if isinstance(nickname, str) else None)
    if text is None or not _NICK.fullmatch(text):
        raise WppError("a nickname is 1 to 20 letters, digits, spaces, dots or dashes, not "
                       f"{nickname!r:.30}")
    return text, _fold(text)


def new_secret() -> str:
    """A fresh page secret (what holds a nickname; the page keeps it in its address)."""
    return secrets.token_urlsafe(18)


def check_secret(secret: object, what: str = "page's secret") -> str:
    """``secret`` if it has a secret's form (16 to 64 of ``A-Z a-z 0-9 _ -``), or the kit's
    error naming ``what``."""
    if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
        raise WppError(f"this {what} is not one the kit made: {secret!r:.30}")
    return secret


def question_key(lesson: str, question: str) -> str:
    """The key of a question in :meth:`Teacher.tally`: ``"06/1 · seed 1"`` (a question
    stored before lessons had ids: its old label alone)."""
    return f"{lesson}/{question}" if lesson else question


def _text(value: object, what: str, limit: int) -> str:
    """A question id, title or choice: printable text up to ``limit`` characters."""
    if (not isinstance(value, str) or not value.strip() or len(value) > limit
            or not value.isprintable()):
        raise WppError(f"a {what} is printable text of 1 to {limit} characters, not "
                       f"{value!r:.40}")
    return value.strip()


@dataclass(frozen=True, slots=True)
class Tally:
    """How a class answered one question: its identity (``lesson``, ``question``), its
    short text (``title``), the number of students per choice (first answers), and which
    choices were right (when the lesson said)."""

    question: str
    title: str
    counts: dict[str, int] = field(default_factory=dict)
    right: dict[str, bool] = field(default_factory=dict)
    lesson: str = ""

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def correct(self) -> int:
        """Students whose first answer was right."""
        return sum(n for c, n in self.counts.items() if self.right.get(c))

    @property
    def label(self) -> str:
        """The question as the teacher's page names it — lesson, question id, short text —
        so that two questions with the same text are told apart."""
        if not self.lesson:
            return self.title if self.title == self.question else (
                f"{self.question} — {self.title}")
        lesson = str(int(self.lesson)) if self.lesson.isdigit() else self.lesson
        return f"Lesson {lesson} · question {self.question} — {self.title}"


@dataclass(frozen=True, slots=True)
class Progress:
    """One student's progress: questions answered, how many right, when last heard from."""

    nickname: str
    answered: int
    correct: int
    seen: float


class ClassStore:
    """The classes of the rooms' SQLite file (see the module docs). Like
    :class:`~wpp.services.rooms.RoomStore`, each call opens its own short connection: one store
    serves any number of threads and kernels. ``clock`` gives the time in seconds."""

    def __init__(self, path: str | Path | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        # The rooms' store makes (or checks) the file: the same folder, mode and refusals.
        self._rooms = RoomStore(path, clock=clock)
        self.path = self._rooms.path
        self.clock = clock
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._migrate(db)
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    @staticmethod
    def _migrate(db: sqlite3.Connection) -> None:
        """Bring tables written before question identities and held names up to date (in the
        caller's transaction): old answers keep their labels as question ids under lesson
        ``""``; old students are held by no page (the next to join under the name holds it),
        and their keys fold accents too (a key that would then meet another's stays as it
        was, still readable)."""
        answers = {r[1] for r in db.execute("PRAGMA table_info(class_answers)")}
        if answers and "lesson" not in answers:
            db.execute("ALTER TABLE class_answers RENAME TO class_answers_old")
            db.execute(_SCHEMA.split(";")[2])
            db.execute("INSERT INTO class_answers SELECT code, nick, '', question, title, "
                       "choice, correct, attempts, at FROM class_answers_old")
            db.execute("DROP TABLE class_answers_old")
        students = {r[1] for r in db.execute("PRAGMA table_info(class_students)")}
        if students and "holder" not in students:
            db.execute("ALTER TABLE class_students ADD COLUMN holder TEXT NOT NULL DEFAULT ''")
            for code, nick in db.execute("SELECT code, nick FROM class_students").fetchall():
                new = _fold(str(nick))
                if new != nick and db.execute(
                        "SELECT 1 FROM class_students WHERE code = ? AND nick = ?",
                        (code, new)).fetchone() is None:
                    db.execute("UPDATE class_students SET nick = ? WHERE code = ? AND nick = ?",
                               (new, code, nick))
                    db.execute("UPDATE class_answers SET nick = ? WHERE code = ? AND nick = ?",
                               (new, code, nick))
        classes = {r[1] for r in db.execute("PRAGMA table_info(classes)")}
        if classes and "locked" not in classes:
            db.execute("ALTER TABLE classes ADD COLUMN locked INTEGER NOT NULL DEFAULT 0")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._rooms._connect() as db:
            yield db

    # ------------------------------------------------------------------ limits, in the store
    def _count(self, db: sqlite3.Connection, kind: str, page: str | None) -> tuple[int, float]:
        """How many ``kind`` events within the window (of ``page``; of all if ``None``), and
        the oldest one's time."""
        since = self.clock() - FAILURE_WINDOW
        db.execute("DELETE FROM class_events WHERE at <= ?", (since,))
        sql = "SELECT COUNT(*), MIN(at) FROM class_events WHERE kind = ? AND at > ?"
        args: tuple[object, ...] = (kind, since)
        if page is not None:
            sql, args = sql + " AND page = ?", (*args, page)
        n, oldest = db.execute(sql, args).fetchone()
        return int(n), float(oldest) if oldest is not None else self.clock()

    def _wait(self, oldest: float) -> int:
        return max(1, round(oldest + FAILURE_WINDOW - self.clock()))

    def _check_throttle(self, page: str) -> None:
        """Refuse while this page made too many wrong guesses, or all pages together did and
        this one guessed wrong too (see :data:`MAX_FAILURES_ALL`)."""
        with self._connect() as db:
            mine, oldest = self._count(db, _WRONG, page)
            every, first = self._count(db, _WRONG, None)
        if mine >= MAX_FAILURES or (mine and every >= MAX_FAILURES_ALL):
            wait = self._wait(oldest if mine >= MAX_FAILURES else first)
            raise WppError(f"too many wrong class codes or keys: wait {wait} s, then try again")

    def _failed(self, page: str) -> None:
        with self._connect() as db:
            db.execute("INSERT INTO class_events VALUES (?, ?, ?)", (_WRONG, page, self.clock()))

    def _known(self, code: object, page: str) -> str:
        """``code`` in stored form if it names an open class; a wrong one is refused and
        counted as a guess of ``page``."""
        self._check_throttle(page)
        try:
            code = normalize_code(code)
            with self._connect() as db:
                row = db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
            if row is None:
                raise WppError(f"there is no class {code}: check the code with your teacher")
        except WppError:
            self._failed(page)
            raise
        return code

    # ------------------------------------------------------------------ the teacher
    def open(self, title: str = "") -> tuple[str, str]:
        """A new class: its code (for the students) and the teacher's secret (for the
        teacher's page only). ``title`` is a name the teacher's page shows."""
        title = "" if not title else _text(title, "class name", 60)
        self.prune()
        secret = new_secret()
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._connect() as db:
                import sqlite3  # here, not at the top: Pyodide (the static site) has none
                try:
                    db.execute("INSERT INTO classes VALUES (?, ?, ?, ?, 0)",
                               (code, token_digest(secret), title, self.clock()))
                except sqlite3.IntegrityError:
                    continue
            return code, secret
        raise WppError("could not find a free class code")  # pragma: no cover

    def prune(self, max_age: float = MAX_AGE) -> int:
        """Remove the classes opened more than ``max_age`` seconds ago, with their students
        and answers; how many."""
        cutoff = self.clock() - max_age
        with self._connect() as db:
            old = "(SELECT code FROM classes WHERE created < ?)"
            db.execute(f"DELETE FROM class_answers WHERE code IN {old}", (cutoff,))
            db.execute(f"DELETE FROM class_students WHERE code IN {old}", (cutoff,))
            return db.execute("DELETE FROM classes WHERE created < ?", (cutoff,)).rowcount

    def teacher(self, code: object, secret: object) -> Teacher:
        """The teacher's handle of class ``code``, given the teacher's secret; a wrong code
        or secret is refused (and counts as a guess)."""
        self._check_throttle("")
        try:
            code = normalize_code(code)
            with self._connect() as db:
                row = db.execute("SELECT digest, title FROM classes WHERE code = ?",
                                 (code,)).fetchone()
            if (row is None or not isinstance(secret, str) or not _SECRET.fullmatch(secret)
                    or not isinstance(row[0], str)
                    or not hmac.compare_digest(row[0], token_digest(secret))):
                raise WppError(f"this address does not hold the teacher's key of class {code}")
        except WppError:
            self._failed("")
            raise
        return Teacher(self, code, str(row[1]))

    # ------------------------------------------------------------------ students
    def join(self, code: object, nickname: object, secret: object = None) -> Student:
        """Join class ``code`` as ``nickname``, from the page holding ``secret`` (``None``: a
        page new to the kit, given a fresh secret, :attr:`Student.secret`). The same secret
        gets its student back (after a reload, on the next lesson); a name held by another
        page is refused, as is a new name in a locked or full class, or a page's
        :data:`MAX_NAMES_PER_PAGE`-th + 1 name; a page making more than
        :data:`MAX_JOINS_PER_PAGE` attempts a window waits. A wrong code counts as a guess.
        A refusal stores nothing (but the attempt, for the limits)."""
        secret = new_secret() if secret is None else check_secret(secret)
        page = token_digest(secret)
        shown, key = normalize_nickname(nickname)
        with self._connect() as db:
            n, oldest = self._count(db, _JOIN, page)
            if n >= MAX_JOINS_PER_PAGE:
                raise WppError(f"too many attempts to join from this page: wait "
                               f"{self._wait(oldest)} s, then try again")
            db.execute("INSERT INTO class_events VALUES (?, ?, ?)", (_JOIN, page, self.clock()))
        code = self._known(code, page)
        now = self.clock()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT shown, holder FROM class_students WHERE code = ? AND "
                                 "nick = ?", (code, key)).fetchone()
                if row is not None and row[1] and not hmac.compare_digest(str(row[1]), page):
                    raise WppError(f"the nickname {shown!r} is taken in class {code}: choose "
                                   "another (if it is yours, open the page whose address you "
                                   "joined from, or ask your teacher to remove it)")
                if row is None:
                    self._may_add(db, code, page)
                    db.execute("INSERT INTO class_students VALUES (?, ?, ?, ?, ?, ?)",
                               (code, key, shown, now, now, page))
                else:       # this page's name (or one kept from before names were held)
                    shown = str(row[0])
                    db.execute("UPDATE class_students SET seen = ?, holder = ? WHERE code = ? "
                               "AND nick = ?", (now, page, code, key))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return Student(self, code, key, shown, secret)

    @staticmethod
    def _may_add(db: sqlite3.Connection, code: str, page: str) -> None:
        """Refuse a new name in class ``code`` from ``page``: locked, full, or this page's
        names used up."""
        (locked,) = db.execute("SELECT locked FROM classes WHERE code = ?", (code,)).fetchone()
        if locked:
            raise WppError(f"class {code} is locked: no new names (ask your teacher)")
        (n,) = db.execute("SELECT COUNT(*) FROM class_students WHERE code = ?",
                          (code,)).fetchone()
        if n >= MAX_STUDENTS:
            raise WppError(f"class {code} is full ({MAX_STUDENTS} students)")
        (mine,) = db.execute("SELECT COUNT(*) FROM class_students WHERE code = ? AND "
                             "holder = ?", (code, page)).fetchone()
        if mine >= MAX_NAMES_PER_PAGE:
            raise WppError(f"this page already joined class {code} under {mine} names: "
                           "continue under one of them (or ask your teacher)")


class Student:
    """One student in one class, as the lesson pages hold them: they answer, and read back
    only their own answers. :attr:`secret` is the page's secret that holds the name."""

    def __init__(self, store: ClassStore, code: str, key: str, nickname: str,
                 secret: str) -> None:
        self.store = store
        self.code = code
        self._key = key
        self.nickname = nickname
        self.secret = secret

    def __repr__(self) -> str:
        return f"Student(class={self.code!r}, nickname={self.nickname!r})"

    def answer(self, question: object, choice: object, correct: bool | None = None,
               title: object = "", lesson: object = "") -> None:
        """Record this student's answer to ``question`` of ``lesson`` (ids the lesson
        chose, stable whatever the page shows: ``lesson="06"``, ``question="1 · seed 1"``):
        ``choice`` in words, whether it was right (``None``: the lesson does not judge), and
        the question's short text (``title``) for the teacher's page. The first answer
        counts; a later one only raises the attempts. Refused (nothing written) if the class
        was closed or the teacher removed this name."""
        question = _text(question, "question id", MAX_QUESTION)
        choice = _text(choice, "choice", MAX_CHOICE)
        title = _text(title, "question title", 200) if title else question
        if not isinstance(lesson, str) or (lesson and not _LESSON.fullmatch(lesson)):
            raise WppError(f"a lesson id is 1 to 20 of a-z, 0-9, _ and -, not {lesson!r:.30}")
        if correct is not None and not isinstance(correct, bool):
            raise WppError(f"whether an answer is right is True, False or None, not "
                           f"{correct!r:.20}")
        now = self.store.clock()
        right = None if correct is None else int(correct)
        with self.store._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM classes WHERE code = ?",
                              (self.code,)).fetchone() is None:
                    raise WppError(f"class {self.code} is closed")
                holder = db.execute("SELECT holder FROM class_students WHERE code = ? AND "
                                    "nick = ?", (self.code, self._key)).fetchone()
                if holder is None or holder[0] != token_digest(self.secret):
                    raise WppError(f"the teacher removed {self.nickname!r} from class "
                                   f"{self.code}: join again")
                db.execute(
                    "INSERT INTO class_answers VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) "
                    "ON CONFLICT (code, nick, lesson, question) "
                    "DO UPDATE SET attempts = attempts + 1",
                    (self.code, self._key, lesson, question, title, choice, right, now))
                db.execute("UPDATE class_students SET seen = ? WHERE code = ? AND nick = ?",
                           (now, self.code, self._key))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def answers(self) -> dict[str, str]:
        """This student's own first answers, by :func:`question_key` (nobody else's)."""
        with self.store._connect() as db:
            rows = db.execute("SELECT lesson, question, choice FROM class_answers WHERE "
                              "code = ? AND nick = ?", (self.code, self._key)).fetchall()
        return {question_key(str(lesson), str(q)): str(c) for lesson, q, c in rows}


@dataclass(frozen=True, slots=True)
class _Row:
    """One stored first answer, as the teacher's views read it."""

    shown: str
    nick: str
    lesson: str
    question: str
    title: str
    choice: str
    right: int | None
    attempts: int
    at: float


class Teacher:
    """The teacher's handle of one class: every student's answers, counted."""

    def __init__(self, store: ClassStore, code: str, title: str) -> None:
        self.store = store
        self.code = code
        self.title = title

    def __repr__(self) -> str:
        return f"Teacher(class={self.code!r})"

    def _rows(self) -> list[_Row]:
        with self.store._connect() as db:
            rows = db.execute(
                "SELECT s.shown, a.nick, a.lesson, a.question, a.title, a.choice, a.correct, "
                "a.attempts, a.at FROM class_answers a JOIN class_students s "
                "ON s.code = a.code AND s.nick = a.nick WHERE a.code = ? "
                "ORDER BY a.at, a.nick, a.lesson, a.question", (self.code,)).fetchall()
        out = []
        for shown, nick, lesson, q, title, choice, right, attempts, at in rows:
            if not (isinstance(attempts, int) and isinstance(at, int | float)
                    and (right is None or isinstance(right, int))):
                raise WppError(f"class {self.code}'s stored answers are damaged")
            out.append(_Row(str(shown), str(nick), str(lesson), str(q), str(title),
                            str(choice), right, attempts, float(at)))
        return out

    def tally(self) -> dict[str, Tally]:
        """Per question (by :func:`question_key`, in the order first answered): students
        per choice, and which choices were right."""
        out: dict[str, Tally] = {}
        for r in self._rows():
            t = out.setdefault(question_key(r.lesson, r.question),
                               Tally(r.question, r.title, lesson=r.lesson))
            t.counts[r.choice] = t.counts.get(r.choice, 0) + 1
            if r.right is not None:
                t.right[r.choice] = bool(r.right)
        for t in out.values():   # most chosen first (ties by name): the clicker's bars
            ordered = sorted(t.counts.items(), key=lambda kv: (-kv[1], kv[0]))
            t.counts.clear()
            t.counts.update(ordered)
        return out

    def progress(self) -> list[Progress]:
        """Every student who joined (by nickname), with their answers so far."""
        with self.store._connect() as db:
            students = db.execute("SELECT nick, shown, seen FROM class_students WHERE code = ?",
                                  (self.code,)).fetchall()
        answered: dict[str, int] = {}
        right: dict[str, int] = {}
        for r in self._rows():
            answered[r.nick] = answered.get(r.nick, 0) + 1
            right[r.nick] = right.get(r.nick, 0) + (r.right == 1)
        return sorted((Progress(str(shown), answered.get(str(nick), 0), right.get(str(nick), 0),
                                float(seen)) for nick, shown, seen in students),
                      key=lambda p: _fold(p.nickname))

    def csv(self) -> str:
        """Every first answer, one row per student and question (:data:`CSV_COLUMNS`)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for r in self._rows():
            writer.writerow((self.code, _safe(r.shown), _safe(r.lesson), _safe(r.question),
                             _safe(r.title), _safe(r.choice),
                             "" if r.right is None else ("yes" if r.right else "no"),
                             r.attempts, time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(r.at))))
        return out.getvalue()

    @property
    def locked(self) -> bool:
        """Is the class locked (no new names)?"""
        with self.store._connect() as db:
            row = db.execute("SELECT locked FROM classes WHERE code = ?", (self.code,)).fetchone()
        return bool(row and row[0])

    def lock(self, locked: bool = True) -> None:
        """Lock the class (the names already in keep answering; no new name may join), or
        unlock it."""
        if not isinstance(locked, bool):
            raise WppError(f"lock takes True or False, not {locked!r:.20}")
        with self.store._connect() as db:
            db.execute("UPDATE classes SET locked = ? WHERE code = ?", (int(locked), self.code))

    def remove(self, nickname: object) -> str:
        """Remove a name from the class, with its answers (a made-up name, or a student's
        name taken by the wrong page: the student then joins again); the name removed, as
        shown. A name not in the class is the kit's error, and nothing changes."""
        _shown, key = normalize_nickname(nickname)
        with self.store._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT shown FROM class_students WHERE code = ? AND nick = ?",
                                 (self.code, key)).fetchone()
                if row is None:
                    raise WppError(f"there is no {str(nickname).strip()!r:.30} in class "
                                   f"{self.code}")
                db.execute("DELETE FROM class_answers WHERE code = ? AND nick = ?",
                           (self.code, key))
                db.execute("DELETE FROM class_students WHERE code = ? AND nick = ?",
                           (self.code, key))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return str(row[0])


def _safe(cell: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (``=``, ``+``, ``-``, ``@`` first
    get a leading apostrophe)."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell
