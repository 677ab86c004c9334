"""Rule R10's ranks, under every rule set: by ascending score with ties sharing the better
rank, or — with the rule sheet's ``only_loser`` — everyone but the loser sharing the best rank.
The words a page shows come from the engine (the game's outcome), never from a widget."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.history import seat_name
from wpp.pairs.game import ranks, scaled_ranks, standings, standings_text

#: Every rule set the pages offer (CardStock's, the rule sheet's, Continuous Pairs).
RULE_SETS: list[dict[str, Any]] = [
    {}, {"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True},
    {"continuous": True}]

totals = st.lists(st.integers(0, 40), min_size=2, max_size=6)


@given(totals)
def test_only_loser_ranks_everyone_but_the_loser_first(t: list[int]) -> None:
    order = standings(t, only_loser=True)
    worst = max(t)
    below = sum(1 for x in t if x < worst)
    for s, x in enumerate(t):
        assert order[s] == (1 + below if x == worst else 1)
    # the scaled ranks the returns use agree (a game has one loser): best 1.0, loser 0.0
    if t.count(worst) == 1:
        assert [r == 1 for r in order] == [x == 1.0 for x in scaled_ranks(t, only_loser=True)]


@given(totals)
def test_cardstock_ranks_by_score_and_the_words_follow(t: list[int]) -> None:
    assert standings(t) == ranks(t)
    text = standings_text(t)
    for s, r in enumerate(standings(t)):
        group = next(g for g in text.split("; ") if g.startswith(f"rank {r}: "))
        assert f"{seat_name(s)} ({t[s]} point" in group


def _play_out(flags: dict[str, Any], players: int, seed: int) -> wpp.History:  # type: ignore[type-arg]
    g = wpp.new_game("pairs", seed=seed, players=players, **flags)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(range(len(RULE_SETS))), st.integers(2, 6), st.integers(0, 10**6))
def test_every_rule_set_outcome_says_the_r10_ranks(which: int, players: int, seed: int) -> None:
    flags = RULE_SETS[which]
    g = _play_out(flags, players, seed)
    totals = g.view(0).totals
    only_loser = bool(flags.get("only_loser"))
    order = standings(totals, only_loser)
    outcome = g.outcome
    for s in range(players):
        assert f"{seat_name(s)} ({totals[s]} point" in outcome
    assert standings_text(totals, only_loser) in outcome
    loser = totals.index(max(totals))
    assert totals.count(totals[loser]) == 1  # one seat scores at a time: one loser
    assert order[loser] == (players if only_loser else max(order))
    if only_loser:  # everyone else shares rank 1: no rank between 1 and the loser's
        assert set(order) == {1, players}
        assert all(f"rank {r}:" not in outcome for r in range(2, players))
    # the returns agree with the ranks the words give
    returns = g.returns()
    best = max(returns)
    assert [r == best for r in returns] == [o == 1 for o in order]
