"""How often the classic AI beats another agent, over seat-swapped games.

Each seed (deal) is played twice, the AI once as P1 and once as P2, so neither the deal nor
the seat favours a side. ``python -m wpp.warpairs.ai.winrate [games] [opponent]`` prints the result
(default: 2,000 games against the random agent).

The interval is the Wilson score interval at 95 % (:func:`wpp.core.intervals.wilson`), which
behaves well near 0 % and 100 % (unlike the normal approximation). Draws (the turn limit,
R20) count as games not won.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from wpp.core.agents import Agent
from wpp.core.checks import fold_seed
from wpp.core.cli_args import KitParser, positive_int
from wpp.core.errors import WppError
from wpp.core.intervals import wilson
from wpp.warpairs import make_agent
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.game import play_game

__all__ = ["WinRate", "main", "win_rate"]


@dataclass(frozen=True, slots=True)
class WinRate:
    """The outcome of a seat-swapped match."""

    games: int
    wins: int
    draws: int
    wins_as_p1: int
    wins_as_p2: int
    opponent: str

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the win rate.

        >>> lo, hi = WinRate(100, 50, 0, 25, 25, "random").interval
        >>> round(lo, 3), round(hi, 3)
        (0.404, 0.596)
        """
        w = wilson(self.wins, self.games)
        return w.low, w.high

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"classic vs {self.opponent}: {self.wins} wins in {self.games} seat-swapped "
                f"games = {self.rate:.2%} (95 % interval {lo:.2%}–{hi:.2%}); as P1 "
                f"{self.wins_as_p1}, as P2 {self.wins_as_p2}, draws {self.draws}")


def win_rate(games: int = 2000, opponent: str = "random", first_seed: int = 0) -> WinRate:
    """Play ``games`` games (``games // 2`` seeds, each with the seats swapped).

    >>> r = win_rate(4)
    >>> r.games, 0 <= r.wins <= 4
    (4, True)
    """
    ai = ClassicAgent()
    wins = draws = p1 = p2 = 0
    seeds = games // 2
    for seed in range(first_seed, first_seed + seeds):
        for seat in (0, 1):
            other: Agent = make_agent(opponent, seed=fold_seed(seed * 2 + 1 - seat))
            agents: list[Agent] = [other, other]
            agents[seat] = ai
            g = play_game(agents, seed, history=False)
            w = g.state.winner
            if w is None:
                draws += 1
            elif w == seat:
                wins += 1
                if seat == 0:
                    p1 += 1
                else:
                    p2 += 1
    return WinRate(2 * seeds, wins, draws, p1, p2, opponent)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wpp.warpairs.ai.winrate [games] [opponent]``; a bad argument is one line
    and exit status 2, checked before any game (``--help`` says so)."""
    parser = KitParser(prog="python -m wpp.warpairs.ai.winrate",
                       description="The classic AI's win rate against an opponent, half "
                       "the games in each seat.")
    parser.add_argument("games", nargs="?", type=positive_int, default=2000,
                        help="games to play (default 2,000)")
    parser.add_argument("opponent", nargs="?", default="random",
                        help="a WarPairsPoker agent (default random)")
    args = parser.parse_args(argv)
    try:
        make_agent(args.opponent)
    except WppError as err:
        parser.error(str(err))
    print(win_rate(args.games, args.opponent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
