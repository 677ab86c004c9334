"""The search's playouts play the opponent as the record's reading estimated it
(:class:`~wpp.warpairs.ai.search.ModelPlayout`): the noisy rule is the noisy classic's own
(:func:`~wpp.warpairs.ai.noisy.slip`), the playouts are deterministic for a world and replayed
exactly by the explanation's trace, the model follows the posterior (a record the classic AI
explains without a slip gives a small error rate, a random player's a large one), and the
explanation says how the opponent was played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_reading import CLASSIC, readable  # the games against each kind of opponent

from wpp.core.agents import Agent
from wpp.core.errors import WppError
from wpp.warpairs.actions import Action
from wpp.warpairs.ai.classic import classic_decision
from wpp.warpairs.ai.greedy import GreedyAgent
from wpp.warpairs.ai.noisy import NoisyPolicy, random_action
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.reading import Opponent, Reading
from wpp.warpairs.ai.search import (
    ModelPlayout,
    SearchAgent,
    _trace,
    classic_playout,
    determinise,
    search,
)
from wpp.warpairs.phases import Phase
from wpp.warpairs.playout import playout_state
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View


def classic(view: View) -> Action:
    return classic_decision(view, explain=False)[0]


def model(kind: str, rate: float) -> Opponent:
    """A posterior sure of one type and rate."""
    return Opponent(kind, 1.0, rate, ((kind, 1.0),), ((kind, rate, 1.0),))


def positions(seed: int) -> list[GameState]:
    """The states of a classic-vs-classic game after the mulligan."""
    s, out = GameState.new(seed), []
    while s.phase is not Phase.OVER:
        if s.phase is not Phase.MULLIGAN:
            out.append(s)
        s = step(s, CLASSIC.choose(s.view(s.to_act)), narrate=False)[0]
    return out


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 2**32))
def test_the_noisy_policy_is_the_noisy_rule(seed: int, draw: int) -> None:
    """Rate 0: the base AI's choice; rate 1: the random action the same generator gives
    after the slip's one draw; any rate: the same generator state, the same choice."""
    states = positions(seed % 50)
    s = states[seed % len(states)]
    view = s.view(s.to_act)
    assert NoisyPolicy(CLASSIC.choose, 0.0, random.Random(draw))(view) == classic(view)
    rng = random.Random(draw)
    rng.random()
    assert NoisyPolicy(CLASSIC.choose, 1.0, random.Random(draw))(view) == random_action(view,
                                                                                       rng)
    a = [NoisyPolicy(CLASSIC.choose, 0.5, random.Random(draw))(view) for _ in range(2)]
    assert a[0] == a[1] and a[0] in view.legal_actions()


@pytest.mark.parametrize("seed", [3, 11])
def test_a_model_without_slips_plays_its_type(seed: int) -> None:
    """Rate 0: the classic model is the classic playout, the greedy model the classic AI
    against the greedy AI; a model that slips plays other games."""
    world = positions(seed)[2]
    me = world.to_act
    assert ModelPlayout(me, model("classic", 0.0))(world) == classic_playout(world)
    greedy = GreedyAgent().choose
    seats = (classic, greedy) if me == 0 else (greedy, classic)
    assert ModelPlayout(me, model("greedy", 0.0))(world) == playout_state(world, seats)
    finals = {ModelPlayout(me, model("classic", 0.5))(w) for w in
              (world._replace(seed=k) for k in range(8))}
    assert len(finals) > 1  # the slips depend on the world's seed


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([0.2, 0.6, 1.0]), st.booleans())
def test_model_playouts_are_deterministic_and_the_trace_replays_them(
        seed: int, rate: float, sampled: bool) -> None:
    states = positions(seed % 40)
    s = states[seed % len(states)]
    view = s.view(s.to_act)
    world = determinise(view, random.Random(seed))
    o = Opponent("classic", 0.7, rate, (("classic", 0.7), ("greedy", 0.3)),
                 (("classic", rate, 0.7), ("greedy", 0.1, 0.3)))
    play = ModelPlayout(view.player, o, sampled)
    first = view.legal_actions()[seed % len(view.legal_actions())]
    after = step(world, first, narrate=False)[0]
    if after.phase is Phase.OVER:
        return
    final = play(after)
    assert play(after) == final  # the same world, the same playout
    trace = _trace(world, first, play)  # the explanation's sample line: the same moves
    t = world
    for p, a in trace:
        assert t.to_act == p
        t = step(t, a, narrate=False)[0]
    assert t.winner == final.winner and t.hands == final.hands


def test_the_model_follows_the_posterior() -> None:
    """Where the weighted deals explain the record as the classic AI without a slip (the
    classic AI's own games), the playouts' opponent is the classic AI with a small error rate;
    a random player's record gives a large one. (Where the sampler settles on deals that need
    slips, the rate is larger: the README's figures measure what that costs.)"""
    def rates(agent: Agent, seeds: range, clean: bool) -> list[tuple[str, float]]:
        out = []
        for seed in seeds:
            s = GameState.new(seed)
            agents: tuple[Agent, Agent] = (CLASSIC, agent)
            while s.phase is not Phase.OVER:
                view = s.view(s.to_act)
                if s.to_act == 0 and sum(e.player == 1 for e in view.record) >= 6:
                    reading = Reading(view, random.Random(seed))
                    if reading.run(400) and (not clean or all(
                            all(match[0] for _, match in r[0])
                            for a in reading.particles if (r := reading.replay(a)))):
                        play = ModelPlayout(0, reading.opponent())
                        out.append((play.opponent.kind, play.rate))
                    break
                s = step(s, agents[s.to_act].choose(view), narrate=False)[0]
        return out

    tidy = rates(CLASSIC, range(40, 52), clean=True)
    wild = rates(RandomAgent(5), range(40, 46), clean=False)
    assert len(tidy) >= 3 and len(wild) >= 4, (tidy, wild)
    assert all(kind == "classic" and rate < 0.15 for kind, rate in tidy), tidy
    assert all(rate > 0.5 for _, rate in wild), wild


def test_the_explanation_says_how_the_opponent_was_played() -> None:
    _, view = next(x for i, x in enumerate(readable("noisy40", range(5, 6))) if i == 3)
    agent = SearchAgent(seed=2, playouts=30, checks=200)
    table = agent.decide(view).explanation.step("search.candidates")
    assert table is not None
    note = str(table.notes[1])
    r = agent.result(view)
    assert r.opponent_played and r.opponent_played in note and "random moves" in note
    assert "classic AI for you" in note
    plain = SearchAgent(seed=2, playouts=30, checks=200, opponent="classic").decide(view)
    table = plain.explanation.step("search.candidates")
    assert table is not None and "classic AI for both players" in str(table.notes[1])


@pytest.mark.parametrize("bad", ["noisy", "", 3, None])
def test_a_bad_opponent_model_is_the_kits_error(bad: object) -> None:
    with pytest.raises(WppError, match="opponent model"):
        SearchAgent(opponent=bad)  # type: ignore[arg-type]
    view = positions(1)[0].view(positions(1)[0].to_act)
    with pytest.raises(WppError, match="opponent model"):
        search(view, random.Random(0), playouts=10, opponent=bad)  # type: ignore[arg-type]
