"""``python -m wpp tournament`` end to end, in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "wpp", "tournament", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("name", ["results.parquet", "results.csv"])
def test_match_prints_a_summary_and_saves_tables(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    p = run("--agents", "greedy,random", "--games", "20", "--workers", "2", "--seed", "5",
            "--out", str(out))
    assert p.returncode == 0, p.stderr
    for title in ("results", "ratings", "first player", "game length", "branching factor",
                  "game quality"):
        assert f"\n{title}\n" in p.stdout
    assert "greedy vs random: 20 games, seeds from 5" in p.stdout
    assert "PROGRESS" not in p.stderr and "100%" in p.stderr     # the bar, on stderr
    read = pd.read_parquet if name.endswith("parquet") else pd.read_csv
    games = read(out)
    decisions = read(tmp_path / name.replace("results.", "results.decisions."))
    assert len(games) == 20 and games["seed"].tolist()[:4] == [5, 5, 6, 6]
    assert len(decisions) == games["actions"].sum()


def test_round_robin_and_rule_flags(tmp_path: Path) -> None:
    p = run("--agents", "random,greedy", "--games", "4", "--no-progress", "--no-duplicate",
            "--no-wraps", "--hand-limit", "none", "--turn-limit", "30",
            "--empty-deck", "pile-only")
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    assert "reached the turn limit" in p.stdout or "emptied their hand" in p.stdout


def test_same_seed_same_output() -> None:
    a = run("--agents", "random,greedy", "--games", "6", "--no-progress")
    b = run("--agents", "random,greedy", "--games", "6", "--no-progress", "--workers", "2")
    assert a.returncode == b.returncode == 0
    # Everything but the timing line is identical.
    assert a.stdout.splitlines()[2:] == b.stdout.splitlines()[2:]


@pytest.mark.parametrize("args, message", [
    (("--agents", "random"), "at least two"),
    (("--agents", "random,wizard"), "unknown agent"),
    (("--agents", "random,greedy", "--games", "3"), "even"),
    (("--agents", "random,greedy", "--out", "x.xlsx"), "format"),
    (("--agents", "random,greedy", "--turn-limit", "1"), "turn_limit"),
])
def test_bad_arguments_exit_2(args: tuple[str, ...], message: str) -> None:
    p = run(*args, "--no-progress")
    assert p.returncode == 2
    assert message in p.stderr and p.stdout == ""
