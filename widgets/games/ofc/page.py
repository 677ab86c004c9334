"""The Open Face Chinese Poker page: you against pyOFC's AI, hand after hand.

Both boards are open (every placed card is public); your cards to place are card buttons.
Click a card then a row — or a row then a card — to put it there for now; **Undo** takes the
last one back, **Confirm** places them all (the engine checks the placement). The computer
then places its cards and the page shows why (its explanation: the candidates, the rollouts,
the best boards, the runner-up). When both boards are full the hand is scored row by row,
with fouls and royalties, and the session's score goes on; **Next hand** deals the next one
(the first mover alternates).

The page drives a :class:`~wpp.core.session.Session`; the only state of its own is the
placement being built (which card goes to which row until you confirm).

>>> t = OfcTable(seed=3, passes=10)
>>> t.summary()
'OFC hand 1: place 5 cards (0 chosen); session: you +0, computer +0'
>>> card = t.session.history.view(0).to_place[0]
>>> t.pick_card(card); t.pick_row(2); t.summary()
'OFC hand 1: place 5 cards (1 chosen); session: you +0, computer +0'
"""

from __future__ import annotations

from html import escape
from typing import Final

import ipywidgets as w

from widgets.lessons.base import Lesson, lesson_root, nav_button
from widgets.parts.explain_view import ExplanationView
from widgets.parts.faces import cards_html
from widgets.parts.hand import HandView
from wpp.core.checks import fold_seed
from wpp.core.errors import WppError
from wpp.core.registry import make_agent, new_game
from wpp.core.session import Session
from wpp.core.standard_deck import Card
from wpp.ofc.board import ROW_SIZES, ROWS, Board
from wpp.ofc.game import MAX_HANDS, OfcView, Place
from wpp.ofc.scoring import HandScore, score_hand

__all__ = ["OfcTable"]

YOU, COMPUTER = 0, 1
_CSS: Final = """<style>
.wpp-ofc .wpp-ofc-board { background: #2e7d4f; color: #fff; border-radius: 10px;
  padding: 6px 10px; margin: 4px 0; }
.wpp-ofc .wpp-ofc-board .wpp-ofc-row { display: flex; align-items: center; gap: 8px;
  min-height: 62px; margin: 2px 0; }
.wpp-ofc .wpp-ofc-name { font-weight: bold; min-width: 70px; }
.wpp-ofc .wpp-slot { display: inline-block; width: 38px; height: 54px; margin: 0 2px;
  border: 2px dashed #9cc9ad; border-radius: 5px; vertical-align: middle; }
.wpp-ofc .widget-button.wpp-row-button { width: 90px; }
.wpp-ofc .widget-button.wpp-row-button.wpp-armed { background: #ffe08a; color: #111; }
.wpp-ofc .wpp-score td, .wpp-ofc .wpp-score th { padding: 2px 8px; text-align: left; }
.wpp-ofc .wpp-foul { color: #a11; font-weight: bold; }
.wpp-ofc .wpp-session { font-weight: bold; font-size: 15px; color: #0d2b45; }
</style>"""


def _row_html(cards: tuple[Card, ...], size: int, pending: tuple[Card, ...] = ()) -> str:
    slots = "".join('<span class="wpp-slot"></span>'
                    for _ in range(size - len(cards) - len(pending)))
    return f"{cards_html((*cards, *pending), 38, highlight=pending)}{slots}"


def _board_html(name: str, board: Board) -> str:
    rows = "".join(f'<div class="wpp-ofc-row"><span class="wpp-ofc-name">{ROWS[i]}</span>'
                   f"{_row_html(board[i], ROW_SIZES[i])}</div>" for i in range(3))
    return f'<div class="wpp-ofc-board"><b>{escape(name)}</b>{rows}</div>'


