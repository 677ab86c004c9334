"""How long a lesson takes, from what is in it: the words to read and the things to do.

The home page shows each lesson's minutes (``metadata.wpp.minutes``). They are not guessed:
:func:`lesson_timing` counts the words of the lesson's text (Markdown cells, code excluded) at
a learner's reading pace (:data:`READING_WPM`, slower than an adult's 200–250: these pages
mix prose, tables and cards; an appendix, a reference, is not counted) and adds, for every
widget the lesson shows, the time a class spends doing what it asks
(:data:`ACTIVITY_MINUTES`: so much per drill, per quiz question, per prediction — the kit's
estimates, to correct here once a class has been timed). The total is rounded up to 5
minutes. ``tests/lessons/test_lessons_timing.py`` checks that the stored minutes are the ones
this gives, so a lesson that grows says so on the home page.

>>> from widgets.site.home import NOTEBOOKS
>>> t = lesson_timing(NOTEBOOKS / "03_the_mulligan.ipynb")
>>> t.minutes % 5, t.words > 100, "MulliganLesson" in t.activities
(0, True, True)
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

__all__ = ["ACTIVITY_MINUTES", "READING_WPM", "Timing", "lesson_timing"]

#: Words a learner reads per minute on a lesson page.
READING_WPM: Final = 120
#: Minutes a class spends with each widget (the call as written in the lesson's code cell),
#: from counts: a drill 1.5 min, a strategy drill 2.5, a quiz question 0.5, a prediction
#: with its reveal about 10, a figure half a minute.
ACTIVITY_MINUTES: Final[dict[str, float]] = {
    "RulesCard(open_=True)": 4, "RulesCard()": 0.5, "TrickStrip": 3,
    "DrillPad(STRATEGY)": 4 * 2.5, "DrillPad()": 4 * 1.5,
    "GameWalkthrough": 10, "GuidedGame": 20, "CardText": 2, "PlayInspector": 4,
    "ladder_figure": 0.5, "BeatExplorer": 4, "cycle_figure": 0.5, "SceneViewer": 5,
    "Quiz": 19 * 0.5, "DealPreview": 4, "lesson_table": 2, "FirstTaste": 2,
    "MulliganLesson": 12, "SegmentLesson": 12, "GameReplay": 18, "Stepper": 3,
}


@dataclass(frozen=True, slots=True)
class Timing:
    """A lesson's length: words read, minutes per activity, and the total in minutes."""

    words: int
    activities: dict[str, float] = field(default_factory=dict)

    @property
    def reading(self) -> float:
        return self.words / READING_WPM

    @property
    def minutes(self) -> int:
        return 5 * math.ceil((self.reading + sum(self.activities.values())) / 5)


def lesson_timing(path: Path) -> Timing:
    """Count the words and the activities of the lesson notebook at ``path``."""
    cells = json.loads(path.read_text("utf-8"))["cells"]
    words = 0
    activities: dict[str, float] = {}
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if text.startswith("## Appendix"):     # a reference, not read in class
                continue
            words += len(re.findall(r"[\w♠♥♦♣’'-]+", re.sub(r"\]\([^)]*\)|<[^>]+>", "", text)))
            continue
        used = "\n".join(line for line in text.splitlines()    # a call, not its import
                         if not line.startswith(("from ", "import ")))
        for name, minutes in ACTIVITY_MINUTES.items():
            if name in used:
                activities[name] = activities.get(name, 0) + minutes
    return Timing(words, activities)
