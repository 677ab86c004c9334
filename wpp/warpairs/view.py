"""What one player may know (:class:`View`), and their legal actions computed from it alone.

A view holds the player's own hand, the opponent's hand *size*, the public cards and the
counters — never the opponent's cards, the deck order or the seed. Legal actions are computed
**from a view**, so an agent or a UI that only ever receives views cannot learn anything
hidden.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final, NamedTuple

from wpp.core.standard_deck import Card, format_cards
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
from wpp.warpairs.deal import MULLIGAN_SIZE, deck_available
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.phases import (
    _ANSWER,
    _LEAD,
    _MULLIGAN,
    _OVER,
    EndReason,
    Phase,
    TrickPlay,
    player_name,
)
from wpp.warpairs.plays import Play
from wpp.warpairs.record import Entry
from wpp.warpairs.rules import Rules

__all__ = ["View", "drawing_options", "legal_actions"]


class View(NamedTuple):
    """Everything ``player`` may know, and nothing more: no opponent's cards, no deck order,
    no seed. Agents and UIs receive only this.

    ``drawn`` holds the cards *this player* drew this turn (empty for the other player, who
    sees only ``drawn_count``). ``mulligans`` shows both mulligans once both are made.
    ``record`` is the game so far as both players saw it (:mod:`wpp.warpairs.record`; the opponent's
    mulligan only once both are made); ``my_deal`` the 16 cards this player was dealt and
    ``my_draws`` every deck card they drew, in order — what a player at the table remembers.
    A position set up by hand (:meth:`~wpp.warpairs.state.GameState.custom`) has no history: all
    three are empty.
    """

    player: int
    to_act: int
    phase: Phase
    rules: Rules
    hand: tuple[Card, ...]
    opponent_hand_size: int
    pile: tuple[Card, ...]
    deck_size: int
    discards: tuple[Card, ...]
    trick: tuple[TrickPlay, ...]
    last_trick: tuple[TrickPlay, ...]
    passed: bool
    drawn: tuple[Card, ...]
    drawn_count: int
    redraw_used: tuple[bool, bool]
    my_mulligan: tuple[Card, ...] | None
    mulligans: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    mulligan_done: tuple[bool, bool]
    actions: int
    reshuffles: int
    winner: int | None
    end_reason: EndReason | None
    record: tuple[Entry, ...] = ()
    my_deal: tuple[Card, ...] = ()
    my_draws: tuple[Card, ...] = ()

    @property
    def table(self) -> Play | None:
        """The play to beat, or ``None`` at a fresh trick."""
        return self.trick[-1].play if self.trick else None

    @property
    def my_turn(self) -> bool:
        """True when this player is to act (and the game is not over)."""
        return self.phase is not Phase.OVER and self.to_act == self.player

    def deck_available(self) -> int:
        """How many deck cards could be drawn now (the deck, plus discards R18 reshuffles)."""
        return deck_available(self.deck_size, len(self.discards), self.rules)

    def legal_actions(self) -> list[Action]:
        """This player's legal actions now (empty when it is not their turn)."""
        return legal_actions(self)

    def __str__(self) -> str:
        me = player_name(self.player)
        lines = [
            f"{me} view — phase {self.phase.value}, {player_name(self.to_act)} to act",
            f"  hand ({len(self.hand)}): {format_cards(self.hand)}",
            f"  opponent holds {self.opponent_hand_size} cards; deck {self.deck_size}; "
            f"discards {len(self.discards)}; pile: {format_cards(self.pile) or '—'}",
            f"  table: {self.table if self.table is not None else '— (fresh trick)'}",
        ]
        return "\n".join(lines)


def legal_actions(view: View) -> list[Action]:
    """Every legal action for ``view.player`` now, computed from the view alone.

    In the mulligan every choice of 3 cards is listed (560 for 16 cards). ``Concede`` is
    always last while the game runs. Each call returns a new list, the caller's to change.
    """
    global _last_listed
    last_view, last_actions = _last_listed
    if view is last_view:  # the same decision asked about again (views never change)
        return list(last_actions)
    phase = view.phase
    if phase is _OVER or view.to_act != view.player:
        return []
    out: list[Action] = []
    hand = view.hand
    if phase is _MULLIGAN:
        out.extend(Mulligan(m) for m in combinations(hand, MULLIGAN_SIZE))
    elif phase is _LEAD:
        out.extend([PlayCards.of_sorted(p.cards) for p in all_plays(hand, view.rules)])
        if not view.passed:
            out.append(_PASS)
    elif phase is _ANSWER:
        out.extend([PlayCards.of_sorted(p.cards) for p in answers(hand, view.table, view.rules)])
        available = view.deck_available()
        if available or not view.pile:
            out.append(_DRAW)  # with nothing anywhere, "draw" takes nothing (R18)
        out.extend(TakeFromPile(c) for c in view.pile)
    else:  # DRAWING
        out.extend(drawing_options(view.drawn_count, view.deck_available(),
                                   view.redraw_used[view.player]))
    out.append(_CONCEDE)
    _last_listed = (view, tuple(out))
    return out


# The last view listed and its actions. One decision is often listed twice in a row — by a
# recorder and then by the agent, by a UI's refresh and then its click — and a view is
# immutable, so the second time is a copy. Compared by identity: an equal view made anew
# is listed anew.
_last_listed: tuple[View | None, tuple[Action, ...]] = (None, ())


def drawing_options(drawn: int, available: int, redraw_used: bool) -> list[Action]:
    """What a player who drew ``drawn`` deck cards this turn may do next (R14, R15, R18):
    one more card (after the first, if the deck can give it), stop, or re-draw (once a game,
    if the deck can replace every drawn card). ``Concede`` aside."""
    return list(_DRAWING_OPTIONS[drawn == 1 and available > 0,
                                 not redraw_used and available >= drawn])


# Actions are immutable values: the lists share these objects (a simulation asks for the
# drawing options after every deck card).
_PASS, _DRAW, _STOP, _REDRAW, _CONCEDE = Pass(), Draw(), Stop(), Redraw(), Concede()
_DRAWING_OPTIONS: Final[dict[tuple[bool, bool], tuple[Action, ...]]] = {
    (more, redraw): (*((_DRAW,) if more else ()), _STOP, *((_REDRAW,) if redraw else ()))
    for more in (False, True) for redraw in (False, True)
}
