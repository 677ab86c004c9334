"""Where the cards come from: the deal (R10), the mulligan's size (R11) and the deck R18
makes of the discards when it runs out.

Both shuffles are functions of the game's seed alone, so a game replays exactly from its
seed and its actions.

>>> from wpp.core.standard_deck import CARDS
>>> len(deal(7)), deal(7) == deal(7), sorted(deal(7)) == list(CARDS)
(52, True, True)
>>> from wpp.warpairs.rules import DEFAULT_RULES
>>> deck_available(0, 12, DEFAULT_RULES)  # an empty deck: the discards are reshuffled in
12
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.rules import EmptyDeck, Rules

__all__ = ["DEAL_SIZE", "MULLIGAN_SIZE", "deal", "deck_available", "reshuffled"]

DEAL_SIZE: Final = 16
MULLIGAN_SIZE: Final = 3


def deal(seed: int) -> tuple[Card, ...]:
    """The shuffled deck for a seed: the same seed always gives the same deal (R10)."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def deck_available(deck_size: int, discards: int, rules: Rules) -> int:
    """How many deck cards could be drawn: the deck, plus the discards if R18 would
    reshuffle them in (the ``empty_deck`` flag)."""
    return deck_size + (discards if rules.empty_deck is EmptyDeck.RESHUFFLE else 0)


def reshuffled(discards: Iterable[Card], seed: int, reshuffles: int) -> list[Card]:
    """The new deck R18 makes of the discards, top first. Its order depends only on the
    game's seed and on how many reshuffles came before, so replays are exact."""
    cards = sorted(discards)
    random.Random(f"wpp-reshuffle/{seed}/{reshuffles}").shuffle(cards)
    return cards
