"""What WarPairsPoker tells the generic analysis about its games: the analysis hooks of
:class:`~wpp.warpairs.definition.WarPairsPoker` (:mod:`wpp.core.protocol`), written here so the
definition stays an adapter and the tournaments (:mod:`wpp.analysis`) stay game-agnostic.

* the **lead estimate** (:func:`lead_estimate`): fewer cards in hand is ahead;
* the **branching** of a decision: Concede is not a choice anyone weighs, and a mulligan is
  one choice among the C(16, 3) = 560 sets of 3 cards;
* the **spread** of a decision: how far apart the decider's lead estimates are right after
  each legal action (a play sheds its cards, a draw adds one, pass/stop/re-draw nothing);
* the **first player** for fairness: the first leader (R12), not seat P1, whose first move
  is a secret mulligan;
* the game's own columns: :func:`decision_columns` (phase and hand sizes) and
  :func:`game_columns` (tricks by mode, plays by category, draws, pile takes, re-draws …).

>>> from wpp.warpairs.definition import WARPAIRS
>>> s = WARPAIRS.new(7, 2, WARPAIRS.rules())
>>> WARPAIRS.branching(s, WARPAIRS.legal_actions(s)), WARPAIRS.lead_estimates(s)
(560, (0.5, 0.5))
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, Final

from wpp.warpairs.actions import Action, Concede, Draw, Pass, PlayCards, Redraw, TakeFromPile
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.phases import Phase
from wpp.warpairs.plays import Category, Mode
from wpp.warpairs.state import GameState

__all__ = [
    "CATEGORY_COLUMNS",
    "GAME_COLUMNS",
    "MODE_COLUMNS",
    "branching",
    "decision_columns",
    "first_leader",
    "game_columns",
    "lead_estimate",
    "move_spread",
]

#: Columns counting the tricks by the mode of their lead.
MODE_COLUMNS: Final = tuple(f"tricks_{m.label}" for m in Mode)
#: Columns counting the plays (leads and answers, both players) by category.
CATEGORY_COLUMNS: Final = tuple(f"plays_{c.name.lower()}" for c in Category)

#: WarPairsPoker's own columns of the games table, in order (see :func:`game_columns`).
GAME_COLUMNS: Final = (
    "end_reason",      # wpp.warpairs.phases.EndReason value ("" for none)
    "first_leader",    # the seat that led the first trick (R12: the lowest card)
    "tricks", *MODE_COLUMNS,
    "passes",
    "plays_p1", "plays_p2", "cards_played_p1", "cards_played_p2",
    *CATEGORY_COLUMNS,
    "deck_draws_p1", "deck_draws_p2",   # cards taken from the deck by Draw
    "pile_takes_p1", "pile_takes_p2",   # cards taken from the face-up pile
    "redraws_p1", "redraws_p2",         # re-draws used (0 or 1)
    "reshuffles",
    "final_hand_p1", "final_hand_p2",
)


def lead_estimate(mine: int, theirs: int) -> float:
    """The estimated chance that a player holding ``mine`` cards beats one holding ``theirs``.

    WarPairsPoker is won by emptying one's hand (and lost by filling it to the hand limit), so
    the player with fewer cards is ahead. The estimate is the opponent's share of the cards in
    hand, ``theirs / (mine + theirs)``: 0.5 for equal hands, rising to 1 as one's own hand
    empties. It stands in for the win-probability estimates (Monte Carlo playouts) from
    which CardStock derives its lead histories, and is what the game-quality metrics use for
    drama, security, spread and lead changes.

    >>> lead_estimate(10, 10), lead_estimate(5, 15), lead_estimate(0, 7)
    (0.5, 0.75, 1.0)
    """
    total = mine + theirs
    return 0.5 if total == 0 else theirs / total


def lead_estimates(state: GameState) -> tuple[float, float]:
    """Both seats' :func:`lead_estimate` (they add up to 1)."""
    a, b = len(state.hands[0]), len(state.hands[1])
    return lead_estimate(a, b), lead_estimate(b, a)


