"""CardStock's analysis of Pairs, reproduced: game length, the AI's win and non-loss rates,
the first seat's win rate, the heuristics (Order, Fairness, Convergence, Spread, Drama,
Security), and the single-round expected points when nobody folds.

The experiments of the blog (sibling-games §4.3–4.5) are *cells*: a player count ``N`` and a
line-up — ``"random"`` (everyone random), ``"one_ai"`` (one PIPMC AI, the rest random; the
AI's seat rotates from game to game, so that no seat's advantage is credited to it) or
``"all_ai"``. :func:`play_cell` plays a cell's games and returns one :class:`PairsGame`
record each; :func:`run_table` plays many cells, in worker processes (``workers``) or on any
:class:`concurrent.futures.Executor` (a Dask cluster's ``client.get_executor()``), with a tqdm
progress bar; :func:`summary` and :func:`heuristics` compute the published figures with 95%
intervals; :func:`per_seat_frame` gives one row per seat of every game (pandas; Parquet with
``frame.to_parquet``).

Games are played through the kit's protocol (the registry's game and agents); a PIPMC seat's
move estimates are read from the agent itself (:meth:`PIPMC.estimates
<wpp.pairs.agents.PIPMC.estimates>`), so the recorded values are the ones it acted on.

This module depends on the kit's core only (the registry, the arena's intervals); what is
generic in it — seat-rotated line-ups, per-seat rows, the CardStock metrics for any game
whose agents report estimates — belongs in ``wpp.analysis`` once that package is generic.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import TYPE_CHECKING, Any, Final

from wpp.core.checks import fold_seed
from wpp.core.errors import WppError
from wpp.core.intervals import Interval, mean_interval, wilson
from wpp.core.registry import make_agent, new_game
from wpp.pairs.agents import PIPMC
from wpp.pairs.board import Board
from wpp.pairs.cards import DECK
from wpp.pairs.game import ranks
from wpp.pairs.rules import PairsRules

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["LINEUPS", "PUBLISHED", "REIMPLEMENTATION", "PairsGame", "heuristics",
           "main", "mean_points", "no_fold_round", "per_seat_frame", "play_cell", "play_game",
           "run_table", "summary"]

LINEUPS: Final = ("random", "one_ai", "all_ai")

#: The blog's June-2019 figures (sibling-games §4.5(a), read off the plots), by N = 2…5.
PUBLISHED: Final = {
    "choices random": (16.3, 16.7, 16.2, 15.8),
    "choices one_ai": (19.0, 17.5, 16.5, 15.4),
    "choices all_ai": (25.2, 28.6, 28.2, 27.9),
    "ai win rate": (0.72, 0.70, 0.67, 0.72),
    "ai non-loss rate": (0.72, 0.95, 0.92, 0.97),
    "first seat win rate": (0.56, 0.33, 0.31, 0.26),
}
#: The published heuristics row (4 players).
PUBLISHED_HEURISTICS: Final = {"Order": 0.56, "Fairness": 0.92, "Convergence": 0.50,
                               "Spread": 0.21, "Drama": 0.41, "Security": 0.24}
#: The independent re-implementation of §4.5(d): all random, 20,000 games, N = 2…5, and the
#: no-fold single round (4 players, 400,000 rounds) by turn position.
REIMPLEMENTATION: Final = {
    "choices random": (17.0, 16.5, 15.7, 14.7),
    "first seat win rate": (0.49, 0.35, 0.30, 0.30),
    "no-fold min start": (1.74, 2.57, 1.99, 1.57),
    "no-fold random start": (2.77, 2.14, 1.69, 1.36),
    "mean final points per player": (25.6, 14.4, 9.28, 6.53),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """One recorded AI decision: who, the branching factor, and each move's estimate as a
    scaled rank (1 best, 0 worst), with the chosen move's index."""

    player: int
    estimates: tuple[float, ...]
    chosen: int


@dataclass(frozen=True, slots=True)
class PairsGame:
    """One game of a cell: the line-up, its length and how it ended."""

    players: int
    lineup: str
    seed: int
    agents: tuple[str, ...]
    choices: int
    totals: tuple[int, ...]
    branching: tuple[int, ...] = ()
    decisions: tuple[Decision, ...] = field(default=())

    @property
    def ranks(self) -> tuple[int, ...]:
        return ranks(self.totals)

    @property
    def loser(self) -> int:
        return max(range(self.players), key=lambda s: self.totals[s])

    @property
    def ai_seat(self) -> int | None:
        """The AI's seat in a one-AI game."""
        return self.agents.index("pipmc") if self.lineup == "one_ai" else None

    def wins(self, seat: int) -> bool:
        """Ranked first (the lowest score; a tie for it counts, as in CardStock's ranks)."""
        return self.ranks[seat] == 1


