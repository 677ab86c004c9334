"""Matches between agents over any registered game and any player count: duplicate deals
with seat rotations, per-agent results with confidence intervals. The standard library only
(no pandas), so every game's command line can run it.

**Duplicate deals.** Luck of the deal is the largest noise in a card-game match. Each deal
(seed) is played once per rotation of the agents over the seats — agent ``i`` sits in seat
``(i + r) mod N`` in rotation ``r`` — so every agent plays every seat of every deal exactly
once, and what is left is skill (plus the luck of the draws that follow).

>>> rotations(3)
((0, 1, 2), (1, 2, 0), (2, 0, 1))
>>> r = play_match("draw", ["exact", "stand"], deals=20, seed=1)
>>> len(r.games), r.agents
(40, ('exact', 'stand'))
>>> r.mean_return("exact").estimate > 0
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import Any

from wpp.core.registry import game_def, make_agent, new_game
from wpp.core.selfplay import play_out
from wpp.errors import WppError
from wpp.intervals import Interval, wilson, z_value

__all__ = ["GameRecord", "MatchResult", "mean_interval", "play_match", "rotations"]


def rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """The ``n`` seatings of ``n`` agents, one per rotation: ``seating[i]`` is the seat of
    agent ``i``. Across them every agent sits in every seat exactly once."""
    if not isinstance(n, int) or n < 1:
        raise WppError(f"a seating needs at least one agent, not {n!r:.20}")
    return tuple(tuple((i + r) % n for i in range(n)) for r in range(n))


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean of ``values`` and its normal-approximation interval (NaN when empty; the
    interval is the point when there is one value or no spread)."""
    if not values:
        return Interval(math.nan, math.nan, math.nan)
    mean = fmean(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    half = z_value(confidence) * stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match: the deal, which agent sat where, and how it ended."""

    seed: int
    rotation: int
    seats: tuple[str, ...]          # the agent in each seat
    returns: tuple[float, ...]      # per seat
    actions: int
    outcome: str


@dataclass(frozen=True)
class MatchResult:
    """Every game of a match and the per-agent figures computed from them."""

    game: str
    agents: tuple[str, ...]
    games: tuple[GameRecord, ...]
    confidence: float = 0.95

    def returns_of(self, agent: str) -> list[float]:
        """``agent``'s return in each game it played (a name seated twice counts twice)."""
        return [r for g in self.games for seat, r in zip(g.seats, g.returns, strict=True)
                if seat == agent]

    def mean_return(self, agent: str) -> Interval:
        """``agent``'s mean return per game with its interval."""
        return mean_interval(self.returns_of(agent), self.confidence)

    def win_rate(self, agent: str) -> Interval:
        """How often ``agent`` had the best return of its game alone (a Wilson interval);
        shared best returns count as half a win."""
        wins = 0.0
        played = 0
        for g in self.games:
            best = max(g.returns)
            top = [s for s, r in enumerate(g.returns) if r == best]
            for seat, name in enumerate(g.seats):
                if name == agent:
                    played += 1
                    if seat in top:
                        wins += 1 / len(top)
        return wilson(wins, played, self.confidence)

    def seat_returns(self) -> list[Interval]:
        """The mean return of each seat, whoever sat there (the first player's edge)."""
        n = len(self.games[0].returns) if self.games else 0
        return [mean_interval([g.returns[s] for g in self.games], self.confidence)
                for s in range(n)]

    def length(self) -> Interval:
        """The mean number of actions per game."""
        return mean_interval([float(g.actions) for g in self.games], self.confidence)

    def table(self) -> str:
        """The match as text: one line per agent, then per seat, then the game length."""
        title = game_def(self.game).title
        level = f"{self.confidence:.0%}"
        lines = [f"{title}: {len(self.games)} games ({', '.join(self.agents)}); "
                 f"intervals at {level}",
                 f"{'agent':<12} {'games':>6} {'mean return':>28} {'wins':>26}"]
        for name in dict.fromkeys(self.agents):
            m, w = self.mean_return(name), self.win_rate(name)
            lines.append(f"{name:<12} {len(self.returns_of(name)):>6} {_fmt(m, '+'):>28} "
                         f"{_fmt(w):>26}")
        for s, m in enumerate(self.seat_returns()):
            lines.append(f"{'seat P' + str(s + 1):<12} {len(self.games):>6} {_fmt(m, '+'):>28}")
        lines.append(f"{'length':<12} {len(self.games):>6} {_fmt(self.length()):>28}  "
                     "actions per game")
        return "\n".join(lines)


def _fmt(i: Interval, sign: str = "") -> str:
    if math.isnan(i.estimate):
        return "—"
    return f"{i.estimate:{sign}.3f} [{i.low:{sign}.3f}, {i.high:{sign}.3f}]"


def play_match(game: str, agents: Sequence[str], deals: int, seed: int = 0, *,
               players: int | None = None, duplicate: bool = True, confidence: float = 0.95,
               options: dict[str, Any] | None = None, **flags: Any) -> MatchResult:
    """Play ``deals`` deals of ``game`` (seeds ``seed``, ``seed + 1``, …) between ``agents``
    (one name per seat; a name may repeat), each deal once per seat rotation when
    ``duplicate`` (else once, rotating the seating from deal to deal). ``flags`` are the
    game's rule flags; ``options`` are passed to every agent's factory. Bad arguments are a
    :class:`~wpp.errors.WppError` raised before any game is played."""
    definition = game_def(game)
    names = tuple(agents)
    n = definition.default_players if players is None else players
    if len(names) != n:
        raise WppError(f"{definition.title} with {n} players needs {n} agents, not "
                       f"{len(names)} ({', '.join(names)})")
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise WppError(f"a match needs at least one deal, not {deals!r:.20}")
    if not isinstance(confidence, float | int) or not 0 < confidence < 1:
        raise WppError(f"the confidence level is between 0 and 1, not {confidence!r:.20}")
    if math.isnan(confidence):
        raise WppError("the confidence level is between 0 and 1, not nan")
    definition.rules(**flags)  # bad flags: an error now, not in the first game
    for name in set(names):
        make_agent(game, name, 0, **(options or {}))
    seatings = rotations(n)
    records: list[GameRecord] = []
    for deal in range(deals):
        chosen = seatings if duplicate else (seatings[deal % n],)
        for seating in chosen:
            seats = [""] * n
            for i, seat in enumerate(seating):
                seats[seat] = names[i]
            history = new_game(game, seed + deal, n, **flags)
            bots = [make_agent(game, name, (seed + deal) * 7 + s, **(options or {}))
                    for s, name in enumerate(seats)]
            play_out(history, bots)
            records.append(GameRecord(seed + deal, seatings.index(seating), tuple(seats),
                                      history.returns(), len(history.actions),
                                      history.outcome))
    return MatchResult(game, names, tuple(records), float(confidence))

