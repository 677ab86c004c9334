"""The plainest board for any game: the viewer's view in words and one button per legal
action — what the game page shows for a game whose own board is not written yet, and what the
page's tests play on. It meets the :class:`~widgets.page.board.Board` contract: it is drawn
from a view only, a click is a request, Hint's choice is shown selected, and keys ``1``…``9``
click the first nine actions.

>>> from wpp.core.registry import new_game
>>> board, g = ListBoard("draw"), new_game("draw", seed=4)
>>> chosen = []
>>> board.on_choose(chosen.append)
>>> board.draw(g.view(0), legal=g.legal_actions())
>>> board.buttons[0].click(); chosen == [g.legal_actions()[0]]
True
>>> board.select(g.legal_actions()[1]); board.buttons[1].button_style
'info'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from widgets.page.board import BoardBase, Key

__all__ = ["ListBoard"]

_MAX = 40


class ListBoard:
    """The view as text (``view_html``) and the legal actions as buttons (``buttons``)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.view_html = w.HTML("")
        self.view_html.add_class("wpp-list-view")
        self.last_html = w.HTML("")
        self.last_html.add_class("wpp-last-move")
        self.buttons: list[w.Button] = []
        self.actions: list[Any] = []
        self.row = w.HBox([], layout=w.Layout(flex_flow="row wrap"))
        self.row.add_class("wpp-list-actions")
        self.root = w.VBox([self.last_html, self.view_html, self.row])
        self.root.add_class("wpp-list-board")
        self._choose: Callable[[Any], None] = lambda _a: None
        self.selected: Any = None
        self.active = False

    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw ``view`` (and ``others`` when open hands are allowed) and ``legal``."""
        text = f"<pre>{escape(str(view))[:4000]}</pre>"
        for seat, other in sorted((others or {}).items()):
            if seat != getattr(view, "player", None):
                text += f"<div>P{seat + 1}:</div><pre>{escape(str(other))[:4000]}</pre>"
        if self.view_html.value != text:
            self.view_html.value = text
        self.last_html.value = f"Last move: <b>{escape(self.describe(last))}</b>" if last else ""
        self.active = active
        self.actions = list(legal)[:_MAX] if active else []
        self.selected = None
        while len(self.buttons) < len(self.actions):
            i = len(self.buttons)
            self.buttons.append(BoardBase.button("", f"wpp-choice-{i}", "",
                                                 partial(self._clicked, i)))
        for i, b in enumerate(self.buttons):
            shown = i < len(self.actions)
            b.description = self.describe(self.actions[i]) if shown else ""
            b.tooltip = b.description
            b.button_style = ""
            b.layout.display = "" if shown else "none"
        self.row.children = tuple(self.buttons)

    def _clicked(self, i: int) -> None:
        if self.active and i < len(self.actions):
            self._choose(self.actions[i])

    def on_choose(self, callback: Callable[[Any], None]) -> None:
        self._choose = callback

    def select(self, action: Any) -> None:
        """Mark ``action``'s button (Hint); the person clicks it to play it."""
        self.selected = action
        for i, b in enumerate(self.buttons):
            b.button_style = "info" if i < len(self.actions) and self.actions[i] == action else ""

    def keys(self) -> Sequence[Key]:
        return BoardBase.numbered_keys("wpp-choice-{i}", "choose the {n}. action listed")

    def describe(self, action: Any) -> str:
        return str(action)