def lineup(name: str, players: int, game_index: int) -> tuple[str, ...]:
    """The agents of game ``game_index`` of a cell (the one AI's seat rotates)."""
    if name == "random":
        return ("random",) * players
    if name == "all_ai":
        return ("pipmc",) * players
    if name == "one_ai":
        seat = game_index % players
        return tuple("pipmc" if s == seat else "random" for s in range(players))
    raise WppError(f"a line-up is one of {', '.join(LINEUPS)}, not {name!r:.20}")


def play_game(players: int, name: str, seed: int, game_index: int = 0, *,
              objective: str = "rank", playouts: int = 10, record: bool = False,
              **flags: Any) -> PairsGame:
    """One game of line-up ``name``: deal ``seed``; agents seeded from it. ``record`` keeps
    every AI decision's estimates (for Spread, Drama, Security) and the branching factors."""
    agents = lineup(name, players, game_index)
    history = new_game("pairs", seed=seed, players=players, **flags)
    bots = [make_agent("pairs", "random", fold_seed(seed * 11 + s)) if a == "random" else
            PIPMC(seed * 11 + s, playouts, objective) for s, a in enumerate(agents)]
    decisions: list[Decision] = []
    branching: list[int] = []
    while not history.is_over:
        p = history.to_act
        view = history.view(p)
        bot = bots[p]
        if record:
            branching.append(len(view.legal_actions()))
        if record and isinstance(bot, PIPMC):
            estimates = bot.estimates(view)
            chosen = bot.best(estimates)
            decisions.append(Decision(p, tuple(e.scaled for e in estimates), chosen))
            action = estimates[chosen].action
        else:
            action = bot.choose(view)
        history.apply(action)
    return PairsGame(players, name, seed, agents, len(history.actions), history.state.totals,
                     tuple(branching), tuple(decisions))


def _cell_seed(players: int, name: str, seed: int) -> int:
    return seed + 1_000_003 * players + 10_007 * LINEUPS.index(name)


def _play_chunk(job: tuple[int, str, int, int, int, dict[str, Any]]) -> list[PairsGame]:
    players, name, first, count, base, options = job
    return [play_game(players, name, base + i, i, **options)
            for i in range(first, first + count)]


def play_cell(players: int, name: str, games: int, seed: int = 0, **options: Any
              ) -> list[PairsGame]:
    """The ``games`` games of one cell, in this process."""
    return run_table([players], [name], games, seed, workers=1, progress=False,
                     **options)[(players, name)]


