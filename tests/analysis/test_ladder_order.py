"""The ladder's order holds in a small round robin: each level beats the one below it.

Each pair of neighbouring levels plays a seeded duplicate schedule (every deal in every
seating, :func:`wpp.analysis.ratings.play_deal`; deals from seed 1,000, away from the stored
measurement's) and the upper level must score more than half. The deals per pair are chosen
from the stored measurement's margins so that the expected score is at least about three
standard errors above ½ (draw's luck needs hundreds of deals, Pokeros' random play a handful),
so the test is deterministic and not a coin toss; the score is in the failure message.

WarPairsPoker's top pair is left to the stored measurement, checked by
``tests/core/test_ladder.py`` (ratings climbing the ladder): the search AI takes about 6 s of
CPU a game and its margin over the classic AI (about 0.63) needs some 70 deals for three
standard errors — a quarter of an hour of CPU.
"""

from __future__ import annotations

from itertools import pairwise

import pytest

from wpp.analysis.ratings import play_deal
from wpp.core.ladder import ladder
from wpp.core.registry import registered_games

FIRST_DEAL = 1_000

#: (game, lower level, upper level, deals). Per-game: the deals are measured per pair (see
#: above); every registered game's neighbouring levels must be here or in ``LEFT_OUT``
#: (:func:`test_the_pairs_are_every_neighbouring_level_but_the_search_ai`), so a new game's
#: ladder is not silently left out.
PAIRS = [
    ("warpairs", "beginner", "novice", 10),
    ("warpairs", "novice", "casual", 15),
    ("warpairs", "casual", "classic", 20),
    ("draw", "beginner", "casual", 200),
    ("draw", "casual", "exact", 200),
    ("pairs", "beginner", "casual", 60),
    ("pairs", "casual", "pipmc", 100),
    ("pairs", "pipmc", "expected", 250),
    ("ofc", "beginner", "casual", 50),
    ("ofc", "casual", "hasty", 70),
    ("ofc", "hasty", "pyofc", 200),
    ("ofc", "pyofc", "expert", 40),
    ("pokeros", "beginner", "novice", 5),
    ("pokeros", "novice", "casual", 5),
    ("pokeros", "casual", "hal", 15),
    ("pokeros", "hal", "guard", 45),
]


#: Neighbouring levels left to the stored measurement, with the reason (per-game).
LEFT_OUT = {("warpairs", "classic", "expert"):
            "the search AI's margin needs a quarter of an hour of CPU (module docs)"}


@pytest.mark.parametrize("game", registered_games())
def test_the_pairs_are_every_neighbouring_level_but_the_search_ai(game: str) -> None:
    keys = [lv.key for lv in ladder(game)]
    mine = [(lo, hi) for g, lo, hi, _ in PAIRS if g == game]
    expected = [(lo, hi) for lo, hi in pairwise(keys) if (game, lo, hi) not in LEFT_OUT]
    assert mine == expected, (f"{game}: each pair of neighbouring levels of its ladder "
                              "needs a line (deals) in PAIRS, or a reason in LEFT_OUT")


@pytest.mark.parametrize("game, lower, upper, deals", PAIRS,
                         ids=[f"{g}-{lo}-{hi}" for g, lo, hi, _ in PAIRS])
def test_each_level_beats_the_one_below(game: str, lower: str, upper: str,
                                        deals: int) -> None:
    results = [r for deal in range(FIRST_DEAL, FIRST_DEAL + deals)
               for r in play_deal(game, upper, lower, deal)]
    score = sum(r.score for r in results) / len(results)
    assert score > 0.5, f"{upper} scored {score:.3f} against {lower} in {len(results)} games"
