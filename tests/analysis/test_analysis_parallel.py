"""Same seeds, same tables: in this process, in a process pool, and on Dask."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pandas as pd
import pytest

from wpp.analysis.match import MatchResult
from wpp.analysis.parallel import default_chunk_size, map_chunks
from wpp.analysis.tournament import run_match

AGENTS = ("random", "greedy")
GAMES = 24
SEED = 40


def assert_same(a: MatchResult, b: MatchResult) -> None:
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.decisions, b.decisions)


@pytest.fixture(scope="module")
def serial() -> MatchResult:
    return run_match("warpairs", AGENTS, GAMES, SEED, progress=False)


def test_chunking_does_not_matter(serial: MatchResult) -> None:
    for size in (1, 5, 100):
        assert_same(serial, run_match("warpairs", AGENTS, GAMES, SEED, chunk_size=size,
                                      progress=False))


def test_two_workers_give_the_same_tables(serial: MatchResult) -> None:
    assert_same(serial, run_match("warpairs", AGENTS, GAMES, SEED, workers=2, chunk_size=3,
                                  progress=False))


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster


def test_dask_local_cluster_gives_the_same_tables(serial: MatchResult,
                                                  dask_cluster: object) -> None:
    import distributed

    with distributed.Client(dask_cluster) as client:
        assert_same(serial, run_match("warpairs", AGENTS, GAMES, SEED, client=client, chunk_size=4,
                                      progress=False))
    # By address, as the command line's --scheduler does (a client of its own).
    address = dask_cluster.scheduler_address  # type: ignore[attr-defined]
    assert_same(serial, run_match("warpairs", AGENTS, GAMES, SEED, scheduler=address,
                                  progress=False))


def test_different_seeds_give_different_games(serial: MatchResult) -> None:
    other = run_match("warpairs", AGENTS, GAMES, SEED + 1000, progress=False)
    assert not serial.games["actions"].equals(other.games["actions"])


def total(chunk: Sequence[int]) -> int:
    return sum(chunk)


def fail_on_seven(chunk: Sequence[int]) -> int:
    if 7 in chunk:
        raise RuntimeError("seven")
    return len(chunk)


def test_map_chunks_orders_results_by_chunk() -> None:
    items = list(range(20))
    expected = [sum(items[i:i + 3]) for i in range(0, 20, 3)]
    assert map_chunks(total, items, chunk_size=3, progress=False) == expected
    assert map_chunks(total, items, chunk_size=3, workers=2, progress=False) == expected
    assert map_chunks(total, [], progress=False) == []


def test_map_chunks_errors() -> None:
    with pytest.raises(RuntimeError, match="seven"):
        map_chunks(fail_on_seven, list(range(20)), chunk_size=2, workers=2, progress=False)
    with pytest.raises(RuntimeError, match="seven"):
        map_chunks(fail_on_seven, list(range(20)), chunk_size=2, progress=False)
    with pytest.raises(ValueError):
        map_chunks(total, [1], workers=0)


def test_default_chunk_size() -> None:
    assert default_chunk_size(2000, 2) == 50
    assert default_chunk_size(100, 1) == 13
    assert default_chunk_size(3, 8) == 1


def test_dask_runs_any_game_with_the_same_rows(dask_cluster: object) -> None:
    import distributed

    from wpp.analysis.tournament import play_tournament

    lineup = ["exact", "stand", "random"]
    serial = play_tournament("draw", lineup, 3, seed=8, progress=False)
    with distributed.Client(dask_cluster) as client:
        assert_same(serial, play_tournament("draw", lineup, 3, seed=8, client=client,
                                            chunk_size=2, progress=False))
