"""The class box every lesson carries, and the one seam lesson widgets report answers through.

A student types the class code their teacher gave (and a nickname) in the small box at the
top of any lesson widget; from then on every prediction, drill move and quiz answer the
lesson widgets report (:func:`report_answer`) is recorded in the class
(:class:`wpp.core.classroom.Student`), where only the teacher's page reads it. Without a
class nothing is recorded and nothing changes.

One :class:`ClassBox` per kernel (:func:`class_box`): the same widget sits in every lesson
frame of a page, so joining in one joins them all. A page opened with ``?class=CODE`` in its
address has the code filled in; ``?class=CODE&name=NICK`` joins at once (a teacher may share
such a link; after a reload the page's own address does the same).

A lesson widget reports at the moment the learner commits, never before the reveal:

    report_answer("03 mulligan · seed 7", "3♦ 5♣ 9♠", correct=False,
                  title="Lesson 3: your mulligan, seed 7")

Reporting never raises: a refusal of the store is shown in the box.

>>> import os, tempfile
>>> from wpp.core.classroom import ClassStore
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> code, secret = store.open()
>>> box = ClassBox(store=store, query="")
>>> report_answer("q1", "yes", box=box)            # not in a class: nothing recorded
>>> box.code.value, box.nickname.value = code, "Ana"
>>> box.join_button.click()
>>> report_answer("q1", "yes", True, box=box)
>>> store.teacher(code, secret).tally()["q1"].counts, box.sent
({'yes': 1}, 1)
"""

from __future__ import annotations

import urllib.parse
from html import escape
from typing import Final

import ipywidgets as w

from widgets.parts.address import page_query
from wpp.core.classroom import ClassStore, Student
from wpp.core.errors import WppError

__all__ = ["CLASS_CSS", "ClassBox", "class_box", "report_answer"]

#: The box's styles (added to the lessons' stylesheet).
CLASS_CSS: Final = """
.wpp-class-box { align-items: center; gap: 4px; flex-wrap: wrap; font-size: 13px; }
.wpp-class-box .widget-text { width: auto; margin: 0; }
.wpp-class-box .widget-text input { height: 24px; font-size: 13px; }
.wpp-class-box .widget-button { height: 24px; font-size: 12px; width: auto; padding: 0 8px; }
.wpp-class-box .wpp-class-status { color: #0d2b45; }
.wpp-class-box .wpp-class-status .wpp-no { color: #a11; }
/* One box per page is enough: it shows in the page's first lesson widget (not in the rules
   card's frame), and in the widget being presented. */
.wpp-card-root .wpp-class-box,
.jp-Cell:has(.wpp-lesson .wpp-class-box) ~ .jp-Cell .wpp-class-box { display: none; }
.wpp-app.wpp-present .wpp-class-box { display: flex !important; }
"""


class ClassBox:
    """The class box: closed, one button ("Join a class"); open, the code, a nickname and
    Join; joined, the class and nickname and how many answers were sent (and Leave)."""

    def __init__(self, store: ClassStore | None = None, query: str | None = None) -> None:
        self._store = store
        self.student: Student | None = None
        self.sent = 0
        self.open_button = w.Button(description="Join a class",
                                    tooltip="type the code your teacher gave: your answers "
                                    "are recorded for the teacher")
        self.code = w.Text(placeholder="class code", layout=w.Layout(width="110px"))
        self.nickname = w.Text(placeholder="your nickname", layout=w.Layout(width="140px"))
        self.join_button = w.Button(description="Join")
        self.leave_button = w.Button(description="Leave", tooltip="stop recording answers")
        self.status = w.HTML("")
        self.status.add_class("wpp-class-status")
        self.box = w.HBox([self.open_button])
        self.box.add_class("wpp-class-box")
        self.open_button.on_click(lambda _b: self._show_fields())
        self.join_button.on_click(lambda _b: self.join())
        self.leave_button.on_click(lambda _b: self.leave())
        self.nickname.continuous_update = False
        params = urllib.parse.parse_qs(page_query() if query is None else query)
        code, name = params.get("class", [""])[0], params.get("name", [""])[0]
        if code:
            self.code.value = code[:12]
            self._show_fields()
            if name:
                self.nickname.value = name[:20]
                self.join()

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = ClassStore()
        return self._store

    def _show_fields(self) -> None:
        self.box.children = (self.code, self.nickname, self.join_button, self.status)

    def join(self) -> None:
        """Join the class typed, as the nickname typed (the store's refusal is shown)."""
        try:
            student = self.store.join(self.code.value, self.nickname.value)
            already = len(student.answers())
        except WppError as err:
            self.status.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self.student, self.sent = student, already
        self._joined_line()
        self.box.children = (self.status, self.leave_button)

    def _joined_line(self, extra: str = "") -> None:
        if self.student is None:
            return
        s = self.student
        self.status.value = (f"class <b>{escape(s.code)}</b> as <b>{escape(s.nickname)}</b> · "
                             f"{self.sent} answer{'s' if self.sent != 1 else ''} recorded"
                             + extra)

    def leave(self) -> None:
        """Stop recording (what was recorded stays with the teacher)."""
        self.student = None
        self.sent = 0
        self.status.value = ""
        self.box.children = (self.open_button,)

    def report(self, question: str, choice: str, correct: bool | None = None,
               title: str = "") -> None:
        """Record one answer if the page is in a class (see :func:`report_answer`)."""
        if self.student is None:
            return
        try:
            before = len(self.student.answers())
            self.student.answer(question, choice, correct, title)
            self.sent = len(self.student.answers())
            new = self.sent > before
        except WppError as err:
            self._joined_line(f' · <span class="wpp-no">not recorded: {escape(str(err))}'
                              "</span>")
            return
        self._joined_line("" if new else " (your first answer to this one counts)")


_BOX: ClassBox | None = None


def class_box() -> ClassBox:
    """This kernel's class box (made on first use, from the page's address)."""
    global _BOX
    if _BOX is None:
        _BOX = ClassBox()
    return _BOX


def report_answer(question: str, choice: str, correct: bool | None = None, title: str = "",
                  *, box: ClassBox | None = None) -> None:
    """The seam every lesson widget reports through, at the moment the learner commits:
    ``question`` an id unique in the lesson and deal (``"05 move 12 · seed 3"``), ``choice``
    what the learner chose in words, ``correct`` whether it was right (``None``: a prediction
    the lesson does not judge), ``title`` the question as the teacher's page shows it.
    Records it if this page joined a class; otherwise does nothing. Never raises.

    A question the learner skipped (the small **Skip** of every question-by-question widget,
    :mod:`widgets.lessons.commit`) is not reported: a skip is not an answer, so the teacher's
    counts hold only the answers given and a skipped question shows as not answered."""
    target = box if box is not None else _BOX
    if target is not None:
        target.report(str(question)[:120], str(choice)[:120] or "—", correct, str(title)[:200])
