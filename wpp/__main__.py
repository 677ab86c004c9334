"""Command line: ``python -m wpp [GAME] play|random-games|tournament …``, and ``python -m wpp
new-game NAME`` (a new game in its own places, from the kit's template: :mod:`wpp.core.scaffold`).

Every registered game has the three commands (``python -m wpp draw tournament …``); without
a game name they are those of the first game in the listings (WarPairsPoker). A game's
registration module may name its own commands (``COMMANDS``, a function that adds them to a
subparser, as WarPairsPoker's :mod:`wpp.warpairs.cli`) or its own ``play`` (``PLAY``); the rest
come from the core (:mod:`wpp.core.cli`: ``play``) and the analysis
(:mod:`wpp.analysis.commands`: ``random-games`` and ``tournament``), joined here, above both,
so that the core does not import the analysis.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from wpp.analysis import commands
from wpp.core import cli
from wpp.core.cli_args import KitParser
from wpp.core.errors import WppError
from wpp.core.registry import game_def, registered_games
from wpp.core.scaffold import game_places, write_game


def build_parser() -> KitParser:
    """The whole command line: the first game's commands without a game name, then each
    registered game's (the tests walk it to try every subcommand)."""
    parser = KitParser(prog="python -m wpp", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="games: " + "; ".join(game_def(g).describe()
                                                    for g in registered_games()))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND or GAME")
    games = registered_games()
    more = (commands.add_commands,)  # the analysis' random-games and tournament
    cli.add_game_commands(sub, games[0], more)
    new = sub.add_parser("new-game", help="write a new game in its own places, from the "
                         "kit's template (a small trick game to change)")
    new.add_argument("name", help="its name: a lower-case identifier (crazy_eights)")
    new.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1],
                     help="the repository to write it into (default: this kit's)")
    new.add_argument("--no-ladder", action="store_true",
                     help="do not measure its ladder's ratings (the tests need them)")
    new.set_defaults(func=_new_game)
    for name in games:
        game_parser = sub.add_parser(name, help=f"{game_def(name).title}: play, random-games "
                                     "or tournament")
        game_commands = game_parser.add_subparsers(dest="game_command", required=True)
        cli.add_game_commands(game_commands, name, more)
    return parser


#: Deals per pair of levels when a new game's ladder is first measured (a few seconds).
LADDER_DEALS = 600


def _new_game(args: argparse.Namespace) -> int:
    """``new-game NAME``: write the game, list its files and what to do next."""
    try:
        written = write_game(args.name, args.root)
    except WppError as err:
        print(f"python -m wpp new-game: error: {err}", file=sys.stderr)
        return 2
    if not args.no_ladder:
        # A fresh process: this one's registry was read before the game existed.
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(args.root), *filter(None, [os.environ.get("PYTHONPATH")])])}
        done = subprocess.run([sys.executable, "-m", "wpp.analysis.ratings", "--game",
                               args.name, "--deals", str(LADDER_DEALS), "--write"],
                              cwd=args.root, env=env, capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            print(f"python -m wpp new-game: error: its ladder was not measured: "
                  f"{done.stderr.strip()[-400:]}", file=sys.stderr)
            return 1
    lesson = next(p.stem for p in written if p.parent.name == "notebooks"
                  and p.stem != args.name)
    print(f"wrote {len(written)} files of the game {args.name!r} in its own places:")
    for place in game_places(args.name, lesson):
        print(f"  {place}")
    print("next: change the rules (rules.md, game.py) with its tests; re-measure its ladder "
          f"(python -m wpp.analysis.ratings --game {args.name} --write); run "
          f"pytest tests/core tests/{args.name}. See docs/architecture.md, \"Adding a game\".")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` and run the command; the exit status (2: a bad argument)."""
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # e.g. piped into `head`
        sys.exit(0)
