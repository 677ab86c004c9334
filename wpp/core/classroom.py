"""Classes: a teacher sees, live, how the students of a class answered the lessons' questions.

A teacher opens a class (:meth:`ClassStore.open`): a short code like a room's (``"K7QPM"``)
and a teacher's secret. Students type the code and a nickname on any lesson page
(:meth:`ClassStore.join`, a :class:`Student` handle); the lesson widgets then report each
prediction, drill move and quiz answer (:meth:`Student.answer`: a question id, the choice, and
whether it was right when the lesson knows). Only the teacher's page, holding the teacher's
secret (:meth:`ClassStore.teacher`, a :class:`Teacher` handle), reads the answers: per
question, how many students chose each choice (:meth:`Teacher.tally`, the clicker's bars); per
student, how far they got (:meth:`Teacher.progress`); all of it as CSV
(:meth:`Teacher.csv`). A student's handle reads only that student's own answers
(:meth:`Student.answers`) — never another's — and a wrong code reads nothing.

The first answer to a question is the one that counts (a prediction is honest before the
reveal; "try again" afterwards is practice): later ones raise its ``attempts``, not its
choice. A nickname is a name, not a password: a student who reloads the page, or opens the
next lesson, types the same code and nickname and continues. Because first answers count, a
second page under someone's nickname cannot change their answers.

The store is the rooms' file (:mod:`wpp.core.rooms`: ``WPP_ROOMS`` or a private folder, the
file owner-only, links and other users' files refused), in tables of its own. Teachers'
secrets are stored as their SHA-256 digests. Wrong class codes and wrong teacher secrets are
slowed down as room codes are (:data:`~wpp.core.rooms.MAX_FAILURES` within
:data:`~wpp.core.rooms.FAILURE_WINDOW` seconds). Anything malformed — a code, a nickname, a
question id, a choice — is the kit's error naming it, and nothing is written.

>>> import tempfile, os
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> code, secret = store.open("Year 9 maths")
>>> ana, ben = store.join(code, "Ana"), store.join(code.lower(), " Ben ")
>>> ana.answer("03 mulligan · seed 7", "keep the pair", correct=True)
>>> ben.answer("03 mulligan · seed 7", "break the pair", correct=False)
>>> teacher = store.teacher(code, secret)
>>> teacher.tally()["03 mulligan · seed 7"].counts
{'break the pair': 1, 'keep the pair': 1}
>>> [(p.nickname, p.answered, p.correct) for p in teacher.progress()]
[('Ana', 1, 1), ('Ben', 1, 0)]
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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from wpp.core.errors import WppError
from wpp.core.rooms import (
    CODE_ALPHABET,
    CODE_LENGTH,
    MAX_AGE,
    RoomStore,
    Throttle,
    normalize_code,
    token_digest,
)

if TYPE_CHECKING:  # imported where a store is opened: Pyodide (the static site) has none
    import sqlite3

__all__ = ["CSV_COLUMNS", "MAX_STUDENTS", "ClassStore", "Progress", "Student", "Tally",
           "Teacher", "normalize_nickname"]

#: Students one class holds (a class of 30, and room for a double class and latecomers).
MAX_STUDENTS: Final = 200
#: Nicknames: letters (any script), digits, spaces, ``.``, ``_`` and ``-``; 1 to 20 of them.
_NICK: Final = re.compile(r"[^\W_][\w .\-]{0,19}")
#: Question ids and choices as the lessons write them: printable text of bounded length.
MAX_QUESTION: Final = 120
MAX_CHOICE: Final = 120
_SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: The CSV's columns (one row per student and question).
CSV_COLUMNS: Final = ("class", "nickname", "question", "title", "choice", "correct",
                      "attempts", "answered_at")

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS classes (
  code TEXT PRIMARY KEY, digest TEXT NOT NULL, title TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS class_students (
  code TEXT NOT NULL, nick TEXT NOT NULL, shown TEXT NOT NULL, joined REAL NOT NULL,
  seen REAL NOT NULL, PRIMARY KEY (code, nick));
CREATE TABLE IF NOT EXISTS class_answers (
  code TEXT NOT NULL, nick TEXT NOT NULL, question TEXT NOT NULL, title TEXT NOT NULL,
  choice TEXT NOT NULL, correct INTEGER, attempts INTEGER NOT NULL, at REAL NOT NULL,
  PRIMARY KEY (code, nick, question));
"""


