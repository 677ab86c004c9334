"""A stronger OFC AI: placements valued by the points they are expected to score.

pyOFC (:mod:`wpp.ofc.pyofc`) fills the rest of its board at random and minimises the sum of
its rows' ranks, a foul counted as a very bad sum. It never looks at the opponent, ignores
royalties and assumes the future cards will land in random slots. This AI changes three
things, keeping pyOFC's candidates and pruning:

1. **Deals shared by all candidates** (common random numbers). Each pass deals one set of
   future cards — for this player's empty slots and every opponent's — and every candidate
   is completed with the *same* cards, so the candidates are compared on the same luck and
   their differences are estimated far more precisely than with a fresh deal each.
2. **A fast placement policy instead of random fill.** The dealt cards are tried in
   ``arrangements`` orders over the empty slots and the board that scores best by a quick
   measure (royalties plus the rows' strengths, a foul very bad) is kept — the way a player
   who sees the cards coming would place them. Opponents' boards are completed the same way.
3. **Boards valued in points**: each completed board is scored against each opponent's
   under the game's own scoring (rows, scoop, fouls and, under standard scoring, royalties).
   The candidate with the highest mean is placed.

Time is spent by successive halving: a first share of the passes on every candidate, then
the rest on the best quarter.

>>> import wpp
>>> g = wpp.new_game("ofc", seed=1)
>>> d = ExpectedPointsAI(seed=0, passes=20).decide(g.view(0))
>>> d.explanation.step("expected.table").columns[:4]
('top', 'middle', 'bottom', 'points')
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_count, check_number, check_seconds, check_seed
from wpp.core.explain import Cell, Explanation, Step
from wpp.core.standard_deck import format_cards
from wpp.ofc import fast
from wpp.ofc.board import ROWS, Board
from wpp.ofc.candidates import candidates
from wpp.ofc.game import MAX_PASSES, MAX_SECONDS, OfcView, Place
from wpp.ofc.pyofc import board_array
from wpp.ofc.scoring import FOUL_POINTS, SCOOP_POINTS, Royalties

__all__ = ["ExpectedPointsAI"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: The quick measure's value of a fouled completion (royalties and strengths are far less).
_FOUL_SCORE = -100.0
#: How many candidates the explanation's table shows.
TABLE_ROWS = 6


@functools.lru_cache(maxsize=8)
def _royalty_tables(royalties: Royalties) -> tuple[IntArray, IntArray, IntArray]:
    return fast.royalty_tables(royalties)


@dataclass(frozen=True)
class _Rows:
    """Completed boards: each row's strength (top: 3-card order too), fouls, royalties."""

    top: IntArray
    top_order: IntArray
    middle: IntArray
    bottom: IntArray
    foul: npt.NDArray[np.bool_]
    royalty: IntArray


def _evaluate(full: IntArray, tables: tuple[IntArray, IntArray, IntArray] | None) -> _Rows:
    """Rows of completed boards (any leading shape, 13 slots last)."""
    top_cards = full[..., 0:3]
    top = fast.strengths3(top_cards)
    middle = fast.strengths5(full[..., 3:8])
    bottom = fast.strengths5(full[..., 8:13])
    foul = fast.fouled(top, middle, bottom)
    if tables is None:
        royalty = np.zeros_like(top)
    else:
        front, mid_t, back_t = tables
        royalty = np.where(foul, 0, front[fast.front_keys(top_cards)] + mid_t[middle]
                           + back_t[bottom])
    return _Rows(top, fast.orders3(top_cards), middle, bottom, foul, royalty)


def _quick(rows: _Rows) -> FloatArray:
    """The policy's measure of a completion: royalties plus the rows' strengths (each 0..1),
    a foul far below anything else."""
    strength = (rows.top + rows.middle + rows.bottom) / 7462.0
    out: FloatArray = np.where(rows.foul, _FOUL_SCORE, rows.royalty + strength)
    return out


@functools.lru_cache(maxsize=64)
def _orders(k: int, arrangements: int) -> IntArray:
    """``arrangements`` fixed orders of ``k`` dealt cards (the first the identity): each is
    as random as the deal itself, since the deal's order is random."""
    rng = np.random.default_rng(k)
    out: IntArray = np.array([np.arange(k)] + [rng.permutation(k)
                                               for _ in range(1, arrangements)],
                             dtype=np.int64).reshape(arrangements, k)
    return out


