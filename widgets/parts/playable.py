"""Which cards can be played now, for any game's board: a card is *playable* when some legal
action of the viewer uses it (together with the cards the person has already chosen), and
every other card of the hand is *dimmed* — so the choices are seen at a glance.

Computed from the legal actions only — those the page gets from the viewer's own view
(``view.legal_actions()``) — never from a state: the marks cannot tell more than the rules
already let that player know. An action's cards are its ``cards`` (a play, a discard, a
placement) or its ``card`` (a pile card, a Pokeros placement); an action without cards (Hit,
Pass, Stand pat) marks none.

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.warpairs.actions import PlayCards, Pass
>>> a, b, c, d = parse_cards("9C 9D 9S 4H")
>>> legal = [PlayCards((a, b)), PlayCards((a, c)), PlayCards((b, c)), Pass()]
>>> sorted(playable_cards(legal)) == sorted((a, b, c))      # 4♥ makes no legal play
True
>>> playable_cards(legal, chosen=[a]) == {a, b, c}
True
>>> playable_cards(legal, chosen=[a, d])                   # no play holds both: none
frozenset()
>>> playable_cards([Pass()])                               # nothing to mark
frozenset()
>>> [card_mark(x, {a}, True) for x in (a, d)], card_mark(a, {a}, False)
(['wpp-playable', 'wpp-dim'], None)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable
from typing import Any, Final

__all__ = ["DIM", "PLAYABLE", "action_cards", "card_mark", "playable_cards"]

#: The CSS class of a card some legal action uses now.
PLAYABLE: Final = "wpp-playable"
#: The CSS class of a card no legal action uses now (drawn faded).
DIM: Final = "wpp-dim"


def action_cards(action: Any) -> frozenset[Hashable]:
    """The cards ``action`` uses: its ``cards`` or its ``card`` (none if it has neither).

    >>> from wpp.core.standard_deck import parse_card
    >>> from wpp.warpairs.actions import TakeFromPile, Draw
    >>> action_cards(TakeFromPile(parse_card("QD"))), action_cards(Draw())
    (frozenset({Card('Q♦')}), frozenset())
    """
    cards = getattr(action, "cards", None)
    if cards is not None and not isinstance(cards, str | bytes):
        try:
            return frozenset(cards)
        except TypeError:
            return frozenset()
    card = getattr(action, "card", None)
    return frozenset() if card is None else frozenset((card,))


def playable_cards(legal: Iterable[Any], chosen: Iterable[Hashable] = ()) -> frozenset[Hashable]:
    """The cards of the legal actions that contain every card of ``chosen`` (what a chosen
    card still combines with). When no legal action contains the chosen cards (a choice the
    engine will refuse), none: every card dims, the chosen ones too, until the choice is
    changed."""
    pick = frozenset(chosen)
    fitting: set[Hashable] = set()
    for action in legal:
        cards = action_cards(action)
        if pick <= cards:
            fitting |= cards
    return frozenset(fitting)


def card_mark(card: Hashable, playable: Collection[Hashable], marking: bool) -> str | None:
    """The class a shown ``card`` gets: :data:`PLAYABLE`, :data:`DIM`, or ``None`` when the
    board is not ``marking`` (not the person's turn, a position shown for reading)."""
    if not marking:
        return None
    return PLAYABLE if card in playable else DIM
