"""How strong are the kit's WarPairsPoker AIs? Duplicate, seat-swapped matches of each agent
against the classic AI, with 95% intervals and Elo gaps — measured by
``scripts/strength_table.py`` and stored as package data, so the README and the lesson
"Beating the classic AI" show the same figures without replaying the matches.

Each row is one match: ``agent`` against ``opponent`` (the classic AI), ``deals`` deals each
played twice with the seats swapped (each game played out here), the agent's score
rate (wins + draws / 2) with its Wilson interval, the Elo gap that score means (the interval's
ends carried over: the gap is a monotone function of the score), the time the agent took per
move, and the machine's load when the match ran.

>>> t = strength_table()
>>> list(t.columns[:4])
['agent', 'opponent', 'budget', 'games']
>>> bool((t["low"] <= t["score"]).all() and (t["score"] <= t["high"]).all())
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wpp.analysis.stats import elo_difference
from wpp.core.intervals import wilson

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["DATA_FILE", "StrengthRow", "load_rows", "measure", "merge_rows", "strength_plot",
           "strength_table", "write_rows"]

#: The stored figures (package data of :mod:`wpp.warpairs`).
DATA_FILE = "strength.json"


@dataclass(frozen=True, slots=True)
class StrengthRow:
    """One measured match (see the module's docs)."""

    agent: str
    opponent: str
    budget: str
    games: int
    wins: int
    draws: int
    seconds_per_move: float
    load: float

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games

    def as_dict(self) -> dict[str, Any]:
        """The row with its score, interval and Elo gap."""
        w = wilson(self.wins + self.draws / 2, self.games)
        return {"agent": self.agent, "opponent": self.opponent, "budget": self.budget,
                "games": self.games, "wins": self.wins, "draws": self.draws,
                "score": w.estimate, "low": w.low, "high": w.high,
                "elo": elo_difference(w.estimate), "elo low": elo_difference(w.low),
                "elo high": elo_difference(w.high),
                "s/move": self.seconds_per_move, "load": self.load}


def measure(agent: str, opponent: str, deals: int, seed: int, *,
            options: dict[str, Any] | None = None, budget: str = "—",
            workers: int = 1) -> StrengthRow:
    """Play ``agent`` against ``opponent`` on ``deals`` deals, seats swapped (``2 × deals``
    games), timing the agent's moves in CPU seconds; ``options`` go to the agent's factory.

    With ``workers`` > 1 the deals are split among that many processes; the games and their
    results are the same (every agent is seeded by its deal), only the timing differs.
    """
    import os

    load = os.getloadavg()[0]
    if workers <= 1 or deals < 2:
        part = _measure_deals(agent, opponent, seed, seed + deals, options, budget)
        return replace(part, load=round(load, 2))
    from concurrent.futures import ProcessPoolExecutor

    cuts = [seed + deals * i // workers for i in range(workers + 1)]
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_measure_deals, [agent] * workers, [opponent] * workers,
                              cuts[:-1], cuts[1:], [options] * workers, [budget] * workers))
    row = parts[0]
    for part in parts[1:]:
        row = merge_rows(row, part)
    return replace(row, load=round(max(load, os.getloadavg()[0]), 2))


def _measure_deals(agent: str, opponent: str, first: int, stop: int,
                   options: dict[str, Any] | None, budget: str) -> StrengthRow:
    """The deals ``first`` … ``stop - 1`` of :func:`measure` (one process's share)."""
    import time

    from wpp.core.registry import make_agent, new_game

    wins = draws = moves = 0
    spent = 0.0
    for deal in range(first, stop):
        for seat in (0, 1):
            history = new_game("warpairs", deal)
            bots = [make_agent("warpairs", opponent, deal * 7 + s) for s in range(2)]
            bots[seat] = make_agent("warpairs", agent, deal * 7 + seat, **(options or {}))
            while not history.is_over:
                p = history.to_act
                view = history.view(p)
                if p == seat:
                    start = time.process_time()
                    action = bots[p].choose(view)
                    spent += time.process_time() - start
                    moves += 1
                else:
                    action = bots[p].choose(view)
                history.apply(action)
            winner = history.state.winner
            wins += winner == seat
            draws += winner is None
    return StrengthRow(agent, opponent, budget, 2 * (stop - first), wins, draws,
                       spent / max(moves, 1), 0.0)


