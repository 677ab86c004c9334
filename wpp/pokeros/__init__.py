"""Pokeros (seed 001): poker hands laid on an open grid, Carcassonne-style.

* :mod:`wpp.pokeros.hands` — the fifteen hands of 2–5 cards and the score tables;
* :mod:`wpp.pokeros.grid` — legal cells (the five-card run limit) and scoring a placement;
* :mod:`wpp.pokeros.game` — the game behind the kit's protocol (registered as ``pokeros``);
* :mod:`wpp.pokeros.ai` — hal (the original's greedy), greedy, guard and random.
"""
