"""The state of a game, what each player may know of it, and the rules of play (R10–R20).

How a game runs
---------------
* **Deal** (R10): the seed shuffles the deck; player 1 (index 0) gets the first 16 cards,
  player 2 the next 16; 20 cards stay face down as the deck, its top first.
* **Mulligan** (R11): each player chooses 3 cards for the face-up pile, player 1 then
  player 2. The choices are secret until both are made, so the second chooser learns nothing.
* **First lead** (R12): whoever then holds the lowest card leads.
* **A trick** (R13–R16): the leader plays anything, or passes (unless the lead was passed to
  them). The other player beats the table (same mode, higher play) or draws: one deck card
  (then one more or stop), or one pile card. A draw ends the trick: its cards go to the
  discards and the player who made the last play leads a fresh trick.
* **Re-draw** (R15): once a game, right after deck draws, those cards go to the pile and as
  many new ones are drawn; the turn ends.
* **The end** (R17, R19, R20): an empty hand wins at once; holding ``hand_limit`` cards after a
  draw loses; conceding loses; ``turn_limit`` actions make a draw.
* **Empty deck** (R18): the discards are shuffled into a new deck (flag); if there are none only
  the pile can be drawn from; if it is empty too, the player takes nothing and the trick ends.

Where it is written
-------------------
This module is the engine's front door: it gathers the names the kit imports from
``wpp.state``. Each idea lives in its own module, imported one way (each only from those
above it):

* :mod:`wpp.deal` — the deal, the mulligan's size, the R18 reshuffle;
* :mod:`wpp.phases` — :class:`Phase`, :class:`EndReason`, :class:`TrickPlay`, player names;
* :mod:`wpp.events` — :class:`Event`, the narration of one action;
* :mod:`wpp.view` — :class:`View` (what one player may know) and :func:`legal_actions`,
  computed from a view alone, so an agent or a UI that only receives views learns nothing
  hidden;
* :mod:`wpp.gamestate` — :class:`GameState`, the whole truth of one moment, immutable;
* :mod:`wpp.board` — :class:`~wpp.board.Board`, a state thawed for change, and the one
  writing of what each action does to the cards;
* :mod:`wpp.transitions` — :func:`step` = thaw → validate → board operations → freeze, with
  the narration. A refused action leaves the state as it was, so a list of states is an
  exact undo history;
* :mod:`wpp.playout` — whole games played on one board, from any state (fast simulations).
"""

from __future__ import annotations

from wpp.deal import DEAL_SIZE, MULLIGAN_SIZE, deal, reshuffled
from wpp.events import Event
from wpp.gamestate import GameState
from wpp.phases import EndReason, Phase, TrickPlay, player_name
from wpp.transitions import step
from wpp.view import View, drawing_options, legal_actions

__all__ = [
    "DEAL_SIZE",
    "MULLIGAN_SIZE",
    "EndReason",
    "Event",
    "GameState",
    "Phase",
    "TrickPlay",
    "View",
    "deal",
    "drawing_options",
    "legal_actions",
    "player_name",
    "reshuffled",
    "step",
]
