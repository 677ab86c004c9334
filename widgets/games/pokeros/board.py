"""Pokeros's board on the shared game page: the scores and the deck, the growing grid, your
stash, what the chosen placement would score, and **Place**.

Click a card of your stash (it rises) and the cells where it may go light up; click a lit cell
to see what it would score; click it again (or **Place**) to play it. With keys: 1–5 choose a
card, ←/→ step through the lit cells, Enter places. Hint selects both the card and the cell.
Drawn only from a :class:`~wpp.pokeros.game.PokerosView`: the other stash and the deck are
counts.

>>> import wpp
>>> g = wpp.new_game("pokeros", seed=1)
>>> board = PokerosBoard(); sent = []; board.on_choose(sent.append)
>>> board.draw(g.view(0), legal=g.legal_actions())
>>> board.stash[0].click(); sorted(board.lit_cells())
[(-1, 0), (0, -1), (0, 1), (1, 0)]
>>> board.next_cell.click(); board.target, "would score" in board.preview.value
((0, -1), True)
>>> board.click_cell((0, -1)); board.describe(sent[0])
'4♣ above the centre card'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.games.pokeros.grid import GRID_CSS, GridView
from widgets.page.board import BoardBase, Key
from widgets.parts.card_button import CardButton
from widgets.parts.faces import cards_html
from widgets.parts.playable import playable_cards
from wpp.core.errors import WppError
from wpp.core.standard_deck import Card
from wpp.pokeros.game import Place, PokerosRules, PokerosView, cell_words
from wpp.pokeros.grid import Cell

__all__ = ["PokerosBoard"]

#: The largest stash (the original's five).
_MOST: Final = 5

_CSS: Final = """<style>""" + GRID_CSS + """
.wpp-pokeros .pk-play { display: flex; flex-flow: row wrap; gap: 8px; align-items: flex-start;
  overflow: visible; }
.wpp-pokeros .pk-play > .pk-gridbox { flex: 1 1 300px; min-width: 0; }
.wpp-pokeros .pk-play > .pk-hand { flex: 1 1 170px; max-width: 280px; gap: 4px;
  overflow: visible; }
@media (max-width: 600px) { .wpp-pokeros .pk-play > .pk-hand { max-width: none; } }
.wpp-pokeros .pk-stash, .wpp-pokeros .pk-acts { display: flex; flex-wrap: wrap; gap: 6px;
  align-items: flex-end; }
.wpp-pokeros .pk-stash { background: #2e7d4f; border-radius: 10px; padding: 18px 8px 8px;
  min-height: 80px; overflow: visible; }
