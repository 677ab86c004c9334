"""Lesson 4: the segment — you choose the poker hands first, then the AI's choice step by
step, and how the choice moves the outliers.

:class:`SegmentLesson` deals a hand of any size (a seed, a size slider, or cards typed in) and
asks first: which straights or flushes would you keep? The choices the AI weighs are buttons
(in the order of their names, so the order gives nothing away). Once the learner locks one in,
the page shows the AI's choice, the two scored measure by measure
(:func:`wpp.warpairs.teach.segment.compare_choices`), the AI's reasoning step by step
(:func:`wpp.warpairs.ai.segment`), and every choice to explore: the 8 segments it gives, its
outliers outlined.

>>> lesson = SegmentLesson(seed=3, size=13)
>>> lesson.reveal.shown, lesson.question.value is None
(False, True)
>>> lesson.question.value = lesson.question.options[-1]
>>> lesson.lock_button.click()
>>> lesson.reveal.shown, lesson.choices[0].chosen, lesson.comparison.better
(True, True, 'ai')
>>> "outliers" in lesson.summary()
True
"""

from __future__ import annotations

from html import escape
from typing import Final

import ipywidgets as w

from widgets.lessons.shared.base import (
    Lesson,
    SeedField,
    lesson_root,
    nav_button,
    plain_words,
    report_answer,
    table_html,
)
from widgets.lessons.shared.predict import NOTHING, Reveal, comparison_html, step_nav
from widgets.parts.faces import cards_html
from widgets.parts.stepper import Stepper
from wpp.core.standard_deck import Card, CardParseError, parse_cards
from wpp.warpairs.ai import SEGMENT_NAMES, segment
from wpp.warpairs.deal import deal
from wpp.warpairs.teach.segment import (
    SegmentChoice,
    SegmentComparison,
    compare_choices,
    segment_choices,
)

__all__ = ["SegmentLesson"]

#: The most choices offered as answers (the AI's best ones, its own always among them).
MAX_ANSWERS: Final = 10


def _outliers(n: int) -> str:
    return f"{n} outlier{'' if n == 1 else 's'}"


