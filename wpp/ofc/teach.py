"""What lesson 10 (Open Face Chinese Poker) computes, as tables: the seed's foul examples,
scoring, and pyOFC's Monte Carlo AI opened up — its candidates, the rollout values behind
each, how the estimates settle as passes grow, the weighted foul, the running-average bug,
a placement of yours rated beside the AI's, and the two AIs at several budgets.

Everything is seeded, so the lesson shows the same figures on every run.

>>> foul_examples()[["top", "middle", "fouls"]].values.tolist()[:2]
[['Q♠ Q♥ 7♦', 'Q♦ Q♣ 6♠ 5♥ 4♠', True], ['Q♠ Q♥ 7♦', 'Q♦ Q♣ 9♠ 8♥ 2♠', False]]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

import wpp
from wpp.core.checks import check_seed
from wpp.core.standard_deck import format_cards
from wpp.ofc.board import ROWS, board_of, fouls, row_strengths, row_values
from wpp.ofc.candidates import candidates
from wpp.ofc.game import OfcView, Place
from wpp.ofc.match import duplicate_match
from wpp.ofc.pyofc import compat_ratings, effective_sample_size, run_rollouts
from wpp.ofc.scoring import HandScore, score_hand
from wpp.poker.ranking import evaluate, evaluate3

__all__ = ["FoulDrill", "Opening", "Option", "coach", "compat_table", "foul_drills",
           "foul_examples", "histogram_data", "opening", "rate_placement", "readme_tie",
           "settling", "strength_table", "weigh", "weighted_foul_table"]

#: The seed's and the reference's foul examples: (top, middle, bottom).
FOUL_EXAMPLES = (
    ("QS QH 7D", "QD QC 6S 5H 4S", "AS AH AD 2C 2D"),
    ("QS QH 7D", "QD QC 9S 8H 2S", "AS AH AD 2C 2D"),
    ("AS AH AD", "KS KH KD 2C 3D", "4S 5S 6S 7S 8S"),
    ("6S 6H 2D", "KS KH 9D 9C 3S", "QS QH QD 4C 4D"),
)


def foul_examples() -> pd.DataFrame:
    """The example boards: each row's hand and whether the board fouls."""
    rows = []
    for top, middle, bottom in FOUL_EXAMPLES:
        b = board_of(top, middle, bottom)
        rows.append({"top": format_cards(b[0]), "middle": format_cards(b[1]),
                     "bottom": format_cards(b[2]), "top is": evaluate3(b[0]).name,
                     "middle is": evaluate(b[1]).name, "fouls": fouls(b)})
    return pd.DataFrame(rows)


def readme_tie() -> HandScore:
    """The README's tie example, scored under the standard scoring."""
    a = board_of("6S 6H 2D", "KS KH 9D 8C 3S", "AS AD 4C 4D 7H")
    b = board_of("5S 5H 3D", "JS JH 9C 8D 2S", "9S TH JC QC KD")
    return score_hand((a, b))


@dataclass(frozen=True)
class Opening:
    """An opening decision opened up: the view, pyOFC's candidates, and every rollout's
    value (candidates × passes) with its fouls."""

    view: OfcView
    candidates: list[Place]
    values: npt.NDArray[np.int64]
    foul: npt.NDArray[np.bool_]

    def table(self, top: int = 8) -> pd.DataFrame:
        """The best ``top`` candidates by mean value (lower is better)."""
        mean = self.values.mean(axis=1)
        order = np.argsort(mean, kind="stable")[:top]
        return pd.DataFrame([{
            "candidate": int(i), "placement": str(self.candidates[i])[6:],
            "mean": round(float(mean[i])), "spread": round(float(self.values[i].std())),
            "foul rate": round(float(self.foul[i].mean()), 3)} for i in order])


def opening(seed: int = 1, passes: int = 400, rng_seed: int = 0) -> Opening:
    """The opening of the deal ``seed`` for P1, every candidate rolled out ``passes`` times."""
    view = wpp.new_game("ofc", seed=seed).view(0)
    assert isinstance(view, OfcView)
    cands = candidates(view.board, view.to_place)
    r = run_rollouts([p.onto(view.board) for p in cands], view.unseen,
                     np.random.default_rng(check_seed(rng_seed, "rng_seed")), passes)
    return Opening(view, cands, r.values, r.fouls)


