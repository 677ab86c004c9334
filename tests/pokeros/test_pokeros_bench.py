"""The Pokeros benchmark runs and names its figures (its speed is printed by `make bench`,
never tested: the machines are shared and noisy)."""

from __future__ import annotations

import random

from benchmarks import pokeros as bench
from wpp.pokeros.ai import Greedy
from wpp.pokeros.grid import score


def test_the_benchmark_prints_its_figures() -> None:
    figures = bench.run(quick=True)
    assert set(figures) == {"greedy_decision_us", "greedy_decision_cpu_us",
                            "full_scoring_decision_us",
                            "decision_speedup", "greedy_games_per_s", "greedy_games_per_cpu_s",
                            "games_10000_on_2_workers_s"}
    assert all(v >= 0 for v in figures.values()) and figures["greedy_games_per_s"] > 0


def test_the_peer_decides_on_the_same_values() -> None:
    rng = random.Random(0)
    for view in bench._positions(2)[::7]:
        fast = Greedy("raw", 0).choose(view)
        peer = bench._full_choice(view, rng)
        assert score(view.cells, fast.cell, fast.card).raw == \
            score(view.cells, peer.cell, peer.card).raw
