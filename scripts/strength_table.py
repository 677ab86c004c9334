"""Measure the strength table of the README and of the lesson "Beating the classic AI":
each agent against the classic AI in duplicate, seat-swapped matches, written to
``wpp/warpairs/data/strength.json`` (read by :func:`wpp.warpairs.strength.strength_table`).

    nice -n 10 python scripts/strength_table.py            # the stored sizes
    nice -n 10 python scripts/strength_table.py --scale 0.1  # a quick smoke run
    # more deals for one row, added to the stored one (other seeds: a bigger sample)
    nice -n 10 python scripts/strength_table.py --only search "200 playouts" 150 --seed 30300
    # the search rows again (after a change to the search AI), the others kept
    nice -n 10 python scripts/strength_table.py --agents search

The sizes are chosen for a shared 2-core machine: many games for the fast agents, fewer for
the search AI, whose every move costs playouts and replays of the record (its four rows:
about 100 minutes of CPU, 50 minutes with the default 2 workers). Time per move is CPU time,
so a busy machine slows the run but does not change the figures' meaning.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from wpp.core.cli_args import KitParser, out_path, seed_arg, worker_count
from wpp.warpairs.strength import (
    DATA_FILE,
    StrengthRow,
    load_rows,
    measure,
    merge_rows,
    write_rows,
)

#: (agent, deals, options, budget label). Each deal is played twice, seats swapped.
PLAN: tuple[tuple[str, int, dict[str, Any], str], ...] = (
    ("random", 100, {}, "—"),
    ("greedy", 100, {}, "—"),
    ("counting", 3000, {}, "—"),
    ("search", 200, {"playouts": 50}, "50 playouts"),
    ("search", 300, {"playouts": 200}, "200 playouts"),
    ("search", 300, {"seconds": 0.1}, "0.1 s per move"),
    ("search", 250, {"seconds": 1.0}, "1 s per move"),
)


def probability_or_more(text: str) -> float:
    """A match-size factor: a number above 0 and at most 100."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= 100:
        raise argparse.ArgumentTypeError(f"must be a number above 0 and at most 100, not "
                                         f"{text!r:.40}")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = KitParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=probability_or_more, default=1.0,
                        help="multiply every match size (more than 0, at most 100)")
    parser.add_argument("--seed", type=seed_arg, default=30_000)
    parser.add_argument("--workers", type=worker_count, default=2,
                        help="processes sharing the deals (the results do not depend on it)")
    parser.add_argument("--agents", nargs="*", metavar="AGENT",
                        help="measure only these agents' rows, keeping the stored others")
    parser.add_argument("--out", type=lambda text: Path(out_path(text)),
                        default=Path(__file__).resolve().parents[1] / "wpp" / "warpairs"
                        / "data" / DATA_FILE)
    parser.add_argument("--only", nargs=3, metavar=("AGENT", "BUDGET", "DEALS"),
                        help="measure one row of the plan on DEALS more deals and add them to "
                        "the stored row (use a --seed past the deals already played)")
    args = parser.parse_args(argv)
    if args.only:
        agent, budget, deals = args.only
        stored = load_rows()
        i = next(i for i, r in enumerate(stored) if (r.agent, r.budget) == (agent, budget))
        options = next(o for a, _, o, b in PLAN if (a, b) == (agent, budget))
        row = measure(agent, "classic", int(deals), args.seed, options=options, budget=budget,
                      workers=args.workers)
        print(f"{agent} {budget}: {row.games} more games, {row.wins} wins, "
              f"{row.seconds_per_move * 1e3:.1f} ms/move, load {row.load}", flush=True)
        stored[i] = merge_rows(stored[i], row)
        write_rows(stored, args.out)
        print(f"written: {args.out}")
        return 0
    rows: list[StrengthRow] = []
    kept = {(r.agent, r.budget): r for r in load_rows()} if args.agents else {}
    for agent, deals, options, budget in PLAN:
        if args.agents and agent not in args.agents:
            if (agent, budget) in kept:
                rows.append(kept[(agent, budget)])
            continue
        n = max(1, round(deals * args.scale))
        row = measure(agent, "classic", n, args.seed, options=options, budget=budget,
                      workers=args.workers)
        d = row.as_dict()
        print(f"{agent:<9} {budget:<13} {row.games:>5} games  score {d['score']:.3f} "
              f"[{d['low']:.3f}, {d['high']:.3f}]  {row.seconds_per_move * 1e3:.1f} ms/move  "
              f"load {row.load}", flush=True)
        rows.append(row)
    write_rows(rows, args.out)
    print(f"written: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
