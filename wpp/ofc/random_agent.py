"""The random placer: every legal placement equally likely — the baseline that fouls."""

from __future__ import annotations

import random

from wpp.core.agents import Decision, require_view
from wpp.core.explain import Explanation
from wpp.ofc.game import OfcView, Place

__all__ = ["RandomPlacer"]


class RandomPlacer:
    """Chooses uniformly among the legal placements (seeded: reproducible)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: OfcView) -> Place:
        view = require_view(view, OfcView, "random")
        actions = view.legal_actions()
        return actions[self.rng.randrange(len(actions))]

    def decide(self, view: OfcView) -> Decision:
        view = require_view(view, OfcView, "random")
        actions = view.legal_actions()
        action = actions[self.rng.randrange(len(actions))]
        return Decision(action, Explanation.simple(
            "Random placement", f"{action}", action.cards,
            step_title=f"Pick one of {len(actions)} legal placements at random"))
