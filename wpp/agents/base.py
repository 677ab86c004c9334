"""The agent interface: the kit's one protocol (:mod:`wpp.core.agents`), named here too.

An agent receives a :class:`~wpp.state.View` — what its player may know, never the full game —
and returns a :class:`Decision`: a legal action and the :class:`~wpp.explain.Explanation`
of why. Because an agent only ever sees a view, it cannot cheat.
"""

from wpp.core.agents import Agent, Decision

__all__ = ["Agent", "Decision"]