def score_html(score: HandScore, names: tuple[str, str] = ("You", "Computer")) -> str:
    """The hand's scoring row by row: each row's hands and royalties, who won it, fouls."""
    pair = score.pairs[0]
    head = "".join(f"<th>{escape(n)}</th>" for n in ("row", *names, "result"))
    body = []
    for r in range(3):
        cells = []
        for s in (0, 1):
            seat = score.seats[s]
            bonus = f" (+{seat.royalties[r]})" if seat.royalties[r] else ""
            cells.append(f"{cards_html(seat.board[r], 30)} {escape(seat.values[r].name)}"
                         f"{bonus}")
        fouled = score.seats[0].fouled or score.seats[1].fouled
        result = ("—" if fouled else
                  {1: f"{names[0]} win", 0: "tie", -1: f"{names[1]} wins"}[pair.rows[r]])
        body.append(f"<tr><td>{ROWS[r]}</td><td>{cells[0]}</td><td>{cells[1]}</td>"
                    f"<td>{escape(result)}</td></tr>")
    fouls = [f'<span class="wpp-foul">{escape(names[s])} fouled</span>'
             for s in (0, 1) if score.seats[s].fouled]
    points = score.points[0]
    foot = (f"<p>{' · '.join(fouls) + ' · ' if fouls else ''}rows {pair.row_points:+d}, "
            f"royalties {pair.royalty_points:+d} ({score.seats[0].royalty} against "
            f"{score.seats[1].royalty}): <b>{escape(names[0])} {points:+d}</b></p>")
    return (f'<table class="wpp-score"><tr>{head}</tr>{"".join(body)}</table>{foot}')


