"""A fair yardstick for a strong AI: the share of the classic AI's lost games that it turns
into wins or draws, against the same opponent on the same duplicate deals.

An edge in score ("+0.10 over the classic AI's own score") has a ceiling: against an opponent
the classic AI already beats 93% of the time no AI can gain 0.10. This yardstick has the same
ceiling, 1, against every opponent: on each deal and seat the *base* AI (the classic AI) and
the *challenger* (the Expert) each play the same opponents, seeded the same; among the games
the base lost, the share the challenger won or drew on the same deal and seat.

* :class:`Paired` — one deal and seat: the base's score and the challenger's (1 win, ½ draw,
  0 loss; with more seats the share of the others beaten, :meth:`~wpp.core.protocol.GameDef.
  review_value`). A game is *lost* below ½ and *saved* at ½ or more.
* :func:`turned_losses` — the share itself (NaN when the base lost nothing).
* :func:`yardstick` — the share with a bootstrap interval over deals (the two seats of a deal
  resampled together: they share its cards), and the challenger's score with its Wilson
  interval.
* :func:`play_pairs` — the games, for any registered game (the registry's agents).

``python -m wpp.analysis.yardstick --game warpairs --agent search --opponent counting
--deals 200`` plays them and appends every pair to ``benchmarks/data/yardstick.csv``, so a
later run adds deals to it (``--seed`` past the stored ones).

>>> pairs = [Paired(0, 0, 0.0, 1.0), Paired(0, 1, 0.0, 0.0), Paired(1, 0, 1.0, 0.0),
...          Paired(1, 1, 0.0, 0.5)]
>>> turned_losses(pairs)
0.6666666666666666
"""

from __future__ import annotations

import argparse
import csv
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.intervals import Interval, wilson

__all__ = ["ROWS", "Paired", "Yardstick", "parse_agent", "play_pairs", "turned_losses",
           "yardstick"]

#: Where the command line appends its pairs.
ROWS: Final = Path("benchmarks") / "data" / "yardstick.csv"


@dataclass(frozen=True, slots=True)
class Paired:
    """One deal and seat played twice: by the base AI and by the challenger, against the
    same opponents (their scores in the game's win chance, 0 to 1)."""

    deal: int
    seat: int
    base: float
    other: float

    @property
    def lost(self) -> bool:
        """Whether the base AI lost this game (scored below ½)."""
        return self.base < 0.5

    @property
    def saved(self) -> bool:
        """Whether the base lost it and the challenger won or drew it."""
        return self.lost and self.other >= 0.5


def turned_losses(pairs: Iterable[Paired]) -> float:
    """The share of the base's lost games the challenger won or drew (NaN if none lost)."""
    lost = saved = 0
    for p in pairs:
        lost += p.lost
        saved += p.saved
    return saved / lost if lost else math.nan


@dataclass(frozen=True, slots=True)
class Yardstick:
    """The yardstick's figures: the turned-losses share and its bootstrap interval, the
    counts behind it, and the challenger's score with its Wilson interval."""

    share: Interval
    lost: int
    saved: int
    deals: int
    games: int
    score: Interval
    base_score: Interval

    def describe(self) -> str:
        s = self.share
        return (f"turns {self.saved} of the base's {self.lost} lost games into wins or draws: "
                f"{s.estimate:.3f} [{s.low:.3f}, {s.high:.3f}] over {self.deals} deals "
                f"({self.games} games); score {self.score.estimate:.3f} "
                f"[{self.score.low:.3f}, {self.score.high:.3f}]")


