"""The engine benchmark runs, names its figures, and both random-game paths agree.

Its speed is not tested here (the machines are shared and noisy); `make bench` prints it.
"""

from __future__ import annotations

import importlib.util

import pytest

from benchmarks import run as bench


def test_engine_figures(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench.engine(quick=True)
    assert figures["same winners and lengths on both paths"] == "yes"
    names = ["random games/s (Game API)", "random games/s (wpp.warpairs.random_games)",
             "legal_actions µs (13 cards, lead)",
             "classify/s (5 random cards, refusals explained)"]
    if importlib.util.find_spec("pyspiel") is None:  # the bench extra installs OpenSpiel
        assert str(figures["OpenSpiel dou_dizhu games/s"]).startswith("not installed")
    else:  # the peer issue #2 names, with both driver loops
        names += ["OpenSpiel dou_dizhu games/s (lean loop)",
                  "OpenSpiel dou_dizhu games/s (example.py loop)"]
    for name in names:
        assert isinstance(figures[name], float) and figures[name] > 0, name
    assert 60 < figures["actions per game"] < 90  # random games are ~73 actions long
    assert bench.main(["--quick", "--only", "engine"]) == 0
    out = capsys.readouterr().out
    assert "## Engine" in out and "random games/s (wpp.warpairs.random_games)" in out
