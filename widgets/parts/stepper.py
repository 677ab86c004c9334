"""The stepper: an :class:`~wpp.core.explain.Explanation` told one step at a time, with Back and
Next, card pictures (the cards a step singles out outlined in gold) and its table of
candidates (the chosen row marked).

The AI's explanations (mulligan, segment, decisions) are lists of steps; a learner reads them
better one at a time. "All steps" shows the whole explanation at once, as the app's "Why?"
panel does (:func:`widgets.parts.explain_view.explanation_html`).

>>> from wpp.core.explain import Explanation, Step
>>> from wpp.core.standard_deck import parse_cards
>>> e = Explanation("Mulligan", [Step("Set aside twos, kings and aces", parse_cards("2C KS AH")),
...                              Step("Candidate poker hands"), Step("Keep the pairs")])
>>> s = Stepper(e)
>>> s.summary()
'step 1 of 3 — Set aside twos, kings and aces'
>>> s.next_button.click(); s.next_button.click(); s.index, s.step.title
(2, 'Keep the pairs')
>>> s.back_button.click(); s.index
1
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import lesson_root, nav_button
from widgets.parts.explain_view import explanation_html, table_html, text_html
from widgets.parts.faces import cards_html
from widgets.parts.shown import Shown
from wpp.core.explain import Cell, Explanation, Step, Words, cell_text, is_cards

__all__ = ["Stepper", "step_html"]


def _cell(x: Cell) -> str:
    if isinstance(x, Words):
        return text_html(x)
    if is_cards(x):
        assert isinstance(x, tuple)
        return cards_html(x, 26)
    return escape(cell_text(x))


def step_html(step: Step, number: int, total: int) -> str:
    """One step as HTML: its title, its cards (highlighted ones outlined), its notes, its
    table (the chosen row marked) and its verdict."""
    out = [f'<div class="wpp-step-head">Step {number} of {total}: {text_html(step.title)}</div>']
    if step.cards:
        pics = cards_html(step.cards, 40,
                          highlight=step.highlight)
        out.append(f'<div class="wpp-step-cards">{pics}</div>')
    if step.columns:
        out.append(table_html(step.columns, [[_cell(x) for x in row] for row in step.rows],
                              chosen=[step.chosen_row]))
    for n in step.notes:
        out.append(f'<div class="wpp-note">· {text_html(n)}</div>')
    if step.verdict:
        out.append(f'<div class="wpp-verdict">→ {text_html(step.verdict)}</div>')
    return "".join(out)


class Stepper(Shown):
    """Back / Next through the steps of an explanation; ``root`` is the widget to place.

    ``on_step(callback)`` calls ``callback(index)`` whenever the step shown changes (a lesson
    may, for instance, outline the step's cards elsewhere).
    """

    def __init__(self, explanation: Explanation | None = None, *, styled: bool = True) -> None:
        self.explanation: Explanation | None = None
        self.index = 0
        self._callbacks: list[Callable[[int], None]] = []
        self.back_button = nav_button("◀ Back", "the previous step")
        self.next_button = nav_button("Next ▶", "the next step")
        self.label = w.HTML("")
        self.label.add_class("wpp-nav-label")
        self.all_box = w.Checkbox(value=False, description="all steps at once", indent=False,
                                  layout=w.Layout(width="auto"))
        self.title = w.HTML("")
        self.title.add_class("wpp-lesson-title")
        self.html = w.HTML("")
        self.html.add_class("wpp-panel")
        nav = w.HBox([self.back_button, self.label, self.next_button, self.all_box])
        nav.add_class("wpp-nav")
        children: list[w.Widget] = [self.title, nav, self.html]
        if styled:
            self.root = lesson_root(children, "wpp-stepper")
        else:
            self.root = w.VBox(children)
            self.root.add_class("wpp-stepper")
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.forward())
        self.all_box.observe(lambda _c: self._render(), names="value")
        if explanation is not None:
            self.show(explanation)
        else:
            self._render()

    # --------------------------------------------------------------- stepping
    @property
    def count(self) -> int:
        """How many steps the explanation has."""
        return len(self.explanation.steps) if self.explanation is not None else 0

    @property
    def step(self) -> Step | None:
        """The step shown (``None`` with no explanation)."""
        if self.explanation is None or not self.count:
            return None
        return self.explanation.steps[self.index]

    def on_step(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(index)`` after every change of step."""
        self._callbacks.append(callback)

    def show(self, explanation: Explanation, index: int = 0) -> None:
        """Step through ``explanation``, starting at step ``index`` (0-based)."""
        self.explanation = explanation
        self.go(index)

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the steps there are)."""
        self.index = max(0, min(index, self.count - 1)) if self.count else 0
        self._render()
        for cb in self._callbacks:
            cb(self.index)

    def forward(self) -> None:
        """The next step (nothing at the last)."""
        if self.index + 1 < self.count:
            self.go(self.index + 1)

    def back(self) -> None:
        """The previous step (nothing at the first)."""
        if self.index > 0:
            self.go(self.index - 1)

    # --------------------------------------------------------------- drawing
    def _render(self) -> None:
        e = self.explanation
        if e is None or not self.count:
            self.title.value = ""
            self.label.value = "no steps"
            self.html.value = '<div class="wpp-muted">Nothing to explain yet.</div>'
            self.back_button.disabled = self.next_button.disabled = True
            return
        self.title.value = text_html(e.title) + (f": {text_html(e.summary)}" if e.summary
                                                 else "")
        if self.all_box.value:
            self.label.value = f"all {self.count} steps"
            self.html.value = explanation_html(e)
            self.back_button.disabled = self.next_button.disabled = True
            return
        self.label.value = f"step {self.index + 1} of {self.count}"
        self.html.value = step_html(e.steps[self.index], self.index + 1, self.count)
        self.back_button.disabled = self.index == 0
        self.next_button.disabled = self.index + 1 >= self.count

    def summary(self) -> str:
        """Where the stepper stands, in a line (its plain-text form)."""
        step = self.step
        if step is None:
            return "no explanation"
        return f"step {self.index + 1} of {self.count} — {step.title}"


