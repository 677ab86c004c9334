"""Readable tables for lessons 6 and 7: categories in ladder order, ratings as whole numbers,
and words where a number would be infinite.

pandas sorts labels alphabetically ("flush" before "straight") and prints an Elo gap as
``240.824`` or ``inf``; a learner reads neither well. :func:`ladder_crosstab` orders the poker
categories as the game ranks them (lesson 6), and :func:`readable_head_to_head` rounds the Elo
columns and writes a clean sweep's open bound in words (the analysts' page);
:func:`learner_head_to_head` is lesson 7's: a few columns in words, no rating scale.

>>> import pandas as pd
>>> hands = pd.DataFrame({"best": ["straight", "flush", "full house"],
...                       "mulligan": ["no poker hand", "flush", "straight"]})
>>> list(ladder_crosstab(hands).index), list(ladder_crosstab(hands).columns)
(['straight', 'flush', 'full house'], ['no poker hand', 'straight', 'flush'])
>>> elo_text(240.824), elo_text(float("inf")), elo_text(float("-inf"))
('+241', 'no bound (clean sweep)', 'no bound (clean sweep)')

Each figure of lessons 6 and 7 comes first, then **one line that says what it shows**, computed
from the same table (:class:`Takeaway`, a marked line in Jupyter and Voilà), then the table:

>>> t = pd.DataFrame({"agent": ["a", "b"], "opponent": ["b", "a"], "score": [.8, .2],
...                   "low": [.71, .13], "high": [.87, .29]})
>>> print(match_takeaway(t, "a", "b"))
a scores 80% against b (likely range 71% to 87%): a is really stronger than b.
>>> interval_text(.49, .422, .559, percent=True)
'49% [42%, 56%]'
"""

from __future__ import annotations

import math
from html import escape
from typing import Final

import pandas as pd

from wpp.warpairs.plays import Category

__all__ = [
    "LADDER",
    "Takeaway",
    "branching_takeaway",
    "compare_takeaway",
    "elo_text",
    "interval_text",
    "ladder_crosstab",
    "learner_head_to_head",
    "length_takeaway",
    "match_takeaway",
    "quality_takeaway",
    "ratings_takeaway",
    "readable_compare",
    "readable_games",
    "readable_head_to_head",
    "readable_lengths",
    "readable_ratings",
    "share_takeaway",
]

#: Every label lessons 6 and 7 put on a hand, low to high: no poker hand, then the ladder.
LADDER: Final = ("no poker hand", *(c.label for c in Category if c >= Category.TWO_PAIR))


def _order(labels: object) -> list[str]:
    present = [str(x) for x in labels]  # type: ignore[attr-defined]
    known = [x for x in LADDER if x in present]
    return known + sorted(x for x in present if x not in LADDER)


def ladder_crosstab(hands: pd.DataFrame, rows: str = "best",
                    columns: str = "mulligan") -> pd.DataFrame:
    """Counts of hands by ``rows`` and ``columns``, both in the game's ladder order."""
    table = pd.crosstab(hands[rows], hands[columns])
    return table.reindex(index=_order(table.index), columns=_order(table.columns))


def elo_text(x: float) -> str:
    """An Elo gap as a signed whole number; an infinite one (a clean sweep) in words."""
    if math.isinf(x):
        return "no bound (clean sweep)"
    return f"{x:+.0f}"


def readable_head_to_head(results: pd.DataFrame) -> pd.DataFrame:
    """A head-to-head table for reading: the strongest agent first (by its score over all
    its matches), scores and intervals to 3 places, Elo gaps as whole numbers or words."""
    out = results.copy()
    strength = out.groupby("agent")["score"].mean().sort_values(ascending=False)
    rank = {a: i for i, a in enumerate(strength.index)}
    out = out.sort_values(["agent", "opponent"],
                          key=lambda s: s.map(rank)).reset_index(drop=True)
    for col in [c for c in out.columns if str(c).startswith("elo")]:
        out[col] = out[col].map(elo_text)
    return out


