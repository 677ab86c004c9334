"""A whole game of Pairs as text, for a committed regression file: every action with its
narration, then the table (stacks, score piles, deck and discard sizes) after it.

``python -m wpp.pairs.playthrough SEED PLAYERS`` prints the game of random players on that
seed; ``tests/pairs/test_playthrough.py`` regenerates it and compares with the committed copy,
so a change of rules shows as a readable diff.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from wpp.core.checks import fold_seed
from wpp.core.cli_args import KitParser, positive_int, seed_arg
from wpp.core.errors import WppError
from wpp.core.registry import make_agent, new_game
from wpp.pairs.board import seat_name
from wpp.pairs.cards import format_cards
from wpp.pairs.state import PairsState

__all__ = ["main", "playthrough", "table"]


def table(state: PairsState) -> str:
    """The public table in one line: each seat's stack / score pile (total), the deck and
    the discards."""
    seats = "  ".join(f"{seat_name(s)} [{format_cards(state.hands[s])}] "
                      f"score {sum(state.scores[s])}" for s in range(state.players))
    return (f"{seats}  | deck {len(state.stock)}, burned {len(state.burned)}, "
            f"discards {len(state.discard)}")


def playthrough(seed: int, players: int = 4, **flags: Any) -> str:
    """The game of ``players`` random players (seeded ``seed``, agents ``seed + seat``) as
    text, one block per action."""
    game = new_game("pairs", seed=seed, players=players, **flags)
    agents = [make_agent("pairs", "random", fold_seed(seed + s)) for s in range(players)]
    lines = [f"Pairs, seed {seed}, {players} players, rules {game.game.rules_to_json(game.rules)}",
             f"target {game.state.target}; deal: {table(game.state)}"]
    while not game.is_over:
        seat = game.to_act
        event = game.apply(agents[seat].choose(game.view(seat)))
        lines.append(f"{len(game.actions):3d}. {event.text_for(None)}")
        lines.append(f"     {table(game.state)}")
    lines.append(game.outcome)
    lines.append(f"returns {', '.join(f'{r:.3f}' for r in game.returns())}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wpp.pairs.playthrough SEED [PLAYERS]``: the game as text on stdout; a bad
    argument is one line and exit status 2 (``--help`` says so)."""
    parser = KitParser(prog="python -m wpp.pairs.playthrough",
                       description="A game of Pairs between random players, as text.")
    parser.add_argument("seed", type=seed_arg, help="the deal, 0 to 2**63 - 1")
    parser.add_argument("players", nargs="?", type=positive_int, default=4,
                        help="2 to 6 (default 4)")
    args = parser.parse_args(argv)
    try:
        text = playthrough(args.seed, args.players)
    except WppError as err:
        parser.error(str(err))
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
