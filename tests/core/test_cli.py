"""The command line of every registered game: the three commands work, and every bad value
is refused before any game is played — exit status 2, one line naming it, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

import wpp
from wpp.__main__ import main

GAMES = wpp.registered_games()


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


BAD = [
    (["tournament", "--games", "0"], "--games"),
    (["tournament", "--confidence", "2"], "--confidence"),
    (["tournament", "--confidence", "-1"], "--confidence"),
    (["tournament", "--confidence", "nan"], "--confidence"),
    (["tournament", "--chunk-size", "-3"], "--chunk-size"),
    (["tournament", "--workers", "0"], "--workers"),
    (["tournament", "--out", "/no/such/folder/x.csv"], "--out"),
    (["tournament", "--agents", "classic,nobody"], "nobody"),
    (["random-games", "--games", "-5"], "--games"),
    (["play", "--agents", "classic"], "--agents"),
    (["nosuchgame", "play"], "nosuchgame"),
] + [(g_argv, word) for game in GAMES for g_argv, word in [
    ([game, "play", "--agents", "nobody,nobody"], "nobody"),
    ([game, "tournament", "--games", "0"], "--games"),
    ([game, "tournament", "--confidence", "1.5"], "--confidence"),
    ([game, "tournament", "--players", "9"], "9"),
    ([game, "random-games", "--rule", "no_such_rule=1"], "no_such_rule"),
    ([game, "random-games", "--rule", "garbage"], "--rule"),
    ([game, "play", "--seed", "x"], "--seed"),
]]


@pytest.mark.parametrize(("argv", "named"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_value_exits_2_with_one_line_naming_it(capsys: pytest.CaptureFixture[str],
                                                       argv: list[str], named: str) -> None:
    code, out, err = run(capsys, argv)
    assert code == 2
    assert out == "", "work was done before the argument was refused"
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert named in lines[0] and "Traceback" not in err


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_and_runs_matches_from_the_command_line(
        capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, [game, "play", "--seed", "3"])
    assert code == 0 and "P1" in out and "wins" in out
    code, out, _ = run(capsys, [game, "random-games", "--games", "6"])
    assert code == 0 and "games" in out
    agents = ",".join(wpp.registered_agents(game)[:2])
    code, out, _ = run(capsys, [game, "tournament", "--games", "4", "--agents", agents,
                                *(["--no-progress"] if game == "warpairs" else [])])
    assert code == 0
    for name in agents.split(","):
        assert name in out


def test_draw_runs_with_more_players_and_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["draw", "tournament", "--games", "4", "--players", "3",
                                "--agents", "exact,stand,random", "--rule", "max_discard=2"])
    assert code == 0 and "seat P3" in out and "12 games" in out


GENERIC_BAD = [
    (["draw", "tournament", "--lead", "oracle"], "--lead"),
    (["draw", "tournament", "--workers", "0"], "--workers"),
    (["draw", "tournament", "--chunk-size", "0"], "--chunk-size"),
    (["draw", "tournament", "--playouts", "-1"], "--playouts"),
    (["draw", "tournament", "--out", "/no/such/folder/x.csv"], "--out"),
    (["draw", "tournament", "--agents", "exact,random", "--out", "results.json"], "results.json"),
]


@pytest.mark.parametrize(("argv", "named"), GENERIC_BAD, ids=[" ".join(a) for a, _ in GENERIC_BAD])
def test_the_generic_tournament_refuses_bad_flags(capsys: pytest.CaptureFixture[str],
                                                  argv: list[str], named: str) -> None:
    code, out, err = run(capsys, argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and named in lines[0] and "Traceback" not in err


def test_the_generic_tournament_saves_the_same_rows_with_two_workers(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import pandas as pd

    tables = []
    for workers in ("1", "2"):
        path = f"{tmp_path}/draw{workers}.csv"
        code, out, _ = run(capsys, ["draw", "tournament", "--agents", "exact,stand,random",
                                    "--games", "3", "--seed", "4", "--workers", workers,
                                    "--no-progress", "--out", path])
        assert code == 0 and "9 games" in out and f"saved {path}" in out
        assert "agents" in out and "seat P3" in out and "fairness" in out
        tables.append(pd.read_csv(path))
        assert len(pd.read_csv(f"{tmp_path}/draw{workers}.decisions.csv")) == 27
    pd.testing.assert_frame_equal(tables[0], tables[1])
    assert tables[0]["agent_p1"].tolist() == ["exact", "random", "stand"] * 3
