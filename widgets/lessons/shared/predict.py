"""Predict, then reveal: what lessons 3, 4 and 5 share.

A lesson asks first (the learner picks cards, a choice, a move) and tells after: the AI's
choice, its reasoning and the comparison stay out of the page — not hidden by CSS, simply not
drawn — until the learner commits. :class:`Reveal` is that second half: a box that is empty
and takes no room until :meth:`Reveal.show` fills it. :func:`comparison_html` draws the
learner's answer beside the AI's, measure by measure, as lesson 3 always has.

The stepper of the AI's reasoning is wrapped by :func:`step_nav` so its buttons say "step"
(a lesson with moves labels those "move"): two navigations are never two identical Back / Next.

>>> r = Reveal()
>>> r.shown, r.box.layout.display
(False, 'none')
>>> print(comparison_html([("outliers left", "2", "0", "fewer is better")], "The AI's pick "
...       "is better.", "wpp-no").count("<tr"))
2
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import plain_words, table_html
from widgets.parts.explain_view import text_html
from widgets.parts.faces import cards_html, standard_cards
from widgets.parts.stepper import Stepper
from wpp.core.explain import Explanation

__all__ = ["NOTHING", "Reveal", "changed_html", "comparison_html", "step_nav"]

#: What a stepper holds before the reveal: nothing (the AI's reasons are not even in the
#: widgets' state, which the page receives).
NOTHING: Explanation = Explanation("", [])


class Reveal:
    """The half of a lesson shown only after the learner commits."""

    def __init__(self) -> None:
        self.box = w.VBox([])
        self.box.add_class("wpp-reveal")
        self.box.layout.display = "none"
        self.shown = False

    def show(self, children: Sequence[w.Widget]) -> None:
        """Draw ``children`` (the answer, the comparison, the reasoning)."""
        self.box.children = tuple(children)
        self.box.layout.display = ""
        self.shown = True

    def hide(self) -> None:
        """Back to asking: nothing of the answer stays in the page."""
        self.box.children = ()
        self.box.layout.display = "none"
        self.shown = False


def comparison_html(rows: Sequence[Sequence[str]], verdict: str, css: str,
                    heads: tuple[str, str] = ("yours", "the AI's")) -> str:
    """The learner's answer beside the AI's: one row per measure (cells are ready HTML),
    cells that differ in bold, then the verdict."""
    marked = []
    for r in rows:
        label, yours, ai, *how = r
        if yours != ai:
            yours, ai = f"<b>{yours}</b>", f"<b>{ai}</b>"
        marked.append([label, yours, ai, *how])
    return (table_html(("", *heads, "how to read it"), marked)
            + f'<div class="wpp-feedback {css}">{escape(verdict)}</div>')


def changed_html(stepper: Stepper) -> str:
    """What the step shown adds to the one before: the previous step's conclusion, and the
    cards this step singles out that it did not ("" on the first step)."""
    e, i = stepper.explanation, stepper.index
    if e is None or i == 0 or i >= len(e.steps) or stepper.all_box.value:
        return ""
    prev, step = e.steps[i - 1], e.steps[i]
    new = [c for c in standard_cards(step.highlight) if c not in
           set(standard_cards(prev.highlight))]
    said = (f"step {i} concluded: {text_html(prev.verdict)}" if prev.verdict
            else f"step {i}: {text_html(prev.title)}")
    cards = f"; newly outlined here: {cards_html(new, 22)}" if new else ""
    return f'<div class="wpp-changed">Since the last step — {said}{cards}</div>'


def step_nav(stepper: Stepper) -> Stepper:
    """Label a stepper's buttons as *steps* of the reasoning (lessons with moves have move
    buttons too), and highlight what changed since the last step; return it."""
    stepper.back_button.description = "◀ previous step"
    stepper.next_button.description = "next step ▶"
    stepper.back_button.tooltip = "the previous step of the AI's reasoning"
    stepper.next_button.tooltip = "the next step of the AI's reasoning"

    def mark(_index: int) -> None:
        extra = changed_html(stepper)
        if extra:
            stepper.html.value = extra + stepper.html.value

    stepper.on_step(mark)

    def plain(change: dict[str, object]) -> None:   # no section numbers on a lesson page
        new = change["new"]
        if isinstance(new, str) and plain_words(new) != new:
            change["owner"].value = plain_words(new)  # type: ignore[attr-defined]

    stepper.html.observe(plain, names="value")
    stepper.title.observe(plain, names="value")
    return stepper
