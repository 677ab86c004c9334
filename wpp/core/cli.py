"""``python -m wpp GAME play``: the command the core gives every registered game from the
shared protocol alone (WarPairsPoker's own commands are richer; see :mod:`wpp.warpairs.cli`),
and the game arguments and checks every game command shares.

* ``play`` prints a seeded game between agents, action by action, as an onlooker who sees
  every card (``--explain``: each agent's reasoning first);
* further commands are added by whoever builds the command line: :func:`add_commands` takes
  them as ``more`` (``python -m wpp`` passes the analysis' ``random-games`` and
  ``tournament``, :mod:`wpp.analysis.commands`), so the core imports no analysis.

Rule flags are ``--rule name=value`` (repeatable); every bad argument is refused before a
game is played, with exit status 2 and one line naming it.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from wpp.core.checks import check_seed, fold_seed
from wpp.core.cli_args import positive_int, rule_flag, seed_arg
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

__all__ = ["PLAY_SEED", "AddCommands", "add_commands", "add_game_commands", "fail",
           "game_arguments", "run_setup"]

#: ``play``'s deal without ``--seed`` when agents play it (an onlooker's example game: the
#: same every time). A person playing a game's own terminal game gets a secret seed instead.
PLAY_SEED: Final = 1

#: A function adding commands for a game to a subparser: ``add(sub, game)``.
AddCommands = Callable[[Any, str], None]


def add_game_commands(sub: Any, game: str, more: Sequence[AddCommands] = ()) -> None:
    """Add ``game``'s commands to ``sub``: its registration's own ``COMMANDS(sub)`` if it
    names them (WarPairsPoker's richer play, random-games and tournament), else the generic
    ones of :func:`add_commands` (with ``more``)."""
    own = getattr(registration(game), "COMMANDS", None)
    if own is not None:
        own(sub)
    else:
        add_commands(sub, game, more)


def game_arguments(p: argparse.ArgumentParser, game: str, seed: int, secret: bool = False
                   ) -> None:
    """Give ``p`` the arguments every game command takes: ``--seed`` (default ``seed``),
    ``--players`` and ``--rule``; ``secret``: without --seed, a game a person plays in the
    terminal (the game's own play) is dealt from a secret seed, while agents' games keep the
    fixed default deal."""
    definition = game_def(game)
    seats = (f"{definition.min_players}" if definition.min_players == definition.max_players
             else f"{definition.min_players} to {definition.max_players}")
    p.add_argument("--seed", type=seed_arg, default=None if secret else seed,
                   help=f"the (first) deal, 0 to 2**63 - 1 (default {seed}"
                   + ("; a secret deal when you play in the terminal)" if secret else ")"))
    p.add_argument("--players", type=positive_int, default=None,
                   help=f"{seats} (default {definition.default_players})")
    p.add_argument("--rule", type=rule_flag, action="append", default=[],
                   metavar="NAME=VALUE", help="a rule flag of the game (repeatable)")
    p.set_defaults(game=game)


def add_commands(sub: Any, game: str, more: Sequence[AddCommands] = ()) -> None:
    """Add ``play`` for ``game`` to ``sub``, then the commands each of ``more`` adds."""
    agents = ", ".join(registered_agents(game))
    own = getattr(registration(game), "PLAY", None)
    p = sub.add_parser("play", help="print a seeded game between agents, action by action")
    game_arguments(p, game, PLAY_SEED, secret=own is not None)
    p.add_argument("--agents", default=None,
                   help=f"one of {agents} per seat, comma-separated; with --players, the "
                   f"last fills the remaining seats (default: {default_agent(game)} in every "
                   "seat)")
    p.add_argument("--explain", action="store_true", help="print each decision's reasoning")
    p.set_defaults(func=_play)
    if own is not None:  # the registration module's own play: own.run(args, fallback=_play)
        own.add_arguments(p)
        p.set_defaults(func=functools.partial(own.run, fallback=_play))
    for add in more:
        add(sub, game)


def fail(args: argparse.Namespace, message: str) -> int:
    """Print ``message`` as the command's error (one line) and return exit status 2."""
    print(f"python -m wpp {args.game}: error: {message}", file=sys.stderr)
    return 2


def run_setup(args: argparse.Namespace, default: list[str] | None = None
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
        n, names, flags = run_setup(args)
    except WppError as err:
        return fail(args, str(err))
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
