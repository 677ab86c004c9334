"""Issue 34, part 4: every command line of the kit answers ``--help``, and refuses a bad
``--out``, ``--scheduler`` or ``--agents`` in one line with exit status 2 *before* any game
is played (a folder given as ``--out`` used to be found out after every game was played, and
the results were lost).

The modules with a command line are found by reading the sources (a ``__main__`` guard or a
``main`` function), and the subcommands by walking the parsers, so one added later is
checked too.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import wpp
from wpp.__main__ import build_parser
from wpp.__main__ import main as wpp_main
from wpp.analysis.ratings import main as ratings_main
from wpp.classic.__main__ import _parser as classic_parser
from wpp.classic.opponents import main as opponents_main
from wpp.pairs.analysis import main as pairs_analysis_main
from wpp.pokeros.calibration import main as calibration_main

PACKAGE = Path(wpp.__file__).parent


def has_command_line(path: Path) -> tuple[bool, bool]:
    """Whether the module at ``path`` has a ``__main__`` guard, and a ``main`` function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    guard = any(isinstance(n, ast.If) and "__main__" in ast.unparse(n.test)
                for n in tree.body)
    main = any(isinstance(n, ast.FunctionDef) and n.name == "main" for n in tree.body)
    return guard, main


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__main__" else parts)


SOURCES = {module_name(p): has_command_line(p) for p in sorted(PACKAGE.rglob("*.py"))}
#: Every module run as ``python -m``: a ``__main__`` guard (``wpp`` and ``wpp.classic``
#: through their ``__main__.py``).
RUNNABLE = sorted(m for m, (guard, _) in SOURCES.items() if guard)
#: ``main`` functions reached through another command line, not by ``python -m``.
SUBCOMMANDS = {"wpp.warpairs.tournament_cli": ["tournament"]}


def test_every_module_with_a_main_is_runnable_or_a_subcommand() -> None:
    """A module with a ``main`` but no ``__main__`` guard is a subcommand's handler, named
    here with the words that reach it (so its ``--help`` is checked below)."""
    for module, (guard, main) in SOURCES.items():
        if main and not guard:
            assert module in SUBCOMMANDS, f"{module} has a main(): how is it run?"
    assert {"wpp", "wpp.classic", "wpp.pairs.playthrough", "wpp.warpairs.transcript",
            "wpp.warpairs.ai.winrate"} <= set(RUNNABLE)


_DRIVER = """
import contextlib, io, json, runpy, sys, warnings
warnings.simplefilter("ignore")
results = {}
for module in sys.argv[1:]:
    out, err = io.StringIO(), io.StringIO()
    sys.argv = [module, "--help"]
    code = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            runpy.run_module(module, run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        code = stop.code
    except BaseException as exc:
        code = f"{type(exc).__name__}: {exc}"
    results[module] = [code, out.getvalue(), err.getvalue()]
print(json.dumps(results))
"""


def test_help_works_on_every_module_with_a_command_line() -> None:
    """Regression: ``python -m wpp.warpairs.transcript --help`` (and
    ``wpp.warpairs.ai.winrate``, ``wpp.pairs.playthrough``) crashed reading ``--help`` as a
    number, and ``wpp.pairs.analysis --help`` started a minutes-long run writing a file
    named ``--help``. All the modules run ``--help`` in one process (a hang fails at the
    timeout, it does not stall the suite)."""
    done = subprocess.run([sys.executable, "-c", _DRIVER, *RUNNABLE], capture_output=True,
                          text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr[-2000:]
    results = json.loads(done.stdout.strip().splitlines()[-1])
    for module in RUNNABLE:
        code, out, err = results[module]
        assert code in (0, None) and "usage:" in out, (module, code, err[-500:])
    assert not (Path.cwd() / "--help").exists()


def subcommands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
                ) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every (sub)command of ``parser``, as its words and its parser."""
    yield prefix, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from subcommands(sub, (*prefix, name))


WPP = sorted(subcommands(build_parser()), key=lambda c: c[0])
CLASSIC = sorted(subcommands(classic_parser()), key=lambda c: c[0])


def run(main: Callable[[Sequence[str]], Any], argv: list[str],
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)``'s exit status, stdout and stderr."""
    try:
        code = main(argv) or 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("words", [w for w, _ in WPP], ids=[" ".join(w) or "wpp" for w, _ in WPP])
def test_help_works_on_every_subcommand(capsys: pytest.CaptureFixture[str],
                                        words: tuple[str, ...]) -> None:
    code, out, err = run(wpp_main, [*words, "--help"], capsys)
    assert code == 0 and "usage:" in out, err
    for module, more in SUBCOMMANDS.items():
        assert tuple(more) in {w for w, _ in WPP}, module


@pytest.mark.parametrize("words", [w for w, _ in CLASSIC])
def test_help_works_on_every_classic_subcommand(capsys: pytest.CaptureFixture[str],
                                                words: tuple[str, ...]) -> None:
    from wpp.classic.__main__ import main as classic_main

    code, out, _ = run(classic_main, [*words, "--help"], capsys)
    assert code == 0 and "usage:" in out


