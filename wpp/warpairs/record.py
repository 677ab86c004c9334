"""The public record of a WarPairsPoker game: every action since the deal, as both players
saw it happen.

A player at the table remembers the whole game, not only the current and the last trick:
which cards the opponent showed in the mulligan, played, took from the pile or put back by
a re-draw, and how many cards it drew. :class:`Entry` is one action in that form — its
player, its kind (an :class:`~wpp.warpairs.actions.Action`'s ``kind``) and the cards everyone saw.
A deck draw shows no card (only its drawer sees it: :attr:`~wpp.warpairs.view.View.my_draws`); a
re-draw shows the cards it put face up in the pile. During the mulligan a player's view
leaves out the opponent's still-secret mulligan (R11).

The record is kept by the board's operations (:mod:`wpp.warpairs.board`), so the engine and every
fast simulation write it the same way; :meth:`Entry.action` turns an entry back into the action
that replays it.

>>> from wpp.core.standard_deck import parse_cards
>>> Entry(1, "play", parse_cards("7H 7S")).action()
PlayCards(cards=(Card('7♥'), Card('7♠')))
>>> Entry(0, "draw").action()
Draw()
"""

from __future__ import annotations

from typing import Final, NamedTuple

from wpp.core.standard_deck import Card
from wpp.warpairs.actions import (
    Action,
    Concede,
    Draw,
    Mulligan,
    Pass,
    PlayCards,
    Redraw,
    Stop,
    TakeFromPile,
)

__all__ = ["Entry"]

_SIMPLE: Final[dict[str, Action]] = {
    Draw.kind: Draw(), Stop.kind: Stop(), Redraw.kind: Redraw(), Pass.kind: Pass(),
    Concede.kind: Concede(),
}


class Entry(NamedTuple):
    """One action as both players saw it: ``cards`` are the cards it showed (a mulligan's,
    a play's, the pile card taken, the cards a re-draw put in the pile); none for a draw."""

    player: int
    kind: str
    cards: tuple[Card, ...] = ()

    def action(self) -> Action:
        """The action that replays this entry (a re-draw replays as :class:`Redraw`)."""
        kind = self.kind
        if kind == PlayCards.kind:
            return PlayCards(self.cards)
        if kind == TakeFromPile.kind:
            return TakeFromPile(self.cards[0])
        if kind == Mulligan.kind:
            return Mulligan(self.cards)
        return _SIMPLE[kind]
