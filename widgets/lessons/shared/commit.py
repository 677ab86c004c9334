"""Guess first, then see: the questions of lessons 6 to 12.

A :class:`Guess` is a question with a few answers and a way to draw what the kit found — the
figure, the table, the AI's choice. :class:`GuessList` asks its guesses one at a time: the
learner picks an answer and presses **Lock in my answer**; only then is the reveal *computed*
and drawn (the reveal is a function, called at the commit), so nothing of the answer is in
the page — not in a label, not in a hidden widget's state — before the learner commits.

>>> g = Guess("How many sides has a die?", ("four", "six"),
...           lambda i: "Six." + (" Right." if i == 1 else " No."), answer=1)
>>> quiz = GuessList([g])
>>> quiz.lock_button.disabled, "Six" in " ".join(widget_strings(quiz.root))
(True, False)
>>> quiz.choose(1); quiz.commit()
>>> quiz.answers, "Six. Right." in quiz.reveal.box.children[0].value
({0: 1}, True)

**No skipping past a question by accident.** On a question not yet answered, the next-question
button stays disabled until the learner locks an answer in. A smaller **Skip** button
(:func:`skip_button`) lets nobody get stuck: it reveals the answer, marked as skipped. A skip
is not an answer: the class view records nothing for it (:func:`report_answer` is not
called), so the teacher's counts hold only answers given, and a skipped question stays
unanswered for that student. Every question-by-question widget of the lessons follows this
rule (the guesses here, lesson 2's quiz, lesson 9's hit-or-fold exercises, the drills of
lessons 2 and 13, lesson 5's moves, whose skip is "Just show the AI's move").
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, lesson_root, nav_button
from widgets.lessons.shared.classroom import report_answer
from widgets.lessons.shared.predict import Reveal
from wpp.core.errors import WppError

__all__ = ["SKIPPED", "AfterGuesses", "Answerable", "Guess", "GuessList", "Note", "figure_html",
           "skip_button", "widget_strings"]

#: The choice a reveal is called with when the learner skipped the question: it matches no
#: answer, so a reveal marks no choice as the learner's.
SKIPPED = -1


def skip_button(tooltip: str = "see the answer without answering (nothing is recorded)"
                ) -> w.Button:
    """The small **Skip** beside a question (see the module): smaller than the buttons that
    answer, so answering stays the obvious thing to do."""
    b = w.Button(description="Skip", tooltip=tooltip,
                 layout=w.Layout(width="auto", height="26px"))
    b.style.font_size = "12px"
    b.add_class("wpp-skip")
    return b


@dataclass(frozen=True)
class Guess:
    """One question: ``prompt`` (HTML), the ``choices`` offered, and ``reveal`` — called with
    the index of the learner's choice once it is locked in, it returns the HTML to show (the
    answer and why). ``picture`` is HTML shown with the question (a position, cards): it must
    not give the answer away. ``answer`` is the index of the right choice, or ``None`` when
    the question has none (a guess of a number, judged in the reveal). ``judge``, for a
    question whose right answer is only known once computed (lesson 12's duels), is called
    with the choice at the commit and says whether it was right (``None``: no verdict).
    ``short`` is the question's text for the teacher's page (default: the prompt without
    its markup): it must tell apart questions whose prompts are the same."""

    prompt: str
    choices: tuple[str, ...]
    reveal: Callable[[int], str]
    picture: str = ""
    answer: int | None = None
    judge: Callable[[int], bool | None] | None = None
    short: str = ""

    def is_right(self, choice: int) -> bool | None:
        """Whether ``choice`` is right: by :attr:`answer`, else by :attr:`judge`, else
        ``None``."""
        if self.answer is not None:
            return self.answer == choice
        return None if self.judge is None else self.judge(choice)

    def text(self) -> str:
        """The question's short text for the teacher's page."""
        return self.short or re.sub(r"<[^>]+>", "", self.prompt)


def figure_html(fig: Any, width: int = 640) -> str:
    """A matplotlib figure as an ``<img>`` (PNG, inline), closed afterwards: a picture drawn
    in a reveal, not printed by the cell (so it cannot show before the commit)."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" style="max-width:{width}px;width:100%">'


class GuessList(Lesson):
    """Guesses asked one at a time: pick an answer, lock it in, then see what the kit found.

    ◀ / ▶ move between the questions; an answered question shows its reveal again, an
    unanswered one shows nothing of it, and ▶ waits until it is answered or skipped (see the
    module). ``answers`` maps each answered question to the index of the choice locked in;
    ``skipped`` holds the questions skipped. ``top`` are widgets shown above the questions (a
    setting the reveals read, such as a budget).

    For the class view each question has an identity: ``lesson`` (the lesson's id, ``"06"``)
    and its number, with ``deal`` (``"seed 7"``) when the questions depend on the page's
    deal — never :attr:`title`, which lessons share ("Guess first")."""

    #: What one of these is called in :class:`AfterGuesses`'s line ("the 3 questions above").
    noun = "question"

    def __init__(self, guesses: Sequence[Guess], title: str = "",
                 top: Sequence[w.Widget] = (), *, lesson: str = "", deal: str = "") -> None:
        if not guesses:
            raise WppError("a list of guesses needs at least one question")
        self.guesses = tuple(guesses)
        self.title = title
        self.lesson = lesson
        self.deal = deal
        self.index = 0
        self.answers: dict[int, int] = {}
        self.skipped: set[int] = set()
        self._on_done: list[Callable[[], None]] = []
        self._on_nav: list[Callable[[], None]] = []
        self._drawn: dict[int, str] = {}
        self.head = w.HTML("")
        self.head.add_class("wpp-question")
        self.options = w.RadioButtons(options=[], value=None, layout=w.Layout(width="auto"))
        self.lock_button = nav_button("Lock in my answer",
                                      "commit to your answer: then the kit shows what it found")
        self.lock_button.disabled = True
        self.back_button = nav_button("◀ previous question")
        self.next_button = nav_button("next question ▶")
        self.skip_button = skip_button()
        self.status = w.HTML("")
        self.status.add_class("wpp-feedback")
        self.reveal = Reveal()
        self.options.observe(self._picked, names="value")
        self.lock_button.on_click(lambda _b: self.commit())
        self.skip_button.on_click(lambda _b: self.skip())
        self.back_button.on_click(lambda _b: self.go(self.index - 1))
        self.next_button.on_click(lambda _b: self.go(self.index + 1))
        nav = w.HBox([self.back_button, self.next_button])
        nav.add_class("wpp-nav")
        acts = w.HBox([self.lock_button, self.skip_button, self.status])
        acts.add_class("wpp-nav")
        self.root = lesson_root([*top, self.head, self.options, acts, self.reveal.box, nav])
        self.go(0)

    @property
    def guess(self) -> Guess:
        return self.guesses[self.index]

    @property
    def count(self) -> int:
        """How many questions there are."""
        return len(self.guesses)

    def question_id(self, index: int) -> str:
        """Question ``index``'s id in its lesson (the class view's key): its number, and
        the deal when the questions depend on it. Without a lesson id, the title is the
        only name the list has, so it leads."""
        number = f"{index + 1}" + (f" · {self.deal}" if self.deal else "")
        return number if self.lesson else f"{self.title or 'guess'} · {number}"

    @property
    def finished(self) -> bool:
        """Is every question answered or skipped?"""
        return len(self.answers) + len(self.skipped) >= len(self.guesses)

    def then(self, make: Callable[..., Lesson], lead: str = "", **kwargs: Any
             ) -> AfterGuesses:
        """A part of the lesson that answers these questions, made by ``make(**kwargs)``
        (with ``lead``, HTML, above it) only once all are answered or skipped."""
        return AfterGuesses(self, make, lead=lead, **kwargs)

    def on_done(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after each question is answered or skipped (a part of the
        lesson that waits for :attr:`finished`)."""
        self._on_done.append(callback)

    def on_nav(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever the shown question or its state changes (shown,
        answered, skipped): a control that only makes sense once :attr:`done` follows it."""
        self._on_nav.append(callback)

    @property
    def done(self) -> bool:
        """Is the shown question answered or skipped (its reveal shown)?"""
        return self.index in self.answers or self.index in self.skipped

    def _picked(self, change: dict[str, Any]) -> None:
        self.lock_button.disabled = change["new"] is None or self.done

    def go(self, index: int) -> None:
        """Show question ``index`` (clamped): asking if unanswered, its reveal if answered."""
        self.index = max(0, min(index, len(self.guesses) - 1))
        g = self.guess
        count = (f"Question {self.index + 1} of {len(self.guesses)}"
                 if len(self.guesses) > 1 else "Your guess")
        title = f"{escape(self.title)} · " if self.title else ""
        self.head.value = (f'<div class="wpp-lesson-title">{title}{count}</div>'
                           f'<div class="wpp-narration">{g.prompt}</div>{g.picture}')
        answered = self.answers.get(self.index)
        self.options.unobserve(self._picked, names="value")
        self.options.options = list(g.choices)
        self.options.value = None if answered is None else g.choices[answered]
        self.options.observe(self._picked, names="value")
        self.options.disabled = self.done
        self.lock_button.disabled = True
        if answered is not None:
            self._show(answered)
        elif self.index in self.skipped:
            self._show(SKIPPED)
        else:
            self.reveal.hide()
            self.status.value = "Pick an answer, then lock it in."
        self._nav()

    def _nav(self) -> None:
        """◀ where there is a question before; ▶ once this one is answered or skipped;
        Skip only while it is neither."""
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index >= len(self.guesses) - 1 or not self.done
        self.skip_button.layout.display = "none" if self.done else ""
        for callback in self._on_nav:
            callback()

    def choose(self, choice: int) -> None:
        """Pick answer ``choice`` (as a click on it does)."""
        if not 0 <= choice < len(self.guess.choices):
            raise WppError(f"this question has {len(self.guess.choices)} answers; there is "
                           f"no answer {choice}")
        if self.done:
            raise WppError("this question is already answered")
        self.options.value = self.guess.choices[choice]

    def commit(self) -> None:
        """Lock in the answer picked and draw the reveal (computed now, not before)."""
        if self.done:
            raise WppError("this question is already answered")
        if self.options.value is None:
            raise WppError("pick an answer before locking it in")
        choice = self.guess.choices.index(self.options.value)
        self.answers[self.index] = choice
        self.options.disabled = True
        self.lock_button.disabled = True
        g = self.guess
        # The class view (if this page joined a class) records the answer at the commit.
        report_answer(self.question_id(self.index), g.choices[choice], g.is_right(choice),
                      g.text(), lesson=self.lesson)
        self._show(choice)
        self._nav()
        for callback in self._on_done:
            callback()

    def skip(self) -> None:
        """Skip the shown question: its answer is revealed, marked as skipped; nothing is
        recorded for the class (a skip is not an answer)."""
        if self.done:
            raise WppError("this question is already answered")
        self.skipped.add(self.index)
        self.options.disabled = True
        self.lock_button.disabled = True
        self._show(SKIPPED)
        self._nav()
        for callback in self._on_done:
            callback()

    def redraw(self) -> None:
        """Compute the shown question's reveal again (after the learner changed a setting
        the reveal reads, such as a budget); nothing happens before its commit."""
        if self.done:
            self._drawn.pop(self.index, None)
            self._show(self.answers.get(self.index, SKIPPED))

    def _show(self, choice: int) -> None:
        g = self.guess
        if choice == SKIPPED:
            self.status.value = ("Skipped." if g.answer is None else
                                 f"Skipped — the answer is <b>{escape(g.choices[g.answer])}</b>.")
        elif g.answer is None:
            self.status.value = f"You said: <b>{escape(g.choices[choice])}</b>."
        elif g.answer == choice:
            self.status.value = '<span class="wpp-ok">Right.</span>'
        else:
            self.status.value = (f'<span class="wpp-no">Not quite</span> — the answer is '
                                 f"<b>{escape(g.choices[g.answer])}</b>.")
        if self.index not in self._drawn:
            self._drawn[self.index] = g.reveal(choice)
        self.reveal.show([w.HTML(self._drawn[self.index])])

    def summary(self) -> str:
        skipped = f", {len(self.skipped)} skipped" if self.skipped else ""
        return (f"{len(self.guesses)} question(s) to answer before the reveal; "
                f"{len(self.answers)} answered{skipped}")


class Answerable(Protocol):
    """What :class:`AfterGuesses` waits for: questions (a :class:`GuessList`, or drills
    through a small adapter) that say when all are answered or skipped."""

    noun: str

    @property
    def count(self) -> int: ...

    @property
    def finished(self) -> bool: ...

    def then(self, make: Callable[..., Lesson], lead: str = "", **kwargs: Any
             ) -> AfterGuesses:
        """A part of the lesson that answers these questions, made by ``make(**kwargs)``
        (with ``lead``, HTML, above it) only once all are answered or skipped."""
        return AfterGuesses(self, make, lead=lead, **kwargs)

    def on_done(self, callback: Callable[[], None]) -> None: ...


class Note(Lesson):
    """A piece of the lesson's text (HTML) as a part: what :class:`AfterGuesses` makes when
    the part held back is words ("What to remember"), not a widget."""

    def __init__(self, html: str) -> None:
        self.html = w.HTML(html)
        self.root = w.VBox([self.html])
        self.root.add_class("wpp-lesson")      # the lessons' text styles, without their bar

    def summary(self) -> str:
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", self.html.value)).strip()
        return f"note: {text[:60]}"


class AfterGuesses(Lesson):
    """A part of a lesson that would answer the questions of ``quiz`` (a ranking, a table of
    differences): it is not even made — nothing of it is in the page — until every question
    is answered or skipped; until then one line says why it waits. ``make(**kwargs)`` makes
    the part (a :class:`Lesson`) at that moment; ``lead`` is HTML shown above it (the
    lesson's words that answer the questions too), held back with it.

    >>> quiz = GuessList([Guess("Which is higher?", ("a", "b"), lambda i: "b", answer=1)])
    >>> later = AfterGuesses(quiz, lambda: GuessList([Guess("b is higher. Next?", ("ok",),
    ...                                                       lambda i: "")]))
    >>> later.part is None, "b is higher" in " ".join(widget_strings(later.root))
    (True, False)
    >>> quiz.skip(); later.part is not None, "b is higher" in " ".join(widget_strings(later.root))
    (True, True)
    """

    def __init__(self, quiz: Answerable, make: Callable[..., Lesson], *, lead: str = "",
                 **kwargs: Any) -> None:
        self.quiz = quiz
        self._make = make
        self._lead = lead
        self._kwargs = kwargs
        self.part: Lesson | None = None
        n, noun = quiz.count, quiz.noun
        questions = f"the {noun} above" if n == 1 else f"the {n} {noun}s above"
        self.wait = w.HTML(f'<div class="wpp-muted">This part answers {questions}: it opens '
                           "once you have answered them (or skipped them).</div>")
        self.root = w.VBox([self.wait])
        quiz.on_done(self._open)
        self._open()

    def _open(self) -> None:
        if self.part is None and self.quiz.finished:
            self.part = self._make(**self._kwargs)
            lead = (w.HTML(self._lead),) if self._lead else ()
            self.root.children = (*lead, self.part.root)

    def summary(self) -> str:
        if self.part is None:
            return (f"waits for the {self.quiz.count} {self.quiz.noun}(s) above to be "
                    "answered or skipped")
        return self.part.summary()


def widget_strings(root: w.Widget) -> Iterator[str]:
    """Every string held by ``root`` and the widgets under it (values, labels, options,
    descriptions, tooltips): what the page receives. A test that an answer is in none of
    them before the commit proves it was not sent to the page."""
    seen: set[int] = set()
    todo: list[Any] = [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        for name in widget.keys:
            value = getattr(widget, name, None)
            values = value if isinstance(value, list | tuple) else (value,)
            for v in values:
                if isinstance(v, str):
                    yield v
                elif isinstance(v, w.Widget):
                    todo.append(v)
