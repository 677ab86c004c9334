"""Agents: anything that chooses an action from a player's view, with an explanation.

:func:`make_agent` builds one by name, for command lines, menus and tournaments.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from wpp.agents.base import Agent, Decision
from wpp.agents.random_agent import RandomAgent

__all__ = ["AGENT_NAMES", "Agent", "Decision", "RandomAgent", "make_agent"]


def _classic(seed: int | None) -> Agent:
    # Imported late: the classic AI lives in wpp.ai and builds on this package.
    cls: Callable[[], Agent] | None = getattr(import_module("wpp.ai"), "ClassicAgent", None)
    if cls is None:
        raise ImportError("wpp.ai has no ClassicAgent: the classic AI is not installed")
    return cls()


_FACTORIES: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "classic": _classic,
}
#: The names :func:`make_agent` knows.
AGENT_NAMES = tuple(_FACTORIES)


def make_agent(name: str, seed: int | None = None) -> Agent:
    """A new agent by name (``"random"``, ``"classic"``); ``seed`` seeds random choices."""
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENT_NAMES)}") from None
    return factory(seed)
