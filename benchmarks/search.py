"""Speed of the search AI (:mod:`wpp.warpairs.ai.search`): how many playouts per second its playout
policy makes, and how long one decision takes at the default budget; the counting AI's
decision time next to the classic AI's, measured in the same run on the same positions.

A playout is a whole game from a position: the faster it is, the more playouts fit in a
second and the stronger the search at a fixed time per move.

* ``playouts/s from the first lead`` — :func:`~wpp.warpairs.ai.search.classic_playout` (the classic
AI
  in both seats, the engine's own step) from positions right after the mulligan;
* ``playouts/s from mid-game`` — from positions a few tricks in (what the search plays);
* ``… stepping states (peer)`` — the same playouts through the engine's ``step``, one
  immutable state per action (what the search used before the fast board);
* ``search decision ms (default budget, median / p90)`` — :meth:`SearchAgent.choose` at
  :data:`~wpp.warpairs.ai.search.DEFAULT_PLAYOUTS` playouts, over the decisions of real games;
* ``search mulligan ms`` — the same budget at P1's mulligan (searched too, with a longer
  race, each playout a whole game);
* ``reading the record CPU ms`` — :meth:`~wpp.warpairs.ai.reading.Reading.run` at its default
  budget over the same decisions (part of each decision's time), and how often the record
  left less than half of uniform re-deals effective (classic-vs-classic games);
* ``counting decision µs`` against ``classic decision µs`` on the same views;
* **the search's edge** against opponents (:func:`edge`): on duplicate deals (each played
  twice, the seats swapped), the search's score against an opponent X minus the classic AI's
  score against X on the same deals and seats (X seeded the same in both games), with a 95%
  interval over the deals; the search's CPU ms per move; and how much the record helped its
  worlds: at each of its decisions where the record was read, the share of uniform re-deals
  the record left effective (:attr:`~wpp.warpairs.ai.reading.Reading.uniform_share`; "reading
  helps" when below one half), and the share of the opponent's real cards its weighted worlds
  gave it against what uniform re-deals give (the benchmark knows the real deal; the search
  never sees it).

Small by default; the big run is set by environment variables: ``WPP_EDGE_DEALS`` (deals per
opponent, default 2, 1 with ``--quick``), ``WPP_EDGE_OPPONENTS`` (comma-separated, an
opponent's options after a colon: ``noisy:0.2`` is the noisy classic at 20%; default all six
rows, with ``--quick`` that one), ``WPP_EDGE_PLAYOUTS`` (the search's budget, default its
default), ``WPP_EDGE_SEED`` (the first deal, default 40,000) and ``WPP_EDGE_LOG`` (a file
to append one JSON line per game to: a long run can be summarised while it runs, or after
it is stopped, with ``python -m benchmarks.search LOG``). The deals go round the opponents
(deal 1 against each, then deal 2, …), so a run stopped early has the same deals in every
row.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any

from wpp.core.intervals import wilson
from wpp.core.registry import make_agent, new_game
from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.counting_agent import CountingAgent
from wpp.warpairs.ai.inference import Inference
from wpp.warpairs.ai.reading import Reading
from wpp.warpairs.ai.search import DEFAULT_PLAYOUTS, SearchAgent, classic_playout, determinise
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["EDGE_OPPONENTS", "edge", "edge_table", "run"]

#: The rows of the edge table: the classic AI, the noisy classic at 10%, 20% and 40%, the
#: counting AI and the greedy AI.
EDGE_OPPONENTS = ("classic", "noisy:0.1", "noisy:0.2", "noisy:0.4", "counting", "greedy")


def _positions(n_games: int, seed: int) -> list[GameState]:
    """The states of classic-vs-classic games after the mulligan, where someone decides."""
    ai = ClassicAgent()
    out = []
    for g in range(seed, seed + n_games):
        s = GameState.new(g)
        while s.phase is not Phase.OVER:
            if s.phase is not Phase.MULLIGAN:
                out.append(s)
            s = step(s, ai.choose(s.view(s.to_act)), narrate=False)[0]
    return out


def _stepped_playout(state: GameState) -> GameState:
    """The peer: the same playout stepping the engine's immutable states one by one."""
    s = state
    while s.phase is not Phase.OVER:
        s = step(s, classic_decision(s.view(s.to_act), explain=False)[0], narrate=False)[0]
    return s


def _per_second(fn: Callable[[GameState], object], states: list[GameState]) -> float:
    start = time.perf_counter()
    for s in states:
        fn(s)
    dt = time.perf_counter() - start
    return len(states) / dt if dt > 0 else float("inf")


