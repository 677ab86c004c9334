"""Lessons 6 and 7 read as web pages: each figure comes with one line computed from its table,
and the tables show intervals in one cell, whole numbers and words."""

from __future__ import annotations

import pandas as pd
from hypothesis import given
from hypothesis import strategies as st

from wpp.warpairs.teach.tables import (
    Takeaway,
    branching_takeaway,
    compare_takeaway,
    interval_text,
    length_takeaway,
    match_takeaway,
    quality_takeaway,
    ratings_takeaway,
    readable_compare,
    readable_games,
    readable_lengths,
    readable_ratings,
    share_takeaway,
)

unit = st.floats(0, 1, allow_nan=False)


@given(unit, unit, unit)
def test_the_match_line_follows_the_interval_not_the_score(a: float, b: float, c: float
                                                           ) -> None:
    low, score, high = sorted((a, b, c))
    t = pd.DataFrame({"agent": ["x"], "opponent": ["y"], "score": [score], "low": [low],
                      "high": [high]})
    line = match_takeaway(t, "x", "y")
    assert f"{score:.0%}" in line
    if low > 0.5:
        assert "x is really stronger than y" in line
    elif high < 0.5:
        assert "y is really stronger than x" in line
    else:
        assert "cannot tell" in line


def test_a_takeaway_is_one_marked_line_in_the_page() -> None:
    """Regression: as Markdown, the line was dropped by Voilà (it shows outputs' HTML)."""
    t = Takeaway("a < b")
    assert "<b>In one line:</b> a &lt; b</p>" in t._repr_html_() and repr(t) == "a < b"
    assert not hasattr(t, "_repr_markdown_")


@given(unit, unit, unit)
def test_an_interval_reads_in_one_cell(a: float, b: float, c: float) -> None:
    low, x, high = sorted((a, b, c))
    assert interval_text(x, low, high, percent=True) == f"{x:.0%} [{low:.0%}, {high:.0%}]"
    assert interval_text(x * 100, low * 100, high * 100).count(".") == 3


def test_the_mirror_matches_line_says_whether_an_interval_leaves_a_half() -> None:
    table = pd.DataFrame({"games": [200, 200], "first player wins": [0.49, 0.58],
                          "fp low": [0.42, 0.51], "fp high": [0.56, 0.65],
                          "actions": [72.3, 20.5], "act low": [68.0, 19.5],
                          "act high": [76.7, 21.5], "choices": [6.7, 11.8],
                          "ch low": [6.5, 11.4], "ch high": [6.8, 12.3],
                          "lead changes": [5.2, 1.3], "lc low": [4.8, 1.1],
                          "lc high": [5.7, 1.4]}, index=["r", "c"])
    assert "no first-player edge" in compare_takeaway(table, ("r",))
    assert "a real edge" in compare_takeaway(table, ("r", "c"))
    shown = readable_compare(table)
    assert shown.loc["c", "first leader wins"] == "58% [51%, 65%]"
    assert shown.loc["r", "actions per game"] == "72.3 [68.0, 76.7]"


def test_lengths_ratings_shares_quality_and_branching_lines() -> None:
    lengths = pd.DataFrame({"games": [200.0, 200.0], "mean": [72.3, 20.5],
                            "low": [68.0, 19.5], "high": [76.7, 21.5], "min": [13.0, 7.0],
                            "median": [70.0, 20.0], "max": [196.0, 45.0]},
                           index=["random", "classic"])
    assert "3.5 times shorter" in length_takeaway(lengths, "classic", "random")
    assert list(readable_lengths(lengths).loc["classic"]) == [200, "20.5 [19.5, 21.5]", "7",
                                                               "20", "45"]
    ratings = pd.DataFrame({"agent": ["a", "b", "c"], "rating": [1075.6, 840.6, 0.0],
                            "low": [727.2, 498.6, 0.0], "high": [1423.1, 1182.7, 0.0],
                            "games": [200, 200, 200]})
    assert "a is rated 235 Elo points above b" in ratings_takeaway(ratings)
    assert list(readable_ratings(ratings).iloc[0]) == ["a", "1076", "727 to 1423", 200]
    shares = pd.DataFrame({"share": [0.2, 0.7, 0.1]}, index=["x", "y", "z"])
    assert share_takeaway(shares, "It") == "It: y most often (70% of hands), z least (10%)."
    quality = pd.DataFrame({"metric": ["fairness", "drama"], "value": [0.98, 0.12]})
    assert quality_takeaway(quality).startswith("Highest: fairness 0.98; lowest: drama 0.12")
    branching = pd.concat({m: pd.DataFrame({"median": [560.0, 7.0, 4.0]},
                                           index=pd.Index(["mulligan", "lead", "all play"],
                                                          name="phase"))
                           for m in ("r", "c")})
    assert "4 (r) and 4 (c) choices" in branching_takeaway(branching)


def test_the_games_table_names_its_columns_in_words() -> None:
    games = pd.DataFrame({"seed": [7, 7], "copy": [0, 1], "agent_p1": ["a", "b"],
                          "agent_p2": ["b", "a"], "winner_agent": ["a", "a"],
                          "first_leader": [0, 1], "actions": [16, 20], "tricks": [3, 5],
                          "deck_draws_p1": [0, 2], "deck_draws_p2": [1, 0],
                          "final_hand_p1": [0, 3], "final_hand_p2": [2, 0], "extra": [1, 1]})
    shown = readable_games(games)
    assert list(shown.columns)[:6] == ["deal", "seats swapped", "P1", "P2", "winner",
                                       "first leader"]
    assert list(shown["seats swapped"]) == ["no", "yes"]
    assert list(shown["first leader"]) == ["P1", "P2"] and "extra" not in shown.columns
