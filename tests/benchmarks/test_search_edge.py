"""The search's edge table (benchmarks/search.py): the edge is the search's score minus the
classic AI's on the same deals, its interval is over the deals (the two seats of a deal
averaged), and the reading's figures are summarised."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.search import edge, edge_table


def record(opponent: str, deal: int, seat: int, search: float, classic: float,
           share: float = 0.2) -> dict[str, Any]:
    return {"opponent": opponent, "deal": deal, "seat": seat, "search": search,
            "classic": classic, "cpu": 0.5, "moves": 5, "load": 1.0,
            "reads": [{"uniform_share": share, "held": 0.4, "held_uniform": 0.25}]}


def test_the_edge_is_paired_by_deal() -> None:
    recs = [record("x", d, s, 1.0 if (d + s) % 2 else 0.5, 0.5) for d in range(10)
            for s in (0, 1)]
    row = edge_table(recs)[0]
    assert row["games"] == 20
    # Each deal's seats average to +0.25: no spread, so the interval is the point.
    assert row["edge"] == "+0.250 [+0.250, +0.250]"
    assert row["CPU ms/move"] == 100.0 and row["reading helps"] == "100%"
    assert row["real cards held"] == "0.400 vs 0.250 uniform"
    worse = edge_table([record("y", d, s, 0.0, float(d % 2), 0.9) for d in range(6)
                        for s in (0, 1)])[0]
    low, high = (float(x) for x in worse["edge"].split("[")[1].rstrip("]").split(", "))
    assert float(worse["edge"].split()[0]) == pytest.approx(-0.5)
    assert low < -0.5 < high < 0 and worse["reading helps"] == "0%"


def test_one_deal_is_played_by_both_agents_from_both_seats(tmp_path: Any) -> None:
    log = tmp_path / "edge.jsonl"
    recs = edge(["greedy"], 1, 40000, playouts=8, log=str(log))
    assert [(r["deal"], r["seat"]) for r in recs] == [(40000, 0), (40000, 1)]
    assert all(r["search"] in (0, 0.5, 1) and r["classic"] in (0, 0.5, 1) for r in recs)
    assert all(r["moves"] > 0 and r["cpu"] > 0 for r in recs)
    assert len(log.read_text().splitlines()) == 2
