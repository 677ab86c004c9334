"""``python -m wpp tournament``: run a match or a round robin and print its statistics.

    python -m wpp tournament --agents classic,random --games 2000 --workers 2 \\
        --out results.parquet
    python -m wpp tournament --agents classic,greedy,random --games 400 \\
        --scheduler tcp://10.0.0.5:8786

Two agents play a match of ``--games`` games; three or more play a round robin with
``--games`` games per pair. Deals are duplicated (each seed twice, seats swapped) unless
``--no-duplicate``. The progress bar goes to stderr, the summary to stdout; ``--out`` saves
the games table (Parquet or CSV by extension) and the decisions table beside it.

:func:`add_parser` is what WarPairsPoker's command line (:mod:`wpp.warpairs.cli`) calls to add
the subcommand.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from wpp.core.agents import Agent
from wpp.core.cli_args import add_run_flags, positive_int, probability, seed_arg
from wpp.core.registry import make_agent, registered_agents
from wpp.warpairs.rule_flags import add_rule_flags, rules_from_args

__all__ = ["add_parser", "main", "rules_from_args"]


_DESCRIPTION = """\
Run a match (two agents) or a round robin (three or more; --games per pair) and print win
rates with 95% Wilson intervals, Bradley-Terry ratings, the first player's advantage, game
length, branching factor and the CardStock game-quality metrics.

Deals are duplicated (each seed played twice, seats swapped) unless --no-duplicate. The
progress bar goes to stderr, the summary to stdout. --out saves the games table (Parquet or
CSV by extension) and the decisions table beside it.

examples:
  python -m wpp tournament --agents classic,random --games 2000 --workers 2 --out results.parquet
  python -m wpp tournament --agents classic,greedy,random --games 400 --scheduler tcp://host:8786
"""


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``tournament`` subcommand to ``python -m wpp``'s subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "tournament", help="run a match or round robin between agents and print statistics",
        description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", default="classic,random",
                   help=f"two or more of {', '.join(agent_names())}, comma-separated "
                   "(default classic,random; 3 or more: a round robin)")
    p.add_argument("--games", type=positive_int, default=200,
                   help="games per match, or per pair in a round robin (default 200; even "
                   "with duplicate deals)")
    p.add_argument("--seed", type=seed_arg, default=0,
                   help="the first deal, 0 to 2**63 - 1 (default 0)")
    p.add_argument("--no-duplicate", dest="duplicate", action="store_false",
                   help="one game per seed, seats alternating (default: each seed twice, "
                   "seats swapped)")
    add_run_flags(p)
    p.add_argument("--confidence", type=probability, default=0.95,
                   help="confidence level of the intervals (default 0.95)")
    add_rule_flags(p)
    p.set_defaults(func=main)
    return p


def main(args: argparse.Namespace) -> int:
    """Run the tournament the arguments describe; 0 on success, 2 on bad arguments."""
    try:  # pandas and friends, loaded only when a tournament runs
        from wpp.analysis.io import table_format
        from wpp.analysis.match import decisions_path
        from wpp.analysis.report import format_summary, summary
        from wpp.analysis.tournament import round_robin, run_match
    except ImportError as err:
        print(f"tournament: {err}; it needs the analysis extra (pip install -e '.[analysis]')",
              file=sys.stderr)
        return 2
    names = [n.strip() for n in args.agents.split(",") if n.strip()]
    try:
        if len(names) < 2:
            raise ValueError(f"--agents needs at least two names, got {args.agents!r}")
        for name in names:
            make(name, 0)  # fail early, here, rather than in every worker
        rules = rules_from_args(args)
        if args.out is not None:
            table_format(args.out)
    except (ValueError, ImportError, AttributeError) as err:
        # AttributeError: wpp.warpairs.ai imports but lacks ClassicAgent (not written yet)
        print(f"tournament: {err}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        if len(names) == 2:
            result = run_match("warpairs", names, args.games, args.seed, duplicate=args.duplicate,
                               rules=rules, workers=args.workers, scheduler=args.scheduler,
                               chunk_size=args.chunk_size, progress=args.progress)
            what = f"{names[0]} vs {names[1]}: {args.games} games"
        else:
            result = round_robin("warpairs", names, args.games, args.seed, duplicate=args.duplicate,
                                 rules=rules, workers=args.workers, scheduler=args.scheduler,
                                 chunk_size=args.chunk_size, progress=args.progress)
            what = f"round robin of {', '.join(names)}: {args.games} games per pair"
    except ValueError as err:
        print(f"tournament: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # e.g. no Dask scheduler at that address
        print(f"tournament: cannot reach the Dask scheduler {args.scheduler}: {err}"
              if args.scheduler else f"tournament: {err}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - start
    n = len(result.games)
    where = (f"Dask at {args.scheduler}" if args.scheduler
             else f"{args.workers} worker{'s' if args.workers > 1 else ''}")
    print(f"WarPairsPoker tournament — {what}, seeds from {args.seed}"
          f"{' (duplicate deals)' if args.duplicate else ''}")
    print(f"{n} games in {elapsed:.1f} s ({n / elapsed if elapsed else 0:.0f} games/s, "
          f"{where}); intervals at {args.confidence:.0%}\n")
    print(format_summary(summary(result, args.confidence)))
    if args.out is not None:
        result.save(args.out)
        print(f"\nsaved {args.out} ({n} games) and {decisions_path(args.out)} "
              f"({len(result.decisions)} decisions)")
    return 0


def agent_names(game: str = "warpairs") -> tuple[str, ...]:
    """Every agent name of ``game`` that :func:`make` accepts."""
    return registered_agents(game)


def make(name: str, seed: int | None = None, game: str = "warpairs") -> Agent:
    """A new agent of ``game`` by name (the registry's)."""
    agent: Agent = make_agent(game, name, seed)
    return agent
