"""Lesson 13's drills as questions a part of the lesson can wait for.

The author's list of sure wins answers the drills, so it must not be on the page before them
(issue 27: a ``<details>`` "open it after the drills" opened at any time). :class:`DrillsDone`
watches a :class:`~widgets.lessons.warpairs.drill.DrillPad` from outside — a drill is done once a
first move is made or it is skipped — and tells an
:class:`~widgets.lessons.shared.commit.AfterGuesses` when all are done; :data:`AUTHOR_WINS` is the
list it then shows.

>>> from widgets.lessons.shared.commit import Note, widget_strings
>>> from wpp.warpairs.teach.drills import STRATEGY
>>> pad = DrillPad(STRATEGY)
>>> later = DrillsDone(pad).then(Note, html=AUTHOR_WINS)
>>> "any card but a two" in " ".join(widget_strings(later.root))
False
>>> for i in range(len(STRATEGY)):
...     pad.go(i); pad.skip()
>>> "any card but a two" in " ".join(widget_strings(later.root))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from widgets.lessons.shared.base import Lesson
from widgets.lessons.shared.commit import AfterGuesses
from widgets.lessons.warpairs.drill import DrillPad

__all__ = ["AUTHOR_WINS", "DrillPad", "DrillsDone"]

#: The author's sure wins in singles: the answers of the drills.
AUTHOR_WINS: Final = (
    '<div class="wpp-narration"><p><b>The author\'s sure wins in singles.</b> The K♠ with '
    "any two; the A♠ with any card but a two (or with the 2♠); the 2♠ with any ace.</p></div>")


class DrillsDone:
    """The drills of ``pad`` seen as questions (:class:`~widgets.lessons.shared.commit.Answerable`):
    ``finished`` once every drill has a first move or was skipped."""

    noun = "drill"

    def __init__(self, pad: DrillPad) -> None:
        self.pad = pad
        self._callbacks: list[Callable[[], None]] = []
        # Every first move and every skip writes the drill's result: the moment to look.
        pad.result.observe(lambda _change: self._changed(), names="value")

    @property
    def count(self) -> int:
        return len(self.pad.drills)

    @property
    def finished(self) -> bool:
        return len(self.pad.done) >= self.count

    def on_done(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _changed(self) -> None:
        for callback in self._callbacks:
            callback()

    def then(self, make: Callable[..., Lesson], lead: str = "", **kwargs: Any) -> AfterGuesses:
        """A part made by ``make(**kwargs)`` only once every drill is done."""
        return AfterGuesses(self, make, lead=lead, **kwargs)
