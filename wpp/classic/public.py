"""5-card draw's computer moves in public terms (the page's "Why?" during a game): what the
table saw — how many cards the player exchanged — and, for a viewer who has still to draw,
their own exact odds of every discard. Built from the viewer's views and the public record
only, so it names no card the viewer cannot see and is the same in every deal with the same
public history.

>>> import wpp
>>> g = wpp.new_game("draw", seed=4)
>>> _ = g.apply(g.legal_actions()[3])
>>> e = public_reasons(g, 0, viewer=1)
>>> print(e.title); [s.id for s in e.steps]
P1 exchanged 1 card
['draw.public', 'draw.hand', 'draw.options', 'draw.choice']
"""

from __future__ import annotations

from typing import Any

from wpp.classic.draw import explain
from wpp.classic.game import DrawView
from wpp.core.explain import Explanation, Step
from wpp.core.history import History, seat_name

__all__ = ["public_reasons"]


def public_reasons(history: History[Any, Any], index: int, viewer: int) -> Explanation:
    """Move ``index`` (a computer's discard) as ``viewer`` may know it (see the module)."""
    after: DrawView = history.game.view(history.states[index + 1], viewer)
    mover = history.events[index].player
    n = after.draw_counts[mover]
    who = seat_name(mover)
    title = f"{who} exchanged {n} card{'s' if n != 1 else ''}" if n else f"{who} stood pat"
    steps = [Step("What the table saw", verdict=(
        f"{title}: how many cards a player draws is public at a card table; which cards, "
        "and the hand, stay hidden until the showdown."), id="draw.public")]
    if after.my_turn:  # your own hand's exact odds (the exact AI's analysis from your view)
        steps += explain(after.hand, after.rules).explanation().steps
    return Explanation(title, steps)