def _complete(boards: IntArray, fill: IntArray, arrangements: int,
              tables: tuple[IntArray, IntArray, IntArray] | None) -> _Rows:
    """Complete ``boards`` (B × 13, ``-1`` empty, the same empty slots each) with ``fill``
    (P × k dealt cards, shared by the boards): each of ``arrangements`` orders of the cards
    over the empty slots, keeping the best by :func:`_quick`. Rows of shape (B, P)."""
    b, p, k = len(boards), len(fill), fill.shape[1]
    slots = np.flatnonzero(boards[0] < 0)
    if not (boards[:, slots] < 0).all() or (boards < 0).sum() != b * k:
        raise ValueError("boards to complete together must have the same empty slots")
    n = arrangements if k > 1 else 1
    full = np.broadcast_to(boards[:, None, None, :], (b, p, n, 13)).copy()
    if k:
        full[:, :, :, slots] = fill[:, _orders(k, n)][None]
    rows = _evaluate(full, tables)
    pick = np.argmax(_quick(rows), axis=2)[..., None]

    def take(x: IntArray) -> IntArray:
        out: IntArray = np.take_along_axis(x, pick, axis=2)[..., 0]
        return out

    return _Rows(take(rows.top), take(rows.top_order), take(rows.middle), take(rows.bottom),
                 np.take_along_axis(rows.foul, pick, axis=2)[..., 0], take(rows.royalty))


def _points(me: _Rows, them: _Rows) -> IntArray:
    """What ``me`` scores against ``them`` (broadcast), under the pair rules of
    :mod:`wpp.ofc.scoring`."""
    rows = (np.sign(me.top_order - them.top_order) + np.sign(me.middle - them.middle)
            + np.sign(me.bottom - them.bottom))
    rows = np.where(np.abs(rows) == 3, np.sign(rows) * SCOOP_POINTS, rows)
    royalty = me.royalty - them.royalty
    out: IntArray = np.where(
        me.foul & them.foul, 0,
        np.where(me.foul, -FOUL_POINTS + royalty,
                 np.where(them.foul, FOUL_POINTS + royalty, rows + royalty)))
    return out


def _same_shape_groups(boards: list[Board]) -> dict[tuple[bool, ...], list[int]]:
    """Candidates grouped by which slots stay empty (they share one completion layout)."""
    groups: dict[tuple[bool, ...], list[int]] = {}
    for i, b in enumerate(boards):
        key = tuple(x < 0 for x in board_array(b))
        groups.setdefault(key, []).append(i)
    return groups


