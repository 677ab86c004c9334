"""5-card draw, registered: its definition (:mod:`wpp.classic.game`) and its agents
(:mod:`wpp.classic.draw`).

>>> sorted(AGENTS)
['exact', 'random', 'stand']
"""

from __future__ import annotations

from typing import Final

from wpp.classic.draw import DrawAI, RandomDiscarder, StandPat
from wpp.classic.game import DRAW
from wpp.core.agents import Agent
from wpp.core.protocol import AgentFactory

__all__ = ["AGENTS", "GAME", "ORDER"]

GAME: Final = DRAW
#: Second in listings, after WarPairsPoker.
ORDER: Final = 1


def _exact(seed: int | None = 0) -> Agent:
    return DrawAI()


def _stand(seed: int | None = 0) -> Agent:
    return StandPat(seed)


def _random(seed: int | None = 0) -> Agent:
    return RandomDiscarder(seed)


#: 5-card draw's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"exact": _exact, "stand": _stand, "random": _random}
