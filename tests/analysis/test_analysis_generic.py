"""The one tournament over any registered game: duplicate rotations, same seeds same rows
for any number of workers, the analysis hooks (defaults and a game's own), and the
metrics on hand-made trajectories with known values."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.analysis import countdown
from wpp.analysis.io import load_table
from wpp.analysis.match import MatchResult
from wpp.analysis.quality import (
    drama,
    fairness,
    fairness_interval,
    game_quality,
    order,
    order_interval,
    security,
    winner_estimates,
)
from wpp.analysis.report import format_summary, summary
from wpp.analysis.stats import agent_table, first_player_advantage, lead_changes, seat_table
from wpp.analysis.tournament import play_tournament
from wpp.core import arena, registry
from wpp.core.errors import WppError
from wpp.core.intervals import Interval


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Countdown registered for the test (the registry's dict, put back afterwards)."""
    monkeypatch.setitem(registry._registry(), "countdown", countdown.ENTRY)
    yield "countdown"


def assert_same(a: MatchResult, b: MatchResult) -> None:
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.decisions, b.decisions)


# --- the schedule ---------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(lineup=st.lists(st.sampled_from(["exact", "stand", "random"]), min_size=2, max_size=6),
       deals=st.integers(1, 3), seed=st.integers(0, 10**6))
def test_duplicate_rotations_put_every_agent_in_every_seat(lineup: list[str], deals: int,
                                                           seed: int) -> None:
    n = len(lineup)
    specs = arena.schedule("draw", lineup, deals, seed)
    assert len(specs) == deals * n
    assert [s.index for s in specs] == list(range(len(specs)))
    for d in range(deals):
        games = [s for s in specs if s.seed == seed + d]
        assert sorted(s.copy for s in games) == list(range(n))
        # line-up position i sits in seat (i + copy) mod n: every position in every seat once
        for i, name in enumerate(lineup):
            assert sorted((i + s.copy) % n for s in games) == list(range(n))
            assert all(s.agents[(i + s.copy) % n] == name for s in games)
        # so each seat sees each name as often as the line-up holds it
        for seat in range(n):
            assert Counter(s.agents[seat] for s in games) == Counter(lineup)
    seeds = {arena.agent_seed(s, seat) for s in specs for seat in range(n)}
    assert len(seeds) == len(specs) * n   # every agent of every game seeded apart


def test_without_duplicates_each_deal_once_rotating() -> None:
    specs = arena.schedule("draw", ["exact", "stand", "random"], 4, seed=9, duplicate=False)
    assert [(s.seed, s.copy) for s in specs] == [(9, 0), (10, 1), (11, 2), (12, 0)]
    assert specs[1].agents == ("random", "exact", "stand")


def test_bad_line_ups_are_refused_before_any_game() -> None:
    with pytest.raises(WppError, match="2 to 6 players"):
        arena.schedule("draw", ["exact"] * 7, 1)
    with pytest.raises(WppError, match="unknown agent"):
        play_tournament("draw", ["exact", "nobody"], 1, progress=False)
    with pytest.raises(WppError, match="at least one deal"):
        play_tournament("draw", ["exact", "stand"], 0, progress=False)
    with pytest.raises(WppError, match="lead"):
        play_tournament("draw", ["exact", "stand"], 1, lead="oracle", progress=False)
    with pytest.raises(WppError, match="max_discard"):
        play_tournament("draw", ["exact", "stand"], 1, max_discard=9, progress=False)
    with pytest.raises(WppError, match="workers"):
        play_tournament("draw", ["exact", "stand"], 1, workers=0, progress=False)


# --- same seeds, same rows ------------------------------------------------------------------

# per-game: two examples with their own lineups (a sequential and a multi-seat engine)
@pytest.mark.parametrize(("game", "lineup"), [
    ("draw", ["exact", "stand", "random"]),
    ("warpairs", ["greedy", "random"]),
])
def test_one_and_two_workers_give_the_same_rows(game: str, lineup: list[str]) -> None:
    one = play_tournament(game, lineup, 4, seed=11, progress=False)
    two = play_tournament(game, lineup, 4, seed=11, workers=2, chunk_size=1, progress=False)
    assert_same(one, two)
    assert len(one.games) == 4 * len(lineup)
    other = play_tournament(game, lineup, 4, seed=12, progress=False)
    assert not one.games[["return_p1", "actions"]].equals(other.games[["return_p1", "actions"]])


