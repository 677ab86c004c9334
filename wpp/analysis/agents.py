"""Agents for tournaments, by name: the registry's agents of each game.

>>> make("greedy").name
'greedy'
>>> make("nobody")
Traceback (most recent call last):
...
wpp.errors.WppError: unknown agent 'nobody' for warpairs; choose from classic, counting, ...
"""

from __future__ import annotations

from wpp.agents import Agent, GreedyAgent
from wpp.core.registry import make_agent, registered_agents

__all__ = ["GreedyAgent", "agent_names", "make"]


def agent_names(game: str = "warpairs") -> tuple[str, ...]:
    """Every agent name of ``game`` that :func:`make` accepts."""
    return registered_agents(game)


def make(name: str, seed: int | None = None, game: str = "warpairs") -> Agent:
    """A new agent of ``game`` by name (the registry's)."""
    agent: Agent = make_agent(game, name, seed)
    return agent