.wpp-pokeros .pk-stash .widget-button.wpp-card.wpp-selected { transform: translateY(-10px);
  box-shadow: 0 0 0 3px #ffe08a; }
.wpp-pokeros .pk-scores { font-size: 16px; }
.wpp-pokeros .pk-preview { min-height: 40px; }
</style>"""


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


class PokerosBoard(BoardBase):
    """The grid, your stash and Place (see the module)."""

    game = "pokeros"

    def __init__(self, names: Sequence[str] | None = None, *, plain: bool = False) -> None:
        super().__init__(names)
        #: A lesson's board (``plain``): its rules text says no settings, words a newcomer
        #: does not need (cells are named in words on every board).
        self.plain = plain
        self.scores = w.HTML()
        self.scores.add_class("pk-scores")
        self.grid = GridView()
        self.grid.on_cell(self.click_cell)
        self.stash = [CardButton() for _ in range(_MOST)]
        for b in self.stash:
            b.on_card(self.pick)
        stash = w.Box(self.stash)
        stash.add_class("pk-stash")
        self.preview = w.HTML()
        self.preview.add_class("pk-preview")
        self.prev_cell = self.button("◀ Cell", "pk-prev", "the previous lit cell",
                                     lambda: self._step(-1), key="←")
        self.next_cell = self.button("Cell ▶", "pk-next", "the next lit cell",
                                     lambda: self._step(1), key="→")
        self.place = self.button("Place", "pk-place", "place the chosen card at the chosen "
                                 "cell", self._send, key="Enter")
        acts = w.Box([self.prev_cell, self.next_cell, self.place])
        acts.add_class("pk-acts")
        # The grid with your stash and the buttons beside it on a screen (below it on a
        # phone): at 1280×800 a late grid pushed the stash and Place below the window's edge.
        hand = w.VBox([w.HTML("<b>Your stash</b>"), stash, self.preview, acts])
        hand.add_class("pk-hand")
        play = w.Box([self.grid.box, hand])
        play.add_class("pk-play")
        self.root = w.VBox([w.HTML(_CSS), self.scores, self.grid.swipe, play])
        self.root.add_class("wpp-pokeros")
        self.selected: Card | None = None
        self.target: Cell | None = None
        self._view: PokerosView | None = None
        self._legal: list[Place] = []
        self._last: Cell | None = None

    # --- the contract ------------------------------------------------------------------
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw the grid, the scores and your stash from ``view``; ``others`` (open hands)
        shows the other stash."""
        view = self.require_view(view, PokerosView, "Pokeros's board")
        if self._view is None or view.grid != self._view.grid or view.stash != self._view.stash:
            self.selected = self.target = None
        self._view = view
        self._legal = [a for a in legal if isinstance(a, Place)] if active else []
        self._last = (last.x, last.y) if isinstance(last, Place) else None
        names = [self._name(s) for s in range(2)]
        other = 1 - view.player
        shown = ""
        if others and isinstance(others.get(other), PokerosView):
            shown = (f" · {escape(names[other])}'s stash (open): "
                     f"{cards_html(others[other].stash, 22)}")
        self.scores.value = (
            f"<b>{escape(names[0])}</b> {view.scores[0]} · <b>{escape(names[1])}</b> "
            f"{view.scores[1]} · deck {view.deck_size} · {escape(names[other])} holds "
            f"{view.stash_sizes[other]} card{'s' if view.stash_sizes[other] != 1 else ''}"
            f"{shown}")
        self._show()

    @property
    def rules_html(self) -> str:
        """The "Rules & keys" panel's rules; a game whose settings differ from the usual
        ones says them first. (They were a line under the score, read by players as jargon
        beside their points; the usual rules are said by the panel's own text.)"""
        rules = self._view.rules if self._view is not None else PokerosRules()
        own = ("" if self.plain or rules == PokerosRules() else
               f'<p class="pk-settings"><b>This game\'s settings:</b> '
               f"{escape(rules.describe())}.</p>")
        return own + super().rules_html

    def select(self, action: Any) -> None:
        """Choose the card and the cell of ``action`` (a :class:`Place`), not yet sent."""
        if not isinstance(action, Place) or action not in self._legal:
            raise WppError(f"not a legal placement now: {action!r:.60}")
        self.selected, self.target = action.card, action.cell
        self._show()

    def keys(self) -> Sequence[Key]:
        """1–5 choose a card, ←/→ step through its cells, Enter places."""
        cards = self.card_keys("pk", _MOST, "choose card {n} of your stash")
        return [*cards, Key("ArrowLeft", "pk-prev", "the previous cell where it may go"),
                Key("ArrowRight", "pk-next", "the next cell where it may go"),
                self.enter_key("pk-place", "place the card at the chosen cell")]

    def describe(self, action: Any) -> str:
        """``"4♠ above the centre card"``: the placement in words (no coordinates)."""
        if not isinstance(action, Place):
            raise WppError(f"not a Pokeros placement: {action!r:.60}")
        return str(action)

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now, in a few words (the page says it)."""
        held = len(self._view.stash) if self._view is not None else 0
        if key.isdigit():
            return f"your stash holds {held} card{'s' if held != 1 else ''}"
        if self.selected is None:
            return "choose a card of your stash first (keys 1–5)"
        if key == "Enter" and self.target is None:
            return "choose a lit cell first (← / →)"
        return ""

    # --- input ---------------------------------------------------------------------------
    def lit_cells(self) -> list[Cell]:
        """The cells where the chosen card may go (none when no card is chosen)."""
        return [a.cell for a in self._legal if a.card == self.selected]

    def pick(self, card: Card) -> None:
        """Choose (or put back) a card of your stash; its cells light up."""
        if not any(a.card == card for a in self._legal):
            return
        self.selected = None if self.selected == card else card
        self.target = None
        self._show()

    def click_cell(self, cell: Cell) -> None:
        """A lit cell: first click previews it, a second click places the card there."""
        if cell not in self.lit_cells():
            return
        if self.target == cell:
            self._send()
            return
        self.target = cell
        self._show()

    def _step(self, step: int) -> None:
        cells = self.lit_cells()
        if not cells:
            return
        at = cells.index(self.target) if self.target in cells else (-1 if step > 0 else 0)
        self.target = cells[(at + step) % len(cells)]
        self._show()

    def _send(self) -> None:
        if self.selected is None or self.target is None:
            return
        action = Place(self.selected, *self.target)
        if action not in self._legal:
            return
        self._choose(action)

    # --- drawing -------------------------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.seat_name(seat, None if self._view is None else self._view.player)

    def _show(self) -> None:
        view = self._view
        if view is None:
            return
        lit = self.lit_cells()
        self.grid.show(view.cells, lit=lit, target=self.target, last=self._last)
        mine = bool(self._legal)
        playable = playable_cards(self._legal)
        self.show_cards(self.stash, view.stash, "pk", clickable=mine, playable=playable,
                        selected=() if self.selected is None else [self.selected],
                        tooltip=lambda i, c: f"{c}: choose it (key {i + 1})")
        self.prev_cell.disabled = self.next_cell.disabled = not lit
        self.place.disabled = self.target is None
        text = self._preview_html(view) if mine else ""
        if self.preview.value != text:
            self.preview.value = text

    def _preview_html(self, view: PokerosView) -> str:
        card, cell = self.selected, self.target
        if card is None:
            return "Choose a card of your stash: the cells where it may go light up."
        if cell is None:
            return f"{escape(str(card))} chosen: click a lit cell (or ←/→) to see what it scores."
        s = view.preview(card, cell)
        where = f"{escape(str(card))} {cell_words(*cell)}"
        if not s.hands:
            return f"{where} would score nothing. Click the cell again or Place to play it."
        hands = " ".join(f"{cards_html(h.cards, 24, highlight=(card,))} {escape(str(h.hand))} "
                         f"({h.points})" for h in s.hands)
        times = f" × {len(s.hands)} hands" if s.awarded != s.raw else ""
        total = f"{s.raw}{times} = {_points(s.awarded)}" if times else _points(s.awarded)
        return (f"{where} would score: {hands} — <b>{total}</b>. Click the cell again or "
                "Place to play it.")
