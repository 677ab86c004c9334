"""The CardStock metrics (sibling-games.md §4.4) on hand-made game traces."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from wpp.analysis.quality import (
    convergence,
    convergence_score,
    drama,
    drama_score,
    drama_threshold,
    fairness,
    order,
    quality_table,
    security,
    security_score,
    spread,
    winner_estimates,
)


def test_fairness_matches_the_pairs_figures() -> None:
    # §4.5: Fairness 0.92 ⇔ first-seat win rate ≈ 0.31 with 4 players.
    assert fairness(0.31, 4) == pytest.approx(0.92)
    assert fairness(0.25, 4) == 1.0 and fairness(0.1, 4) == pytest.approx(0.4)
    assert fairness(0.5) == 1.0 and fairness(0.6) == pytest.approx(0.8)
    assert fairness(0.4) == pytest.approx(0.8)
    with pytest.raises(ValueError):
        fairness(1.2)


def test_order_matches_the_pairs_figures() -> None:
    # §4.5: Order 0.56 ⇔ AI win rate ≈ 0.67 with 4 players.
    assert order(0.67, 4) == pytest.approx(0.56)
    assert order(0.5) == 0 and order(1.0) == 1 and order(0.75) == 0.5


def test_drama_threshold() -> None:
    assert drama_threshold(2) == 0.5
    assert drama_threshold(3) == 0.75
    with pytest.raises(ValueError):
        drama_threshold(1)


def test_convergence_score_by_hand() -> None:
    assert convergence_score([2] * 10) == 0.5          # Pairs: always 2 choices
    assert convergence_score([5, 4, 3, 2]) == 1.0     # slope −1
    assert convergence_score([3, 1, 3, 1]) == pytest.approx(1 - (-0.4 / 2 + 0.5))
    assert convergence_score([7]) == 0.5
    assert convergence_score([10, 0, 10], normalized=True) == 0.5
    # branching 1..5 over moves 0..4 → 0.2..1 over 0..1: slope 0.8, score 1 − 0.9
    assert convergence_score([1, 2, 3, 4, 5], normalized=True) == pytest.approx(0.1)


def test_drama_and_security_scores_by_hand() -> None:
    est = [0.5, 0.4, 0.46, 0.6, 0.19]
    # below ½: 0.4, 0.46, 0.19 → √0.1, √0.04, √0.31
    assert drama_score(est) == pytest.approx((math.sqrt(0.1) + 0.2 + math.sqrt(0.31)) / 3)
    assert security_score(est) == pytest.approx(1 - 3 / 5)
    assert drama_score([0.5, 0.7]) == 0 and security_score([0.5, 0.7]) == 1
    assert math.isnan(security_score([]))


def trace() -> tuple[pd.DataFrame, pd.DataFrame]:
    """Two games. Game 0: P2 wins after trailing once; game 1: P1 wins, never behind;
    game 2: a draw (ignored by drama and security)."""
    rows = [
        # game, move, player, phase, branching, hand_p1, hand_p2, spread
        (0, 0, 0, "mulligan", 560, 16, 16, 0.0), (0, 1, 1, "mulligan", 560, 13, 16, 0.0),
        (0, 2, 0, "lead", 12, 13, 13, 0.2), (0, 3, 1, "answer", 6, 11, 13, 0.1),
        (0, 4, 1, "lead", 8, 11, 10, 0.3), (0, 5, 0, "answer", 2, 11, 5, 0.0),
        (1, 0, 0, "mulligan", 560, 16, 16, 0.0), (1, 1, 1, "mulligan", 560, 13, 16, 0.0),
        (1, 2, 1, "lead", 10, 13, 13, 0.4), (1, 3, 0, "answer", 4, 13, 12, 0.2),
        (1, 4, 0, "lead", 2, 3, 14, 0.1),
        (2, 0, 0, "mulligan", 560, 16, 16, 0.0), (2, 1, 1, "mulligan", 560, 13, 16, 0.0),
        (2, 2, 0, "lead", 5, 13, 13, 0.6),
    ]
    d = pd.DataFrame(rows, columns=["game", "move", "player", "phase", "branching",
                                    "hand_p1", "hand_p2", "spread"])
    d["counted"] = d["phase"] != "mulligan"
    d["lead_p1"] = d["hand_p2"] / (d["hand_p1"] + d["hand_p2"])  # fewer cards: ahead
    d["lead_p2"] = d["hand_p1"] / (d["hand_p1"] + d["hand_p2"])
    g = pd.DataFrame({"game": [0, 1, 2], "winner": [1, 0, -1],
                      "agent_p1": ["ai", "random", "ai"], "agent_p2": ["random", "ai", "random"],
                      "winner_agent": ["random", "random", "draw"], "first_leader": [0, 0, 0]})
    return d, g


def test_winner_estimates_follow_the_winner() -> None:
    d, g = trace()
    est = winner_estimates(d, g)
    assert sorted(est) == [0, 1]
    assert est[0] == pytest.approx([13 / 26, 11 / 24, 11 / 21, 11 / 16])
    assert est[1] == pytest.approx([13 / 26, 12 / 25, 14 / 17])


def test_drama_security_spread_convergence_on_the_trace() -> None:
    d, g = trace()
    g0 = math.sqrt(0.5 - 11 / 24)                  # game 0: one estimate below ½
    g1 = math.sqrt(0.5 - 12 / 25)                  # game 1: one too
    assert drama(d, g) == pytest.approx((g0 + g1) / 2)
    assert security(d, g) == pytest.approx(((1 - 1 / 4) + (1 - 1 / 3)) / 2)
    plays = d[d["phase"] != "mulligan"]
    assert spread(d) == pytest.approx(plays["spread"].mean())
    # the "ai" decisions: game 0 seat 0 (moves 2, 5), game 1 seat 1 (move 2), game 2 seat 0
    assert spread(d, g, "ai") == pytest.approx((0.2 + 0.0 + 0.4 + 0.6) / 4)
    with pytest.raises(ValueError):
        spread(d, agent="ai")
    expected = [convergence_score([12, 6, 8, 2]), convergence_score([10, 4, 2]), 0.5]
    assert convergence(d) == pytest.approx(sum(expected) / 3)


def test_quality_table_rows() -> None:
    d, g = trace()
    t = quality_table(g, d, game="warpairs").set_index("metric")
    assert t.loc["fairness", "value"] == pytest.approx(fairness(0.5))   # 1 of 2 decisive
    assert "order" not in t.index
    t = quality_table(g, d, g, d, ai="ai", game="warpairs").set_index("metric")
    assert t.loc["order", "value"] == pytest.approx(order(0.0))         # "ai" won none
