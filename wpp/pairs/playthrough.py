"""A whole game of Pairs as text, for a committed regression file: every action with its
narration, then the table (stacks, score piles, deck and discard sizes) after it.

``python -m wpp.pairs.playthrough SEED PLAYERS`` prints the game of random players on that
seed; ``tests/pairs/test_playthrough.py`` regenerates it and compares with the committed copy,
so a change of rules shows as a readable diff.
"""

from __future__ import annotations

import sys
from typing import Any

from wpp.core.checks import fold_seed
from wpp.core.registry import make_agent, new_game
from wpp.pairs.board import seat_name
from wpp.pairs.cards import format_cards
from wpp.pairs.state import PairsState

__all__ = ["playthrough", "table"]


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


if __name__ == "__main__":  # pragma: no cover - a command for regenerating the file
    sys.stdout.write(playthrough(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2
                                 else 4))
