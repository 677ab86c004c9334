"""Statistics of matches: win rates with intervals, ratings, first-player advantage, game
length, branching factor and lead changes.

Every estimate comes with a 95% interval (``confidence`` changes it):

* a proportion (a win rate) — the Wilson score interval, right even for small samples and
  rates near 0 or 1, unlike the textbook p ± z·√(p(1−p)/n);
* a mean (game length, branching factor) — the normal interval mean ± z·s/√n, which the
  central limit theorem justifies for the hundreds of games a match has;
* ratings — Bradley–Terry maximum likelihood with standard errors from the Fisher
  information, on the Elo scale.

Draws (R20's turn limit) count as half a win for each side in scores and ratings; the rates
of "who wins" (first player, seat) are over decisive games only.

>>> print(wilson(7, 10))
0.700 [0.397, 0.892]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
import pandas as pd

from wpp.core import arena
from wpp.core.intervals import Interval, mean_interval, wilson, z_value

__all__ = [
    "ELO_PER_NAT",
    "TIES",
    "Interval",
    "agent_table",
    "bradley_terry",
    "branching_by_phase",
    "branching_by_turn",
    "elo_difference",
    "first_player_advantage",
    "fit_strengths",
    "game_length",
    "head_to_head",
    "lead_changes",
    "mean_interval",
    "play_decisions",
    "seat_advantage",
    "seat_table",
    "seat_wins",
    "wilson",
    "z_value",
]

#: Elo points per unit of Bradley–Terry log-strength: a 400-point gap is 10:1 odds.
ELO_PER_NAT = 400 / math.log(10)


# --- who beats whom -------------------------------------------------------------------------

def _two_seats(games: pd.DataFrame, what: str) -> None:
    if "agent_p3" in games.columns:
        raise ValueError(f"{what} compares two agents per game: these games have more seats "
                         "(use agent_table or seat_table)")


def _results(games: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, agent) of two-seat games: the agent, its opponent, and its score
    (1, ½ or 0)."""
    _two_seats(games, "a head-to-head record")
    rows = []
    for seat in (0, 1):
        me, them = f"agent_p{seat + 1}", f"agent_p{2 - seat}"
        score = np.where(games["winner"] == seat, 1.0,
                         np.where(games["winner"] < 0, 0.5, 0.0))
        rows.append(pd.DataFrame({"agent": games[me].to_numpy(),
                                  "opponent": games[them].to_numpy(), "score": score}))
    return pd.concat(rows, ignore_index=True)


def elo_difference(score: float) -> float:
    """The Elo gap that makes ``score`` the expected score: 400·log10(p / (1 − p)), infinite
    at 0 and 1.

    >>> round(elo_difference(0.765), 1), elo_difference(0.5), elo_difference(1.0)
    (205.0, 0.0, inf)
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def head_to_head(games: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Each agent's record against each opponent: games, wins, draws, losses, its score
    rate (wins + draws/2) / games with a Wilson interval, and the Elo gap that score means
    (with the interval's ends carried over: the gap is a monotone function of the score).

    Mirror games (the same agent in both seats) say nothing about strength and are left out.
    """
    r = _results(games)
    r = r[r["agent"] != r["opponent"]]
    out = []
    for (agent, opp), g in r.groupby(["agent", "opponent"], sort=True):
        n = len(g)
        wins = int((g["score"] == 1).sum())
        draws = int((g["score"] == 0.5).sum())
        score = wins + draws / 2
        w = wilson(score, n, confidence)
        out.append({"agent": agent, "opponent": opp, "games": n, "wins": wins,
                    "draws": draws, "losses": n - wins - draws, "score": w.estimate,
                    "low": w.low, "high": w.high, "elo": elo_difference(w.estimate),
                    "elo low": elo_difference(w.low), "elo high": elo_difference(w.high)})
    return pd.DataFrame(out, columns=["agent", "opponent", "games", "wins", "draws", "losses",
                                      "score", "low", "high", "elo", "elo low", "elo high"])