def run_table(player_counts: Iterable[int], lineups: Iterable[str], games: int,
              seed: int = 0, *, workers: int = 1, executor: cf.Executor | None = None,
              chunk: int = 25, progress: bool = True, **options: Any
              ) -> dict[tuple[int, str], list[PairsGame]]:
    """Every cell (N, line-up) of ``games`` games. Game ``i`` of a cell is the same game
    whatever the workers, chunking or executor (its seed is the cell's seed plus ``i``).
    ``executor`` (e.g. a Dask client's ``get_executor()``) replaces the local pool of
    ``workers`` processes; ``options`` go to :func:`play_game`."""
    cells = [(n, name) for n in player_counts for name in lineups]
    for n, name in cells:
        lineup(name, n, 0)
        if not 2 <= n <= 6:
            raise WppError(f"Pairs is for 2 to 6 players, not {n!r:.20}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise WppError(f"a cell needs at least one game, not {games!r:.20}")
    jobs = [(n, name, first, min(chunk, games - first), _cell_seed(n, name, seed), options)
            for n, name in cells for first in range(0, games, chunk)]
    out: dict[tuple[int, str], list[PairsGame]] = {cell: [] for cell in cells}
    results: dict[int, list[PairsGame]] = {}
    bar = None
    if progress:
        from importlib import import_module

        # tqdm.auto: a widget in Jupyter, text on stderr elsewhere
        bar = import_module("tqdm.auto").tqdm(total=games * len(cells), desc="Pairs games",
                                              unit="game")
    try:
        if executor is None and workers <= 1:
            for i, job in enumerate(jobs):
                results[i] = _play_chunk(job)
                if bar is not None:
                    bar.update(len(results[i]))
        else:
            pool = executor or cf.ProcessPoolExecutor(max_workers=workers)
            try:
                futures = {pool.submit(_play_chunk, job): i for i, job in enumerate(jobs)}
                for future in cf.as_completed(futures):
                    results[futures[future]] = future.result()
                    if bar is not None:
                        bar.update(len(results[futures[future]]))
            finally:
                if executor is None:
                    pool.shutdown(cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()
    for i, job in enumerate(jobs):
        out[(job[0], job[1])].extend(results[i])
    return out


# ------------------------------------------------------------------------- the figures


def _rate(flags: Sequence[bool]) -> Interval:
    return wilson(sum(flags), len(flags))


def summary(table: dict[tuple[int, str], list[PairsGame]]) -> dict[str, dict[int, Interval]]:
    """The §4.5(a) figures with 95% intervals, by name then N: choices per game for each
    line-up, the AI's win and non-loss rates (one-AI games), the first seat's win rate (all
    random)."""
    out: dict[str, dict[int, Interval]] = {}
    for (n, name), games in sorted(table.items()):
        out.setdefault(f"choices {name}", {})[n] = mean_interval(
            [float(g.choices) for g in games])
        if name == "one_ai":
            seats = [g.ai_seat for g in games]
            out.setdefault("ai win rate", {})[n] = _rate(
                [g.wins(s) for g, s in zip(games, seats, strict=True) if s is not None])
            out.setdefault("ai non-loss rate", {})[n] = _rate(
                [g.loser != s for g, s in zip(games, seats, strict=True)])
        if name == "random":
            out.setdefault("first seat win rate", {})[n] = _rate([g.wins(0) for g in games])
    return out


def fairness(wp: float, players: int) -> float:
    """CardStock's Fairness from the first seat's win rate ``wp``.

    >>> round(fairness(0.31, 4), 2)
    0.92
    """
    return wp * players if wp <= 1 / players else players / (players - 1) * (1 - wp)


def _slope(ys: Sequence[int]) -> float:
    n = len(ys)
    if n < 2:
        return 0.0
    mx, my = (n - 1) / 2, fmean(ys)
    sxx = sum((x - mx) ** 2 for x in range(n))
    return sum((x - mx) * (y - my) for x, y in enumerate(ys)) / sxx


def heuristics(random_games: Sequence[PairsGame], one_ai: Sequence[PairsGame],
               all_ai: Sequence[PairsGame]) -> dict[str, float]:
    """The heuristics row for one player count (sibling-games §4.4): Order from the one-AI
    games, Fairness from the all-random ones, and Convergence, Spread, Drama and Security from
    the all-AI games played with ``record=True``.

    Where §4.4 is open, the kit decided: Drama averages √(d − est) over the winner's
    decisions below the threshold ``d`` in each game (0 for a game without any), then over
    games; Security counts the winner's decisions below ``d`` out of the winner's decisions;
    an estimate is the scaled rank of the chosen move."""
    n = all_ai[0].players
    aiwp = fmean(g.wins(g.ai_seat) for g in one_ai if g.ai_seat is not None)
    wp = fmean(g.wins(0) for g in random_games)
    d = (1 + (n - 2) / (n - 1)) / 2
    spreads: list[float] = []
    dramas: list[float] = []
    securities: list[float] = []
    convergences: list[float] = []
    for g in all_ai:
        if not g.decisions:
            raise WppError("heuristics need all-AI games played with record=True")
        convergences.append(1 - (_slope(g.branching) / 2 + 0.5))
        spreads.extend(max(x.estimates) - min(x.estimates) for x in g.decisions)
        winner = g.ranks.index(1)
        lead = [x.estimates[x.chosen] for x in g.decisions if x.player == winner]
        below = [math.sqrt(d - e) for e in lead if e < d]
        dramas.append(fmean(below) if below else 0.0)
        securities.append(1 - len(below) / len(lead) if lead else 1.0)
    return {"Order": (aiwp - 1 / n) / (1 - 1 / n), "Fairness": fairness(wp, n),
            "Convergence": fmean(convergences), "Spread": fmean(spreads),
            "Drama": fmean(dramas), "Security": fmean(securities)}


def per_seat_frame(table: dict[tuple[int, str], list[PairsGame]]) -> pd.DataFrame:
    """One row per seat of every game: N, line-up, seed, seat, agent, score, rank, scaled
    rank, loser, choices. ``frame.to_parquet(path)`` saves it."""
    import pandas as pd

    rows = []
    for (n, name), games in table.items():
        for g in games:
            order = g.ranks
            for s in range(n):
                rows.append({"players": n, "lineup": name, "seed": g.seed, "seat": s,
                             "agent": g.agents[s], "score": g.totals[s], "rank": order[s],
                             "scaled_rank": (n - order[s]) / (n - 1), "loser": g.loser == s,
                             "choices": g.choices})
    return pd.DataFrame(rows)


def mean_points(players: int, games: int, seed: int = 0, **flags: Any) -> Interval:
    """The mean final score per player of all-random games (the draft "Pairs Variants":
    a little above 9 for four players; Continuous Pairs, ``continuous=True``, about 11.5)."""
    played = [play_game(players, "random", seed + i, i, **flags) for i in range(games)]
    return mean_interval([sum(g.totals) / players for g in played])


# ------------------------------------------------------------- the no-fold single round


def no_fold_round(players: int, rounds: int, start: str = "min", seed: int = 0
                  ) -> list[float]:
    """The draft "Pairs Variants" experiment: from a fresh deck with five burned, deal one
    card each; the lowest card starts (``start="min"``, ties at random) or a random player
    (``start="random"``); then everyone hits in turn until someone pairs. The mean points of
    each turn position (the starter first), over ``rounds`` rounds, played by the engine's
    own board."""
    if start not in ("min", "random"):
        raise WppError(f"start is 'min' or 'random', not {start!r:.20}")
    rng = random.Random(seed)
    rules = PairsRules()
    points = [0] * players
    for _ in range(rounds):
        order = list(DECK)
        rng.shuffle(order)
        board = Board.deal(rules, players, 0, order)
        board.rng = rng
        if start == "random":
            board.to_act = board.starter = rng.randrange(players)
        first = board.to_act
        while board.round == 1:
            board.act(False)
        scorer = max(range(players), key=lambda s: board.totals[s])
        points[(scorer - first) % players] += board.totals[scorer]
    return [p / rounds for p in points]


# ------------------------------------------------------------- the shipped results


def results_document(table: dict[tuple[int, str], list[PairsGame]], seconds: float,
                     workers: int) -> dict[str, Any]:
    """The table's figures as JSON-ready data: each §4.5(a) figure by N with its interval,
    the 4-player heuristics row (when the 4-player cells were recorded), how many games and
    how long it took."""
    figures = {name: {str(n): [i.estimate, i.low, i.high] for n, i in by_n.items()}
               for name, by_n in summary(table).items()}
    doc: dict[str, Any] = {"games_per_cell": min(len(g) for g in table.values()),
                           "seconds": round(seconds, 1), "workers": workers,
                           "figures": figures}
    cells = {name: table.get((4, name)) for name in LINEUPS}
    if all(cells.values()) and all(g.decisions for g in cells["all_ai"] or []):
        doc["heuristics_4p"] = heuristics(cells["random"] or [], cells["one_ai"] or [],
                                          cells["all_ai"] or [])
    return doc


def write_results(path: str, games: int = 1000, workers: int = 2, seed: int = 0) -> dict[str, Any]:
    """Play the §4.5(a) table (N = 2…5 × the three line-ups, ``games`` per cell, all-AI
    games recorded for the heuristics) and write :func:`results_document` to ``path``."""
    import json
    import time

    start = time.perf_counter()
    table = run_table([2, 3, 4, 5], LINEUPS, games, seed, workers=workers, progress=False,
                      record=True)
    doc = results_document(table, time.perf_counter() - start, workers)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    return doc


def load_results() -> dict[str, Any]:
    """The shipped results of :func:`write_results` (``wpp/pairs/data/blog_table.json``)."""
    import json
    from importlib import resources

    text = resources.files("wpp.pairs").joinpath("data/blog_table.json").read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m wpp.pairs.analysis OUT [GAMES]``: regenerate the shipped results file; a
    bad argument — ``OUT`` a folder or not writable — is one line and exit status 2, before
    any game is played (``--help`` says so; it used to be taken as the file's name)."""
    from wpp.core.cli_args import KitParser, out_path, positive_int

    parser = KitParser(prog="python -m wpp.pairs.analysis",
                       description="Regenerate the Pairs results table (the blog's "
                       "comparison): every lineup at 2 to 5 players.")
    parser.add_argument("out", type=out_path, help="the JSON file to write")
    parser.add_argument("games", nargs="?", type=positive_int, default=1000,
                        help="games per cell (default 1,000)")
    args = parser.parse_args(argv)
    out = write_results(args.out, args.games)
    print(f"{out['games_per_cell']} games per cell in {out['seconds']} s")
    return 0


if __name__ == "__main__":  # pragma: no cover - regenerates the shipped data file
    raise SystemExit(main())
