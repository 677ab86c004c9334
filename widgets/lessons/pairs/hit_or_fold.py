"""Lesson 9's widgets (Pairs): the triangular deck and the rules in one line each, and the
"hit or fold?" exercises. Pairs' cards are drawn by its board's faces
(:mod:`widgets.games.pairs.faces`).

>>> from wpp.pairs.lesson import exercises
>>> quiz = HitOrFold(exercises(2, seed=9)); quiz.next.disabled
True
>>> quiz.answer("hit"); "answered hit" in quiz.summary(), quiz.next.disabled
(True, False)
"""

from __future__ import annotations

import zlib
from html import escape
from typing import Any

import ipywidgets as w

from widgets.games.pairs.faces import PAIRS_CSS, cards_row
from widgets.lessons.shared.base import LESSON_STYLE
from widgets.lessons.shared.classroom import report_answer
from widgets.lessons.shared.commit import skip_button
from widgets.parts.shown import Shown
from wpp.core.errors import WppError
from wpp.pairs.state import FOLD, HIT

__all__ = ["HitOrFold", "rules_html"]

#: What :attr:`HitOrFold.answers` holds for a skipped exercise.
SKIPPED = "skipped"
#: The expected-value player's name on a learner's page: the lesson's own words for it.
CAREFUL = "the careful player"


def rules_html() -> str:
    """The triangular deck as cards, and the rules in one line each (from the rules text)."""
    from wpp.core.rulebook import load_rulebook
    from wpp.pairs.cards import DECK

    book = load_rulebook("wpp.pairs", "rules.md")
    deck = "".join(f'<div>{cards_row([c for c in DECK if c == v], small=True)}</div>'
                   for v in range(1, 11))
    items = "".join(f"<li><b>{rid}</b> {escape(book[rid].summary)}</li>" for rid in book)
    return (f'<div class="wpp-app wpp-lesson wpp-pairs">{LESSON_STYLE}<style>{PAIRS_CSS}'
            f'</style><div class="wpp-panel"><b>The 55-card triangular deck</b>{deck}</div>'
            f"<ol style=\"list-style:none;padding-left:4px\">{items}</ol></div>")


def _button(label: str, fn: Any, css: str = "") -> w.Button:
    b = w.Button(description=label, layout=w.Layout(width="auto"))
    if css:
        b.add_class(css)
    b.on_click(lambda _: fn())
    return b


class HitOrFold(Shown):
    """"Hit or fold?" exercises: a position, your answer, and the exact odds behind the
    expected-value player's answer (:mod:`wpp.pairs.lesson`). One answer per exercise;
    **Next** waits for it, and the small **Skip** shows the odds without an answer (nothing
    is recorded for the class: :mod:`widgets.lessons.shared.commit`)."""

    def __init__(self, exercises: list[Any]) -> None:
        from wpp.pairs.lesson import describe

        self._describe = describe
        self.items = exercises
        self.index = 0
        self.answers: dict[int, str] = {}
        self.board = w.HTML()
        self.feedback = w.HTML()
        self.hit = _button("Hit", lambda: self.answer("hit"), "wpp-act")
        self.fold = _button("Fold", lambda: self.answer("fold"), "wpp-act")
        self.next = _button("Next ▶", self._next)
        self.skip = skip_button()
        self.skip.on_click(lambda _b: self.skip_exercise())
        box = w.VBox([w.HTML(LESSON_STYLE + f"<style>{PAIRS_CSS}</style>"), self.board,
                      w.HBox([self.hit, self.fold, self.next, self.skip]), self.feedback])
        for c in ("wpp-app", "wpp-lesson", "wpp-pairs"):
            box.add_class(c)
        self.root = box
        self._draw()

    def answer(self, move: str) -> None:
        """Answer the current exercise ("hit" or "fold")."""
        action = {"hit": HIT, "fold": FOLD}.get(move)
        if action is None:
            raise WppError(f"an answer is hit or fold, not {move!r:.20}")
        if self.index in self.answers:
            raise WppError("this exercise is already answered: go on with Next")
        self.answers[self.index] = move
        view = self.items[self.index].view
        where = self._describe(view)
        # The position's own digest names the deal (the page's ?seed= picks the exercises).
        deal = f"{zlib.crc32(where.encode('utf-8')):08x}"
        report_answer(f"{self.index + 1} · deal {deal}", move,
                      action is self.items[self.index].best,
                      f"Hit or fold? exercise {self.index + 1}: {where}", lesson="09")
        self._draw()

    def skip_exercise(self) -> None:
        """Skip the shown exercise: the odds and the careful player's move are shown,
        marked as skipped; nothing is recorded for the class."""
        if self.index not in self.answers:
            self.answers[self.index] = SKIPPED
            self._draw()

    def _feedback(self) -> str:
        from wpp.pairs.lesson import feedback

        move = self.answers.get(self.index)
        if move is None:
            return ""
        item = self.items[self.index]
        if move == SKIPPED:
            text = feedback(item, item.best).split(": it would ", 1)[-1]
            return (f'<div class="wpp-feedback">Skipped — {CAREFUL} would '
                    f"{escape(text)}</div>")
        action = HIT if move == "hit" else FOLD
        ok = "wpp-ok" if action is item.best else "wpp-no"
        return f'<div class="wpp-feedback {ok}">{escape(feedback(item, action))}</div>'

    def _next(self) -> None:
        self.index = (self.index + 1) % len(self.items)
        self._draw()

    def _draw(self) -> None:
        done = self.index in self.answers
        self.hit.disabled = self.fold.disabled = done
        self.next.disabled = not done
        self.skip.layout.display = "none" if done else ""
        self.feedback.value = self._feedback()
        v = self.items[self.index].view
        rows = "".join(
            f"<tr><td><b>{'▶ ' if s == v.player else ''}P{s + 1}"
            f"{' (you)' if s == v.player else ''}</b></td><td>{cards_row(v.hands[s])}</td>"
            f"<td>score {v.totals[s]}</td></tr>" for s in range(v.players))
        # The cards still unseen, counted per value (one face and "×n" each, not 49 faces).
        unseen = v.unseen()
        counts = " ".join(f'<span class="wpp-unseen">{cards_row([c], small=True)}×{n}</span>'
                          for c, n in sorted(unseen.items()) if n)
        self.board.value = (
            f'<div class="wpp-lesson-title">Exercise {self.index + 1} of {len(self.items)}: '
            f"hit or fold?</div><div class=\"wpp-ptable\"><table>{rows}</table>"
            f'<div class="wpp-pmid">Target {v.target} · the {unseen.total()} cards still '
            f"unseen (in the deck or burned), how many of each value: {counts}</div></div>")

    def summary(self) -> str:
        """One line for nbval: which exercise, the position, and the answer given."""
        answer = self.answers.get(self.index)
        if answer == SKIPPED:
            answer = "nothing (skipped)"
        text = f"exercise {self.index + 1} of {len(self.items)}: " + self._describe(
            self.items[self.index].view)
        return text + (f" — answered {answer}" if answer else "")
