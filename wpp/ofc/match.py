"""Duplicate matches between two OFC agents: each deal played twice with the seats swapped,
the same CPU time per move for both, points per hand with a 95% interval.

A deal's score for agent A is the mean of A's points in its two seatings, so the luck of the
cards cancels out as far as it can; the interval is over deals (``wpp.core.intervals``'s normal
interval of a mean). CPU time per decision (the thread's, :func:`wpp.ofc.fast.cpu_time`,
the clock of the agents' budgets) is measured for each agent.

>>> r = duplicate_match("expected", "pyofc", deals=3, seed=1, passes=6)
>>> r.deals, len(r.per_deal)
(3, 3)
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from statistics import fmean, stdev
from typing import Any

from wpp.core.errors import WppError
from wpp.core.intervals import Interval, z_value
from wpp.core.registry import make_agent, new_game
from wpp.ofc.board import open_rows
from wpp.ofc.fast import cpu_time
from wpp.ofc.game import OfcEvent

__all__ = ["MatchSummary", "duplicate_match"]


@dataclass
class MatchSummary:
    """A's points per hand against B, deal by deal, and each agent's CPU time per move —
    over all its moves, and over the moves with a choice (more than one open row: the
    others are forced and take no search)."""

    a: str
    b: str
    deals: int
    per_deal: list[float] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)
    fouls: dict[str, int] = field(default_factory=dict)
    choice_seconds: dict[str, float] = field(default_factory=dict)
    choices: dict[str, int] = field(default_factory=dict)

    def interval(self, confidence: float = 0.95) -> Interval:
        """A's mean points per hand and its interval."""
        m = fmean(self.per_deal)
        if len(self.per_deal) < 2:
            return Interval(m, m, m)
        half = z_value(confidence) * stdev(self.per_deal) / math.sqrt(len(self.per_deal))
        return Interval(m, m - half, m + half)

    def time_per_move(self, agent: str) -> float:
        return self.seconds[agent] / max(1, self.moves[agent])

    def time_per_choice(self, agent: str) -> float:
        """CPU seconds per move with a choice (0 if none was recorded)."""
        return self.choice_seconds.get(agent, 0.0) / max(1, self.choices.get(agent, 0))

    def foul_rate(self, agent: str) -> float:
        return self.fouls[agent] / (2 * self.deals)

    def __str__(self) -> str:
        return (f"{self.a} vs {self.b}, {self.deals} duplicate deals ({2 * self.deals} hands): "
                f"{self.a} {self.interval()} points per hand; CPU per move "
                f"{self.a} {1000 * self.time_per_move(self.a):.1f} ms, "
                f"{self.b} {1000 * self.time_per_move(self.b):.1f} ms (with a choice "
                f"{1000 * self.time_per_choice(self.a):.2f} / "
                f"{1000 * self.time_per_choice(self.b):.2f} ms); fouls "
                f"{self.a} {self.foul_rate(self.a):.1%}, {self.b} {self.foul_rate(self.b):.1%}")


def duplicate_match(a: str, b: str, deals: int, seed: int = 0, *, scoring: str = "standard",
                    a_options: dict[str, Any] | None = None, progress: int = 0,
                    **options: Any) -> MatchSummary:
    """Play ``deals`` deals (seeds ``seed``…) of one hand each, twice with the seats swapped,
    ``options`` (e.g. ``move_time``) given to both agents, ``a_options`` to A only; every
    ``progress`` deals (0: never) the result so far is printed."""
    out = MatchSummary(a, b, deals, seconds={a: 0.0, b: 0.0}, moves={a: 0, b: 0},
                       fouls={a: 0, b: 0}, choice_seconds={a: 0.0, b: 0.0},
                       choices={a: 0, b: 0})
    if a == b:
        raise WppError("a match needs two different agents")
    for deal in range(deals):
        total = 0.0
        for seats in ((a, b), (b, a)):
            agents = [make_agent("ofc", name, seed=seed + deal * 2 + s, **options,
                                 **(a_options or {} if name == a else {}))
                      for s, name in enumerate(seats)]
            g = new_game("ofc", seed=seed + deal, scoring=scoring)
            while not g.is_over:
                p = g.to_act
                view = g.view(p)
                start = cpu_time()
                action = agents[p].choose(view)
                spent = cpu_time() - start
                out.seconds[seats[p]] += spent
                out.moves[seats[p]] += 1
                if len(open_rows(view.board)) > 1:
                    out.choice_seconds[seats[p]] += spent
                    out.choices[seats[p]] += 1
                event = g.apply(action)
            assert isinstance(event, OfcEvent) and event.score is not None
            for s, name in enumerate(seats):
                out.fouls[name] += event.score.seats[s].fouled
            total += g.returns()[seats.index(a)]
        out.per_deal.append(total / 2)
        if progress and (deal + 1) % progress == 0 and deal + 1 < deals:
            so_far = MatchSummary(a, b, deal + 1, out.per_deal, out.seconds, out.moves,
                                  out.fouls, out.choice_seconds, out.choices)
            print(f"after {so_far}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m wpp.ofc.match [--deals N] [--move-time S] [--seed N] [A B]``: the strength
    match of the README (expected against pyofc by default)."""
    import argparse

    from wpp.core.cli_args import KitParser, positive_int, seed_arg

    p = KitParser(prog="python -m wpp.ofc.match", description=main.__doc__)
    p.add_argument("agents", nargs="*", default=["expected", "pyofc"])
    p.add_argument("--deals", type=positive_int, default=2000)
    p.add_argument("--move-time", type=float, default=0.004)
    p.add_argument("--seed", type=seed_arg, default=100_000)
    p.add_argument("--progress", type=int, default=0, help="print the result every N deals")
    args: argparse.Namespace = p.parse_args(argv)
    a, b = [*args.agents, "pyofc"][:2]
    start = time.process_time()
    try:
        result = duplicate_match(a, b, args.deals, args.seed, move_time=args.move_time,
                                 progress=args.progress)
    except WppError as err:  # a budget or an agent the kit refuses: its own words
        p.error(str(err))
    print(result)
    print(f"CPU time {time.process_time() - start:.0f} s, move_time {args.move_time} s, seeds "
          f"{args.seed}..{args.seed + args.deals - 1}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
