"""The class box every lesson carries, and the one seam lesson widgets report answers through.

A student types the class code their teacher gave (and a nickname) in the small box at the
top of any lesson widget; from then on every prediction, drill move and quiz answer the
lesson widgets report (:func:`report_answer`) is recorded in the class
(:class:`wpp.services.classroom.Student`), where only the teacher's page reads it. Without a
class nothing is recorded and nothing changes.

One :class:`ClassBox` per kernel (:func:`class_box`): the same widget sits in every lesson
frame of a page, so joining in one joins them all. A page opened with ``?class=CODE`` in its
address has the code filled in; ``?class=CODE&name=NICK`` joins at once (a teacher may share
such a link).

**The page holds its nickname.** The box has a page secret (:attr:`ClassBox.secret`); the
store gives a nickname to the first page that joins under it, and refuses it to any other
(:meth:`wpp.services.classroom.ClassStore.join`). Once joined, the page's address carries the
class, the name and the secret (``&class=CODE&name=NICK&skey=SECRET``, after the parameters
the page was opened with, such as ``seed``): a hidden element the rooms' small script reads
(:func:`widgets.site.room.room_script_html`, the mechanism the room and teacher pages use), so
a reload — or the same address on the next lesson — gets the same student back.

A lesson widget reports at the moment the learner commits, never before the reveal, with
the question's identity — the lesson's id and a question id stable within it (never a
display label two lessons could share) — and its short text for the teacher's page:

    report_answer("1 · seed 7", "3♦ 5♣ 9♠", correct=False, lesson="03",
                  title="Your mulligan: which 3 cards go?")

Reporting never raises: a refusal of the store is shown in the box.

>>> import os, tempfile
>>> from wpp.services.classroom import ClassStore
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> code, secret = store.open()
>>> box = ClassBox(store=store, query="")
>>> report_answer("q1", "yes", box=box)            # not in a class: nothing recorded
>>> box.code.value, box.nickname.value = code, "Ana"
>>> box.join_button.click()
>>> report_answer("q1", "yes", True, lesson="06", box=box)
>>> store.teacher(code, secret).tally()["06/q1"].counts, box.sent
({'yes': 1}, 1)
>>> reloaded = ClassBox(store=store, query=box.address_query())   # the page, reloaded
>>> reloaded.student.nickname, reloaded.sent
('Ana', 1)
>>> other = ClassBox(store=store, query=f"class={code}&name=ana")  # another page
>>> other.student is None and "taken" in other.status.value
True
"""

from __future__ import annotations

import sys
import urllib.parse
from html import escape
from typing import Final

import ipywidgets as w

from widgets.parts.address import address_or_later
from wpp.core.errors import WppError
from wpp.services.classroom import ClassStore, Student, check_secret, new_secret

__all__ = ["CLASS_CSS", "ClassBox", "class_box", "report_answer"]

#: Python in the browser alone (the static site's Pyodide): no class store to record in.
IN_BROWSER: Final = sys.platform == "emscripten"

#: What the class box says there, instead of fields that could record nothing.
NO_SERVER: Final = ("A class needs your teacher's server: this page runs in your browser "
                    "alone, so your answers stay here and are not sent to a teacher.")

