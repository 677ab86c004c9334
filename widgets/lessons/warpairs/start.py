"""Lesson 1: a first look at a deal, as a player sees it, and a first taste of the engine.

:class:`DealPreview` deals a seed: your 16 cards face up (in card order, R2), the other
player's 16 face down, the 20-card deck face down (R10). "Show both hands" turns the other
hand over — a lesson may; a game never does.

:class:`FirstTaste` asks two questions the engine answers in plain words, naming the rule —
asked first: the engine's answer is computed only once the learner locks an answer in (the
kit's :class:`~widgets.lessons.shared.commit.GuessList`).

>>> d = DealPreview(seed=1)
>>> d.summary()
'deal 1: your 16 cards 2♥ 3♣ 4♣ … A♠; the other hand face down; 20 cards in the deck'
>>> d.reveal.value = True; d.summary()
'deal 1: your 16 cards 2♥ 3♣ 4♣ … A♠; the other hand 2♠ 4♥ 5♦ … A♥; 20 cards in the deck'
>>> from widgets.lessons.shared.commit import widget_strings
>>> t = FirstTaste(); "wrap-around" in " ".join(widget_strings(t.root))
False
>>> t.quiz.choose(0); t.quiz.commit()
>>> "a straight, 2♦ high (wrap-around)" in " ".join(widget_strings(t.root))
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, SeedField, lesson_root
from widgets.lessons.shared.commit import Guess, GuessList
from widgets.parts.faces import back_svg, cards_html
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.lookup import classify, why_not

__all__ = ["DealPreview", "FirstTaste"]


def _short(cards: tuple[Card, ...]) -> str:
    return f"{format_cards(cards[:3])} … {cards[-1]}"


class DealPreview(Lesson):
    """A deal: your hand face up, the other hand and the deck face down."""

    def __init__(self, seed: int = 1) -> None:
        self.seed = SeedField(seed, lambda _s: self._render())
        self.reveal = w.Checkbox(value=False, description="show both hands", indent=False)
        self.html = w.HTML("")
        self.html.add_class("wpp-panel")
        self.reveal.observe(lambda _c: self._render(), names="value")
        bar = w.HBox([self.seed.box, self.reveal])
        bar.add_class("wpp-nav")
        self.root = lesson_root([bar, self.html])
        self._render()

    def _render(self) -> None:
        cards = deal(self.seed.seed)
        self.mine = tuple(sorted(cards[:DEAL_SIZE]))
        self.theirs = tuple(sorted(cards[DEAL_SIZE:2 * DEAL_SIZE]))
        other = (cards_html(self.theirs, 36) if self.reveal.value
                 else cards_html([None] * DEAL_SIZE, 36))
        deck = back_svg(36)
        self.html.value = (
            f"<div><b>The other player (P2), 16 cards:</b></div><div>{other}</div>"
            f'<div class="wpp-inline"><b>The deck:</b> {deck} 20 cards face down</div>'
            f"<div><b>You (P1), 16 cards in card order:</b></div>"
            f"<div>{cards_html(self.mine, 44)}</div>")

    def summary(self) -> str:
        other = (f"the other hand {_short(self.theirs)}" if self.reveal.value
                 else "the other hand face down")
        return (f"deal {self.seed.seed}: your 16 cards {_short(self.mine)}; {other}; "
                "20 cards in the deck")


class FirstTaste(Lesson):
    """Two questions the engine answers (the answer computed at the commit): is J-Q-K-A-2 a
    straight, and may an ace be played on a two."""

    WRAP = "JC QD KH AS 2D"
    TABLE, PLAY = "2D", "AS"

    def __init__(self) -> None:
        wrap = classify(self.WRAP)
        refusal = why_not(self.PLAY, self.TABLE)
        self.quiz = GuessList([
            Guess("Is this a poker hand in WarPairsPoker?",
                  ("yes, a straight", "no, just five different cards"),
                  lambda _i: self._said(f"The engine says: {wrap.describe()}.",
                                        "In WarPairsPoker a straight may run on from the ace "
                                        "to the two (lesson 2 has the rule)."),
                  picture=f"<div>{cards_html(parse_cards(self.WRAP), 40)}</div>",
                  answer=0 if wrap.category.label == "straight" else 1),
            Guess("The 2♦ is on the table. May you play the A♠ on it?",
                  ("yes, the ace is the highest card", "no"),
                  lambda _i: self._said("The engine says: " + (refusal or "yes, it may") + ".",
                                        "Twos beat aces, so no card is safe forever."),
                  picture=(f"<div>on the table {cards_html(parse_cards(self.TABLE), 40)} "
                           f"&nbsp; your card {cards_html(parse_cards(self.PLAY), 40)}</div>"),
                  answer=0 if refusal is None else 1),
        ], "A first taste of the engine")
        self.root = self.quiz.root

    @staticmethod
    def _said(engine: str, why: str) -> str:
        return f"<p><b>{escape(engine)}</b></p><p>{escape(why)}</p>"

    def summary(self) -> str:
        return "a first taste of the engine: " + self.quiz.summary()
