"""Speed of Pokeros: the greedy AI's decision and greedy-vs-greedy games.

``python -m benchmarks.pokeros`` prints the figures; ``python -m benchmarks`` calls
:func:`run`. Each figure is the best of a few repeats, on one core:

* ``greedy_decision_us`` -- hal's ``choose`` (every stash card at every legal cell, scored
  by the compiled tables: only the windows through the new cell), in microseconds, over the
  positions of real greedy games (``greedy_decision_cpu_us``: in CPU time);
* ``full_scoring_decision_us`` -- the peer, in the same run on the same positions: the same
  decision scoring each candidate with the explained :func:`wpp.pokeros.grid.score` (every
  hand built as an object, classified card by card);
* ``greedy_games_per_s`` -- complete hal-vs-hal games through the game protocol (the
  registered game's ``step``, views, the agents' ``choose``), one process, by the wall
  clock; ``greedy_games_per_cpu_s`` -- the same games per second of this process's CPU
  time (the fair figure on a shared, loaded machine, where the wall clock counts other
  people's work too);
* ``games_10000_on_2_workers_s`` -- the issue's target (10,000 greedy games in two
  minutes on two workers) *estimated* from the CPU rate as 10,000 / (2 x rate): an
  estimate that assumes two free cores, not a measurement with two processes.
"""

from __future__ import annotations

import random
import time
from typing import Any

import wpp
from wpp.pokeros.ai import Greedy
from wpp.pokeros.game import PokerosView
from wpp.pokeros.grid import score

__all__ = ["main", "run"]


def _positions(n_games: int) -> list[PokerosView]:
    views = []
    for seed in range(n_games):
        g = wpp.new_game("pokeros", seed=seed)
        bots = [Greedy("raw", seed), Greedy("raw", seed + 1)]
        while not g.is_over:
            view = g.view(g.to_act)
            views.append(view)
            g.apply(bots[g.to_act].choose(view))
    return views


def _full_choice(view: PokerosView, rng: random.Random) -> Any:
    """The peer: hal's decision with every candidate scored by the explained scorer."""
    best, top = [], -1
    for a in view.legal_actions():
        raw = score(view.cells, a.cell, a.card, multiplier=view.rules.multiplier).raw
        if raw > top:
            best, top = [a], raw
        elif raw == top:
            best.append(a)
    return rng.choice(best)


def _games(n: int, seed: int) -> int:
    for s in range(seed, seed + n):
        g = wpp.new_game("pokeros", seed=s)
        bots = [Greedy("raw", s), Greedy("raw", s + 1)]
        while not g.is_over:
            g.apply(bots[g.to_act].choose(g.view(g.to_act)))
    return n


def run(quick: bool = False) -> dict[str, float]:
    """The figures (see the module's docs)."""
    repeats = 2 if quick else 3
    views = _positions(4 if quick else 10)
    hal = Greedy("raw", 0)
    rng = random.Random(0)
    fast = full = fast_cpu = float("inf")
    for _ in range(repeats):
        t, c = time.perf_counter(), time.process_time()
        for v in views:
            hal.choose(v)
        fast = min(fast, time.perf_counter() - t)
        fast_cpu = min(fast_cpu, time.process_time() - c)
        t = time.perf_counter()
        for v in views:
            _full_choice(v, rng)
        full = min(full, time.perf_counter() - t)
    n_games = 10 if quick else 40
    rate = cpu_rate = 0.0
    for r in range(repeats):
        t, c = time.perf_counter(), time.process_time()
        _games(n_games, 1000 * r)
        rate = max(rate, n_games / (time.perf_counter() - t))
        cpu_rate = max(cpu_rate, n_games / max(time.process_time() - c, 1e-9))
    return {
        "greedy_decision_us": fast / len(views) * 1e6,
        "greedy_decision_cpu_us": fast_cpu / len(views) * 1e6,
        "full_scoring_decision_us": full / len(views) * 1e6,
        "decision_speedup": full / fast,
        "greedy_games_per_s": rate,
        "greedy_games_per_cpu_s": cpu_rate,
        "games_10000_on_2_workers_s": 10_000 / (2 * cpu_rate),
    }


def main() -> int:
    for k, v in run().items():
        print(f"{k:32} {v:,.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
