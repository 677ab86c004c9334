"""Play games of any registered kind between agents: the one loop every simulation, test,
command line and demo shares.

>>> from wpp.core.registry import make_agent, new_game
>>> g = play_out(new_game("warpairs", seed=42),
...              [make_agent("warpairs", "random", s) for s in (1, 2)])
>>> g.is_over, len(g.returns())
(True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from wpp.core.errors import WppError
from wpp.core.history import History

__all__ = ["play_out"]

H = TypeVar("H", bound=History[Any, Any])


def play_out(game: H, agents: Sequence[Any], *,
             on_event: Callable[[Any, Any], None] | None = None,
             max_actions: int | None = None) -> H:
    """Play ``game`` from where it is to its end, ``agents[p]`` choosing for seat ``p``.

    Each agent only ever receives its own seat's view. Without ``on_event`` agents are asked
    for the action alone (``choose``, no explanation: the fast path); with it, each action
    comes from ``decide`` and ``on_event(event, agent)`` is called after it is applied.
    ``max_actions`` stops a game that would not end (a broken agent or game) with an error.
    """
    if not isinstance(game, History):
        raise WppError(f"play_out plays a game (a History, from new_game), not {game!r:.40}")
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise WppError(f"play_out needs a list of agents, one per seat, not {agents!r:.40}")
    for seat, agent in enumerate(agents):
        if not (callable(getattr(agent, "decide", None)) or (
                on_event is None and callable(getattr(agent, "choose", None)))):
            raise WppError(f"seat {seat}'s {agent!r:.40} is not an agent (it has no decide)")
    if len(agents) != game.players:
        raise WppError(f"a game of {game.players} players needs {game.players} agents, not "
                       f"{len(agents)}")
    fast = [getattr(a, "choose", None) for a in agents]
    done = 0
    while not game.is_over:
        p = game.to_act
        view = game.view(p)
        chooser = fast[p]
        if on_event is None and chooser is not None:
            action = chooser(view)
        else:
            action = agents[p].decide(view).action
        event = game.apply(action)
        if on_event is not None:
            on_event(event, agents[p])
        done += 1
        if max_actions is not None and done >= max_actions:
            raise WppError(f"the game did not end within {max_actions} actions")
    return game
