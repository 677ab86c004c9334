"""Seeds outside ``0 <= seed < 2**63`` are refused by every command line of the kit — every
subcommand of every registered game, WarPairsPoker's own commands, ``python -m wpp.classic``
and the games' scripts — with exit status 2, one line on stderr naming ``--seed``, nothing
on stdout and no traceback; the edges of the range are accepted.

The subcommands are found by walking the parsers (:func:`wpp.__main__.build_parser`), so a
command added later is checked too. The commands run in this process through their
``main(argv)``; two run as real ``python -m`` processes, to check the entry points as a
user meets them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence

import pytest

import wpp
from wpp.__main__ import build_parser
from wpp.__main__ import main as wpp_main
from wpp.classic.__main__ import _parser as classic_parser
from wpp.classic.__main__ import main as classic_main
from wpp.ofc.match import main as ofc_match_main
from wpp.pokeros.calibration import main as calibration_main

#: The seeds just outside the range, and far outside.
BAD_SEEDS = ["-1", str(2**63), "-99999999999999999999999", str(10**30)]
TOP = str(2**63 - 1)


def commands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
             ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every (sub)command of ``parser`` that takes ``--seed``, as its words and its parser."""
    if "--seed" in parser._option_string_actions:
        yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from commands(sub, (*prefix, name))


WPP = sorted(words for words, _ in commands(build_parser()))
CLASSIC = sorted(words for words, _ in commands(classic_parser()))


def test_the_walk_finds_every_command_of_every_game() -> None:
    for game in wpp.registered_games():
        for command in ("play", "random-games", "tournament"):
            assert (game, command) in WPP
    assert {("play",), ("random-games",), ("tournament",)} <= set(WPP)
    assert set(CLASSIC) == {(), ("draw",)}


def run(main: Callable[[Sequence[str]], int], argv: list[str],
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)``'s exit status, stdout and stderr."""
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def assert_refused(code: int, out: str, err: str, named: str = "--seed") -> None:
    lines = err.strip().splitlines()
    assert code == 2, (code, err)
    assert out == "", "work was done before the seed was refused"
    assert len(lines) == 1, err
    assert named in lines[0] and "Traceback" not in err
    assert "0 to 2**63 - 1" in lines[0]


@pytest.mark.parametrize("seed", BAD_SEEDS)
@pytest.mark.parametrize("words", WPP, ids=[" ".join(w) for w in WPP])
def test_every_wpp_command_refuses_a_seed_out_of_range(
        capsys: pytest.CaptureFixture[str], words: tuple[str, ...], seed: str) -> None:
    assert_refused(*run(wpp_main, [*words, "--seed", seed], capsys))


@pytest.mark.parametrize("seed", BAD_SEEDS)
@pytest.mark.parametrize("words", CLASSIC, ids=[" ".join(w) or "showdown" for w in CLASSIC])
def test_python_m_wpp_classic_refuses_a_seed_out_of_range(
        capsys: pytest.CaptureFixture[str], words: tuple[str, ...], seed: str) -> None:
    extra = ["--hands", "2"] if not words else ["--auto"]
    assert_refused(*run(classic_main, [*words, *extra, "--seed", seed], capsys))


@pytest.mark.parametrize("seed", BAD_SEEDS[:2])
@pytest.mark.parametrize("main", [ofc_match_main, calibration_main],
                         ids=["wpp.ofc.match", "wpp.pokeros.calibration"])
def test_the_games_scripts_refuse_a_seed_out_of_range(
        capsys: pytest.CaptureFixture[str], main: Callable[[Sequence[str]], int],
        seed: str) -> None:
    assert_refused(*run(main, ["--seed", seed], capsys))


@pytest.mark.parametrize("argv", [
    ["draw", "random-games", "--games", "2"],
    ["draw", "tournament", "--games", "2", "--agents", "exact,random"],
    ["random-games", "--games", "2"],
])
def test_deals_that_would_run_past_the_range_are_refused(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(wpp_main, [*argv, "--seed", TOP], capsys)
    assert_refused(code, out, err, named="last deal")


# per-game: each agent's own documented budget limits, one past each
@pytest.mark.parametrize("argv", [
    ["draw", "tournament", "--agents", "exact,random", "--lead", "playouts", "--playouts",
     "10001"],
    ["ofc", "play", "--passes", "10001"],
    ["ofc", "play", "-f", "601"],
])
def test_budgets_beyond_their_bounds_are_refused_in_one_line(
        capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(wpp_main, argv, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and ("10,000" in err or "600" in err)


def test_the_edges_of_the_range_are_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("0", TOP):
        code, out, err = run(wpp_main, ["draw", "play", "--seed", seed], capsys)
        assert code == 0 and f"seed {seed}" in out, err
        code, out, err = run(classic_main, ["--hands", "2", "--seed", seed], capsys)
        assert code == 0 and "Hand 1" in out, err


@pytest.mark.parametrize("argv", [
    ["-m", "wpp", "ofc", "play", "--agents", "expected,random", "--seed", "-1"],
    ["-m", "wpp.classic", "--hands", "3", "--seed", str(2**63)],
])
def test_as_a_process_the_refusal_is_one_line_and_exit_2(argv: list[str]) -> None:
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert_refused(done.returncode, done.stdout, done.stderr)


def test_python_m_wpp_classic_refuses_zero_hands_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(classic_main, ["--hands", "0"], capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "--hands" in err and "Traceback" not in err
