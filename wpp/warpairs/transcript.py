"""A game written out move by move, with both hands after each move: readable, diffable.

The test suite keeps one such transcript (``tests/warpairs/data/playthrough_seed1.txt``) and
regenerates it, so any change to the rules shows up as a readable diff. To accept a change on
purpose: ``python -m wpp.warpairs.transcript 1 > tests/warpairs/data/playthrough_seed1.txt``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from wpp.core.cli_args import KitParser, seed_arg
from wpp.core.standard_deck import format_cards
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.definition import outcome_of
from wpp.warpairs.game import Game, play_game

__all__ = ["main", "random_playthrough", "transcript"]


def transcript(game: Game) -> str:
    """Every event of ``game`` (omniscient narration), each followed by the resulting hands,
    table, pile and deck size."""
    lines = [f"WarPairsPoker transcript — seed {game.seed}, rules {game.rules}"]
    for s, event in zip(game.states[1:], game.events, strict=True):
        lines.append(f"{event.number + 1:4d}. {event.private}")
        table = format_cards(s.table.shown) if s.table is not None else "—"
        lines.append(f"      P1 [{len(s.hands[0]):2d}] {format_cards(s.hands[0])}")
        lines.append(f"      P2 [{len(s.hands[1]):2d}] {format_cards(s.hands[1])}")
        lines.append(f"      table {table} | pile {format_cards(s.pile) or '—'} | deck "
                     f"{len(s.deck)} | discards {len(s.discards)}")
    o = outcome_of(game.state)
    lines.append(f"Result: {o.head} ({o.reason})" if o else "Result: unfinished")
    return "\n".join(lines) + "\n"


def random_playthrough(seed: int) -> str:
    """The transcript of a game between two seeded random agents on deal ``seed``."""
    return transcript(play_game((RandomAgent(seed), RandomAgent(seed + 1)), seed))


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wpp.warpairs.transcript [SEED]``: the transcript on stdout; a bad seed is
    one line and exit status 2 (``--help`` says so)."""
    parser = KitParser(prog="python -m wpp.warpairs.transcript",
                       description="A game between two seeded random agents, move by move, "
                       "with both hands after each move.")
    parser.add_argument("seed", nargs="?", type=seed_arg, default=1,
                        help="the deal, 0 to 2**63 - 1 (default 1)")
    args = parser.parse_args(argv)
    sys.stdout.write(random_playthrough(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
