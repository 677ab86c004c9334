"""``python -m wpp GAME random-games|tournament``: the analysis' commands, for every registered
game that does not bring its own (WarPairsPoker's are :mod:`wpp.warpairs.tournament_cli`).

The command line is built by ``python -m wpp`` (:mod:`wpp.__main__`), which hands
:func:`add_commands` to the core's :func:`wpp.core.cli.add_commands` beside its ``play``: the
core offers the game commands and their shared arguments, the analysis adds these two, and the
core never imports the analysis.

* ``random-games`` plays many games between the game's ``random`` agents and sums them up;
* ``tournament`` plays a tournament of duplicate deals with seat rotations
  (:func:`wpp.analysis.tournament.play_tournament`, the kit's one tournament), here, in
  ``--workers`` local processes or on a Dask ``--scheduler``, and prints each agent's and each
  seat's win rate and mean return with intervals, the game length, choices per decision and
  the game-quality metrics; ``--out`` saves the games table (Parquet or CSV) and the
  decisions beside it.

Both need the analysis extra (pandas), loaded only when one of them runs, so ``python -m wpp
GAME play`` works without it; without it they say so in one line (exit status 2).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from wpp.core.arena import LEADS, MAX_LEAD_PLAYOUTS
from wpp.core.cli import fail, game_arguments, run_setup
from wpp.core.cli_args import add_run_flags, positive_int, probability, whole_number
from wpp.core.errors import WppError
from wpp.core.registry import default_agent, game_def, registered_agents

__all__ = ["add_commands"]


def add_commands(sub: Any, game: str) -> None:
    """Add ``random-games`` and ``tournament`` for ``game`` to ``sub``."""
    agents = ", ".join(registered_agents(game))
    r = sub.add_parser("random-games", help="play many games between random agents and sum "
                       "them up")
    game_arguments(r, game, 0)
    r.add_argument("--games", type=positive_int, default=1000, help="how many (default 1,000)")
    r.set_defaults(func=_random_games)

    t = sub.add_parser("tournament", help="a match of duplicate deals, seats rotated, with "
                       "intervals")
    game_arguments(t, game, 0)
    t.add_argument("--agents", default=None,
                   help=f"one of {agents} per seat, comma-separated (default: "
                   f"{default_agent(game)} against random)")
    t.add_argument("--games", type=positive_int, default=200,
                   help="deals (each played once per seat rotation; default 200)")
    t.add_argument("--no-duplicate", dest="duplicate", action="store_false",
                   help="each deal once, the seating rotating from deal to deal")
    t.add_argument("--confidence", type=probability, default=0.95,
                   help="confidence level of the intervals (default 0.95)")
    add_run_flags(t)
    t.add_argument("--lead", choices=LEADS, default="game",
                   help="where the lead estimates (drama, security, spread) come from: the "
                   "game's own, random playouts (slow), or none (default game)")
    t.add_argument("--playouts", type=whole_number(1, MAX_LEAD_PLAYOUTS), default=10,
                   help="playouts per estimate with --lead playouts (default 10, at most 10,000)")
    t.set_defaults(func=_tournament)


def _analysis() -> Any:
    """The analysis modules (pandas and friends), loaded only when a command needs them."""
    from wpp.analysis import io, report, stats, tournament

    return io, report, stats, tournament


def _random_games(args: argparse.Namespace) -> int:
    if "random" not in registered_agents(args.game):
        return fail(args, f"{game_def(args.game).title} has no random agent")
    try:
        _n, names, flags = run_setup(args, ["random"])
        _io, report, stats, tournament = _analysis()
    except WppError as err:
        return fail(args, str(err))
    except ImportError as err:
        return fail(args, f"{err}; it needs the analysis extra (pip install -e '.[analysis]')")
    start = time.perf_counter()
    result = tournament.play_tournament(args.game, names, args.games, args.seed,
                                        duplicate=False, lead="none", progress=False, **flags)
    elapsed = time.perf_counter() - start
    print(f"{args.games:,} random games in {elapsed:.1f} s "
          f"({args.games / elapsed if elapsed else 0:,.0f} games/s)\n")
    tables = {"seats": stats.seat_table(result.seats),
              "game length": stats.game_length(result.games).to_frame().T}
    print(report.format_summary(tables))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    try:
        _n, names, flags = run_setup(args, [default_agent(args.game), "random"])
        if not args.agents and len(set(names)) == 1:
            raise WppError("--agents: name the agents to compare")
        io, report, _stats, tournament = _analysis()
        if args.out is not None:
            io.table_format(args.out)
    except (WppError, ValueError) as err:
        return fail(args, str(err))
    except ImportError as err:
        return fail(args, f"{err}; it needs the analysis extra (pip install -e '.[analysis]')")
    start = time.perf_counter()
    try:
        result = tournament.play_tournament(
            args.game, names, args.games, args.seed, duplicate=args.duplicate,
            workers=args.workers, scheduler=args.scheduler, chunk_size=args.chunk_size,
            lead=args.lead, playouts=args.playouts, progress=args.progress, **flags)
    except OSError as err:  # e.g. no Dask scheduler at that address
        print(f"python -m wpp {args.game}: {err}", file=sys.stderr)
        return 1
    except WppError as err:  # refused by the tournament's own checks, before any game
        return fail(args, str(err))
    elapsed = time.perf_counter() - start
    where = (f"Dask at {args.scheduler}" if args.scheduler
             else f"{args.workers} worker{'s' if args.workers > 1 else ''}")
    print(f"{game_def(args.game).title} tournament — {', '.join(names)}: "
          f"{len(result.games):,} games in {elapsed:.1f} s ({where}), deals from {args.seed}"
          f"{' (duplicate deals, seats rotated)' if args.duplicate else ''}; intervals at "
          f"{args.confidence:.0%}\n")
    print(report.format_summary(report.summary(result, args.confidence)))
    if args.out is not None:
        from wpp.analysis.match import decisions_path

        result.save(args.out)
        print(f"\nsaved {args.out} ({len(result.games)} games) and "
              f"{decisions_path(args.out)} ({len(result.decisions)} decisions)")
    return 0
