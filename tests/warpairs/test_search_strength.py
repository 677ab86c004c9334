"""The strength table (stored figures, their writer and reader) and the lesson "Beating the
classic AI" as a file: committed executed, short on code, no loops in its cells."""

from __future__ import annotations

import json
import re
from pathlib import Path

from wpp.warpairs.strength import StrengthRow, load_rows, measure, strength_table, write_rows

ROOT = Path(__file__).resolve().parents[2]
LESSON = ROOT / "notebooks" / "12_beating_the_classic_ai.ipynb"


def test_a_tiny_match_is_measured_and_round_trips(tmp_path: Path) -> None:
    row = measure("counting", "classic", 3, seed=5)
    assert row.games == 6 and 0 <= row.wins + row.draws <= 6
    assert row.seconds_per_move > 0
    # The same deals and seeds: the same result (the agents are deterministic).
    again = measure("counting", "classic", 3, seed=5)
    assert (again.wins, again.draws) == (row.wins, row.draws)
    # Split among two processes: the same games, the same results.
    split = measure("counting", "classic", 3, seed=5, workers=2)
    assert (split.games, split.wins, split.draws) == (row.games, row.wins, row.draws)
    path = tmp_path / "s.json"
    write_rows([row], path)
    assert [StrengthRow(**r) for r in json.loads(path.read_text("utf-8"))] == [row]


def test_the_stored_table_is_whole_and_consistent() -> None:
    rows = load_rows()
    assert {r.agent for r in rows} >= {"random", "greedy", "counting", "search"}
    for r in rows:
        assert r.opponent == "classic"
        assert r.games % 2 == 0 and r.games > 0, "duplicate matches: every deal twice"
        assert 0 <= r.wins + r.draws <= r.games
    t = strength_table(rows)
    assert ((t["low"] <= t["score"]) & (t["score"] <= t["high"])).all()
    assert ((t["elo low"] <= t["elo"]) & (t["elo"] <= t["elo high"])).all()
    # The random agent is the weakest, far behind the classic AI.
    assert t.loc[t["agent"] == "random", "high"].max() < 0.5


def test_the_lesson_is_committed_executed_and_short_on_code() -> None:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    md = [c for c in nb["cells"] if c["cell_type"] == "markdown"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for c in code:
        text = "".join(c["source"])
        assert all(o["output_type"] != "error" for o in c["outputs"]), text
        assert not re.search(r"^\s*(def|class|for|while) ", text, re.M), text
        assert len([ln for ln in text.splitlines() if ln.strip()]) <= 14, text
    md_lines = sum(len("".join(c["source"]).splitlines()) for c in md)
    code_lines = sum(len("".join(c["source"]).splitlines()) for c in code)
    assert md_lines >= code_lines
    assert "".join(md[0]["source"]).startswith("# 12 · Beating the classic AI")
