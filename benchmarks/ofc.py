"""Speed of OFC rollouts: the kit's vectorised rollouts against pyOFC's loop with ``treys``.

The workload is pyOFC's opening decision: a 5-card hand with no pair and no flush draw (so
all 232 candidates stay after pruning), passes of one random completion of every candidate,
each valued as pyOFC values it (the sum of the rows' Deuces ranks, or the weighted foul).

* ``ofc_rollouts_per_s`` — :func:`wpp.ofc.pyofc.run_rollouts` (numpy look-up tables built
  from the kit's evaluator, every rollout of a batch of passes at once);
* ``treys_loop_rollouts_per_s`` — the same loop written the way pyOFC writes it, one
  rollout at a time in Python: ``random.sample`` of the unseen cards, the board filled top
  first, each row evaluated by ``treys`` (the 3-card top padded to five as pyOFC pads it),
  the foul check, the sum, pyOFC's running-average update;
* ``rollout_speedup`` — ours divided by the treys loop's (the goal is ≥ 10).

and the strength of the ``expected`` AI against ``pyofc`` (:func:`strength`): duplicate
deals (each played twice, seats swapped, the same cards) at a CPU-time budget per move for
both, at 4 ms and at 8 ms — points per hand for ``expected`` with a 95% interval, the deals,
the CPU milliseconds each side actually used per move with a choice, the fouls, and the
machine's load (``os.getloadavg``) before and after. Budgets are the thread's CPU time, so
a loaded machine plays the same games per budget; only the wall clock stretches.

By default the match is small (``OFC_DEALS``, 20 deals per budget); the README's rows are
``OFC_DEALS=1000 python -m benchmarks --only ofc`` (or ``python -m benchmarks.ofc --deals
1000``; ``OFC_MOVE_MS=4,8`` chooses the budgets, ``OFC_SEED`` the first deal's seed,
100,000).

``python -m benchmarks.ofc`` prints them; ``python -m benchmarks`` includes them.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np

from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.ofc.board import EMPTY_BOARD, Board
from wpp.ofc.candidates import candidates
from wpp.ofc.match import duplicate_match
from wpp.ofc.pyofc import run_rollouts

__all__ = ["main", "run", "strength"]

#: pyOFC's opening in the benchmark: no pair, no flush draw (232 candidates).
OPENING = "2S 5D 8C JH KS"
#: The strength match's defaults: deals per budget, budgets (ms of CPU per move), first seed.
DEALS, MOVE_MS, SEED = 20, (4.0, 8.0), 100_000


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def strength(deals: int = DEALS, move_ms: Sequence[float] = MOVE_MS, seed: int = SEED,
             progress: int = 0) -> dict[str, Any]:
    """``expected`` against ``pyofc``: ``deals`` duplicate deals (seeds ``seed``…) at each
    budget of ``move_ms`` milliseconds of CPU per move, the same for both.

    >>> f = strength(deals=2, move_ms=(1.0,))
    >>> f["1 ms: deals"].split(" (")[0], isinstance(f["1 ms: expected points per hand"], float)
    ('2', True)
    """
    out: dict[str, Any] = {}
    for ms in move_ms:
        before, start = _load(), time.perf_counter()
        r = duplicate_match("expected", "pyofc", deals, seed, move_time=ms / 1000,
                            progress=progress)
        iv = r.interval()
        tag = f"{ms:g} ms"
        out[f"{tag}: expected points per hand"] = iv.estimate
        out[f"{tag}: 95% interval"] = f"[{iv.low:+.2f}, {iv.high:+.2f}]"
        out[f"{tag}: deals"] = f"{r.deals} ({2 * r.deals} hands, seats swapped), seeds " \
                               f"{seed}..{seed + deals - 1}"
        out[f"{tag}: CPU ms per move with a choice, expected / pyofc"] = (
            f"{1000 * r.time_per_choice('expected'):.2f} / "
            f"{1000 * r.time_per_choice('pyofc'):.2f}")
        out[f"{tag}: CPU ms per move, all moves, expected / pyofc"] = (
            f"{1000 * r.time_per_move('expected'):.2f} / {1000 * r.time_per_move('pyofc'):.2f}")
        out[f"{tag}: fouls, expected / pyofc"] = (
            f"{r.foul_rate('expected'):.1%} / {r.foul_rate('pyofc'):.1%}")
        out[f"{tag}: load average 1/5/15 min, before / after"] = f"{before} / {_load()}"
        out[f"{tag}: wall clock s"] = time.perf_counter() - start
    out["date (UTC)"] = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
    out["cores"] = os.cpu_count() or 0
    return out


def _ours(boards: Sequence[Board], deck: Sequence[Card], passes: int) -> Callable[[], int]:
    rng = np.random.default_rng(1)

    def loop() -> int:
        run_rollouts(boards, deck, rng, passes)
        return len(boards) * passes

    return loop


def _treys_loop(boards: Sequence[Board], deck: Sequence[Card], passes: int
                ) -> Callable[[], int] | None:
    try:
        from treys import Card as TreysCard  # type: ignore[import-untyped]
        from treys import Evaluator
    except ImportError:
        return None
    names = [c.ascii.replace("10", "T")[0] + "dchs"[c & 3] for c in CARDS]
    tcard = [TreysCard.new(n) for n in names]
    evaluator = Evaluator()
    five = evaluator._five  # treys' unchecked 5-card core
    ranks = "23456789TJQKA"
    pads: dict[tuple[int, ...], list[int]] = {}

    def pad(top: list[int], rank_of: dict[int, int]) -> list[int]:
        """pyOFC's 3-card evaluation: padded with the two lowest absent ranks making no
        straight, in two suits (memoised per rank multiset, as a lookup table would be)."""
        key = tuple(sorted(rank_of[c] for c in top))
        extra = pads.get(key)
        if extra is None:
            absent = [r for r in range(13) if r not in key]
            best: tuple[int, list[int]] | None = None
            for i, a in enumerate(absent):
                for b in absent[i + 1:]:  # three suits, then two others: never a flush
                    cards = [TreysCard.new(ranks[r] + "dcs"[j]) for j, r in enumerate(key)]
                    cards += [TreysCard.new(ranks[a] + "h"), TreysCard.new(ranks[b] + "d")]
                    score = five(cards)
                    if best is None or score > best[0]:  # treys: higher is weaker
                        best = (score, cards[3:])
            assert best is not None
            extra = pads[key] = best[1]
        return top + extra

    rank_of = {t: c >> 2 for c, t in zip(CARDS, tcard, strict=True)}
    rows = [[[tcard[c] for c in r] for r in b] for b in boards]
    unseen = [tcard[c] for c in deck]
    rng = random.Random(1)
    foul = 3 * 7463

    def loop() -> int:
        ratings = [0] * len(rows)
        for k in range(1, passes + 1):
            for i, (top, middle, bottom) in enumerate(rows):
                need = (3 - len(top), 5 - len(middle), 5 - len(bottom))
                sample = rng.sample(unseen, sum(need))
                t = top + sample[:need[0]]
                m = middle + sample[need[0]:need[0] + need[1]]
                b = bottom + sample[need[0] + need[1]:]
                rt, rm, rb = five(pad(t, rank_of)), five(m), five(b)
                value = rt + rm + rb if rt >= rm >= rb else foul
                ratings[i] = value if k == 1 else ratings[i] + value // (k - 1) + 1
        return len(rows) * passes

    return loop


def run(passes: int = 200, repeats: int = 3, *, quick: bool = False,
        deals: int | None = None) -> dict[str, Any]:
    """Rollouts per second, ours and the treys loop's, best of ``repeats`` interleaved runs
    (the treys loop runs a tenth of the passes: the rate is what counts); then
    :func:`strength` with ``deals`` (default: ``OFC_DEALS`` or :data:`DEALS`; 0 skips it).

    >>> figures = run(passes=10, repeats=1, deals=0)
    >>> figures["ofc_rollouts_per_s"] > 0
    True
    """
    rollouts = _rollouts(passes, repeats, quick=quick)
    if deals is None:
        deals = int(os.environ.get("OFC_DEALS", DEALS))
        if quick:
            deals = min(deals, 4)
    if not deals:
        return rollouts
    ms = tuple(float(x) for x in os.environ.get("OFC_MOVE_MS", "4,8").split(","))
    return {**rollouts, **strength(deals, ms, int(os.environ.get("OFC_SEED", SEED)))}


def _rollouts(passes: int, repeats: int, *, quick: bool) -> dict[str, float]:
    if quick:
        passes, repeats = min(passes, 40), 1
    cards = parse_cards(OPENING)
    cands = candidates(EMPTY_BOARD, cards)
    boards = [p.onto(EMPTY_BOARD) for p in cands]
    deck = [c for c in CARDS if c not in cards]
    loops: dict[str, Callable[[], int]] = {"ofc_rollouts_per_s": _ours(boards, deck, passes)}
    peer = _treys_loop(boards, deck, max(1, passes // 10))
    if peer is not None:
        loops["treys_loop_rollouts_per_s"] = peer
    best = dict.fromkeys(loops, 0.0)
    for _ in range(repeats):
        for name, loop in loops.items():
            start = time.perf_counter()
            n = loop()
            best[name] = max(best[name], n / (time.perf_counter() - start))
    figures: dict[str, float] = {"candidates": float(len(cands)), **best}
    if peer is not None:
        figures["rollout_speedup"] = best["ofc_rollouts_per_s"] / best[
            "treys_loop_rollouts_per_s"]
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of :func:`run` (``python -m benchmarks.ofc [--passes N] [--deals N]
    [--move-ms 4,8] [--seed N] [--progress N]``)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.ofc", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--passes", type=int, default=200, help="rollout passes (speed figures)")
    p.add_argument("--deals", type=int, default=None,
                   help=f"duplicate deals per budget (default OFC_DEALS or {DEALS}; 0: none)")
    p.add_argument("--move-ms", default=None, help="CPU ms per move, comma-separated (4,8)")
    p.add_argument("--seed", type=int, default=None, help=f"first deal's seed ({SEED})")
    p.add_argument("--progress", type=int, default=0, help="print the match every N deals")
    args = p.parse_args(list(sys.argv[1:] if argv is None else argv))
    figures: dict[str, Any] = _rollouts(args.passes, 3, quick=False)
    print(f"OFC rollouts, 5-card opening {OPENING}, all candidates per pass")
    for key, value in figures.items():
        print(f"  {key:<28} {value:>14,.2f}")
    if "treys_loop_rollouts_per_s" not in figures:
        print("  treys is not installed: no comparison (pip install 'wpp[bench]')")
    deals = args.deals if args.deals is not None else int(os.environ.get("OFC_DEALS", DEALS))
    if deals:
        ms = tuple(float(x) for x in (args.move_ms or os.environ.get("OFC_MOVE_MS", "4,8"))
                   .split(","))
        seed = args.seed if args.seed is not None else int(os.environ.get("OFC_SEED", SEED))
        print(f"expected against pyofc, duplicate deals, CPU-time budgets {ms} ms per move")
        for key, value in strength(deals, ms, seed, args.progress).items():
            text = f"{value:+.3f}" if isinstance(value, float) and "points" in key else (
                f"{value:,.1f}" if isinstance(value, float) else str(value))
            print(f"  {key:<60} {text}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
