"""Pairs from the generic command line: a game with reasons, and tournaments of line-ups."""

from __future__ import annotations

import pytest

from wpp.__main__ import main


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_prints_a_game_with_the_ais_reasons(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["pairs", "play", "--players", "4", "--agents",
                                "pipmc,random,random", "--explain", "--seed", "2"])
    assert code == 0
    # the last agent named fills the remaining seat
    assert "P1 = pipmc, P2 = random, P3 = random, P4 = random" in out
    assert "Play out each move 10 times" in out and "average place" in out
    assert "Toss a coin" in out and "loses with" in out


def test_tournament_runs_a_line_up_with_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, ["pairs", "tournament", "--players", "3", "--agents",
                                "expected,random,random", "--games", "3", "--rule",
                                "start_tie=extra_card", "--rule", "continuous=true"])
    assert code == 0 and "9 games" in out and "expected" in out and "seat P3" in out


def test_too_many_agents_or_a_bad_rule_is_one_line_and_status_two(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, ["pairs", "play", "--players", "2", "--agents",
                                "pipmc,random,random"])
    assert code == 2 and "3 agents for 2 players" in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, ["pairs", "play", "--rule", "reshuffle=never"])
    assert code == 2 and "reshuffle" in err
