"""The agent interface every AI, and the UI's "computer plays this seat", uses.

An agent receives a :class:`~wpp.state.View` — what its player may know, never the full game —
and returns a :class:`Decision`: a legal action and the :class:`~wpp.explain.Explanation`
of why. Because an agent only ever sees a view, it cannot cheat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from wpp.actions import Action
from wpp.explain import Explanation
from wpp.state import View

__all__ = ["Agent", "Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's choice and the reasoning behind it."""

    action: Action
    explanation: Explanation


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for the player whose view it is given."""

    #: A short name for tables and menus ("classic", "random").
    name: str

    def decide(self, view: View) -> Decision:
        """Choose one of ``view.legal_actions()``; ``view.my_turn`` is true when called."""
        ...