def assert_refused(code: int, out: str, err: str, named: str) -> None:
    """Exit status 2, one line on stderr naming ``named``, no traceback, and nothing on
    stdout: no game was played."""
    lines = err.strip().splitlines()
    assert code == 2, (code, err)
    assert out == "", "work was done before the argument was refused"
    assert len(lines) == 1 and named in lines[0] and "Traceback" not in err, err


def bad_outs(tmp_path: Path) -> dict[str, str]:
    """``--out`` values that cannot be written, and why."""
    (tmp_path / "a-file").write_text("")
    return {"a folder": str(tmp_path), "a missing folder": str(tmp_path / "no" / "x.csv"),
            "under a file": str(tmp_path / "a-file" / "x.csv"),
            "unwritable": "/proc/wpp-cannot-write-here.csv", "empty": ""}


WITH_OUT = [w for w, p in WPP if "--out" in p._option_string_actions]


@pytest.mark.parametrize("why", ["a folder", "a missing folder", "under a file", "unwritable",
                                 "empty"])
@pytest.mark.parametrize("words", WITH_OUT, ids=[" ".join(w) for w in WITH_OUT])
def test_a_bad_out_is_refused_before_any_game(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, words: tuple[str, ...],
                                              why: str) -> None:
    """Regression: ``--out`` a folder (or unwritable) was found out after every game."""
    agents = [] if words == ("tournament",) else ["--agents", "random,random"]
    argv = [*words, *agents, "--games", "2", "--no-progress", "--out", bad_outs(tmp_path)[why]]
    assert_refused(*run(wpp_main, argv, capsys), named="--out")


@pytest.mark.parametrize("why", ["a folder", "unwritable", "empty"])
@pytest.mark.parametrize(("main", "argv", "named"), [
    (ratings_main, ["--game", "draw", "--deals", "1", "--out"], "--out"),
    (ratings_main, ["--game", "draw", "--deals", "1", "--log"], "--log"),
    (opponents_main, ["--out"], "--out"),
    (calibration_main, ["--blocks", "1", "--out"], "--out"),
    (pairs_analysis_main, [], "out"),
], ids=["ratings --out", "ratings --log", "classic.opponents", "pokeros.calibration",
        "pairs.analysis"])
def test_the_scripts_refuse_a_bad_out_before_any_work(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, main: Callable[..., Any],
        argv: list[str], named: str, why: str) -> None:
    assert_refused(*run(main, [*argv, bad_outs(tmp_path)[why]], capsys), named=named)


WITH_SCHEDULER = [w for w, p in WPP if "--scheduler" in p._option_string_actions]


@pytest.mark.parametrize("address", ["bogus", "tcp://host", "host:0", "host:99999", ""])
@pytest.mark.parametrize("words", WITH_SCHEDULER, ids=[" ".join(w) for w in WITH_SCHEDULER])
def test_a_bad_scheduler_is_refused_in_the_kits_words(
        capsys: pytest.CaptureFixture[str], words: tuple[str, ...], address: str) -> None:
    """Regression: ``--scheduler bogus`` was Dask's ``ValueError`` traceback."""
    agents = [] if words == ("tournament",) else ["--agents", "random,random"]
    argv = [*words, *agents, "--games", "2", "--no-progress", "--scheduler", address]
    assert_refused(*run(wpp_main, argv, capsys), named="--scheduler")


WITH_AGENTS = [w for w, p in WPP if "--agents" in p._option_string_actions]


@pytest.mark.parametrize("agents", ["", " ", ",", " , "])
@pytest.mark.parametrize("words", WITH_AGENTS, ids=[" ".join(w) for w in WITH_AGENTS])
def test_no_agents_named_is_refused(capsys: pytest.CaptureFixture[str],
                                    words: tuple[str, ...], agents: str) -> None:
    """Regression: ``--agents ''`` played the default agents instead."""
    argv = [*words, "--agents", agents]
    if words[-1] in ("tournament", "random-games"):
        argv += ["--games", "2", "--no-progress"]
    assert_refused(*run(wpp_main, argv, capsys), named="--agents")


def test_the_walk_finds_the_commands(tmp_path: Path) -> None:
    """Every game's tournament takes --out, --scheduler and --agents."""
    for game in wpp.registered_games():
        assert (game, "tournament") in WITH_OUT
        assert (game, "tournament") in WITH_SCHEDULER
        assert (game, "play") in WITH_AGENTS
    assert ("tournament",) in WITH_OUT


def test_a_good_out_still_works(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    code, _, err = run(wpp_main, ["draw", "tournament", "--agents", "exact,random",
                                     "--games", "2", "--no-progress", "--out", str(out)],
                          capsys)
    assert code == 0 and out.exists(), err
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("tmp")]  # the probe's file