def settling(o: Opening, checkpoints: tuple[int, ...] = (10, 25, 50, 100, 200, 400),
             top: int = 3) -> pd.DataFrame:
    """The best ``top`` candidates' running means after each checkpoint of passes, with 95%
    intervals (mean ± 1.96·s/√n)."""
    final = o.values.mean(axis=1)
    best = np.argsort(final, kind="stable")[:top]
    rows = []
    for n in checkpoints:
        for i in best:
            x = o.values[i, :n]
            half = 1.96 * float(x.std(ddof=1)) / math.sqrt(n)
            rows.append({"passes": n, "candidate": int(i), "mean": float(x.mean()),
                         "low": float(x.mean()) - half, "high": float(x.mean()) + half})
    return pd.DataFrame(rows)


def weighted_foul_table(o: Opening) -> pd.DataFrame:
    """Which candidate each valuation picks and how often it fouls: pyOFC's weighted foul
    (22,389), a foul counted only as the worst legal board (22,386), and fouls ignored (the
    mean of the legal completions only)."""
    worst = np.where(o.foul, 3 * 7462, o.values)
    legal_mean = np.array([v[~f].mean() if (~f).any() else np.inf
                           for v, f in zip(o.values, o.foul, strict=True)])
    rows = []
    for name, score in (("weighted foul (pyOFC)", o.values.mean(axis=1)),
                        ("foul = worst legal", worst.mean(axis=1)),
                        ("fouls ignored", legal_mean)):
        i = int(np.argmin(score))
        rows.append({"valuation": name, "choice": str(o.candidates[i])[6:],
                     "foul rate": round(float(o.foul[i].mean()), 3)})
    return pd.DataFrame(rows)


def compat_table(o: Opening, checkpoints: tuple[int, ...] = (10, 50, 100, 400)) -> pd.DataFrame:
    """pyOFC's running average against the true mean: the effective sample size, the choice
    each makes, and the share of the rollouts' weight the first 10 carry."""
    rows = []
    for n in checkpoints:
        compat = compat_ratings(o.values[:, :n])
        true = o.values[:, :n].mean(axis=1)
        w = np.array([1.0] + [1 / (k - 1) for k in range(2, n + 1)])
        rows.append({"passes": n, "effective sample size": round(effective_sample_size(n), 1),
                     "weight of the first 10": round(float(w[:10].sum() / w.sum()), 2),
                     "same choice": int(np.argmin(compat)) == int(np.argmin(true)),
                     "true-mean choice": str(o.candidates[int(np.argmin(true))])[6:],
                     "running-average choice": str(o.candidates[int(np.argmin(compat))])[6:]})
    return pd.DataFrame(rows)


def rate_placement(o: Opening, place: Place, passes: int = 400) -> pd.DataFrame:
    """Your placement rolled out beside pyOFC's candidates (added if its pruning dropped it):
    its mean and foul rate, its rank, and the AI's choice."""
    if place not in o.view.legal_actions():
        raise wpp.WppError(f"{place} is not a legal placement of {format_cards(o.view.to_place)}")
    means = o.values.mean(axis=1)
    if place in o.candidates:  # one of the AI's own: its own rollouts
        i = o.candidates.index(place)
        mine, foul_rate, others = float(means[i]), float(o.foul[i].mean()), np.delete(means, i)
    else:
        r = run_rollouts([place.onto(o.view.board)], o.view.unseen,
                         np.random.default_rng(99), passes)
        mine, foul_rate, others = float(r.values.mean()), float(r.fouls.mean()), means
    best = int(np.argmin(means))
    return pd.DataFrame([
        {"who": "you", "placement": str(place)[6:], "mean": round(mine),
         "foul rate": round(foul_rate, 3), "rank": 1 + int((others < mine).sum()),
         "of": len(others) + 1},
        {"who": "pyOFC", "placement": str(o.candidates[best])[6:], "mean": round(float(
            means[best])), "foul rate": round(float(o.foul[best].mean()), 3), "rank": 1,
         "of": len(others) + 1}])


def strength_table(passes: tuple[int, ...] = (8, 32), deals: int = 6, seed: int = 7
                   ) -> pd.DataFrame:
    """The two AIs at several numbers of passes, a duplicate match each (same passes for
    both: the expected-points AI spends more time per pass)."""
    rows = []
    for p in passes:
        r = duplicate_match("expected", "pyofc", deals, seed, passes=p)
        est = r.interval()
        rows.append({"passes": p, "hands": 2 * deals,
                     "expected: points per hand": round(est.estimate, 2),
                     "low": round(est.low, 2), "high": round(est.high, 2),
                     "expected fouls": round(r.foul_rate("expected"), 3),
                     "pyofc fouls": round(r.foul_rate("pyofc"), 3)})
    return pd.DataFrame(rows)


def histogram_data(o: Opening, which: list[int]) -> dict[str, Any]:
    """Rollout values of some candidates, by their placement (for a histogram)."""
    return {str(o.candidates[i])[6:]: o.values[i] for i in which}


