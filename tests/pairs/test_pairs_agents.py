"""Pairs' agents: the expected-value player's exact odds and rule, PIPMC's choice under both
objectives (ties to fold) and its explanation, the random player's coin, and the AIs'
strength against random players."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import WppError
from wpp.pairs.agents import PIPMC, ExpectedValue, MoveEstimate, RandomPlayer, hit_odds
from wpp.pairs.cards import CARD, DECK, parse_deck
from wpp.pairs.game import PAIRS
from wpp.pairs.state import FOLD, HIT, PairsState


def position(hands: list[str], stock_size: int = 20, to_act: int = 0,
             scores: list[str] | None = None) -> PairsState:
    hs = tuple(parse_deck(h) for h in hands)
    sc = tuple(parse_deck(s) for s in (scores or [""] * len(hands)))
    rest = sorted((Counter(DECK) - Counter([c for h in hs for c in h])
                   - Counter([c for s in sc for c in s])).elements())
    random.Random(0).shuffle(rest)
    stock, burned, discard = rest[:stock_size], rest[stock_size:stock_size + 5], \
        rest[stock_size + 5:]
    return PairsState(0, PAIRS.rules(), len(hands), tuple(stock), tuple(burned),
                      tuple(sorted(discard)), hs, sc, to_act, False, 1, to_act, 0, 0)


def test_the_odds_of_a_hit_count_every_unseen_card() -> None:
    s = position(["10 3", "9", "10"])
    v = PAIRS.view(s, 0)
    unseen = v.unseen()
    total = sum(unseen.values())
    assert total == 25  # 20 in the deck, 5 burned
    odds = {c: (n, p) for c, n, p in hit_odds(v)}
    assert set(odds) == {CARD[3], CARD[10]}
    for card, (n, p) in odds.items():
        assert n == unseen[card] and p == pytest.approx(n / total)


def test_the_expected_value_player_folds_a_cheap_card_and_hits_a_costly_fold() -> None:
    ev = ExpectedValue()
    # A big stack of tens and nines: a hit is dear, the fold takes a 1.
    s = position(["10 9 8 7", "1"], stock_size=30)
    assert ev.choose(PAIRS.view(s, 0)) is FOLD
    # One card in the stack: a hit rarely pairs; the lowest card in play is a 9.
    s = position(["9", "10"], stock_size=30)
    assert ev.choose(PAIRS.view(s, 0)) is HIT
    decision = ev.decide(PAIRS.view(s, 0))
    step = decision.explanation.step("expected.compare")
    assert step is not None and step.chosen_id == "hit"
    assert decision.explanation.step("expected.odds") is not None


def test_the_expected_value_player_does_not_fold_into_the_target() -> None:
    # 4 players: target 16. Folding the 2 reaches 16; a hit on [2] pairs with small chance.
    s = position(["2", "9", "10", "8"], scores=["5 5 4", "", "", ""])
    assert ExpectedValue().choose(PAIRS.view(s, 0)) is HIT
    with pytest.raises(WppError, match="share"):
        ExpectedValue(share=0)


def test_pipmc_picks_the_lowest_mean_rank_or_the_highest_inverse_and_ties_go_to_fold() -> None:
    fold = MoveEstimate(FOLD, (2,) * 10, 4)
    hit = MoveEstimate(HIT, (1, 4) * 5, 4)
    assert PIPMC(0, objective="rank").best([fold, hit]) == 0        # 2.0 < 2.5
    assert PIPMC(0, objective="inverse").best([fold, hit]) == 1     # 0.625 > 0.5: biased
    tie = MoveEstimate(HIT, (2,) * 10, 4)
    assert PIPMC(0).best([fold, tie]) == 0 and PIPMC(0, objective="inverse").best(
        [fold, tie]) == 0
    with pytest.raises(WppError, match="objective"):
        PIPMC(0, objective="median")
    with pytest.raises(WppError, match="playouts"):
        PIPMC(0, playouts=0)


@settings(max_examples=30, deadline=None)
@given(a=st.lists(st.integers(1, 4), min_size=1, max_size=12),
       b=st.lists(st.integers(1, 4), min_size=1, max_size=12))
def test_pipmc_never_prefers_a_worse_mean_rank(a: list[int], b: list[int]) -> None:
    ests = [MoveEstimate(FOLD, tuple(a), 4), MoveEstimate(HIT, tuple(b), 4)]
    chosen = PIPMC(0).best(ests)
    assert ests[chosen].mean_rank == min(e.mean_rank for e in ests)
    if ests[0].mean_rank == ests[1].mean_rank:
        assert chosen == 0


def test_pipmc_explains_its_moves_and_one_playout() -> None:
    g = wpp.new_game("pairs", seed=3, players=3)
    decision = PIPMC(2).decide(g.view(g.to_act))
    e = decision.explanation
    assert e.step_ids == ("pipmc.determinise", "pipmc.moves", "pipmc.playout")
    moves = e.step("pipmc.moves")
    assert moves is not None and moves.row_ids == ("fold", "hit")
    assert moves.chosen_id == str(decision.action)
    assert all(row[1] == 10 for row in moves.rows)
    playout = e.step("pipmc.playout")
    assert playout is not None and playout.cards and playout.notes
    determinise = e.step("pipmc.determinise")
    assert determinise is not None and Counter(determinise.cards) == g.view(g.to_act).unseen()


def test_the_random_player_tosses_a_fair_coin() -> None:
    g = wpp.new_game("pairs", seed=1, players=2)
    r = RandomPlayer(5)
    picks = Counter(r.choose(g.view(g.to_act)) for _ in range(2000))
    assert abs(picks[FOLD] - 1000) < 150


@pytest.mark.parametrize("agent", ["pipmc", "expected"])
def test_the_ais_beat_random_players(agent: str) -> None:
    # 3 players, the AI rotating seats: it wins (lowest score) far more than a third.
    wins = 0
    games = 30
    for seed in range(games):
        seat = seed % 3
        g = wpp.new_game("pairs", seed=seed, players=3)
        bots = [wpp.make_agent("pairs", agent if s == seat else "random", seed * 3 + s)
                for s in range(3)]
        while not g.is_over:
            g.apply(bots[g.to_act].choose(g.view(g.to_act)))
        wins += g.returns()[seat] == 1.0
    assert wins / games > 0.5
