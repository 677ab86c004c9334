"""Open Face Chinese Poker's board on the shared game page: every seat's three rows (all
open), your cards to place, a button per row, **Undo** and **Place**; a foul shows as soon
as the rows filled so far cannot rise; the last hand's scoring stays in view.

Click a card then a row (or a row then a card) to put it there for now — five cards in the
first round, one card each round after; **Place** sends the placement (the engine judges it).
Drawn only from an :class:`~wpp.ofc.game.OfcView`: the deck and the cards the others are about
to place never reach it.

>>> import wpp
>>> g = wpp.new_game("ofc", seed=3)
>>> board = OfcBoard()
>>> board.draw(g.view(0), legal=g.legal_actions())
>>> sent = []; board.on_choose(sent.append)
>>> for i, row in enumerate("TTMBB"):
...     board.cards[0].click(); board.rows["TMB".index(row)].click()
>>> board.place.click(); board.describe(sent[0])
'3♠ 10♦ in the top row, 9♣ in the middle row and 8♥ Q♦ in the bottom row'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.games.ofc.scoring import score_hand, score_html
from widgets.page.board import BoardBase, Key
from widgets.parts.card_button import CardButton
from widgets.parts.faces import cards_html
from widgets.parts.page_header import set_class
from widgets.parts.playable import playable_cards
from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, format_cards
from wpp.ofc.board import ROW_SIZES, ROWS, Board, fouled_already, fouls, is_full
from wpp.ofc.game import OfcView, Place

__all__ = ["OfcBoard"]

#: At most this many cards to place at once (the first round).
_MOST: Final = 5

_CSS: Final = """<style>
.wpp-ofc .wpp-ofc-boards { display: flex; flex-wrap: wrap; gap: 8px; }
.wpp-ofc .wpp-ofc-board { background: #2e7d4f; color: #fff; border-radius: 10px;
  padding: 6px 10px; }