@dataclass(frozen=True)
class Option:
    """One way to place the cards of a turn, weighed by rollouts: how often the board it
    leads to fouls (``foul_rate``, 0–1) and its mean rollout value (pyOFC's sum of the rows'
    ranks, foul 22,389: *lower is better*)."""

    place: Place
    foul_rate: float
    mean: float

    @property
    def words(self) -> str:
        """The placement in words: which cards go on which row."""
        return str(self.place)[6:]


def weigh(view: OfcView, places: list[Place], passes: int = 300, rng_seed: int = 0
          ) -> list[Option]:
    """Each of ``places`` rolled out ``passes`` times from ``view`` (the unseen cards dealt at
    random to the empty slots, as pyOFC's AI does), best (lowest mean) first."""
    if not places:
        raise wpp.WppError("there is no placement to weigh")
    legal = set(view.legal_actions())
    for p in places:
        if p not in legal:
            raise wpp.WppError(f"{p} is not a legal placement of {format_cards(view.to_place)}")
    r = run_rollouts([p.onto(view.board) for p in places], view.unseen,
                     np.random.default_rng(check_seed(rng_seed, "rng_seed")), passes)
    out = [Option(p, float(f.mean()), float(v.mean()))
           for p, v, f in zip(places, r.values, r.fouls, strict=True)]
    return sorted(out, key=lambda o: o.mean)


def coach(view: OfcView, mine: Place, passes: int = 300, rng_seed: int = 0
          ) -> tuple[Option, Option, int, int]:
    """A learner's placement weighed beside the AI's: the options pyOFC considers (every
    legal placement for one card; its pruned candidates, plus the learner's, for five),
    rolled out together. Returns (yours, the AI's choice, your rank, how many options)."""
    places = (list(view.legal_actions()) if len(view.to_place) == 1
              else candidates(view.board, view.to_place))
    if mine not in places:
        places.append(mine)
    options = weigh(view, places, passes, rng_seed)
    yours = next(o for o in options if o.place == mine)
    return yours, options[0], 1 + options.index(yours), len(options)


@dataclass(frozen=True)
class FoulDrill:
    """"Does this board foul?": a full board, the engine's answer and each row's hand."""

    board: Any
    fouls: bool
    names: tuple[str, str, str]
    #: Why it fouls, naming the deciding card ("" for a sound board).
    why: str = ""


def foul_reason(board: Any) -> str:
    """Why a full board fouls, in words, naming what decides: a stronger kind of hand, a
    higher pair, or — when both rows are the same hand — the kicker; ``""`` when it is sound.

    >>> why = foul_reason(board_of("QS QH 7D", "QD QC 6S 5H 4S", "AS AH AD 2C 2D"))
    >>> why.split(": ")[1].split(" — ")[0]
    "the top's 7 beats the middle's 6"
    >>> why.split(", so")[0]
    'the top and middle rows are both one pair of queens'
    >>> foul_reason(board_of("AS AH AD", "KS KH KD 2C 3D", "4S 5S 6S 7S 8S"))
    "the top row's three of a kind (aces) beats the middle row's three of a kind (kings)"
    """
    strengths, values = row_strengths(board), row_values(board)
    for i in (0, 1):
        if strengths[i] <= strengths[i + 1]:
            continue
        hi, lo, up, down = values[i], values[i + 1], ROWS[i], ROWS[i + 1]
        kind, other = hi.category.label.lower(), lo.category.label.lower()
        if hi.category != lo.category:
            return (f"the {up} row's {kind} is stronger than the {down} row's {other} below "
                    "it")
        for j, (a, b) in enumerate(zip(hi.ranks, lo.ranks, strict=False)):
            if a == b:
                continue
            if j == 0:
                return (f"the {up} row's {kind} ({a.plural}) beats the {down} row's {other} "
                        f"({b.plural})")
            return (f"the {up} and {down} rows are both {kind} of {hi.ranks[0].plural}, so "
                    f"the kicker decides: the {up}'s {a.symbol} beats the {down}'s "
                    f"{b.symbol} — the {up} row is stronger than the row below it")
        return f"the {up} row is stronger than the {down} row below it"
    return ""


def foul_drills() -> list[FoulDrill]:
    """The seed's and the reference's example boards as questions, judged by the engine."""
    out = []
    for top, middle, bottom in FOUL_EXAMPLES:
        b = board_of(top, middle, bottom)
        out.append(FoulDrill(b, fouls(b), (evaluate3(b[0]).name, evaluate(b[1]).name,
                                           evaluate(b[2]).name), foul_reason(b)))
    return out
