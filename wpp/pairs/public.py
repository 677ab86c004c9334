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

from wpp.core.explain import Explanation, Ref, Step, words
from wpp.core.history import History, seat_name
from wpp.pairs.agents import ExpectedValue, hit_odds
from wpp.pairs.cards import CARD
from wpp.pairs.state import FOLD, HIT, PairsView

__all__ = ["public_reasons"]


def public_reasons(history: History[Any, Any], index: int, viewer: int) -> Explanation:
    """Move ``index`` (a computer's hit or fold) in public terms for ``viewer``: the exact odds
    of the position, in a few plain words (a newcomer reads each step in one glance)."""
    mover = history.events[index].player
    faced: PairsView = history.game.view(history.states[index], mover)  # all face up
    action = history.actions[index]
    who = seat_name(mover)
    title = f"{who} {'hit' if action is HIT else 'folded'}"
    head = Step(f"{who}'s odds, from the cards on the table",
                verdict="everyone sees these cards; the computer's own thinking opens after "
                        "the game",
                id="pairs.public")
    del viewer  # the same for every viewer: nothing here is hidden from anyone
    legal = faced.legal_actions()
    if len(legal) < 2:
        only = Step(f"{who} could only {legal[0] if legal else action}",
                    id="expected.forced")
        return Explanation(title, [head, only])
    _, f = ExpectedValue()._weigh(faced)
    odds = hit_odds(faced)
    pair = Step(f"A hit: chance to pair a card of {who}'s stack",
                tuple(faced.hands[mover]),
                columns=("card", "unseen", "chance of pairing", "points if it pairs"),
                rows=[((c,), n, f"{p:.0%}", int(c)) for c, n, p in odds],
                row_ids=tuple(str(c) for c, _, _ in odds), id="expected.odds",
                verdict=f"a pair {f['hit_pair']:.0%} of the time: about "
                        f"{f['hit_points']:.1f} points on average")
    low = CARD[int(f["fold_points"])]
    safer = ("hit" if f["hit_lose"] < f["fold_lose"] else "fold"
             if f["fold_lose"] < f["hit_lose"] else "")
    cheaper = "fold" if f["fold_points"] < f["hit_points"] else "hit"
    verdict = (f"{safer} is less likely to lose now" if safer else
               f"{cheaper} costs fewer points on average")
    compare = Step(words("A fold: take the lowest card in play, ", Ref((low,))), (low,),
                   columns=("move", "points", "chance of reaching the target"),
                   rows=[("fold", f["fold_points"], f"{f['fold_lose']:.0%}"),
                         ("hit", round(f["hit_points"], 1), f"{f['hit_lose']:.0%}")],
                   row_ids=("fold", "hit"), chosen_row=0 if action is FOLD else 1,
                   id="expected.compare", verdict=verdict)
    return Explanation(title, [head, pair, compare])
