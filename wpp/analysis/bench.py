"""Tournament speed: games per second, in one process and in a pool of two.

``run()`` times whole recorded matches — :func:`~wpp.analysis.tournament.run_match`, tables
included, as the command line runs them — for classic against classic and random against
random, with 1 and 2 worker processes, and the scaling ratio from 1 to 2 workers (2.0 would
be perfect; the goal is 1.8 on a 2-core machine). ``python -m wpp.bench`` calls it;
``python -m wpp.analysis.bench`` prints it alone.
"""

from __future__ import annotations

import os
import time

from wpp.analysis.tournament import run_match

__all__ = ["run", "time_match"]

#: Games per timed match: enough for a few seconds each, so that starting the pool is noise.
GAMES = {"classic": 2000, "random": 800}


def time_match(agent: str, games: int, workers: int, seed: int = 0) -> float:
    """Games per second of one mirror match of ``agent``."""
    start = time.perf_counter()
    result = run_match((agent, agent), games, seed, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    assert len(result.games) == games
    return games / elapsed


def run(scale: float = 1.0) -> dict[str, float]:
    """The figures, by name; ``scale`` multiplies the number of games (e.g. 0.1 to try)."""
    out: dict[str, float] = {}
    # Other work on the machine slows the 2-worker runs most: say how busy it was.
    out["tournament: load average at start (1 min)"] = os.getloadavg()[0]
    for agent, n in GAMES.items():
        games = max(20, int(n * scale) // 2 * 2)
        time_match(agent, 20, 1)  # warm-up: imports, first-call caches
        one = time_match(agent, games, 1)
        two = time_match(agent, games, 2)
        out[f"tournament {agent} vs {agent}, 1 worker (games/s)"] = one
        out[f"tournament {agent} vs {agent}, 2 workers (games/s)"] = two
        out[f"tournament {agent} vs {agent}, scaling 1→2 workers"] = two / one
    return out


if __name__ == "__main__":
    print(f"{os.cpu_count()} CPUs")
    for name, value in run().items():
        print(f"{name:55s} {value:8.2f}")
