"""The committed playthrough: regenerate it and compare, so a rule change is a readable diff."""

from __future__ import annotations

import difflib
from pathlib import Path

from wpp.warpairs.transcript import random_playthrough

COMMITTED = Path(__file__).parent / "data" / "playthrough_seed1.txt"


def test_playthrough_matches_the_committed_transcript() -> None:
    expected = COMMITTED.read_text(encoding="utf-8")
    actual = random_playthrough(1)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "committed", "regenerated", n=2))
        raise AssertionError(
            "the game on seed 1 no longer plays as committed. If the change is intended, run "
            "`python -m wpp.warpairs.transcript 1 > tests/warpairs/data/playthrough_seed1.txt`.\n"
            + diff[:6000])
