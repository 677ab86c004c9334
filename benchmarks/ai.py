"""Speed of the classic AI: ``python -m benchmarks.ai`` prints the figures, and the project's
benchmark (``python -m benchmarks``) calls :func:`run`.

Figures (microseconds unless named otherwise):

* ``ai_mulligan_us`` — one mulligan with its explanation (16 random cards);
  ``ai_mulligan_fast_us`` — the same without the explanation (what simulations use);
* ``ai_segment13_us`` / ``ai_segment20_us`` — the segment of a random 13- / 20-card hand;
* ``ai_decision_median_us`` / ``ai_decision_p99_us`` — one decision of ``ClassicAgent.decide``
  *with its explanation*, over every decision of ``n_games`` classic-vs-classic games
  (mulligans, leads, answers and draws); the target is a median under 2 ms;
* ``ai_games_per_s`` — whole classic-vs-classic games per second through the fast path
  (``choose``, no history), deal to end.

Averages are the best of a few repeats. Each decision is timed three times and the fastest
kept, with the garbage collector paused as :mod:`timeit` does: on a shared machine a single
timing often includes milliseconds of waiting for the processor, which is not the AI's cost.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.mulligan import mulligan, mulligan_cards
from wpp.warpairs.ai.segment import segments_of
from wpp.warpairs.game import Game, play_game

__all__ = ["main", "run"]

_REPEATS = 3


def _per_call_us(f: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Mean microseconds per call of ``f`` over ``items``, best of a few repeats."""
    best = float("inf")
    for _ in range(_REPEATS):
        start = time.perf_counter()
        for item in items:
            f(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def _hands(n: int, size: int, rng: random.Random) -> list[tuple[Card, ...]]:
    return [tuple(sorted(rng.sample(CARDS, size))) for _ in range(n)]


def _decision_times(n_games: int, seed: int) -> list[float]:
    ai = ClassicAgent()
    times: list[float] = []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for s in range(seed, seed + n_games):
            g = Game(s, history=False)
            while not g.is_over:
                view = g.view(g.to_act)
                best = float("inf")
                for _ in range(_REPEATS):
                    start = time.perf_counter()
                    decision = ai.decide(view)
                    best = min(best, time.perf_counter() - start)
                times.append(best)
                g.apply(decision.action)
    finally:
        if enabled:
            gc.enable()
    return times


def run(n_games: int = 200, seed: int = 2024) -> dict[str, float]:
    """Measure the figures of the module docs; ``n_games`` games for the decision times and
    for games per second.

    >>> figures = run(4)
    >>> sorted(figures)  # doctest: +NORMALIZE_WHITESPACE
    ['ai_decision_median_us', 'ai_decision_p99_us', 'ai_games_per_s', 'ai_mulligan_fast_us',
     'ai_mulligan_us', 'ai_segment13_us', 'ai_segment20_us']
    """
    rng = random.Random(seed)
    n = max(50, n_games)
    sixteen = _hands(n, 16, rng)
    out: dict[str, float] = {
        "ai_mulligan_us": _per_call_us(mulligan, sixteen),
        "ai_mulligan_fast_us": _per_call_us(mulligan_cards, sixteen),
        "ai_segment13_us": _per_call_us(segments_of, _hands(4 * n, 13, rng)),
        "ai_segment20_us": _per_call_us(segments_of, _hands(4 * n, 20, rng)),
    }
    times = sorted(_decision_times(n_games, seed))
    out["ai_decision_median_us"] = statistics.median(times) * 1e6
    out["ai_decision_p99_us"] = times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6
    ai = ClassicAgent()
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        for s in range(seed, seed + n_games):
            play_game((ai, ai), seed=s, history=False)
        best = min(best, time.perf_counter() - start)
    out["ai_games_per_s"] = n_games / best if best > 0 else float("inf")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures: ``python -m benchmarks.ai [n_games]``."""
    args = list(sys.argv[1:] if argv is None else argv)
    n_games = int(args[0]) if args else 200
    figures = run(n_games)
    labels = {
        "ai_mulligan_us": "mulligan, explained (µs)",
        "ai_mulligan_fast_us": "mulligan, no explanation (µs)",
        "ai_segment13_us": "segment, 13 cards (µs)",
        "ai_segment20_us": "segment, 20 cards (µs)",
        "ai_decision_median_us": "decision with explanation, median (µs)",
        "ai_decision_p99_us": "decision with explanation, 99th percentile (µs)",
        "ai_games_per_s": "classic vs classic, games per second",
    }
    print(f"classic AI — {n_games} games")
    for key, label in labels.items():
        print(f"  {label:<50} {figures[key]:>10,.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