class OfcTable(Lesson):
    """You against pyOFC's AI (see the module's text)."""

    def __init__(self, seed: int = 1, passes: int = 100, scoring: str = "standard") -> None:
        self.seed = seed
        self.passes = passes
        self.scoring = scoring
        self.pending: dict[Card, int] = {}
        self.order: list[Card] = []
        self.card: Card | None = None
        self.row: int | None = None
        self.waiting = False   # a hand was scored: "Next hand" starts the next
        self.computer_html = w.HTML("")
        self.you_html = w.HTML("")
        self.row_buttons = [nav_button(row, f"put the chosen card on the {row} row")
                            for row in ROWS]
        for i, b in enumerate(self.row_buttons):
            b.add_class("wpp-row-button")
            b.on_click(lambda _b, i=i: self.pick_row(i))
        self.hand = HandView("Your cards to place")
        self.hand.on_toggle(self.pick_card)
        self.undo_button = nav_button("Undo", "take back the last card you put on a row")
        self.confirm_button = nav_button("Confirm", "place these cards")
        self.next_button = nav_button("Next hand", "deal the next hand")
        self.new_button = nav_button("New session", "start again from the score 0")
        self.undo_button.on_click(lambda _b: self.undo())
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.next_button.on_click(lambda _b: self.next_hand())
        self.new_button.on_click(lambda _b: self.new_session(fold_seed(self.seed + 1)))
        self.status = w.HTML("")
        self.scoring_html = w.HTML("")
        self.scoring_html.add_class("wpp-panel")
        self.explain = ExplanationView()
        self.root = lesson_root([
            w.HTML(_CSS), self.status, self.computer_html, self.you_html,
            w.HBox(self.row_buttons), self.hand.box,
            w.HBox([self.undo_button, self.confirm_button, self.next_button,
                    self.new_button]),
            self.scoring_html, self.explain.html], "wpp-ofc")
        self.new_session(seed)

    # ------------------------------------------------------------------ actions
    def new_session(self, seed: int) -> None:
        """A new session from the score 0 (the computer is pyOFC's AI)."""
        self.seed = seed
        ai = make_agent("ofc", "pyofc", seed=seed, passes=self.passes)
        self.session = Session(new_game("ofc", seed=seed, hands=MAX_HANDS,
                                        scoring=self.scoring), {COMPUTER: ai})
        self.waiting = False
        self.scoring_html.value = ""
        self.scoring_html.layout.display = "none"
        self._reset_pending()
        self._computer()

    def view(self) -> OfcView:
        view = self.session.history.view(YOU)
        assert isinstance(view, OfcView)
        return view

    def _reset_pending(self) -> None:
        self.pending, self.order, self.card, self.row = {}, [], None, None

    def _free(self, row: int) -> int:
        view = self.view()
        return ROW_SIZES[row] - len(view.board[row]) - sum(
            1 for r in self.pending.values() if r == row)

    def pick_card(self, card: Card) -> None:
        """A card clicked: onto the armed row, or chosen for the next row clicked."""
        if self.waiting or card not in self.view().to_place or card in self.pending:
            return
        self.card = card
        if self.row is not None:
            self._put()
        self.render()

    def pick_row(self, row: int) -> None:
        """A row clicked: the chosen card goes there, or the row waits for a card."""
        if self.waiting or not self.view().my_turn:
            return
        if self._free(row) <= 0:
            self.status.value = f"<b>The {ROWS[row]} row is full.</b>"
            return
        self.row = row
        if self.card is not None:
            self._put()
        self.render()

    def _put(self) -> None:
        assert self.card is not None and self.row is not None
        self.pending[self.card] = self.row
        self.order.append(self.card)
        self.card, self.row = None, None

    def undo(self) -> None:
        """Take back the last card put on a row in this placement."""
        if self.order:
            self.pending.pop(self.order.pop())
        self.card = self.row = None
        self.render()

    def confirm(self) -> None:
        """Place the cards (the engine checks it), then the computer plays."""
        view = self.view()
        if not view.my_turn or len(self.pending) != len(view.to_place):
            return
        rows: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
        for card, r in self.pending.items():
            rows[r].append(card)
        try:
            event = self.session.human_apply(Place(*(tuple(r) for r in rows)))
        except WppError as err:
            self.status.value = f"<b>{escape(str(err))}</b>"
            return
        self._reset_pending()
        if getattr(event, "score", None) is None:
            self._computer()
        else:
            self._scored(event.score)  # type: ignore[attr-defined]

    def _computer(self) -> None:
        """The computer's turns until yours (or the end of the hand)."""
        while self.session.computer_to_act and not self.waiting:
            hand = self.session.history.state.hand
            decision = self.session.computer_step()
            assert decision is not None
            self.explain.show("Why the computer placed its cards as it did",
                              [("", decision.explanation)])
            if self.session.history.state.hand != hand:
                state = self.session.history.state
                self._scored(score_hand(state.previous, state.rules.scoring,
                                        state.rules.royalties))
                return
        self.render()

    def _scored(self, score: HandScore) -> None:
        self.waiting = True
        self.last_score = score
        self.scoring_html.value = (f"<b>Hand {len(self.session.history.state.scores)} "
                                   f"scored</b>{score_html(score)}")
        self.scoring_html.layout.display = None
        self.render()

    def next_hand(self) -> None:
        """Deal the next hand (the state already holds it); the computer may open it."""
        if not self.waiting:
            return
        self.waiting = False
        self.scoring_html.value = ""
        self.scoring_html.layout.display = "none"
        self._computer()
        self.render()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        view = self.view()
        boards = view.previous if self.waiting else view.boards
        self.computer_html.value = _board_html("Computer (pyOFC's AI)", boards[COMPUTER])
        mine = boards[YOU]
        pending = tuple(tuple(c for c in self.order if self.pending[c] == r) for r in range(3))
        rows = "".join(f'<div class="wpp-ofc-row"><span class="wpp-ofc-name">{ROWS[i]}</span>'
                       f"{_row_html(mine[i], ROW_SIZES[i], () if self.waiting else pending[i])}"
                       "</div>" for i in range(3))
        self.you_html.value = f'<div class="wpp-ofc-board"><b>You</b>{rows}</div>'
        left = [c for c in view.to_place if c not in self.pending] if not self.waiting else []
        self.hand.show(left, selected=[self.card] if self.card else [], clickable=True)
        for i, b in enumerate(self.row_buttons):
            armed = self.row == i
            if armed and "wpp-armed" not in b._dom_classes:
                b.add_class("wpp-armed")
            elif not armed and "wpp-armed" in b._dom_classes:
                b.remove_class("wpp-armed")
            b.disabled = self.waiting or not view.my_turn
        self.undo_button.disabled = not self.order
        self.confirm_button.disabled = self.waiting or len(self.pending) != len(view.to_place)
        self.next_button.disabled = not self.waiting
        you, them = view.totals
        self.status.value = (f'<div class="wpp-session">Hand {self._hand_number()} · session: '
                             f"you {you:+d}, computer {them:+d}</div><div>{escape(self._say())}"
                             "</div>")

    def _hand_number(self) -> int:
        hand: int = self.session.history.state.hand
        return hand if self.waiting else hand + 1

    def _say(self) -> str:
        view = self.view()
        if self.waiting:
            return "The hand is over: see its scoring below, then Next hand."
        if not view.my_turn:
            return "The computer is placing its cards."
        left = len(view.to_place) - len(self.pending)
        if not left:
            return "Every card has a row: Confirm, or Undo to change."
        return ("Click a card then a row (or a row then a card): "
                f"{left} card{'s' if left > 1 else ''} to go.")

    def summary(self) -> str:
        view = self.view()
        you, them = view.totals
        if self.waiting:
            what = f"scored {self.last_score.points[YOU]:+d}"
        else:
            what = f"place {len(view.to_place)} cards ({len(self.pending)} chosen)"
        return (f"OFC hand {self._hand_number()}: {what}; session: you {you:+d}, "
                f"computer {them:+d}")
