"""The seed's scoring examples: the 26 test vectors of the reference (sibling-games.md §1.7).

Each is a grid before, a card placed at a cell, the points awarded (multiplier included), the
raw points hal sees, and the names of the hands made. The tests check the engine against
every one; lesson 11 shows them with card pictures.

>>> len(EXAMPLES), EXAMPLES[11].note
(26, 'royal')
>>> from wpp.pokeros.grid import score
>>> e = EXAMPLES[25]
>>> score(e.grid, e.cell, e.card).awarded == e.awarded == 24
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wpp.core.standard_deck import Card, parse_card, parse_cards
from wpp.pokeros.grid import Cell

__all__ = ["EXAMPLES", "LEGALITY", "Example"]


def row(x0: int, text: str, y: int = 0) -> dict[Cell, Card]:
    """Cards laid left to right from ``(x0, y)``."""
    return {(x0 + i, y): c for i, c in enumerate(parse_cards(text))}


def cells(*pairs: tuple[int, int, str]) -> dict[Cell, Card]:
    """Cards at the given cells."""
    return {(x, y): parse_card(t) for x, y, t in pairs}


@dataclass(frozen=True)
class Example:
    """One scoring vector."""

    number: int
    grid: dict[Cell, Card]
    card: Card
    cell: Cell
    awarded: int
    raw: int
    hands: tuple[str, ...]
    note: str


def _ex(n: int, grid: dict[Cell, Card], card: str, cell: Cell, awarded: int, raw: int,
        hands: list[str], note: str) -> Example:
    return Example(n, grid, parse_card(card), cell, awarded, raw, tuple(hands), note)


EXAMPLES: Final = (
    _ex(1, cells((0, 0, "7S")), "7H", (1, 0), 1, 1, ["pair"], "pair"),
    _ex(2, cells((0, 0, "7S")), "8S", (1, 0), 0, 0, [], "2-card flush/straight = 0"),
    _ex(3, row(0, "5S 6H"), "7D", (2, 0), 2, 2, ["three-card straight"], "3-straight (back)"),
    _ex(4, cells((0, 0, "5S"), (2, 0, "7D")), "6H", (1, 0), 2, 2, ["three-card straight"],
        "3-straight (overlap)"),
    _ex(5, row(0, "5H 6H"), "7H", (2, 0), 10, 10, ["three-card straight flush"],
        "3-card straight flush"),
    _ex(6, cells((-1, 0, "KS"), (1, 0, "KD")), "KH", (0, 0), 4, 4, ["three of a kind"],
        "overlap trips (4) beats pair+pair (2)"),
    _ex(7, row(-1, "7D") | row(1, "8C 9H"), "7S", (0, 0), 6, 3, ["pair", "three-card straight"],
        "back pair 1 + fwd 3-straight 2, k=2"),
    _ex(8, cells((-1, 0, "QH"), (0, -1, "QS")), "QD", (0, 0), 4, 2, ["pair", "pair"],
        "horizontal pair + vertical pair, k=2"),
    _ex(9, row(0, "2H 3D"), "AS", (-1, 0), 2, 2, ["three-card straight"], "A-2-3 straight"),
    _ex(10, row(0, "QH KD"), "AC", (2, 0), 2, 2, ["three-card straight"], "Q-K-A straight"),
    _ex(11, cells((-1, 0, "KD"), (1, 0, "2C")), "AH", (0, 0), 0, 0, [], "no wrap-around"),
    _ex(12, row(0, "TS JS QS KS"), "AS", (4, 0), 60, 60, ["royal flush"], "royal"),
    _ex(13, row(0, "TS JS") | row(3, "KS AS"), "QS", (2, 0), 60, 60, ["royal flush"],
        "royal via overlap"),
    _ex(14, row(0, "2D 3D 4D 5D"), "AD", (-1, 0), 40, 40, ["five-card straight flush"],
        "steel wheel = straight flush"),
    _ex(15, row(1, "5C 5D 9H 9S"), "5H", (0, 0), 5, 5, ["full house"],
        "full house (beats trips sub-window 4)"),
    _ex(16, row(0, "8C 8D 4H"), "4S", (3, 0), 3, 3, ["two pair"], "two pair (4-window)"),
    _ex(17, row(0, "8C 8D 4H 4D"), "JC", (4, 0), 0, 0, [], "5-card \"two pair\" scores nothing"),
    _ex(18, row(0, "2H 5H 9H"), "JH", (3, 0), 4, 4, ["four-card flush"], "4-card flush"),
    _ex(19, row(0, "2H 5H 9H JH"), "KH", (4, 0), 8, 8, ["five-card flush"], "5-card flush"),
    _ex(20, row(0, "6C 7D 8H"), "9S", (3, 0), 5, 5, ["four-card straight"], "4-card straight"),
    _ex(21, row(0, "6C 7D 8H 9S"), "TS", (4, 0), 10, 10, ["five-card straight"],
        "5-card straight"),
    _ex(22, row(0, "6C 6D 6H"), "6S", (3, 0), 10, 10, ["four of a kind"], "four of a kind"),
    _ex(23, row(0, "6C 7C 8C"), "9C", (3, 0), 20, 20, ["four-card straight flush"],
        "4-card straight flush"),
    _ex(24, row(0, "6C 7C 8C 9C"), "TC", (4, 0), 40, 40, ["five-card straight flush"],
        "5-card straight flush"),
    _ex(25, cells((-1, 0, "4C"), (0, -1, "5D"), (0, -2, "6S")), "4H", (0, 0), 6, 3,
        ["pair", "three-card straight"], "pair (h) + 4-5-6 straight (v), k=2"),
    _ex(26, cells((-1, 0, "9C"), (1, 0, "TD"), (2, 0, "JS"), (0, -1, "9D"), (0, 1, "8S"),
                  (0, 2, "7H")), "9H", (0, 0), 24, 6,
        ["pair", "three-card straight", "pair", "three-card straight"],
        "four hands (2+1+2+1), k=4"),
)

#: The legality vectors: (grid, cell, legal under the strict rule, legal in the original).
LEGALITY: Final = (
    (row(0, "2C 3D 4H 5S 6C"), (5, 0), False, False),
    (row(0, "2C 3D 4H 5S 6C"), (-1, 0), False, False),
    (row(0, "2C 3D 4H 5S 6C"), (2, 1), True, True),
    (row(0, "2C 3D 4H 5S"), (4, 0), True, True),
    (row(0, "2C 3D 4H") | row(4, "6S 7C"), (3, 0), False, True),
)
