"""The last move, above any game's board: one line in the narration's own words as the viewer
may read them (hidden cards blanked by the event itself), lit for a moment when it changes —
so a person who looks back at the page sees at a glance what just happened.

>>> line = LastMoveLine()
>>> line.show(["P1 plays 9♦", "P2 passes"], str)
>>> "Last move" in line.html.value and "P2 passes" in line.html.value
True
>>> line.show([], str); line.html.value, line.html.layout.display
('', 'none')
>>> line.show(["<b>"], str); "&lt;b&gt;" in line.html.value     # words, never markup
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Final, TypeVar

import ipywidgets as w

from widgets.parts.plain_words import plain

__all__ = ["LAST_MOVE_CSS", "LastMoveLine", "brief"]

T = TypeVar("T")

#: The line's look; its flash is a CSS animation, off for people who ask for less motion.
LAST_MOVE_CSS: Final = """
.wpp-app .wpp-last-move { background: #fff8e1; border-left: 4px solid #d4a017;
  border-radius: 4px; padding: 2px 8px; font-size: 14px; }
.wpp-app .wpp-last-move .widget-html-content { white-space: normal; line-height: 1.35; }
@keyframes wpp-last-flash { 0% { background: #ffe08a; } 100% { background: transparent; } }
.wpp-app .wpp-last-move .wpp-last-words { animation: wpp-last-flash 1.8s ease-out 1;
  border-radius: 3px; }
"""


#: A result's hand-by-hand details, in parentheses: "(Computer: Two Pair, … · You: …)".
_DETAILS: Final = re.compile(r" \((?:[^():]+: [^()]*)(?: · [^():]+: [^()]*)+\)(?=[.!]?$)")


def brief(text: str) -> str:
    """``text`` without a result's hand-by-hand details at its end: one line to read at a
    glance (5-card draw's "You draw 3 cards. Computer wins (Computer: Two Pair, Tens and
    Threes, Two kicker · You: One Pair, …)." filled the line); the board's showdown and the
    game log keep them.

    >>> brief("You draw 3 cards. Computer wins (Computer: Two Pair, Tens · You: One Pair).")
    'You draw 3 cards. Computer wins.'
    >>> brief("P2 plays 7♦ (a pair).")                     # no details: as it was
    'P2 plays 7♦ (a pair).'
    """
    return _DETAILS.sub("", text)


class LastMoveLine:
    """The line's widget is ``html`` (CSS class ``wpp-last-move``), hidden before the first
    move."""

    def __init__(self) -> None:
        self.html = w.HTML("", layout=w.Layout(display="none"))
        self.html.add_class("wpp-last-move")

    def show(self, events: Sequence[T], words: Callable[[T], str]) -> None:
        """Show ``words`` of the last of ``events`` (nothing when there is none)."""
        value = ('<b>Last move:</b> <span class="wpp-last-words">'
                 f"{escape(plain(brief(words(events[-1]))))}</span>" if events else "")
        display = "" if value else "none"
        if self.html.value != value:
            self.html.value = value
        if self.html.layout.display != display:
            self.html.layout.display = display

    def hide(self) -> None:
        """No line (a position shown for reading has its own words)."""
        self.show((), str)
