"""The rules of play as transitions: :func:`step` = thaw → validate → board operations →
freeze, with the narration of what happened.

Each action has one handler here. It **validates** the action against the board, raising
:class:`~wpp.core.errors.IllegalAction` with the rule's words before anything changes, then runs
the :class:`~wpp.warpairs.board.Board` operation that *does* it (the one place the effects are
written) and, when asked, narrates it. :func:`apply` runs a handler on a board that lives for
a whole game (:func:`wpp.warpairs.playout.playout`); :func:`step` on a board thawed from an
immutable state and frozen again, so a refused action leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from wpp.core.errors import IllegalAction
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
from wpp.warpairs.board import Board
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.events import Event
from wpp.warpairs.judge import decide, judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.phases import _ANSWER, _DRAWING, _LEAD, _MULLIGAN, _OVER
from wpp.warpairs.state import GameState

__all__ = ["apply", "step"]

_NAMES: Final = ("P1", "P2")


def _require_held(hand: Iterable[Card], cards: tuple[Card, ...]) -> None:
    held = set(hand)
    missing = [c for c in cards if c not in held]
    if missing:
        raise IllegalAction(f"you do not hold {format_cards(missing)} (R3)", "R3")


# --- one handler per action: validate first (raising IllegalAction), then change ``b`` --------

def _concede(b: Board, action: Concede) -> None:
    p = b.to_act
    b.concede(p)
    if b.narrate:
        b.public = f"{_NAMES[p]} conceded (R19)"


def _mulligan(b: Board, action: Mulligan) -> None:
    p = b.to_act
    chosen = action.cards
    if b.phase is not _MULLIGAN:
        raise IllegalAction("the mulligan is over; it happens once, at the start (R11)", "R11")
    if len(chosen) != MULLIGAN_SIZE:
        raise IllegalAction(f"the mulligan is exactly {MULLIGAN_SIZE} cards, not "
                            f"{len(chosen)} (R11)", "R11")
    _require_held(b.hands[p], chosen)
    b.mulligan(p, chosen)
    if p == 0:
        if b.narrate:
            b.public = "P1 chose a mulligan (kept secret until both have chosen)"
            b.private = f"P1 put {format_cards(chosen)} aside for the pile (R11)"
        return
    b.cards = tuple(b.pile)
    if b.narrate:
        # R12: who leads is public, the card that decides it is not (it stays in the
        # leader's hand, in no view of the other player); only the leader may read it.
        leader = b.to_act
        said = f"P2 chose a mulligan; the pile is {format_cards(b.pile)}; {_NAMES[leader]} holds"
        b.public = f"{said} the lowest card and leads (R12)"
        if leader == p:
            b.private = f"{said} the lowest card, {b.hands[leader][0]}, and leads (R12)"


def _play(b: Board, action: PlayCards) -> None:
    p = b.to_act
    phase = b.phase
    if phase is _DRAWING:
        raise IllegalAction(f"{_NAMES[p]} has drawn this turn and may not play now: draw one "
                            "more, stop, or re-draw (R14)", "R14")
    _require_held(b.hands[p], action.cards)  # no cards: classify says why (R4)
    play = classify(action.cards, b.rules)
    table = b.table
    on_table = decide(play, table)[1]
    if on_table is None:
        assert table is not None
        verdict = judge(play, table)
        raise IllegalAction(f"{format_cards(play.shown)} does not beat "
                            f"{format_cards(table.shown)}: {verdict.reason}", verdict.rule)
    b.put(p, on_table)
    b.cards = play.cards
    if b.narrate:
        verb = "led" if phase is _LEAD else "played"
        b.public = f"{_NAMES[p]} {verb} {format_cards(play.shown)}"
        if len(play.cards) > 1 or on_table.lowered_by_two:
            b.public += f" — {on_table.describe()}"


def _pass(b: Board, action: Pass) -> None:
    p = b.to_act
    if b.phase is not _LEAD:
        raise IllegalAction("only the leader of a fresh trick may pass (R16)", "R16")
    if b.passed:
        raise IllegalAction("the lead was passed to you: you must lead, you may not pass back "
                            "(R16)", "R16")
    b.pass_lead(p)
    if b.narrate:
        b.public = f"{_NAMES[p]} passed; {_NAMES[1 - p]} must lead (R16)"


def _draw(b: Board, action: Draw) -> None:
    p = b.to_act
    phase = b.phase
    if phase is _LEAD:
        raise IllegalAction("the leader of a fresh trick may not draw: play something"
                            + ("" if b.passed else " or pass") + " (R13)", "R13")
    if phase is _DRAWING and len(b.drawn) != 1:
        raise IllegalAction("at most 2 deck cards may be drawn in a turn (R14)", "R14")
    if not b.available() and (phase is _DRAWING or b.pile):
        raise IllegalAction("the deck is empty and no discards can be reshuffled"
                            + (": take a pile card instead" if b.pile else "")
                            + " (R18)", "R18")
    second = bool(b.drawn)
    c = b.draw(p)
    if not b.narrate:
        return
    if c is None:
        b.public = (f"{_NAMES[p]} could take no card — deck, discards and pile are all "
                    "empty — and the trick ends (R18)")
        return
    b.public = f"{_NAMES[p]} drew {'a second card' if second else 'a card'} from the deck"
    b.private = f"{_NAMES[p]} drew {c} from the deck"


def _take_from_pile(b: Board, action: TakeFromPile) -> None:
    p = b.to_act
    if b.phase is not _ANSWER:
        raise IllegalAction("a pile card may be taken only instead of beating the table, "
                            "before any deck card this turn (R14)", "R14")
    if action.card not in b.pile:
        raise IllegalAction(f"{action.card} is not in the pile (R14)", "R14")
    b.take_from_pile(p, action.card)
    b.cards = (action.card,)
    if b.narrate:
        b.public = f"{_NAMES[p]} took {action.card} from the pile"


def _stop(b: Board, action: Stop) -> None:
    p = b.to_act
    if b.phase is not _DRAWING:
        raise IllegalAction("'stop' ends a turn of drawing; nothing has been drawn (R14)", "R14")
    if b.narrate:
        b.public = f"{_NAMES[p]} stopped drawing"
    b.stop(p)


def _redraw(b: Board, action: Redraw) -> None:
    p = b.to_act
    if b.phase is not _DRAWING:
        raise IllegalAction("a re-draw comes right after drawing from the deck this turn "
                            "(not after a pile card) (R15)", "R15")
    if b.redraw_used[p]:
        raise IllegalAction(f"{_NAMES[p]} has already used their one re-draw of the game (R15)",
                            "R15")
    drawn = tuple(b.drawn)
    n = len(drawn)
    if b.available() < n:
        raise IllegalAction(f"the deck cannot supply {n} new cards for a re-draw (R15, R18)",
                            "R15")
    new = b.redraw(p)
    b.cards = drawn
    if b.narrate:
        b.public = (f"{_NAMES[p]} re-drew: {format_cards(drawn)} went to the pile and {n} "
                    f"new card{'s' if n > 1 else ''} came from the deck (R15)")
        b.private = b.public.replace("came from the deck",
                                     f"came from the deck: {format_cards(new)}")


_HANDLERS: Final[dict[type, Callable[[Board, Any], None]]] = {
    Concede: _concede, Mulligan: _mulligan, PlayCards: _play, Pass: _pass, Draw: _draw,
    TakeFromPile: _take_from_pile, Stop: _stop, Redraw: _redraw,
}


def apply(b: Board, action: Action) -> None:
    """Apply ``action`` for the player to act on the board ``b``, in place, then count it
    (R20). Raises :class:`~wpp.core.errors.IllegalAction` before changing anything when the
    action is not legal now."""
    phase = b.phase
    if phase is _OVER:
        raise IllegalAction("the game is over; no more actions")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"{action!r} is not an action")
    if phase is _MULLIGAN and handler is not _mulligan and handler is not _concede:
        raise IllegalAction(f"it is the mulligan: {_NAMES[b.to_act]} must choose "
                            f"{MULLIGAN_SIZE} cards for the pile (R11)", "R11")
    handler(b, action)
    b.tick()


def step(state: GameState, action: Action, narrate: bool = True) -> tuple[GameState, Event]:
    """Apply ``action`` for the player to act; return the new state and its narration.

    Raises :class:`~wpp.core.errors.IllegalAction` (the state is untouched) when the action is not
    legal now, with the reason in words. ``narrate=False`` skips writing the event's texts
    (simulations that never read them run faster).
    """
    if state.phase is _OVER:  # before thawing: a finished game is refused at once
        raise IllegalAction("the game is over; no more actions")
    b = Board.thaw(state, narrate)
    apply(b, action)
    if not narrate:
        return b.freeze(), Event(state.actions, state.to_act, action, "", "", b.cards)
    public = b.public
    private = b.private if b.private is not None else public
    if b.notes:
        tail = "; " + "; ".join(b.notes)
        public += tail
        private += tail
    return b.freeze(), Event(state.actions, state.to_act, action, public, private, b.cards)
