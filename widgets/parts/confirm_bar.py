"""The confirm bar: a question with "Yes" and "Cancel", asked before the page does something
that ends or changes a game in progress (a new deal, a replay, a saved game, a seat change).

The bar keeps what "Yes" will do; the page decides what a question is about and what
"Cancel" puts back (see :meth:`ConfirmBar.on_answer`).

>>> bar, done = ConfirmBar(), []
>>> bar.on_answer(lambda yes, action: done.append((yes, action is not None)))
>>> bar.ask("Deal a new game?", lambda: None, note="The game in progress ends.")
>>> bar.pending is not None, bar.box.layout.display == ""
(True, True)
>>> bar.no.click(); done, bar.pending, bar.box.layout.display
([(False, True)], None, 'none')
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

__all__ = ["ConfirmBar"]

Action = Callable[[], None]


class ConfirmBar:
    """A hidden row (``box``): ``text``, ``yes`` and ``no`` buttons; shown while a question
    is pending."""

    def __init__(self) -> None:
        self.text = w.HTML("")
        self.yes = w.Button(description="Yes")
        self.yes.add_class("wpp-confirm-yes")
        self.no = w.Button(description="Cancel")
        self.no.add_class("wpp-confirm-no")
        self.box = w.HBox([self.text, self.yes, self.no], layout=w.Layout(display="none"))
        self.box.add_class("wpp-confirm")
        self.pending: Action | None = None
        self._answer: Callable[[bool, Action | None], None] = lambda _y, _a: None
        self.yes.on_click(lambda _b: self._answered(True))
        self.no.on_click(lambda _b: self._answered(False))

    def on_answer(self, callback: Callable[[bool, Action | None], None]) -> None:
        """Call ``callback(yes, action)`` at each answer, with what the question would do
        (already forgotten by the bar, and hidden again)."""
        self._answer = callback

    def ask(self, question: str, action: Action, note: str = "") -> None:
        """Ask ``question`` (words, in bold) and ``note``; "Yes" will call ``action``."""
        self.pending = action
        self.text.value = f"<b>{escape(question)}</b>" + (f" {escape(note)}" if note else "")
        self.render()

    def cancel(self) -> None:
        """Forget the question (e.g. a new game began)."""
        self.pending = None
        self.render()

    def render(self) -> None:
        """Show the bar while a question is pending."""
        display = "" if self.pending is not None else "none"
        if self.box.layout.display != display:
            self.box.layout.display = display

    def _answered(self, yes: bool) -> None:
        action, self.pending = self.pending, None
        self.render()
        self._answer(yes, action)
