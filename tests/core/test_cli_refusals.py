"""Command lines the red-team pass of issue 34 found answering with a traceback, or starting
work they could not finish: each now refuses with one line and exit code 2 before any work
(regression tests, one per finding)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HUGE = "9" * 30


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("argv", [
    ["-m", "wpp", "random-games", "--games", "2", "--workers", HUGE],
    ["-m", "wpp", "tournament", "--games", "2", "--workers", "9223372036854775808"],
    ["-m", "wpp.ofc.match", "--deals", "1", "--move-time", "-1"],
    ["-m", "wpp.ofc.match", "--deals", "1", "--move-time", "nan"],
    ["scripts/strength_table.py", "--seed", "9223372036854775808"],
    ["scripts/strength_table.py", "--out", "/proc/x"],
    ["scripts/strength_table.py", "--workers", HUGE],
    ["scripts/strength_table.py", "--scale", "0"],
    ["scripts/bench_ui.py", "--log", "/proc/x"],
    ["scripts/bench_ui.py", "--log", ""],
    ["scripts/measure_site.py", "--site", "/nonexistent"],
    ["scripts/site_screenshots.py", "--site", "/nonexistent"],
])
def test_a_bad_argument_is_one_line_and_exit_2(argv: list[str]) -> None:
    done = run(*argv)
    assert done.returncode == 2, done.stderr[-500:]
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_site_build_never_wipes_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    (tmp_path / "precious.txt").write_text("keep me")
    done = run("scripts/build_site.py", "--out", str(tmp_path))
    assert done.returncode != 0 and "not an earlier site build" in done.stderr
    assert (tmp_path / "precious.txt").read_text() == "keep me"
