"""The game log: the last lines of a game's narration, numbered as in the whole game, and
once the game is over what each player still held — for any game's page.

The page gives the events and how to word one for its viewer (hidden cards blanked): only
the lines shown are worded.

>>> log = GameLogView(lines=2)
>>> log.show(["P1 plays 9♦", "P2 passes", "P1 takes 3♣"], str)
>>> log.html.value.split("</div>")[1]
'<ol><li value=2>P2 passes</li><li value=3>P1 takes 3♣</li></ol>'
>>> whole = GameLogView(None); whole.show(["a", "b", "c"], str); whole.html.value.count("<li")
3
>>> log.show([], str); log.html.value
''
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TypeVar

import ipywidgets as w

from widgets.parts.plain_words import plain

__all__ = ["LOG_CSS", "GameLogView"]

#: A whole log scrolls in its box; a column laid out from its end keeps the newest line in
#: view as lines arrive (the browser anchors such a box's scroll at its end).
LOG_CSS = """
.wpp-app .wpp-log.wpp-log-all { display: flex; flex-direction: column-reverse; }
.wpp-app .wpp-log.wpp-log-all .wpp-panel-title { position: sticky; top: 0; background: #fff; }
"""

T = TypeVar("T")


class GameLogView:
    """The log's widget is ``html`` (CSS class ``wpp-log``); it shows the last ``lines``, or
    with ``lines=None`` the whole log (class ``wpp-log-all``: the box scrolls, its newest
    line kept in view, :data:`LOG_CSS`)."""

    def __init__(self, lines: int | None = 14) -> None:
        self.lines = lines
        self.html = w.HTML("")
        self.html.add_class("wpp-log")
        if lines is None:
            self.html.add_class("wpp-log-all")

    def show(self, events: Sequence[T], words: Callable[[T], str], reveal: str = "") -> None:
        """Show the last events, each as ``words(event)`` (plain words), and ``reveal``
        (ready HTML, e.g. the hands held at the end)."""
        shown = events if self.lines is None else events[-self.lines:] if self.lines else []
        start = len(events) - len(shown)
        items = "".join(f"<li value={start + i + 1}>{escape(plain(words(e)))}</li>"
                        for i, e in enumerate(shown))
        value = (f'<div class="wpp-panel-title">Game log</div><ol>{items}</ol>{reveal}'
                 if items or reveal else "")
        if self.html.value != value:
            self.html.value = value
