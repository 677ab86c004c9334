"""WarPairsPoker's test settings: ``st.from_type(Rules)`` draws every rule flag, with limits
small enough that games end by them (the hand limit, the turn limit)."""

from __future__ import annotations

from hypothesis import strategies as st

from wpp.warpairs.rules import EmptyDeck, Rules

st.register_type_strategy(Rules, st.builds(
    Rules,
    wraps=st.booleans(),
    hand_limit=st.one_of(st.none(), st.integers(17, 30)),
    empty_deck=st.sampled_from(list(EmptyDeck)),
    turn_limit=st.integers(2, 1000),
))