def test_the_tables_of_a_draw_tournament() -> None:
    t = play_tournament("draw", ["exact", "stand", "random"], 5, seed=3, progress=False)
    g, s, d = t.games, t.seats, t.decisions
    assert t.players == 3 and t.agents == ("exact", "stand", "random") and t.game == "draw"
    assert (g[["return_p1", "return_p2", "return_p3"]].sum(axis=1).abs() < 1e-9).all()
    assert (g["decisions_p1"] + g["decisions_p2"] + g["decisions_p3"] == g["actions"]).all()
    assert (d.groupby("game").size().to_numpy() == g["actions"].to_numpy()).all()
    assert len(s) == 3 * len(g)
    assert (s.groupby("game")["win"].sum() - 1).abs().max() < 1e-12
    # the seats table's win shares follow the returns: best return alone wins
    for _, row in g.iterrows():
        if row["winner"] >= 0:
            mine = s[(s["game"] == row["game"]) & (s["seat"] == row["winner"])]
            assert mine["win"].item() == 1 and mine["rank"].item() == 1
    # draw has no lead estimate of its own: the lead columns are empty, spread NaN
    assert d[["lead_p1", "lead_p2", "lead_p3"]].isna().all().all()
    agents = agent_table(s)
    assert list(agents.index) == ["exact", "stand", "random"]
    assert (agents["games"] == 15).all()
    assert (agents["win rate low"] <= agents["win rate"]).all()
    assert (agents["mean return"] <= agents["mean return high"]).all()
    seats = seat_table(s)
    assert list(seats.index) == ["seat P1", "seat P2", "seat P3"]
    text = format_summary(summary(t))
    assert "agents" in text and "seat P3" in text


def test_playouts_estimate_a_game_without_its_own(tmp_path: Path) -> None:
    t = play_tournament("draw", ["exact", "random"], 2, seed=5, lead="playouts", playouts=4,
                        progress=False)
    lead = t.decisions[["lead_p1", "lead_p2"]]
    assert lead.notna().all().all() and ((lead >= 0) & (lead <= 1)).all().all()
    assert t.decisions["spread"].between(0, 1).all()
    again = play_tournament("draw", ["exact", "random"], 2, seed=5, lead="playouts",
                            playouts=4, workers=2, chunk_size=1, progress=False)
    assert_same(t, again)


def test_tables_save_and_load(tmp_path: Path) -> None:
    t = play_tournament("draw", ["exact", "stand"], 3, seed=1, progress=False)
    for ext in ("parquet", "csv"):
        path = tmp_path / f"draw.{ext}"
        t.save(str(path))
        pd.testing.assert_frame_equal(load_table(path), t.games, check_dtype=False)
        assert len(load_table(tmp_path / f"draw.decisions.{ext}")) == len(t.decisions)


# --- the hooks, on a game small enough to check by hand -------------------------------------

def test_a_game_adds_its_columns_through_its_hooks(fake_game: str) -> None:
    t = play_tournament(fake_game, ["take1", "take2"], 3, seed=0, progress=False)
    g, d = t.games, t.decisions
    assert list(g.columns[-2:]) == ["start", "twos"] and "left" in d.columns
    for _, row in g.iterrows():
        assert row["start"] == 5 + row["seed"] % 4
        moves = d[d["game"] == row["game"]]
        # the counter falls by the actions taken: the 2s are the drops of 2
        assert row["start"] - row["twos"] == len(moves)
        assert moves["left"].iloc[0] == row["start"]
    # default hooks: branching = legal actions (one when one is left), first player seat 0
    assert (d.loc[d["left"] == 1, "branching"] == 1).all()
    assert (d.loc[d["left"] >= 2, "branching"] == 2).all()
    assert (g["forced"] == [int((d[d["game"] == k]["left"] == 1).sum()) for k in g["game"]]).all()
    assert (g["first_player"] == 0).all()


