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
* :func:`play_rows` / :func:`play_pairs` — the games, for any registered game (the
  registry's agents), here, in local processes or on Dask (:mod:`wpp.analysis.parallel`,
  the tournaments' own runner); ``lost_only`` plays the challenger only where the base lost.

``python -m wpp.analysis.yardstick --game warpairs --agent search --opponent counting greedy
--deals 200 --wall 1800`` plays them (``--workers N`` local processes, ``--scheduler ADDRESS``
a Dask cluster) and appends every pair to ``benchmarks/data/yardstick.csv`` as each block of
deals ends, so a run cut short keeps what it played and a later run adds deals to it
(``--seed`` past the stored ones); ``--table`` prints the table of every stored row.

>>> pairs = [Paired(0, 0, 0.0, 1.0), Paired(0, 1, 0.0, 0.0), Paired(1, 0, 1.0, 0.0),
...          Paired(1, 1, 0.0, 0.5)]
>>> turned_losses(pairs)
0.6666666666666666
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.intervals import Interval, wilson

__all__ = ["FIELDS", "ROWS", "Paired", "Played", "Task", "Yardstick", "append_rows",
           "cpu_per_move", "parse_agent", "play_chunk", "play_pairs", "play_rows", "read_rows",
           "table", "turned_losses", "yardstick"]

#: Where the command line appends its pairs.
ROWS: Final = Path("benchmarks") / "data" / "yardstick.csv"


@dataclass(frozen=True, slots=True)
class Paired:
    """One deal and seat played twice: by the base AI and by the challenger, against the
    same opponents (their scores in the game's win chance, 0 to 1)."""

    deal: int
    seat: int
    base: float
    #: NaN where the challenger was not played (a game the base did not lose, in a
    #: ``lost_only`` run): the share needs only the base's lost games.
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
        score = ("score not measured (the challenger played only the base's lost games)"
                 if math.isnan(self.score.estimate) else
                 f"score {self.score.estimate:.3f} [{self.score.low:.3f}, "
                 f"{self.score.high:.3f}]")
        return (f"turns {self.saved} of the base's {self.lost} lost games into wins or draws: "
                f"{s.estimate:.3f} [{s.low:.3f}, {s.high:.3f}] over {self.deals} deals "
                f"({self.games} games); {score}")


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
    # The score needs every game: over the base's lost games alone (a ``lost_only`` run) it
    # would be a biased figure, so it is NaN there.
    played = [p.other for p in pairs if not math.isnan(p.other)]
    score = (wilson(sum(played), n, confidence) if len(played) == n
             else Interval(math.nan, math.nan, math.nan))
    return Yardstick(share, lost, saved, len(counts), n, score,
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


@dataclass(frozen=True, slots=True)
class Played:
    """One deal and seat against one opponent, as stored: the pair of scores and the
    challenger's CPU seconds and moves in its game (0 and 0 when it was not played)."""

    opponent: str
    pair: Paired
    cpu: float
    moves: int


@dataclass(frozen=True, slots=True)
class Task:
    """One deal to play, every seat, by the base and by the challenger against one opponent
    (picklable: a process pool or a Dask worker runs it by :func:`play_chunk`)."""

    game: str
    deal: int
    agent: str
    opponent: str
    base: str
    lost_only: bool = False


def _play(game: str, deal: int, seat: int, agent: str,
          opponent: str) -> tuple[float, float, int]:
    """The score of ``agent`` in ``seat`` of deal ``deal`` against ``opponent`` everywhere
    else (every agent seeded by the deal and its seat), its CPU seconds and its moves."""
    from wpp.core.registry import make_agent, new_game

    h = new_game(game, seed=deal)
    bots = []
    for s in range(h.players):
        name, options = parse_agent(agent if s == seat else opponent)
        bots.append(make_agent(game, name, deal * 7 + s, **options))
    spent = 0.0
    moves = 0
    while not h.is_over:
        p = h.to_act
        start = time.process_time()
        action = bots[p].choose(h.view(p))
        if p == seat:
            spent += time.process_time() - start
            moves += 1
        h.apply(action)
    return h.game.review_value(h.returns(), seat), spent, moves


def play_chunk(tasks: Sequence[Task]) -> list[Played]:
    """Play ``tasks`` (a module-level function, so a process pool or Dask can run it): each
    deal's every seat by the base and by the challenger — with ``lost_only`` the challenger
    only where the base lost (its score NaN elsewhere: the turned-losses share needs no
    more, and the base's games cost a fraction of the challenger's)."""
    from wpp.core.registry import new_game

    out: list[Played] = []
    for t in tasks:
        for seat in range(new_game(t.game, seed=t.deal).players):
            b, _, _ = _play(t.game, t.deal, seat, t.base, t.opponent)
            if t.lost_only and b >= 0.5:
                out.append(Played(t.opponent, Paired(t.deal, seat, b, math.nan), 0.0, 0))
                continue
            o, cpu, moves = _play(t.game, t.deal, seat, t.agent, t.opponent)
            out.append(Played(t.opponent, Paired(t.deal, seat, b, o), cpu, moves))
    return out


def play_rows(game: str, agent: str, opponents: Sequence[str], deals: Iterable[int], *,
              base: str = "", lost_only: bool = False, workers: int = 1,
              scheduler: str | None = None, client: Any = None) -> list[Played]:
    """Each deal against each opponent in turn (the deals go round the opponents, so a run
    cut short has them all), played here, in ``workers`` local processes, or on Dask
    (``scheduler`` address or ``client``) by :func:`wpp.analysis.parallel.map_chunks`: the
    same rows in the same order wherever they run."""
    from wpp.analysis.parallel import map_chunks
    from wpp.core.registry import default_agent

    base = base or default_agent(game)
    tasks = [Task(game, d, agent, o, base, lost_only) for d in deals for o in opponents]
    if workers == 1 and scheduler is None and client is None:
        return play_chunk(tasks)
    chunks = map_chunks(play_chunk, tasks, workers=workers, scheduler=scheduler,
                        client=client, chunk_size=1, progress=False, desc="deals")
    return [row for chunk in chunks for row in chunk]


def play_pairs(game: str, agent: str, opponent: str, deals: Iterable[int], *,
               base: str = "", lost_only: bool = False) -> tuple[list[Paired], float]:
    """Each deal, every seat, played by ``base`` (default: the game's default agent, the
    classic AI) and by ``agent``, the other seats ``opponent``: the pairs and the
    challenger's CPU seconds a move."""
    rows = play_rows(game, agent, [opponent], deals, base=base, lost_only=lost_only)
    return [r.pair for r in rows], cpu_per_move(rows)


def cpu_per_move(rows: Iterable[Played]) -> float:
    """The challenger's CPU seconds a move over the games it played (NaN: none)."""
    cpu = moves = 0.0
    for r in rows:
        cpu += r.cpu
        moves += r.moves
    return cpu / moves if moves else math.nan


#: The stored rows' columns.
FIELDS: Final = ("run", "game", "agent", "base_agent", "opponent", "deal", "seat",
                 "base_score", "agent_score", "agent_cpu", "agent_moves", "load")


def append_rows(path: Path, game: str, agent: str, base: str, run: str,
                rows: Sequence[Played]) -> None:
    """Append ``rows`` to the CSV at ``path`` (its header first if it is new); a challenger
    not played (``--lost-only``, a game the base did not lose) has an empty score."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists() or path.stat().st_size == 0
    load = round(os.getloadavg()[0], 2)
    with path.open("a", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        if new:
            w.writeheader()
        for r in rows:
            p = r.pair
            w.writerow({"run": run, "game": game, "agent": agent, "base_agent": base,
                        "opponent": r.opponent, "deal": p.deal, "seat": p.seat,
                        "base_score": p.base,
                        "agent_score": "" if math.isnan(p.other) else p.other,
                        "agent_cpu": round(r.cpu, 4), "agent_moves": r.moves, "load": load})


def read_rows(path: Path, game: str, agent: str,
              base: str) -> dict[str, tuple[list[Played], list[float]]]:
    """The stored rows of ``agent`` against ``base`` in ``game``, by opponent: the rows and
    the load each was written at (a deal stored twice counts once: the first)."""
    out: dict[str, tuple[list[Played], list[float]]] = {}
    seen: set[tuple[str, int, int]] = set()
    if not path.exists():
        return out
    with path.open(newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if (r["game"], r["agent"], r["base_agent"]) != (game, agent, base):
                continue
            key = (r["opponent"], int(r["deal"]), int(r["seat"]))
            if key in seen:
                continue
            seen.add(key)
            other = float(r["agent_score"]) if r["agent_score"] else math.nan
            rows, loads = out.setdefault(r["opponent"], ([], []))
            rows.append(Played(r["opponent"],
                               Paired(int(r["deal"]), int(r["seat"]), float(r["base_score"]),
                                      other),
                               float(r["agent_cpu"]), int(r["agent_moves"])))
            loads.append(float(r["load"]))
    return out


def table(stored: dict[str, tuple[list[Played], list[float]]]) -> str:
    """The per-opponent table, as the README shows it."""
    lines = ["| opponent | deals (games) | classic AI lost | turned | share turned [95%] | "
             "score [95%] | CPU s a move | load |",
             "|---|---|---|---|---|---|---|---|"]
    for opponent, (rows, loads) in stored.items():
        y = yardstick([r.pair for r in rows])
        score = ("— (lost games only)" if math.isnan(y.score.estimate) else
                 f"{y.score.estimate:.3f} [{y.score.low:.3f}, {y.score.high:.3f}]")
        share = ("—" if math.isnan(y.share.estimate) else
                 f"{y.share.estimate:.2f} [{y.share.low:.2f}, {y.share.high:.2f}]")
        lines.append(f"| {opponent} | {y.deals} ({y.games}) | {y.lost} | {y.saved} | {share} | "
                     f"{score} | {cpu_per_move(rows):.3f} | "
                     f"{min(loads):.1f}–{max(loads):.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: play the pairs deal by deal (appending each block of deals as it is
    played, so a run stopped by ``--wall`` keeps what it played), print the yardstick."""
    import datetime as dt

    from wpp.core.cli_args import scheduler_address
    from wpp.core.registry import default_agent

    ap = argparse.ArgumentParser(description="the turned-losses yardstick on duplicate deals")
    ap.add_argument("--game", default="warpairs")
    ap.add_argument("--agent", default="search", help="NAME[:key=value,...]")
    ap.add_argument("--base", default="", help="default: the game's default agent")
    ap.add_argument("--opponent", nargs="+", default=["counting"],
                    help="NAME[:key=value,...], one or more (the deals go round them)")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="the first deal")
    ap.add_argument("--lost-only", action="store_true",
                    help="play the challenger only where the base lost (the share, no score)")
    ap.add_argument("--wall", type=float, default=math.inf,
                    help="stop starting deals after this many seconds (wall clock)")
    ap.add_argument("--workers", type=int, default=1, help="local worker processes")
    ap.add_argument("--scheduler", type=scheduler_address, default=None, metavar="ADDRESS",
                    help="a Dask scheduler, e.g. tcp://host:8786 (instead of local workers)")
    ap.add_argument("--table", action="store_true",
                    help="print the table of every stored row and play nothing")
    ap.add_argument("--out", type=Path, default=ROWS)
    args = ap.parse_args(argv)
    start = time.monotonic()
    try:
        base = args.base or default_agent(args.game)
        if args.table:
            print(table(read_rows(args.out, args.game, args.agent, base)))
            return 0
        if args.workers < 1 or args.deals < 0:
            raise WppError("--workers is at least 1 and --deals at least 0")
        for spec in [args.agent, base, *args.opponent]:  # unknown names: refused before play
            name, _ = parse_agent(spec)
            _play_check(args.game, name)
        run = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        block = 1 if args.workers == 1 and args.scheduler is None else 4 * args.workers
        rows: list[Played] = []
        with contextlib.ExitStack() as stack:
            client = None
            if args.scheduler is not None:
                client = stack.enter_context(
                    import_module("distributed").Client(args.scheduler, timeout=15))
                block = 4 * max(1, sum(client.nthreads().values()))
            deal = args.seed
            end = args.seed + args.deals
            while deal < end and time.monotonic() - start < args.wall:
                deals = range(deal, min(end, deal + block))
                new = play_rows(args.game, args.agent, args.opponent, deals, base=base,
                                lost_only=args.lost_only, workers=args.workers, client=client)
                append_rows(args.out, args.game, args.agent, base, run, new)
                rows += new
                deal = deals.stop
    except WppError as err:  # an unknown game, agent or option: the kit's words, no trace
        print(f"error: {err}", file=sys.stderr)
        return 2
    except OSError as err:  # e.g. no Dask scheduler at that address
        print(f"error: {err}", file=sys.stderr)
        return 1
    load = os.getloadavg()[0]
    for opponent in args.opponent:
        mine = [r for r in rows if r.opponent == opponent]
        if not mine:
            print(f"{args.agent} against {opponent}: no deal played")
            continue
        print(f"{args.agent} against {opponent}: {yardstick([r.pair for r in mine]).describe()}"
              f"; {cpu_per_move(mine):.3f} s CPU a move; load {load:.2f}")
    print(f"rows: {args.out} (this run {run}: {len(rows)}, deals {args.seed}–{deal - 1})")
    return 0


def _play_check(game: str, name: str) -> None:
    """Refuse an agent ``game`` does not register, in the kit's words."""
    from wpp.core.registry import registered_agents

    if name not in registered_agents(game):
        raise WppError(f"unknown agent {name!r:.40} for {game}; choose from "
                       f"{', '.join(registered_agents(game))}")


if __name__ == "__main__":
    raise SystemExit(main())
