"""Speed of the standard poker evaluator (:mod:`wpp.poker.ranking`), against ``treys`` on the
same hands in the same run.

``python -m benchmarks.classic`` prints the figures; ``python -m benchmarks`` (the project's
benchmark) calls :func:`run`. Each figure is the best of five interleaved repeats (the least
disturbed by other work on the machine), in evaluations per second:

* ``classic_eval5_per_s`` -- :func:`~wpp.poker.ranking.strength5` on 5-card hands;
* ``classic_evaluate_per_s`` -- the checked :func:`~wpp.poker.ranking.evaluate`, which
  also validates the cards and returns the named :class:`~wpp.poker.ranking.HandValue`;
* ``classic_best7_per_s`` -- :func:`~wpp.poker.ranking.best_strength` on 7 cards;
* ``treys_eval5_per_s`` / ``treys_best7_per_s`` -- ``treys.Evaluator.evaluate`` on the same
  hands, already converted to treys' card integers (the conversion is not timed);
* ``treys_core5_per_s`` -- treys' unchecked 5-card core ``Evaluator._five``, the fairest
  peer of ``strength5``;
* ``eval5_speedup`` / ``best7_speedup`` -- ours divided by treys'.

The treys figures are missing from the result (and :func:`main` says so) when treys is not
installed; it is in the ``bench`` extra.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from wpp.core.standard_deck import CARDS, Card
from wpp.poker.ranking import best_strength, evaluate, strength5

__all__ = ["main", "run"]

_REPEATS = 5


def _rates(loops: dict[str, tuple[Callable[[], object], int]], repeats: int) -> dict[str, float]:
    """Items per second of each ``loop()`` (which evaluates ``n`` items), best of ``repeats``.

    The repeats are interleaved (ours, treys, ours, treys, ...), so that a burst of other work
    on the machine hurts both sides alike rather than one. Each loop calls its evaluator
    directly (no wrapper function per item), so that neither side pays for the harness.
    """
    best = dict.fromkeys(loops, float("inf"))
    for _ in range(repeats):
        for name, (loop, _n) in loops.items():
            start = time.perf_counter()
            loop()
            best[name] = min(best[name], time.perf_counter() - start)
    return {
        name: n / best[name] if best[name] > 0 else float("inf") for name, (_, n) in loops.items()
    }


def _treys() -> Any | None:
    try:
        import treys  # type: ignore[import-untyped]
    except ImportError:
        return None
    return treys


def run(n: int = 100_000, seed: int = 2024, *, quick: bool = False) -> dict[str, float]:
    """Time ``n`` random 5-card hands and ``n // 4`` random 7-card hands through both evaluators.

    Returns evaluations per second by name (see the module docstring); the treys entries are
    absent when treys is not installed. ``quick`` (``python -m benchmarks --quick``) caps
    ``n`` at 20,000 for a smoke run.

    >>> figures = run(2000)
    >>> figures["classic_eval5_per_s"] > 0 and figures["classic_best7_per_s"] > 0
    True
    """
    if quick:
        n = min(n, 20_000)
    rng = random.Random(seed)
    fives: list[tuple[Card, ...]] = [tuple(rng.sample(CARDS, 5)) for _ in range(n)]
    sevens: list[tuple[Card, ...]] = [tuple(rng.sample(CARDS, 7)) for _ in range(max(1, n // 4))]
    loops: dict[str, tuple[Callable[[], object], int]] = {
        "classic_eval5_per_s": (lambda: [strength5(h) for h in fives], len(fives)),
        "classic_evaluate_per_s": (lambda: [evaluate(h) for h in fives], len(fives)),
        "classic_best7_per_s": (lambda: [best_strength(h) for h in sevens], len(sevens)),
    }
    treys = _treys()
    if treys is not None:
        names = [("23456789TJQKA"[c >> 2]) + "dchs"[c & 3] for c in range(52)]
        ints = [treys.Card.new(name) for name in names]
        ev = treys.Evaluator()
        t5 = [[ints[c] for c in h] for h in fives]
        t7 = [([ints[c] for c in h[:2]], [ints[c] for c in h[2:]]) for h in sevens]
        no_board: list[int] = []
        evaluate5, five = ev.evaluate, ev._five
        loops["treys_eval5_per_s"] = (lambda: [evaluate5(h, no_board) for h in t5], len(t5))
        loops["treys_core5_per_s"] = (lambda: [five(h) for h in t5], len(t5))
        loops["treys_best7_per_s"] = (lambda: [evaluate5(h, b) for h, b in t7], len(t7))
    out = _rates(loops, 2 if quick else _REPEATS)
    if treys is not None:
        out["eval5_speedup"] = out["classic_eval5_per_s"] / out["treys_eval5_per_s"]
        out["best7_speedup"] = out["classic_best7_per_s"] / out["treys_best7_per_s"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of :func:`run` (``python -m benchmarks.classic [N]``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    n = int(args[0]) if args else 200_000
    figures = run(n)
    print(f"classic poker evaluator, {n:,} random 5-card hands, {max(1, n // 4):,} 7-card hands")
    for key, value in figures.items():
        unit = "x" if key.endswith("speedup") else "/s"
        print(f"  {key:<24} {value:>14,.{2 if unit == 'x' else 0}f} {unit}")
    if "treys_eval5_per_s" not in figures:
        print("  treys is not installed: no comparison (pip install 'wpp[bench]')")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
