"""WarPairsPoker: the engine (cards, plays, rules, the game), its AIs and analysis.

Pure Python with no Jupyter imports; ``widgets/`` and ``notebooks/`` build on it.
"""

from wpp.cards import (
    CARDS,
    DECK,
    Card,
    CardParseError,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
)

__all__ = [
    "CARDS",
    "DECK",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "card",
    "format_cards",
    "parse_card",
    "parse_cards",
]
