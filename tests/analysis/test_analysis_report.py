"""Summaries, comparisons, figures and files of a small match."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.figure import Figure

from wpp.analysis import plots
from wpp.analysis.io import load_table, save_table, table_format
from wpp.analysis.match import MatchResult, play_recorded, schedule
from wpp.analysis.quality import quality_table
from wpp.analysis.report import compare, format_summary, summary
from wpp.analysis.stats import bradley_terry, head_to_head
from wpp.analysis.tournament import round_robin, run_match
from wpp.warpairs.game_stats import CATEGORY_COLUMNS


@pytest.fixture(scope="module")
def rr() -> MatchResult:
    return round_robin("warpairs", ("random", "greedy", "classic"), 6, seed=77, progress=False)


def test_between_picks_one_match(rr: MatchResult) -> None:
    m = rr.between("greedy", "random")
    assert len(m.games) == 6
    assert set(m.games["agent_p1"]) | set(m.games["agent_p2"]) == {"greedy", "random"}
    assert set(m.decisions["game"]) == set(m.games["game"])
    assert len(rr.between("random", "nobody").games) == 0


def test_summary_sections_and_text(rr: MatchResult) -> None:
    tables = summary(rr)
    assert len(tables["results"]) == 6                     # 3 agents × 2 opponents
    assert set(tables["ratings"]["agent"]) == {"random", "greedy", "classic"}
    quality = tables["game quality"].set_index("metric")
    assert {"fairness", "convergence", "drama", "security", "order"} <= set(quality.index)
    text = format_summary(tables)
    assert text.startswith("results\n-------\n")
    assert "lead changes" in text and "all play" in text


def test_summary_of_a_mirror_match() -> None:
    r = run_match("warpairs", ("random", "random"), 4, seed=2, progress=False)
    tables = summary(r)
    assert tables["results"].to_dict("records") == [
        {"agent": "random", "games": 4, "decisive": 4, "draws": 0,
         "note": "mirror match: strength is equal by design"}]
    assert "ratings" not in tables
    assert "order" not in set(tables["game quality"]["metric"])
    assert "mirror match" in format_summary(tables)


def test_compare_one_row_per_match(rr: MatchResult) -> None:
    c = compare({"a": rr.between("greedy", "random"), "b": rr.between("classic", "greedy")})
    assert list(c.index) == ["a", "b"]
    assert (c["fp low"] <= c["first player wins"]).all()
    assert (c["act low"] <= c["actions"]).all() and (c["actions"] <= c["act high"]).all()


def test_figures(rr: MatchResult) -> None:
    figs = [
        plots.win_rates(head_to_head(rr.games)),
        plots.ratings(bradley_terry(rr.games)),
        plots.game_lengths({"all": rr.games["actions"]}),
        plots.branching_by_turn_figure({"all": rr.decisions}, min_games=2, max_move=30),
        plots.quality(quality_table(rr.games, rr.decisions, game="warpairs")),
    ]
    for fig in figs:
        assert isinstance(fig, Figure) and len(fig.axes) == 1
        assert fig.axes[0].get_title()


def test_tables_round_trip(tmp_path: Path, rr: MatchResult) -> None:
    for ext in ("parquet", "csv"):
        path = tmp_path / f"t.{ext}"
        rr.save(str(path))
        pd.testing.assert_frame_equal(load_table(path), rr.games, check_dtype=False)
        back = load_table(tmp_path / f"t.decisions.{ext}")
        assert back["branching"].tolist() == rr.decisions["branching"].tolist()
    assert table_format("X.PARQUET") == "parquet"
    with pytest.raises(ValueError, match="format"):
        save_table(rr.games, tmp_path / "t.json")


def test_classic_plays_tournaments() -> None:
    pytest.importorskip("wpp.warpairs.ai")
    r = run_match("warpairs", ("classic", "random"), 4, seed=5, progress=False)
    assert set(r.games["agent_p1"]) == {"classic", "random"}
    assert r.games["winner"].isin([0, 1, -1]).all()


@settings(max_examples=25)
@given(seed=st.integers(0, 10**9), agents=st.sampled_from(
    [("random", "random"), ("greedy", "random"), ("classic", "greedy")]))
def test_any_game_adds_up(seed: int, agents: tuple[str, str]) -> None:
    for spec in schedule("warpairs", agents, 2, seed):
        row, d = play_recorded(spec)
        assert row["decisions_p1"] + row["decisions_p2"] == row["actions"] == len(d["move"])
        assert sum(row[c] for c in CATEGORY_COLUMNS) == row["plays_p1"] + row["plays_p2"]
        for p in ("p1", "p2"):
            assert row[f"final_hand_{p}"] == (13 - row[f"cards_played_{p}"]
                                              + row[f"deck_draws_{p}"] + row[f"pile_takes_{p}"])
        assert d["move"] == list(range(row["actions"]))
        if row["winner"] >= 0:
            loser = 2 - row["winner"]
            won = row[f"final_hand_p{row['winner'] + 1}"]
            assert won == 0 or row[f"final_hand_p{loser}"] >= 26 or \
                row["end_reason"] == "conceded"