class ExpectedPointsAI:
    """Placements by expected points: shared deals, a best-of-``arrangements`` policy for the
    cards to come, every board scored against the opponents' (see the module's text).

    ``passes`` (default 60; 2 to :data:`~wpp.ofc.game.MAX_PASSES`, 10,000) deals per
    candidate, or ``move_time`` CPU seconds per decision (more than 0, at most 600);
    ``arrangements`` 1 to 64, ``foul_penalty`` 0 to 100 points.
    """

    name = "expected"

    def __init__(self, seed: int | None = 0, passes: int = 60, move_time: float | None = None,
                 arrangements: int = 3, foul_penalty: float = 0.0) -> None:
        check_count(passes, "passes", 2, MAX_PASSES)
        if move_time is not None:
            check_seconds(move_time, "move_time", MAX_SECONDS)
        check_count(arrangements, "arrangements", 1, 64)
        self.rng = np.random.default_rng(None if seed is None else check_seed(seed))
        self.passes = passes
        self.move_time = move_time
        self.arrangements = arrangements
        self.foul_penalty = check_number(foul_penalty, "foul_penalty (points)", 0, 100)

    # ------------------------------------------------------------------ the search

    def _deal_points(self, view: OfcView, boards: list[Board], passes: int) -> IntArray:
        """Points of each board (rows) over ``passes`` shared deals (columns)."""
        others = [s for s in range(view.players) if s != view.player]
        mine = [board_array(b) for b in boards]
        e_me = sum(x < 0 for x in mine[0])
        opp_arrays = [np.array([board_array(view.boards[s])]) for s in others]
        e_opp = [int((a < 0).sum()) for a in opp_arrays]
        deck = view.unseen
        k = e_me + sum(e_opp)
        tables = (_royalty_tables(view.rules.royalties) if view.rules.scoring == "standard"
                  else None)
        deal = fast.sample_without_replacement(deck, passes, k, self.rng)
        opponents = []
        at = e_me
        for arr, e in zip(opp_arrays, e_opp, strict=True):
            rows = _complete(arr, deal[:, at:at + e], self.arrangements, tables)
            opponents.append(_Rows(*(x[0] for x in (rows.top, rows.top_order, rows.middle,
                                                     rows.bottom, rows.foul, rows.royalty))))
            at += e
        out = np.zeros((len(boards), passes), dtype=np.int64)
        for idx in _same_shape_groups(boards).values():
            me = _complete(np.array([mine[i] for i in idx]), deal[:, :e_me],
                           self.arrangements, tables)
            for them in opponents:
                out[idx] += _points(me, them)
            if self.foul_penalty:  # the policy sees the cards coming: its fouls are too rare
                out[idx] -= np.round(self.foul_penalty * me.foul).astype(np.int64)
        return out

    def _search(self, view: OfcView) -> tuple[list[Place], IntArray | None, list[int], int]:
        """Candidates, their points per deal (None when there is one), the candidates that
        got every deal (all, or the best quarter after halving), and the chosen index."""
        start = time.process_time()
        cands = candidates(view.board, view.to_place)
        if len(cands) == 1:
            return cands, None, [0], 0
        boards = [p.onto(view.board) for p in cands]
        if self.move_time is None:
            first = max(2, self.passes // 3)
            points = self._deal_points(view, boards, first)
            keep = self._keep(points)
            rest = self._deal_points(view, [boards[i] for i in keep], self.passes - first)
        else:
            # Successive halving within the budget: 40% on every candidate, the rest on
            # the best quarter; a chunk is started only if it should end within the budget.
            chunks: list[IntArray] = []
            took = 0.0
            while not chunks or time.process_time() - start + took < 0.4 * self.move_time:
                t = time.process_time()
                chunks.append(self._deal_points(view, boards, 2))
                took = time.process_time() - t
            points = np.concatenate(chunks, axis=1)
            keep = self._keep(points)
            more: list[IntArray] = []
            took = 0.0
            while not more or time.process_time() - start + took < self.move_time:
                t = time.process_time()
                more.append(self._deal_points(view, [boards[i] for i in keep], 4))
                took = time.process_time() - t
            rest = np.concatenate(more, axis=1)
        full = np.zeros((len(cands), points.shape[1] + rest.shape[1]), dtype=np.int64)
        full[:, :points.shape[1]] = points
        full[keep, points.shape[1]:] = rest
        means = full[keep].mean(axis=1)
        return cands, full, keep, keep[int(np.argmax(means))]

    @staticmethod
    def _keep(points: IntArray) -> list[int]:
        """The best quarter (at least 4) by mean points, best first."""
        n = max(4, math.ceil(len(points) / 4))
        order = np.argsort(-points.mean(axis=1), kind="stable")
        return [int(i) for i in order[:n]]

    def choose(self, view: OfcView) -> Place:
        view = require_view(view, OfcView, "expected")
        cands, _, _, best = self._search(view)
        return cands[best]

    def decide(self, view: OfcView) -> Decision:
        view = require_view(view, OfcView, "expected")
        cands, points, keep, best = self._search(view)
        return Decision(cands[best], self._explain(view, cands, points, keep, best))

    # ------------------------------------------------------------------ the explanation

    def _explain(self, view: OfcView, cands: list[Place], points: IntArray | None,
                 keep: list[int], best: int) -> Explanation:
        chosen = cands[best]
        title = "Expected points"
        steps = [Step("Cards to place", view.to_place, id="expected.cards")]
        if points is None:
            steps.append(Step("Only one possible placement remains", view.to_place,
                              verdict=str(chosen), id="expected.only"))
            return Explanation(title, steps, chosen.cards, str(chosen))
        total = points.shape[1]
        steps.append(Step(
            f"{len(cands)} candidates (pyOFC's, pruned); each deal of the cards to come is "
            f"shared by all of them; the best {len(keep)} got all {total} deals",
            verdict=f"each future card placed by the best of {self.arrangements} "
            "arrangements; every board scored against the opponent's in points",
            id="expected.deals"))
        mean = points[keep].mean(axis=1)
        order = [keep[int(i)] for i in np.argsort(-mean, kind="stable")]
        rows: list[tuple[Cell, ...]] = []
        for i in order[:TABLE_ROWS]:
            board = cands[i].onto(view.board)
            x = points[i]
            se = float(x.std(ddof=1)) / math.sqrt(total)
            rows.append((*(r if r else None for r in board), round(float(x.mean()), 2),
                         round(1.96 * se, 2), i == best))
        steps.append(Step("The best candidates as boards (points per hand, higher is better)",
                          columns=("top", "middle", "bottom", "points", "± 95%", "chosen"),
                          rows=rows, chosen_row=0, row_ids=tuple(f"cand-{i}"
                                                                 for i in order[:TABLE_ROWS]),
                          verdict=f"{chosen}", id="expected.table"))
        runner = order[1]
        diff = points[best] - points[runner]
        se = float(diff.std(ddof=1)) / math.sqrt(total)
        significant = se > 0 and abs(float(diff.mean())) > 1.96 * se
        steps.append(Step(
            "The runner-up: " + str(cands[runner]),
            verdict=(f"{float(diff.mean()):+.2f} points per hand for the choice (± "
                     f"{1.96 * se:.2f}, paired over the same deals): "
                     + ("significant" if significant else "not significant")),
            id="expected.runnerup",
            notes=("rows of the runner-up: " + " / ".join(
                format_cards(r) or "-" for r in cands[runner].onto(view.board)),)))
        return Explanation(title, steps, chosen.cards, str(chosen))


def row_names() -> tuple[str, ...]:
    """The rows' names (for tables)."""
    return ROWS