def merge_rows(a: StrengthRow, b: StrengthRow) -> StrengthRow:
    """Two measurements of one match on different deals as one: the games add up, the time
    per move is weighted by games, the load is the higher one.

    >>> x = StrengthRow("search", "classic", "200 playouts", 10, 6, 0, 0.5, 3.0)
    >>> merge_rows(x, StrengthRow("search", "classic", "200 playouts", 30, 18, 1, 0.1, 9.0))
    StrengthRow(agent='search', opponent='classic', budget='200 playouts', games=40, wins=24, \
draws=1, seconds_per_move=0.2, load=9.0)
    """
    if (a.agent, a.opponent, a.budget) != (b.agent, b.opponent, b.budget):
        raise ValueError(f"different matches: {a.agent}/{a.budget} and {b.agent}/{b.budget}")
    games = a.games + b.games
    return StrengthRow(a.agent, a.opponent, a.budget, games, a.wins + b.wins,
                       a.draws + b.draws,
                       (a.seconds_per_move * a.games + b.seconds_per_move * b.games) / games,
                       max(a.load, b.load))


def write_rows(rows: Sequence[StrengthRow], path: Path) -> None:
    """Write the measured rows (the one writer of the data file)."""
    path.write_text(json.dumps([asdict(r) for r in rows], indent=1, ensure_ascii=False) + "\n",
                    encoding="utf-8")


def load_rows() -> list[StrengthRow]:
    """The stored rows."""
    text = resources.files("wpp.warpairs").joinpath("data", DATA_FILE).read_text("utf-8")
    return [StrengthRow(**r) for r in json.loads(text)]


def strength_table(rows: Sequence[StrengthRow] | None = None) -> pd.DataFrame:
    """The rows as a table, with scores, 95% intervals and Elo gaps (an infinite gap: no
    win, or no loss, in the sample)."""
    import pandas as pd

    return pd.DataFrame([r.as_dict() for r in (load_rows() if rows is None else rows)])


def strength_plot(table: pd.DataFrame | None = None) -> Figure:
    """Score against the classic AI by CPU time per move (log scale), with the 95% intervals:
    the search AI at each budget as a line (each point named by its budget: playouts, or CPU
    seconds per move), the counting AI as a point, an even match dashed, the search's goal of
    60% dotted.
    """
    from matplotlib.figure import Figure

    t = strength_table() if table is None else table
    fig = Figure(figsize=(6, 3.5))
    ax = fig.subplots()
    for agent, fmt, label in (("search", "o-", "search AI (one point per budget)"),
                              ("counting", "s", "counting AI")):
        rows = t[t["agent"] == agent].sort_values("s/move")
        if rows.empty:
            continue
        ax.errorbar(rows["s/move"] * 1000, rows["score"],
                    yerr=[rows["score"] - rows["low"], rows["high"] - rows["score"]],
                    fmt=fmt, capsize=4, label=label)
        if agent == "search":  # each point named by its budget, below and above in turn
            for i, (x, y, budget) in enumerate(zip(rows["s/move"] * 1000, rows["score"],
                                                   rows["budget"], strict=True)):
                ax.annotate(budget, (x, y), textcoords="offset points",
                            xytext=(6, -12 if i % 2 == 0 else 6), fontsize=8)
    ax.axhline(0.5, ls="--", color="grey")
    ax.axhline(0.6, ls=":", color="green", label="the search AI's goal: 60%")
    ax.margins(x=0.2)
    ax.set_xscale("log")
    ax.set_xlabel("CPU time per move (ms, log scale)")
    ax.set_ylabel("score against the classic AI")
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    return fig
