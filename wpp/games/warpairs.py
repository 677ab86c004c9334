"""WarPairsPoker, registered: its definition (:mod:`wpp.protocol`), its history class
(:class:`wpp.Game`) and its agents.

>>> sorted(AGENTS)
['classic', 'counting', 'greedy', 'random', 'search']
"""

from __future__ import annotations

from typing import Final

from wpp.agents.base import Agent
from wpp.agents.greedy import GreedyAgent
from wpp.agents.random_agent import RandomAgent
from wpp.ai.classic import ClassicAgent
from wpp.ai.counting_agent import CountingAgent
from wpp.ai.search import DEFAULT_PLAYOUTS, SearchAgent
from wpp.core.protocol import AgentFactory
from wpp.game import Game
from wpp.protocol import WARPAIRS

__all__ = ["AGENTS", "GAME", "HISTORY", "ORDER"]

GAME: Final = WARPAIRS
HISTORY: Final = Game
#: First on the home page and in every listing.
ORDER: Final = 0


def _classic(seed: int | None = 0, *, use_pile: bool = True) -> Agent:
    return ClassicAgent(use_pile=use_pile)


def _random(seed: int | None = 0) -> Agent:
    return RandomAgent(seed)


def _greedy(seed: int | None = 0) -> Agent:
    return GreedyAgent(seed)


def _counting(seed: int | None = 0) -> Agent:
    return CountingAgent()


def _search(seed: int | None = 0, *, playouts: int = DEFAULT_PLAYOUTS,
            seconds: float | None = None) -> Agent:
    return SearchAgent(seed, playouts=playouts, seconds=seconds)


#: WarPairsPoker's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"classic": _classic, "random": _random, "greedy": _greedy,
                                   "counting": _counting, "search": _search}


