"""Many OFC boards at once: numpy look-up tables for the kit's hand strengths, and random
completions (rollouts) of many boards in one go.

The strengths are the evaluator's (:mod:`wpp.poker.ranking`), only indexed for arrays:
each rank gets a key such that the sum of the keys of any 5 ranks (at most 4 alike) is
unique — so ``T5[key sum]`` is a flat array look-up instead of a dictionary look-up by prime
product — and a flush is looked up by its 13-bit rank mask in ``F5``. The tables are
*built from* the evaluator's own functions (:func:`strength5`, :func:`strength3`,
:func:`order3`), so there is one ranking of hands in the kit, not two.

>>> from wpp.core.standard_deck import parse_cards
>>> hands = np.array([parse_cards("7D 5C 4H 3S 2D"), parse_cards("TH JH QH KH AH")])
>>> strengths5(hands).tolist()
[1, 7462]
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from wpp.ofc.scoring import Royalties
from wpp.poker.ranking import CLASS_COUNT, evaluate3, order3, strength3, strength5, value_of

__all__ = [
    "CARD_CODE",
    "FOUL_VALUE",
    "KEY_MASK",
    "RANK_KEYS",
    "Completions",
    "complete",
    "cpu_time",
    "fouled",
    "front_keys",
    "orders3",
    "orders3_of_keys",
    "pyofc_values",
    "royalty_tables",
    "sample_without_replacement",
    "strengths3",
    "strengths3_of_keys",
    "strengths5",
    "strengths5_of_codes",
]

IntArray = npt.NDArray[np.int64]

#: Per rank (2..A): keys whose sums over any 5 ranks (at most 4 alike) are all different
#: (found by a greedy search, smallest first; the tables' construction checks it).
RANK_KEYS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
#: pyOFC's value of a fouled rollout: 3 × 7,463, just above the worst legal sum of ranks.
FOUL_VALUE: Final = 3 * (CLASS_COUNT + 1)

_CARD = np.arange(52)
_KEY: Final = np.array(RANK_KEYS, dtype=np.int64)[_CARD >> 2]
_BIT: Final = (1 << (_CARD >> 2)).astype(np.int64)
_SUIT: Final = (_CARD & 3).astype(np.int64)


def _build() -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """The four tables: 5-card non-flush by key sum, flush by rank mask, and 3-card padded
    strength and order by key sum — each entry from the evaluator itself."""
    t5 = np.zeros(5 * RANK_KEYS[-1] + 1, dtype=np.int64)
    f5 = np.zeros(1 << 13, dtype=np.int64)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) == 5:
            continue
        # repeated ranks in different suits: a flush only with five distinct ranks
        cards = [4 * r + ranks[:i].count(r) for i, r in enumerate(ranks)]
        key = sum(RANK_KEYS[r] for r in ranks)
        if t5[key]:
            raise AssertionError(f"rank keys collide at {ranks}")
        if len(set(ranks)) == 5:
            offsuit = [4 * r for r in ranks[:4]] + [4 * ranks[4] + 1]
            t5[key] = strength5(offsuit)
            f5[sum(1 << r for r in ranks)] = strength5([4 * r for r in ranks])
        else:
            t5[key] = strength5(cards)
    t3 = np.zeros(3 * RANK_KEYS[-1] + 1, dtype=np.int64)
    o3 = np.zeros_like(t3)
    for triple in itertools.combinations_with_replacement(range(13), 3):
        cards = [4 * r + triple[:i].count(r) for i, r in enumerate(triple)]
        key = sum(RANK_KEYS[r] for r in triple)
        t3[key], o3[key] = strength3(cards), order3(cards)
    return t5, f5, t3, o3


_T5, _F5, _T3, _O3 = _build()


#: Each card packed so that a row's cards *add up* to what its strength needs: the rank key
#: (bits 0–19; five keys sum to less than 2**20), a count per suit (a nibble each, bits
#: 20–35) and the rank's bit (bits 40–52; a flush has five different ranks, so their sum is
#: the rank mask :data:`_F5` is indexed by). A row's code is then the sum of its cards'
#: codes, and a board's rows can be summed from cached parts (see
#: :func:`strengths5_of_codes`).
CARD_CODE: Final = (_KEY | (np.int64(1) << (20 + 4 * _SUIT))
                    | (np.int64(1) << (40 + (_CARD >> 2)))).astype(np.int64)
KEY_MASK: Final = (1 << 20) - 1
#: Which suit-count sums (bits 20–35 of a 5-card row's code) are a flush: a nibble of 5.
_FLUSH_COUNTS: Final = np.array([any((x >> (4 * i)) & 15 == 5 for i in range(4))
                                 for x in range(1 << 16)], dtype=np.bool_)


def strengths5_of_codes(codes: IntArray) -> IntArray:
    """The strengths of 5-card rows from their summed :data:`CARD_CODE` (any shape).

    >>> from wpp.core.standard_deck import parse_cards
    >>> rows = [parse_cards("7D 5C 4H 3S 2D"), parse_cards("TH JH QH KH AH")]
    >>> strengths5_of_codes(np.array([CARD_CODE[list(r)].sum() for r in rows])).tolist()
    [1, 7462]
    """
    out: IntArray = _T5[codes & KEY_MASK]
    flush = _FLUSH_COUNTS[(codes >> 20) & 0xFFFF]
    if flush.any():
        out[flush] = _F5[(codes[flush] >> 40) & 0x1FFF]
    return out


def strengths5(cards: IntArray) -> IntArray:
    """The strengths (1..7,462) of the 5-card hands in the last axis of ``cards``."""
    key = _KEY[cards].sum(axis=-1)
    suit = _SUIT[cards]
    flush = (suit == suit[..., :1]).all(axis=-1)
    out: IntArray = _T5[key]
    if flush.any():
        out[flush] = _F5[np.bitwise_or.reduce(_BIT[cards[flush]], axis=-1)]
    return out


def strengths3(cards: IntArray) -> IntArray:
    """The padded strengths (5-card scale) of the 3-card hands in the last axis."""
    out: IntArray = _T3[_KEY[cards].sum(axis=-1)]
    return out


def orders3(cards: IntArray) -> IntArray:
    """The 3-card orders (1..455) of the 3-card hands in the last axis."""
    out: IntArray = _O3[_KEY[cards].sum(axis=-1)]
    return out


def strengths3_of_keys(keys: IntArray) -> IntArray:
    """:func:`strengths3` from the 3-card key sums (:func:`front_keys`) already computed."""
    out: IntArray = _T3[keys]
    return out


def orders3_of_keys(keys: IntArray) -> IntArray:
    """:func:`orders3` from the 3-card key sums (:func:`front_keys`) already computed."""
    out: IntArray = _O3[keys]
    return out


def cpu_time() -> float:
    """The CPU seconds the calling thread has used: the clock of the AIs' ``move_time``
    budgets. CPU time, not the wall clock, so a busy machine — other processes taking turns
    on the cores — leaves the play at a given budget unchanged; the thread's, not the
    process's, so a page thinking in the background is not charged for the kernel's
    other threads."""
    return time.thread_time()


def fouled(top: IntArray, middle: IntArray, bottom: IntArray) -> npt.NDArray[np.bool_]:
    """Which boards foul, from their rows' strengths (top padded)."""
    return ~((top <= middle) & (middle <= bottom))