def _quantile(xs: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted ``xs`` (linear between order statistics)."""
    pos = q * (len(xs) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def yardstick(pairs: Sequence[Paired], *, resamples: int = 2000, seed: int = 0,
              confidence: float = 0.95) -> Yardstick:
    """The turned-losses share of ``pairs`` with a percentile bootstrap interval over deals
    (``resamples`` draws of the deals with replacement, each deal's seats kept together;
    draws where the base lost nothing are skipped), and both AIs' scores with Wilson
    intervals. No pairs is a ``WppError``."""
    if not pairs:
        raise WppError("the yardstick needs at least one deal played by both AIs")
    if not 0 < confidence < 1:
        raise WppError(f"a confidence is between 0 and 1, not {confidence!r:.20}")
    by_deal: dict[int, tuple[int, int]] = {}
    for p in pairs:
        lost, saved = by_deal.get(p.deal, (0, 0))
        by_deal[p.deal] = (lost + p.lost, saved + p.saved)
    counts = list(by_deal.values())
    lost = sum(c[0] for c in counts)
    saved = sum(c[1] for c in counts)
    rng = random.Random(seed)
    shares: list[float] = []
    for _ in range(resamples):
        pick = [counts[rng.randrange(len(counts))] for _ in counts]
        n = sum(c[0] for c in pick)
        if n:
            shares.append(sum(c[1] for c in pick) / n)
    shares.sort()
    a = (1 - confidence) / 2
    share = (Interval(saved / lost, _quantile(shares, a), _quantile(shares, 1 - a))
             if lost and shares else Interval(math.nan, math.nan, math.nan))
    n = len(pairs)
    return Yardstick(share, lost, saved, len(counts), n,
                     wilson(sum(p.other for p in pairs), n, confidence),
                     wilson(sum(p.base for p in pairs), n, confidence))


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """``"noisy:rate=0.1"`` → ``("noisy", {"rate": 0.1})``: an agent and its options (numbers
    where they read as numbers)."""
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise WppError(f"an agent's option is KEY=VALUE, not {item!r:.40}")
        num: Any = value
        for kind in (int, float):
            try:
                num = kind(value)
                break
            except ValueError:
                continue
        options[key] = num
    return name, options


def _play(game: str, deal: int, seat: int, agent: str, opponent: str) -> tuple[float, float]:
    """The score of ``agent`` in ``seat`` of deal ``deal`` against ``opponent`` everywhere
    else (every agent seeded by the deal and its seat), and its CPU seconds."""
    from wpp.core.registry import make_agent, new_game

    h = new_game(game, seed=deal)
    bots = []
    for s in range(h.players):
        name, options = parse_agent(agent if s == seat else opponent)
        bots.append(make_agent(game, name, deal * 7 + s, **options))
    spent = 0.0
    while not h.is_over:
        p = h.to_act
        start = time.process_time()
        action = bots[p].choose(h.view(p))
        if p == seat:
            spent += time.process_time() - start
        h.apply(action)
    return h.game.review_value(h.returns(), seat), spent


def play_pairs(game: str, agent: str, opponent: str, deals: Iterable[int], *,
               base: str = "") -> tuple[list[Paired], float]:
    """Each deal, every seat, played by ``base`` (default: the game's default agent, the
    classic AI) and by ``agent``, the other seats ``opponent``: the pairs and the
    challenger's CPU seconds a game."""
    from wpp.core.registry import default_agent

    base = base or default_agent(game)
    pairs: list[Paired] = []
    spent = 0.0
    from wpp.core.registry import new_game

    for deal in deals:
        for seat in range(new_game(game, seed=deal).players):
            b, _ = _play(game, deal, seat, base, opponent)
            o, cpu = _play(game, deal, seat, agent, opponent)
            spent += cpu
            pairs.append(Paired(deal, seat, b, o))
    return pairs, spent / max(len(pairs), 1)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: play the pairs, append them, print the yardstick."""
    from wpp.core.registry import default_agent

    ap = argparse.ArgumentParser(description="the turned-losses yardstick on duplicate deals")
    ap.add_argument("--game", default="warpairs")
    ap.add_argument("--agent", default="search", help="NAME[:key=value,...]")
    ap.add_argument("--base", default="", help="default: the game's default agent")
    ap.add_argument("--opponent", default="counting", help="NAME[:key=value,...]")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="the first deal")
    ap.add_argument("--out", type=Path, default=ROWS)
    args = ap.parse_args(argv)
    try:
        pairs, cpu = play_pairs(args.game, args.agent, args.opponent,
                                range(args.seed, args.seed + args.deals), base=args.base)
        figures = yardstick(pairs)
    except WppError as err:  # an unknown game, agent or option: the kit's words, no trace
        print(f"error: {err}", file=sys.stderr)
        return 2
    load = os.getloadavg()[0]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    new = not args.out.exists()
    names = ["game", "agent", "base_agent", "opponent", "deal", "seat", "base_score",
             "agent_score", "cpu_per_game", "load"]
    with args.out.open("a", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=names)
        if new:
            w.writeheader()
        for p in pairs:
            w.writerow({"game": args.game, "agent": args.agent,
                        "base_agent": args.base or default_agent(args.game),
                        "opponent": args.opponent, "deal": p.deal, "seat": p.seat,
                        "base_score": p.base, "agent_score": p.other,
                        "cpu_per_game": round(cpu, 3), "load": round(load, 2)})
    print(f"{args.agent} against {args.opponent}: {figures.describe()}; "
          f"{cpu:.2f} s CPU a game; load {load:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
