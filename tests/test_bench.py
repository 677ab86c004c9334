"""The engine benchmark runs, names its figures and checks both random-game paths agree.

Its speed is not tested here (the machines are shared and noisy); `make bench` prints it.
"""

from __future__ import annotations

import pytest

from wpp import bench


def test_engine_figures(capsys: pytest.CaptureFixture[str]) -> None:
    figures = bench.engine(quick=True)
    assert figures["same games on both paths"] == "yes"
    for name in ("random games/s (Game API)", "random games/s (wpp.random_games)",
                 # the peer issue #2 names (the bench extra installs OpenSpiel)
                 "OpenSpiel dou_dizhu games/s (lean loop)",
                 "OpenSpiel dou_dizhu games/s (example.py loop)",
                 "legal_actions µs (13 cards, lead)",
                 "classify/s (5 random cards, refusals explained)"):
        assert isinstance(figures[name], float) and figures[name] > 0, name
    assert 60 < figures["actions per game"] < 90  # random games are ~73 actions long
    assert bench.main(["--quick", "--only", "engine"]) == 0
    out = capsys.readouterr().out
    assert "## Engine" in out and "random games/s (wpp.random_games)" in out
