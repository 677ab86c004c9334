"""pyOFC's candidate placements and its pruning of the 5-card round (reference §2.4).

The candidates are every assignment of each card to a row with room — the Cartesian product
in card order over the open rows, top, middle, bottom — less those that put 4 or more of
the new cards on the top row. In the 5-card round pyOFC then prunes: if one suit holds 4 or
5 of the cards (a flush or a flush draw) those cards must share a row and pairs are ignored;
otherwise the cards of each rank held twice or more must share a row. How many remain:

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.ofc.board import EMPTY_BOARD
>>> [len(candidates(EMPTY_BOARD, parse_cards(h))) for h in
...  ("2S 5D 8C JH KS", "2S 2D 8C JH KS", "2S 2D 8C 8H KS", "2S 2D 2C JH KS",
...   "2S 2D 2C KH KS", "2S 2D 2C 2H KS", "2S 5S 8S JS JH", "2S 5S 8S JS KS")]
[232, 74, 24, 22, 8, 6, 6, 2]
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Final

from wpp.core.standard_deck import Card
from wpp.ofc.board import ROW_SIZES, Board
from wpp.ofc.game import FIRST_ROUND, Place

__all__ = ["MAX_NEW_ON_TOP", "assignments", "candidates", "prune_rule"]

#: pyOFC never puts more than 3 of the new cards on the top row.
MAX_NEW_ON_TOP: Final = 3


def prune_rule(cards: Sequence[Card]) -> tuple[str, tuple[tuple[Card, ...], ...]]:
    """What pyOFC's pruning keeps together in a 5-card round, in words, and the groups of
    cards that must share a row."""
    by_suit = Counter(c & 3 for c in cards)
    suit, count = by_suit.most_common(1)[0]
    if count >= 4:
        group = tuple(c for c in cards if c & 3 == suit)
        return (f"{count} cards of one suit (a flush{' draw' if count == 4 else ''}) stay "
                "together", (group,))
    by_rank = Counter(c >> 2 for c in cards)
    groups = tuple(tuple(c for c in cards if c >> 2 == r) for r, n in by_rank.items() if n >= 2)
    if groups:
        return "cards of the same rank stay together", groups
    return "no pair and no flush draw: nothing is pruned", ()


def assignments(board: Board, cards: Sequence[Card]) -> tuple[tuple[int, ...], ...]:
    """The rows (0 top, 1 middle, 2 bottom) of ``cards`` in each of :func:`candidates`'
    placements, in the same order. The table depends only on the rows' room, the number of
    cards and which of them must share a row, so it is computed once per such shape and
    then looked up (an opening's 232 placements are otherwise a few hundred Python checks
    per decision)."""
    first = len(cards) == FIRST_ROUND and not any(board)
    groups = prune_rule(cards)[1] if first else ()
    index = {c: i for i, c in enumerate(cards)}
    together = tuple(tuple(sorted(index[c] for c in g)) for g in groups)
    return _assignments(tuple(len(r) for r in board), len(cards), together)


@functools.lru_cache(maxsize=256)
def _assignments(filled: tuple[int, ...], n: int, together: tuple[tuple[int, ...], ...]
                 ) -> tuple[tuple[int, ...], ...]:
    free = [size - k for size, k in zip(ROW_SIZES, filled, strict=True)]
    rows = [i for i in range(3) if free[i] > 0]
    if len(rows) == 1:
        return ((rows[0],) * n,)
    out = []
    for choice in itertools.product(rows, repeat=n):
        if choice.count(0) > MAX_NEW_ON_TOP or any(choice.count(i) > free[i] for i in rows):
            continue
        if any(len({choice[i] for i in g}) > 1 for g in together):
            continue
        out.append(choice)
    return tuple(out)


def candidates(board: Board, cards: Sequence[Card]) -> list[Place]:
    """pyOFC's candidate placements of ``cards`` on ``board``, pruned in the 5-card round,
    in its product order (its tie-break: the earliest candidate wins)."""
    return [Place.assign(cards, choice) for choice in assignments(board, cards)]
