"""The teacher's page: open a class, give the students its code, and see live how they answer.

``notebooks/teacher.ipynb`` shows :meth:`TeacherPage.from_env`. "Open a class" makes a class
(:meth:`wpp.services.classroom.ClassStore.open`): its code, in large letters, is for the students
(they type it in the class box of any lesson page); the teacher's secret stays in this page's
own address (``?class=CODE&key=SECRET``, kept there by the rooms' small script,
:func:`widgets.site.room.room_script_html`), so a reload — or the same address bookmarked —
opens the same class, and nobody without it reads the answers.

Every few seconds (``poll``) the page reads the class: per question — named by its lesson,
its number and its short text, so that two questions alike are told apart — a bar per choice
with how many students chose it, the right choices marked (a clicker's screen); per student,
how many questions answered and how many right; and a link that downloads every answer as CSV.

Each nickname is held by the student's page (:mod:`widgets.lessons.shared.classroom`). The teacher
can **lock** the class once everyone is in (no new names: a page making names up is stopped)
and **remove** a name with its answers (a made-up one, or a student's name taken by the wrong
page; the student then joins again).

>>> import os, tempfile
>>> from wpp.services.classroom import ClassStore
>>> store = ClassStore(os.path.join(tempfile.mkdtemp(), "c.sqlite3"))
>>> page = TeacherPage(store, poll=0, query="")
>>> page.open_button.click()
>>> student = store.join(page.teacher.code, "Ana")
>>> student.answer("q1", "keep the pair", True, "Which cards to keep?")
>>> page.poll()
True
>>> "keep the pair" in page.questions.value and "Ana" in page.students.value
True
>>> again = TeacherPage(store, poll=0, query=page.address_query())      # a reload
>>> again.teacher.code == page.teacher.code
True
>>> page.lock_button.value = True                                    # no new names
>>> store.join(page.teacher.code, "Ben")
Traceback (most recent call last):
wpp.core.errors.WppError: class ... is locked: no new names (ask your teacher)
>>> page.remove_name.value = "ana"; page.remove_button.click()
>>> page.message.value, "Ana" in page.students.value
('Removed Ana and their answers.', False)
"""

from __future__ import annotations

import asyncio
import base64
import os
import time
import urllib.parse
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.parts.address import page_query
from widgets.parts.theme import STYLE_HTML
from widgets.site.room import room_script_html
from wpp.core.errors import WppError
from wpp.services.classroom import ClassStore, Progress, Tally, Teacher

__all__ = ["TeacherPage", "bars_html", "students_html"]

_CSS: Final = """<style>
.wpp-teacher { max-width: 1000px; font-family: system-ui, sans-serif; color: #1f2d3d; }
.wpp-teacher h2 { font-size: 19px; margin: 10px 0 4px; }
.wpp-teacher .wpp-class-code { font-size: 44px; font-weight: bold; letter-spacing: 6px;
  color: #0d2b45; }
.wpp-teacher .wpp-q { border: 1px solid #d9d2bd; border-radius: 8px; padding: 6px 10px;
  margin: 6px 0; background: #fffdf6; }
.wpp-teacher .wpp-q-title { font-weight: bold; }
.wpp-teacher .wpp-bar-row { display: flex; align-items: center; gap: 8px; margin: 2px 0; }
.wpp-teacher .wpp-bar-label { flex: 0 0 280px; overflow: hidden; text-overflow: ellipsis;
  white-space: nowrap; }
.wpp-teacher .wpp-bar { height: 18px; background: #1565c0; border-radius: 3px; }
.wpp-teacher .wpp-bar.wpp-right { background: #2e7d32; }
.wpp-teacher .wpp-bar-n { font-weight: bold; min-width: 28px; }
.wpp-teacher table.wpp-students { border-collapse: collapse; }
.wpp-teacher table.wpp-students td, .wpp-teacher table.wpp-students th {
  border-bottom: 1px solid #ddd; padding: 3px 10px; text-align: left; }
.wpp-teacher .wpp-no { color: #a11; font-weight: bold; }
.wpp-teacher .wpp-muted { color: #555; }
.wpp-teacher a.wpp-csv { display: inline-block; background: #111; color: #d4a017;
  border: 2px solid #d4a017; border-radius: 6px; padding: 3px 12px; font-weight: bold;
  text-decoration: none; }
</style>"""

#: Bars shown per question (the rest are summed as "other answers").
MAX_BARS: Final = 8


