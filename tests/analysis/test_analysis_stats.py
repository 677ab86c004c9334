"""Statistics against small cases worked out by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.analysis.stats import (
    ELO_PER_NAT,
    bradley_terry,
    branching_by_phase,
    branching_by_turn,
    count_lead_changes,
    elo_difference,
    first_player_advantage,
    game_length,
    head_to_head,
    lead_changes,
    mean_interval,
    seat_advantage,
    wilson,
    z_value,
)


def games_table(results: list[tuple[str, str, int]], first: list[int] | None = None
                ) -> pd.DataFrame:
    """A games table from (P1 agent, P2 agent, winner seat or -1)."""
    return pd.DataFrame({
        "game": range(len(results)),
        "agent_p1": [a for a, _, _ in results],
        "agent_p2": [b for _, b, _ in results],
        "winner": [w for _, _, w in results],
        "first_leader": first if first is not None else [0] * len(results),
    })


# --- Wilson -----------------------------------------------------------------------------

def test_wilson_seven_of_ten() -> None:
    # p = 0.7, z = 1.95996: centre (0.7 + z²/20) / (1 + z²/10) = 0.64449,
    # half-width z/(1 + z²/10) · √(0.021 + z²/400) = 0.24771.
    w = wilson(7, 10)
    assert w.estimate == 0.7
    assert (round(w.low, 4), round(w.high, 4)) == (0.3968, 0.8922)


def test_wilson_extremes_and_symmetry() -> None:
    assert wilson(0, 10).low == 0.0 and wilson(10, 10).high == 1.0
    # All successes: the lower end is n / (n + z²).
    assert wilson(10, 10).low == pytest.approx(10 / (10 + z_value() ** 2))
    half = wilson(5, 10)
    assert half.low == pytest.approx(1 - half.high)
    assert math.isnan(wilson(0, 0).estimate)
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_wilson_other_confidence_is_wider_or_narrower() -> None:
    assert wilson(7, 10, 0.99).low < wilson(7, 10).low < wilson(7, 10, 0.8).low
    assert z_value(0.99) == pytest.approx(2.5758, abs=1e-4)


@given(st.integers(1, 500), st.data())
def test_wilson_brackets_the_rate(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    w = wilson(k, n)
    assert 0 <= w.low <= k / n <= w.high <= 1
    # More games of the same rate: a narrower interval.
    assert wilson(4 * k, 4 * n).half_width <= w.half_width + 1e-12


def test_mean_interval_by_hand() -> None:
    # mean 3, s = √2.5, half-width 1.95996 · 1.58114 / √5 = 1.38590
    m = mean_interval([1, 2, 3, 4, 5])
    assert m.estimate == 3
    assert (round(m.low, 4), round(m.high, 4)) == (1.6141, 4.3859)
    assert mean_interval([4.0]).low == 4.0


# --- head to head and ratings -----------------------------------------------------------

def test_head_to_head_counts_both_seats_and_draws() -> None:
    g = games_table([("a", "b", 0), ("b", "a", 0), ("a", "b", -1), ("b", "a", 1)])
    h = head_to_head(g).set_index("agent")
    assert h.loc["a", ["games", "wins", "draws", "losses"]].tolist() == [4, 2, 1, 1]
    assert h.loc["a", "score"] == 0.625 and h.loc["b", "score"] == 0.375
    # 0.625 is odds of 5:3, 400·log10(5/3) = 88.7 Elo; the gap's ends follow Wilson's.
    assert h.loc["a", "elo"] == pytest.approx(88.74, abs=0.01)
    assert h.loc["b", "elo"] == pytest.approx(-88.74, abs=0.01)
    assert h.loc["a", "elo low"] == pytest.approx(elo_difference(h.loc["a", "low"]))


def test_head_to_head_leaves_mirror_games_out() -> None:
    g = games_table([("a", "a", 0), ("a", "b", 1), ("b", "b", 1)])
    h = head_to_head(g)
    assert list(zip(h["agent"], h["opponent"], h["games"], strict=True)) == [
        ("a", "b", 1), ("b", "a", 1)]
    assert head_to_head(games_table([("a", "a", 0)])).empty


def test_elo_difference() -> None:
    assert elo_difference(0.7) == pytest.approx(400 * math.log10(7 / 3))
    assert elo_difference(10 / 11) == pytest.approx(400)        # 10:1 odds
    assert elo_difference(0) == -math.inf and elo_difference(1) == math.inf


def test_bradley_terry_two_agents_seven_of_ten() -> None:
    g = games_table([("a", "b", 0)] * 7 + [("a", "b", 1)] * 3)
    bt = bradley_terry(g, anchor="b", prior=0).set_index("agent")
    assert bt.loc["a", "rating"] == pytest.approx(400 * math.log10(7 / 3), abs=1e-6)
    assert bt.loc["a", "se"] == pytest.approx(ELO_PER_NAT / math.sqrt(10 * 0.21), abs=1e-6)
    assert bt.loc["b", "rating"] == 0 and bt.loc["b", "se"] == 0
    assert bt.loc["a", "low"] == pytest.approx(bt.loc["a", "rating"] - 1.959964 * bt.loc["a", "se"],
                                               abs=1e-3)


def test_bradley_terry_chain_decouples() -> None:
    # a–b 3:1 and b–c 4:1, nothing else: the maximum-likelihood gaps are ln 3 and ln 4.
    g = games_table([("a", "b", 0)] * 3 + [("b", "a", 0)] + [("b", "c", 0)] * 4
                    + [("c", "b", 0)])
    bt = bradley_terry(g, anchor="c", prior=0).set_index("agent")
    assert bt.loc["b", "rating"] == pytest.approx(ELO_PER_NAT * math.log(4), abs=1e-6)
    assert bt.loc["a", "rating"] == pytest.approx(ELO_PER_NAT * math.log(12), abs=1e-6)
    assert list(bt.index) == ["a", "b", "c"]


def test_bradley_terry_cycle_is_level() -> None:
    # Each beats the next 2 games of 3: nobody is stronger.
    g = games_table([("a", "b", 0)] * 2 + [("a", "b", 1)]
                     + [("b", "c", 0)] * 2 + [("b", "c", 1)]
                     + [("c", "a", 0)] * 2 + [("c", "a", 1)])
    bt = bradley_terry(g, anchor="a", prior=0)
    assert bt["rating"].abs().max() == pytest.approx(0, abs=1e-6)


def test_bradley_terry_score_equations_hold() -> None:
    # At the maximum, each agent's expected score equals its actual score.
    g = games_table([("a", "b", 0)] * 5 + [("a", "b", 1)] * 2 + [("a", "c", 0)] * 6
                    + [("c", "a", 0)] * 3 + [("b", "c", 0)] * 3 + [("b", "c", 1)] * 4)
    bt = bradley_terry(g, prior=0).set_index("agent")
    theta = bt["rating"] / ELO_PER_NAT
    pairs = {("a", "b"): (5, 2), ("a", "c"): (6, 3), ("b", "c"): (3, 4)}
    for agent in "abc":
        actual = expected = 0.0
        for (x, y), (wx, wy) in pairs.items():
            if agent not in (x, y):
                continue
            me, other = (x, y) if agent == x else (y, x)
            actual += wx if agent == x else wy
            expected += (wx + wy) / (1 + math.exp(theta[other] - theta[me]))
        assert expected == pytest.approx(actual, abs=1e-6)


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    g = games_table([("a", "b", 0)] * 10)
    bt = bradley_terry(g, anchor="b").set_index("agent")   # one virtual draw: 10.5 to 0.5
    assert bt.loc["a", "rating"] == pytest.approx(ELO_PER_NAT * math.log(21), abs=1e-6)
    assert bt.loc["a", "games"] == 10


def test_bradley_terry_draws_count_half() -> None:
    g = games_table([("a", "b", 0), ("a", "b", -1)])   # score 1.5 of 2: odds 3
    bt = bradley_terry(g, anchor="b", prior=0).set_index("agent")
    assert bt.loc["a", "rating"] == pytest.approx(ELO_PER_NAT * math.log(3), abs=1e-6)


def test_bradley_terry_default_anchor_is_random() -> None:
    g = games_table([("classic", "random", 0)] * 3 + [("classic", "random", 1)])
    bt = bradley_terry(g).set_index("agent")
    assert bt.loc["random", "rating"] == 0 and bt.loc["classic", "rating"] > 0
    with pytest.raises(ValueError, match="anchor"):
        bradley_terry(g, anchor="greedy")


# --- first player, length, branching, lead changes -----------------------------------------

def test_first_player_and_seat_rates() -> None:
    g = games_table([("x", "x", 0), ("x", "x", 1), ("x", "x", 1), ("x", "x", -1)],
                    first=[0, 1, 0, 1])
    fp = first_player_advantage(g)      # decisive: 3; first leader won games 0 and 1
    assert fp.estimate == pytest.approx(2 / 3)
    assert fp.low == pytest.approx(wilson(2, 3).low)
    assert seat_advantage(g).estimate == pytest.approx(1 / 3)


def test_game_length_summary() -> None:
    g = pd.DataFrame({"actions": [10, 20, 30, 40], "tricks": [1, 2, 3, 4]})
    s = game_length(g)
    assert (s["mean"], s["median"], s["min"], s["max"]) == (25, 25, 10, 40)
    assert s["low"] == pytest.approx(25 - 1.959964 * g["actions"].std() / 2, abs=1e-4)


def decisions_table(rows: list[tuple[int, int, str, int, int, int]]) -> pd.DataFrame:
    """(game, move, phase, branching, hand_p1, hand_p2); the player alternates; the lead
    estimates are WarPairsPoker's, from the hand sizes."""
    return pd.DataFrame({
        "game": [r[0] for r in rows], "move": [r[1] for r in rows],
        "player": [r[1] % 2 for r in rows], "phase": [r[2] for r in rows],
        "action": ["play"] * len(rows), "branching": [r[3] for r in rows],
        "hand_p1": [r[4] for r in rows], "hand_p2": [r[5] for r in rows],
        "spread": [0.0] * len(rows), "counted": [r[2] != "mulligan" for r in rows],
        # WarPairsPoker's estimate: the opponent's share of the cards in hand
        "lead_p1": [r[5] / (r[4] + r[5]) for r in rows],
        "lead_p2": [r[4] / (r[4] + r[5]) for r in rows],
    })


