"""Pairs' computer moves in public terms (the page's "Why?" during a game). Every card of
Pairs is face up but the deck and the burned cards, which nobody sees: the position a player
faced is public, and so are its exact odds. So the public form of a computer's hit or fold is
the exact expected-value analysis of that position — what any player at the table could
work out — not the computer's own playouts.

>>> import wpp
>>> g = wpp.new_game("pairs", seed=4, players=3)
>>> _ = g.apply(g.legal_actions()[0])
>>> e = public_reasons(g, 0, viewer=0)
>>> print(e.title); [s.id for s in e.steps]
P3 folded
['pairs.public', 'expected.odds', 'expected.compare']
"""

from __future__ import annotations

from typing import Any

from wpp.core.explain import Explanation, Step
from wpp.core.history import History, seat_name
from wpp.pairs.agents import ExpectedValue
from wpp.pairs.state import HIT, PairsView

__all__ = ["public_reasons"]


def public_reasons(history: History[Any, Any], index: int, viewer: int) -> Explanation:
    """Move ``index`` (a computer's hit or fold) in public terms for ``viewer``."""
    mover = history.events[index].player
    faced: PairsView = history.game.view(history.states[index], mover)  # all face up
    action = history.actions[index]
    who = seat_name(mover)
    title = f"{who} {'hit' if action is HIT else 'folded'}"
    head = Step(f"The position {who} faced is on the table for everyone",
                verdict=("every card in Pairs is face up but the deck: here are the exact "
                         f"odds {who} faced (the exact expected-value player's view of them; "
                         "the computer's own reasoning opens after the game)"),
                id="pairs.public")
    steps = ExpectedValue().decide(faced).explanation.steps
    del viewer  # the same for every viewer: nothing here is hidden from anyone
    return Explanation(title, [head, *steps])