def normalize_nickname(nickname: object) -> tuple[str, str]:
    """A nickname as typed: its shown form (spaces around dropped) and its key (case does not
    make two students), or the kit's error.

    >>> normalize_nickname("  Ana B. ")
    ('Ana B.', 'ana b.')
    >>> normalize_nickname("<script>")
    Traceback (most recent call last):
    wpp.core.errors.WppError: a nickname is 1 to 20 letters, digits, spaces, dots or ...
    """
    text = " ".join(nickname.split()) if isinstance(nickname, str) else None
    if text is None or not _NICK.fullmatch(text):
        raise WppError("a nickname is 1 to 20 letters, digits, spaces, dots or dashes, not "
                       f"{nickname!r:.30}")
    return text, text.casefold()


def _text(value: object, what: str, limit: int) -> str:
    """A question id, title or choice: printable text up to ``limit`` characters."""
    if (not isinstance(value, str) or not value.strip() or len(value) > limit
            or not value.isprintable()):
        raise WppError(f"a {what} is printable text of 1 to {limit} characters, not "
                       f"{value!r:.40}")
    return value.strip()


@dataclass(frozen=True, slots=True)
class Tally:
    """How a class answered one question: the question's title, the number of students per
    choice (first answers), and how many of them were right (when the lesson said)."""

    question: str
    title: str
    counts: dict[str, int] = field(default_factory=dict)
    right: dict[str, bool] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def correct(self) -> int:
        """Students whose first answer was right."""
        return sum(n for c, n in self.counts.items() if self.right.get(c))


@dataclass(frozen=True, slots=True)
class Progress:
    """One student's progress: questions answered, how many right, when last heard from."""

    nickname: str
    answered: int
    correct: int
    seen: float


