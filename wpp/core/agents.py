"""The one agent protocol of the kit: every AI of every game, and a page's "computer" seat.

An agent receives a view — what its seat may know, never the whole state — so it cannot
cheat. :meth:`Agent.decide` returns a :class:`Decision`: the action and the
:class:`~wpp.core.explain.Explanation` of why, for learners; :meth:`Agent.choose` returns the
same action without building the explanation, for simulations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from wpp.core.explain import Explanation
from wpp.errors import WppError

__all__ = ["Agent", "Decision", "require_view"]


@dataclass(frozen=True, slots=True)
class Decision:
    """An agent's choice and the reasoning behind it."""

    action: Any
    explanation: Explanation


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for the player whose view it is given."""

    #: A short name for tables and menus ("classic", "random").
    name: str

    def decide(self, view: Any) -> Decision:
        """Choose one of ``view.legal_actions()`` and say why; ``view.my_turn`` is true."""
        ...

    def choose(self, view: Any) -> Any:
        """The action :meth:`decide` would choose, without the explanation (for speed)."""
        ...


V = TypeVar("V")


def require_view(view: object, kind: type[V], agent: str) -> V:
    """``view`` if it is a ``kind`` whose player is to act, else a :class:`WppError` naming
    what the agent was given instead. Every agent's ``decide``/``choose`` starts with it, so
    a wrong argument is the kit's own error, not an ``AttributeError`` deep in the AI."""
    if not isinstance(view, kind):
        raise WppError(f"the {agent} agent decides from a {kind.__name__}, "
                       f"not {type(view).__name__} {view!r:.40}")
    if not getattr(view, "my_turn", True):
        raise WppError(f"the {agent} agent was asked to act for a player who is not to act")
    return view
