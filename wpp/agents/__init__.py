"""Agents: anything that chooses an action from a player's view, with an explanation."""

from wpp.agents.base import Agent, Decision
from wpp.agents.random_agent import RandomAgent

__all__ = ["Agent", "Decision", "RandomAgent"]
