"""The CardStock game-quality metrics, for any registered game and any line-up.

Goadrich's CardStock analyses (``sibling-games.md`` §4.4, from Browne's evolutionary game
evaluation) score a game's feel on 0–1 scales. The definitions, for N players:

* **Fairness** — from the first player's win rate *wp* in all-random games: *wp·N* if
  *wp* ≤ 1/N, else *(N/(N−1))·(1 − wp)*; 1 is perfectly fair.
* **Convergence** — per game, the least-squares slope of the branching factor against the
  move number; the metric is the mean over games of 1 − (slope/2 + 0.5). Above ½: the
  choices narrow as the game goes on.
* **Spread** — the mean, over the (AI's) decisions, of max − min of the deciding player's
  estimates of their moves: how much the choice matters.
* **Drama** — with threshold *d* = (1 + (N−2)/(N−1))/2 (½ for two players), over the eventual
  winner's lead history (its estimate at each decision), the average of √(d − est) over the
  decisions where est < d: how deep the winner's trouble was.
* **Security** — 1 − (the winner's decisions below *d*) / (the number of moves): how safely
  the winner led.
* **Order** — (*aiwp* − 1/N)/(1 − 1/N), *aiwp* the AI's win rate against random players: how
  much skill pays.

Over any game they are computed from the tables of a tournament (:mod:`wpp.analysis.match`):
the branching factor, the spread and the per-seat lead estimates (``lead_p1`` …) that the
recorded play loop (:mod:`wpp.core.arena`) takes from the game's analysis hooks at every
decision, over the decisions that count as moves (``counted``). A game without a cheap
estimate is played with ``lead="playouts"``: random playouts from the decider's
determinised view, as CardStock's PIPMC AI estimates. :func:`game_quality` gives every
metric with its interval, from an all-random tournament and a one-AI tournament.

What WarPairsPoker decided (its hooks, :mod:`wpp.warpairs.game_stats`):

* **The first player** is the first *leader* (R12: the lowest card after the mulligan), the
  first to make a move of play; seat P1's first move, the mulligan, is secret and
  simultaneous in effect. :func:`fairness` takes whichever rate it is given.
* **The estimate** of how far ahead a player is: CardStock uses its AI's Monte Carlo win
  estimates; here it is :func:`wpp.warpairs.game_stats.lead_estimate`, the opponent's share of
  the cards in hand (fewer cards = ahead; ½ = level). It is cheap, needs no AI, and is
  recorded at every decision of both players. A move's estimate, for the spread, is that
  share right after the move (a play sheds its cards, a draw adds one, pass/stop/re-draw
  change nothing) — a myopic but honest measure of how different the options are.
* **The moves** are the decisions of play: the two mulligans (C(16, 3) = 560 choices each,
  before any trick) are left out of convergence, drama, security and spread, since their
  size says nothing about the course of play and would dominate every slope.
* **Convergence's units**: §4.4's slope is in legal actions per move, which keeps the
  metric in [0, 1] for games of a few choices only; WarPairsPoker's leads offer dozens to
  hundreds of plays. :func:`convergence` computes the definition as written, and with
  ``normalized=True`` a scaled variant (move and branching as fractions of the game's) that
  stays in [0, 1]; tables show both.
* **Per game, then averaged**: drama and security are computed per decisive game (draws
  have no winner) and averaged; a game whose winner was never behind has drama 0 and
  security 1.

>>> round(fairness(0.56), 2), fairness(0.5), round(order(0.72), 2)
(0.88, 1.0, 0.44)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

import numpy as np
import pandas as pd

from wpp.analysis.match import MatchResult
from wpp.analysis.stats import (
    TIES,
    first_player_advantage,
    lead_columns,
    mean_interval,
    play_decisions,
)
from wpp.core.intervals import Interval, wilson
from wpp.core.registry import game_def

__all__ = [
    "ai_win_rate",
    "convergence",
    "convergence_score",
    "convergence_scores",
    "drama",
    "drama_score",
    "drama_scores",
    "drama_threshold",
    "fairness",
    "fairness_interval",
    "game_quality",
    "non_loss_rate",
    "order",
    "order_interval",
    "players_of",
    "quality_table",
    "security",
    "security_score",
    "security_scores",
    "spread",
    "winner_estimates",
]


def drama_threshold(n_players: int = 2) -> float:
    """*d* = (1 + (N−2)/(N−1))/2: ½ for two players.

    >>> drama_threshold(2), round(drama_threshold(4), 3)
    (0.5, 0.833)
    """
    if n_players < 2:
        raise ValueError(f"a game has at least 2 players, not {n_players}")
    return (1 + (n_players - 2) / (n_players - 1)) / 2


def fairness(first_player_win_rate: float, n_players: int = 2) -> float:
    """Fairness from the first player's win rate in all-random games (1: fair).

    >>> fairness(0.25, 4), round(fairness(0.31, 4), 2), fairness(0.0), fairness(1.0)
    (1.0, 0.92, 0.0, 0.0)
    """
    wp, n = first_player_win_rate, n_players
    if math.isnan(wp):  # no decisive game (e.g. every game reached the turn limit)
        return math.nan
    if not 0 <= wp <= 1:
        raise ValueError(f"a win rate is between 0 and 1, not {wp}")
    return wp * n if wp <= 1 / n else n / (n - 1) * (1 - wp)


def order(ai_win_rate: float, n_players: int = 2) -> float:
    """Order: the AI's win-rate gain over chance, relative to a perfect AI's.

    >>> order(0.5), order(1.0), round(order(0.67, 4), 2)
    (0.0, 1.0, 0.56)
    """
    return (ai_win_rate - 1 / n_players) / (1 - 1 / n_players)


def convergence_score(branching: Sequence[float] | np.ndarray, *,
                      normalized: bool = False) -> float:
    """1 − (slope/2 + 0.5) for one game's branching factors in move order (the slope of the
    least-squares line through (move index, branching)); ½ for a constant factor or a game
    too short to have a slope.

    That is §4.4's definition, in raw units: legal actions per move. It stays in [0, 1]
    only while the slope does (Pairs, with 2 choices always, scores ½). WarPairsPoker's leads
    offer up to hundreds of plays, so raw slopes can pass ±1; ``normalized=True`` measures
    the move as a fraction of the game (0 to 1) and the branching as a fraction of the
    game's largest, which keeps the slope, and the score, within [0, 1].

    >>> convergence_score([2, 2, 2, 2]), convergence_score([4, 3, 2, 1]), convergence_score([1, 2])
    (0.5, 1.0, 0.0)
    >>> convergence_score([40, 30, 20, 10]), convergence_score([40, 30, 20, 10], normalized=True)
    (5.5, 0.875)
    """
    y = np.asarray(branching, dtype=float)
    if len(y) < 2:
        return 0.5
    x = np.arange(len(y), dtype=float)
    if normalized:
        x = x / (len(y) - 1)
        y = y / y.max() if y.max() > 0 else y
    xc = x - x.mean()
    slope = float((xc * (y - y.mean())).sum() / (xc * xc).sum())
    return 1 - (slope / 2 + 0.5)


def convergence(decisions: pd.DataFrame, *, normalized: bool = False) -> float:
    """The mean convergence score over the games of a decisions table (mulligans left out;
    ``normalized`` as in :func:`convergence_score`)."""
    scores = convergence_scores(decisions, normalized=normalized)
    return float(np.mean(scores)) if scores else math.nan


def spread(decisions: pd.DataFrame, games: pd.DataFrame | None = None,
           agent: str | None = None) -> float:
    """The mean spread of the deciding player's move estimates over the decisions of play;
    with ``agent`` (and the ``games`` table, to know who sat where) only that agent's."""
    d = play_decisions(decisions)
    if agent is not None:
        if games is None:
            raise ValueError("spread for one agent needs the games table")
        d = d[_decider(d, games) == agent]
    return float(d["spread"].mean()) if len(d) else math.nan


