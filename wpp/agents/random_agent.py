"""The uniformly random agent: the baseline every analysis compares against."""

from __future__ import annotations

import random
from itertools import combinations

from wpp.actions import Action, Concede, Mulligan
from wpp.agents.base import Decision
from wpp.explain import Explanation
from wpp.state import MULLIGAN_SIZE, Phase, View, legal_actions

__all__ = ["RandomAgent"]


class RandomAgent:
    """Chooses uniformly among the legal actions, except that it never concedes.

    In the mulligan it draws 3 of its cards at random, which is the same distribution as
    choosing uniformly among all 3-card mulligans, without listing them. Seeded, it is
    reproducible: the same seed and the same views give the same choices.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """The action alone, without an explanation (the simulation fast path)."""
        if view.phase is Phase.MULLIGAN:
            return Mulligan(tuple(sorted(self.rng.sample(view.hand, MULLIGAN_SIZE))))
        actions = legal_actions(view)
        if not actions:
            raise ValueError("it is not this player's turn; there is nothing to decide")
        if isinstance(actions[-1], Concede) and len(actions) > 1:
            actions.pop()
        return actions[self.rng.randrange(len(actions))]

    def decide(self, view: View) -> Decision:
        action = self.choose(view)
        if view.phase is Phase.MULLIGAN:
            n = sum(1 for _ in combinations(view.hand, MULLIGAN_SIZE))
        else:
            n = len(legal_actions(view)) - 1
        return Decision(action, Explanation.simple(
            "Random choice", f"{action}", step_title=f"Pick one of {n} legal actions at random"))
