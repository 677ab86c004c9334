"""The one agent protocol of the kit: every AI of every game, and a page's "computer" seat.

An agent receives a view — what its seat may know, never the whole state — so it cannot
cheat. :meth:`Agent.decide` returns a :class:`Decision`: the action and the
:class:`~wpp.core.explain.Explanation` of why, for learners; :meth:`Agent.choose` returns the
same action without building the explanation, for simulations.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from wpp.core.errors import WppError
from wpp.core.explain import Explanation

__all__ = ["Agent", "Decision", "UniformAgent", "require_view"]


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


class UniformAgent:
    """The kit's random player for any game: one of ``view.legal_actions()``, uniformly, from
    its own seeded generator. The registry gives it to a game that names no ``random`` agent
    of its own, so every game can be played at random (``random-games``, the baselines of
    the analysis) without writing one.

    >>> from wpp import new_game
    >>> g = new_game("draw", seed=4)
    >>> a, b = UniformAgent(9), UniformAgent(9)
    >>> a.choose(g.view(0)) == b.choose(g.view(0)) and a.choose(g.view(0)) in g.legal_actions()
    True
    """

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        legal = self._legal(view)
        return legal[self.rng.randrange(len(legal))]

    def decide(self, view: Any) -> Decision:
        n = len(self._legal(view))
        action = self.choose(view)
        return Decision(action, Explanation.simple(
            "Random choice", f"{action}", (),
            step_title=f"Pick one of {n} legal actions at random"))

    def _legal(self, view: Any) -> list[Any]:
        legal = getattr(view, "legal_actions", None)
        if not callable(legal) or not getattr(view, "my_turn", False):
            raise WppError(f"the random player decides from the view of a player to act, not "
                           f"{view!r:.40}")
        actions = list(legal())
        if not actions:
            raise WppError("the random player was given a view with no legal action")
        return actions
