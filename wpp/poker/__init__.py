"""Standard poker, shared by the kit's poker games: the hand ranking (:mod:`wpp.poker.ranking`).

5-card draw, Open Face Chinese Poker, Pokeros and WarPairsPoker's lessons all rank hands by
the same standard rules, so the ranking lives here, beside the games and below them, rather
than in one game's package that the others would have to import. This package stands on the
core alone (cards from :mod:`wpp.core.standard_deck`) and names no game; the layering test
(``tests/core/test_layering.py``) keeps it that way.
"""