def bars_html(tally: Tally, max_bars: int = MAX_BARS) -> str:
    """One question as a clicker shows it: a bar per choice, as long as its share of the
    students, the number beside it; the right choices in green with a ✓."""
    total = tally.total
    items = list(tally.counts.items())
    if len(items) > max_bars:
        rest = sum(n for _, n in items[max_bars - 1:])
        items = [*items[:max_bars - 1], (f"{len(items) - max_bars + 1} other answers", rest)]
    rows = []
    for choice, n in items:
        right = tally.right.get(choice)
        mark = " ✓" if right else (" ✗" if right is False else "")
        width = 0 if total == 0 else round(100 * n / total)
        cls = "wpp-bar wpp-right" if right else "wpp-bar"
        rows.append(f'<div class="wpp-bar-row"><span class="wpp-bar-label" '
                    f'title="{escape(choice)}">{escape(choice)}{mark}</span>'
                    f'<span class="wpp-bar-n">{n}</span><div style="flex: 1 1 auto">'
                    f'<div class="{cls}" style="width: {width}%"></div></div></div>')
    judged = f" · {tally.correct} right" if tally.right else ""
    return (f'<div class="wpp-q"><div class="wpp-q-title">{escape(tally.label)}</div>'
            f'<div class="wpp-muted">{total} answer{"s" if total != 1 else ""}{judged}</div>'
            + "".join(rows) + "</div>")


def students_html(progress: list[Progress], now: float) -> str:
    """Every student: questions answered, how many right, when last heard from."""
    if not progress:
        return '<div class="wpp-muted">No student has joined yet.</div>'
    rows = "".join(
        f"<tr><td>{escape(p.nickname)}</td><td>{p.answered}</td><td>{p.correct}</td>"
        f"<td>{_ago(now - p.seen)}</td></tr>" for p in progress)
    return ('<table class="wpp-students"><thead><tr><th>student</th><th>answered</th>'
            f"<th>right</th><th>last answer or join</th></tr></thead><tbody>{rows}</tbody>"
            "</table>")


def _ago(seconds: float) -> str:
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    return f"{int(seconds // 3600)} h ago"


