"""Lesson 11's sandbox: a Pokeros position on the game's own board, both seats played by the
reader (each move shown from the seat to act), with a stacked deck and placements made first —
to try a rule on a chosen position.

``reveal`` is the lesson's answer to "what will happen when you choose the card?": it is not in
the page until the learner has chosen a card of the stash (asking first, answering after).
The scores line marks the seat to act "(you)", so "P1 holds 0 cards" there reads as the other
seat's stash, not yours.

>>> from wpp.pokeros import teach
>>> deck, moves = teach.quirk_position()
>>> box = PokerosSandbox(deck=deck, setup=moves, flags={"stash": 1}, reveal="The gap stays dark.")
>>> "The gap" in box.after.value
False
>>> box.select(box.view.stash[0]); (1, 0) in box.lit_cells(), "The gap" in box.after.value
(False, True)
>>> box.summary()
'Pokeros: P1 2, P2 2 — deck 43 — P2 to play'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from widgets.games.pokeros.board import PokerosBoard
from widgets.parts.shown import Shown
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.registry import new_game
from wpp.core.standard_deck import Card
from wpp.pokeros.game import Place, PokerosView
from wpp.pokeros.grid import Cell

__all__ = ["PokerosSandbox"]


class PokerosSandbox(Shown):
    """Both seats by hand on :class:`PokerosBoard`; ``deck`` stacks the cards, ``setup``
    placements ``(card, x, y)`` are made first, ``flags`` are the game's rule flags."""

    def __init__(self, seed: int = 0, *, deck: Sequence[Card] | None = None,
                 setup: Sequence[tuple[str, int, int]] = (),
                 flags: Mapping[str, Any] | None = None, reveal: str = "") -> None:
        self.history = new_game("pokeros", seed=seed, deck=deck, **dict(flags or {}))
        for card, x, y in setup:
            self.history.apply(Place.of(card, x, y))
        # A newcomer's words; no fixed names, so the seat to act reads "P2 (you)".
        self.board = PokerosBoard(plain=True)
        self.board.on_choose(self._play)
        for b in self.board.stash:
            b.on_card(lambda _c: self._reveal())
        self.message = w.HTML()
        self._reveal_html = reveal
        #: The lesson's answer, filled in once a card has been chosen (empty until then).
        self.after = w.HTML()
        self.after.add_class("wpp-feedback")
        self.root = w.VBox([w.HTML(STYLE_HTML), self.board.root, self.message, self.after])
        self.root.add_class("wpp-app")
        self._draw()

    @property
    def view(self) -> PokerosView:
        """The view of the seat to act (the last seat's once the game is over)."""
        view: PokerosView = self.history.view(self.history.to_act)
        return view

    def select(self, card: Card) -> None:
        """Choose a card of the stash of the seat to act: its cells light up."""
        self.board.pick(card)
        self._reveal()

    def _reveal(self) -> None:
        if self._reveal_html and not self.after.value:
            self.after.value = self._reveal_html

    def lit_cells(self) -> list[Cell]:
        """The cells lit for the chosen card."""
        return self.board.lit_cells()

    def click_cell(self, cell: Cell) -> None:
        """Click a cell: a lit one previews the placement, a second click plays it."""
        self.board.click_cell(cell)

    def _play(self, action: Any) -> None:
        try:
            self.history.apply(action)
        except WppError as err:
            self.message.value = escape(str(err))
            return
        self.message.value = ""
        self._draw()

    def _draw(self) -> None:
        h = self.history
        self.board.draw(self.view, legal=[] if h.is_over else h.legal_actions())

    def summary(self) -> str:
        """One line: the scores, the deck, whose turn (what nbval compares)."""
        view = self.view
        turn = "game over" if view.over else f"P{self.history.to_act + 1} to play"
        return (f"Pokeros: P1 {view.scores[0]}, P2 {view.scores[1]} — deck {view.deck_size} "
                f"— {turn}")