def branching(state: GameState, legal: Sequence[Action]) -> int:
    """The choices of a decision: the legal actions less Concede; in the mulligan, the
    C(hand, 3) sets of cards that can go to the pile."""
    if state.phase is Phase.MULLIGAN:
        return comb(len(state.hands[state.to_act]), MULLIGAN_SIZE)
    return sum(1 for a in legal if type(a) is not Concede)


def move_spread(state: GameState, legal: Sequence[Action]) -> float:
    """max − min of the decider's lead estimate right after each legal action (Concede not
    counted): a play sheds its cards, a deck draw (when the deck can give one) or a pile card
    adds one, pass/stop/re-draw change nothing. 0 in the mulligan, where every choice puts
    3 cards on the pile."""
    if state.phase is Phase.MULLIGAN:
        return 0.0
    p = state.to_act
    mine, theirs = len(state.hands[p]), len(state.hands[1 - p])
    draw = 1 if state.deck_available() else 0
    low, high, n = 99, -99, 0
    for a in legal:
        kind = type(a)
        if kind is Concede:
            continue
        n += 1
        if isinstance(a, PlayCards):
            change = -len(a.cards)
        elif kind is TakeFromPile:
            change = 1
        elif kind is Draw:
            change = draw
        else:
            change = 0
        low = min(low, change)
        high = max(high, change)
    if not n:
        return 0.0
    # Fewer cards is better: the smallest change gives the highest estimate.
    return lead_estimate(mine + low, theirs) - lead_estimate(mine + high, theirs)


def counts_as_move(state: GameState) -> bool:
    """Every decision but the two mulligans (560 choices each, before any trick: their size
    says nothing about the course of play and would dominate every slope)."""
    return state.phase is not Phase.MULLIGAN


def first_leader(states: Sequence[GameState]) -> int:
    """The seat that led the first trick (R12: the lowest card after the mulligans); -1 if
    the game ended before any lead."""
    for s in states:
        if s.phase is Phase.LEAD:
            return s.to_act
    return -1


def decision_columns(state: GameState) -> dict[str, Any]:
    """The phase and both hand sizes before the decision."""
    return {"phase": state.phase.value, "hand_p1": len(state.hands[0]),
            "hand_p2": len(state.hands[1])}


def game_columns(states: Sequence[GameState], actions: Sequence[Action]) -> dict[str, Any]:
    """WarPairsPoker's columns of one game (:data:`GAME_COLUMNS`), counted over its steps."""
    c: dict[str, Any] = dict.fromkeys(GAME_COLUMNS, 0)
    for before, action, after in zip(states, actions, states[1:], strict=False):
        seat = f"_p{before.to_act + 1}"
        if isinstance(action, PlayCards):
            play = after.trick[-1].play
            c["plays" + seat] += 1
            c["cards_played" + seat] += len(play.cards)
            c[f"plays_{play.category.name.lower()}"] += 1
            if before.phase is Phase.LEAD:
                c["tricks"] += 1
                c[f"tricks_{play.mode.label}"] += 1
        elif isinstance(action, Draw):
            p = before.to_act
            c["deck_draws" + seat] += len(after.hands[p]) - len(before.hands[p])
        elif isinstance(action, TakeFromPile):
            c["pile_takes" + seat] += 1
        elif isinstance(action, Redraw):
            c["redraws" + seat] += 1
        elif isinstance(action, Pass):
            c["passes"] += 1
    final = states[-1]
    c["end_reason"] = final.end_reason.value if final.end_reason else ""
    c["first_leader"] = first_leader(states)
    c["reshuffles"] = final.reshuffles
    c["final_hand_p1"] = len(final.hands[0])
    c["final_hand_p2"] = len(final.hands[1])
    return c