class TeacherPage:
    """The teacher's page (see the module docs). ``poll`` is the seconds between reads of
    the class (0: only when :meth:`poll` is called, as tests do); ``query`` the page's
    address query (``None``: Voilà's ``QUERY_STRING``)."""

    def __init__(self, store: ClassStore | None = None, *, poll: float = 3.0,
                 query: str | None = None) -> None:
        self._store = store
        self.interval = poll
        self.teacher: Teacher | None = None
        self.teacher_key = ""
        self._generation = 0
        self._last: tuple[Any, ...] | None = None
        self.title = w.Text(placeholder="a name for the class (optional)",
                            layout=w.Layout(width="300px"))
        self.open_button = w.Button(description="Open a class", button_style="success")
        self.message = w.HTML("")
        self.lobby = w.VBox([w.HTML("<h2>Open a class</h2><div>Students type the class's "
                                    "code on any lesson page; you see here how they answer "
                                    "each question. Keep this page's address to yourself: it "
                                    "holds the key to the answers.</div>"),
                             w.HBox([self.title, self.open_button]), self.message])
        self.head = w.HTML("")
        self.questions = w.HTML("")
        self.students = w.HTML("")
        self.export = w.HTML("")
        self.refresh_button = w.Button(description="Refresh now")
        self.lock_button = w.ToggleButton(value=False, description="Lock the class",
                                          tooltip="no new names may join (the students "
                                          "already in keep answering)")
        self.remove_name = w.Text(placeholder="a nickname", layout=w.Layout(width="140px"))
        self.remove_button = w.Button(description="Remove this name",
                                      tooltip="remove the name and its answers")
        self.address = w.HTML("", layout=w.Layout(display="none"))
        self.address.add_class("wpp-room-address")
        self.board = w.VBox([self.head, w.HBox([self.refresh_button, self.export]),
                             w.HTML("<h2>How the class answered</h2>"), self.questions,
                             w.HTML("<h2>Students</h2>"), self.students,
                             w.HBox([self.lock_button, self.remove_name, self.remove_button]),
                             self.message])
        self.board.layout.display = "none"
        self.root = w.VBox([w.HTML(STYLE_HTML + _CSS), self.lobby, self.board, self.address])
        self.root.add_class("wpp-teacher")
        self.open_button.on_click(lambda _b: self.open())
        self.refresh_button.on_click(lambda _b: self.poll(force=True))
        self.lock_button.observe(lambda _c: self.lock(bool(self.lock_button.value)),
                                 names="value")
        self.remove_button.on_click(lambda _b: self.remove(str(self.remove_name.value)))
        params = urllib.parse.parse_qs(page_query() if query is None else query)
        code, key = params.get("class", [""])[0], params.get("key", [""])[0]
        if code and key:
            try:
                self._opened(self.store.teacher(code, key), key)
            except WppError as err:
                self.message.value = f'<span class="wpp-no">{escape(str(err))}</span>'

    @classmethod
    def from_env(cls) -> TeacherPage:
        """The page as Voilà serves it (``WPP_POLL`` overrides the seconds between reads)."""
        try:
            poll = float(os.environ.get("WPP_POLL", "3"))
        except ValueError:
            poll = 3.0
        return cls(poll=poll)

    @property
    def store(self) -> ClassStore:
        if self._store is None:
            self._store = ClassStore()
        return self._store

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.root._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.summary()
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        # The rooms' script keeps the page's address in step with the class (and its key).
        display(HTML(room_script_html()))  # type: ignore[no-untyped-call]

    def summary(self) -> str:
        if self.teacher is None:
            return "teacher's page: open a class"
        return f"teacher's page: class {self.teacher.code}"

    def address_query(self) -> str:
        """What the page's address carries once a class is open: its code and the key."""
        if self.teacher is None:
            return ""
        return urllib.parse.urlencode({"class": self.teacher.code,
                                       "key": self.teacher_key})

    def open(self) -> None:
        """Open a new class (the store's refusal is shown)."""
        try:
            code, key = self.store.open(str(self.title.value).strip())
            teacher = self.store.teacher(code, key)
        except WppError as err:
            self.message.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self._opened(teacher, key)

    def lock(self, locked: bool) -> None:
        """Lock the class (no new names) or unlock it; the store's refusal is shown."""
        if self.teacher is None:
            return
        try:
            self.teacher.lock(locked)
        except WppError as err:
            self.message.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self.lock_button.description = "Unlock the class" if locked else "Lock the class"
        self.message.value = ("The class is locked: no new names." if locked else
                              "The class is open to new names.")

    def remove(self, nickname: str) -> None:
        """Remove ``nickname`` and its answers (a name not in the class: the kit's message,
        nothing removed)."""
        if self.teacher is None:
            return
        try:
            shown = self.teacher.remove(nickname)
        except WppError as err:
            self.message.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self.remove_name.value = ""
        self.message.value = f"Removed {escape(shown)} and their answers."
        self.poll(force=True)

    def _opened(self, teacher: Teacher, key: str) -> None:
        self.teacher = teacher
        self.teacher_key = key
        self.message.value = ""
        self.lock_button.value = teacher.locked
        self.lobby.layout.display = "none"
        self.board.layout.display = ""
        name = f" — {escape(teacher.title)}" if teacher.title else ""
        self.head.value = (f"<h2>Class{name}</h2><div>Students type this code on any lesson "
                           f'page:</div><div class="wpp-class-code">{escape(teacher.code)}</div>'
                           '<div class="wpp-muted">Bookmark this page to come back to the '
                           "class: its address holds your key.</div>")
        self.address.value = f'<span data-query="{escape(self.address_query())}"></span>'
        self.poll(force=True)
        self._schedule()

    def poll(self, force: bool = False) -> bool:
        """Read the class once and redraw if anything changed; whether it did."""
        if self.teacher is None:
            return False
        try:
            tally = self.teacher.tally()
            progress = self.teacher.progress()
        except WppError as err:
            self.message.value = (f'<span class="wpp-no">cannot read the class: '
                                  f"{escape(str(err))}</span>")
            return False
        state = (tuple((q, tuple(t.counts.items())) for q, t in tally.items()),
                 tuple((p.nickname, p.answered, p.correct) for p in progress))
        now = self.store.clock()
        if state == self._last and not force:
            self.students.value = students_html(progress, now)   # the "ago" column moves
            return False
        self._last = state
        self.questions.value = ("".join(bars_html(t) for t in reversed(list(tally.values())))
                                or '<div class="wpp-muted">No answers yet: the newest question '
                                "will come first.</div>")
        self.students.value = students_html(progress, now)
        data = base64.b64encode(self.teacher.csv().encode("utf-8")).decode("ascii")
        stamp = time.strftime("%Y%m%d-%H%M", time.gmtime(now))
        self.export.value = (f'<a class="wpp-csv" download="class-{self.teacher.code}-'
                             f'{stamp}.csv" href="data:text/csv;charset=utf-8;base64,'
                             f'{data}">Download the answers (CSV)</a>')
        return True

    def _schedule(self) -> None:
        if self.interval <= 0:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._generation += 1
        loop.call_later(self.interval, self._tick, self._generation)

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return
        self.poll()
        self._schedule()
