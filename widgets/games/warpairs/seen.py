"""What a WarPairsPoker player has seen, and so which cards must stay hidden from their page.

A card is *seen* by a player when it is in their hand, or has been face up at some point of the
game as they know it: played, in the pile, taken from the pile, or one of their own mulligan
cards. The card that decides the first leader (R12, the leader's lowest) is not shown to the
other player: the narration says who leads, never with which card. Every other card is *hidden*
from them: in a game against the computer, the computer's cards that were never shown and the
deck. The shared parts hide whatever the game names (:mod:`widgets.parts.redact`); this module
is WarPairsPoker's answer, used by its tests and the twin-game property
(:func:`widgets.testing.twin_game`).

>>> from wpp.warpairs.game import Game
>>> g = Game(seed=5)
>>> hidden = hidden_cards(g, 0)
>>> len(hidden), set(g.state.hands[1]) <= hidden, set(g.state.hands[0]) & hidden
(36, True, set())
"""

from __future__ import annotations

from itertools import pairwise

from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase

__all__ = ["hidden_cards", "named_lowest", "seen_cards"]


def seen_cards(game: Game, viewer: int) -> frozenset[Card]:
    """Every card ``viewer`` has seen in this game as it stands (see the module docs)."""
    view = game.view(viewer)
    seen: set[Card] = set(view.hand)
    seen.update(view.pile)
    seen.update(view.discards)
    seen.update(c for tp in view.trick for c in tp.play.cards)
    seen.update(view.drawn)
    if view.my_mulligan:
        seen.update(view.my_mulligan)
    for m in view.mulligans:
        if m:
            seen.update(m)
    for e in game.events:
        seen.update(e.cards)
    return frozenset(seen)


def named_lowest(game: Game) -> Card | None:
    """The card that decides R12 when the mulligans are done (the leader's lowest), if
    reached. Shown to nobody but its holder; tests keep it in place in a twin game so that
    the twin has the same first leader."""
    states = game.states
    for before, after in pairwise(states):
        if before.phase is Phase.MULLIGAN and after.phase is not Phase.MULLIGAN:
            hand = after.hands[after.to_act]
            return min(hand) if hand and after.phase is Phase.LEAD else None
    return None


def hidden_cards(game: Game, viewer: int | None) -> frozenset[Card]:
    """The cards ``viewer`` must not be shown now; none once the game is over, and none for
    ``viewer=None`` (nobody's secrets to keep: two people sharing a screen see what the app
    chooses to reveal)."""
    if viewer is None or game.is_over:
        return frozenset()
    return frozenset(CARDS) - seen_cards(game, viewer)
