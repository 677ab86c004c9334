"""The classic AI of WarPairsPoker (the game's description, section 6), explained step by step.

One module per idea:

* :mod:`wpp.warpairs.ai.hand` — power cards (2s, kings, aces), outliers, rank masks;
* :mod:`wpp.warpairs.ai.pokerhands` — the straights and flushes the AI may build (6.1, 6.2);
* :mod:`wpp.warpairs.ai.mulligan` — the 3 cards of the mulligan (6.1);
* :mod:`wpp.warpairs.ai.segment` — a hand in 8 segments (6.2);
* :mod:`wpp.warpairs.ai.decide` — the decision list for leading and following (6.3, 6.32);
* :mod:`wpp.warpairs.ai.drawing` — deck or pile, one card or two, the re-draw (6.31);
* :mod:`wpp.warpairs.ai.classic` — :class:`ClassicAgent`, which ties them together;
* :mod:`benchmarks.ai` and :mod:`wpp.warpairs.ai.winrate` — speed and strength figures.

The pure functions return their result with an :class:`~wpp.core.explain.Explanation`:

>>> from wpp.core.standard_deck import parse_cards
>>> cards, why = mulligan(parse_cards("2C 2S 3D 3H 4C 4H 4S 6C 8H 9H 9S 10D JC QC KS AH"))
>>> cards
(Card('4♣'), Card('6♣'), Card('9♥'))
>>> segs, why = segment(parse_cards("3D 4C 5H 6S 7D 7S KH"))
>>> segs.straights, segs.outliers, segs.power
(((Card('3♦'), Card('4♣'), Card('5♥'), Card('6♠'), Card('7♦')),), (Card('7♠'),), (Card('K♥'),))

``docs/ai.md`` describes the AI for learners and lists every difference from the original.
"""

from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.decide import Context, PlayPlan, plan_play
from wpp.warpairs.ai.drawing import after_first_card, after_second_card, deck_or_pile, keeps_one
from wpp.warpairs.ai.greedy import GreedyAgent
from wpp.warpairs.ai.mulligan import analyse_mulligan, mulligan, mulligan_cards
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.segment import SEGMENT_NAMES, Segments, analyse, segment, segments_of

__all__ = [
    "SEGMENT_NAMES",
    "ClassicAgent",
    "Context",
    "GreedyAgent",
    "PlayPlan",
    "RandomAgent",
    "Segments",
    "after_first_card",
    "after_second_card",
    "analyse",
    "analyse_mulligan",
    "classic_decision",
    "deck_or_pile",
    "keeps_one",
    "mulligan",
    "mulligan_cards",
    "plan_play",
    "segment",
    "segments_of",
]
