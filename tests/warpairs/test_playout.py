"""``wpp.warpairs.playout`` plays out any state exactly as stepping the engine with the same
policies."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import IllegalAction, WppError
from wpp.core.standard_deck import CARDS
from wpp.warpairs.actions import Action, Concede, PlayCards
from wpp.warpairs.ai import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.phases import EndReason, Phase
from wpp.warpairs.playout import RANDOM, Policy, RandomPolicy, playout, playout_state
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

CLASSIC = ClassicAgent()


def engine_playout(state: GameState, policies: Sequence[Policy],
                   rng: random.Random) -> GameState:
    """The reference: the engine's ``step`` from state to state, each seat's action chosen by
    its agent from its view (a RANDOM seat is a RandomAgent drawing from ``rng``)."""
    choosers: list[Callable[[View], Action]] = []
    for policy in policies:
        if isinstance(policy, RandomPolicy):
            agent = RandomAgent()
            agent.rng = policy.rng or rng
            choosers.append(agent.choose)
        elif callable(policy):
            choosers.append(policy)
        else:  # an agent
            choosers.append(policy.choose)
    while not state.is_over:
        state, _ = step(state, choosers[state.to_act](state.view(state.to_act)), narrate=False)
    return state


def some_position(seed: int, rules: Rules, moves: int) -> GameState:
    """A state ``moves`` random actions into the deal of ``seed`` (or its end)."""
    state = GameState.new(seed, rules)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    for _ in range(moves):
        if state.is_over:
            break
        state, _ = step(state, agents[state.to_act].choose(state.view(state.to_act)),
                        narrate=False)
    return state


@given(st.integers(0, 2**32), st.from_type(Rules), st.integers(0, 120), st.integers(0, 2**32))
@settings(max_examples=150, deadline=None)
def test_random_playout_is_the_engine_game_from_any_position(
        seed: int, rules: Rules, moves: int, rng_seed: int) -> None:
    start = some_position(seed, rules, moves)
    fast = playout_state(start, (RANDOM, RANDOM), random.Random(rng_seed))
    assert fast == engine_playout(start, (RANDOM, RANDOM), random.Random(rng_seed))
    assert fast.is_over
    assert playout(start, (RANDOM, RANDOM), random.Random(rng_seed)) == WARPAIRS.returns(fast)


@given(st.integers(0, 2**32), st.integers(0, 60), st.integers(0, 2**32), st.booleans())
@settings(max_examples=25, deadline=None)
def test_view_policies_and_random_seats_mix_as_in_the_engine(
        seed: int, moves: int, rng_seed: int, classic_first: bool) -> None:
    start = some_position(seed, Rules(), moves)
    policies: tuple[Policy, Policy] = ((CLASSIC.choose, RANDOM) if classic_first
                                       else (RANDOM, CLASSIC.choose))
    fast = playout_state(start, policies, random.Random(rng_seed))
    assert fast == engine_playout(start, policies, random.Random(rng_seed))


def test_from_a_determinisation_of_what_a_player_sees() -> None:
    """What a searching agent does: re-deal what P2 cannot see, then play it out."""
    start = some_position(11, Rules(), 30)
    for k in range(20):
        world = start.redeal_hidden(start.to_act, random.Random(k))
        assert world.view(start.to_act) == start.view(start.to_act)
        policies = (CLASSIC.choose, CLASSIC.choose) if k < 3 else (RANDOM, RANDOM)
        assert playout_state(world, policies, random.Random(k)) == \
            engine_playout(world, policies, random.Random(k))


def test_every_seat_can_have_its_own_generator() -> None:
    start = GameState.new(5)
    own = (RandomPolicy(random.Random(1)), RandomPolicy(random.Random(2)))
    fast = playout_state(start, own, random.Random(99))
    again = (RandomPolicy(random.Random(1)), RandomPolicy(random.Random(2)))
    assert fast == engine_playout(start, again, random.Random(99))
    assert repr(RANDOM) == "RANDOM" and "RandomPolicy(" in repr(own[0])


def test_positions_set_up_by_hand_and_every_end() -> None:
    # The deck and discards are empty and the pile too: a draw takes nothing (R18).
    bare = GameState.custom(("3D 5C", "9S 9H"), table=[(1, "4C")], phase=Phase.ANSWER,
                            deck=(), rules=Rules(empty_deck=EmptyDeck.PILE_ONLY))
    ends = set()
    for k in range(40):
        fast = playout_state(bare, (RANDOM, RANDOM), random.Random(k))
        assert fast == engine_playout(bare, (RANDOM, RANDOM), random.Random(k))
        ends.add(fast.end_reason)
    assert EndReason.EMPTIED_HAND in ends
    limited = Rules(hand_limit=17, turn_limit=40)
    for seed in range(60):
        start = GameState.new(seed, limited)
        fast = playout_state(start, (RANDOM, RANDOM), random.Random(seed))
        assert fast == engine_playout(start, (RANDOM, RANDOM), random.Random(seed))
        ends.add(fast.end_reason)
    assert ends >= {EndReason.EMPTIED_HAND, EndReason.HAND_LIMIT, EndReason.TURN_LIMIT}


def test_the_start_is_left_alone_and_an_end_returns_at_once() -> None:
    start = some_position(3, Rules(), 10)
    copy = start._replace()
    playout(start, (RANDOM, CLASSIC.choose), random.Random(0))
    assert start == copy
    over, _ = step(start, Concede(), narrate=False)
    assert playout(over, (RANDOM, RANDOM)) == WARPAIRS.returns(over) == \
        ((-1.0, 1.0) if start.to_act == 0 else (1.0, -1.0))
    assert playout_state(over, (RANDOM, RANDOM)) == over


def test_an_agent_stands_for_its_choose() -> None:
    start = some_position(9, Rules(), 12)
    assert playout_state(start, (CLASSIC, RANDOM), random.Random(4)) == \
        playout_state(start, (CLASSIC.choose, RANDOM), random.Random(4))


def test_a_policy_sees_only_its_own_view() -> None:
    seen: list[tuple[int, int]] = []

    def watcher(view: View) -> Action:
        assert isinstance(view, View)
        seen.append((view.player, view.to_act))
        return CLASSIC.choose(view)

    playout(GameState.new(8), (watcher, watcher), random.Random(0))
    assert seen and all(player == to_act for player, to_act in seen)
    assert {player for player, _ in seen} == {0, 1}


def test_an_illegal_action_from_a_policy_is_refused_with_the_rule() -> None:
    start = some_position(4, Rules(), 2)  # after the mulligans: someone leads

    def cheat(view: View) -> Action:
        return PlayCards([c for c in CARDS if c not in view.hand][:1])  # a card not held

    with pytest.raises(IllegalAction, match="R3"):
        playout(start, (cheat, cheat), random.Random(0))


@pytest.mark.parametrize(("state", "policies", "rng", "words"), [
    ("not a state", (RANDOM, RANDOM), None, "GameState"),
    (GameState.new(1), (RANDOM,), None, "one policy per seat"),
    (GameState.new(1), "ab", None, "one policy per seat"),
    (GameState.new(1), (RANDOM, 3), None, "function of a view"),
    (GameState.new(1), (RANDOM, RANDOM), 7, "random.Random"),
])
def test_bad_arguments_get_the_kits_error(state: object, policies: object, rng: object,
                                          words: str) -> None:
    with pytest.raises(WppError, match=words):
        playout(state, policies, rng)  # type: ignore[arg-type]
