"""The uniformly random agent: the baseline every analysis compares against."""

from __future__ import annotations

import random
from math import comb

from wpp.core.agents import Decision, require_view
from wpp.core.explain import Explanation
from wpp.warpairs.actions import Action, Concede, Mulligan
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.phases import Phase
from wpp.warpairs.view import View, legal_actions

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
        view = require_view(view, View, "random")
        return self._pick(view)[0]

    def decide(self, view: View) -> Decision:
        view = require_view(view, View, "random")
        action, n = self._pick(view)
        return Decision(action, Explanation.simple(
            "Random choice", f"{action}", step_title=f"Pick one of {n} legal actions at random"))

    def _pick(self, view: View) -> tuple[Action, int]:
        """The chosen action and how many there were to choose from."""
        if view.phase is Phase.MULLIGAN:
            chosen = Mulligan(tuple(sorted(self.rng.sample(view.hand, MULLIGAN_SIZE))))
            return chosen, comb(len(view.hand), MULLIGAN_SIZE)
        actions = legal_actions(view)
        if not actions:
            raise ValueError("it is not this player's turn; there is nothing to decide")
        if isinstance(actions[-1], Concede) and len(actions) > 1:
            actions.pop()
        return actions[self.rng.randrange(len(actions))], len(actions)
