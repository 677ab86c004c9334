"""5-card draw: a 5-card showdown and 5-card draw with an explained AI, on the standard hand
ranking that the kit's poker games share (:mod:`wpp.poker.ranking`, not this package's: OFC,
Pokeros and WarPairsPoker's lessons use it too, and no game imports another game).

* :mod:`wpp.classic.showdown` -- deal 2 to 6 hands from one deck and name the winner(s),
  the seed assignment's program done right (``python -m wpp.classic``).
* :mod:`wpp.classic.game` -- 5-card draw for 2 to 6 players, a registered game of the kit
  (``wpp.new_game("draw")``).
* :mod:`wpp.classic.draw` -- the AI that picks its discard by exact enumeration of every
  possible draw and explains its choice, and the baseline players.

>>> from wpp.classic import explain
>>> explain("9D 9H 6C 8S 8C").best.discard_text
'6C'
"""

from wpp.classic.draw import (
    DrawAI,
    DrawAnalysis,
    DrawRules,
    Opponent,
    choose_discard,
    explain,
    play_draw,
)
from wpp.classic.showdown import Showdown, deal, deal_showdown

# (The function showdown.showdown is not re-exported: it would hide the module of that name.)

__all__ = [
    "DrawAI",
    "DrawAnalysis",
    "DrawRules",
    "Opponent",
    "Showdown",
    "choose_discard",
    "deal",
    "deal_showdown",
    "explain",
    "play_draw",
]
