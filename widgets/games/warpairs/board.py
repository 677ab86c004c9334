"""WarPairsPoker's board: the two hands, the table between them, the pile and the action bar,
drawn from what the viewer may know.

A hand is face up only when the seating says so (:meth:`wpp.warpairs.presenter.Seating.face_up`);
every other hand is drawn as backs counted from the public view, so no widget of a hidden
hand names a card. Only the acting person's hand is clickable, and the bar offers only what
the engine says is legal for them.

>>> from wpp.warpairs.game import Game
>>> from wpp.warpairs.presenter import Seating
>>> board, game = WarPairsBoard(), Game(11)
>>> legal = board.draw(game, Seating(computer=1), names=("You", "Computer"),
...                    selected=set(), touched=None)
>>> board.bar.visible_kinds(), board.top.count, len(board.bottom.visible_buttons())
(['mulligan', 'concede'], 16, 16)
>>> {b.description.strip() for b in board.top.visible_buttons()}   # backs name no card
{''}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape
from typing import Any

from widgets.games.warpairs.action_bar import ActionBar
from widgets.games.warpairs.pile import PileView
from widgets.games.warpairs.table import TableView
from widgets.parts.hand import HandView
from wpp.warpairs.actions import Action, Concede, Mulligan, TakeFromPile
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase
from wpp.warpairs.presenter import Seating
from wpp.warpairs.view import View

__all__ = ["WarPairsBoard", "legal_for_bar"]


def legal_for_bar(view: View) -> list[Action]:
    """The actions the bar offers (the mulligan's 560 choices collapse to one button)."""
    if view.phase is Phase.MULLIGAN:
        return [Mulligan(view.hand[:MULLIGAN_SIZE]), Concede()]
    return view.legal_actions()


class WarPairsBoard:
    """``top`` and ``bottom`` hands, the ``table``, the ``pile`` and the action ``bar``."""

    def __init__(self) -> None:
        self.top, self.bottom = HandView("P2"), HandView("P1")
        self.table, self.pile = TableView(), PileView()
        self.bar = ActionBar()

    def hand_view(self, seat: int, seating: Seating) -> HandView:
        """The view that shows ``seat``'s hand (the bottom one is the person's)."""
        return self.bottom if seat == seating.bottom else self.top

    def draw(self, g: Game, seating: Seating, *, names: Sequence[str],
             selected: Collection[Any], touched: Any, show_trick: bool = True,
             show_last: bool = False, fresh: bool = False) -> list[Action]:
        """Draw the board for ``seating`` (``fresh``: the last move is the computer's, so
        the table marks it); returns the actions the bar offers."""
        bottom = seating.bottom
        acting = seating.acting(to_act=g.to_act, over=g.is_over)
        public = g.view(bottom)  # the bottom seat's view: public facts and its own hand
        self.table.show(public, names=names, bottom=bottom, show_trick=show_trick,
                        show_last=show_last, fresh=fresh)
        for seat, hand in ((bottom, self.bottom), (1 - bottom, self.top)):
            mine = seat == acting
            if seating.face_up(seat, to_act=g.to_act, over=g.is_over):
                view = g.view(seat)
                size = len(view.hand)
                hand.show(view.hand, selected=selected if mine else (), clickable=mine,
                          cursor=touched if mine else None, new=view.drawn if mine else ())
            else:
                size = public.opponent_hand_size if seat != bottom else len(public.hand)
                hand.show_backs(size)
            hand.set_active(mine)
            tag = " — to act" if seat == g.to_act and not g.is_over else ""
            hand.set_title(f"{escape(names[seat])}: {size} card{'s' if size != 1 else ''}"
                           f"{tag}")
        legal = legal_for_bar(g.view(acting)) if acting is not None else []
        can_take = any(isinstance(a, TakeFromPile) for a in legal)
        self.pile.show(public.pile, clickable=can_take)
        self.bar.show(legal, g.phase, enabled=acting is not None,
                      note="or take a card from the pile →" if can_take else "")
        return legal