def test_branching_by_phase_and_turn() -> None:
    d = decisions_table([
        (0, 0, "mulligan", 560, 16, 16), (0, 1, "mulligan", 560, 13, 16),
        (0, 2, "lead", 10, 13, 13), (0, 3, "answer", 1, 12, 13), (0, 4, "drawing", 3, 12, 14),
        (1, 0, "mulligan", 560, 16, 16), (1, 1, "mulligan", 560, 13, 16),
        (1, 2, "lead", 20, 13, 13), (1, 3, "answer", 5, 12, 13),
    ])
    b = branching_by_phase(d).set_index("phase")
    assert b.loc["lead", "mean"] == 15 and b.loc["answer", "forced"] == 0.5
    assert b.loc["all play", "decisions"] == 5 and b.loc["all play", "mean"] == 39 / 5
    assert b.loc["mulligan", "max"] == 560
    t = branching_by_turn(d).set_index("move")
    assert list(t.index) == [2, 3, 4] and t.loc[3, "mean"] == 3 and t.loc[4, "games"] == 1
    assert branching_by_turn(d, min_games=2)["move"].tolist() == [2, 3]


def test_lead_changes_by_hand() -> None:
    assert count_lead_changes([0.5, 0.5]) == 0
    assert count_lead_changes([0.6, 0.4, 0.6, 0.4]) == 3
    assert count_lead_changes([0.6, 0.5, 0.7]) == 0          # level, then the same leader
    d = decisions_table([
        (0, 0, "mulligan", 560, 16, 16), (0, 1, "mulligan", 560, 13, 16),  # not counted
        (0, 2, "lead", 9, 13, 13), (0, 3, "answer", 9, 12, 13),   # P1 ahead
        (0, 4, "lead", 9, 12, 11), (0, 5, "answer", 9, 10, 11),   # P2, then P1 again
        (3, 2, "lead", 9, 13, 13),
    ])
    assert lead_changes(d).to_dict() == {0: 2, 3: 0}
