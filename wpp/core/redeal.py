"""Re-dealing the cards a player has not seen, written once: :func:`redeal`.

Every game's :meth:`~wpp.core.protocol.GameDef.redeal_hidden` deals the cards hidden from one
player anew (another hand, the deck's order…) keeping each place's size. Its result must
depend on that player's view and the generator only — two states the player cannot tell
apart must re-deal alike (the game review's twin check) — so the hidden cards are first put
in an order of their own (sorted), then shuffled, then dealt back place by place. Pokeros,
OFC and the template of ``python -m wpp new-game`` do exactly this through it.

>>> import random
>>> hand, deck = redeal([(7, 3), (9, 1, 5)], random.Random(2))
>>> len(hand), len(deck), sorted(hand + deck)
(2, 3, [1, 3, 5, 7, 9])
>>> redeal([(3, 7), (9, 1, 5)], random.Random(2)) == [hand, deck]  # where they were: no matter
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, TypeVar

__all__ = ["redeal"]

C = TypeVar("C")


def redeal(places: Sequence[Sequence[C]], rng: random.Random,
           key: Callable[[C], Any] | None = None) -> list[tuple[C, ...]]:
    """The cards of ``places`` pooled, sorted (by ``key``, else by the cards' own order),
    shuffled by ``rng`` and dealt back: one tuple per place, of the same size, in order."""
    if len(places) == 1:  # one place (the deck): no pooling, no slicing
        pool = list(places[0])
        pool.sort(key=key)
        rng.shuffle(pool)
        return [tuple(pool)]
    pool = list(chain.from_iterable(places))
    pool.sort(key=key)
    rng.shuffle(pool)
    out = []
    start = 0
    for place in places:
        end = start + len(place)
        out.append(tuple(pool[start:end]))
        start = end
    return out