def sample_without_replacement(deck: Sequence[int], rows: int, k: int,
                               rng: np.random.Generator) -> IntArray:
    """``rows`` independent uniform samples of ``k`` distinct cards of ``deck``, in random
    order.

    When a draw of ``k`` with replacement is likely enough to have no repeat, rows are drawn
    that way and the rows with a repeat drawn again (rejection: exactly uniform, and only
    ``rows × k`` numbers wide); otherwise a partial Fisher–Yates shuffle of every row at
    once on small integers.
    """
    n = len(deck)
    if k > n:
        raise ValueError(f"cannot draw {k} distinct cards from {n}")
    cards = np.asarray(deck, dtype=np.int64)
    accept = float(np.prod(1 - np.arange(k) / n))
    if k <= 1 or accept > 0.3:
        idx = rng.integers(0, n, size=(rows, k), dtype=np.int64)
        bits = np.int64(1) << np.arange(n, dtype=np.int64)
        todo = np.arange(rows)
        while len(todo):
            picked = bits[idx[todo]]
            seen = picked[:, 0].copy()
            for col in range(1, k):  # column by column: faster than a reduce over k
                seen |= picked[:, col]
            todo = todo[np.bitwise_count(seen) != k]  # a repeated card: draw the row again
            idx[todo] = rng.integers(0, n, size=(len(todo), k), dtype=np.int64)
        out: IntArray = cards[idx]
        return out
    perm = np.tile(np.arange(n, dtype=np.int8), (rows, 1))
    at = np.arange(rows)
    for i in range(k):
        j = i + (rng.random(rows) * (n - i)).astype(np.int64)
        a = perm[at, i].copy()
        perm[at, i] = perm[at, j]
        perm[at, j] = a
    chosen: IntArray = cards[perm[:, :k].astype(np.int64)]
    return chosen


