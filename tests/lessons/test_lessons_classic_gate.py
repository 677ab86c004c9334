"""Lesson 8 gives nothing away before its three guesses (issue 27): a review found the ranking
ladder and the side-by-side table on screen under question 1, before the learner answered.
Now the two ladders come with question 1's answer, and the ranking, both rule sets and the
examples are not even made until the three questions are answered or skipped; so is the
lesson's text that answers them (the ranking and the five differences, made with the parts
they introduce: ``tests/lessons/test_lessons_gates.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from widgets.lessons.draw.classic_poker import (
    ClassicGuesses,
    ClassicRanking,
    Disagreements,
    SideBySideView,
)
from widgets.lessons.shared.commit import widget_strings

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "08_classic_poker.ipynb"

#: Strings that answer a question: the ladder (its top step, the flush above the straight),
#: the wrap-around verdict, the classic showdown of the pairs.
ANSWERS = ("Straight Flush", "wrap-around", "Flush, King", "Pair of Aces")


def text(widget: Any) -> str:
    return "\n".join(widget_strings(widget.root))


def test_the_parts_that_answer_wait_for_the_three_guesses() -> None:
    g = ClassicGuesses()
    parts = [g.then(ClassicRanking), g.then(SideBySideView, cards="10S 10H 10D 4C 4S"),
             g.then(Disagreements)]
    for step in ("answer", "answer", None):
        for p in parts:
            assert p.part is None and "opens once you have answered" in text(p)
            assert not any(a in text(p) for a in ANSWERS), p.summary()
        if step is None:
            break
        before = text(g)
        assert "Four of a Kind" not in before and "Straight Flush" not in before
        g.quiz.choose(0)
        g.quiz.commit()
        g.quiz.go(g.quiz.index + 1)
    g.quiz.skip()                                  # the third is skipped: nobody is stuck
    assert g.quiz.finished
    assert all(p.part is not None for p in parts)
    assert "Straight Flush" in text(parts[0]) and "Full House" in text(parts[1])
    assert "Example 1 of" in text(parts[2])


def test_question_one_shows_classic_poker_s_ladder_and_the_last_one_both() -> None:
    """Question 1's answer shows classic poker's ladder; WarPairsPoker's column (wrap-around
    straights, twos full over aces full) would answer questions 2 and 3, so it comes with the
    last answer (it came with the first: a screenshot showed it above question 2)."""
    g = ClassicGuesses()
    assert "Four of a Kind" not in text(g)
    g.quiz.choose(1)
    g.quiz.commit()
    after = text(g)
    assert "Four of a Kind" in after and after.count("<tr") >= 10
    assert after.index("Straight Flush") > after.index("Flush, King")  # answer, then ladder
    shown = "\n".join(widget_strings(g.quiz.reveal.box))       # the answer on screen
    assert "Four of a Kind" in shown
    assert "in WarPairsPoker" not in shown and "wrap-around" not in shown
    assert "twos full" not in shown
    for _ in range(2):
        g.quiz.go(g.quiz.index + 1)
        g.quiz.choose(0)
        g.quiz.commit()
    last = "\n".join(widget_strings(g.quiz.reveal.box))
    assert "in WarPairsPoker" in last and "twos full" in last


def _cells() -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(NOTEBOOK.read_text("utf-8"))["cells"]
    return cells


def test_the_notebook_shows_no_answer_outside_a_details_after_the_guesses() -> None:
    cells = _cells()
    sources = ["".join(c["source"]) for c in cells]
    first = next(i for i, s in enumerate(sources) if "ClassicGuesses()" in s)
    for c, s in zip(cells[first + 1:], sources[first + 1:], strict=True):
        if c["cell_type"] == "code":
            for name in ("ClassicRanking", "SideBySideView", "Disagreements", "LadderTable"):
                called = re.search(rf"^{name}\(", s, re.M)
                assert not called, f"{name} is shown before the guesses are answered: {s!r}"
            continue
        outside = re.sub(r"<details>.*?</details>", "", s, flags=re.S)
        for answer in ("low to high", "Twos beat aces", "twos beat aces", "Wrap-around",
                       "ace is high"):
            assert answer not in outside, f"{answer!r} is on the page before the guesses"


def test_the_stored_page_holds_no_answer() -> None:
    """As executed (nobody answered), no widget of the page holds an answer; the rules card
    of WarPairsPoker (the reference every lesson carries, lesson 2's rules) is left out."""
    nb = json.loads(NOTEBOOK.read_text("utf-8"))
    states = nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    held = [str(m["state"].get("value", "")) for m in states.values()]
    held = [v for v in held if "wpp-rules-card" not in v]
    for answer in ANSWERS:
        assert not any(answer in v for v in held), answer
