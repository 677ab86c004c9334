"""Lesson 4: the segment step by step, for any hand size, and how the choice of straights and
flushes moves the outliers.

:class:`SegmentLesson` deals a hand of any size (a seed, a size slider, or cards typed in),
steps through the classic AI's segment (:func:`wpp.ai.segment`) with Back / Next, and lets
the learner try every choice of poker hands the AI weighed (:mod:`wpp.teach.segment`): the 8
segments each choice gives, its outliers outlined, beside the AI's own choice.

>>> lesson = SegmentLesson(seed=3, size=13)
>>> lesson.choices[0].chosen, lesson.choice.value
(True, 0)
>>> lesson.choice.value = len(lesson.choices) - 1
>>> "outliers" in lesson.summary()
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.faces import cards_html
from widgets.lessons.base import Lesson, SeedField, lesson_root, nav_button, table_html
from widgets.stepper import Stepper
from wpp.ai import SEGMENT_NAMES, segment
from wpp.cards import Card, CardParseError, parse_cards
from wpp.state import deal
from wpp.teach.segment import SegmentChoice, segment_choices

__all__ = ["SegmentLesson"]


def _outliers(n: int) -> str:
    return f"{n} outlier{'' if n == 1 else 's'}"


class SegmentLesson(Lesson):
    """A hand, the AI's segment one step at a time, and every choice it weighed."""

    def __init__(self, seed: int = 3, size: int = 13) -> None:
        self.seed = SeedField(seed, lambda _s: self.deal())
        self.size = w.IntSlider(value=size, min=1, max=26, description="cards",
                                continuous_update=False, layout=w.Layout(width="360px"))
        self.typed = w.Text(value="", placeholder="or type a hand, e.g. 3D 4C 5H 6S 7D 7S KH",
                            layout=w.Layout(width="420px"))
        self.use_button = nav_button("Use these cards")
        self.message = w.HTML("")
        self.hand_html = w.HTML("")
        self.stepper = Stepper(styled=False)
        self.choice = w.Dropdown(options=[("—", 0)], value=0, description="choice",
                                 layout=w.Layout(width="auto"))
        self.choice_html = w.HTML("")
        self.choice_html.add_class("wpp-panel")
        self.size.observe(lambda _c: self.deal(), names="value")
        self.use_button.on_click(lambda _b: self.use_typed())
        self.choice.observe(lambda _c: self._show_choice(), names="value")
        typed = w.HBox([self.typed, self.use_button])
        typed.add_class("wpp-nav")
        choice = w.HBox([self.choice])
        choice.add_class("wpp-choice")
        explore = w.HTML('<div class="wpp-lesson-title">Try another choice: which cards '
                         "become outliers?</div>")
        self.root = lesson_root([self.seed.box, self.size, typed, self.message, self.hand_html,
                                 self.stepper.root, explore, choice, self.choice_html])
        self.source = ""
        self.deal()

    def deal(self) -> None:
        """Segment the first ``size`` cards of the seed's deal."""
        cards = tuple(sorted(deal(self.seed.seed)[: int(self.size.value)]))
        self.message.value = ""
        self.show(cards, f"deal {self.seed.seed}, {len(cards)} cards")

    def use_typed(self) -> None:
        """Segment the cards typed in the text box (a refusal says why, R3)."""
        try:
            cards = parse_cards(self.typed.value)
        except CardParseError as err:
            self.message.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        if not cards:
            self.message.value = '<span class="wpp-no">type at least one card</span>'
            return
        self.message.value = ""
        self.show(tuple(sorted(cards)), f"your {len(cards)} cards")

    def show(self, hand: tuple[Card, ...], source: str) -> None:
        """Segment ``hand`` and show its steps and choices."""
        self.hand = hand
        self.source = source
        self.segments, self.explanation = segment(hand)
        self.hand_html.value = (f'<div class="wpp-lesson-title">{escape(source)}</div>'
                                f"{cards_html(hand, 40)}")
        self.stepper.show(self.explanation)
        self.choices: list[SegmentChoice] = segment_choices(hand)
        options = []
        for i, c in enumerate(self.choices):
            mark = " ← the AI's choice" if c.chosen else (
                "" if c.allowed else " (not allowed: breaks 3+ pairs)")
            options.append((f"{c.label}: {_outliers(c.n_outliers)}, strength {c.strength}"
                            f"{mark}", i))
        self.choice.options = options
        self.choice.value = 0
        self._show_choice()

    def _show_choice(self) -> None:
        c = self.choices[int(self.choice.value)]
        ai = self.choices[0]
        outliers = c.segments.outliers
        rows = []
        for name, cards in zip(SEGMENT_NAMES, c.segments.as_lists(), strict=True):
            pics = cards_html(cards, 28, highlight=outliers) if cards else "—"
            rows.append([escape(name), pics, str(len(cards))])
        if c.chosen:
            line = (f"The AI's choice: {_outliers(c.n_outliers)} "
                    f"({c.outlier_ranks()}), strength {c.strength}.")
        else:
            line = (f"This choice leaves {_outliers(c.n_outliers)} ({c.outlier_ranks()}), "
                    f"strength {c.strength}; the AI's leaves {ai.n_outliers} "
                    f"({ai.outlier_ranks()}), strength {ai.strength}.")
            if not c.allowed:
                line += " It is not allowed: a poker hand may break at most two pairs."
        self.choice_line = line
        self.choice_html.value = (f'<div class="wpp-narration">{escape(line)}</div>'
                                  + table_html(("segment", "cards (outliers outlined)", "count"),
                                               rows, chosen=[1]))

    def summary(self) -> str:
        return (f"segment of {self.source}: {self.explanation.summary}; "
                f"{self.stepper.summary()}; choice: {self.choice_line}")


