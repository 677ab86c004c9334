"""The committed playthroughs: regenerate them and compare, so a rule change is a readable
diff (one game under CardStock's rules, one under the rule sheet's)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from wpp.pairs.playthrough import playthrough

DATA = Path(__file__).parent / "data"
OFFICIAL = {"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True}
CASES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("playthrough_seed1_4p.txt", 1, 4, {}),
    ("playthrough_seed1_3p_official.txt", 1, 3, OFFICIAL),
]


@pytest.mark.parametrize(("name", "seed", "players", "flags"), CASES)
def test_playthrough_matches_the_committed_transcript(name: str, seed: int, players: int,
                                                      flags: dict[str, Any]) -> None:
    expected = (DATA / name).read_text(encoding="utf-8")
    actual = playthrough(seed, players, **flags)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "committed", "regenerated", n=2))
        raise AssertionError(
            f"the game no longer plays as committed in {name}. If the change is intended, "
            "regenerate it with wpp.pairs.playthrough.playthrough.\n" + diff[:6000])


def test_the_transcripts_show_the_events_the_rules_test() -> None:
    default = (DATA / CASES[0][0]).read_text(encoding="utf-8")
    official = (DATA / CASES[1][0]).read_text(encoding="utf-8")
    assert "Reshuffle" in default and "a pair!" in default and "folds" in default
    assert "drawn at random among the tied" in default
    assert "tie-break" in official and "Reshuffle" in official
    assert "everyone else wins" in official