def learner_head_to_head(results: pd.DataFrame) -> pd.DataFrame:
    """A head-to-head table for a learner (lesson 7), strongest first: a few columns in
    words — who, against, games, won (and drawn, if any game was), score, likely range — and
    no rating scale (the research table is :func:`readable_head_to_head`)."""
    t = readable_head_to_head(results)
    out = pd.DataFrame({"who": t["agent"], "against": t["opponent"],
                        "games": t["games"].astype(int), "won": t["wins"].astype(int)})
    if "draws" in t and int(t["draws"].sum()):
        out["drawn"] = t["draws"].astype(int)
    out["score"] = [f"{x:.0%}" for x in t["score"]]
    out["likely range"] = [f"{lo:.0%} to {hi:.0%}" for lo, hi in
                           zip(t["low"], t["high"], strict=True)]
    return out


class Takeaway(str):
    """One line that says what a figure shows: plain text, and a marked line in a page."""

    def _repr_html_(self) -> str:
        # HTML, not Markdown: Voilà shows an output's HTML, and drops its Markdown.
        return (f'<p style="font-size: 15px; margin: 4px 0 8px 0"><b>In one line:</b> '
                f"{escape(self)}</p>")

    def __repr__(self) -> str:
        return str(self)


def interval_text(x: float, low: float, high: float, *, percent: bool = False,
                  digits: int = 1) -> str:
    """A value and its 95% interval in one cell: ``49% [42%, 56%]`` or ``20.5 [19.5, 21.5]``."""
    if percent:
        return f"{x:.0%} [{low:.0%}, {high:.0%}]"
    return f"{x:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def match_takeaway(table: pd.DataFrame, a: str, b: str) -> Takeaway:
    """Who is stronger in the match of ``a`` against ``b`` (a head-to-head table), or that
    the games cannot tell: the interval decides, not the score alone."""
    row = table[(table["agent"] == a) & (table["opponent"] == b)].iloc[0]
    score, low, high = float(row["score"]), float(row["low"]), float(row["high"])
    if low > 0.5:
        verdict = f"{a} is really stronger than {b}"
    elif high < 0.5:
        verdict = f"{b} is really stronger than {a}"
    else:
        verdict = f"these games cannot tell {a} and {b} apart — play more games"
    return Takeaway(f"{a} scores {score:.0%} against {b} (likely range {low:.0%} to "
                    f"{high:.0%}): {verdict}.")


def readable_games(games: pd.DataFrame, n: int = 6) -> pd.DataFrame:
    """The first ``n`` games of a match table, with the columns a reader needs, named in
    words."""
    names = {"seed": "deal", "copy": "seats swapped", "agent_p1": "P1", "agent_p2": "P2",
             "winner_agent": "winner", "first_leader": "first leader", "actions": "actions",
             "tricks": "tricks", "deck_draws_p1": "P1 drew", "deck_draws_p2": "P2 drew",
             "final_hand_p1": "P1 cards left", "final_hand_p2": "P2 cards left"}
    out = games[list(names)].head(n).rename(columns=names)
    out["seats swapped"] = out["seats swapped"].map({0: "no", 1: "yes"})
    out["first leader"] = out["first leader"].map(lambda p: f"P{int(p) + 1}")
    return out.reset_index(drop=True)


def readable_ratings(ratings: pd.DataFrame) -> pd.DataFrame:
    """Bradley–Terry ratings as whole Elo points with their interval in one column."""
    return pd.DataFrame({
        "agent": ratings["agent"],
        "rating (Elo)": ratings["rating"].map(lambda x: f"{x:.0f}"),
        "95% interval": [f"{lo:.0f} to {hi:.0f}" for lo, hi in
                         zip(ratings["low"], ratings["high"], strict=True)],
        "games": ratings["games"]})


def ratings_takeaway(ratings: pd.DataFrame) -> Takeaway:
    """The gap between the two best-rated agents, in Elo points and as odds."""
    top = ratings.sort_values("rating", ascending=False).reset_index(drop=True)
    a, b = top.iloc[0], top.iloc[1]
    gap = float(a["rating"] - b["rating"])
    odds = 10 ** (gap / 400)
    return Takeaway(f"{a['agent']} is rated {gap:.0f} Elo points above {b['agent']}: it "
                    f"should win about {odds:.1f} games for each one it loses.")


