"""Lesson 1: a first look at a deal, as a player sees it.

:class:`DealPreview` deals a seed: your 16 cards face up (in card order, R2), the other
player's 16 face down, the 20-card deck face down (R10). "Show both hands" turns the other
hand over — a lesson may; a game never does.

>>> d = DealPreview(seed=1)
>>> d.summary()
'deal 1: your 16 cards 2♥ 3♣ 4♣ … A♠; the other hand face down; 20 cards in the deck'
>>> d.reveal.value = True; d.summary()
'deal 1: your 16 cards 2♥ 3♣ 4♣ … A♠; the other hand 2♠ 4♥ 5♦ … A♥; 20 cards in the deck'
"""

from __future__ import annotations

import ipywidgets as w

from widgets.lessons.base import Lesson, SeedField, lesson_root
from widgets.parts.faces import back_svg, cards_html
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.deal import DEAL_SIZE, deal

__all__ = ["DealPreview"]


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
