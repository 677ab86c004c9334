"""An Open Face Chinese Poker board: three rows of 3, 5 and 5 cards, and when it fouls.

A board is a tuple of three rows of cards — ``(top, middle, bottom)``, top is also called the
front, bottom the back. A finished board *fouls* unless its rows rise in strength from top to
bottom: the middle at least as strong as the top, the bottom at least as strong as the
middle (equal is allowed). The 3-card top is valued as the weakest 5-card hand containing
it (:func:`wpp.poker.ranking.strength3`), so a top pair of queens with a seven beats a
middle pair of queens with 6-5-4 — the seed's example of a foul:

>>> from wpp.core.standard_deck import parse_cards
>>> fouls(board_of("QS QH 7D", "QD QC 6S 5H 4S", "AS AH AD 2C 2D"))
True
>>> fouls(board_of("QS QH 7D", "QD QC 9S 8H 2S", "AS AH AD 2C 2D"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.poker.ranking import HandValue, evaluate, evaluate3, order3, strength3, strength5

__all__ = [
    "EMPTY_BOARD",
    "ROWS",
    "ROW_SIZES",
    "Board",
    "board_cards",
    "board_of",
    "board_text",
    "fouled_already",
    "fouls",
    "is_full",
    "open_rows",
    "row_strengths",
    "row_values",
]

#: The rows' names, top (front) to bottom (back).
ROWS: Final = ("top", "middle", "bottom")
#: How many cards each row holds.
ROW_SIZES: Final = (3, 5, 5)

#: A board: (top, middle, bottom), each a tuple of cards in the order they were placed.
Board = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]

EMPTY_BOARD: Final[Board] = ((), (), ())


def board_of(top: str, middle: str, bottom: str) -> Board:
    """A board from card text, one string per row (for tests and lessons)."""
    return parse_cards(top), parse_cards(middle), parse_cards(bottom)


def board_cards(board: Board) -> tuple[Card, ...]:
    """Every card on the board, top row first."""
    return board[0] + board[1] + board[2]


def board_text(board: Board, *, ascii: bool = False) -> str:
    """The board in one line: ``"Q♠ Q♥ 7♦ / … / …"`` (``-`` for an empty row)."""
    return " / ".join(format_cards(r, ascii=ascii) or "-" for r in board)


def is_full(board: Board) -> bool:
    """True once all 13 cards are placed."""
    return all(len(r) == n for r, n in zip(board, ROW_SIZES, strict=True))


def open_rows(board: Board) -> tuple[int, ...]:
    """The rows (0 top, 1 middle, 2 bottom) that still have room."""
    return tuple(i for i in range(3) if len(board[i]) < ROW_SIZES[i])


def row_strengths(board: Board) -> tuple[int, int, int]:
    """The three rows' strengths on the 5-card scale (1..7,462, higher is better) of a full
    board; the top's is its padded value (see :func:`~wpp.poker.ranking.strength3`)."""
    return strength3(board[0]), strength5(board[1]), strength5(board[2])


def row_values(board: Board) -> tuple[HandValue, HandValue, HandValue]:
    """The three rows' hand values (names included) of a full board."""
    return evaluate3(board[0]), evaluate(board[1]), evaluate(board[2])


def fouls(board: Board) -> bool:
    """True when a full board's rows do not rise from top to bottom (equal is fine)."""
    top, middle, bottom = row_strengths(board)
    return not top <= middle <= bottom


def fouled_already(board: Board) -> bool:
    """True when the rows filled so far already fail to rise, so the board will foul
    whatever comes (what a page warns of before the last card).

    >>> top = "QS QH 2C"
    >>> fouled_already(board_of(top, "", "")), fouled_already(board_of(top, "", "3C 4D 9S JH KC"))
    (False, True)
    """
    full = [i for i in range(3) if len(board[i]) == ROW_SIZES[i]]
    strength = [strength3(r) if i == 0 else strength5(r) for i, r in enumerate(board)
                if i in full]
    return any(a > b for a, b in pairwise(strength))


def front_order(cards: Sequence[Card]) -> int:
    """The top row's order among 3-card hands (1..455): what decides between two tops."""
    return order3(cards)