.wpp-ofc .wpp-ofc-row { display: flex; align-items: center; gap: 6px; min-height: 44px; }
.wpp-ofc .wpp-ofc-name { font-weight: bold; min-width: 56px; }
.wpp-ofc .wpp-slot { display: inline-block; width: 28px; height: 40px; margin: 0 2px;
  border: 2px dashed #9cc9ad; border-radius: 5px; vertical-align: middle; }
.wpp-ofc .wpp-foul { color: #ffb4b4; font-weight: bold; }
.wpp-ofc .wpp-score .wpp-foul { color: #a11; }
.wpp-ofc .wpp-ofc-hand, .wpp-ofc .wpp-ofc-acts { display: flex; flex-wrap: wrap; gap: 6px;
  align-items: flex-end; }
.wpp-ofc .wpp-ofc-hand { padding: 4px; }
.wpp-ofc .wpp-ofc-hand .widget-button.wpp-card.wpp-selected { transform: translateY(-8px);
  box-shadow: 0 0 0 3px #ffe08a; }
.wpp-ofc .widget-button.wpp-ofc-armed { background: #ffe08a; color: #111; }
.wpp-ofc .wpp-score td, .wpp-ofc .wpp-score th { padding: 2px 6px; text-align: left;
  vertical-align: middle; overflow-wrap: normal; word-break: normal; }
.wpp-ofc .wpp-score .wpp-score-seat th { padding-top: 8px; border-bottom: 1px solid #ccc; }
.wpp-ofc .wpp-score .wpp-score-row { color: #555; width: 1%; white-space: nowrap; }
.wpp-ofc .wpp-score .wpp-score-hand { display: inline-block; }
.wpp-ofc .wpp-ofc-scored { overflow-x: auto; max-width: 100%; }
</style>"""


def _row_html(cards: Sequence[Card], size: int, pending: Sequence[Card],
              marked: Sequence[Card]) -> str:
    slots = '<span class="wpp-slot"></span>' * (size - len(cards) - len(pending))
    return f"{cards_html((*cards, *pending), 30, highlight=(*pending, *marked))}{slots}"


def _foul_mark(board: Board) -> str:
    if is_full(board) and fouls(board):
        return ' <span class="wpp-foul">fouled</span>'
    if fouled_already(board):
        return ' <span class="wpp-foul">will foul: the rows do not rise</span>'
    return ""


class OfcBoard(BoardBase):
    """The boards, your cards to place and the row buttons (see the module)."""

    game = "ofc"

    def __init__(self, names: Sequence[str] | None = None) -> None:
        super().__init__(names)
        self.boards = w.HTML()
        self.cards = [CardButton() for _ in range(_MOST)]
        for b in self.cards:
            b.on_card(self._pick_card)
        hand = w.Box(self.cards)
        hand.add_class("wpp-ofc-hand")
        self.rows = []
        for i, row in enumerate(ROWS):
            self.rows.append(self.button(row.capitalize(), f"wpp-ofc-row-{row}",
                                         f"put the chosen card on the {row} row",
                                         partial(self._pick_row, i), key=row[0].upper()))
        self.undo = self.button("Undo", "wpp-ofc-undo", "take back the last card put on a row",
                                self._undo, key="U")
        self.place = self.button("Place", "wpp-ofc-place", "place these cards", self._send,
                                 key="Enter")
        acts = w.Box([*self.rows, self.undo, self.place])
        acts.add_class("wpp-ofc-acts")
        self.note = w.HTML()
        self.scored = w.HTML()
        self.scored.add_class("wpp-ofc-scored")
        self.scored.add_class("wpp-scroll")  # a wide score table scrolls, its bar shown
        self.root = w.VBox([w.HTML(_CSS), self.boards, self.note, hand, acts, self.scored])
        self.root.add_class("wpp-ofc")
        self.pending: dict[Card, int] = {}
        self.order: list[Card] = []
        self.card: Card | None = None
        self.row: int | None = None
        self._view: OfcView | None = None
        self._active = False
        self._last: tuple[Card, ...] = ()
        self._legal: list[Any] = []

    # --- the contract ------------------------------------------------------------------
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw every board from ``view`` (all placed cards are public); ``others`` adds
        nothing (the cards others are about to place are never drawn)."""
        view = self.require_view(view, OfcView, "OFC's board")
        if self._view is None or view.to_place != self._view.to_place \
                or view.board != self._view.board:
            self._reset()
        self._view, self._active = view, active and bool(legal)
        self._legal = list(legal) if self._active else []
        self._last = ((*last.top, *last.middle, *last.bottom)
                      if isinstance(last, Place) else ())
        scored = view.boards if view.over else view.previous
        if view.scores and scored and all(is_full(b) for b in scored):
            # A game of one hand (the page's: its match counts the hands) says no number: it
            # read "Hand 1 scored" on the match's hand 2 of 3.
            head = (f"Hand {len(view.scores)} of {view.rules.hands} scored · so far: "
                    if view.rules.hands > 1 else "This hand scored: ")
            self.scored.value = (f"<b>{head}</b>" + ", ".join(
                f"{escape(self._name(s))} {t:+d}".replace("-", "−")
                for s, t in enumerate(view.totals))
                + score_html(score_hand(scored, view.rules.scoring, view.rules.royalties),
                             [self._name(s) for s in range(view.players)]))
        else:
            self.scored.value = ""
        self._show()

    def select(self, action: Any) -> None:
        """Put the cards of ``action`` (a :class:`Place`) on their rows, not yet sent."""
        view = self._view
        if view is None or not isinstance(action, Place) or \
                sorted((*action.top, *action.middle, *action.bottom)) != sorted(view.to_place):
            raise WppError(f"not a placement of the cards to place: {action!r:.80}")
        self._reset()
        for r, row in enumerate(ROWS):
            for c in getattr(action, row):
                self.pending[c] = r
                self.order.append(c)
        self._show()

    def keys(self) -> Sequence[Key]:
        """1–5 choose a card, T / M / B a row, U undoes, Enter places."""
        cards = self.card_keys("wpp-ofc", _MOST, "choose card {n} to place")
        rows = [Key(row[0], f"wpp-ofc-row-{row}", f"put the chosen card on the {row} row")
                for row in ROWS]
        return [*cards, *rows, Key("u", "wpp-ofc-undo", "take back the last card"),
                self.enter_key("wpp-ofc-place", "place these cards")]

    def describe(self, action: Any) -> str:
        """``"Q♠ in the top row and 2♣ 3♣ in the bottom row"``: the rows that get cards, in
        the same words as the log."""
        if not isinstance(action, Place):
            raise WppError(f"not an OFC placement: {action!r:.60}")
        return action.words()

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now, in a few words (the page says it)."""
        left = len(self._left())
        if key == "Enter" and left:
            return (f"{left} card{'s' if left > 1 else ''} still to place: put each on a row "
                    "(a card, then T, M or B)")
        if key.isdigit():
            return f"you have {left} card{'s' if left != 1 else ''} left to place"
        if key in ("t", "m", "b"):
            row = ROWS["tmb".index(key)]
            return (f"the {row} row is full" if self._view is not None
                    and self._free("tmb".index(key)) <= 0 else f"no card left for the {row} row")
        if key == "u":
            return "no card has been put on a row yet"
        return ""

    # --- input ---------------------------------------------------------------------------
    def _reset(self) -> None:
        self.pending, self.order, self.card, self.row = {}, [], None, None

    def _free(self, row: int) -> int:
        assert self._view is not None
        taken = sum(1 for r in self.pending.values() if r == row)
        return ROW_SIZES[row] - len(self._view.board[row]) - taken

    def _pick_card(self, card: Card) -> None:
        if not self._active or card in self.pending:
            return
        self.card = None if self.card == card else card
        if self.card is not None and self.row is not None:
            self._put()
        self._show()

    def _pick_row(self, row: int) -> None:
        if not self._active or self._free(row) <= 0:
            return
        self.row = None if self.row == row else row
        if self.card is None:
            left = self._left()
            if len(left) == 1 and self.row is not None:  # one card left: no need to pick it
                self.card = left[0]
        if self.card is not None and self.row is not None:
            self._put()
        self._show()

    def _put(self) -> None:
        assert self.card is not None and self.row is not None
        self.pending[self.card] = self.row
        self.order.append(self.card)
        self.card = self.row = None

    def _undo(self) -> None:
        if self.order:
            self.pending.pop(self.order.pop())
        self.card = self.row = None
        self._show()

    def _send(self) -> None:
        if not self._active or self._view is None or self._left():
            return
        action = Place.assign(self.order, [self.pending[c] for c in self.order])
        self._choose(action)

    # --- drawing -------------------------------------------------------------------------
    def _left(self) -> list[Card]:
        return [c for c in self._view.to_place if c not in self.pending] if self._view else []

    def _name(self, seat: int) -> str:
        return self.seat_name(seat, None if self._view is None else self._view.player)

    def _board_html(self, seat: int, board: Board, pending: Sequence[Sequence[Card]]) -> str:
        view = self._view
        assert view is not None
        rows = "".join(f'<div class="wpp-ofc-row"><span class="wpp-ofc-name">{ROWS[i]}</span>'
                       f"{_row_html(board[i], ROW_SIZES[i], pending[i], self._last)}</div>"
                       for i in range(3))
        whole: Board = tuple(tuple((*board[i], *pending[i])) for i in range(3))  # type: ignore[assignment]
        turn = " — to place" if not view.over and view.to_act == seat else ""
        return (f'<div class="wpp-ofc-board" role="group" aria-label="{escape(self._name(seat))}'
                f"'s board\"><b>{escape(self._name(seat))}</b>{turn}{_foul_mark(whole)}"
                f"{rows}</div>")

    def _show(self) -> None:
        view = self._view
        if view is None:
            return
        none: tuple[tuple[Card, ...], ...] = ((), (), ())
        mine = tuple(tuple(c for c in self.order if self.pending[c] == r) for r in range(3))
        seats = [s for s in range(view.players) if s != view.player] + [view.player]
        self.boards.value = '<div class="wpp-ofc-boards">' + "".join(
            self._board_html(s, view.boards[s], mine if s == view.player else none)
            for s in seats) + "</div>"
        # A position drawn for reading (the review) still shows the cards the viewer had to
        # place then — their own, in their view — read-only: the review showed rows only.
        reading = not self._active and bool(view.to_place)
        left = self._left() if self._active else list(view.to_place)
        playable = playable_cards(self._legal)
        # (while cards show, reading is exactly "not active": the marks follow the clicks)
        self.show_cards(self.cards, left, "wpp-ofc", clickable=not reading, playable=playable,
                        selected=() if self.card is None else [self.card],
                        tooltip=lambda i, c: f"{c}: to place at this move" if reading else
                        f"{c}: choose it, then a row (key {i + 1})")
        for i, b in enumerate(self.rows):
            b.disabled = not self._active or self._free(i) <= 0
            set_class(b, "wpp-ofc-armed", self.row == i)
        self.undo.disabled = not self._active or not self.order
        self.place.disabled = not self._active or bool(left)
        if reading:
            text = (f"The cards to place at this move: {format_cards(view.to_place)}.")
        elif not self._active:
            text = "The hand is over." if view.over else ""
        elif left:
            # The hand's number only in a game of several hands: the page's games are one
            # hand each, and its match line says which hand of the match this is (the prompt
            # read "Hand 1" beside "Hand 2 of 3").
            which = (f"Hand {view.hand + 1} of {view.rules.hands}: "
                     if view.rules.hands > 1 else "")
            text = (f"{which}Click a card then a row (or a row then a card): "
                    f"{len(left)} card{'s' if len(left) > 1 else ''} to go.")
        else:
            text = "Every card has a row: Place, or Undo to change."
        self.note.value = escape(text)
