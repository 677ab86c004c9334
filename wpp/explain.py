"""Explanations live in :mod:`wpp.core.explain` (one class for every game); this name stays
for the lessons and code that import it from here."""

from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, cell_text, is_cards, words

__all__ = ["Cell", "Explanation", "Ref", "Step", "Text", "Words", "cell_text", "is_cards", "words"]
