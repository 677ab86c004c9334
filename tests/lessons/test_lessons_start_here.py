"""Lesson 1 says what is true and asks before it answers (issue 27): it said "nothing needs
typing" while lessons 2 to 5 have boxes to type cards, and its first taste of the engine
printed two answers with no question."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from widgets.lessons.shared.commit import widget_strings
from widgets.lessons.warpairs.start import FirstTaste

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
START = NOTEBOOKS / "01_start_here.ipynb"


def _nb(path: Path) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return nb


def _markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in _nb(path)["cells"]
                     if c["cell_type"] == "markdown")


def _typing_lessons() -> set[int]:
    """The lessons whose page (as executed) has a box to type cards in (a text box whose
    placeholder asks for cards, not the class box's code or nickname)."""
    found = set()
    for path in NOTEBOOKS.glob("[01][0-9]_*.ipynb"):
        states = _nb(path)["metadata"].get("widgets", {}).get(
            "application/vnd.jupyter.widget-state+json", {}).get("state", {})
        for model in states.values():
            holder = str(model.get("state", {}).get("placeholder", ""))
            if model.get("model_name") == "TextModel" and re.search(r"\btype\b", holder):
                found.add(int(path.name[:2]))
    return found


def test_lesson_one_says_truly_where_there_is_typing() -> None:
    typing = _typing_lessons()
    assert typing, "no lesson has a box to type cards: then say so in lesson 1"
    text = " ".join(_markdown(START).split())
    assert not re.search(r"nothing (?:needs|to) typ", text, re.I)
    m = re.search(r"lessons (\d+) to (\d+) also have a box where you may type cards", text)
    assert m is not None, "lesson 1 names the lessons with a typing box"
    assert typing <= set(range(int(m.group(1)), int(m.group(2)) + 1)), typing


def test_the_first_taste_asks_before_the_engine_answers() -> None:
    t = FirstTaste()
    said = ("wrap-around", "may not be played", "(R9)", "The engine says")
    before = " ".join(widget_strings(t.root))
    assert not any(s in before for s in said)
    assert t.quiz.next_button.disabled
    t.quiz.choose(0)
    t.quiz.commit()
    assert "a straight, 2♦ high (wrap-around)" in " ".join(widget_strings(t.root))
    assert "Right" in t.quiz.status.value
    t.quiz.next_button.click()
    assert "may not be played" not in " ".join(widget_strings(t.root))
    t.quiz.choose(0)
    t.quiz.commit()
    assert "an ace may not be played on a two (R9)" in " ".join(widget_strings(t.root))
    assert "Not quite" in t.quiz.status.value


def test_lesson_one_prints_no_answer() -> None:
    """The stored page: no printed output (the old cell printed the engine's answers), and
    the first taste is the guessing widget."""
    cells = _nb(START)["cells"]
    printed = [o for c in cells for o in c.get("outputs", []) if o["output_type"] == "stream"]
    assert printed == []
    assert any("FirstTaste()" in "".join(c["source"]) for c in cells if c["cell_type"] == "code")
