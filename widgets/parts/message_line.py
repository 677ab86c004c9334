"""The message line under the hand: a refusal with the engine's reason, or a note.

A message belongs to the moment it was said in. A refusal goes stale at any move (of anybody:
the position it was about is gone); a note (e.g. what the auto-mulligan chose) at the next
move of a person. The page says what a moment is: ``moment()`` returns (the count of a
person's moves, undos, redos and deals; the count of actions in the game).

>>> now = [0, 0]
>>> line = MessageLine(lambda: (now[0], now[1]))
>>> line.refuse("no cards selected"); line.html.value
'Refused: no cards selected'
>>> now[1] += 1; line.render(); line.html.value     # the computer moved: stale
''
>>> line.say("Undone.", info=True); now[1] += 1; line.render(); "Undone." in line.html.value
True
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from widgets.parts.plain_words import plain

__all__ = ["MessageLine"]


class MessageLine:
    """The line's widget is ``html`` (CSS class ``wpp-msg``; notes in ``wpp-info``)."""

    def __init__(self, moment: Callable[[], tuple[int, int]]) -> None:
        self.html = w.HTML("")
        self.html.add_class("wpp-msg")
        self._moment = moment
        self.text = ""
        self.info = False
        self._at: tuple[int, ...] = ()

    def say(self, text: str, *, info: bool = False) -> None:
        """Keep ``text`` for now (drawn at the next :meth:`render`); ``info``: a note, not a
        refusal."""
        self.text = text
        self.info = info
        self._at = self._epoch()

    def refuse(self, reason: str) -> None:
        """Show a refusal at once (the engine's reason, in words)."""
        self.say(f"Refused: {reason}")
        self.render()

    def drop_refusal(self) -> None:
        """A refusal was about the old selection: a new one makes it stale."""
        if self.text and not self.info:
            self.text = ""
            self.render()

    def _epoch(self) -> tuple[int, ...]:
        person, actions = self._moment()
        return (person,) if self.info else (person, actions)

    def render(self) -> None:
        """Draw the message, or nothing once it is stale."""
        text = "" if self._at != self._epoch() else escape(plain(self.text))
        if text and self.info:
            text = f'<span class="wpp-info">{text}</span>'
        if self.html.value != text:
            self.html.value = text