def _decider(decisions: pd.DataFrame, games: pd.DataFrame) -> np.ndarray:
    """The agent who made each decision."""
    cols = [c for c in games.columns if c.startswith("agent_p")]
    seats = games.set_index("game")[cols].reindex(decisions["game"]).to_numpy()
    if not len(seats):
        return np.array([], dtype=object)
    who: np.ndarray = seats[np.arange(len(seats)), decisions["player"].to_numpy(dtype=int)]
    return who


def drama_score(estimates: Sequence[float], threshold: float = 0.5) -> float:
    """One game's drama: the mean of √(d − est) over the winner's estimates below *d*
    (0 when the winner was never behind).

    >>> drama_score([0.5, 0.6, 0.7]), round(drama_score([0.5, 0.25, 0.41, 0.9]), 4)
    (0.0, 0.4)
    """
    below = [math.sqrt(threshold - e) for e in estimates if e < threshold]
    return sum(below) / len(below) if below else 0.0


def security_score(estimates: Sequence[float], threshold: float = 0.5) -> float:
    """One game's security: 1 − (the winner's estimates below *d*) / (the number of moves).

    >>> security_score([0.5, 0.25, 0.41, 0.9])
    0.5
    """
    if not estimates:
        return math.nan
    return 1 - sum(1 for e in estimates if e < threshold) / len(estimates)


