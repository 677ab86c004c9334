"""The tournament benchmark runs and names its figures (its speed is not tested here)."""

from __future__ import annotations

import pytest

from benchmarks import analysis as bench


def test_bench_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "REPEATS", 1)
    monkeypatch.setattr(bench, "GAMES", {"random": 20})
    monkeypatch.setattr(bench, "RECORDED", {"draw": (("exact", "random", "random"), 3)})
    figures = bench.run()
    assert set(figures) == {
        "tournament: load average at start (1 min)",
        "tournament random vs random, 1 worker (games/s)",
        "tournament random vs random, 2 workers (games/s)",
        "tournament random vs random, scaling 1→2 workers",
        "tournament random vs random, work ratio 2/1 workers (CPU s)",
        "tournament draw exact,random,random, recorded (games/CPU s)",
        "tournament draw exact,random,random, bare play_out (games/CPU s)",
        "tournament draw exact,random,random, recording cost (bare/recorded)",
    }
    assert all(v > 0 for k, v in figures.items() if "load" not in k)
    assert set(bench.run(quick=True)) == set(figures)
    speed, cpu = bench.time_match("greedy", 4, 1)
    assert speed > 0 and cpu > 0
