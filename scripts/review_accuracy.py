"""Is the game review right? Its mistake and blunder verdicts checked against a stronger
judge (:mod:`wpp.analysis.judge`), for every registered game.

Decisions come from two sources, the learner's seat of each game (every seat in turn):

* ``casual``: the ladder's casual level against the reference AI — a stand-in for a learner;
* ``reference``: the reference AI against itself — its own moves, where a "blunder" would be
  a false alarm the learner sees when they follow the Hint.

Each decision is valued by the review at its default budget and by the judge; per game the
script prints the **precision** (the share of the review's mistake/blunder verdicts the
judge confirms as mistake or blunder), the **recall** (the share of the judge's
mistakes/blunders the review also calls so), each with its Wilson 95% interval over
decisions, and the blunders called on the reference AI's own moves. Every decision's row
(game, source, deal seed, move, action, both verdicts and losses, CPU seconds, load) is
*appended* to ``benchmarks/data/review_accuracy.csv``, so later runs add to it; the table
reads every stored row of the games asked for (``--fresh``: this run's alone).

    python scripts/review_accuracy.py --decisions 100 --seconds 400      # per source, per game
    python scripts/review_accuracy.py --quick --out /tmp/rows.csv        # the test's size
    python scripts/review_accuracy.py --decisions 0 --since pokeros=2026-11-28T06:22:00Z
                                                    # the stored rows' table, nothing played

Time is bounded: ``--seconds`` caps each game's time (CPU of this process); a game stops
taking decisions when it is spent, and the rows so far are kept.

``--again GAME=RUN`` (repeatable) reviews the stored decisions of GAME from run RUN on once
more with the review as it is now, keeping their stored judge columns (the judge is
unchanged and seeded by the deal: its verdicts would be the same) — after a change of the
review alone, the same decisions before and after, at the review's cost only:

    python scripts/review_accuracy.py --decisions 0 --again pokeros=2026-11-28T06:22:00Z
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import os
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from wpp.analysis.judge import SOURCES, Judged, is_bad, judge_decision, judge_hook, learner_game
from wpp.core.intervals import wilson
from wpp.core.registry import game_def, registered_games
from wpp.core.review import Position, decisions, evaluator, review_decision

#: Where the rows are kept (appended).
ROWS: Final = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / \
    "review_accuracy.csv"
FIELDS: Final = ("run", "game", "source", "deal", "move", "action", "review_verdict",
                 "review_loss", "review_best", "review_value", "review_high", "review_best_value",
                 "review_best_low", "seat",
                 "judge_verdict", "judge_loss", "judge_best",
                 "review_budget", "judge_budget", "review_cpu", "judge_cpu", "load")


def positions(game: str, source: str, seed: int) -> Iterator[tuple[int, int, Position]]:
    """(deal, seat, decision) of the learner in the games of :func:`~wpp.analysis.judge.
    learner_game` dealt from ``seed`` on."""
    deal = seed
    while True:
        h, seat = learner_game(game, source, deal)
        for p in decisions(h, seat):
            yield deal, seat, p
        deal += 1


def measure(game: str, per_source: int, seconds: float, seed: int, run: str,
            out: Path | None, until: float = float("inf")) -> list[dict[str, Any]]:
    """Up to ``per_source`` decisions of each source, judged, within ``seconds`` of CPU and
    before the wall clock reaches ``until`` (``time.monotonic``); each row appended to
    ``out`` as soon as it is judged."""
    definition = game_def(game)
    rb = ",".join(f"{k}={v}" for k, v in evaluator(definition).budget.items())
    jb = ",".join(f"{k}={v}" for k, v in judge_hook(definition).budget.items())
    sources = {s: positions(game, s, seed + 10_000 * i) for i, s in enumerate(SOURCES)}
    done = dict.fromkeys(SOURCES, 0)
    rows: list[dict[str, Any]] = []
    start = time.process_time()
    def spent() -> bool:
        return time.process_time() - start > seconds or time.monotonic() > until

    while any(done[s] < per_source for s in SOURCES) and not spent():
        for s in SOURCES:
            if done[s] >= per_source or spent():
                continue
            deal, seat, pos = next(sources[s])
            j: Judged = judge_decision(definition, pos, seat, seed=deal)
            row = {"run": run, "game": game, "source": s, "deal": deal, "move": pos.move,
                   "action": str(pos.action), "review_verdict": j.review.verdict,
                   "review_loss": round(j.review.loss, 5), "review_best": str(j.review.best),
                   "review_value": round(j.review.value, 5),
                   "review_high": round(j.review.high, 5),
                   "review_best_value": round(j.review.best_value, 5),
                   "review_best_low": round(j.review.best_low, 5), "seat": seat,
                   "judge_verdict": j.judge.verdict, "judge_loss": round(j.judge.loss, 5),
                   "judge_best": str(j.judge.best), "review_budget": rb, "judge_budget": jb,
                   "review_cpu": round(j.review_cpu, 4), "judge_cpu": round(j.judge_cpu, 4),
                   "load": round(os.getloadavg()[0], 2)}
            rows.append(row)
            done[s] += 1
            if out is not None:
                append(out, [row])
    return rows


def again(game: str, stored: Sequence[dict[str, Any]], seconds: float, run: str,
          out: Path | None, until: float = float("inf")) -> list[dict[str, Any]]:
    """The ``stored`` rows of ``game`` reviewed again by the review as it is now (budget,
    verdict, loss, values and CPU new; the judge's columns kept), within ``seconds`` of CPU
    and before ``until``; each appended to ``out`` as soon as it is made."""
    definition = game_def(game)
    rb = ",".join(f"{k}={v}" for k, v in evaluator(definition).budget.items())
    start = time.process_time()
    games: dict[tuple[str, int], tuple[Any, int]] = {}
    rows: list[dict[str, Any]] = []
    for old in stored:
        if time.process_time() - start > seconds or time.monotonic() > until:
            break
        key = (old["source"], int(old["deal"]))
        if key not in games:
            games = {key: learner_game(game, *key)}  # one game at a time: rows come in order
        h, seat = games[key]
        pos = next(p for p in decisions(h, seat) if p.move == int(old["move"]))
        if str(pos.action) != old["action"] or seat != int(old["seat"]):
            raise SystemExit(f"{game} deal {old['deal']} move {old['move']}: the replayed "
                             f"game changed ({pos.action} played, {old['action']} stored)")
        t = time.process_time()
        r = review_decision(definition, pos, seat, seed=int(old["deal"]))
        row = {**old, "run": run, "review_verdict": r.verdict,
               "review_loss": round(r.loss, 5), "review_best": str(r.best),
               "review_value": round(r.value, 5), "review_high": round(r.high, 5),
               "review_best_value": round(r.best_value, 5),
               "review_best_low": round(r.best_low, 5), "review_budget": rb,
               "review_cpu": round(time.process_time() - t, 4),
               "load": round(os.getloadavg()[0], 2)}
        rows.append(row)
        if out is not None:
            append(out, [row])
    return rows


def append(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    """Add ``rows`` to the CSV at ``path`` (its header first if it is new)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerows(rows)


def read(path: Path) -> list[dict[str, Any]]:
    """Every stored row."""
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One game's figures from its rows: decisions, precision and recall with their Wilson
    intervals, blunders called on the reference AI's moves, CPU a decision, load."""
    both = sum(is_bad(r["review_verdict"]) and is_bad(r["judge_verdict"]) for r in rows)
    said = sum(is_bad(r["review_verdict"]) for r in rows)
    true = sum(is_bad(r["judge_verdict"]) for r in rows)
    ref_blunders = sum(r["source"] == "reference" and r["review_verdict"] == "blunder"
                       for r in rows)
    ref_judged = sum(r["source"] == "reference" and r["judge_verdict"] == "blunder"
                     for r in rows)
    n = len(rows)
    return {"decisions": n, "review_bad": said, "judge_bad": true, "confirmed": both,
            "precision": wilson(both, said), "recall": wilson(both, true),
            "ref_blunders": ref_blunders, "ref_judge_blunders": ref_judged,
            "review_cpu": sum(float(r["review_cpu"]) for r in rows) / max(n, 1),
            "judge_cpu": sum(float(r["judge_cpu"]) for r in rows) / max(n, 1),
            "load": sum(float(r["load"]) for r in rows) / max(n, 1)}


def game_runs(values: Sequence[str], flag: str) -> dict[str, str] | None:
    """``flag``'s GAME=RUN values as {game: run stamp}; ``None`` (the reason printed) when one
    names no registered game or has no ``=``."""
    out: dict[str, str] = {}
    for c in values:
        name, eq, stamp = c.partition("=")
        if not eq or name not in registered_games():
            print(f"{flag} takes GAME=RUN with a game of {', '.join(registered_games())}, "
                  f"not {c!r}", file=sys.stderr)
            return None
        out[name] = stamp
    return out


def since(rows: Sequence[dict[str, Any]], first: dict[str, str]) -> list[dict[str, Any]]:
    """``rows`` without those of a game in ``first`` from runs before its run stamp there
    (rows measured before a change of that game's review: Pokeros' stricter noise rule)."""
    return [r for r in rows if r["run"] >= first.get(r["game"], "")]


def _iv(i: Any) -> str:
    return "—" if i.estimate != i.estimate else f"{i.estimate:.2f} [{i.low:.2f}, {i.high:.2f}]"


def table(rows: Sequence[dict[str, Any]], games: Sequence[str]) -> str:
    """The per-game table, as the README shows it."""
    lines = ["| game | decisions | review says mistake/blunder | judge confirms | precision "
             "[95%] | judge's mistakes/blunders | recall [95%] | blunders on the reference "
             "AI (judge's) | CPU s a decision: review / judge | load |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for g in games:
        mine = [r for r in rows if r["game"] == g]
        if not mine:
            continue
        s = summary(mine)
        lines.append(f"| {game_def(g).title} | {s['decisions']} | {s['review_bad']} | "
                     f"{s['confirmed']} | {_iv(s['precision'])} | {s['judge_bad']} | "
                     f"{_iv(s['recall'])} | {s['ref_blunders']} ({s['ref_judge_blunders']}) | "
                     f"{s['review_cpu']:.3f} / {s['judge_cpu']:.2f} | {s['load']:.1f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", nargs="*", default=None, help="games (default: every one)")
    ap.add_argument("--decisions", type=int, default=100, help="per source and game")
    ap.add_argument("--seconds", type=float, default=300.0, help="CPU cap per game")
    ap.add_argument("--cap", action="append", default=[], metavar="GAME=SECONDS",
                    help="a game's own CPU cap instead of --seconds (repeatable)")
    ap.add_argument("--wall", type=float, default=float("inf"),
                    help="wall-clock cap of the whole run, in seconds")
    ap.add_argument("--seed", type=int, default=0, help="the first deal")
    ap.add_argument("--out", type=Path, default=ROWS, help="the rows' CSV (appended)")
    ap.add_argument("--fresh", action="store_true", help="table of this run's rows alone")
    ap.add_argument("--since", action="append", default=[], metavar="GAME=RUN",
                    help="count GAME's rows from run RUN on (e.g. after its review changed); "
                    "repeatable")
    ap.add_argument("--again", action="append", default=[], metavar="GAME=RUN",
                    help="review GAME's stored decisions from run RUN on again, keeping their "
                    "judge's columns; repeatable")
    ap.add_argument("--quick", action="store_true",
                    help="the test's size: one decision a source and game")
    args = ap.parse_args(argv)
    games = list(args.games or registered_games())
    unknown = [g for g in games if g not in registered_games()]
    if unknown:
        print(f"unknown game(s) {', '.join(unknown)}; choose from "
              f"{', '.join(registered_games())}", file=sys.stderr)
        return 2
    if args.quick:
        args.decisions, args.seconds = 1, 20.0
    run = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    mine: list[dict[str, Any]] = []
    until = time.monotonic() + args.wall
    caps: dict[str, float] = {}
    for c in args.cap:
        name, _, value = c.partition("=")
        try:
            caps[name] = float(value)
        except ValueError:
            print(f"--cap takes GAME=SECONDS, not {c!r}", file=sys.stderr)
            return 2
    first, redo = game_runs(args.since, "--since"), game_runs(args.again, "--again")
    if first is None or redo is None:
        return 2
    stored = read(args.out) if redo else []
    for g, stamp in redo.items():
        old = [r for r in stored if r["game"] == g and r["run"] >= stamp]
        mine += again(g, old, caps.get(g, args.seconds), run, args.out, until)
        print(f"{g}: {sum(r['game'] == g for r in mine)} stored decisions reviewed again",
              file=sys.stderr, flush=True)
    for g in games:
        mine += measure(g, args.decisions, caps.get(g, args.seconds), args.seed, run,
                        args.out, until)
        print(f"{g}: {sum(r['game'] == g for r in mine)} decisions", file=sys.stderr,
              flush=True)
    rows = since(mine if args.fresh else [r for r in read(args.out) if r["game"] in games],
                 first)
    print(table(rows, games))
    print(f"rows: {args.out} (this run {run}: {len(mine)}); load now "
          f"{os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
