"""Lesson 11 and what it shows: the notebook is committed executed and is glue; the teaching
helpers compute what they say."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import wpp
from wpp.pokeros import teach
from wpp.pokeros.calibration import HandCounts
from wpp.pokeros.game import Place
from wpp.pokeros.hands import HANDS, Hand, Kind

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "11_pokeros.ipynb"


def _source(cell: dict[str, Any]) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else str(s)


def test_the_lesson_is_committed_executed_and_short_on_code() -> None:
    nb = json.loads(LESSON.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    for c in code:
        assert all(o["output_type"] != "error" and o.get("name") != "stderr"
                   for o in c["outputs"]), _source(c)
        lines = [ln for ln in _source(c).splitlines() if ln.strip() and not ln.startswith("#")]
        assert len(lines) <= 8, _source(c)
        assert not re.search(r"^\s*(def|class|for|while) ", _source(c), re.M)
    md = sum(len(_source(c).splitlines()) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert md >= 2 * sum(len(_source(c).splitlines()) for c in code)


def test_the_quirk_position_leaves_a_gap_between_runs_of_three_and_two() -> None:
    deck, moves = teach.quirk_position()
    for strict in (True, False):
        g = wpp.new_game("pokeros", deck=deck, stash=1, strict_run_limit=strict)
        for card, x, y in moves:
            g.apply(Place.of(card, x, y))
        assert ((1, 0) in g.view(g.to_act).legal_cells()) is not strict


def test_every_example_row_agrees_with_the_seed() -> None:
    rows = teach.example_rows()
    assert len(rows) == 26 and all(r["as the seed"] for r in rows)


def test_the_round_tables_and_the_royal_lines() -> None:
    pair, royal = Hand(Kind.OF_A_KIND, 2), Hand(Kind.ROYAL_FLUSH, 5)
    counts = HandCounts(100, 5100)
    counts.hands.update({pair: 1200, royal: 1, Hand(Kind.FLUSH, 3): 400})
    rows = teach.round_rows(counts)
    assert [r["hand"] for r in rows] == [h.name for h in HANDS]
    assert rows[0]["pairs per hand"] == 1.0 and rows[1]["pairs per hand"] == 3.0
    assert rows[1]["derived score"] == 3 and rows[-1]["derived score"] == 60
    assert "round 1" in teach.round_rows(counts, before=counts)[0]
    (line,) = teach.royal_lines({"r": counts})
    assert line.startswith("r: 1 royal flushes, 1,200 pairs -> one per 1,200 pairs")
    assert line.endswith("6,000 inside: yes")
    empty = HandCounts(1, 51)
    empty.hands.update({pair: 10})
    assert "one per — pairs" in teach.royal_lines({"e": empty})[0]


def test_greedy_position_is_the_seat_to_act_after_the_moves() -> None:
    view = teach.greedy_position(seed=7, moves=20)
    assert len(view.grid) == 21 and view.my_turn
