"""pyOFC's Monte Carlo AI (reference §2.4), made reproducible and explained.

For each decision: the candidate placements (:func:`wpp.ofc.candidates.candidates`, pruned
in the 5-card round); then **passes** — one random completion (rollout) of every candidate
per pass: the board's empty slots filled with a uniform sample of the unseen cards, top first,
then middle, then bottom — each rollout valued by pyOFC's number, the **sum of the three
rows' Deuces ranks** (1 = royal flush … 7,462 = worst high card: *lower is better*), or
:data:`~wpp.ofc.fast.FOUL_VALUE` = 22,389 for a foul (the *weighted foul*, only 3 above the
worst legal sum but thousands above a typical one: fouls drag a candidate's rating up, which
makes the AI conservative). The candidate with the lowest rating is placed (the earliest in
product order on a tie).

Differences from pyOFC, all options:

* ``passes`` (default 100, at most :data:`~wpp.ofc.game.MAX_PASSES`, 10,000) — a fixed
  number of seeded passes, so a lesson is reproducible; ``move_time`` (CPU seconds, more
  than 0 and at most 600) runs passes until the budget is spent instead, as pyOFC does with
  its wall clock (``five_card_time``/``one_card_time``, 5 s and 3 s there, bounded alike).
* The rating is the **true mean** of the rollouts. ``pyofc_compat=True`` reproduces pyOFC's
  mis-parenthesised running average, ``r_k = r_{k−1} + ⌊v_k / (k−1)⌋ + 1``: a harmonically
  weighted sum whose effective sample size is only about 14.5 after 100 passes.
* The explanation's runner-up is the true second best (pyOFC's "next best" was only updated
  when a new best was found).

>>> import wpp
>>> g = wpp.new_game("ofc", seed=1)
>>> ai = PyOfcAI(seed=0, passes=20)
>>> d = ai.decide(g.view(0))
>>> d.explanation.step("pyofc.candidates").verdict
'24 sensible ways to place these cards (of 232 possible)'
>>> [str(c) for c in g.view(0).to_place]          # two pairs: each pair shares a row
['7♥', 'K♥', '7♠', '4♥', 'K♣']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_count, check_seconds, check_seed
from wpp.core.explain import Explanation, Step
from wpp.core.standard_deck import Card, format_cards
from wpp.ofc import fast
from wpp.ofc.board import ROWS, Board, open_rows
from wpp.ofc.candidates import candidates, prune_rule
from wpp.ofc.fast import FOUL_VALUE, Completions, pyofc_values
from wpp.ofc.game import FIRST_ROUND, MAX_PASSES, MAX_SECONDS, OfcView, Place

__all__ = ["PyOfcAI", "Rollouts", "board_array", "compat_ratings", "effective_sample_size",
           "run_rollouts"]

#: How many candidates the explanation's table shows.
TABLE_ROWS = 6


def board_array(board: Board) -> list[int]:
    """A board as 13 card slots (top 0–2, middle 3–7, bottom 8–12), ``-1`` where empty."""
    out = [-1] * 13
    for start, row in zip((0, 3, 8), board, strict=True):
        out[start:start + len(row)] = [int(c) for c in row]
    return out


def compat_ratings(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """pyOFC's running "average" of each row of ``values`` (rollouts in order): ``v_1``,
    then ``r_k = r_{k−1} + ⌊v_k / (k−1)⌋ + 1`` (Python 2's floor division).

    >>> compat_ratings(np.array([[100, 50, 30]])).tolist()   # 100, 100+50+1, 151+15+1
    [167]
    """
    k = np.arange(1, values.shape[1], dtype=np.int64)
    out: npt.NDArray[np.int64] = values[:, 0] + (values[:, 1:] // k + 1).sum(axis=1)
    return out


def effective_sample_size(passes: int) -> float:
    """How many equally weighted rollouts pyOFC's running average is worth after ``passes``:
    (Σw)² / Σw² with weights 1, 1, 1/2, 1/3, …

    >>> round(effective_sample_size(100), 1), round(effective_sample_size(1000), 1)
    (14.5, 27.2)
    """
    w = [1.0] + [1.0 / (k - 1) for k in range(2, passes + 1)]
    return sum(w) ** 2 / sum(x * x for x in w)


@dataclass(frozen=True)
class Rollouts:
    """The values of every candidate's rollouts (candidates × passes) and their fouls."""

    values: npt.NDArray[np.int64]
    fouls: npt.NDArray[np.bool_]

    @property
    def passes(self) -> int:
        return int(self.values.shape[1])


def run_rollouts(boards: Sequence[Board], deck: Sequence[Card], rng: np.random.Generator,
                 passes: int | None = None, move_time: float | None = None) -> Rollouts:
    """pyOFC's rollouts of each board: ``passes`` passes, or passes until ``move_time`` CPU
    seconds (:func:`wpp.ofc.fast.cpu_time`, the thread's) are spent (at least one). The one
    place every rollout passes through (the AI's and the lessons'), so it bounds both
    budgets as the AI does: ``passes`` 1 to :data:`~wpp.ofc.game.MAX_PASSES`, ``move_time``
    more than 0 and at most :data:`~wpp.ofc.game.MAX_SECONDS` (``inf``, ``nan``, a float
    count: a ``WppError``)."""
    if passes is not None:
        check_count(passes, "passes", 1, MAX_PASSES)
    if move_time is not None:
        check_seconds(move_time, "move_time", MAX_SECONDS)
    arrays = np.array([board_array(b) for b in boards], dtype=np.int64)
    c = len(boards)
    if move_time is None:
        done = Completions(arrays, deck, passes or 1, rng)
        return Rollouts(pyofc_values(done).reshape(c, -1), done.foul.reshape(c, -1))
    start, batch = fast.cpu_time(), 1
    values, fouls = [], []
    while True:
        done = Completions(arrays, deck, batch, rng)
        values.append(pyofc_values(done).reshape(c, -1))
        fouls.append(done.foul.reshape(c, -1))
        spent = fast.cpu_time() - start
        if spent >= move_time:
            break
        batch = min(batch * 2, max(1, 4096 // c))
    return Rollouts(np.concatenate(values, axis=1), np.concatenate(fouls, axis=1))


class PyOfcAI:
    """pyOFC's Monte Carlo placement AI (see the module's text)."""

    name = "pyofc"

    def __init__(self, seed: int | None = 0, passes: int = 100, move_time: float | None = None,
                 pyofc_compat: bool = False, five_card_time: float | None = None,
                 one_card_time: float | None = None) -> None:
        check_count(passes, "passes", 1, MAX_PASSES)
        for name, value in (("move_time", move_time), ("five_card_time", five_card_time),
                            ("one_card_time", one_card_time)):
            if value is not None:
                check_seconds(value, name, MAX_SECONDS)
        self.rng = np.random.default_rng(None if seed is None else check_seed(seed))
        self.passes = passes
        self.move_time = move_time
        self.pyofc_compat = bool(pyofc_compat)
        self.five_card_time = five_card_time
        self.one_card_time = one_card_time

    def budget(self, cards: int) -> float | None:
        """The CPU seconds for a decision placing ``cards`` cards (None: fixed passes):
        pyOFC's separate budgets for the 5-card and 1-card rounds, else ``move_time``."""
        own = self.five_card_time if cards == FIRST_ROUND else self.one_card_time
        return own if own is not None else self.move_time

    def ratings(self, rollouts: Rollouts) -> npt.NDArray[np.float64]:
        """Each candidate's rating: the mean (or pyOFC's running average)."""
        if self.pyofc_compat:
            return compat_ratings(rollouts.values).astype(np.float64)
        means: npt.NDArray[np.float64] = rollouts.values.mean(axis=1)
        return means

    def _search(self, view: OfcView) -> tuple[list[Place], Rollouts | None, int]:
        cands = candidates(view.board, view.to_place)
        if len(cands) == 1:
            return cands, None, 0
        rollouts = run_rollouts([p.onto(view.board) for p in cands], view.unseen, self.rng,
                                self.passes, self.budget(len(view.to_place)))
        return cands, rollouts, int(np.argmin(self.ratings(rollouts)))

    def choose(self, view: OfcView) -> Place:
        view = require_view(view, OfcView, "pyofc")
        cands, _, best = self._search(view)
        return cands[best]

    def decide(self, view: OfcView) -> Decision:
        view = require_view(view, OfcView, "pyofc")
        cands, rollouts, best = self._search(view)
        return Decision(cands[best], self.explain(view, cands, rollouts, best))

    # ------------------------------------------------------------------ the explanation

    def explain(self, view: OfcView, cands: list[Place], rollouts: Rollouts | None,
                best: int) -> Explanation:
        """The steps: the cards and open rows, the candidates after pruning, the rollouts,
        the top candidates as boards, the runner-up and whether it is significantly worse."""
        chosen = cands[best]
        cards = view.to_place
        rows = open_rows(view.board)
        steps = [Step(f"Cards to place; open rows: {', '.join(ROWS[r] for r in rows)}",
                      cards, id="pyofc.cards")]
        title = "Tries each placement out"
        if rollouts is None:
            steps.append(Step("Only one possible placement remains", cards,
                              verdict=f"{chosen} (no simulation needed)", id="pyofc.only"))
            return Explanation(title, steps, chosen.cards, str(chosen))
        legal = len(view.legal_actions())
        rule = (prune_rule(cards)[0] if len(cards) == FIRST_ROUND and not any(view.board)
                else "1-card round: no pruning")
        # In a newcomer's words (issue 38): ways to place the cards, practice deals played
        # out to the end, "give or take" — not candidates, rollouts, "± … at 95%".
        steps.append(Step("Ways to place these cards: each card to an open row, at most 3 "
                          "new cards on top; " + rule, cards,
                          verdict=f"{len(cands)} sensible ways to place these cards (of "
                          f"{legal} possible)", id="pyofc.candidates"))
        passes = rollouts.passes
        steps.append(Step(
            f"{passes} practice deals: in each, every way is played out to the end once, the "
            f"cards to come placed at random ({passes * len(cands):,} practice hands in all)",
            verdict="each finished board scores the sum of its rows' hand ranks (lower is "
                    f"better), or {FOUL_VALUE:,} for a foul", id="pyofc.rollouts",
            notes=(("rating = the original program's running average: effective sample size "
                    f"≈ {effective_sample_size(passes):.0f} of its {passes} rollouts"),)
            if self.pyofc_compat else ()))
        ratings = self.ratings(rollouts)
        means = rollouts.values.mean(axis=1)
        spread = rollouts.values.std(axis=1, ddof=1) if passes > 1 else np.zeros(len(cands))
        foul_rate = rollouts.fouls.mean(axis=1)
        order = [int(i) for i in np.argsort(ratings, kind="stable")]
        shown = order[:TABLE_ROWS]
        table: list[tuple[tuple[Card, ...] | str | float | int | bool | None, ...]] = []
        for i in shown:
            board = cands[i].onto(view.board)
            table.append((*(r if r else None for r in board), round(float(ratings[i])),
                          round(float(means[i])), round(float(spread[i])),
                          round(float(foul_rate[i]), 3), i == best))
        steps.append(Step(
            "The best ways as boards (lower rating is better)",
            columns=("top", "middle", "bottom", "rating", "average", "spread", "fouls",
                     "chosen"),
            rows=table, chosen_row=shown.index(best), row_ids=tuple(f"cand-{i}" for i in shown),
            verdict=f"{chosen}: rating {ratings[best]:,.1f}", id="pyofc.table"))
        runner = order[1] if order[0] == best else order[0]
        diff = float(means[runner] - means[best])
        se = math.sqrt((spread[best] ** 2 + spread[runner] ** 2) / passes) if passes > 1 else 0
        clear = se > 0 and abs(diff) > 1.96 * se     # a 95% confidence test, said plainly
        steps.append(Step(
            "The next best way: " + str(cands[runner]),
            verdict=(f"on average {diff:+,.1f} worse (give or take {1.96 * se:,.1f}): "
                     + ("clearly worse" if clear else
                        "too close to call — more practice deals could change the choice")),
            id="pyofc.runnerup",
            notes=("rows of the next best way: " + " / ".join(
                format_cards(r) or "-" for r in cands[runner].onto(view.board)),)))
        return Explanation(title, steps, chosen.cards, str(chosen))
