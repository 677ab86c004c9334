"""The public record in the state and the view: it replays the game exactly, it is written
the same by the engine and the fast playouts, and a view of it hides what the player may
not know (the opponent's secret mulligan, the cards it drew)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.phases import Phase
from wpp.warpairs.playout import RANDOM, playout_state
from wpp.warpairs.record import Entry
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step


def game(seed: int) -> list[GameState]:
    """Every state of a classic-against-random game."""
    s = GameState.new(seed)
    agents = (ClassicAgent(), RandomAgent(seed))
    out = [s]
    while s.phase is not Phase.OVER:
        s = step(s, agents[s.to_act].choose(s.view(s.to_act)), narrate=False)[0]
        out.append(s)
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_the_record_replays_the_game(seed: int) -> None:
    states = game(seed)
    final = states[-1]
    assert len(final.record) == final.actions
    s = GameState.new(seed)
    for e in final.record:
        s = step(s, e.action(), narrate=False)[0]
    assert s == final  # the record holds every action, in order, and nothing else
    assert final.dealt == states[0].hands


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_views_of_the_record_hide_what_is_hidden(seed: int) -> None:
    for s in game(seed):
        for p in (0, 1):
            v = s.view(p)
            assert v.my_deal == s.dealt[p] and v.my_draws == s.draws[p]
            for e in v.record:
                if e.player != p and e.kind == "draw":
                    assert e.cards == ()
                if e.player != p and e.kind == "mulligan":  # shown only once both are made
                    assert v.mulligan_done == (True, True)
            # Every card a player ever held, counted two ways.
            came = Counter((*s.dealt[p], *s.draws[p], *(c for e in s.record if e.player == p
                                                       and e.kind == "pile" for c in e.cards)))
            went = Counter((*s.hands[p], *(c for e in s.record if e.player == p and e.kind in
                                           ("mulligan", "play", "redraw") for c in e.cards)))
            assert came == went


def test_the_opponent_mulligan_is_secret_until_both_are_made() -> None:
    s = GameState.new(5)
    s = step(s, ClassicAgent().choose(s.view(0)), narrate=False)[0]
    assert s.record[0].player == 0 and s.record[0].kind == "mulligan"
    assert s.view(1).record == ()          # P2 has not seen P1's mulligan yet
    assert s.view(0).record == s.record    # P1 remembers its own
    hidden = s.redeal_hidden(1, random.Random(2))
    assert hidden.view(1) == s.view(1)
    assert hidden.record[0].cards == hidden.mulligans[0]  # re-dealt with the mulligan
    assert hidden.dealt[0] == () and hidden.draws[0] == ()  # nothing true about P1 is kept


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_the_fast_playout_writes_the_same_record(seed: int) -> None:
    start = GameState.new(seed)
    fast = playout_state(start, (ClassicAgent().choose, RANDOM), random.Random(seed))
    s = start
    for e in fast.record:
        assert isinstance(e, Entry)
        s = step(s, e.action(), narrate=False)[0]
    assert s.record == fast.record and s.hands == fast.hands and s.draws == fast.draws


def test_a_position_set_up_by_hand_has_no_history() -> None:
    v = GameState.custom(("3D 5C", "9S")).view(0)
    assert v.record == () and v.my_deal == () and v.my_draws == ()
