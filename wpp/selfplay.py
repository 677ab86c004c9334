"""Play whole games of WarPairsPoker between agents (the kit's loop, :mod:`wpp.core.selfplay`).

>>> from wpp.agents import RandomAgent
>>> g = play_game((RandomAgent(1), RandomAgent(2)), seed=42)
>>> g.is_over, g.state.end_reason is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wpp.agents.base import Agent
from wpp.core.selfplay import play_out
from wpp.errors import WppError
from wpp.game import Game
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import Event

__all__ = ["play_game"]


def play_game(
    agents: Sequence[Agent],
    seed: int,
    rules: Rules = DEFAULT_RULES,
    *,
    history: bool = True,
    on_event: Callable[[Event, Agent], None] | None = None,
) -> Game:
    """Play one game to its end, ``agents[0]`` as P1 and ``agents[1]`` as P2.

    Each agent only ever receives its own player's view. ``on_event`` (if given) is called
    after every action with its narrated event and the agent that chose it. With
    ``history=False`` the game keeps no undo history or events (fast simulations; ``on_event``
    then receives nothing).
    """
    if len(agents) != 2:
        raise WppError(f"a game needs 2 agents, not {len(agents)}")
    game = Game(seed, rules, history=history)
    return play_out(game, agents, on_event=on_event if history else None)
