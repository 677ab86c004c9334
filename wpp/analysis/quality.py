"""The CardStock game-quality metrics, for WarPairsPoker.

Goadrich's CardStock analyses (``sibling-games.md`` §4.4, from Browne's evolutionary game
evaluation) score a game's feel on 0–1 scales. The definitions, for N players (here N = 2):

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

What WarPairsPoker needs decided (documented choices):

* **The first player** is the first *leader* (R12: the lowest card after the mulligan), the
  first to make a move of play; seat P1's first move, the mulligan, is secret and
  simultaneous in effect. :func:`fairness` takes whichever rate it is given.
* **The estimate** of how far ahead a player is: CardStock uses its AI's Monte Carlo win
  estimates; here it is :func:`wpp.analysis.match.lead_estimate`, the opponent's share of
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

from wpp.analysis.match import lead_estimate
from wpp.analysis.stats import play_decisions

__all__ = [
    "convergence",
    "convergence_score",
    "drama",
    "drama_score",
    "drama_threshold",
    "fairness",
    "order",
    "quality_table",
    "security",
    "security_score",
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
    d = play_decisions(decisions)
    scores = [convergence_score(g["branching"].to_numpy(), normalized=normalized)
              for _, g in d.groupby("game", sort=True)]
    return float(np.mean(scores)) if scores else math.nan


def spread(decisions: pd.DataFrame, games: pd.DataFrame | None = None,
           agent: str | None = None) -> float:
    """The mean spread of the deciding player's move estimates over the decisions of play;
    with ``agent`` (and the ``games`` table, to know who sat where) only that agent's."""
    d = play_decisions(decisions)
    if agent is not None:
        if games is None:
            raise ValueError("spread for one agent needs the games table")
        seats = games.set_index("game")[["agent_p1", "agent_p2"]]
        p1 = seats["agent_p1"].reindex(d["game"]).to_numpy()
        p2 = seats["agent_p2"].reindex(d["game"]).to_numpy()
        who = np.where(d["player"].to_numpy() == 0, p1, p2)
        d = d[who == agent]
    return float(d["spread"].mean()) if len(d) else math.nan


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
    """Each decisive game's lead history of its winner: the winner's estimate at every
    decision of play, by game number."""
    winners = dict(zip(games["game"].tolist(), games["winner"].tolist(), strict=True))
    out: dict[int, list[float]] = {}
    for key, g in play_decisions(decisions).groupby("game", sort=True):
        game = cast(int, key)
        w = int(winners[game])
        if w < 0:
            continue
        mine, theirs = (g["hand_p1"], g["hand_p2"]) if w == 0 else (g["hand_p2"], g["hand_p1"])
        out[game] = [lead_estimate(int(a), int(b))
                          for a, b in zip(mine, theirs, strict=True)]
    return out


def drama(decisions: pd.DataFrame, games: pd.DataFrame, n_players: int = 2) -> float:
    """Mean drama over the decisive games."""
    d = drama_threshold(n_players)
    scores = [drama_score(e, d) for e in winner_estimates(decisions, games).values()]
    return float(np.mean(scores)) if scores else math.nan


def security(decisions: pd.DataFrame, games: pd.DataFrame, n_players: int = 2) -> float:
    """Mean security over the decisive games."""
    d = drama_threshold(n_players)
    scores = [security_score(e, d) for e in winner_estimates(decisions, games).values()]
    return float(np.mean(scores)) if scores else math.nan


def quality_table(random_games: pd.DataFrame, random_decisions: pd.DataFrame,
                  ai_games: pd.DataFrame | None = None,
                  ai_decisions: pd.DataFrame | None = None,
                  ai: str | None = None) -> pd.DataFrame:
    """The six metrics as a table, CardStock style.

    Fairness and convergence come from the all-random match; spread, drama, security and
    order from the AI's match against random (``ai_*``, with ``ai`` its name) when given —
    as CardStock does — else spread, drama and security from the random match and no order.
    """
    from wpp.analysis.stats import first_player_advantage

    fp = first_player_advantage(random_games)
    rows: list[dict[str, object]] = [
        {"metric": "fairness", "value": fairness(fp.estimate),
         "from": f"first leader wins {fp} of all-random games"},
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
            {"metric": "order", "value": order(rate),
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
