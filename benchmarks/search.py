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
* ``reading the record ms`` — :meth:`~wpp.warpairs.ai.inference.Inference.solve` at its default
  budget over the same decisions (part of each decision's time), and how often it found a
  deal consistent with the record;
* ``counting decision µs`` against ``classic decision µs`` on the same views.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.counting_agent import CountingAgent
from wpp.warpairs.ai.inference import Inference
from wpp.warpairs.ai.search import DEFAULT_PLAYOUTS, SearchAgent, classic_playout, determinise
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["run"]


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
    found = 0
    start = time.perf_counter()
    for v in readable:
        found += Inference(v, random.Random(seed)).solve()
    spent = time.perf_counter() - start
    out["reading the record ms (mean)"] = spent / max(1, len(readable)) * 1e3
    out["reading the record: consistent deal found"] = f"{found / max(1, len(readable)):.0%}"
    out["classic decision µs"] = _per_call_us(ClassicAgent().choose, views)
    out["counting decision µs"] = _per_call_us(CountingAgent().choose, views)
    return out
