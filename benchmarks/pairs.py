"""Pairs' speed: random games, PIPMC decisions, and the blog's §4.5(a) table.

``python -m benchmarks.pairs`` prints the figures; ``python -m benchmarks`` calls :func:`run`.

* ``random games/s`` — whole games of four random players through the kit's protocol
  (history, views, agents), as a tournament plays them;
* ``pipmc decisions/s`` — CardStock's AI (10 playouts per move) deciding on the positions of
  recorded games; its playouts run on the engine's mutable board
  (:class:`~wpp.pairs.board.Board`);
* ``pipmc decisions/s, playouts through step() (peer)`` — the same decisions with each
  playout made of immutable :meth:`GameDef.step` calls from a :meth:`redeal_hidden` state:
  the plain way, with the same rules, for comparison in the same run; and the speedup;
* ``§4.5(a) table, G games per cell, 2 workers (s)`` — N = 2…5 × all random / one AI / all
  AI (12 cells) on two worker processes; with fewer games than 1,000 per cell the time for
  1,000 is extrapolated (the goal is ≤ 300 s on a 2-core machine). The CPU seconds of all
  processes are printed too: on a busy machine the wall time says more about the load.
"""

from __future__ import annotations

import os
import random
import sys
import time
from typing import Any

from wpp.core.registry import make_agent, new_game
from wpp.pairs.agents import PIPMC
from wpp.pairs.analysis import LINEUPS, play_game, run_table
from wpp.pairs.game import PAIRS, ranks
from wpp.pairs.state import FOLD, PairsView

__all__ = ["run"]


def _views(count: int) -> list[PairsView]:
    """Positions to decide on: every decision of seeded 4-player random games."""
    views: list[PairsView] = []
    seed = 0
    while len(views) < count:
        g = new_game("pairs", seed=seed, players=4)
        bots = [make_agent("pairs", "random", seed + s) for s in range(4)]
        while not g.is_over and len(views) < count:
            views.append(g.view(g.to_act))
            g.apply(bots[g.to_act].choose(g.view(g.to_act)))
        seed += 1
    return views


def _step_playouts(view: PairsView, state: Any, rng: random.Random, playouts: int) -> int:
    """The peer: PIPMC's choice with playouts made of immutable ``step`` calls."""
    best, best_value = 0, float("inf")
    for i, action in enumerate(view.legal_actions()):
        total = 0
        for _ in range(playouts):
            s = PAIRS.redeal_hidden(state, view.player, rng)
            s, _e = PAIRS.step(s, action, False)
            while not s.over:
                legal = PAIRS.legal_actions(s)
                s, _e = PAIRS.step(s, FOLD if (FOLD in legal and rng.random() < 0.5) else
                                   legal[-1], False)
            total += ranks(s.totals)[view.player]
        if total < best_value:
            best, best_value = i, total
    return best


def run(quick: bool = False, table_games: int | None = None) -> dict[str, float]:
    """The figures by name. ``quick``: smaller samples and a 40-game table (extrapolated);
    ``table_games`` sets the table's games per cell (1,000 is the issue's size)."""
    out: dict[str, float] = {"pairs: load average at start (1 min)": os.getloadavg()[0]}
    games = 50 if quick else 300
    start = time.perf_counter()
    for seed in range(games):
        play_game(4, "random", seed)
    out["pairs: random games/s (4 players)"] = games / (time.perf_counter() - start)

    views = _views(60 if quick else 300)
    agent = PIPMC(1, 10)
    start = time.perf_counter()
    for v in views:
        agent.choose(v)
    out["pairs: pipmc decisions/s (10 playouts per move)"] = len(views) / (
        time.perf_counter() - start)
    peer_views = views[:max(10, len(views) // 10)]
    states = []
    for v in peer_views:  # any state with this view will do: the peer re-deals anyway
        from wpp.pairs.board import Board
        states.append(Board.sample(v, random.Random(0)).freeze())
    rng = random.Random(1)
    start = time.perf_counter()
    for v, s in zip(peer_views, states, strict=True):
        _step_playouts(v, s, rng, 10)
    peer = len(peer_views) / (time.perf_counter() - start)
    out["pairs: pipmc decisions/s, playouts through step() (peer)"] = peer
    out["pairs: pipmc speedup over the step() peer"] = (
        out["pairs: pipmc decisions/s (10 playouts per move)"] / peer)

    per_cell = table_games or (40 if quick else 1000)
    cpu = _cpu_seconds()
    start = time.perf_counter()
    run_table([2, 3, 4, 5], LINEUPS, per_cell, workers=2, progress=False)
    elapsed = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu
    out[f"pairs: §4.5(a) table, {per_cell} games per cell, 2 workers (s)"] = elapsed
    out[f"pairs: §4.5(a) table, {per_cell} games per cell, CPU of all processes (s)"] = cpu
    if per_cell != 1000:
        out["pairs: §4.5(a) table at 1,000 games per cell, extrapolated (s)"] = (
            elapsed * 1000 / per_cell)
    return out


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers): on two
    free cores the table's wall time is about half of it, whatever the machine's load."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    games = int(args[0]) if args else None
    for name, value in run(quick=games is not None and games < 1000, table_games=games).items():
        print(f"{name:<62} {value:,.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
