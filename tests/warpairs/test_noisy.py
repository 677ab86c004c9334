"""The noisy classic: the classic AI's choice except, at a stated rate, a random legal action;
seeded, honest about its slips, its choice probabilities exact, bad rates refused."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import WppError
from wpp.warpairs.actions import Action, Concede
from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.noisy import NoisyClassicAgent, choices, noisy_probability, random_action
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

CLASSIC = ClassicAgent()


def game(seed: int, agent: NoisyClassicAgent) -> Iterator[tuple[View, Action]]:
    """Each decision of a game of ``agent`` (seat 0) against the classic AI, with its action."""
    s = GameState.new(seed)
    while s.phase is not Phase.OVER:
        view = s.view(s.to_act)
        action = (agent if s.to_act == 0 else CLASSIC).choose(view)
        if s.to_act == 0:
            yield view, action
        s = step(s, action, narrate=False)[0]


def test_rate_zero_is_the_classic_ai() -> None:
    agent = NoisyClassicAgent(seed=1, rate=0.0)
    n = 0
    for seed in range(3):
        for view, action in game(seed, agent):
            assert action == classic_decision(view, explain=False)[0]
            n += 1
    assert n > 20


def test_it_errs_at_its_rate_and_says_so() -> None:
    agent = NoisyClassicAgent(seed=7, rate=0.3)
    slips = decisions = 0
    for seed in range(25):
        for view, action in game(seed, agent):
            d = agent.decide(view)
            assert d.action == action  # choose and decide agree
            assert action in view.legal_actions() and not isinstance(action, Concede)
            decisions += 1
            slip = d.explanation.step("noisy.random")
            if slip is not None:
                slips += 1
                assert str(slip.verdict).startswith(
                    "overlooked the best play: picked a random legal move, as it does 30% of "
                    "the time")
                assert d.explanation.step("noisy.follows") is None
            else:
                assert action == classic_decision(view, explain=False)[0]
                follows = d.explanation.step("noisy.follows")
                assert follows is not None and "30% of the time" in str(follows.verdict)
    # The share of slips is the rate, within a 99.9% binomial band.
    sd = math.sqrt(0.3 * 0.7 / decisions)
    assert decisions > 150 and abs(slips / decisions - 0.3) < 3.3 * sd, (slips, decisions)


def test_the_same_seed_plays_the_same_game_and_another_seed_another() -> None:
    def actions(seed: int) -> list[Action]:
        return [a for _, a in game(4, NoisyClassicAgent(seed=seed, rate=0.5))]

    assert actions(3) == actions(3)
    assert any(actions(3) != actions(k) for k in (4, 5, 6))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([0.1, 0.2, 0.4, 1.0]))
def test_the_choice_probabilities_sum_to_one_over_the_options(seed: int, rate: float) -> None:
    """:func:`noisy_probability` is a distribution over the random choice's options, and
    the random choice draws only among them."""
    rng = random.Random(seed)
    s = GameState.new(seed)
    while s.phase is not Phase.OVER:
        view = s.view(s.to_act)
        classic = classic_decision(view, explain=False)[0]
        n = choices(view)
        if view.phase is Phase.MULLIGAN:
            total = noisy_probability(classic, classic, rate, n) + (n - 1) * rate / n
        else:
            options = [a for a in view.legal_actions() if not isinstance(a, Concede)]
            assert n == len(options) and classic in options
            total = sum(noisy_probability(a, classic, rate, n) for a in options)
            assert random_action(view, rng) in options
        assert total == pytest.approx(1.0)
        s = step(s, random_action(view, rng), narrate=False)[0]


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), float("inf"), "0.2", True, None])
def test_a_bad_rate_is_the_kits_error_naming_it(bad: object) -> None:
    with pytest.raises(WppError, match="rate"):
        NoisyClassicAgent(rate=bad)  # type: ignore[arg-type]
    with pytest.raises(WppError, match="rate"):
        wpp.make_agent("warpairs", "noisy", rate=bad)


def test_it_is_registered_with_its_rate() -> None:
    agent = wpp.make_agent("warpairs", "noisy", seed=2, rate=0.4)
    assert isinstance(agent, NoisyClassicAgent) and agent.rate == 0.4 and agent.seed == 2
    assert wpp.make_agent("warpairs", "noisy").rate == 0.2
