"""The ladder's order holds in a small round robin: each level beats the one below it.

Each pair of neighbouring levels plays a seeded duplicate schedule (every deal in every
seating, :func:`wpp.analysis.ratings.play_deal`; deals from seed 1,000, away from the stored
measurement's) and the upper level must score more than half. The deals per pair are chosen
from the stored measurement's margins so that the expected score is at least about three
standard errors above ½ (draw's luck needs hundreds of deals, Pokeros' random play a handful),
so the test is deterministic and not a coin toss; the score is in the failure message.
A game with no line of its own here (a new game) has its pairs' deals derived the same way
from its stored ratings (:func:`derived_pairs`), so it is tested on arrival with no edit here.

WarPairsPoker's top pair is left to the stored measurement, checked by
``tests/core/test_ladder.py`` (ratings climbing the ladder): the search AI takes about 6 s of
CPU a game and its margin over the classic AI (about 0.63) needs some 70 deals for three
standard errors — a quarter of an hour of CPU.
"""

from __future__ import annotations

import math
from itertools import pairwise

import pytest

from wpp.analysis.ratings import play_deal, seatings
from wpp.core.ladder import ladder
from wpp.core.registry import game_def, registered_games

FIRST_DEAL = 1_000
#: The most deals a derived pair may need (beyond it, the pair needs a line of its own or a
#: reason in ``LEFT_OUT``: its levels are too close for a quick test).
MAX_DERIVED_DEALS = 5_000

#: (game, lower level, upper level, deals). Per-game: the deals are measured per pair (see
#: above); a game listed here lists every neighbouring pair of its levels not in ``LEFT_OUT``
#: (:func:`test_the_pairs_are_every_neighbouring_level_but_the_search_ai`); a game not listed
#: gets :func:`derived_pairs`.
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


def derived_pairs(game: str) -> list[tuple[str, str, str, int]]:
    """``game``'s neighbouring levels (but those in ``LEFT_OUT``) with the deals that put the
    upper level's expected score about three standard errors above ½, from its stored
    ratings: expected score p = 1 / (1 + 10^(−Δ/400)) for a rating gap Δ, a game's score
    deviating at most ½, so 1.5² / (p − ½)² games, dealt in every seating."""
    per_deal = len(seatings(game_def(game).default_players))
    out = []
    for lo, hi in pairwise(ladder(game)):
        if (game, lo.key, hi.key) in LEFT_OUT:
            continue
        assert lo.rating is not None and hi.rating is not None
        p = 1 / (1 + 10 ** ((lo.rating - hi.rating) / 400))
        games = math.inf if p <= 0.5 else (1.5 / (p - 0.5)) ** 2
        out.append((game, lo.key, hi.key,
                    min(MAX_DERIVED_DEALS + 1, math.ceil(games / per_deal))))
    return out


#: Every pair tested: the lines above, and each game without a line of its own derived.
CHECKED = [*PAIRS, *(row for game in registered_games() if game not in {g for g, *_ in PAIRS}
                     for row in derived_pairs(game))]


@pytest.mark.parametrize("game", registered_games())
def test_the_pairs_are_every_neighbouring_level_but_the_search_ai(game: str) -> None:
    keys = [lv.key for lv in ladder(game)]
    mine = [(lo, hi) for g, lo, hi, _ in CHECKED if g == game]
    expected = [(lo, hi) for lo, hi in pairwise(keys) if (game, lo, hi) not in LEFT_OUT]
    assert mine == expected, (f"{game}: each pair of neighbouring levels of its ladder "
                              "needs a line (deals) in PAIRS, or a reason in LEFT_OUT")
    too_close = [(lo, hi) for g, lo, hi, deals in CHECKED
                 if g == game and deals > MAX_DERIVED_DEALS]
    assert not too_close, (f"{game}: the stored ratings of {too_close} are too close for a "
                           "quick test: give the pair its deals in PAIRS or a reason in "
                           "LEFT_OUT")


@pytest.mark.parametrize("game, lower, upper, deals", CHECKED,
                         ids=[f"{g}-{lo}-{hi}" for g, lo, hi, _ in CHECKED])
def test_each_level_beats_the_one_below(game: str, lower: str, upper: str,
                                        deals: int) -> None:
    results = [r for deal in range(FIRST_DEAL, FIRST_DEAL + deals)
               for r in play_deal(game, upper, lower, deal)]
    score = sum(r.score for r in results) / len(results)
    assert score > 0.5, f"{upper} scored {score:.3f} against {lower} in {len(results)} games"