class Completions:
    """Random completions of boards: each row of ``boards`` (13 card slots, top 0–2, middle
    3–7, bottom 8–12, ``-1`` where empty) filled ``passes`` times from ``deck``, empty slots
    in order (top first, then middle, then bottom), as pyOFC fills them.

    ``full`` has shape (boards × passes, 13), board-major; ``top``, ``middle``, ``bottom``
    are the rows' strengths and ``foul`` which completions foul.
    """

    def __init__(self, boards: IntArray, deck: Sequence[int], passes: int,
                 rng: np.random.Generator) -> None:
        boards = np.asarray(boards, dtype=np.int64)
        empty = boards < 0
        k = int(empty[0].sum())
        if not (empty.sum(axis=1) == k).all():
            raise ValueError("every board to complete must have as many empty slots")
        full = np.repeat(boards, passes, axis=0)
        if k:
            full[np.repeat(empty, passes, axis=0)] = sample_without_replacement(
                deck, len(full), k, rng).ravel()
        self.full = full
        self.top = strengths3(full[:, 0:3])
        self.middle = strengths5(full[:, 3:8])
        self.bottom = strengths5(full[:, 8:13])
        self.foul = fouled(self.top, self.middle, self.bottom)


def complete(boards: IntArray, deck: Sequence[int], passes: int,
             rng: np.random.Generator) -> Completions:
    """:class:`Completions` of ``boards`` (the function form)."""
    return Completions(boards, deck, passes, rng)


def royalty_tables(royalties: Royalties) -> tuple[IntArray, IntArray, IntArray]:
    """The royalty of a top row by its 3-card key sum, and of a middle and a bottom row by
    strength (index 0..7,462), from a :class:`~wpp.ofc.scoring.Royalties` table — the
    arrays :func:`strengths3`/:func:`strengths5` index into."""
    front = np.zeros_like(_T3)
    for triple in itertools.combinations_with_replacement(range(13), 3):
        cards = [4 * r + triple[:i].count(r) for i, r in enumerate(triple)]
        value = evaluate3(cards)
        front[sum(RANK_KEYS[r] for r in triple)] = royalties.of_values(
            (value, value_of(1), value_of(1)))[0]
    rows = []
    for row in (1, 2):
        table = np.zeros(CLASS_COUNT + 1, dtype=np.int64)
        for strength in range(1, CLASS_COUNT + 1):
            v = value_of(strength)
            table[strength] = royalties.row(row, v.category, int(v.ranks[0]), strength)
        rows.append(table)
    return front, rows[0], rows[1]


def front_keys(cards: IntArray) -> IntArray:
    """The 3-card key sums of the top rows in the last axis (index of :func:`royalty_tables`'
    front table)."""
    out: IntArray = _KEY[cards].sum(axis=-1)
    return out


def pyofc_values(done: Completions) -> IntArray:
    """pyOFC's value of each completion: the sum of the rows' Deuces ranks (1 = royal flush,
    7,462 = the worst high card; lower is better), or :data:`FOUL_VALUE` for a foul."""
    ranks = 3 * (CLASS_COUNT + 1) - (done.top + done.middle + done.bottom)
    return np.where(done.foul, FOUL_VALUE, ranks)
