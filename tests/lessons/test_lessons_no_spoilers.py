"""Predict before reveal: before the learner commits, the answer is in no widget's state —
not hidden by CSS, simply absent from everything the page receives — and after the commit
it is there (lessons 3, 4, 5 and 13)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from widgets.lessons.warpairs.drill import DrillPad
from widgets.lessons.warpairs.mulligan import MulliganLesson
from widgets.lessons.warpairs.replay import GameReplay
from widgets.lessons.warpairs.segment import SegmentLesson
from wpp.core.standard_deck import format_cards
from wpp.warpairs.teach.drills import STRATEGY


def page_text(root: w.Widget) -> str:
    """Every string any widget under ``root`` holds (values, labels, options, tooltips)."""
    seen: set[int] = set()
    out: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, w.Widget):
            if id(x) in seen:
                return
            seen.add(id(x))
            for name in x.keys:
                walk(getattr(x, name, None))
        elif isinstance(x, str):
            out.append(x)
        elif isinstance(x, list | tuple):
            for y in x:
                walk(y)
    walk(root)
    return "\n".join(out)


def test_the_mulligan_holds_no_ai_pick_before_the_lock() -> None:
    m = MulliganLesson(seed=20)
    ai = format_cards(sorted(m.ai_cards))
    for c in m.hand[:3]:
        m._toggle(c)
    assert "The AI" not in page_text(m.root).replace("The AI's answer", "")
    assert "How the AI chose" not in page_text(m.root)
    m.compare_button.click()
    assert "How the AI chose" in page_text(m.root) and m.comparison is not None
    assert ai.split()[0] in page_text(m.root)


def test_the_segment_holds_no_ai_choice_before_the_lock() -> None:
    s = SegmentLesson(seed=3)
    assert "the AI's choice" not in page_text(s.root).lower()
    s.question.value = s.question.options[0]
    assert "the AI's choice" not in page_text(s.root).lower()
    s.lock_button.click()
    assert "the ai's choice" in page_text(s.root).lower()


def test_the_replay_holds_no_ai_move_before_the_answer() -> None:
    r = GameReplay(seed=108)
    r.go(11)
    m = r.move
    before = page_text(r.root)
    assert m.headline() not in before and "decision list" not in before.lower()
    assert not any(tag in before for tag in m.tags)
    r.show_button.click()
    assert m.headline() in page_text(r.root)


def test_the_strategy_drills_hold_no_reason_before_a_move() -> None:
    pad = DrillPad(STRATEGY)
    for i, d in enumerate(STRATEGY):
        pad.go(i)
        assert d.lesson not in page_text(pad.root)
    pad.go(0)
    winning = next(c for c in pad.drill.state.hands[0] if str(c) == "4♣")
    pad.pick(winning)
    pad.play_button.click()
    assert STRATEGY[0].lesson in page_text(pad.root)