class SegmentLesson(Lesson):
    """A hand; the learner's choice of poker hands first; then the AI's, compared and
    explained, and every choice to explore."""

    def __init__(self, seed: int = 3, size: int = 13) -> None:
        self.seed = SeedField(seed, lambda _s: self.deal())
        self.size = w.IntSlider(value=size, min=1, max=26, description="cards",
                                continuous_update=False, layout=w.Layout(width="360px"))
        self.typed = w.Text(value="", placeholder="or type a hand, e.g. 3D 4C 5H 6S 7D 7S KH",
                            continuous_update=False, layout=w.Layout(width="420px"))
        self.use_button = nav_button("Use these cards")
        self.message = w.HTML("")
        self.hand_html = w.HTML("")
        self.question = self._new_question([])
        # The question's holder: each hand gets a fresh list of answers (a list reused across
        # hands kept, in the browser, the previous hand's answer ticked, so ticking it again
        # changed nothing and Lock stayed disabled until another answer was ticked).
        self.ask_box = w.VBox([self.question])
        self.lock_button = nav_button("Lock in my choice",
                                      "commit, then see the AI's choice and its reasons")
        self.lock_button.layout.width = "auto"
        self.stepper = step_nav(Stepper(styled=False))
        self.result = w.HTML("")
        self.result.add_class("wpp-panel")
        self.choice = w.Dropdown(options=[("—", 0)], value=0, description="choice",
                                 layout=w.Layout(width="auto"))
        self.choice_html = w.HTML("")
        self.choice_html.add_class("wpp-panel")
        self.size.observe(lambda _c: self.deal(), names="value")
        self.use_button.on_click(lambda _b: self.use_typed())
        # Enter in the box applies the cards typed (the box syncs only on Enter or leaving).
        self.typed.observe(lambda _c: self.use_typed(), names="value")
        self.lock_button.on_click(lambda _b: self.lock())
        self.choice.observe(lambda _c: self._show_choice(), names="value")
        typed = w.HBox([self.typed, self.use_button])
        typed.add_class("wpp-nav")
        choice = w.HBox([self.choice])
        choice.add_class("wpp-choice")
        ask = w.HTML('<div class="wpp-lesson-title">Your turn: which straights or flushes '
                     "would you keep? (up to two; none is a choice too)</div>")
        explore = w.HTML('<div class="wpp-lesson-title">Try every choice: which cards '
                         "become outliers?</div>")
        reasons = w.HTML('<div class="wpp-lesson-title">How the AI chose, step by step</div>')
        self.reveal = Reveal()
        self._revealed = [self.result, reasons, self.stepper.root, explore, choice,
                          self.choice_html]
        self.root = lesson_root([self.seed.box, self.size, typed, self.message, self.hand_html,
                                 ask, self.ask_box, self.lock_button, self.reveal.box])
        self.source = ""
        self.comparison: SegmentComparison | None = None
        self.choice_line = ""
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
            self.message.value = f'<span class="wpp-no">{escape(plain_words(str(err)))}</span>'
            return
        if not cards:
            self.message.value = '<span class="wpp-no">type at least one card</span>'
            return
        self.message.value = ""
        self.show(tuple(sorted(cards)), f"your {len(cards)} cards")

    def show(self, hand: tuple[Card, ...], source: str) -> None:
        """Segment ``hand`` and ask which poker hands to keep (the answer stays hidden)."""
        self.hand = hand
        self.source = source
        self.segments, self.explanation = segment(hand)
        self.hand_html.value = (f'<div class="wpp-lesson-title">{escape(source)}</div>'
                                f"{cards_html(hand, 40)}")
        self.stepper.show(NOTHING)
        self.choices: list[SegmentChoice] = segment_choices(hand)
        offered = [c for c in self.choices if c.allowed][:MAX_ANSWERS]
        self.answers: dict[str, SegmentChoice] = {c.label: c for c in
                                                  sorted(offered, key=lambda c: c.label)}
        self.comparison = None
        old = self.question
        self.question = self._new_question(list(self.answers))
        self.ask_box.children = (self.question,)
        old.close()
        self.choice.options = [("—", 0)]
        self.choice.value = 0
        self.choice_line = ""
        self.choice_html.value = ""
        self.reveal.hide()
        self._asked()

    def _fill_choices(self) -> None:
        """The explorer's list, every choice with its measures (drawn only after the reveal:
        it names the AI's choice)."""
        options = []
        for i, c in enumerate(self.choices):
            mark = " ← the AI's choice" if c.chosen else (
                "" if c.allowed else " (not allowed: breaks 3+ pairs)")
            options.append((f"{c.label}: {_outliers(c.n_outliers)}, strength {c.strength}"
                            f"{mark}", i))
        self.choice.options = options

    def _new_question(self, options: list[str]) -> w.RadioButtons:
        """A fresh list of answers, none ticked, that unlocks Lock when one is."""
        question = w.RadioButtons(options=options, value=None, layout=w.Layout(width="auto"))
        question.add_class("wpp-question")
        question.observe(lambda _c: self._asked(), names="value")
        return question

    def _asked(self) -> None:
        self.lock_button.disabled = self.question.value is None or self.comparison is not None

    def lock(self) -> None:
        """Lock the learner's choice in and reveal the AI's, measure by measure, with its
        reasons and every choice to explore."""
        label = self.question.value
        if label is None or self.comparison is not None:
            return
        mine = self.answers[str(label)]
        self.comparison = c = compare_choices(mine, self.choices[0])
        cls = {"learner": "wpp-ok", "same": "wpp-ok", "ai": "wpp-no"}[c.better]
        rows = [[escape(x) for x in r] for r in c.rows()]
        self.result.value = ('<div class="wpp-lesson-title">Your choice beside the AI\'s: the '
                             "first measure that differs decides</div>"
                             + comparison_html(rows, c.verdict(), cls,
                                               ("your choice", "the AI's choice")))
        self.question.disabled = True
        self.lock_button.disabled = True
        self.stepper.show(self.explanation)
        self._fill_choices()
        if self.choice.value == self.choices.index(mine):
            self._show_choice()
        self.choice.value = self.choices.index(mine)
        self.reveal.show(self._revealed)
        report_answer(f"segment · {self.source}", str(label), c.better in ("learner", "same"),
                      f"Which straights or flushes to keep? ({self.source})", lesson="04")

    def _show_choice(self) -> None:
        if self.comparison is None:  # before the reveal the explorer shows nothing
            return
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
        if self.comparison is None:
            return (f"segment of {self.source}: which poker hands to keep? "
                    f"{len(self.answers)} choices offered; the AI's answer is shown once you "
                    "lock yours in")
        return (f"segment of {self.source}: you keep {self.comparison.learner.label}, the AI "
                f"{self.comparison.ai.label}: {self.comparison.verdict()}; "
                f"{self.explanation.summary}; {self.stepper.summary()}; choice: "
                f"{self.choice_line}")


