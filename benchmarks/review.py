"""The game review's speed: how long :func:`wpp.review_game` takes for a whole game.

``python -m benchmarks.review`` prints the figures; ``python -m benchmarks`` calls :func:`run`
(section "Game review").

For WarPairsPoker — the goal is a typical game reviewed in ≤ 20 s on one core at the
default budget — it plays seeded games of the classic AI against itself (the page's
opponent; a learner's games are about as long) and reviews P1's decisions at the default
budget, timing each review in CPU seconds of this process (one core, whatever the load;
the load average is printed too). It reports the median and the slowest review, the
decisions per game and the CPU time per decision, and the same for a weak P1 (random play)
against the classic AI. For every other registered game it times
one review of a default-agent game at the default budget.
"""

from __future__ import annotations

import os
import statistics
import time

from wpp.core.registry import default_agent, make_agent, new_game, registered_games
from wpp.core.review import review_run

__all__ = ["play", "run", "time_review"]


def play(game: str, seed: int, first: str | None = None) -> object:
    """A finished game of ``game`` between its default agents (seeded); ``first``: P1's
    agent instead."""
    h = new_game(game, seed=seed)
    agents = [make_agent(game, (first if s == 0 and first else default_agent(game)),
                         seed=seed * 10 + s) for s in range(h.players)]
    while not h.is_over:
        p = h.to_act
        h.apply(agents[p].choose(h.view(p)))
    return h


def time_review(game: str, seed: int, first: str | None = None) -> tuple[float, int]:
    """CPU seconds of the review of P1's decisions in one seeded game at the default
    budget, and how many decisions it reviewed."""
    t, _, n = time_review_rows(game, seed, first)
    return t, n


def time_review_rows(game: str, seed: int,
                     first: str | None = None) -> tuple[float, float, int]:
    """As :func:`time_review`, with the CPU seconds of its first decision between: when
    the game page lists its first row (it lists each as soon as it is valued)."""
    h = play(game, seed, first)
    start = time.process_time()
    run = review_run(h, 0)  # type: ignore[arg-type]
    run.step()
    first_row = time.process_time() - start
    r = run.run()
    return time.process_time() - start, first_row, len(r.rows)


def run(quick: bool = False) -> dict[str, float | str]:
    """The figures by name. ``quick``: 2 WarPairsPoker games of each line-up instead
    of 8."""
    out: dict[str, float | str] = {"load average at start (1 min)": os.getloadavg()[0]}
    games = 2 if quick else 8
    times, firsts, rows = [], [], []
    for seed in range(games):
        t, f, n = time_review_rows("warpairs", seed)
        times.append(t)
        firsts.append(f)
        rows.append(n)
    out[f"warpairs: review CPU s per game, median of {games}"] = statistics.median(times)
    out["warpairs: review CPU s per game, slowest"] = max(times)
    out[f"warpairs: CPU s until the page lists the first row, median of {games}"] = \
        statistics.median(firsts)
    out["warpairs: CPU s until the first row, slowest"] = max(firsts)
    out["warpairs: decisions reviewed per game (P1), mean"] = statistics.fmean(rows)
    out["warpairs: review CPU ms per decision"] = 1000 * sum(times) / max(1, sum(rows))
    # A weak learner (random play as P1) against the classic AI: longer games for P1?
    weak = [time_review("warpairs", seed, "random") for seed in range(games)]
    out[f"warpairs, random P1 vs classic: review CPU s per game, median of {games}"] = \
        statistics.median(t for t, _ in weak)
    out["warpairs, random P1 vs classic: slowest"] = max(t for t, _ in weak)
    out["warpairs, random P1 vs classic: decisions per game, mean"] = statistics.fmean(
        n for _, n in weak)
    for game in registered_games():
        if game == "warpairs":
            continue
        t, n = time_review(game, 0)
        out[f"{game}: review CPU s per game ({n} decisions)"] = t
    return out


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}: {value:.3f}" if isinstance(value, float) else f"{name}: {value}")
