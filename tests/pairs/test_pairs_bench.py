"""Pairs' benchmark section runs and names its figures (its speed is not tested here: the
machines are shared; `make bench` prints it)."""

from __future__ import annotations

from benchmarks import pairs as bench
from benchmarks.run import _SECTIONS


def test_the_section_is_registered_and_names_its_figures() -> None:
    assert "benchmarks.pairs" in _SECTIONS
    figures = bench.run(quick=True, table_games=2)
    assert {"pairs: random games/s (4 players)",
            "pairs: pipmc decisions/s (10 playouts per move)",
            "pairs: pipmc decisions/s, playouts through step() (peer)",
            "pairs: §4.5(a) table, 2 games per cell, 2 workers (s)",
            "pairs: §4.5(a) table at 1,000 games per cell, extrapolated (s)"} <= set(figures)
    assert all(v > 0 for k, v in figures.items() if "load" not in k)