def bradley_terry(games: pd.DataFrame, *, anchor: str | None = None, prior: float = 1.0,
                  confidence: float = 0.95) -> pd.DataFrame:
    """Bradley–Terry ratings on the Elo scale, with Fisher-information intervals.

    The model: agent *i* beats agent *j* with probability 1 / (1 + exp(θⱼ − θᵢ)); the θ are
    fitted by maximum likelihood (Newton's method) with ``anchor`` fixed at 0 (default:
    ``"random"`` if it played, else the first agent by name) and reported as
    ``rating = θ · 400 / ln 10``, so 400 points are 10:1 odds. The standard errors are the
    square roots of the diagonal of the inverse Fisher information, so each interval is the
    uncertainty of the agent's rating *relative to the anchor*.

    ``prior`` adds that many virtual draws to every pair that played: with one (the
    default) an agent that won every game still gets a finite rating. ``prior=0`` is the
    plain maximum-likelihood fit.

    Two agents, 7 wins of 10, no prior: θ = ln(7/3), about 147 Elo, with standard error
    1/√(10·0.7·0.3) = 0.690 in θ, 119.9 Elo:

    >>> import pandas as pd
    >>> g = pd.DataFrame({"agent_p1": ["a"] * 10, "agent_p2": ["b"] * 10,
    ...                   "winner": [0] * 7 + [1] * 3})
    >>> bt = bradley_terry(g, anchor="b", prior=0).set_index("agent")
    >>> float(round(bt.loc["a", "rating"], 1)), float(round(bt.loc["a", "se"], 1))
    (147.2, 119.9)
    """
    r = _results(games)
    agents = sorted(set(r["agent"]))
    if anchor is None:
        anchor = "random" if "random" in agents else agents[0]
    if anchor not in agents:
        raise ValueError(f"the anchor {anchor!r} did not play; agents: {agents}")
    k = len(agents)
    idx = {a: i for i, a in enumerate(agents)}
    wins = np.zeros((k, k))   # wins[i, j]: score of i against j (draws count ½)
    totals = r.groupby(["agent", "opponent"])["score"].sum()
    for a, o, s in zip(totals.index.get_level_values(0), totals.index.get_level_values(1),
                       totals.to_numpy(), strict=True):
        if a != o:
            wins[idx[str(a)], idx[str(o)]] += float(s)
    played_games = (wins + wins.T).sum(axis=1)
    theta, cov = fit_strengths(wins, agents.index(anchor), prior)
    se = np.sqrt(np.maximum(np.diag(cov), 0)) * ELO_PER_NAT
    rating = theta * ELO_PER_NAT
    z = z_value(confidence)
    out = pd.DataFrame({"agent": agents, "rating": rating, "se": se,
                        "low": rating - z * se, "high": rating + z * se,
                        "games": played_games.astype(int)})
    return out.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)


