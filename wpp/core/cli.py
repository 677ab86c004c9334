"""``python -m wpp GAME play|random-games|tournament``: the command line every registered game
gets from the shared protocol alone (WarPairsPoker's own commands are richer; see
:mod:`wpp.warpairs.cli`).

* ``play`` prints a seeded game between agents, action by action, as an onlooker who sees
  every card (``--explain``: each agent's reasoning first);
* ``random-games`` plays many games between the game's ``random`` agents and sums them up;
* ``tournament`` plays a tournament of duplicate deals with seat rotations
  (:func:`wpp.analysis.tournament.play_tournament`, the kit's one tournament), here, in
  ``--workers`` local processes or on a Dask ``--scheduler``, and prints each agent's and each
  seat's win rate and mean return with intervals, the game length, choices per decision and
  the game-quality metrics; ``--out`` saves the games table (Parquet or CSV) and the
  decisions beside it. These two need the analysis extra (pandas).

Rule flags are ``--rule name=value`` (repeatable); every bad argument is refused before a
game is played, with exit status 2 and one line naming it.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from typing import Any, Final

from wpp.core.arena import LEADS, MAX_LEAD_PLAYOUTS
from wpp.core.checks import check_seed, fold_seed
from wpp.core.cli_args import (
    add_run_flags,
    positive_int,
    probability,
    rule_flag,
    seed_arg,
    whole_number,
)
from wpp.core.errors import WppError
from wpp.core.history import seat_name
from wpp.core.registry import (
    default_agent,
    game_def,
    make_agent,
    new_game,
    registered_agents,
    registration,
)

__all__ = ["PLAY_SEED", "add_commands", "add_game_commands"]

#: ``play``'s deal without ``--seed`` when agents play it (an onlooker's example game: the
#: same every time). A person playing a game's own terminal game gets a secret seed instead.
PLAY_SEED: Final = 1


def add_game_commands(sub: Any, game: str) -> None:
    """Add ``game``'s commands to ``sub``: its registration's own ``COMMANDS(sub)`` if it
    names them (WarPairsPoker's richer play, random-games and tournament), else the generic
    ones of :func:`add_commands`."""
    own = getattr(registration(game), "COMMANDS", None)
    if own is not None:
        own(sub)
    else:
        add_commands(sub, game)


def add_commands(sub: Any, game: str) -> None:
    """Add ``play``, ``random-games`` and ``tournament`` for ``game`` to ``sub``."""
    definition = game_def(game)
    agents = ", ".join(registered_agents(game))
    seats = (f"{definition.min_players}" if definition.min_players == definition.max_players
             else f"{definition.min_players} to {definition.max_players}")

    def common(p: argparse.ArgumentParser, seed: int, secret: bool = False) -> None:
        # ``secret``: without --seed, a game a person plays in the terminal (the game's own
        # play) is dealt from a secret seed; agents' games keep the fixed default deal.
        p.add_argument("--seed", type=seed_arg, default=None if secret else seed,
                       help=f"the (first) deal, 0 to 2**63 - 1 (default {seed}"
                       + ("; a secret deal when you play in the terminal)" if secret else ")"))
        p.add_argument("--players", type=positive_int, default=None,
                       help=f"{seats} (default {definition.default_players})")
        p.add_argument("--rule", type=rule_flag, action="append", default=[],
                       metavar="NAME=VALUE", help="a rule flag of the game (repeatable)")
        p.set_defaults(game=game)

    own = getattr(registration(game), "PLAY", None)
    p = sub.add_parser("play", help="print a seeded game between agents, action by action")
    common(p, PLAY_SEED, secret=own is not None)
    p.add_argument("--agents", default=None,
                   help=f"one of {agents} per seat, comma-separated; with --players, the "
                   f"last fills the remaining seats (default: {default_agent(game)} in every "
                   "seat)")
    p.add_argument("--explain", action="store_true", help="print each decision's reasoning")
    p.set_defaults(func=_play)
    if own is not None:  # the registration module's own play: own.run(args, fallback=_play)
        own.add_arguments(p)
        p.set_defaults(func=functools.partial(own.run, fallback=_play))

    r = sub.add_parser("random-games", help="play many games between random agents and sum "
                       "them up")
    common(r, 0)
    r.add_argument("--games", type=positive_int, default=1000, help="how many (default 1,000)")
    r.set_defaults(func=_random_games)

    t = sub.add_parser("tournament", help="a match of duplicate deals, seats rotated, with "
                       "intervals")
    common(t, 0)
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


def _fail(args: argparse.Namespace, message: str) -> int:
    print(f"python -m wpp {args.game}: error: {message}", file=sys.stderr)
    return 2


def _setup(args: argparse.Namespace, default: list[str] | None = None
           ) -> tuple[int, list[str], dict[str, Any]]:
    """The player count, one agent name per seat and the rule flags, all checked (a
    ``WppError`` names what is wrong)."""
    definition = game_def(args.game)
    flags = dict(args.rule)
    definition.rules(**flags)
    given = getattr(args, "agents", None)
    names = [n.strip() for n in given.split(",")] if given is not None else None
    if names is not None and not any(names):  # --agents '' used to mean the default agents
        raise WppError(f"--agents names no agent ({given!r:.40}); choose from "
                       f"{', '.join(registered_agents(args.game))}")
    n = args.players or (len(names) if names else definition.default_players)
    if not definition.min_players <= n <= definition.max_players:
        raise WppError(f"{definition.title} is for {definition.min_players} to "
                       f"{definition.max_players} players, not {n}")
    if names is None:
        base = default or [default_agent(args.game)]
        names = [base[i % len(base)] for i in range(n)]
    if len(names) < n and args.players:  # the last agent named fills the remaining seats
        names += [names[-1]] * (n - len(names))
    if len(names) != n:
        raise WppError(f"--agents names {len(names)} agents for {n} players")
    games = getattr(args, "games", 1)
    check_seed(args.seed + games - 1, f"--seed {args.seed} with --games {games}: the last deal's "
               "seed")
    for name in set(names):
        make_agent(args.game, name)
    return n, names, flags


def _play(args: argparse.Namespace) -> int:
    if args.seed is None:  # a game's own play left it open: agents' games keep the default
        args.seed = PLAY_SEED
    try:
        n, names, flags = _setup(args)
    except WppError as err:
        return _fail(args, str(err))
    title = game_def(args.game).title
    history = new_game(args.game, seed=args.seed, players=n, **flags)
    agents = [make_agent(args.game, name, seed=fold_seed(args.seed * 7 + s))
              for s, name in enumerate(names)]
    print(f"{title} — seed {args.seed}: " +
          ", ".join(f"{seat_name(s)} = {name}" for s, name in enumerate(names)) + "\n")
    number = 0
    while not history.is_over:
        p = history.to_act
        view = history.view(p)
        if args.explain:
            decision = agents[p].decide(view)
            print("      " + str(decision.explanation).replace("\n", "\n      "))
            action = decision.action
        else:
            action = agents[p].choose(view)
        event = history.apply(action)
        number += 1
        print(f"{number:4d}. {event.text_for(p)}")  # an onlooker who sees every card
    print(f"\n{history.outcome}")
    print("returns: " + ", ".join(f"{seat_name(s)} {r:+g}"
                                  for s, r in enumerate(history.returns())))
    return 0


def _analysis() -> Any:
    """The analysis modules (pandas and friends), loaded only when a command needs them."""
    from wpp.analysis import io, report, stats, tournament

    return io, report, stats, tournament


def _random_games(args: argparse.Namespace) -> int:
    if "random" not in registered_agents(args.game):
        return _fail(args, f"{game_def(args.game).title} has no random agent")
    try:
        _n, names, flags = _setup(args, ["random"])
        _io, report, stats, tournament = _analysis()
    except WppError as err:
        return _fail(args, str(err))
    except ImportError as err:
        return _fail(args, f"{err}; it needs the analysis extra (pip install -e '.[analysis]')")
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
        _n, names, flags = _setup(args, [default_agent(args.game), "random"])
        if not args.agents and len(set(names)) == 1:
            raise WppError("--agents: name the agents to compare")
        io, report, _stats, tournament = _analysis()
        if args.out is not None:
            io.table_format(args.out)
    except (WppError, ValueError) as err:
        return _fail(args, str(err))
    except ImportError as err:
        return _fail(args, f"{err}; it needs the analysis extra (pip install -e '.[analysis]')")
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
        return _fail(args, str(err))
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
