"""Lesson 3: the AI's mulligan step by step, then "your turn".

:class:`MulliganLesson` deals a hand (a seed field and "New deal"), steps through the classic
AI's mulligan (:func:`wpp.ai.mulligan`) with Back / Next — the twos, kings and aces set
aside, the outliers, every straight and flush candidate with its outliers and strength, the
fallback when it applies, the choice — and lets the learner pick 3 cards of the same hand,
then compares the pick with the AI's on the AI's own measures (:mod:`wpp.teach.mulligan`).

>>> lesson = MulliganLesson(seed=1)
>>> for c in lesson.hand[:3]:
...     lesson.your_hand.button_for(c).click()
>>> lesson.compare_button.click()
>>> lesson.comparison is not None and lesson.comparison.learner.pick == lesson.hand[:3]
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.faces import cards_html
from widgets.hand import HandView
from widgets.lessons.base import Lesson, SeedField, lesson_root, nav_button, table_html
from widgets.stepper import Stepper
from wpp.ai import mulligan
from wpp.cards import Card, format_cards
from wpp.state import DEAL_SIZE, deal
from wpp.teach.mulligan import Comparison, PickScore, best_pick, compare

__all__ = ["MulliganLesson"]


class MulliganLesson(Lesson):
    """A deal, the AI's mulligan one step at a time, and the learner's own mulligan."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = SeedField(seed, self.deal)
        self.hand_html = w.HTML("")
        self.stepper = Stepper(styled=False)
        self.your_hand = HandView("Your turn: click 3 cards to put in the pile")
        self.your_hand.on_toggle(self._toggle)
        self.compare_button = nav_button("Compare with the AI",
                                         "score your 3 cards and the AI's the same way")
        self.best_button = nav_button("Show the best pick",
                                      "try all 560 ways and show the best by these measures")
        self.result = w.HTML("")
        self.result.add_class("wpp-panel")
        self.compare_button.on_click(lambda _b: self.score())
        self.best_button.on_click(lambda _b: self.show_best())
        bar = w.HBox([self.compare_button, self.best_button])
        bar.add_class("wpp-nav")
        self.root = lesson_root([self.seed.box, self.hand_html, self.stepper.root,
                                 self.your_hand.box, bar, self.result])
        self.picked: set[Card] = set()
        self.comparison: Comparison | None = None
        self.best: PickScore | None = None
        self.deal(seed)

    def deal(self, seed: int) -> None:
        """Deal P1's 16 cards of deal ``seed`` and explain the AI's mulligan of them."""
        self.hand: tuple[Card, ...] = tuple(sorted(deal(seed)[:DEAL_SIZE]))
        self.ai_cards, self.explanation = mulligan(self.hand)
        self.hand_html.value = (f'<div class="wpp-lesson-title">Deal {seed}: P1\'s 16 cards'
                                f"</div>{cards_html(self.hand, 44)}")
        self.stepper.show(self.explanation)
        self.picked = set()
        self.comparison = None
        self.best = None
        self.result.value = ('<div class="wpp-muted">Pick 3 cards above, then compare your '
                             "pick with the AI's.</div>")
        self._draw_hand()

    def _draw_hand(self) -> None:
        self.your_hand.show(self.hand, selected=self.picked, clickable=True)
        self.compare_button.disabled = len(self.picked) != 3
        n = len(self.picked)
        cards = f": {format_cards(sorted(self.picked))}" if n else ""
        self.your_hand.set_title(f"Your turn: click 3 cards to put in the pile ({n} picked"
                                 f"{cards})")

    def _toggle(self, card: Card) -> None:
        if card in self.picked:
            self.picked.discard(card)
        elif len(self.picked) < 3:
            self.picked.add(card)
        self._draw_hand()

    def score(self) -> None:
        """Compare the learner's 3 cards with the AI's, measure by measure."""
        if len(self.picked) != 3:
            return
        self.comparison = c = compare(self.hand, self.picked)
        rows = [[escape(label), escape(yours), escape(ai), escape(how)]
                for label, yours, ai, how in c.rows()]
        rows[0][1] = cards_html(c.learner.pick, 28)
        rows[0][2] = cards_html(c.ai.pick, 28)
        cls = {"learner": "wpp-ok", "same": "wpp-ok", "ai": "wpp-no"}[c.better]
        self.result.value = (table_html(("", "your pick", "the AI's pick", "how to read it"),
                                        rows) +
                             f'<div class="wpp-feedback {cls}">{escape(c.verdict())}</div>')

    def show_best(self) -> None:
        """The best of all 560 mulligans on the AI's measures, beside the AI's."""
        self.best = b = best_pick(self.hand)
        same = b.pick == tuple(sorted(self.ai_cards))
        note = ("The AI found it." if same or b.key() == compare(self.hand, self.ai_cards).ai.key()
                else "The AI's rules missed it: they are a heuristic, not a search.")
        self.result.value = (f"<div>The best pick by these measures: {cards_html(b.pick, 36)} — "
                             f"{b.outliers} outliers left (strength {b.strength}), keeping "
                             f"{escape(b.poker_hand)}. {escape(note)}</div>")

    def summary(self) -> str:
        pick = ""
        if self.comparison is not None:
            pick = f"; your pick {format_cards(self.comparison.learner.pick)}: " \
                   f"{self.comparison.verdict()}"
        return (f"mulligan of deal {self.seed.seed}: the AI puts {format_cards(self.ai_cards)} "
                f"in the pile; {self.stepper.summary()}{pick}")