def test_default_spread_steps_every_action_on_the_lead_estimates(fake_game: str) -> None:
    t = play_tournament(fake_game, ["random", "random"], 8, seed=0, progress=False)
    d = t.decisions
    # left 4: taking 1 leaves 3 (a loss for the next player: decider's estimate 1), taking 2
    # leaves 2 (a win for the next: 0) → spread 1. left 3: leaves 2 or 1, both won by the
    # next → 0. left 2: taking 2 wins (1), taking 1 leaves 1 (0) → 1. left 1: one action → 0.
    expected = {1: 0.0, 2: 1.0, 3: 0.0, 4: 1.0, 5: 1.0, 6: 0.0, 7: 1.0, 8: 1.0}
    for left, spread in expected.items():
        assert (d.loc[d["left"] == left, "spread"] == spread).all(), left
    assert set(d["left"]) >= {1, 2, 3, 4, 5}
    # estimates: the player to act wins unless the counter is a multiple of 3
    to_act = d["player"].to_numpy()
    mine = [row[f"lead_p{p + 1}"] for p, (_, row) in zip(to_act, d.iterrows(), strict=True)]
    assert mine == [float(x % 3 != 0) for x in d["left"]]


def test_a_game_without_estimates_has_no_drama(fake_game: str) -> None:
    t = play_tournament(fake_game, ["random"] * 3, 2, seed=0, progress=False)
    assert t.decisions[["lead_p1", "lead_p2", "lead_p3"]].isna().all().all()
    assert math.isnan(drama(t.decisions, t.games)) and len(lead_changes(t.decisions)) == 0
    q = game_quality(t).set_index("metric")
    assert math.isnan(q.loc["drama", "value"]) and q.loc["convergence", "n"] == len(t.games)


# --- the metrics on hand-made trajectories --------------------------------------------------

