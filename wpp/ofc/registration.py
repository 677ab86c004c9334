"""Open Face Chinese Poker, registered: its definition (:mod:`wpp.ofc.game`) and its agents.

>>> sorted(AGENTS)
['expected', 'pyofc', 'random']
"""

from __future__ import annotations

from typing import Final

from wpp.core.agents import Agent
from wpp.core.protocol import AgentFactory
from wpp.ofc.cli import PLAY
from wpp.ofc.game import OFC
from wpp.ofc.random_agent import RandomPlacer

__all__ = ["AGENTS", "GAME", "ORDER", "PLAY"]

GAME: Final = OFC
#: After WarPairsPoker and 5-card draw.
ORDER: Final = 3


def _pyofc(seed: int | None = 0, passes: int = 100, move_time: float | None = None,
           pyofc_compat: bool = False, five_card_time: float | None = None,
           one_card_time: float | None = None) -> Agent:
    from wpp.ofc.pyofc import PyOfcAI  # numpy: imported when an AI is made, not to list games

    return PyOfcAI(seed, passes, move_time, pyofc_compat, five_card_time, one_card_time)


def _expected(seed: int | None = 0, passes: int = 60, move_time: float | None = None,
              arrangements: int = 3, foul_penalty: float = 0.0) -> Agent:
    from wpp.ofc.expected import ExpectedPointsAI

    return ExpectedPointsAI(seed, passes, move_time, arrangements, foul_penalty)


def _random(seed: int | None = 0) -> Agent:
    return RandomPlacer(seed)


#: Open Face Chinese Poker's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"pyofc": _pyofc, "expected": _expected, "random": _random}
