"""A greedy baseline for WarPairsPoker: sheds cards as fast as it can, with no look-ahead.

A rating needs more than two players to say anything about transitivity, so the kit has this
simple rule-of-thumb player between random and a real AI.

>>> from wpp.warpairs.game import Game
>>> g = Game(seed=3)
>>> GreedyAgent().choose(g.view(0)) in g.legal_actions()
True
"""

from __future__ import annotations

from collections import Counter

from wpp.core.agents import Decision, require_view
from wpp.core.explain import Explanation
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action, Draw, Mulligan, PlayCards, Stop, TakeFromPile
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.phases import Phase
from wpp.warpairs.plays import Play
from wpp.warpairs.view import View, legal_actions

__all__ = ["GreedyAgent", "greedy_mulligan"]


def _shed_first(p: Play) -> tuple[int, int, int]:
    # Most cards first; then the lowest category and key, keeping strong plays for later.
    return (-len(p.cards), p.category, p.order)


def greedy_mulligan(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The greedy mulligan: the 3 lowest cards of ``hand`` that pair with nothing, then the
    lowest others (sorted; also what the search's opponent model needs without a view)."""
    counts = Counter(c.rank for c in hand)
    return tuple(sorted(sorted(hand, key=lambda c: (counts[c.rank] > 1, c))[:MULLIGAN_SIZE]))


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
        view = require_view(view, View, "greedy")
        if not view.my_turn:
            raise ValueError("it is not this player's turn; there is nothing to decide")
        hand = view.hand
        if view.phase is Phase.MULLIGAN:
            return Mulligan(greedy_mulligan(hand))
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
        view = require_view(view, View, "greedy")
        action = self.choose(view)
        return Decision(action, Explanation.simple(
            "Greedy choice", str(action), step_title="Shed as many cards as possible now"))
