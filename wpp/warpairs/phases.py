"""Where a game is and how it ended: its phases, its end reasons, the plays of a trick and
the players' names. Plain values, shared by the state, the views and the transitions."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from wpp.warpairs.plays import Play

__all__ = ["EndReason", "Phase", "TrickPlay", "player_name"]


class Phase(Enum):
    """Where the game is; with ``to_act`` it says what may happen next."""

    MULLIGAN = "mulligan"  # to_act chooses 3 cards for the pile (R11)
    LEAD = "lead"          # to_act leads a fresh trick, or passes if allowed (R13, R16)
    ANSWER = "answer"      # to_act beats the table, or draws (R14)
    DRAWING = "drawing"    # to_act drew a deck card: one more, stop, or re-draw (R14, R15)
    OVER = "over"


# Enum attribute lookups cost ~100 ns each; hot code imports these aliases instead.
_MULLIGAN, _LEAD, _ANSWER, _DRAWING, _OVER = (Phase.MULLIGAN, Phase.LEAD, Phase.ANSWER,
                                               Phase.DRAWING, Phase.OVER)


class EndReason(Enum):
    """Why a game ended."""

    EMPTIED_HAND = "emptied their hand"          # R17: the winner's hand is empty
    HAND_LIMIT = "reached the hand limit"        # R17: the loser holds hand_limit cards
    CONCEDED = "conceded"                        # R19: the loser conceded
    TURN_LIMIT = "reached the turn limit"        # R20: a draw


class TrickPlay(NamedTuple):
    """One play of a trick: who made it, and the play as it lay on the table."""

    player: int
    play: Play


def player_name(p: int) -> str:
    """``P1`` or ``P2``: the names the narration uses for players 0 and 1."""
    return f"P{p + 1}"
