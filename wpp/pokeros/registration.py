"""Pokeros, registered: its definition (:mod:`wpp.pokeros.game`) and its agents
(:mod:`wpp.pokeros.ai`).

>>> list(AGENTS)
['hal', 'greedy', 'guard', 'random']
"""

from __future__ import annotations

from typing import Final

from wpp.core.agents import Agent
from wpp.core.protocol import AgentFactory
from wpp.pokeros.ai import Greedy, Guard, RandomPlacer
from wpp.pokeros.game import POKEROS

__all__ = ["AGENTS", "GAME", "ORDER"]

GAME: Final = POKEROS
#: After WarPairsPoker and 5-card draw.
ORDER: Final = 5


def _hal(seed: int | None = 0) -> Agent:
    return Greedy("raw", seed)


def _greedy(seed: int | None = 0) -> Agent:
    return Greedy("awarded", seed)


def _guard(seed: int | None = 0) -> Agent:
    return Guard(seed)


def _random(seed: int | None = 0) -> Agent:
    return RandomPlacer(seed)


#: Pokeros's agents by name (the first, the original's AI, is the default opponent).
AGENTS: dict[str, AgentFactory] = {"hal": _hal, "greedy": _greedy, "guard": _guard,
                                   "random": _random}
