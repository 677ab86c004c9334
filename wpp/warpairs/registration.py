"""WarPairsPoker, registered: its definition (:mod:`wpp.warpairs.definition`), its history class
(:class:`wpp.Game`) and its agents.

>>> sorted(AGENTS)
['classic', 'counting', 'greedy', 'random', 'search']
"""

from __future__ import annotations

from typing import Final

from wpp.core.agents import Agent
from wpp.core.protocol import AgentFactory
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.counting_agent import CountingAgent
from wpp.warpairs.ai.greedy import GreedyAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.search import DEFAULT_PLAYOUTS, SearchAgent
from wpp.warpairs.cli import add_commands
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.game import Game

__all__ = ["AGENTS", "COMMANDS", "GAME", "HISTORY", "ORDER"]

GAME: Final = WARPAIRS
HISTORY: Final = Game
#: First on the home page and in every listing.
ORDER: Final = 0
#: Its own play (move by move, with reasons), random-games (the fast path) and tournament.
COMMANDS: Final = add_commands


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


