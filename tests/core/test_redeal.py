"""The kit's :func:`~wpp.core.redeal.redeal`: the same cards back in places of the same sizes,
decided by the cards pooled and the generator only (not by where each card lay), and the
games that use it unchanged in what a player sees."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wpp.core.redeal import redeal

PLACES = st.lists(st.lists(st.integers(0, 51), max_size=6), max_size=4)


@given(PLACES, st.integers(0, 2**32), st.randoms())
def test_redeal_keeps_the_cards_and_the_sizes_whatever_lay_where(
        places: list[list[int]], seed: int, rnd: random.Random) -> None:
    out = redeal(places, random.Random(seed))
    assert [len(p) for p in out] == [len(p) for p in places]
    assert Counter(c for p in out for c in p) == Counter(c for p in places for c in p)
    pool = [c for p in places for c in p]
    rnd.shuffle(pool)
    moved, start = [], 0
    for p in places:  # the same cards, lying elsewhere, in places of the same sizes
        moved.append(pool[start:start + len(p)])
        start += len(p)
    assert redeal(moved, random.Random(seed)) == out


def test_a_key_orders_the_pool_and_a_generator_decides() -> None:
    places = [("b", "a"), ("d", "c", "e")]
    by_key = redeal(places, random.Random(1), key=lambda c: -ord(c))
    pool = ["e", "d", "c", "b", "a"]  # the documented steps: pooled, sorted by the key,
    random.Random(1).shuffle(pool)    # shuffled, dealt back place by place
    assert by_key == [tuple(pool[:2]), tuple(pool[2:])]
    outs = {tuple(redeal(places, random.Random(s))) for s in range(30)}
    assert len(outs) > 10  # the generator decides
