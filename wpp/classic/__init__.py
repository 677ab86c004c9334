"""Classic poker: standard hand ranking, a 5-card showdown and 5-card draw with an explained AI.

WarPairsPoker borrows poker's hand names, but ranks suits (♦ < ♣ < ♥ < ♠) and plays pairs
and runs of its own. This package is the yardstick it is compared with: the standard rules,
implemented exactly and fast.

* :mod:`wpp.classic.evaluator` -- 5-card and best-of-7 evaluation: category, strength
  (7,462 classes, higher is better, equal means a split pot) and the hand's name in words.
* :mod:`wpp.classic.showdown` -- deal 2 to 6 hands from one deck and name the winner(s),
  the seed assignment's program done right (``python -m wpp.classic``).
* :mod:`wpp.classic.game` -- 5-card draw for 2 to 6 players, a registered game of the kit
  (``wpp.new_game("draw")``).
* :mod:`wpp.classic.draw` -- the AI that picks its discard by exact enumeration of every
  possible draw and explains its choice, and the baseline players.
* :mod:`benchmarks.classic` -- evaluations per second, against ``treys``.

>>> from wpp.classic import evaluate, explain
>>> evaluate("9D 9H 6C 8S 8C").name
'Two Pair, Nines and Eights, Six kicker'
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
from wpp.classic.evaluator import (
    CLASS_COUNT,
    Category,
    HandValue,
    best_hand,
    best_of,
    best_strength,
    category_of,
    class_size,
    compare,
    evaluate,
    strength5,
    value_of,
    winners,
)
from wpp.classic.showdown import Showdown, deal, deal_showdown

# (The function showdown.showdown is not re-exported: it would hide the module of that name.)

__all__ = [
    "CLASS_COUNT",
    "Category",
    "DrawAI",
    "DrawAnalysis",
    "DrawRules",
    "HandValue",
    "Opponent",
    "Showdown",
    "best_hand",
    "best_of",
    "best_strength",
    "category_of",
    "choose_discard",
    "class_size",
    "compare",
    "deal",
    "deal_showdown",
    "evaluate",
    "explain",
    "play_draw",
    "strength5",
    "value_of",
    "winners",
]
