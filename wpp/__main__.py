"""Command line: ``python -m wpp [GAME] play|random-games|tournament …``.

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
import sys
from collections.abc import Sequence

from wpp.analysis import commands
from wpp.core import cli
from wpp.core.cli_args import KitParser
from wpp.core.registry import game_def, registered_games


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
    for name in games:
        game_parser = sub.add_parser(name, help=f"{game_def(name).title}: play, random-games "
                                     "or tournament")
        game_commands = game_parser.add_subparsers(dest="game_command", required=True)
        cli.add_game_commands(game_commands, name, more)
    return parser


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