def winner_estimates(decisions: pd.DataFrame, games: pd.DataFrame) -> dict[int, list[float]]:
    """Each decisive game's lead history of its winner: the winner's estimate (``lead_pW``)
    at every move of play, by game number; games without estimates are left out."""
    winners = dict(zip(games["game"].tolist(), games["winner"].tolist(), strict=True))
    out: dict[int, list[float]] = {}
    cols = lead_columns(decisions)
    for key, g in play_decisions(decisions).groupby("game", sort=True):
        game = cast(int, key)
        w = int(winners[game])
        if w < 0 or w >= len(cols):
            continue
        est = g[cols[w]].to_numpy(dtype=float)
        if len(est) and not np.isnan(est).any():
            out[game] = est.tolist()
    return out


def players_of(games: pd.DataFrame) -> int:
    """The number of seats of a games table (its ``agent_p*`` columns)."""
    return sum(1 for c in games.columns if c.startswith("agent_p")) or 2


def drama_scores(decisions: pd.DataFrame, games: pd.DataFrame,
                 n_players: int | None = None) -> list[float]:
    """Each decisive game's drama (threshold from the number of seats)."""
    d = drama_threshold(n_players or players_of(games))
    return [drama_score(e, d) for e in winner_estimates(decisions, games).values()]


def security_scores(decisions: pd.DataFrame, games: pd.DataFrame,
                    n_players: int | None = None) -> list[float]:
    """Each decisive game's security (threshold from the number of seats)."""
    d = drama_threshold(n_players or players_of(games))
    return [security_score(e, d) for e in winner_estimates(decisions, games).values()]


def drama(decisions: pd.DataFrame, games: pd.DataFrame, n_players: int | None = None) -> float:
    """Mean drama over the decisive games."""
    scores = drama_scores(decisions, games, n_players)
    return float(np.mean(scores)) if scores else math.nan


def security(decisions: pd.DataFrame, games: pd.DataFrame,
             n_players: int | None = None) -> float:
    """Mean security over the decisive games."""
    scores = security_scores(decisions, games, n_players)
    return float(np.mean(scores)) if scores else math.nan


def convergence_scores(decisions: pd.DataFrame, *, normalized: bool = False) -> list[float]:
    """Each game's convergence score over its moves of play."""
    d = play_decisions(decisions)
    return [convergence_score(g["branching"].to_numpy(), normalized=normalized)
            for _, g in d.groupby("game", sort=True)]


