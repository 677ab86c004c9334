"""Lesson 7's stored results are what the games give: read back, they equal a fresh run (so
the page can open on them without drifting from the engine), and the store is used."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from wpp.analysis.tournament import round_robin, run_match
from wpp.warpairs.teach import stored

SEED = 2024


def test_a_run_is_stored_then_read_back_equal(tmp_path: Path) -> None:
    fresh = stored.match(["greedy", "random"], 6, 3, store=tmp_path)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["match-greedy-random-6-3-duplicate.decisions.parquet",
                     "match-greedy-random-6-3-duplicate.parquet"]
    again = stored.match(["greedy", "random"], 6, 3, store=tmp_path)
    pd.testing.assert_frame_equal(again.games, fresh.games, check_dtype=False)
    pd.testing.assert_frame_equal(again.decisions, fresh.decisions, check_dtype=False)
    direct = run_match("warpairs", ["greedy", "random"], 6, 3, progress=False)
    pd.testing.assert_frame_equal(fresh.games, direct.games)


def test_a_read_only_store_still_returns_the_games(tmp_path: Path) -> None:
    ro = tmp_path / "file-not-folder"
    ro.write_text("")
    result = stored.match(["random", "random"], 2, 1, duplicate=False, store=ro)
    assert len(result.games) == 2


@pytest.mark.slow
def test_the_lessons_stored_runs_are_what_the_games_give() -> None:
    """Replays lesson 7's stored runs (about 700 games) and expects the same tables."""
    cases = [
        (stored.round_robin(["classic", "greedy", "random"], 100, SEED),
         round_robin("warpairs", ["classic", "greedy", "random"], 100, SEED, progress=False)),
        (stored.match(["random", "random"], 200, SEED, duplicate=False),
         run_match("warpairs", ["random", "random"], 200, SEED, duplicate=False, progress=False)),
        (stored.match(["classic", "classic"], 200, SEED, duplicate=False),
         run_match("warpairs", ["classic", "classic"], 200, SEED, duplicate=False, progress=False)),
    ]
    for kept, fresh in cases:
        pd.testing.assert_frame_equal(kept.games, fresh.games, check_dtype=False)
        pd.testing.assert_frame_equal(kept.decisions, fresh.decisions, check_dtype=False)


def test_the_stored_files_are_there() -> None:
    for name in ("round_robin-classic-greedy-random-100-2024-duplicate",
                 "match-random-random-200-2024-fresh", "match-classic-classic-200-2024-fresh"):
        assert stored.stored_path(name).is_file(), name


def test_random_games_are_stored_and_read_back_equal(tmp_path: Path) -> None:
    from wpp.warpairs.random_games import play_random_games

    fresh = stored.random_games(30, 5, store=tmp_path)
    again = stored.random_games(30, 5, store=tmp_path)
    assert again == fresh == list(play_random_games(30, 5))


@pytest.mark.slow
def test_the_lessons_stored_random_games_are_what_the_games_give() -> None:
    from wpp.warpairs.random_games import play_random_games

    assert stored.random_games(5000, SEED) == list(play_random_games(5000, SEED))