def three_seat_trace() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two games of three seats, threshold d = 0.75. Game 0 is won by P3 after trailing;
    game 1 is a draw."""
    lead = [  # (game, player, lead_p1, lead_p2, lead_p3, counted)
        (0, 0, 0.5, 0.5, 0.5, False),
        (0, 0, 0.9, 0.3, 0.39, True), (0, 1, 0.5, 0.5, 0.66, True),
        (0, 2, 0.2, 0.2, 0.8, True), (0, 0, 0.1, 0.1, 0.91, True),
        (1, 0, 0.4, 0.4, 0.4, True),
    ]
    d = pd.DataFrame(lead, columns=["game", "player", "lead_p1", "lead_p2", "lead_p3",
                                    "counted"])
    d["move"] = d.groupby("game").cumcount()
    d["branching"] = 2
    d["spread"] = 0.0
    g = pd.DataFrame({"game": [0, 1], "winner": [2, -1], "first_player": [0, 0],
                      "agent_p1": ["ai", "r"], "agent_p2": ["r", "ai"], "agent_p3": ["r", "r"],
                      "winner_agent": ["r", "draw"]})
    return d, g


def test_drama_security_and_lead_changes_of_three_seats() -> None:
    d, g = three_seat_trace()
    assert winner_estimates(d, g) == {0: [0.39, 0.66, 0.8, 0.91]}   # uncounted move left out
    below = [math.sqrt(0.75 - 0.39), math.sqrt(0.75 - 0.66)]
    assert drama(d, g) == pytest.approx(sum(below) / 2)
    assert security(d, g) == pytest.approx(1 - 2 / 4)
    # leaders of the counted moves: P1, P3, P3, P3 → one change; game 1: level throughout
    assert lead_changes(d).to_dict() == {0: 1, 1: 0}


def test_fairness_and_order_intervals() -> None:
    assert fairness_interval(Interval(0.5, 0.4, 0.6)).high == 1.0
    i = fairness_interval(Interval(0.7, 0.6, 0.8))
    assert (i.estimate, i.low, i.high) == pytest.approx((fairness(0.7), fairness(0.8),
                                                         fairness(0.6)))
    assert math.isnan(fairness_interval(Interval(math.nan, math.nan, math.nan)).estimate)
    o = order_interval(Interval(0.67, 0.6, 0.74), 4)
    assert (o.estimate, o.low, o.high) == pytest.approx((order(0.67, 4), order(0.6, 4),
                                                         order(0.74, 4)))


def test_game_quality_of_a_draw_line_up() -> None:
    rnd = play_tournament("draw", ["random"] * 3, 6, seed=2, lead="playouts", playouts=3,
                          progress=False)
    ai = play_tournament("draw", ["exact", "random", "random"], 6, seed=2, lead="playouts",
                         playouts=3, progress=False)
    q = game_quality(rnd, ai, "exact").set_index("metric")
    assert {"choices per game", "first player wins", "fairness", "convergence", "AI win rate",
            "AI non-loss rate", "order", "spread", "drama", "security"} <= set(q.index)
    fp = first_player_advantage(rnd.games)
    assert q.loc["first player wins", "value"] == fp.estimate
    assert q.loc["fairness", "value"] == pytest.approx(fairness(fp.estimate, 3))
    assert q.loc["convergence", "n"] == 18 and q.loc["choices per game", "value"] == 3
    decisive = ai.games[ai.games["winner"] >= 0]
    rate = float((decisive["winner_agent"] == "exact").mean())
    assert q.loc["AI win rate", "value"] == pytest.approx(rate)
    assert q.loc["order", "value"] == pytest.approx(order(rate, 3))
    for metric, row in q.iterrows():
        if not math.isnan(row["value"]):
            assert row["low"] - 1e-9 <= row["value"] <= row["high"] + 1e-9, metric


def test_game_quality_agrees_with_warpairs_quality_table() -> None:
    from wpp.analysis.quality import quality_table
    from wpp.analysis.tournament import run_match

    rnd = run_match("warpairs", ("random", "random"), 10, seed=4, duplicate=False, progress=False)
    ai = run_match("warpairs", ("greedy", "random"), 10, seed=4, progress=False)
    old = quality_table(rnd.games, rnd.decisions, ai.games, ai.decisions, ai="greedy",
                        game="warpairs")
    new = game_quality(rnd, ai, "greedy").set_index("metric")
    for metric, value in old.set_index("metric")["value"].items():
        if metric in new.index:
            assert new.loc[metric, "value"] == pytest.approx(value, nan_ok=True), metric
    assert {"fairness", "convergence", "spread", "drama", "security", "order"} <= set(new.index)


@given(st.lists(st.integers(-3, 3).map(float), min_size=2, max_size=6))
def test_ranks_and_win_shares(returns: list[float]) -> None:
    ranks, shares = arena.ranks(returns), arena.win_shares(returns)
    scaled = arena.scaled_ranks(returns)
    assert sum(shares) == pytest.approx(1)
    best = max(returns)
    for s, r in enumerate(returns):
        assert (ranks[s] == 1) == (r == best) == (shares[s] > 0)
        assert ranks[s] == 1 + sum(o > r for o in returns)
        assert 0 <= scaled[s] <= 1
        for t, o in enumerate(returns):   # a better return never ranks worse
            if o > r:
                assert ranks[t] < ranks[s] and scaled[t] > scaled[s]
            if o == r:
                assert ranks[t] == ranks[s] and shares[t] == shares[s]


def test_shared_wins_count_as_asked() -> None:
    from wpp.analysis.quality import ai_win_rate

    returns = [(1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 0)]
    g = pd.DataFrame({"game": range(4), "seed": range(4), "copy": 0,
                      "agent_p1": "ai", "agent_p2": "r", "agent_p3": "r",
                      **{f"return_p{s + 1}": [float(r[s]) for r in returns] for s in range(3)},
                      "winner": [0, -1, 1, -1], "winner_agent": ["ai", "draw", "r", "draw"],
                      "first_player": 0})
    t = MatchResult(g, pd.DataFrame(), "draw")
    assert first_player_advantage(g).estimate == 0.5                 # 1 of 2 decisive
    assert first_player_advantage(g, ties="share").estimate == pytest.approx(
        (1 + 1 / 2 + 0 + 1 / 3) / 4)
    assert first_player_advantage(g, ties="win").estimate == 0.75    # CardStock's ranks
    assert ai_win_rate(t, "ai").estimate == 0.5
    assert ai_win_rate(t, "ai", ties="win").estimate == 0.75
    assert ai_win_rate(t, "r", ties="share").estimate == pytest.approx(
        (0 + 1 / 2 + 1 + 2 / 3) / 8)
    with pytest.raises(ValueError, match="ties"):
        first_player_advantage(g, ties="half")