def quality_table(random_games: pd.DataFrame, random_decisions: pd.DataFrame,
                  ai_games: pd.DataFrame | None = None,
                  ai_decisions: pd.DataFrame | None = None,
                  ai: str | None = None, *, game: str) -> pd.DataFrame:
    """The six metrics as a table, CardStock style.

    Fairness and convergence come from the all-random match; spread, drama, security and
    order from the AI's match against random (``ai_*``, with ``ai`` its name) when given —
    as CardStock does — else spread, drama and security from the random match and no order.
    """
    fp = first_player_advantage(random_games)
    n = players_of(random_games)
    rows: list[dict[str, object]] = [
        {"metric": "fairness", "value": fairness(fp.estimate, n),
         "from": f"{game_def(game).first_player_label} wins {fp} of all-random games"},
        {"metric": "convergence", "value": convergence(random_decisions),
         "from": "slope of legal actions per move, all-random games"},
        {"metric": "convergence (normalized)",
         "value": convergence(random_decisions, normalized=True),
         "from": "the same, per fraction of the game and of its largest branching"},
    ]
    if ai_games is not None and ai_decisions is not None and ai is not None:
        decisive = ai_games[ai_games["winner"] >= 0]
        rate = float((decisive["winner_agent"] == ai).mean()) if len(decisive) else math.nan
        src = f"{ai} vs random"
        rows += [
            {"metric": "spread", "value": spread(ai_decisions, ai_games, ai),
             "from": f"{ai}'s decisions, {src}"},
            {"metric": "drama", "value": drama(ai_decisions, ai_games), "from": src},
            {"metric": "security", "value": security(ai_decisions, ai_games), "from": src},
            {"metric": "order", "value": order(rate, players_of(ai_games)),
             "from": f"{ai} wins {rate:.3f} of decisive games against random"},
        ]
    else:
        rows += [
            {"metric": "spread", "value": spread(random_decisions), "from": "all-random games"},
            {"metric": "drama", "value": drama(random_decisions, random_games),
             "from": "all-random games"},
            {"metric": "security", "value": security(random_decisions, random_games),
             "from": "all-random games"},
        ]
    return pd.DataFrame(rows, columns=["metric", "value", "from"])


# --- every metric with its interval, over any game ------------------------------------------

def fairness_interval(first_wins: Interval, n_players: int = 2) -> Interval:
    """:func:`fairness` of a first-player win rate and of its interval's ends. Fairness
    peaks (at 1) where the rate is 1/N, so an interval holding 1/N reaches 1.

    >>> print(fairness_interval(Interval(0.3, 0.2, 0.4), 4))
    0.933 [0.800, 1.000]
    """
    f = [fairness(x, n_players) for x in (first_wins.low, first_wins.high)]
    if any(math.isnan(x) for x in (first_wins.estimate, *f)):
        return Interval(math.nan, math.nan, math.nan)
    top = 1.0 if first_wins.low <= 1 / n_players <= first_wins.high else max(f)
    return Interval(fairness(first_wins.estimate, n_players), min(f), top)


def order_interval(ai_wins: Interval, n_players: int = 2) -> Interval:
    """:func:`order` of an AI's win rate and of its interval's ends (order is increasing).

    >>> print(order_interval(Interval(0.67, 0.6, 0.74), 4))
    0.560 [0.467, 0.653]
    """
    return Interval(*(order(x, n_players) for x in (ai_wins.estimate, ai_wins.low,
                                                    ai_wins.high)))


def _row(metric: str, i: Interval, source: str, n: int) -> dict[str, object]:
    return {"metric": metric, "value": i.estimate, "low": i.low, "high": i.high,
            "n": n, "from": source}


def ai_win_rate(result: MatchResult, agent: str, confidence: float = 0.95,
                ties: str = "exclude") -> Interval:
    """How often ``agent`` wins (a Wilson interval): CardStock's AI win rate when the
    line-up is one AI against random players. By default over the decisive games;
    ``ties="win"`` counts a shared first place as a win (CardStock's rank accounting),
    ``"share"`` as 1/k (see :data:`wpp.analysis.stats.TIES`). An agent seated twice in a
    game counts twice."""
    if ties == "exclude":
        decisive = result.games[result.games["winner"] >= 0]
        return wilson(int((decisive["winner_agent"] == agent).sum()), len(decisive),
                      confidence)
    if ties not in TIES:
        raise ValueError(f"ties count as one of {', '.join(TIES)}, not {ties!r:.20}")
    mine = result.seats[result.seats["agent"] == agent]
    wins = mine["win"].sum() if ties == "share" else (mine["rank"] == 1).sum()
    return wilson(float(wins), len(mine), confidence)


def non_loss_rate(result: MatchResult, agent: str, confidence: float = 0.95) -> Interval:
    """How often ``agent`` is not the loser (its return is above the game's lowest, or
    every seat shares it): CardStock's non-loss rate, baseline (N−1)/N."""
    seats = result.seats
    low = seats.groupby("game")["return"].transform("min")
    high = seats.groupby("game")["return"].transform("max")
    mine = seats[seats["agent"] == agent]
    ok = (mine["return"] > low[mine.index]) | (low[mine.index] == high[mine.index])
    return wilson(int(ok.sum()), len(mine), confidence)


