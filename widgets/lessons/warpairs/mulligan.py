"""Lesson 3: the mulligan — you choose first, then the AI's choice step by step.

:class:`MulliganLesson` deals a hand (a seed field and "New deal") and asks first: the learner
clicks 3 cards and locks them in. Only then does the page show the AI's mulligan
(:func:`wpp.warpairs.ai.mulligan`), the two picks scored on the AI's own measures
(:mod:`wpp.warpairs.teach.mulligan`), and the AI's reasoning step by step — the twos, kings and aces
set aside, the outliers, every straight and flush candidate with its outliers, strength and
tie-breaks, the fallback when it applies, the choice.

>>> lesson = MulliganLesson(seed=1)
>>> lesson.reveal.shown, "AI puts" in lesson.summary()
(False, False)
>>> for c in lesson.hand[:3]:
...     lesson.your_hand.button_for(c).click()
>>> lesson.compare_button.click()
>>> lesson.reveal.shown and lesson.comparison is not None
True
>>> lesson.comparison.learner.pick == lesson.hand[:3]
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import (
    Lesson,
    SeedField,
    lesson_root,
    nav_button,
    plain_words,
    report_answer,
)
from widgets.lessons.shared.predict import NOTHING, Reveal, comparison_html, step_nav
from widgets.parts.faces import cards_html
from widgets.parts.hand import HandView
from widgets.parts.stepper import Stepper
from wpp.core.standard_deck import Card, CardParseError, format_cards, parse_cards
from wpp.warpairs.ai import mulligan
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.teach.mulligan import Comparison, PickScore, best_pick, compare

__all__ = ["MulliganLesson"]

#: The question, before the learner commits.
ASK: str = "Which 3 cards would you put in the pile? Click 3, then lock them in."


class MulliganLesson(Lesson):
    """A deal; the learner's mulligan first; then the AI's, compared and explained."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = SeedField(seed, self.deal)
        self.hand_html = w.HTML("")
        self.your_hand = HandView(ASK)
        self.your_hand.on_toggle(self._toggle)
        self.message = w.HTML("")
        self.compare_button = nav_button("Lock in my 3 cards",
                                         "commit, then see the AI's pick and its reasons")
        self.compare_button.layout.width = "auto"
        self.best_button = nav_button("Show the best pick",
                                      "try all 560 ways and show the best by these measures")
        self.result = w.HTML("")
        self.result.add_class("wpp-panel")
        self.best_html = w.HTML("")
        self.stepper = step_nav(Stepper(styled=False))
        self.compare_button.on_click(lambda _b: self.score())
        self.best_button.on_click(lambda _b: self.show_best())
        self.reveal = Reveal()
        reasons = w.HTML('<div class="wpp-lesson-title">How the AI chose, step by step</div>')
        self.typed = w.Text(value="", placeholder="or type 16 cards, e.g. 2C 3D 3H 4S … and "
                            "press Enter", continuous_update=False,
                            layout=w.Layout(width="520px"))
        self.typed.observe(lambda _c: self.use_typed(), names="value")
        self.root = lesson_root([self.seed.box, self.typed, self.hand_html, self.your_hand.box,
                                 self.message, self.compare_button, self.reveal.box])
        self._revealed = [self.result, reasons, self.stepper.root, self.best_button,
                          self.best_html]
        self.picked: set[Card] = set()
        self.comparison: Comparison | None = None
        self.best: PickScore | None = None
        self.deal(self.seed.seed)

    def deal(self, seed: int) -> None:
        """Deal P1's 16 cards of deal ``seed`` and ask for 3 (the AI's answer stays hidden)."""
        self.start(tuple(sorted(deal(seed)[:DEAL_SIZE])), f"Deal {seed}: P1's 16 cards",
                   f"deal {seed}")

    def use_typed(self) -> None:
        """Ask about the 16 cards typed in the box (Enter); a refusal says why."""
        text = str(self.typed.value).strip()
        if not text:
            return
        try:
            cards = parse_cards(text)
        except CardParseError as err:
            self.message.value = f'<span class="wpp-no">{escape(plain_words(str(err)))} (R3)</span>'
            return
        if len(cards) != DEAL_SIZE:
            self.message.value = (f'<span class="wpp-no">a hand at the mulligan is {DEAL_SIZE} '
                                  f"cards (R10), not {len(cards)}</span>")
            return
        self.start(tuple(sorted(cards)), "Your 16 cards", "your 16 cards")

    def start(self, hand: tuple[Card, ...], title: str, source: str) -> None:
        """Ask for 3 cards of ``hand`` (the AI's answer stays hidden); ``title`` heads it,
        ``source`` names it in the summary."""
        self.hand: tuple[Card, ...] = hand
        self.source = source
        self.ai_cards, self.explanation = mulligan(self.hand)
        self.hand_html.value = f'<div class="wpp-lesson-title">{escape(title)}</div>'
        self.stepper.show(NOTHING)
        self.picked = set()
        self.comparison = None
        self.best = None
        self.best_html.value = ""
        self.message.value = ""
        self.reveal.hide()
        self._draw_hand()

    @property
    def locked(self) -> bool:
        """Has the learner committed (the answer is shown)?"""
        return self.comparison is not None

    def _draw_hand(self) -> None:
        self.your_hand.show(self.hand, selected=self.picked, clickable=not self.locked)
        self.compare_button.disabled = len(self.picked) != 3 or self.locked
        n = len(self.picked)
        cards = f": {format_cards(sorted(self.picked))}" if n else ""
        ask = "Your pick, locked in" if self.locked else ASK
        self.your_hand.set_title(f"{escape(ask)} ({n} picked{escape(cards)})")

    def _toggle(self, card: Card) -> None:
        if self.locked:
            return
        if card in self.picked:
            self.picked.discard(card)
            self.message.value = ""
        elif len(self.picked) < 3:
            self.picked.add(card)
            self.message.value = ""
        else:
            self.message.value = ('<span class="wpp-no">A mulligan is exactly 3 cards (R11): '
                                  "click a picked card to put it back first.</span>")
        self._draw_hand()

    def score(self) -> None:
        """Lock the learner's 3 cards and reveal the AI's, measure by measure, with its
        reasons."""
        if len(self.picked) != 3 or self.locked:
            return
        self.comparison = c = compare(self.hand, self.picked)
        rows = [[escape(label), escape(yours), escape(ai), escape(how)]
                for label, yours, ai, how in c.rows()]
        rows[0][1] = cards_html(c.learner.pick, 28)
        rows[0][2] = cards_html(c.ai.pick, 28)
        cls = {"learner": "wpp-ok", "same": "wpp-ok", "ai": "wpp-no"}[c.better]
        self.result.value = ('<div class="wpp-lesson-title">Your pick beside the AI\'s: the '
                             "first measure that differs decides</div>"
                             + comparison_html(rows, c.verdict(), cls,
                                               ("your pick", "the AI's pick")))
        self.message.value = ""
        self.stepper.show(self.explanation)
        self.reveal.show(self._revealed)
        self._draw_hand()
        report_answer(f"mulligan · {self.source}", format_cards(sorted(self.picked)),
                      c.better in ("learner", "same"),
                      f"Which 3 cards go in the pile? ({self.source})", lesson="03")

    def show_best(self) -> None:
        """The best of all 560 mulligans on the AI's measures, beside the AI's."""
        self.best = b = best_pick(self.hand)
        same = b.pick == tuple(sorted(self.ai_cards))
        note = ("The AI found it." if same or b.key() == compare(self.hand, self.ai_cards).ai.key()
                else "The AI's rules missed it: they are a heuristic, not a search.")
        self.best_html.value = (f"<div>The best pick by these measures: {cards_html(b.pick, 36)}"
                                f" — {b.outliers} outliers left (strength {b.strength}), "
                                f"keeping {escape(b.poker_hand)}. {escape(note)}</div>")

    def summary(self) -> str:
        if self.comparison is None:
            return (f"mulligan of {self.source}: which 3 cards? {len(self.picked)} "
                    "picked; the AI's answer is shown once you lock yours in")
        return (f"mulligan of {self.source}: your pick "
                f"{format_cards(self.comparison.learner.pick)}, the AI puts "
                f"{format_cards(self.ai_cards)} in the pile: {self.comparison.verdict()}; "
                f"{self.stepper.summary()}")
