"""Pokeros in the lessons (lesson 11).

``coach``: where a card scores most and what it gives the opponent; ``sandbox``: a Pokeros
position, both seats by hand, on the game's board.
"""
