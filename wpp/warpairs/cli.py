"""WarPairsPoker's command line: ``python -m wpp [warpairs] play|random-games|tournament``.

``play`` prints a seeded game between two agents move by move, with each agent's reasoning
(``--explain``); ``random-games`` plays many random-vs-random games on the fast path
(:mod:`wpp.warpairs.random_games`) and sums them up; ``tournament`` runs a match and prints its
statistics (:mod:`wpp.warpairs.tournament_cli`, on :mod:`wpp.analysis`). The registration
module names :func:`add_commands` as ``COMMANDS``, so ``python -m wpp`` offers these instead of
the generic commands of :mod:`wpp.core.cli`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from functools import partial
from importlib import import_module
from typing import Any

from wpp.core.agents import Agent
from wpp.core.checks import check_seed, fold_seed
from wpp.core.cli_args import positive_int, seed_arg, worker_count
from wpp.core.registry import registered_agents
from wpp.core.standard_deck import format_cards
from wpp.warpairs import make_agent
from wpp.warpairs.events import Event
from wpp.warpairs.game import Game, play_game
from wpp.warpairs.phases import player_name
from wpp.warpairs.random_games import (
    RandomGameResult,
    play_random_game,
    play_random_games,
    summarize,
)
from wpp.warpairs.rule_flags import add_rule_flags, rules_from_args
from wpp.warpairs.rules import Rules

__all__ = ["add_commands"]


def _play(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.agents.split(",")]
    if len(names) != 2:
        print(f"--agents needs two names separated by a comma, got {args.agents!r}",
              file=sys.stderr)
        return 2
    try:
        agents = [make_agent(n, seed=fold_seed(args.seed * 2 + i)) for i, n in enumerate(names)]
    except (ValueError, ImportError) as err:
        print(f"--agents: cannot make the agents: {err}", file=sys.stderr)
        return 2
    print(f"WarPairsPoker — seed {args.seed}: P1 = {names[0]}, P2 = {names[1]}\n")

    def show(event: Event, agent: Agent) -> None:
        # An onlooker's omniscient narration: the private text names every card.
        print(f"{event.number + 1:4d}. {event.private}")

    if args.explain:
        # Ask each agent for its reasoning before applying, so the story can be printed.
        game = Game(args.seed)
        while not game.is_over:
            p = game.to_act
            decision = agents[p].decide(game.view(p))
            print("      " + str(decision.explanation).replace("\n", "\n      "))
            show(game.apply(decision.action), agents[p])
    else:
        game = play_game(agents, args.seed, on_event=show)
    s = game.state
    print()
    if s.winner is None:
        print(f"Draw: {s.end_reason.value if s.end_reason else 'unfinished'}.")
    else:
        print(f"{player_name(s.winner)} ({names[s.winner]}) wins after {s.actions} actions "
              f"({s.end_reason.value if s.end_reason else ''}).")
    for p in (0, 1):
        print(f"  {player_name(p)} holds {len(s.hands[p])}: {format_cards(s.hands[p]) or '—'}")
    return 0


def _random_chunk(seeds: Sequence[int], rules: Rules) -> list[RandomGameResult]:
    """The random games of some deals (one chunk of work for a worker process)."""
    return [play_random_game(s, rules) for s in seeds]


def _random_games(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
        if args.games < 1 or args.workers < 1:
            raise ValueError("--games and --workers must be at least 1")
        check_seed(args.seed + args.games - 1, f"--seed {args.seed} with --games {args.games}: "
                   "the last deal's seed")
    except ValueError as err:
        print(f"random-games: {err}", file=sys.stderr)
        return 2
    print(f"WarPairsPoker — {args.games:,} random-vs-random games, deals {args.seed:,} to "
          f"{args.seed + args.games - 1:,}\n  {rules}")
    start = time.perf_counter()
    if args.workers == 1:  # the engine alone, no extra needed
        results = list(play_random_games(args.games, args.seed, rules))
    else:  # the tournaments' process pool (the analysis extra), a few blocks per worker
        from wpp.analysis.parallel import map_chunks

        seeds = range(args.seed, args.seed + args.games)
        chunks = map_chunks(partial(_random_chunk, rules=rules), seeds, workers=args.workers,
                            chunk_size=-(-args.games // (4 * args.workers)), progress=False)
        results = [r for chunk in chunks for r in chunk]
    elapsed = time.perf_counter() - start
    print(f"  played in {elapsed:.1f} s ({args.games / elapsed:,.0f} games/s, "
          f"{args.workers} process{'es' if args.workers > 1 else ''})\n")
    print(summarize(results))
    return 0


def add_commands(sub: Any) -> None:
    """WarPairsPoker's play, random-games (its fast path) and tournament (the full analysis)."""
    p = sub.add_parser("play", help="print a seeded game between two agents, move by move")
    p.add_argument("--seed", type=seed_arg, default=1, help="the deal, 0 to 2**63 - 1 (default 1)")
    names = ", ".join(registered_agents("warpairs"))
    p.add_argument("--agents", default="classic,classic",
                   help=f"two of {names}, comma-separated (default classic,classic)")
    p.add_argument("--explain", action="store_true", help="print each decision's reasoning")
    p.set_defaults(func=_play)
    r = sub.add_parser("random-games", help="play many random-vs-random games fast and sum "
                       "them up (who wins, how, how long)")
    r.add_argument("--games", type=positive_int, default=10_000,
                   help="how many (default 10,000)")
    r.add_argument("--seed", type=seed_arg, default=0,
                   help="the first deal, 0 to 2**63 - 1 (default 0)")
    r.add_argument("--workers", type=worker_count, default=1, help="processes (default 1)")
    add_rule_flags(r)
    r.set_defaults(func=_random_games)
    try:
        analysis_cli = import_module("wpp.warpairs.tournament_cli")
    except ImportError:
        analysis_cli = None
    if analysis_cli is not None:
        analysis_cli.add_parser(sub)
