"""Lesson 6: how often a 16-card deal holds each poker category, and what the mulligan keeps.

Two ways to the same numbers, so a learner can see simulation at work:

* :func:`simulate` deals seeded hands (two 16-card hands per deal, as in a game, R10) and
  records, per hand, which poker categories it can make (the engine's move generator), its
  best category, and what the classic AI's mulligan keeps (a straight, a flush, a straight
  flush or no poker hand, 6.1). :func:`holds_table`, :func:`best_table` and
  :func:`mulligan_table` turn the hands into shares with 95% Wilson intervals.
* :func:`exact_holds` counts the same "holds at least one" probabilities exactly, with
  generating functions over ranks and suits: e.g. the hands with no three of a kind are the
  coefficient of x¹⁶ in (1 + 4x + 6x²)¹³, out of C(52, 16). Straights here include the four
  wrap-arounds of R5, so *any* five cyclically consecutive ranks make one.

Some answers follow from counting alone (the pigeonhole principle): 16 cards over 13 ranks
hold two pair unless one rank is held four times and the twelve others once each (13 × 4¹²
hands, 1 in 47,500), and 16 cards over 4 suits hold at least 4 of a suit — a flush is missed
only by the 4-4-4-4 split.

>>> df = simulate(deals=20, seed=1)
>>> len(df), bool(df["two pair"].all())
(40, True)
>>> round(exact_holds()[Category.FLUSH], 4)
0.9748
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib import import_module
from math import comb
from typing import TYPE_CHECKING, Any, Final

import pandas as pd

from wpp.analysis.stats import wilson
from wpp.core.standard_deck import Card
from wpp.warpairs.ai.mulligan import analyse_mulligan
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.moves import STRAIGHT_WINDOWS, plays_in_mode
from wpp.warpairs.plays import Category, Mode
from wpp.warpairs.rules import DEFAULT_RULES, Rules

if TYPE_CHECKING:  # matplotlib is needed only to draw
    from matplotlib.figure import Figure

__all__ = [
    "MULLIGAN_KINDS",
    "POKER",
    "best_table",
    "exact_holds",
    "hand_categories",
    "holds_figure",
    "holds_table",
    "mulligan_figure",
    "mulligan_kind",
    "mulligan_table",
    "simulate",
]

#: The poker categories, low to high (R4).
POKER: Final = tuple(c for c in Category if c.mode is Mode.POKER)
#: What the mulligan can keep (6.1: one straight or flush at most).
MULLIGAN_KINDS: Final = ("no poker hand", "straight", "flush", "straight flush")


def hand_categories(hand: Sequence[Card], rules: Rules = DEFAULT_RULES) -> frozenset[Category]:
    """The poker categories ``hand`` can make, as a card player counts them: a straight
    flush is also a straight and a flush (five in a row, five of a suit)."""
    cats = {p.category for p in plays_in_mode(hand, Mode.POKER, rules)}
    if Category.STRAIGHT_FLUSH in cats:
        cats.update((Category.STRAIGHT, Category.FLUSH))
    return frozenset(cats)


def mulligan_kind(hand: Sequence[Card]) -> str:
    """What the classic AI's mulligan keeps from ``hand``: one of :data:`MULLIGAN_KINDS`."""
    plan = analyse_mulligan(tuple(hand)).chosen.plan
    if plan is None:
        return "no poker hand"
    return plan.category.label


def _hands(deals: int, seed: int) -> Iterator[tuple[int, int, tuple[Card, ...]]]:
    for i in range(deals):
        cards = deal(seed + i)
        yield seed + i, 0, cards[:DEAL_SIZE]
        yield seed + i, 1, cards[DEAL_SIZE:2 * DEAL_SIZE]


