"""The analysis figures, as matplotlib :class:`~matplotlib.figure.Figure` objects.

Each function takes the tables of :mod:`wpp.analysis.stats` (or a match's tables) and returns
a new figure, built without pyplot's global state: Jupyter shows a returned figure once, and
scripts can ``fig.savefig(...)``. Error bars are the 95% intervals of the tables.

>>> import pandas as pd
>>> h = pd.DataFrame({"agent": ["a"], "opponent": ["b"], "score": [0.7], "low": [0.4],
...                   "high": [0.9]})
>>> fig = win_rates(h)
>>> len(fig.axes)
1
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from wpp.analysis.stats import branching_by_turn, play_decisions

__all__ = ["branching_by_turn_figure", "game_lengths", "quality", "ratings", "win_rates"]

_SIZE = (7.0, 3.6)


def win_rates(h2h: pd.DataFrame, title: str = "Score against each opponent",
              xlabel: str = "score rate (wins + draws/2), 95% Wilson interval") -> Figure:
    """Horizontal bars: each agent's score rate against each opponent, with its Wilson
    interval; the dashed line is an even match. ``xlabel`` names the axis (a lesson says it
    in a learner's words)."""
    fig = Figure(figsize=(_SIZE[0], 0.5 + 0.45 * len(h2h)))
    ax = fig.subplots()
    labels = [f"{a} vs {o}" for a, o in zip(h2h["agent"], h2h["opponent"], strict=True)]
    y = np.arange(len(h2h))
    score = h2h["score"].to_numpy(dtype=float)
    err = np.vstack([score - h2h["low"].to_numpy(dtype=float),
                     h2h["high"].to_numpy(dtype=float) - score])
    ax.barh(y, score, xerr=err, color="#4c72b0", capsize=4)
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    fig.tight_layout()
    return fig


def ratings(bt: pd.DataFrame, title: str = "Bradley–Terry ratings (Elo scale)") -> Figure:
    """Points with 95% intervals: each agent's rating relative to the anchor (at 0)."""
    fig = Figure(figsize=(_SIZE[0], 0.8 + 0.45 * len(bt)))
    ax = fig.subplots()
    y = np.arange(len(bt))
    r = bt["rating"].to_numpy(dtype=float)
    err = np.vstack([r - bt["low"].to_numpy(dtype=float), bt["high"].to_numpy(dtype=float) - r])
    ax.errorbar(r, y, xerr=err, fmt="o", color="#c44e52", capsize=4)
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(y, list(bt["agent"]))
    ax.invert_yaxis()
    ax.set_xlabel("rating (Elo points; 400 points = 10:1 odds)")
    ax.set_title(title)
    fig.tight_layout()
    return fig


def game_lengths(lengths: Mapping[str, pd.Series], bins: int = 30,
                 title: str = "How long a game lasts") -> Figure:
    """Overlaid histograms (as shares of games) of game lengths, one per labelled match."""
    fig = Figure(figsize=_SIZE)
    ax = fig.subplots()
    top = max(float(s.max()) for s in lengths.values())
    edges = np.linspace(0, top + 1, bins + 1)
    for label, s in lengths.items():
        weights = np.full(len(s), 1 / len(s))
        ax.hist(s.to_numpy(dtype=float), bins=edges.tolist(), weights=weights, alpha=0.55,
                label=f"{label} (mean {s.mean():.0f})")
    ax.set_xlabel("actions per game (every seat's, all of them)")
    ax.set_ylabel("share of games")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def branching_by_turn_figure(decisions: Mapping[str, pd.DataFrame], *, min_games: int = 20,
                             max_move: int | None = None,
                             title: str = "Choices per decision as the game goes on",
                             median: bool = False) -> Figure:
    """Mean legal actions at each move of play, with a 95% band, one line per labelled
    match; moves reached by fewer than ``min_games`` games are left out. With ``median``,
    the median at each move instead (no band): the figure of a text that gives medians."""
    fig = Figure(figsize=_SIZE)
    ax = fig.subplots()
    for label, d in decisions.items():
        t = branching_by_turn(d, min_games=min_games)
        if max_move is not None:
            t = t[t["move"] <= max_move]
        if median:
            play = play_decisions(d)
            mid = play.groupby("move")["branching"].median()
            ax.plot(t["move"], [float(mid[m]) for m in t["move"]], label=label)
        else:
            ax.plot(t["move"], t["mean"], label=label)
            ax.fill_between(t["move"], t["low"], t["high"], alpha=0.25)
    ax.set_xlabel("move number (decisions of play only)")
    ax.set_ylabel("choices (median)" if median else "legal actions (mean)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    return fig


def quality(table: pd.DataFrame, title: str = "Game-quality metrics (CardStock)") -> Figure:
    """Horizontal bars of the metrics of :func:`wpp.analysis.quality.quality_table`."""
    fig = Figure(figsize=(_SIZE[0], 0.6 + 0.4 * len(table)))
    ax = fig.subplots()
    y = np.arange(len(table))
    ax.barh(y, table["value"].to_numpy(dtype=float), color="#55a868")
    ax.set_yticks(y, list(table["metric"]))
    ax.invert_yaxis()
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xlabel("value (0 to 1; convergence as defined may leave that range)")
    ax.set_title(title)
    fig.tight_layout()
    return fig