def fit_strengths(wins: np.ndarray, anchor: int, prior: float = 1.0
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The Bradley–Terry log-strengths θ (θ[anchor] = 0) that best explain ``wins`` — a k×k
    array, ``wins[i, j]`` the score of *i* against *j* (a draw counts ½ to each, so
    ``wins[i, j] + wins[j, i]`` is the number of their games) — by maximum likelihood
    (Newton's method), and their covariance, the inverse Fisher information (zero in the
    anchor's row and column). ``prior`` adds that many virtual draws to every pair that
    played, so a clean sweep still gets a finite strength. The one fit behind
    :func:`bradley_terry` and the ladder's ratings (:mod:`wpp.analysis.ratings`).

    >>> theta, cov = fit_strengths(np.array([[0.0, 7.0], [3.0, 0.0]]), anchor=1, prior=0)
    >>> round(float(theta[0]), 4), round(float(np.exp(theta[0])), 4)
    (0.8473, 2.3333)
    """
    k = len(wins)
    played = (wins + wins.T) > 0
    wins = wins + prior / 2 * played
    n = wins + wins.T
    free = [i for i in range(k) if i != anchor]
    theta = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):
        diff = theta[:, None] - theta[None, :]
        p = 1 / (1 + np.exp(-diff))
        grad = (wins - n * p).sum(axis=1)
        w = n * p * (1 - p)
        info = np.diag(w.sum(axis=1)) - w
        sub = info[np.ix_(free, free)]
        if not free:
            break
        step = np.linalg.solve(sub, grad[free])
        theta[free] += np.clip(step, -5, 5)
        if np.max(np.abs(step)) < 1e-10:
            break
    cov = np.zeros((k, k))
    if free:
        cov[np.ix_(free, free)] = np.linalg.inv(info[np.ix_(free, free)])
    return theta, cov


#: How a shared best return counts in a win rate: ``"exclude"`` — only decisive games (a
#: single best return) count; ``"share"`` — every game counts, a win shared by k seats as
#: 1/k; ``"win"`` — every game counts, a shared first place as a win (CardStock's rank
#: accounting: ties share the better rank).
TIES: Final = ("exclude", "share", "win")


def _check_ties(ties: str) -> None:
    if ties not in TIES:
        raise ValueError(f"ties count as one of {', '.join(TIES)}, not {ties!r:.20}")


def seat_wins(games: pd.DataFrame, seat: Sequence[int], ties: str = "exclude"
              ) -> tuple[float, int]:
    """How many games the given seat (one per game, -1: none) won, and out of how many,
    counting shared wins as ``ties`` says (:data:`TIES`)."""
    _check_ties(ties)
    seats = np.asarray(seat, dtype=int)
    if ties == "exclude":
        decisive = games["winner"].to_numpy() >= 0
        return float((games["winner"].to_numpy()[decisive] == seats[decisive]).sum()), \
            int(decisive.sum())
    n = sum(1 for c in games.columns if c.startswith("return_p"))
    returns = games[[f"return_p{k + 1}" for k in range(n)]].to_numpy(dtype=float)
    total = 0.0
    for row, s in zip(returns.tolist(), seats.tolist(), strict=True):
        if s < 0:
            continue
        if ties == "share":
            total += arena.win_shares(row)[s]
        else:
            total += float(arena.ranks(row)[s] == 1)
    return total, len(games)


def first_player_advantage(games: pd.DataFrame, confidence: float = 0.95,
                           ties: str = "exclude") -> Interval:
    """How often the first player (``first_player``: the game's
    :meth:`~wpp.core.protocol.GameDef.first_player`, seat P1 unless the game says otherwise;
    WarPairsPoker's first leader, R12: the lowest card after the mulligan) wins, with a
    Wilson interval; 1/N means no advantage. By default over decisive games; ``ties``
    (:data:`TIES`) counts shared wins otherwise.

    Between equal agents (a mirror match) this is the first player's edge itself. Between
    unequal agents it mixes in their strength: who leads first depends on the mulligans too
    (an agent that gives its lowest cards to the pile rarely leads first), so the stronger
    agent may lead first more or less often than the other. Measure the advantage in mirror
    matches.
    """
    first = "first_player" if "first_player" in games.columns else "first_leader"
    wins, n = seat_wins(games, games[first].astype(int).tolist(), ties)
    return wilson(wins, n, confidence)


def seat_advantage(games: pd.DataFrame, confidence: float = 0.95) -> Interval:
    """How often seat P1 (who makes the first mulligan) wins, over decisive games."""
    decisive = games[games["winner"] >= 0]
    return wilson(int((decisive["winner"] == 0).sum()), len(decisive), confidence)


# --- length and choices ---------------------------------------------------------------------

def game_length(games: pd.DataFrame, column: str = "actions",
                confidence: float = 0.95) -> pd.Series:
    """The distribution of a game's length (``"actions"``: every decision of both players;
    or ``"tricks"``): mean with its interval, deviation, quartiles and extremes."""
    x = games[column].astype(float)
    m = mean_interval(x, confidence)
    return pd.Series({"games": float(len(x)), "mean": m.estimate, "low": m.low, "high": m.high,
                      "sd": float(x.std(ddof=1)) if len(x) > 1 else math.nan,
                      "min": float(x.min()), "q25": float(x.quantile(0.25)),
                      "median": float(x.median()), "q75": float(x.quantile(0.75)),
                      "max": float(x.max())}, name=column)


def play_decisions(decisions: pd.DataFrame) -> pd.DataFrame:
    """The decisions that count as moves of play (``counted``: the game's
    :meth:`~wpp.core.protocol.GameDef.counts_as_move`; WarPairsPoker's two mulligans, 560
    choices each made before the first trick, do not)."""
    if "counted" in decisions.columns:
        return decisions[decisions["counted"].astype(bool)]
    return decisions[decisions["phase"] != "mulligan"]  # a table saved before "counted"


def branching_by_phase(decisions: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Choices per decision (the ``branching`` column) by phase, in the order phases first
    occur, when the game records a ``phase`` column (WarPairsPoker: mulligan, lead, answer,
    drawing), and over all moves of play ("all play"): mean with interval, median, maximum,
    and the share of forced decisions (one choice)."""
    rows = []
    order = (list(dict.fromkeys(decisions["phase"].tolist()))
             if "phase" in decisions.columns else [])
    groups: list[tuple[str, pd.Series]] = [
        (ph, decisions.loc[decisions["phase"] == ph, "branching"]) for ph in order]
    groups.append(("all play", play_decisions(decisions)["branching"]))
    for name, b in groups:
        if len(b) == 0:
            continue
        b = b.astype(float)
        mean = mean_interval(b, confidence)
        rows.append({"phase": name, "decisions": len(b), "mean": mean.estimate,
                     "low": mean.low, "high": mean.high,
                     "median": float(b.median()), "max": int(b.max()),
                     "forced": float((b == 1).mean())})
    return pd.DataFrame(rows, columns=["phase", "decisions", "mean", "low", "high", "median",
                                       "max", "forced"])


def branching_by_turn(decisions: pd.DataFrame, *, min_games: int = 1,
                      confidence: float = 0.95) -> pd.DataFrame:
    """Mean legal actions at each move number of play (mulligans left out), with its
    interval and how many games were still running; moves reached by fewer than
    ``min_games`` games are dropped (their means are noise)."""
    d = play_decisions(decisions)
    g = d.groupby("move")["branching"].agg(["count", "mean", "std"])
    g = g[g["count"] >= min_games]
    half = z_value(confidence) * g["std"].fillna(0) / np.sqrt(g["count"])
    return pd.DataFrame({"move": g.index.to_numpy(), "games": g["count"].to_numpy(),
                         "mean": g["mean"].to_numpy(), "low": (g["mean"] - half).to_numpy(),
                         "high": (g["mean"] + half).to_numpy()})


# --- who is ahead ---------------------------------------------------------------------------

def leaders(estimates: np.ndarray) -> list[int]:
    """The leader at each row of per-seat lead estimates: the seat with the single highest
    estimate, or -1 when it is shared (level).

    >>> leaders(np.array([[0.5, 0.5], [0.6, 0.4], [0.2, 0.8], [0.3, 0.3]]))
    [-1, 0, 1, -1]
    """
    out = []
    for row in estimates:
        best = row.max()
        top = np.flatnonzero(row == best)
        out.append(int(top[0]) if len(top) == 1 else -1)
    return out


def count_changes(leader_sequence: Sequence[int]) -> int:
    """How many times the leader changes (-1: level, which keeps the last leader).

    >>> count_changes([-1, 0, -1, 1, 1, 0, 2])
    3
    """
    changes, last = 0, -1
    for now in leader_sequence:
        if now >= 0 and last >= 0 and now != last:
            changes += 1
        if now >= 0:
            last = now
    return changes


def count_lead_changes(p1_estimates: Sequence[float]) -> int:
    """How many times the leader changes in a sequence of P1's lead estimates in a
    two-seat game (> ½: P1 ahead, < ½: P2 ahead, ½: level, which keeps the last leader).

    >>> count_lead_changes([0.5, 0.6, 0.5, 0.4, 0.45, 0.7])
    2
    """
    return count_changes([0 if e > 0.5 else 1 if e < 0.5 else -1 for e in p1_estimates])


def lead_columns(decisions: pd.DataFrame) -> list[str]:
    """The per-seat lead estimate columns of a decisions table (``lead_p1`` …)."""
    out, n = [], 1
    while f"lead_p{n}" in decisions.columns:
        out.append(f"lead_p{n}")
        n += 1
    return out


def lead_changes(decisions: pd.DataFrame) -> pd.Series:
    """Lead changes per game (indexed by ``game``) over its moves of play, the leader being
    the seat with the highest lead estimate (WarPairsPoker: fewer cards, see
    :func:`wpp.warpairs.game_stats.lead_estimate`); empty when the game records no estimates."""
    d = play_decisions(decisions)
    cols = lead_columns(d)
    out = {}
    if cols and not d[cols].isna().all().all():
        for game, g in d.groupby("game", sort=True):
            out[game] = count_changes(leaders(g[cols].to_numpy(dtype=float)))
    return pd.Series(out, name="lead_changes", dtype="int64")


# --- per agent and per seat, any number of seats --------------------------------------------

def _ci_columns(prefix: str, i: Interval) -> dict[str, float]:
    return {prefix: i.estimate, f"{prefix} low": i.low, f"{prefix} high": i.high}


def agent_table(seats: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """One row per agent from a tournament's seats table (:attr:`MatchResult.seats
    <wpp.analysis.match.MatchResult.seats>`): games played, mean return and win rate — its
    share of the wins, a shared best return counting 1/k — each with its interval (normal;
    Wilson), and mean rank. An agent seated twice in a game counts twice.

    >>> s = pd.DataFrame({"agent": ["a", "b"] * 4, "return": [1, -1, 1, -1, -1, 1, 0, 0],
    ...                   "win": [1, 0, 1, 0, 0, 1, .5, .5], "rank": [1, 2, 1, 2, 2, 1, 1, 1]})
    >>> agent_table(s).loc["a", ["games", "win rate", "mean return"]].tolist()
    [4.0, 0.625, 0.25]
    """
    rows = []
    for agent, g in seats.groupby("agent", sort=False):
        w = wilson(float(g["win"].sum()), len(g), confidence)
        m = mean_interval(g["return"], confidence)
        rows.append({"agent": agent, "games": len(g), **_ci_columns("win rate", w),
                     **_ci_columns("mean return", m), "mean rank": float(g["rank"].mean())})
    return pd.DataFrame(rows).set_index("agent")


def seat_table(seats: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """One row per seat (P1 first): games, win rate and mean return with intervals, whoever
    sat there — the seats' edge, which duplicate deals spread evenly over the agents."""
    rows = []
    for seat in sorted(set(seats["seat"].tolist())):
        g = seats[seats["seat"] == seat]
        w = wilson(float(g["win"].sum()), len(g), confidence)
        m = mean_interval(g["return"], confidence)
        rows.append({"seat": f"seat P{int(seat) + 1}", "games": len(g),
                     **_ci_columns("win rate", w), **_ci_columns("mean return", m)})
    return pd.DataFrame(rows).set_index("seat")
