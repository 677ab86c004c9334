"""WarPairsPoker's agents: anything that chooses an action from a player's view, with an
explanation. The registry (:mod:`wpp.core.registry`, :mod:`wpp.games.warpairs`) names them;
:func:`make_agent` builds one of them by name, for command lines, menus and tournaments.
"""

from __future__ import annotations

from typing import Any

from wpp.agents.base import Agent, Decision
from wpp.agents.greedy import GreedyAgent
from wpp.agents.random_agent import RandomAgent
from wpp.core.registry import make_agent as _make
from wpp.core.registry import registered_agents

__all__ = ["AGENT_NAMES", "Agent", "Decision", "GreedyAgent", "RandomAgent", "make_agent"]


def make_agent(name: str, seed: int | None = None, **options: Any) -> Agent:
    """A new WarPairsPoker agent by name (``"classic"``, ``"greedy"``, ``"random"``);
    ``seed`` seeds random choices. The same as ``wpp.make_agent("warpairs", name, ...)``."""
    agent: Agent = _make("warpairs", name, seed, **options)
    return agent


def __getattr__(name: str) -> Any:
    if name == "AGENT_NAMES":  # the registry's names, read when asked for
        return registered_agents("warpairs")
    raise AttributeError(f"module 'wpp.agents' has no attribute {name!r}")