def readable_compare(table: pd.DataFrame) -> pd.DataFrame:
    """The match comparison with each figure and its interval in one cell."""
    return pd.DataFrame({
        "games": table["games"],
        "first leader wins": [interval_text(x, lo, hi, percent=True) for x, lo, hi in
                              zip(table["first player wins"], table["fp low"],
                                  table["fp high"], strict=True)],
        "actions per game": [interval_text(x, lo, hi) for x, lo, hi in
                             zip(table["actions"], table["act low"], table["act high"],
                                 strict=True)],
        "choices per decision": [interval_text(x, lo, hi) for x, lo, hi in
                                 zip(table["choices"], table["ch low"], table["ch high"],
                                     strict=True)],
        "lead changes": [interval_text(x, lo, hi) for x, lo, hi in
                         zip(table["lead changes"], table["lc low"], table["lc high"],
                             strict=True)]}, index=table.index)


def compare_takeaway(table: pd.DataFrame, mirrors: tuple[str, ...]) -> Takeaway:
    """Does the first leader win more than half of the mirror matches' games?"""
    parts, clear = [], []
    for label in mirrors:
        row = table.loc[label]
        parts.append(f"{row['first player wins']:.0%} ({label})")
        clear.append(row["fp low"] > 0.5 or row["fp high"] < 0.5)
    verdict = ("a real edge one way" if any(clear) else
               "every likely range contains ½: no first-player edge these games can see")
    return Takeaway(f"Between equal players the first leader wins {' and '.join(parts)}: "
                    f"{verdict}.")


def readable_lengths(lengths: pd.DataFrame) -> pd.DataFrame:
    """Game lengths (one row per match): the mean with its interval, then whole numbers."""
    out = pd.DataFrame({
        "games": lengths["games"].astype(int),
        "mean [95% interval]": [interval_text(x, lo, hi) for x, lo, hi in
                                zip(lengths["mean"], lengths["low"], lengths["high"],
                                    strict=True)]}, index=lengths.index)
    for col in ("min", "median", "max"):
        out[col] = lengths[col].map(lambda x: f"{x:g}")
    return out


def length_takeaway(lengths: pd.DataFrame, programs: str, randoms: str) -> Takeaway:
    """How much shorter the programs' games are than the random players'."""
    median = {str(k): float(v) for k, v in lengths["median"].items()}
    p, r = median[programs], median[randoms]
    return Takeaway(f"Half the games of {programs} last {p:g} actions or fewer, against "
                    f"{r:g} for {randoms}: skill makes games {r / p:.1f} times shorter.")


def share_takeaway(table: pd.DataFrame, what: str) -> Takeaway:
    """The most and least frequent rows of a share table (lesson 6's hands)."""
    share = {str(k): float(v) for k, v in table["share"].items()}
    top, low = max(share, key=share.__getitem__), min(share, key=share.__getitem__)
    return Takeaway(f"{what}: {top} most often ({share[top]:.0%} of hands), {low} least "
                    f"({share[low]:.0%}).")


def branching_takeaway(table: pd.DataFrame) -> Takeaway:
    """The median choices of a decision of play in each match (the ``all play`` rows of a
    table of :func:`wpp.analysis.stats.branching_by_phase` per match)."""
    rows = [f"{float(median):g} ({key[0]})" for key, median in table["median"].items()
            if isinstance(key, tuple) and key[1] == "all play"]
    return Takeaway(f"After the mulligan's {C_MULLIGAN} choices, a typical decision of play "
                    f"offers only {' and '.join(rows)} choices (medians).")


#: The mulligan's choices: 3 cards of 16, C(16, 3).
C_MULLIGAN: Final = math.comb(16, 3)


def quality_takeaway(table: pd.DataFrame) -> Takeaway:
    """The highest and lowest of the game-quality scores."""
    value = {str(m): float(v) for m, v in zip(table["metric"], table["value"], strict=True)}
    top, low = max(value, key=value.__getitem__), min(value, key=value.__getitem__)
    return Takeaway(f"Highest: {top} {value[top]:.2f}; lowest: {low} {value[low]:.2f} "
                    "(each on a 0–1 scale).")
