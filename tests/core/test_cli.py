"""The command line of every registered game: the three commands work, and every bad value
is refused before any game is played — exit status 2, one line naming it, no traceback."""

from __future__ import annotations

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
