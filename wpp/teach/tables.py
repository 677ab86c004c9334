"""Readable tables for lessons 6 and 7: categories in ladder order, ratings as whole numbers,
and words where a number would be infinite.

pandas sorts labels alphabetically ("flush" before "straight") and prints an Elo gap as
``240.824`` or ``inf``; a learner reads neither well. :func:`ladder_crosstab` orders the poker
categories as the game ranks them (lesson 6), and :func:`readable_head_to_head` rounds the Elo
columns and writes a clean sweep's open bound in words (lesson 7).

>>> import pandas as pd
>>> hands = pd.DataFrame({"best": ["straight", "flush", "full house"],
...                       "mulligan": ["no poker hand", "flush", "straight"]})
>>> list(ladder_crosstab(hands).index), list(ladder_crosstab(hands).columns)
(['straight', 'flush', 'full house'], ['no poker hand', 'straight', 'flush'])
>>> elo_text(240.824), elo_text(float("inf")), elo_text(float("-inf"))
('+241', 'no bound (clean sweep)', 'no bound (clean sweep)')
"""

from __future__ import annotations

import math
from typing import Final

import pandas as pd

from wpp.plays import Category

__all__ = ["LADDER", "elo_text", "ladder_crosstab", "readable_head_to_head"]

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
