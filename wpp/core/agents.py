"""The one agent protocol of the kit: every AI of every game, and a page's "computer" seat.

An agent receives a view — what its seat may know, never the whole state — so it cannot
cheat. :meth:`Agent.decide` returns a :class:`Decision`: the action and the
:class:`~wpp.core.explain.Explanation` of why, for learners; :meth:`Agent.choose` returns the
same action without building the explanation, for simulations.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

from wpp.core.checks import check_number, check_seed
from wpp.core.errors import WppError
from wpp.core.explain import Explanation

__all__ = ["Agent", "Decision", "NoisyAgent", "UniformAgent", "noisy_factory", "require_view"]


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


class NoisyAgent:
    """Another agent that errs on purpose: at each decision, with probability ``rate`` it
    plays a uniformly random legal action instead of the one ``base`` would choose (which
    may, by chance, be the same); otherwise it plays ``base``'s choice. The kit's weaker
    opponents for the ladder (:mod:`wpp.core.ladder`): a fixed, stated error rate, from its
    own seeded generator (the base agent keeps its own), so the same seed plays the same.

    >>> from wpp import new_game, make_agent
    >>> g = new_game("draw", seed=4)
    >>> always = NoisyAgent(make_agent("draw", "exact"), 1.0, seed=3)
    >>> never = NoisyAgent(make_agent("draw", "exact"), 0.0, seed=3)
    >>> never.choose(g.view(0)) == make_agent("draw", "exact").choose(g.view(0))
    True
    >>> always.choose(g.view(0)) in g.legal_actions()
    True
    """

    def __init__(self, base: Any, rate: float, seed: int | None = 0, *,
                 name: str = "noisy") -> None:
        self.base = base
        self.rate = check_number(rate, "the noisy agent's error rate", 0, 1)
        if seed is not None:
            check_seed(seed, "the seed of the noisy agent")
        # Its own stream, not the base agent's: a base seeded with the same number would
        # otherwise draw the same numbers and the errors would follow its choices.
        self.rng = random.Random(None if seed is None else f"wpp-noisy/{seed}")
        self.name = name

    def _errs(self, view: Any) -> list[Any] | None:
        """The legal actions when this decision is an error, else ``None`` (one draw per
        decision, so ``choose`` and ``decide`` err alike)."""
        if self.rng.random() >= self.rate:
            return None
        legal = getattr(view, "legal_actions", None)
        if not callable(legal) or not getattr(view, "my_turn", False):
            raise WppError(f"the {self.name} agent decides from the view of a player to act, "
                           f"not {view!r:.40}")
        actions = list(legal())
        if not actions:
            raise WppError(f"the {self.name} agent was given a view with no legal action")
        return actions

    def choose(self, view: Any) -> Any:
        legal = self._errs(view)
        if legal is None:
            return self.base.choose(view)
        return legal[self.rng.randrange(len(legal))]

    def decide(self, view: Any) -> Decision:
        legal = self._errs(view)
        if legal is None:
            decision: Decision = self.base.decide(view)
            return decision
        action = legal[self.rng.randrange(len(legal))]
        return Decision(action, Explanation.simple(
            "A random move, on purpose", f"{action}", (),
            step_title=(f"This opponent plays one of the {len(legal)} legal actions at random "
                        f"{self.rate:.0%} of the time instead of its usual choice, and did so "
                        "here")))

    def base_name(self) -> str:
        """The wrapped agent's name, for explanations."""
        return f"{getattr(self.base, 'name', 'base')} AI"


def noisy_factory(base: Callable[..., Any], base_name: str,
                  default_rate: float = 0.2) -> Callable[..., Any]:
    """An agent factory for a game's registration (``AGENTS["noisy"]``): ``factory(seed,
    rate=default_rate, **options)`` makes a :class:`NoisyAgent` around ``base(seed,
    **options)`` (``base_name`` names it in errors). Options the base agent does not take are
    a ``WppError`` naming them."""

    def noisy(seed: int | None = 0, *, rate: float = default_rate, **options: Any) -> Any:
        try:
            inspect.signature(base).bind(seed, **options)
        except TypeError as err:
            raise WppError(f"bad options for the {base_name} agent inside the noisy agent: "
                           f"{options!r:.80} ({err})") from None
        return NoisyAgent(base(seed, **options), rate, seed)

    noisy.__doc__ = (f"The {base_name} agent, playing a uniformly random legal action "
                     f"instead with probability ``rate`` (default {default_rate}).")
    return noisy
