"""Many whole games: the classic AI against itself and against the random agent, to the end,
without an error (every action passes the engine's checks as it is applied)."""

from __future__ import annotations

from collections import Counter

import pytest

from wpp.core.agents import Agent
from wpp.warpairs.ai import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import play_game

GAMES = 10_000


@pytest.mark.slow
def test_ten_thousand_classic_vs_classic_games() -> None:
    ai = ClassicAgent()
    ends: Counter[str] = Counter()
    for seed in range(GAMES):
        g = play_game((ai, ai), seed=seed, history=False)
        assert g.is_over
        ends[g.state.end_reason.value if g.state.end_reason else "?"] += 1
    assert sum(ends.values()) == GAMES
    assert ends["emptied their hand"] > GAMES * 0.9, ends


@pytest.mark.slow
def test_ten_thousand_classic_vs_random_games() -> None:
    ai = ClassicAgent()
    won = 0
    for seed in range(GAMES):
        seat = seed % 2
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = ai
        g = play_game(agents, seed=seed, history=False)
        assert g.is_over
        won += g.state.winner == seat
    assert won > GAMES * 0.9