class ClassStore:
    """The classes of the rooms' SQLite file (see the module docs). Like
    :class:`~wpp.core.rooms.RoomStore`, each call opens its own short connection: one store
    serves any number of threads and kernels. ``clock`` gives the time in seconds."""

    def __init__(self, path: str | Path | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        # The rooms' store makes (or checks) the file: the same folder, mode and refusals.
        self._rooms = RoomStore(path, clock=clock)
        self.path = self._rooms.path
        self.clock = clock
        self._throttle = Throttle(lambda: self.clock(), "class codes or keys")
        with self._connect() as db:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._rooms._connect() as db:
            yield db

    # ------------------------------------------------------------------ guessing is slow
    def _check_throttle(self) -> None:
        self._throttle.check()

    def _failed(self) -> None:
        self._throttle.failed()

    def _known(self, code: object) -> str:
        """``code`` in stored form if it names an open class; a wrong one is refused and
        counted as a guess."""
        self._check_throttle()
        try:
            code = normalize_code(code)
            with self._connect() as db:
                row = db.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone()
            if row is None:
                raise WppError(f"there is no class {code}: check the code with your teacher")
        except WppError:
            self._failed()
            raise
        return code

    # ------------------------------------------------------------------ the teacher
    def open(self, title: str = "") -> tuple[str, str]:
        """A new class: its code (for the students) and the teacher's secret (for the
        teacher's page only). ``title`` is a name the teacher's page shows."""
        title = "" if not title else _text(title, "class name", 60)
        self.prune()
        secret = secrets.token_urlsafe(18)
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            with self._connect() as db:
                import sqlite3  # here, not at the top: Pyodide (the static site) has none
                try:
                    db.execute("INSERT INTO classes VALUES (?, ?, ?, ?)",
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
        self._check_throttle()
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
            self._failed()
            raise
        return Teacher(self, code, str(row[1]))

    # ------------------------------------------------------------------ students
    def join(self, code: object, nickname: object) -> Student:
        """Join class ``code`` as ``nickname`` (again, after a reload or on the next lesson:
        the same student). A wrong code is refused and counts as a guess."""
        shown, key = normalize_nickname(nickname)
        code = self._known(code)
        now = self.clock()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                there = db.execute("SELECT 1 FROM class_students WHERE code = ? AND nick = ?",
                                   (code, key)).fetchone()
                if there is None:
                    (n,) = db.execute("SELECT COUNT(*) FROM class_students WHERE code = ?",
                                      (code,)).fetchone()
                    if n >= MAX_STUDENTS:
                        raise WppError(f"class {code} is full ({MAX_STUDENTS} students)")
                    db.execute("INSERT INTO class_students VALUES (?, ?, ?, ?, ?)",
                               (code, key, shown, now, now))
                else:
                    db.execute("UPDATE class_students SET seen = ? WHERE code = ? AND nick = ?",
                               (now, code, key))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return Student(self, code, key, shown)


class Student:
    """One student in one class, as the lesson pages hold them: they answer, and read back
    only their own answers."""

    def __init__(self, store: ClassStore, code: str, key: str, nickname: str) -> None:
        self.store = store
        self.code = code
        self._key = key
        self.nickname = nickname

    def __repr__(self) -> str:
        return f"Student(class={self.code!r}, nickname={self.nickname!r})"

    def answer(self, question: object, choice: object, correct: bool | None = None,
               title: object = "") -> None:
        """Record this student's answer to ``question`` (an id the lesson chose, e.g.
        ``"03 mulligan · seed 7"``): ``choice`` in words, whether it was right (``None``:
        the lesson does not judge), and the question's ``title`` for the teacher's page.
        The first answer counts; a later one only raises the attempts."""
        question = _text(question, "question id", MAX_QUESTION)
        choice = _text(choice, "choice", MAX_CHOICE)
        title = _text(title, "question title", 200) if title else question
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
                db.execute(
                    "INSERT INTO class_answers VALUES (?, ?, ?, ?, ?, ?, 1, ?) "
                    "ON CONFLICT (code, nick, question) DO UPDATE SET attempts = attempts + 1",
                    (self.code, self._key, question, title, choice, right, now))
                db.execute("UPDATE class_students SET seen = ? WHERE code = ? AND nick = ?",
                           (now, self.code, self._key))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def answers(self) -> dict[str, str]:
        """This student's own first answers, by question id (nobody else's)."""
        with self.store._connect() as db:
            rows = db.execute("SELECT question, choice FROM class_answers WHERE code = ? AND "
                              "nick = ?", (self.code, self._key)).fetchall()
        return {str(q): str(c) for q, c in rows}


class Teacher:
    """The teacher's handle of one class: every student's answers, counted."""

    def __init__(self, store: ClassStore, code: str, title: str) -> None:
        self.store = store
        self.code = code
        self.title = title

    def __repr__(self) -> str:
        return f"Teacher(class={self.code!r})"

    def _rows(self) -> list[tuple[str, str, str, str, str, int | None, int, float]]:
        with self.store._connect() as db:
            rows = db.execute(
                "SELECT s.shown, a.question, a.title, a.choice, a.correct, a.attempts, a.at, "
                "a.nick FROM class_answers a JOIN class_students s "
                "ON s.code = a.code AND s.nick = a.nick WHERE a.code = ? "
                "ORDER BY a.at, a.nick", (self.code,)).fetchall()
        out = []
        for shown, q, title, choice, right, attempts, at, nick in rows:
            if not (isinstance(attempts, int) and isinstance(at, int | float)
                    and (right is None or isinstance(right, int))):
                raise WppError(f"class {self.code}'s stored answers are damaged")
            out.append((str(shown), str(q), str(title), str(choice), str(nick),
                        right, attempts, float(at)))
        return out

    def tally(self) -> dict[str, Tally]:
        """Per question (in the order first answered): students per choice, and which
        choices were right."""
        out: dict[str, Tally] = {}
        for _shown, q, title, choice, _nick, right, _attempts, _at in self._rows():
            t = out.setdefault(q, Tally(q, title))
            t.counts[choice] = t.counts.get(choice, 0) + 1
            if right is not None:
                t.right[choice] = bool(right)
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
        for _shown, _q, _title, _choice, nick, ok, _attempts, _at in self._rows():
            answered[nick] = answered.get(nick, 0) + 1
            right[nick] = right.get(nick, 0) + (ok == 1)
        return sorted((Progress(str(shown), answered.get(str(nick), 0), right.get(str(nick), 0),
                                float(seen)) for nick, shown, seen in students),
                      key=lambda p: p.nickname.casefold())

    def csv(self) -> str:
        """Every first answer, one row per student and question (:data:`CSV_COLUMNS`)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for shown, q, title, choice, _nick, right, attempts, at in self._rows():
            writer.writerow((self.code, _safe(shown), _safe(q), _safe(title), _safe(choice),
                             "" if right is None else ("yes" if right else "no"), attempts,
                             time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))))
        return out.getvalue()


def _safe(cell: str) -> str:
    """A CSV cell a spreadsheet will not run as a formula (``=``, ``+``, ``-``, ``@`` first
    get a leading apostrophe)."""
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell
