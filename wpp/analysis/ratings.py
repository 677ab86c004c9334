"""The opponent ladder's ratings: a round robin of a game's levels on duplicate deals,
Bradley–Terry fitted to the results, on the Elo scale relative to the game's reference AI,
with a bootstrap interval over deals.

**The games.** Every pair of levels plays the same deals (seeds ``seed``, ``seed + 1``, …),
each deal in every seating of the pair: with two seats, once each way round (seats swapped);
with more (Pairs is measured at its page's four seats), the two levels alternate around the
table (A B A B) and each deal is played in every distinct rotation of that pattern and of
its swap (four seats: A B A B and B A B A; three seats: all six arrangements of A B A and
B A B), so both levels hold every seat equally often on every deal. Each agent is seeded
from the deal, the seating and its seat, so a run is the same in any process.

**The score of a game.** Each seat of A is compared with each seat of B by their returns —
1 if A's is higher, ½ if equal, 0 if lower — and the game's score for A is the mean of those
comparisons (with two seats: 1 for a win, ½ for a draw, 0 for a loss; OFC counts the hand
won, not its points).

**The fit.** Bradley–Terry (:func:`wpp.analysis.stats.fit_strengths`, the fit behind
:func:`~wpp.analysis.stats.bradley_terry`) on the summed scores, with one virtual draw per
pair so a clean sweep stays finite, reported as ``rating = θ · 400 / ln 10`` with the
reference level at 0. **The interval** is a percentile bootstrap over deals: the deals are
resampled with replacement (every pair's games on a drawn deal go together, keeping the
duplicate pairing and the shared deals) and the fit repeated; the 2.5th and 97.5th
percentiles of each level's rating are its 95% interval. Resampling deals, not games,
counts the luck of the cards once however many seatings a deal was played in; the Fisher
information would treat those games as independent and understate it.

``python -m wpp.analysis.ratings --game ofc --deals 100 --write`` re-measures a game and
writes ``wpp/<package>/data/ladder.json`` (read by :func:`wpp.core.ladder.ladder`), printing
the table and the CPU per move of each level.

>>> rates = rate([Result(d, "a", "b", 1.0 if d % 4 else 0.0) for d in range(40)],
...              ["a", "b"], "b", bootstrap=50)
>>> round(rates["a"].rating), rates["b"].rating, rates["a"].games
(185, 0.0, 40)
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Final

import numpy as np

from wpp.analysis.stats import ELO_PER_NAT, fit_strengths
from wpp.core.checks import check_count, check_seed, fold_seed
from wpp.core.cli_args import KitParser, out_path
from wpp.core.errors import WppError
from wpp.core.ladder import FORMAT, Level, data_path, ladder, make_level_agent
from wpp.core.registry import game_def

__all__ = ["Rating", "Result", "main", "measure", "pairings", "play_deal", "rate", "seatings",
           "table"]

#: Bootstrap resamples behind each interval.
BOOTSTRAP: Final = 1000
#: The first deal's seed of the stored measurements (away from the tests' seeds).
FIRST_SEED: Final = 70_000


@dataclass(frozen=True, slots=True)
class Result:
    """One game of the round robin: its deal, the two levels and A's score in [0, 1]."""

    deal: int
    a: str
    b: str
    score: float


@dataclass(frozen=True, slots=True)
class Rating:
    """A level's rating (Elo, relative to the reference) with its interval and games."""

    rating: float
    low: float
    high: float
    games: int


def seatings(players: int) -> tuple[tuple[int, ...], ...]:
    """Every seating of two levels at ``players`` seats used on each deal: 0 is level A,
    1 level B, alternating around the table, every distinct rotation of the pattern and
    of its swap.

    >>> seatings(2)
    ((0, 1), (1, 0))
    >>> seatings(4)
    ((0, 1, 0, 1), (1, 0, 1, 0))
    >>> len(seatings(3)), sorted(seatings(3))[0]
    (6, (0, 0, 1))
    """
    check_count(players, "the number of seats", 2, 64)
    pattern = tuple(i % 2 for i in range(players))
    out: list[tuple[int, ...]] = []
    for base in (pattern, tuple(1 - x for x in pattern)):
        for r in range(players):
            s = base[r:] + base[:r]
            if s not in out:
                out.append(s)
    return tuple(out)


def _score(returns: Sequence[float], seating: Sequence[int]) -> float:
    """A's score in one game: every seat of A against every seat of B by return."""
    total, n = 0.0, 0
    for sa, who_a in enumerate(seating):
        if who_a != 0:
            continue
        for sb, who_b in enumerate(seating):
            if who_b == 1:
                total += 1.0 if returns[sa] > returns[sb] else 0.5 if returns[sa] == returns[sb] \
                    else 0.0
                n += 1
    return total / n


@dataclass
class _Clock:
    """CPU time and decisions per level."""

    seconds: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)

    def add(self, key: str, seconds: float) -> None:
        self.seconds[key] = self.seconds.get(key, 0.0) + seconds
        self.moves[key] = self.moves.get(key, 0) + 1

    def ms_per_move(self, key: str) -> float:
        moves = self.moves.get(key, 0)
        return 1000 * self.seconds.get(key, 0.0) / moves if moves else math.nan


def play_deal(game: str, a: str, b: str, deal: int, players: int | None = None,
              clock: _Clock | None = None) -> list[Result]:
    """Levels ``a`` and ``b`` of ``game`` on one deal, in every seating (:func:`seatings`):
    one :class:`Result` per game."""
    definition = game_def(game)
    n = definition.default_players if players is None else players
    rules = definition.rules()
    out = []
    for k, seating in enumerate(seatings(n)):
        keys = [a if who == 0 else b for who in seating]
        agents = [make_level_agent(game, key, fold_seed((deal * 64 + k) * 64 + seat))
                  for seat, key in enumerate(keys)]
        state = definition.new(deal, n, rules)
        while not definition.is_over(state):
            p = definition.to_act(state)
            view = definition.view(state, p)
            start = time.process_time()
            action = agents[p].choose(view)
            if clock is not None:
                clock.add(keys[p], time.process_time() - start)
            state = definition.step(state, action, narrate=False)[0]
        out.append(Result(deal, a, b, _score(definition.returns(state), seating)))
    return out


def _fit(results: Sequence[Result], index: dict[str, int], anchor: int) -> np.ndarray:
    k = len(index)
    wins = np.zeros((k, k))
    for r in results:
        i, j = index[r.a], index[r.b]
        wins[i, j] += r.score
        wins[j, i] += 1 - r.score
    return fit_strengths(wins, anchor)[0] * ELO_PER_NAT


def rate(results: Sequence[Result], levels: Sequence[str], reference: str, *,
         bootstrap: int = BOOTSTRAP, seed: int = 0,
         confidence: float = 0.95) -> dict[str, Rating]:
    """Each level's Bradley–Terry rating on the Elo scale, ``reference`` at 0, with a
    percentile bootstrap interval over deals (``bootstrap`` resamples, seeded)."""
    if reference not in levels:
        raise WppError(f"the reference {reference!r} is not one of the levels {list(levels)}")
    index = {key: i for i, key in enumerate(levels)}
    unknown = {r.a for r in results} | {r.b for r in results}
    if unknown - set(index):
        raise WppError(f"results name levels not rated: {sorted(unknown - set(index))}")
    anchor = index[reference]
    point = _fit(results, index, anchor)
    by_deal: dict[int, list[Result]] = {}
    for r in results:
        by_deal.setdefault(r.deal, []).append(r)
    deals = sorted(by_deal)
    rng = random.Random(seed)
    draws = np.empty((bootstrap, len(levels)))
    for b in range(bootstrap):
        sample = [r for _ in deals for r in by_deal[deals[rng.randrange(len(deals))]]]
        draws[b] = _fit(sample, index, anchor)
    tail = (1 - confidence) / 2 * 100
    low = np.percentile(draws, tail, axis=0) if bootstrap else point
    high = np.percentile(draws, 100 - tail, axis=0) if bootstrap else point
    games = {key: 0 for key in levels}
    for r in results:
        games[r.a] += 1
        games[r.b] += 1
    return {key: Rating(float(point[i]), float(low[i]), float(high[i]), games[key])
            for key, i in index.items()}


def pair_scores(results: Iterable[Result]) -> list[dict[str, Any]]:
    """Each pair's games and A's mean score, for the stored file and the printout."""
    sums: dict[tuple[str, str], list[float]] = {}
    for r in results:
        sums.setdefault((r.a, r.b), []).append(r.score)
    return [{"a": a, "b": b, "games": len(s), "score": round(sum(s) / len(s), 4)}
            for (a, b), s in sums.items()]


def pairings(keys: Sequence[str], span: int | None = None) -> list[tuple[str, str]]:
    """The pairs of levels that play: every pair (``span=None``: a full round robin), or
    only levels at most ``span`` rungs apart — for a game whose strongest level is costly,
    the walkovers (random play against the search AI) are left out; the fit needs only a
    connected set of pairs.

    >>> pairings("abcd", span=2)
    [('a', 'b'), ('a', 'c'), ('b', 'c'), ('b', 'd'), ('c', 'd')]
    """
    if span is not None:
        check_count(span, "the span of the round robin (rungs apart)", 1, 64)
    return [(a, b) for (i, a), (j, b) in combinations(enumerate(keys), 2)
            if span is None or j - i <= span]


def _read_log(path: str | None, pairs: Sequence[tuple[str, str]], deals: range
              ) -> tuple[list[Result], _Clock, set[tuple[str, str, int]], dict[int, float]]:
    """The games a previous run of the same measurement logged (one line per pair and
    deal) of these pairs on these deals, so an interrupted run goes on where it stopped
    (and a shorter one is fitted from the log alone)."""
    results: list[Result] = []
    clock = _Clock()
    done: set[tuple[str, str, int]] = set()
    loads: dict[int, float] = {}
    if path is None or not os.path.exists(path):
        return results, clock, done, loads
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if (row["a"], row["b"]) not in pairs or row["deal"] not in deals:
                continue
            done.add((row["a"], row["b"], row["deal"]))
            if "load" in row:
                loads[row["deal"]] = row["load"]
            results.extend(Result(row["deal"], row["a"], row["b"], s) for s in row["scores"])
            for key, (seconds, moves) in row["cpu"].items():
                clock.seconds[key] = clock.seconds.get(key, 0.0) + seconds
                clock.moves[key] = clock.moves.get(key, 0) + moves
    return results, clock, done, loads


def measure(game: str, deals: int, seed: int = FIRST_SEED, *, players: int | None = None,
            span: int | None = None, log: str | None = None,
            progress: bool = True) -> dict[str, Any]:
    """Play the round robin of ``game``'s levels (:func:`pairings`) on ``deals`` deals and
    fit the ratings; the document :func:`wpp.core.ladder.ladder` reads (``format`` …
    ``levels``, ``pairs``). With ``log``, each pair's games on each deal are appended to
    that file as they finish, and games already there are not played again."""
    check_count(deals, "the number of deals per pair", 1, 100_000)
    check_seed(seed, "the first deal's seed")
    definition = game_def(game)
    n = definition.default_players if players is None else players
    check_count(n, f"the number of seats of {definition.title}", definition.min_players,
                definition.max_players)
    levels = ladder(game)
    keys = [lv.key for lv in levels]
    reference = next(lv.key for lv in levels if lv.is_reference)
    pairs = pairings(keys, span)
    results, clock, done, logged_loads = _read_log(log, pairs, range(seed, seed + deals))
    loads: list[float] = list(logged_loads.values())
    # Deal by deal, every pair on each deal before the next, so a run stopped early (its
    # log kept) still has every pair on the same deals.
    for count, deal in enumerate(range(seed, seed + deals), 1):
        load = os.getloadavg()[0]
        if any((a, b, deal) not in done for a, b in pairs):
            loads.append(load)
        for a, b in pairs:
            if (a, b, deal) in done:
                continue
            mine = _Clock()
            played = play_deal(game, a, b, deal, n, mine)
            results.extend(played)
            for key in mine.seconds:
                clock.seconds[key] = clock.seconds.get(key, 0.0) + mine.seconds[key]
                clock.moves[key] = clock.moves.get(key, 0) + mine.moves[key]
            if log is not None:
                with open(log, "a", encoding="utf-8") as f:
                    f.write(json.dumps({"a": a, "b": b, "deal": deal,
                                        "scores": [r.score for r in played],
                                        "load": load,
                                        "cpu": {k: [mine.seconds[k], mine.moves[k]]
                                                for k in mine.seconds}}) + "\n")
        if progress and (count % max(1, deals // 10) == 0 or count == deals):
            line = ", ".join(f"{a}–{b} {s['score']:.3f}" for s in pair_scores(results)
                             for a, b in [(s["a"], s["b"])])
            print(f"  {count} deals (load {load:.1f}): {line}", file=sys.stderr,
                  flush=True)
    if not loads:  # everything came from the log
        loads.append(os.getloadavg()[0])
    rates = rate(results, keys, reference)
    return {
        "format": FORMAT[0], "version": FORMAT[1], "game": game,
        "reference": reference, "reference_agent": levels[keys.index(reference)].agent,
        "measured": datetime.date.today().isoformat(),
        "players": n, "deals_per_pair": deals, "first_seed": seed,
        "pairs_played": "every pair" if span is None else f"levels at most {span} apart",
        "seatings": [list(s) for s in seatings(n)],
        "games": len(results),
        "score": "each seat of A against each seat of B by return: 1 higher, ½ equal, 0 "
                 "lower; a game's score is their mean",
        "fit": "Bradley–Terry by maximum likelihood, one virtual draw per pair, Elo = "
               "θ·400/ln 10, the reference at 0",
        "interval": f"95% percentile bootstrap over deals, {BOOTSTRAP} resamples",
        "load": {"min": round(min(loads), 2), "max": round(max(loads), 2),
                 "mean": round(sum(loads) / len(loads), 2),
                 "what": "1-minute load average of the machine (2 cores), sampled before "
                         "each deal (as logged, for a resumed run)"},
        "cpu_seconds": round(sum(clock.seconds.values()), 1),
        "levels": [{"key": lv.key, "agent": lv.agent, "budget": lv.budget,
                    "rating": round(rates[lv.key].rating, 1),
                    "low": round(rates[lv.key].low, 1), "high": round(rates[lv.key].high, 1),
                    "games": rates[lv.key].games,
                    "cpu_ms_per_move": round(clock.ms_per_move(lv.key), 3)}
                   for lv in levels],
        "pairs": pair_scores(results),
    }


def _signed(x: float) -> str:
    return f"{'+' if x > 0 else '−' if x < 0 else ''}{abs(x):.0f}"


def table(doc: dict[str, Any], levels: Sequence[Level] | None = None) -> str:
    """A measurement as a Markdown table (the README's): level, what it is, rating and
    interval, games, CPU per move."""
    described = {lv.key: lv for lv in (levels or ladder(doc["game"]))}
    lines = ["| level | agent and budget | rating [95% interval] | games | CPU per move |",
             "|---|---|---|---|---|"]
    for row in doc["levels"]:
        lv = described.get(row["key"])
        budget = ", ".join(f"{k}={v}" for k, v in row["budget"].items())
        name = lv.name if lv else row["key"]
        rating = ("0 (reference)" if row["key"] == doc["reference"] else
                  f"{_signed(row['rating'])} [{_signed(row['low'])}, {_signed(row['high'])}]")
        lines.append(f"| {name} | `{row['agent']}`{' ' + budget if budget else ''} | {rating} "
                     f"| {row['games']:,} | {row['cpu_ms_per_move']:.2f} ms |")
    return "\n".join(lines)


def headline(doc: dict[str, Any]) -> str:
    """One line on how a measurement was made: games, deals, seats, load, the agents' CPU,
    date."""
    return (f"{game_def(doc['game']).title}: {doc['games']:,} games, {doc['deals_per_pair']} "
            f"deals per pair ({doc['pairs_played']}), {doc['players']} seats, load "
            f"{doc['load']['mean']} ({doc['load']['min']}–{doc['load']['max']}), "
            f"{doc['cpu_seconds']} s of the agents' CPU, {doc['measured']}")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wpp.analysis.ratings --game NAME [--deals N] [--seed S] [--write]``."""
    parser = KitParser(prog="python -m wpp.analysis.ratings",
                       description="Measure a game's opponent ladder.")
    parser.add_argument("--game", required=True)
    # --deals, --seed, --players and --span are checked by measure(), in its own words.
    parser.add_argument("--deals", type=int, default=20, help="deals per pair of levels")
    parser.add_argument("--seed", type=int, default=FIRST_SEED, help="the first deal's seed")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--span", type=int, default=None,
                        help="play only levels at most this many rungs apart (default: all)")
    parser.add_argument("--log", type=out_path, default=None,
                        help="append each deal's games here; a rerun skips those logged")
    parser.add_argument("--write", action="store_true",
                        help="write wpp/<package>/data/ladder.json")
    parser.add_argument("--out", type=out_path, default=None,
                        help="write the document here instead")
    parser.add_argument("--show", action="store_true",
                        help="print the stored measurement instead of measuring")
    args = parser.parse_args(argv)
    if args.write and not args.out:  # the stored file: checked before any game, as --out is
        try:
            out_path(str(data_path(args.game)))
        except (argparse.ArgumentTypeError, WppError) as err:
            parser.error(f"--write: {err}")
    try:
        if args.show:
            stored = json.loads(data_path(args.game).read_text(encoding="utf-8"))
            print(headline(stored))
            print(table(stored))
            return 0
        doc = measure(args.game, args.deals, args.seed, players=args.players,
                      span=args.span, log=args.log)
    except (WppError, OSError, ValueError, KeyError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if args.write or args.out:
        path = Path(args.out) if args.out else data_path(args.game)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)
    print(headline(doc))
    print(table(doc))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
