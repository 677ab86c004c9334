"""Explanations live in :mod:`wpp.core.explain` (one class for every game); this name stays
for the lessons and code that import it from here."""

from wpp.core.explain import Cell, Explanation, Step, cell_text, is_cards

__all__ = ["Cell", "Explanation", "Step", "cell_text", "is_cards"]
