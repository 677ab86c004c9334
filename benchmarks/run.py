"""The speed figures the README records: ``python -m benchmarks`` (or ``make bench``).

Everything runs in this one process, on one core, and the peers are measured in the same run
on the same inputs (``treys`` for 5-card evaluation), so the comparison survives a noisy
machine. Each figure is the best of a few repeats (the least disturbed one). Sections written
with the other parts of the kit (the classic AI, classic poker, analysis) are added when those
packages are present.

    python -m benchmarks            # everything
    python -m benchmarks --quick    # fewer repeats, for a smoke run
    python -m benchmarks --only engine
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import play_game
from wpp.warpairs.lookup import classify, play_of
from wpp.warpairs.phases import Phase
from wpp.warpairs.playout import RANDOM, Policy, playout
from wpp.warpairs.plays import IllegalPlay
from wpp.warpairs.random_games import play_random_games
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import legal_actions

__all__ = ["engine", "main"]


def _best(fn: Callable[[], int], repeats: int) -> float:
    """Items per second of the fastest of ``repeats`` runs of ``fn`` (which returns a count)."""
    best = 0.0
    for _ in range(repeats):
        t = time.perf_counter()
        n = fn()
        dt = time.perf_counter() - t
        best = max(best, n / dt)
    return best


def _treys_hands(hands: list[tuple[Card, ...]]) -> tuple[Callable[[], int], str] | None:
    try:
        from treys import Card as TreysCard  # type: ignore[import-untyped]
        from treys import Evaluator
    except ImportError:
        return None
    ranks, suits = "23456789TJQKA", "dchs"
    converted = [[TreysCard.new(ranks[c >> 2] + suits[c & 3]) for c in h] for h in hands]
    evaluator = Evaluator()

    def run() -> int:
        for h in converted:
            evaluator.evaluate(h[:3], h[3:])
        return len(converted)

    return run, "treys.Evaluator.evaluate"


def _openspiel_dou_dizhu(n_games: int) -> dict[str, Callable[[], int]] | None:
    """Random Dou Dizhu games in OpenSpiel's C++ engine, driven from Python: the peer issue
    #2 names for random games/s. Two drivers, since the figure depends on the loop: a lean
    one (``random.choice`` over the legal actions, chance nodes included, as OpenSpiel's
    ``benchmark_games.py`` does) and the loop of OpenSpiel's ``example.py`` (chance outcomes
    sampled with their probabilities by ``numpy.random.choice``)."""
    try:
        import numpy as np
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(0)
    np_rng = np.random.default_rng(0)

    def lean() -> int:
        for _ in range(n_games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions(state.current_player())))
        return n_games

    def example_loop() -> int:
        for _ in range(n_games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(int(np_rng.choice(outcomes, p=probs)))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
        return n_games

    return {"lean loop": lean, "example.py loop": example_loop}


def _midgame(seed: int, actions: int = 20) -> GameState:
    """The state ``actions`` random actions into the deal of ``seed``."""
    state = GameState.new(seed)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    while not state.is_over and state.actions < actions:
        state, _ = step(state, agents[state.to_act].choose(state.view(state.to_act)),
                        narrate=False)
    return state


def engine(quick: bool = False) -> dict[str, float | str]:
    """The engine's figures: random games/s (through the Game API and on the simulation path,
    which must play the same games), actions/s, playouts/s from mid-game states,
    legal_actions at a 13-card lead, classify/s."""
    repeats = 2 if quick else 5
    n_games = 100 if quick else 400
    out: dict[str, float | str] = {}

    # Random vs random, whole games through the Game API, no history.
    ends: list[tuple[int | None, int]] = []  # each game's winner and length

    def games() -> int:
        ends.clear()
        for seed in range(n_games):
            g = play_game((RandomAgent(seed), RandomAgent(seed + 1)), seed, history=False)
            ends.append((g.state.winner, g.state.actions))
        return n_games

    api_rate = _best(games, repeats)
    out["random games/s (Game API)"] = api_rate
    actions_played = sum(n for _, n in ends)
    out["actions/s (Game API)"] = api_rate * actions_played / n_games
    out["actions per game"] = actions_played / n_games

    # The same games on the simulation path (wpp.warpairs.random_games), more of them. The first
    # n_games must end as the games above did (winner and length; the tests compare them
    # action by action).
    n_fast = 5 * n_games
    fast_ends: list[tuple[int | None, int]] = []
    fast_actions = 0

    def fast_games() -> int:
        nonlocal fast_actions
        fast_ends[:] = [(r.winner, r.actions) for r in play_random_games(n_games)]
        fast_actions = sum(n for _, n in fast_ends)
        for r in play_random_games(n_fast - n_games, seed=n_games):
            fast_actions += r.actions
        return n_fast

    fast_rate = _best(fast_games, repeats)
    out["random games/s (wpp.warpairs.random_games)"] = fast_rate
    out["actions/s (wpp.warpairs.random_games)"] = fast_rate * fast_actions / n_fast
    out["same winners and lengths on both paths"] = "yes" if fast_ends == ends else "NO"
    out["wpp.warpairs.random_games / Game API"] = fast_rate / api_rate

    # Playouts from the middle of games (wpp.warpairs.playout, what a searching agent runs): random
    # seats on both sides, and the classic AI's choose() against a random seat.
    starts = [_midgame(seed) for seed in range(n_games // 4)]
    rng = random.Random(1)

    def playouts(policies: tuple[Policy, Policy], k: int) -> Callable[[], int]:
        def run() -> int:
            for s in starts[:k]:
                playout(s, policies, rng)
            return k
        return run

    out["playouts/s from mid-game (random seats)"] = _best(
        playouts((RANDOM, RANDOM), len(starts)), repeats)
    out["playouts/s from mid-game (classic vs random)"] = _best(
        playouts((ClassicAgent().choose, RANDOM), len(starts) // 4), repeats)
    drivers = _openspiel_dou_dizhu(n_fast)
    if drivers is None:
        out["OpenSpiel dou_dizhu games/s"] = "not installed (the bench extra installs it)"
    else:
        for loop, run in drivers.items():
            rate = _best(run, repeats)
            out[f"OpenSpiel dou_dizhu games/s ({loop})"] = rate
            out[f"wpp.warpairs.random_games / OpenSpiel ({loop})"] = fast_rate / rate

    # The same games with full history and narration (what a UI pays).
    def games_with_history() -> int:
        for seed in range(n_games // 4):
            play_game((RandomAgent(seed), RandomAgent(seed + 1)), seed)
        return n_games // 4

    out["random games/s (history+narration)"] = _best(games_with_history, repeats)

    # legal_actions() for a 13-card hand leading a fresh trick.
    rng = random.Random(7)
    views = []
    for _ in range(200):
        cards = rng.sample(CARDS, 26)
        s = GameState.custom((cards[:13], cards[13:26]), to_act=0, phase=Phase.LEAD)
        views.append(s.view(0))
    sizes = [len(legal_actions(v)) for v in views]

    def legal() -> int:
        for v in views:
            legal_actions(v)
        return len(views)

    out["legal_actions µs (13 cards, lead)"] = 1e6 / _best(legal, repeats)
    out["legal actions at a 13-card lead (mean)"] = statistics.mean(sizes)

    # 5-card classification, on random 5-card sets (about 1% are plays).
    hands = [tuple(rng.sample(CARDS, 5)) for _ in range(20_000 if quick else 100_000)]
    play_of(hands[0])  # build the lookup table outside the timing

    def classify_all() -> int:
        for h in hands:
            try:  # noqa: SIM105 - a context manager per call would distort the timing
                classify(h)
            except IllegalPlay:
                pass
        return len(hands)

    def play_of_all() -> int:
        for h in hands:
            play_of(h)
        return len(hands)

    out["classify/s (5 random cards, refusals explained)"] = _best(classify_all, repeats)
    out["play_of/s (5 random cards)"] = _best(play_of_all, repeats)
    peer = _treys_hands(hands)
    if peer is not None:
        out["treys evaluate/s (same hands)"] = _best(peer[0], repeats)
    return out


# The kit's own sections beyond the engine: module path → section title.
_KIT_SECTIONS = {
    "benchmarks.ai": "Classic AI",
    "benchmarks.classic": "Classic poker evaluator",
    "benchmarks.analysis": "Tournaments (process pool)",
    "benchmarks.search": "Search AI (playouts) and counting AI",
    "benchmarks.review": "Game review",
}


def _game_sections() -> dict[str, str]:
    """A section for every registered game that has a module ``benchmarks/<game>.py``, titled
    by the game: adding a game and its benchmark needs no edit here."""
    from importlib.util import find_spec

    from wpp.core.registry import game_def, registered_games

    return {f"benchmarks.{name}": game_def(name).title for name in registered_games()
            if find_spec(f"benchmarks.{name}") is not None}


_SECTIONS = {**_KIT_SECTIONS, **_game_sections()}


def _number(v: float) -> str:
    """Large figures to one decimal, small ones (ratios, µs) to two."""
    return f"{v:,.2f}" if abs(v) < 10 else f"{v:,.1f}"


def _print(title: str, figures: dict[str, Any]) -> None:
    print(f"\n## {title}")
    width = max(len(k) for k in figures)
    for k, v in figures.items():
        text = _number(v) if isinstance(v, float) else str(v)
        print(f"  {k.ljust(width)}  {text}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer games and repeats")
    parser.add_argument("--only", choices=["engine", *(m.split(".")[1] for m in _SECTIONS)],
                        help="run one section only")
    args = parser.parse_args(argv)
    print(f"WarPairsPoker benchmark — Python {sys.version.split()[0]}, one process")
    if args.only in (None, "engine"):
        _print("Engine", engine(args.quick))
    for module, title in _SECTIONS.items():
        if args.only not in (None, module.split(".")[1]):
            continue
        try:
            run = import_module(module).run
        except (ImportError, AttributeError):
            print(f"\n## {title}\n  (not available: {module} has no run())")
            continue
        _print(title, run(**({"quick": True} if args.quick and _takes_quick(run) else {})))
    return 0


def _takes_quick(fn: Callable[..., Any]) -> bool:
    import inspect

    return "quick" in inspect.signature(fn).parameters


if __name__ == "__main__":
    sys.exit(main())
