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

With ``passes``, a third of them go to every candidate and the rest to the best quarter.
With ``move_time`` — CPU seconds of the deciding thread (:func:`wpp.ofc.fast.cpu_time`), not
the wall clock, so a loaded machine plays the same way — the time goes by successive halving:
a phase on every candidate, then on the best quarter, and so on while more than eight remain,
each phase an equal share of the budget left. The deals run in batches sized from what
batches cost on this machine (:class:`_Cost`), so a budget goes in a few large numpy batches
instead of many tiny ones whose fixed overhead — about 0.4 ms each — used to leave a 4 ms
move with some 15 deals; and a completion is a few table look-ups on cached row sums
(:class:`_Completer`), not 13 card slots evaluated afresh. At 4 ms of CPU a 1-card decision
now sees several hundred deals (300 to 1,200 in traces on the loaded 2-core machine).

>>> import wpp
>>> g = wpp.new_game("ofc", seed=1)
>>> d = ExpectedPointsAI(seed=0, passes=20).decide(g.view(0))
>>> d.explanation.step("expected.table").columns[:4]
('top', 'middle', 'bottom', 'points')
"""

from __future__ import annotations

import functools
import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_count, check_number, check_seconds, check_seed
from wpp.core.explain import Cell, Explanation, Step
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.ofc import fast
from wpp.ofc.board import EMPTY_BOARD, ROWS, Board
from wpp.ofc.candidates import assignments
from wpp.ofc.game import MAX_PASSES, MAX_SECONDS, OFC, OfcRules, OfcView, Place
from wpp.ofc.pyofc import board_array
from wpp.ofc.scoring import FOUL_POINTS, SCOOP_POINTS, STANDARD_ROYALTIES, Royalties

__all__ = ["ExpectedPointsAI"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: The quick measure's value of a fouled completion (royalties and strengths are far less).
_FOUL_SCORE = -100.0
#: How many candidates the explanation's table shows.
TABLE_ROWS = 6
#: Under a time budget, candidates are cut to the best quarter while more than this remain.
HALVE_ABOVE = 8
#: Every candidate that survives gets at least this many deals (the spread needs two).
MIN_DEALS = 2
#: At most this many candidate completions per batch (memory: each is 3 × 13 slots).
MAX_CELLS = 1 << 15
#: The share of a phase's remaining time a batch is planned to fill.
SAFETY = 0.8
#: The share of ``move_time`` the deals are planned to end by (the rest: choosing, and the
#: variation of a batch's time), so that moves take ``move_time`` on average, not more.
TARGET = 0.95
#: A batch is at most this many times the largest of the batches the cost is known from.
GROWTH = 8
#: How many recent batches the cost of a batch is estimated from.
COST_WINDOW = 8
#: A batch of at least this many completions (times arrangements) tells the cost per
#: completion (its overhead is a small part of its time).
LARGE = 768


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

    def map(self, f: Callable[[Any], Any]) -> _Rows:
        """The same rows with ``f`` applied to each array (an index, a selection)."""
        return _Rows(f(self.top), f(self.top_order), f(self.middle), f(self.bottom),
                     f(self.foul), f(self.royalty))


def _evaluate(full: IntArray, tables: tuple[IntArray, IntArray, IntArray] | None) -> _Rows:
    """Rows of completed boards (any leading shape, 13 slots last)."""
    top_key = fast.front_keys(full[..., 0:3])
    top = fast.strengths3_of_keys(top_key)
    middle = fast.strengths5(full[..., 3:8])
    bottom = fast.strengths5(full[..., 8:13])
    foul = fast.fouled(top, middle, bottom)
    if tables is None:
        royalty = np.zeros_like(top)
    else:
        front, mid_t, back_t = tables
        royalty = np.where(foul, 0, front[top_key] + mid_t[middle] + back_t[bottom])
    return _Rows(top, fast.orders3_of_keys(top_key), middle, bottom, foul, royalty)


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
    """Complete ``boards`` (B × 13, ``-1`` empty, each with as many empty slots — not
    necessarily the same ones) with ``fill`` (P × k dealt cards, shared by the boards): each
    of ``arrangements`` orders of the cards over each board's empty slots, keeping the best
    by :func:`_quick`. Rows of shape (B, P). (:class:`_Completer` in one call.)"""
    return _Completer(boards, arrangements, tables).complete(np.arange(len(boards)), fill)


#: The row of each of a board's 13 slots.
_ROW_OF_SLOT: Final = np.array([0] * 3 + [1] * 5 + [2] * 5)


class _Completer:
    """Boards with as many empty slots each, ready to be completed many times over.

    What does not change from one deal to the next is computed once: each board's rows as
    the sums of their cards' :data:`~wpp.ofc.fast.CARD_CODE`, and the boards' *shapes* —
    which row each empty slot is in. Boards of one shape (in an opening, most of the 232
    candidates share one of a dozen shapes) take a deal's cards into the same rows, so the
    dealt cards' row sums are computed once per shape and arrangement, and a candidate's
    completed rows are its own sums plus its shape's: three additions and a few table
    look-ups per candidate, deal and arrangement, instead of building and evaluating 13
    card slots."""

    def __init__(self, boards: IntArray, arrangements: int,
                 tables: tuple[IntArray, IntArray, IntArray] | None) -> None:
        empty = boards < 0
        k = int(empty[0].sum()) if len(boards) else 0
        if (empty.sum(axis=1) != k).any():
            raise ValueError("boards to complete together must have as many empty slots")
        codes = np.where(empty, 0, fast.CARD_CODE[np.where(empty, 0, boards)])
        self.fixed = np.stack([codes[:, 0:3].sum(axis=1), codes[:, 3:8].sum(axis=1),
                               codes[:, 8:13].sum(axis=1)], axis=1)          # B × 3
        self.k = k
        self.n = arrangements if k > 1 else 1
        rows = _ROW_OF_SLOT[np.nonzero(empty)[1]].reshape(len(boards), k)
        shapes, shape_of = np.unique(rows, axis=0, return_inverse=True)
        self.shape_of = shape_of.reshape(-1)
        # per shape and row, the empty slots' positions (padded with k: a zero column)
        idx = np.full((len(shapes), 3, 5), k, dtype=np.int64)
        for s, shape in enumerate(shapes):
            for r in range(3):
                at = np.flatnonzero(shape == r)
                idx[s, r, :len(at)] = at
        self.idx = idx
        self.orders = _orders(k, self.n) if k else np.zeros((1, 0), dtype=np.int64)
        self.tables = tables

    def complete(self, which: IntArray, fill: IntArray) -> _Rows:
        """The boards ``which`` completed by ``fill`` (P × k): rows of shape
        (len(which), P), each the best of the arrangements by :func:`_quick`."""
        p, b = len(fill), len(which)
        if self.k:
            dealt = np.zeros((p, self.n, self.k + 1), dtype=np.int64)
            dealt[:, :, :self.k] = fast.CARD_CODE[fill][:, self.orders]
            by_shape = dealt[:, :, self.idx].sum(axis=-1)                    # P × n × S × 3
            rows = by_shape[:, :, self.shape_of[which]] + self.fixed[which]  # P × n × B × 3
        else:
            rows = np.broadcast_to(self.fixed[which], (p, 1, b, 3))
        top_key = rows[..., 0] & fast.KEY_MASK
        top = fast.strengths3_of_keys(top_key)
        middle = fast.strengths5_of_codes(rows[..., 1])
        bottom = fast.strengths5_of_codes(rows[..., 2])
        foul = fast.fouled(top, middle, bottom)
        if self.tables is None:
            royalty = np.zeros_like(top)
        else:
            front, mid_t, back_t = self.tables
            royalty = np.where(foul, 0, front[top_key] + mid_t[middle] + back_t[bottom])
        out = _Rows(top, fast.orders3_of_keys(top_key), middle, bottom, foul, royalty)
        if self.n == 1:
            return out.map(lambda x: x[:, 0].T)
        pick = np.argmax(_quick(out), axis=1)                              # P × B
        n = self.n
        flat = (np.arange(p)[:, None] * (n * b) + pick * b + np.arange(b)).T  # B × P
        return out.map(lambda x: np.take(x, flat))


def _phases(n: int) -> list[int]:
    """How many candidates each phase of the successive halving plays: all, then the best
    quarter (at least :data:`HALVE_ABOVE` // 2) while more than :data:`HALVE_ABOVE` remain.

    >>> _phases(232), _phases(74), _phases(8)
    ([232, 58, 15, 4], [74, 19, 5], [8])
    """
    sizes = [n]
    while sizes[-1] > HALVE_ABOVE:
        sizes.append(max(HALVE_ABOVE // 2, math.ceil(sizes[-1] / 4)))
    return sizes


class _Cost:
    """What a batch of completions (a candidate's or an opponent's board, once per deal and
    arrangement tried) costs in CPU time, from the last :data:`COST_WINDOW` batches — of
    this decision and the process's previous ones — to size the next batch. Both estimates
    err on the safe side: the cost per completion is the median of the batches' time per
    completion (the batch's overhead included), counting only batches of at least
    :data:`LARGE` completions when there are some; the overhead of a batch is the shortest
    batch's time. The recent batches follow the machine's load: CPU time is load-free in
    principle, but a loaded core's caches make each numpy call slower."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, float]] = []

    def add(self, cells: int, seconds: float) -> None:
        self.seen = [*self.seen[1 - COST_WINDOW:], (cells, seconds)]

    def cells(self, seconds: float) -> int:
        """How many completions should fit in ``seconds``: 0 when unknown (the caller's
        minimum), and at most :data:`GROWTH` times the largest batch timed."""
        if not self.seen or seconds <= 0:
            return 0
        large = [t / c for c, t in self.seen if c >= LARGE] or [t / c for c, t in self.seen]
        per = statistics.median(large)  # not numpy's: its first call takes milliseconds
        overhead = min(t for _, t in self.seen)
        fit = int((SAFETY * seconds - overhead) / max(per, 1e-9))
        return max(0, min(fit, GROWTH * max(c for c, _ in self.seen)))


class _Placements:
    """pyOFC's candidates (:func:`wpp.ofc.candidates.assignments`) as the row of each card;
    a :class:`~wpp.ofc.game.Place` is built only for the ones asked for (the choice and
    the explanation's), the boards as arrays for all of them at once."""

    def __init__(self, board: Board, cards: tuple[Card, ...]) -> None:
        self.board = board
        self.cards = cards
        self.table = assignments(board, cards)

    def __len__(self) -> int:
        return len(self.table)

    def __getitem__(self, i: int) -> Place:
        return Place.assign(self.cards, self.table[i])

    def boards(self) -> IntArray:
        """Every candidate's board, 13 slots each (``-1`` empty), as :func:`board_array`
        lays them out: a row's new cards after its old ones."""
        rows = np.array(self.table, dtype=np.int64)                       # m × n
        onehot = rows[:, :, None] == np.arange(3)
        before = np.take_along_axis(np.cumsum(onehot, axis=1) - onehot, rows[:, :, None],
                                    axis=2)[:, :, 0]                       # earlier, same row
        start = np.array([0, 3, 8]) + np.array([len(r) for r in self.board])
        out = np.tile(np.array(board_array(self.board), dtype=np.int64), (len(rows), 1))
        np.put_along_axis(out, start[rows] + before,
                          np.broadcast_to(np.array(self.cards, dtype=np.int64), rows.shape),
                          axis=1)
        return out


#: The cost of a batch on this machine, shared by the process's agents (it is the
#: machine's, not an agent's): a new agent's first move plans its batches from it.
COST = _Cost()


def _calibrate(arrangements: int) -> None:
    """Time a few batches of an opening (an empty board, 232 candidates, the opponent's
    board empty) into :data:`COST`, and build the standard royalty tables: what a first
    decision would otherwise spend its budget learning."""
    view = OFC.view(OFC.new(0, 2, OfcRules()), 0)
    cands = _Placements(EMPTY_BOARD, tuple(parse_cards("2S 5D 8C JH KS")))
    deals = _Deals(view, cands.boards(), arrangements, _royalty_tables(STANDARD_ROYALTIES), 0)
    rng = np.random.default_rng(0)
    for passes in (1, 1, 2, 2):
        t = fast.cpu_time()
        deals.points(np.arange(len(cands)), passes, rng)
        COST.add(passes * (len(cands) + 1) * deals.completer.n, fast.cpu_time() - t)


class _Deals:
    """One decision's candidate boards and the opponents' boards, ready to be completed by
    shared deals of the unseen cards (see :meth:`points`)."""

    def __init__(self, view: OfcView, boards: IntArray, arrangements: int,
                 tables: tuple[IntArray, IntArray, IntArray] | None,
                 foul_penalty: float) -> None:
        self.mine = boards
        self.e_me = int((self.mine[0] < 0).sum())
        self.opponents = [np.array([board_array(view.boards[s])], dtype=np.int64)
                          for s in range(view.players) if s != view.player]
        self.e_opp = [int((a < 0).sum()) for a in self.opponents]
        self.deck = view.unseen
        self.k = self.e_me + sum(self.e_opp)
        self.arrangements = arrangements
        self.tables = tables
        self.foul_penalty = foul_penalty
        self.completer = _Completer(boards, arrangements, tables)
        self.opponent_completers = [_Completer(a, arrangements, tables)
                                    for a in self.opponents]

    def points(self, which: IntArray, passes: int, rng: np.random.Generator) -> IntArray:
        """Points of the candidates ``which`` (rows) over ``passes`` deals (columns), each
        deal shared by all of them: this player's future cards and every opponent's."""
        deal = fast.sample_without_replacement(self.deck, passes, self.k, rng)
        me = self.completer.complete(which, deal[:, :self.e_me])
        out = np.zeros((len(which), passes), dtype=np.int64)
        at = self.e_me
        for completer, e in zip(self.opponent_completers, self.e_opp, strict=True):
            rows = completer.complete(np.zeros(1, dtype=np.int64), deal[:, at:at + e])
            out += _points(me, rows.map(lambda x: x[0]))
            at += e
        if self.foul_penalty:  # the policy sees the cards coming: its fouls are too rare
            out -= np.round(self.foul_penalty * me.foul).astype(np.int64)
        return out


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
        if move_time is not None and not COST.seen:
            _calibrate(self.arrangements)  # now, not in the first move's budget

    # ------------------------------------------------------------------ the search

    def _deals(self, view: OfcView, boards: IntArray) -> _Deals:
        tables = (_royalty_tables(view.rules.royalties) if view.rules.scoring == "standard"
                  else None)
        return _Deals(view, boards, self.arrangements, tables, self.foul_penalty)

    def _search(self, view: OfcView) -> tuple[_Placements, IntArray | None, list[int], int]:
        """Candidates, their points per deal (None when there is one), the candidates that
        got every deal (the survivors of the halving, best first), and the chosen index."""
        start = fast.cpu_time()
        cands = _Placements(view.board, view.to_place)
        if len(cands) == 1:
            return cands, None, [0], 0
        deals = self._deals(view, cands.boards())
        if self.move_time is None:
            first = max(2, self.passes // 3)
            points = deals.points(np.arange(len(cands)), first, self.rng)
            keep = self._keep(points)
            rest = deals.points(np.array(keep), self.passes - first, self.rng)
            full = np.zeros((len(cands), self.passes), dtype=np.int64)
            full[:, :first] = points
            full[keep, first:] = rest
        else:
            full, keep = self._timed(deals, len(cands), start)
        means = full[keep].mean(axis=1)
        keep = [keep[int(i)] for i in np.argsort(-means, kind="stable")]
        return cands, full, keep, keep[0]

    def _timed(self, deals: _Deals, n: int, start: float) -> tuple[IntArray, list[int]]:
        """Successive halving within ``move_time`` CPU seconds from ``start``: a phase on
        every candidate, then one on the best quarter, and so on while more than
        :data:`HALVE_ABOVE` remain, each phase an equal share of the budget left (the survivors
        of a phase got every deal so far, so they are compared on the same luck). Within a
        phase the deals run in batches sized by :class:`_Cost` to fill the phase, so the
        budget goes in a few large batches (little overhead per deal) and a batch is started
        only if it should end within its phase."""
        assert self.move_time is not None
        sizes = _phases(n)
        cost = COST
        blocks: list[tuple[list[int], IntArray]] = []
        alive = list(range(n))
        total = np.zeros(n, dtype=np.int64)
        done = 0
        for phase, size in enumerate(sizes):
            if phase:
                means = total[alive] / done
                alive = [alive[int(i)] for i in np.argsort(-means, kind="stable")[:size]]
            now = fast.cpu_time()  # this phase: an equal share of what is left
            end = now + (start + TARGET * self.move_time - now) / (len(sizes) - phase)
            while True:
                # completions per deal, each costing about as many arrangements as it tries
                width = (len(alive) + len(deals.opponents)) * deals.completer.n
                batch = min(cost.cells(end - fast.cpu_time()) // width, MAX_CELLS // width)
                if batch < 1 and done >= MIN_DEALS:
                    break
                batch = max(batch, 1, MIN_DEALS - done)
                t = fast.cpu_time()
                x = deals.points(np.array(alive), batch, self.rng)
                cost.add(batch * width, fast.cpu_time() - t)
                blocks.append((alive, x))
                total[alive] += x.sum(axis=1)
                done += batch
        full = np.zeros((n, done), dtype=np.int64)
        at = 0
        for rows, x in blocks:
            full[rows, at:at + x.shape[1]] = x
            at += x.shape[1]
        return full, alive

    def _plan(self, n: int, keep: list[int]) -> str:
        """How the deals were shared out, in words."""
        if self.move_time is None:
            return (f"{self.passes} practice deals: a third of them for every way, the rest "
                    f"for the best {len(keep)}")
        return (f"{1000 * self.move_time:g} ms of thinking, dropping the weaker half again and "
                "again: " + " → ".join(str(x) for x in _phases(n)) + " ways, each round an "
                "equal share of the time left")

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

    def _explain(self, view: OfcView, cands: _Placements, points: IntArray | None,
                 keep: list[int], best: int) -> Explanation:
        chosen = cands[best]
        title = "Where to place the cards"
        steps = [Step("Cards to place", view.to_place, id="expected.cards")]
        if points is None:
            steps.append(Step("Only one possible placement remains", view.to_place,
                              verdict=str(chosen), id="expected.only"))
            return Explanation(title, steps, chosen.cards, str(chosen))
        total = points.shape[1]
        steps.append(Step(
            f"Looked at {len(cands)} sensible ways to place these cards, and played the most "
            f"promising {len(keep)} out {total} times each, with the same cards to come",
            verdict=f"each card still to come is placed the best of {self.arrangements} "
            "ways; every finished board is scored against the opponent's, in points",
            id="expected.deals", notes=(self._plan(len(cands), keep),)))
        mean = points[keep].mean(axis=1)
        order = [keep[int(i)] for i in np.argsort(-mean, kind="stable")]
        rows: list[tuple[Cell, ...]] = []
        for i in order[:TABLE_ROWS]:
            board = cands[i].onto(view.board)
            x = points[i]
            se = float(x.std(ddof=1)) / math.sqrt(total)
            rows.append((*(r if r else None for r in board), round(float(x.mean()), 2),
                         round(1.96 * se, 2), i == best))
        steps.append(Step("The best ways as boards (points per hand on average, higher is "
                          "better)",
                          columns=("top", "middle", "bottom", "points", "give or take",
                                   "chosen"),
                          rows=rows, chosen_row=0, row_ids=tuple(f"cand-{i}"
                                                                 for i in order[:TABLE_ROWS]),
                          verdict=f"{chosen}", id="expected.table"))
        runner = order[1]
        diff = points[best] - points[runner]
        se = float(diff.std(ddof=1)) / math.sqrt(total)
        significant = se > 0 and abs(float(diff.mean())) > 1.96 * se
        steps.append(Step(
            "The runner-up: " + str(cands[runner]),
            verdict=(f"{float(diff.mean()):+.2f} points per hand for the choice (give or "
                     f"take {1.96 * se:.2f}, in the same practice deals): "
                     + ("clearly better" if significant else "too close to be sure")),
            id="expected.runnerup",
            notes=("rows of the runner-up: " + " / ".join(
                format_cards(r) or "-" for r in cands[runner].onto(view.board)),)))
        return Explanation(title, steps, chosen.cards, str(chosen))


def row_names() -> tuple[str, ...]:
    """The rows' names (for tables)."""
    return ROWS