def simulate(deals: int = 300, seed: int = 0, *, progress: bool = False,
             rules: Rules = DEFAULT_RULES) -> pd.DataFrame:
    """Deal ``deals`` seeded deals (seeds ``seed``, ``seed + 1``…) and describe both hands.

    One row per hand: ``deal`` (its seed), ``seat`` (0 = P1), a boolean column per poker
    category (can the hand make one?), ``best`` (its highest category), ``mulligan`` (what
    the AI's mulligan keeps) and ``power`` (how many twos, kings and aces it holds). The
    same arguments always give the same table. ``progress`` shows a tqdm bar.
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    bar: Any = None
    if progress:  # tqdm.auto: a widget in Jupyter, text on stderr elsewhere
        bar = import_module("tqdm.auto").tqdm(total=2 * deals, desc="hands", unit="hand")
    rows = []
    for d, seat, hand in _hands(deals, seed):
        if bar is not None:
            bar.update(1)
        cats = hand_categories(hand, rules)
        row: dict[str, object] = {"deal": d, "seat": seat}
        row.update({c.label: c in cats for c in POKER})
        row["best"] = max(cats).label if cats else "none"  # two pair at least, for 16 cards
        row["mulligan"] = mulligan_kind(hand)
        row["power"] = sum(c.rank in (2, 13, 14) for c in hand)
        rows.append(row)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- exact counts

Poly = list[int]


def _mul(a: Poly, b: Poly, top: int) -> Poly:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def _power(p: Poly, n: int, top: int) -> Poly:
    out: Poly = [1]
    for _ in range(n):
        out = _mul(out, p, top)
    return out


def _coef(p: Poly, k: int) -> int:
    return p[k] if k < len(p) else 0


def _runs_free(wraps: bool) -> list[int]:
    """Rank subsets (13-bit masks) holding no straight: how many of each size."""
    # The engine's straight windows, as masks of rank - 2 (bit 0 for twos).
    windows = [mask >> 2 for _, mask, wrap in STRAIGHT_WINDOWS if wraps or not wrap]
    sizes = [0] * 14
    for m in range(1 << 13):
        if not any(m & w == w for w in windows):
            sizes[m.bit_count()] += 1
    return sizes


@cache
def exact_holds(hand_size: int = DEAL_SIZE, wraps: bool = True) -> dict[Category, float]:
    """The exact probability that ``hand_size`` random cards can make each poker category
    (a straight flush counting as a straight and as a flush, as in :func:`simulate`).

    Counted by generating functions (see the module docs): a rank contributes
    1 + 4x + 6x² + 4x³ + x⁴ (the ways to hold 0…4 of its cards), a suit Σ C(13, k) xᵏ.
    For 5 cards they give the textbook counts — 624 four of a kind, 3,744 full houses — and
    13 × 4⁵ straights, the four wrap-arounds included.
    """
    n = hand_size
    total = comb(52, n)
    rank_ways = [1, 4, 6, 4, 1]
    singles = _power([1, 4], 12, n)  # twelve ranks held at most once

    def ranks_capped(most: int) -> int:
        """Hands holding at most ``most`` cards of every rank."""
        return _coef(_power(rank_ways[: most + 1], 13, n), n)

    def one_rank_at_least(k0: int) -> int:
        """Hands with exactly one rank held ``k0`` times or more, every other rank once."""
        return 13 * sum(rank_ways[k] * _coef(singles, n - k) for k in range(k0, 5) if k <= n)

    free = _runs_free(wraps)
    at_least_one = [0, 4, 6, 4, 1]
    no_straight = sum(count * _coef(_power(at_least_one, size, n), n)
                      for size, count in enumerate(free))
    no_flush = _coef(_power([comb(13, k) for k in range(5)], 4, n), n)
    no_straight_flush = _coef(_power(free, 4, n), n)
    return {
        Category.TWO_PAIR: 1 - (ranks_capped(1) + one_rank_at_least(2)) / total,
        Category.THREE_OF_A_KIND: 1 - ranks_capped(2) / total,
        Category.STRAIGHT: 1 - no_straight / total,
        Category.FLUSH: 1 - no_flush / total,
        Category.FULL_HOUSE: 1 - (ranks_capped(2) + one_rank_at_least(3)) / total,
        Category.FOUR_OF_A_KIND: 1 - ranks_capped(3) / total,
        Category.STRAIGHT_FLUSH: 1 - no_straight_flush / total,
    }


# --------------------------------------------------------------------------- tables

def _share_rows(counts: Iterable[tuple[str, int]], n: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for label, k in counts:
        w = wilson(k, n)
        rows.append({"hands": n, "count": k, "share": k / n, "low": w.low, "high": w.high})
        rows[-1] = {"": label, **rows[-1]}
    return rows


def holds_table(df: pd.DataFrame, *, exact: bool = True) -> pd.DataFrame:
    """Per poker category: how many hands can make one, the share with its 95% Wilson
    interval, and (``exact``) the exact probability beside it."""
    n = len(df)
    rows = _share_rows(((c.label, int(df[c.label].sum())) for c in POKER), n)
    out = pd.DataFrame(rows).rename(columns={"": "category"}).set_index("category")
    if exact:
        ex = exact_holds()
        out["exact"] = [ex[c] for c in POKER]
    return out


def best_table(df: pd.DataFrame) -> pd.DataFrame:
    """The hands' best category: how many hands have each as their highest."""
    n = len(df)
    labels = [c.label for c in POKER]
    counts = df["best"].value_counts()
    rows = _share_rows(((lab, int(counts.get(lab, 0))) for lab in labels), n)
    return pd.DataFrame(rows).rename(columns={"": "best category"}).set_index("best category")


def mulligan_table(df: pd.DataFrame) -> pd.DataFrame:
    """What the mulligan keeps: how many hands, the share and its 95% Wilson interval."""
    n = len(df)
    counts = df["mulligan"].value_counts()
    rows = _share_rows(((k, int(counts.get(k, 0))) for k in MULLIGAN_KINDS), n)
    return pd.DataFrame(rows).rename(columns={"": "the mulligan keeps"}).set_index(
        "the mulligan keeps")


# --------------------------------------------------------------------------- figures

def _bars(table: pd.DataFrame, title: str, xlabel: str, exact: bool) -> Figure:
    from matplotlib.figure import Figure  # late: drawing is optional

    fig = Figure(figsize=(7.0, 0.7 + 0.42 * len(table)))
    ax = fig.subplots()
    y = list(range(len(table)))
    share = table["share"].to_numpy(dtype=float)
    err = [share - table["low"].to_numpy(dtype=float),
           table["high"].to_numpy(dtype=float) - share]
    ax.barh(y, share, xerr=err, color="#2e7d4f", capsize=3, label="simulated (95% interval)")
    if exact and "exact" in table:
        ax.plot(table["exact"].to_numpy(dtype=float), y, "D", color="#d4a017",
                markeredgecolor="#5a4500", label="exact")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_yticks(y, [str(i) for i in table.index])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    labels = ax.get_yaxis_transform()  # x in axes fractions, y in data
    for yi, s in zip(y, share, strict=True):
        ax.text(1.01, yi, f"{s:.0%}", va="center", fontsize=8, transform=labels)
    fig.tight_layout()
    return fig


def holds_figure(table: pd.DataFrame) -> Figure:
    """Bars: the share of hands that can make each category, and the exact value (◆)."""
    return _bars(table, "Can a 16-card hand make it?", "share of hands", exact=True)


def mulligan_figure(table: pd.DataFrame) -> Figure:
    """Bars: what the classic AI's mulligan keeps, as shares of hands."""
    return _bars(table, "What the mulligan keeps", "share of hands", exact=False)
