"""Agents for tournaments: the project's agents by name, plus a greedy baseline.

:func:`make` builds an agent by name: first through :func:`wpp.agents.make_agent`
(``"random"``, ``"classic"``), then among the baselines defined here. A rating needs more than
two players to say anything about transitivity, so this module adds :class:`GreedyAgent`
(``"greedy"``), a simple rule-of-thumb player between random and a real AI.

>>> make("greedy").name
'greedy'
>>> make("nobody")
Traceback (most recent call last):
...
ValueError: unknown agent 'nobody'; choose from random, classic, greedy
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from wpp.actions import Action, Draw, Mulligan, PlayCards, Stop, TakeFromPile
from wpp.agents import AGENT_NAMES, Agent, Decision, make_agent
from wpp.explain import Explanation
from wpp.moves import all_plays, answers
from wpp.plays import Play
from wpp.state import MULLIGAN_SIZE, Phase, View, legal_actions

__all__ = ["BASELINES", "GreedyAgent", "agent_names", "make"]


def _shed_first(p: Play) -> tuple[int, int, int]:
    # Most cards first; then the lowest category and key, keeping strong plays for later.
    return (-len(p.cards), p.category, p.order)


class GreedyAgent:
    """Sheds cards as fast as it can, with no look-ahead.

    * Mulligan: gives away its 3 lowest cards that pair with nothing (then the lowest others).
    * Lead: the play with the most cards, the lowest such; it never passes.
    * Answer: the cheapest play that beats the table; when none does, one deck card (or the
      lowest pile card when the deck is out), and it stops after one card.

    It is deterministic: ``seed`` is accepted for the common agent signature and ignored.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        """The action alone (the simulation fast path)."""
        if not view.my_turn:
            raise ValueError("it is not this player's turn; there is nothing to decide")
        hand = view.hand
        if view.phase is Phase.MULLIGAN:
            counts = Counter(c.rank for c in hand)
            ordered = sorted(hand, key=lambda c: (counts[c.rank] > 1, c))
            return Mulligan(ordered[:MULLIGAN_SIZE])
        if view.phase is Phase.LEAD:
            return PlayCards(min(all_plays(hand, view.rules), key=_shed_first).cards)
        if view.phase is Phase.ANSWER:
            beats = answers(hand, view.table, view.rules)
            if beats:
                return PlayCards(min(beats, key=lambda p: (p.category, p.order)).cards)
            options = legal_actions(view)
            if Draw() in options:
                return Draw()
            takes = [a for a in options if isinstance(a, TakeFromPile)]
            return min(takes, key=lambda a: a.card) if takes else options[0]
        return Stop()

    def decide(self, view: View) -> Decision:
        action = self.choose(view)
        return Decision(action, Explanation.simple(
            "Greedy choice", str(action), step_title="Shed as many cards as possible now"))


#: The baseline agents of this module, by name.
BASELINES: dict[str, Callable[[int | None], Agent]] = {"greedy": GreedyAgent}


def agent_names() -> tuple[str, ...]:
    """Every name :func:`make` accepts."""
    return (*AGENT_NAMES, *(n for n in BASELINES if n not in AGENT_NAMES))


def make(name: str, seed: int | None = None) -> Agent:
    """A new agent by name: the project's agents first, then the baselines here."""
    if name in AGENT_NAMES:
        return make_agent(name, seed)
    try:
        factory = BASELINES[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; choose from "
                         f"{', '.join(agent_names())}") from None
    return factory(seed)