def _per_call_us(fn: Callable[[View], object], views: list[View]) -> float:
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        for v in views:
            fn(v)
        best = min(best, (time.perf_counter() - start) / len(views))
    return best * 1e6


def run(quick: bool = False, seed: int = 77) -> dict[str, float | str]:
    """Measure the figures of the module docs (``quick``: fewer games and decisions).

    >>> figures = run(quick=True)
    >>> figures["playouts/s from the first lead"] > 0
    True
    """
    n_games = 3 if quick else 20
    states = _positions(n_games, seed)
    rng = random.Random(seed)
    first = [determinise(s.view(s.to_act), rng) for s in states if s.actions == 2]
    middle = [determinise(s.view(s.to_act), rng) for s in states if s.actions > 6]
    views = [s.view(s.to_act) for s in states]
    out: dict[str, float | str] = {
        "load average at start (1 min)": f"{os.getloadavg()[0]:.2f}",
        "playouts/s from the first lead": _per_second(classic_playout, first * 3),
        "playouts/s from mid-game": _per_second(classic_playout, middle),
        "playouts/s from the first lead, stepping states (peer)": _per_second(
            _stepped_playout, first * 3),
    }
    agent = SearchAgent(seed, playouts=DEFAULT_PLAYOUTS)
    sample = views[:: max(1, len(views) // (8 if quick else 40))]
    times = []
    for v in sample:
        start = time.perf_counter()
        agent.choose(v)
        times.append(time.perf_counter() - start)
    times.sort()
    out[f"search decision ms ({DEFAULT_PLAYOUTS} playouts, median)"] = (
        statistics.median(times) * 1e3)
    out[f"search decision ms ({DEFAULT_PLAYOUTS} playouts, p90)"] = (
        times[min(len(times) - 1, int(len(times) * 0.9))] * 1e3)
    # The mulligan is searched too (a longer race, whole games): once per game and seat.
    mulligans = [GameState.new(g).view(0) for g in range(seed, seed + (2 if quick else 10))]
    start = time.perf_counter()
    for v in mulligans:
        agent.choose(v)
    out[f"search mulligan ms ({DEFAULT_PLAYOUTS} playouts, mean)"] = (
        (time.perf_counter() - start) / len(mulligans) * 1e3)
    readable = [v for v in sample if Inference.applies(v)]
    helps = 0
    start = time.process_time()
    for v in readable:
        reading = Reading(v, random.Random(seed))
        if reading.run():
            helps += reading.uniform_share < 0.5
    spent = time.process_time() - start
    out["reading the record CPU ms (mean)"] = spent / max(1, len(readable)) * 1e3
    out["reading the record: uniform re-deals left under half effective"] = (
        f"{helps / max(1, len(readable)):.0%}")
    out["classic decision µs"] = _per_call_us(ClassicAgent().choose, views)
    out["counting decision µs"] = _per_call_us(CountingAgent().choose, views)
    out.update(_edge_figures(quick))
    return out


def _opponent(spec: str, seed: int) -> Any:
    """The agent an opponent spec names (``noisy:0.2``: the noisy classic at that rate)."""
    name, _, rate = spec.partition(":")
    return make_agent("warpairs", name, seed, **({"rate": float(rate)} if rate else {}))


def _game(deal: int, seat: int, me: Any, spec: str, log: dict[str, Any] | None) -> float:
    """One game of ``me`` in ``seat`` against the opponent ``spec`` on ``deal``: its score
    (draws ½). With ``log`` (a search agent), its CPU time, moves and readings go there."""
    history = new_game("warpairs", deal)
    bots = [_opponent(spec, deal * 7 + s) for s in range(2)]
    bots[seat] = me
    while not history.is_over:
        p = history.to_act
        view = history.view(p)
        if p == seat and log is not None:
            start = time.process_time()
            r = me.result(view)
            log["cpu"] += time.process_time() - start
            log["moves"] += 1
            action = r.chosen
            if r.read is not None:
                real = set(history.state.hands[1 - p])
                held = sum(w * len(real & set(h)) for h, w in r.read.opponent_hands)
                unseen = view.opponent_hand_size + view.deck_size
                log["reads"].append({
                    "uniform_share": round(r.read.uniform_share, 4),
                    "ess": round(r.read.ess, 2), "hands": r.read.hands,
                    "held": round(held / len(real), 4),
                    "held_uniform": round(view.opponent_hand_size / unseen, 4),
                    "kind": r.read.kind, "rate": round(r.read.rate, 3)})
        else:
            action = bots[p].choose(view)
        history.apply(action)
    winner = history.state.winner
    return 0.5 if winner is None else float(winner == seat)


def edge(opponents: Iterable[str], deals: int, seed: int, *,
         playouts: int = DEFAULT_PLAYOUTS, log: str | None = None) -> list[dict[str, Any]]:
    """Play the search and the classic AI against each opponent on ``deals`` duplicate deals
    from ``seed`` (the deals round the opponents): one record per game pair (a deal and a
    seat), the search's and the classic AI's scores on it, appended to ``log`` as it goes."""
    opponents = list(opponents)
    out = []
    for deal in range(seed, seed + deals):
        for spec in opponents:
            for seat in (0, 1):
                me = SearchAgent(deal * 7 + seat, playouts=playouts)
                rec: dict[str, Any] = {"opponent": spec, "deal": deal, "seat": seat,
                                       "playouts": playouts, "cpu": 0.0, "moves": 0,
                                       "reads": [], "load": round(os.getloadavg()[0], 2)}
                rec["search"] = _game(deal, seat, me, spec, rec)
                rec["classic"] = _game(deal, seat, ClassicAgent(), spec, None)
                out.append(rec)
                if log:
                    with open(log, "a", encoding="utf-8") as f:
                        f.write(json.dumps(rec) + "\n")
    return out


def edge_table(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The edge table from game records (:func:`edge`), one row per opponent: games, the
    search's and the classic AI's scores with 95% Wilson intervals, the edge with a 95%
    interval over the deals (each deal's two seats averaged: a paired difference), the
    search's CPU ms per move, the load, and the reading's figures."""
    by: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by.setdefault(r["opponent"], []).append(r)
    rows = []
    for spec, recs in by.items():
        deals: dict[int, list[float]] = {}
        for r in recs:
            deals.setdefault(r["deal"], []).append(r["search"] - r["classic"])
        diffs = [sum(d) / len(d) for d in deals.values()]
        n = len(diffs)
        mean = sum(diffs) / n
        sd = statistics.stdev(diffs) if n > 1 else float("nan")
        half = 1.96 * sd / math.sqrt(n) if n > 1 else float("nan")
        games = len(recs)
        s_iv = wilson(sum(r["search"] for r in recs), games)
        c_iv = wilson(sum(r["classic"] for r in recs), games)
        reads = [x for r in recs for x in r["reads"]]
        moves = sum(r["moves"] for r in recs)
        rows.append({
            "opponent": spec, "games": games,
            "search": f"{s_iv.estimate:.3f} [{s_iv.low:.3f}, {s_iv.high:.3f}]",
            "classic": f"{c_iv.estimate:.3f} [{c_iv.low:.3f}, {c_iv.high:.3f}]",
            "edge": f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]",
            "CPU ms/move": round(1e3 * sum(r["cpu"] for r in recs) / max(moves, 1), 1),
            "load": round(statistics.mean(r["load"] for r in recs), 2),
            "read positions": len(reads),
            "reading helps": (f"{sum(x['uniform_share'] < 0.5 for x in reads) / len(reads):.0%}"
                              if reads else "—"),
            "real cards held": (f"{statistics.mean(x['held'] for x in reads):.3f} vs "
                                f"{statistics.mean(x['held_uniform'] for x in reads):.3f} "
                                "uniform") if reads else "—",
        })
    return rows


def _edge_figures(quick: bool) -> dict[str, float | str]:
    env = os.environ
    deals = int(env.get("WPP_EDGE_DEALS", "1" if quick else "2"))
    default = "noisy:0.2" if quick else ",".join(EDGE_OPPONENTS)
    specs = [x for x in env.get("WPP_EDGE_OPPONENTS", default).split(",") if x]
    playouts = int(env.get("WPP_EDGE_PLAYOUTS", str(DEFAULT_PLAYOUTS)))
    seed = int(env.get("WPP_EDGE_SEED", "40000"))
    records = edge(specs, deals, seed, playouts=playouts, log=env.get("WPP_EDGE_LOG"))
    out: dict[str, float | str] = {}
    for row in edge_table(records):
        spec = row.pop("opponent")
        out[f"edge vs {spec} ({row.pop('games')} games, {playouts} playouts)"] = (
            f"{row.pop('edge')}; search {row.pop('search')}, classic {row.pop('classic')}; "
            + "; ".join(f"{k} {v}" for k, v in row.items()))
    return out


def main(argv: list[str]) -> int:
    """``python -m benchmarks.search LOG…``: the edge table of the game records in LOG."""
    records = []
    for path in argv:
        with open(path, encoding="utf-8") as f:
            records += [json.loads(line) for line in f if line.strip()]
    rows = edge_table(records)
    if not rows:
        print("no records")
        return 1
    cols = list(rows[0])
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for row in rows:
        print("| " + " | ".join(str(row[c]) for c in cols) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