def game_quality(all_random: MatchResult, one_ai: MatchResult | None = None,
                 ai: str | None = None, confidence: float = 0.95,
                 ties: str = "exclude") -> pd.DataFrame:
    """CardStock's figures of a game, each with its interval, as one table (``metric``,
    ``value``, ``low``, ``high``, ``n`` — the games or decisions it rests on — and ``from``).

    From ``all_random`` (every seat a random player): choices per game, the first player's
    win rate, **fairness** and **convergence**. From ``one_ai`` (the AI ``ai`` against
    random players, best with duplicate deals so it sits in every seat), when given:
    choices per game, the AI's win and non-loss rates, **order**, **spread** (the AI's
    decisions), **drama** and **security**. Without it those three come from the random
    games and there is no order.

    ``ties`` says how a shared first place counts in the two win rates (default: only
    decisive games count; ``"win"``: as a win, CardStock's rank accounting; ``"share"``:
    1/k; see :data:`wpp.analysis.stats.TIES`).

    Intervals: Wilson for rates (carried through fairness and order), normal for means
    (per game for convergence, drama and security; per decision for spread, which ignores
    that decisions of one game are alike, so its interval is a little narrow).
    """
    n = players_of(all_random.games)
    rows: list[dict[str, object]] = []
    g, d = all_random.games, all_random.decisions
    label = game_def(all_random.game).first_player_label
    rows.append(_row("choices per game", mean_interval(g["actions"], confidence),
                     "all-random games", len(g)))
    fp = first_player_advantage(g, confidence, ties)
    counted = int((g["winner"] >= 0).sum()) if ties == "exclude" else len(g)
    which = "decisive all-random games" if ties == "exclude" else f"all-random games, ties: {ties}"
    rows.append(_row("first player wins", fp, f"{label}, {which}", counted))
    rows.append(_row("fairness", fairness_interval(fp, n), f"{label}'s win rate", counted))
    conv = convergence_scores(d)
    rows.append(_row("convergence", mean_interval(conv, confidence),
                     "slope of choices per move, all-random games", len(conv)))
    src, dg, dd = "all-random games", g, d
    moves = play_decisions(d)
    if one_ai is not None:
        if ai is None:
            raise ValueError("the one-AI tournament needs the AI's name (ai=...)")
        src, dg, dd = f"{ai} against random", one_ai.games, one_ai.decisions
        n_ai = players_of(dg)
        rows.append(_row("choices per game (one AI)", mean_interval(dg["actions"], confidence),
                         src, len(dg)))
        wins = ai_win_rate(one_ai, ai, confidence, ties)
        n_wins = (int((dg["winner"] >= 0).sum()) if ties == "exclude"
                  else int((one_ai.seats["agent"] == ai).sum()))
        rows.append(_row("AI win rate", wins, f"{src}, "
                         f"{'decisive games' if ties == 'exclude' else 'ties: ' + ties}; "
                         f"baseline {1 / n_ai:.2f}", n_wins))
        rows.append(_row("AI non-loss rate", non_loss_rate(one_ai, ai, confidence),
                         f"{src}; baseline {(n_ai - 1) / n_ai:.2f}",
                         int((one_ai.seats["agent"] == ai).sum())))
        rows.append(_row("order", order_interval(wins, n_ai), "the AI's win rate", n_wins))
        moves = play_decisions(dd)
        moves = moves[_decider(moves, dg) == ai]
    sp = moves["spread"].dropna()
    rows.append(_row("spread", mean_interval(sp, confidence), f"decisions, {src}", len(sp)))
    dr = drama_scores(dd, dg)
    rows.append(_row("drama", mean_interval(dr, confidence), f"decisive games, {src}", len(dr)))
    se = security_scores(dd, dg)
    rows.append(_row("security", mean_interval(se, confidence), f"decisive games, {src}",
                     len(se)))
    return pd.DataFrame(rows, columns=["metric", "value", "low", "high", "n", "from"])