#: The address's parameters the class box owns (the page's others are kept).
ADDRESS_KEYS: Final = ("class", "name", "skey")

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
    Join; joined, the class and nickname and how many answers were sent (and Leave).
    ``secret`` is the page's secret that holds its nickname: the address's ``skey`` when it
    has a secret's form, else a fresh one."""

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
        # The hidden element the rooms' script keeps the address in step with, and the
        # output the script is shown in (once joined).
        self.address = w.HTML("", layout=w.Layout(display="none"))
        self.address.add_class("wpp-room-address")
        self.script = w.Output(layout=w.Layout(display="none"))
        self._scripted = False
        self.box = w.HBox([self.open_button])
        self.box.add_class("wpp-class-box")
        self.open_button.on_click(lambda _b: self._show_fields())
        self.join_button.on_click(lambda _b: self.join())
        self.leave_button.on_click(lambda _b: self.leave())
        self.nickname.continuous_update = False
        self._others: list[tuple[str, str]] = []
        self.secret = new_secret()
        if query is None:  # a pre-heated page is built now and joins when its visitor comes
            query = address_or_later(self.arrive)
        if query is not None:
            self.arrive(query)

    def arrive(self, query: str) -> None:
        """The page's address: ``?class=CODE&name=NICK`` joins that class (the nickname held
        by the address's ``skey``, the page's secret, when it has a secret's form); the
        address's other parameters are kept in it."""
        params = urllib.parse.parse_qs(query)
        code, name = params.get("class", [""])[0], params.get("name", [""])[0]
        self._others = [(k, v) for k, vs in params.items() if k not in ADDRESS_KEYS
                        for v in vs]
        try:
            self.secret = check_secret(params.get("skey", [""])[0])
        except WppError:  # none, or not a secret's form: the page's own fresh one
            self.secret = self.secret or new_secret()
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
        if IN_BROWSER:  # no store to join: say so rather than offer fields that fail
            self.status.value = escape(NO_SERVER)
            self.box.children = (self.status,)
            return
        self.box.children = (self.code, self.nickname, self.join_button, self.status,
                             self.address, self.script)

    def address_query(self) -> str:
        """The query the page's address carries: its own parameters, and once joined the
        class, the name and the page's secret (what a reload needs to be the same student).
        After Leave the secret stays (the names it holds stay this page's)."""
        fields = list(self._others)
        if self.student is not None:
            fields += [("class", self.student.code), ("name", self.student.nickname)]
        if self.student is not None or self._scripted:
            fields.append(("skey", self.secret))
        return urllib.parse.urlencode(fields)

    def _keep_address(self) -> None:
        """Put :meth:`address_query` where the rooms' script reads it (the script shown once,
        when the page first joins)."""
        self.address.value = f'<span data-query="{escape(self.address_query())}"></span>'
        if not self._scripted:
            self._scripted = True
            from IPython.display import HTML

            from widgets.site.room import room_script_html
            self.script.append_display_data(
                HTML(room_script_html()))  # type: ignore[no-untyped-call]

    def join(self) -> None:
        """Join the class typed, as the nickname typed (the store's refusal is shown)."""
        if IN_BROWSER:
            self._show_fields()
            return
        try:
            student = self.store.join(self.code.value, self.nickname.value, self.secret)
            already = len(student.answers())
        except WppError as err:
            self.status.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self.student, self.sent = student, already
        self._joined_line()
        self.box.children = (self.status, self.leave_button, self.address, self.script)
        self._keep_address()

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
        self.box.children = (self.open_button, self.address, self.script)
        if self._scripted:
            self._keep_address()

    def report(self, question: str, choice: str, correct: bool | None = None,
               title: str = "", lesson: str = "") -> None:
        """Record one answer if the page is in a class (see :func:`report_answer`)."""
        if self.student is None:
            return
        try:
            before = len(self.student.answers())
            self.student.answer(question, choice, correct, title, lesson)
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
                  *, lesson: str = "", box: ClassBox | None = None) -> None:
    """The seam every lesson widget reports through, at the moment the learner commits:
    ``lesson`` the lesson's id (``"05"``) and ``question`` an id unique in the lesson and
    deal, stable whatever the page shows (``"move 12 · seed 3"``) — together the question's
    identity; ``choice`` what the learner chose in words, ``correct`` whether it was right
    (``None``: a prediction the lesson does not judge), ``title`` the question's short text
    as the teacher's page shows it. Records it if this page joined a class; otherwise does
    nothing. Never raises.

    A question the learner skipped (the small **Skip** of every question-by-question widget,
    :mod:`widgets.lessons.shared.commit`) is not reported: a skip is not an answer, so the teacher's
    counts hold only the answers given and a skipped question shows as not answered."""
    target = box if box is not None else _BOX
    if target is not None:
        target.report(str(question), str(choice)[:120] or "—", correct, _short(title),
                      lesson=lesson)


def _short(text: str, limit: int = 200) -> str:
    """A question's text cut to ``limit`` characters (an ellipsis marks the cut)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
