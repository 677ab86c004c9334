"""Scoring a hand of Open Face Chinese Poker: rows, scoops, fouls and royalties.

Two scorings (the rule flag ``scoring``):

* ``"pyofc"`` — pyOFC as it is coded: each row won is +1 and lost −1 (a tie 0); winning all
  three (a *scoop*) doubles the +3 to +6; a board that fouls loses 6 to one that does not;
  two fouled boards score 0; no royalties.
* ``"standard"`` (the default) — the same row points, plus **royalties**: bonuses for strong
  rows (:class:`Royalties`, configurable), paid whoever wins the row. A fouled board earns
  no royalties and loses 6 plus the other board's royalties.

With three or four players every pair of boards is scored this way and each seat adds up
its pairs (so the points always sum to zero).

The README's tie example: A wins the top (a pair of sixes, royalty 1) and the middle; B wins
the bottom with a straight (royalty 2). A's rows +2 − 1 = +1, royalties 1 − 2 = −1: net 0.

>>> from wpp.ofc.board import board_of
>>> a = board_of("6S 6H 2D", "KS KH 9D 8C 3S", "AS AD 4C 4D 7H")
>>> b = board_of("5S 5H 3D", "JS JH 9C 8D 2S", "9S TH JC QC KD")
>>> score_hand((a, b)).points
(0, 0)
>>> score_hand((a, b), scoring="pyofc").points      # no royalties: 2 rows to 1
(1, -1)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.ofc.board import ROWS, Board, fouls, front_order, row_values
from wpp.poker.ranking import CLASS_COUNT, Category, HandValue

__all__ = [
    "FOUL_POINTS",
    "SCOOP_POINTS",
    "SCORINGS",
    "STANDARD_ROYALTIES",
    "HandScore",
    "PairScore",
    "Royalties",
    "SeatScore",
    "score_hand",
]

#: The scorings the engine knows.
SCORINGS: Final = ("standard", "pyofc")
#: What a fouled board loses to a board that did not foul (before royalties).
FOUL_POINTS: Final = 6
#: Winning all three rows is worth this instead of 3.
SCOOP_POINTS: Final = 6

_CATEGORY_KEYS: Final = ("high_card", "one_pair", "two_pair", "trips", "straight", "flush",
                         "full_house", "quads", "straight_flush", "royal_flush")


def _check_table(name: str, table: Any, length: int) -> tuple[int, ...]:
    if (not isinstance(table, (tuple, list)) or len(table) != length
            or not all(type(x) is int and 0 <= x <= 1000 for x in table)):
        raise WppError(f"the royalty table {name} is {length} whole numbers 0..1000, "
                       f"not {table!r:.60}")
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Royalties:
    """The royalty table: bonus points for strong rows (not paid for a fouled board).

    ``back`` and ``middle`` have one entry per hand category, high card to straight flush,
    then the royal flush (10 entries); ``front_pair`` and ``front_trips`` one entry per rank,
    2 to ace (13 entries). The default is the table of §2.2 of the reference (AKerr94's
    scorer, degen.club): back straight 2, flush 4, full house 6, quads 10, straight flush
    15, royal 25; middle double that plus trips 2; top 66 = 1 … AA = 9, 222 = 10 … AAA = 22.
    Some 2012–13 rule sets pay a royal on the back 20 (:meth:`with_royal_back`).

    >>> STANDARD_ROYALTIES.row(2, Category.FLUSH, 6, 0), STANDARD_ROYALTIES.row(0, \
Category.ONE_PAIR, 12, 0)
    (4, 7)
    """

    back: tuple[int, ...] = (0, 0, 0, 0, 2, 4, 6, 10, 15, 25)
    middle: tuple[int, ...] = (0, 0, 0, 2, 4, 8, 12, 20, 30, 50)
    front_pair: tuple[int, ...] = (0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    front_trips: tuple[int, ...] = tuple(range(10, 23))

    def __post_init__(self) -> None:
        for name, length in (("back", 10), ("middle", 10), ("front_pair", 13),
                             ("front_trips", 13)):
            object.__setattr__(self, name, _check_table(name, getattr(self, name), length))

    def with_royal_back(self, points: int) -> Royalties:
        """The same table with another royal flush bonus on the back (e.g. 20)."""
        return Royalties((*self.back[:9], points), self.middle, self.front_pair,
                         self.front_trips)

    def row(self, row: int, category: Category, top_rank: int, strength: int) -> int:
        """The bonus of one row (0 top, 1 middle, 2 bottom) holding a hand of ``category``
        whose most important rank is ``top_rank`` (2..14) and strength ``strength``."""
        if row == 0:
            if category is Category.THREE_OF_A_KIND:
                return self.front_trips[top_rank - 2]
            if category is Category.ONE_PAIR:
                return self.front_pair[top_rank - 2]
            return 0
        table = self.middle if row == 1 else self.back
        return table[9] if strength == CLASS_COUNT else table[category - 1]

    def of_values(self, values: Sequence[HandValue]) -> tuple[int, int, int]:
        """The three rows' bonuses of a board's row values."""
        a, b, c = (self.row(i, v.category, int(v.ranks[0]) if v.ranks else 0, v.strength)
                   for i, v in enumerate(values))
        return a, b, c

    def to_json(self) -> dict[str, list[int]]:
        return {"back": list(self.back), "middle": list(self.middle),
                "front_pair": list(self.front_pair), "front_trips": list(self.front_trips)}

    @classmethod
    def from_json(cls, doc: Any) -> Royalties:
        """The table back from :meth:`to_json` (``WppError`` on bad input)."""
        fields = {"back", "middle", "front_pair", "front_trips"}
        if not isinstance(doc, dict) or set(doc) != fields:
            raise WppError(f"a royalty table has exactly the fields {', '.join(sorted(fields))}"
                           f", not {doc!r:.60}")
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in doc.items()})


STANDARD_ROYALTIES: Final = Royalties()


@dataclass(frozen=True, slots=True)
class SeatScore:
    """One board at the end of a hand: its rows' values, whether it fouled, its royalties
    per row (all 0 when it fouled or under pyOFC scoring)."""

    board: Board
    values: tuple[HandValue, HandValue, HandValue]
    fouled: bool
    royalties: tuple[int, int, int]

    @property
    def royalty(self) -> int:
        return sum(self.royalties)


@dataclass(frozen=True, slots=True)
class PairScore:
    """Seat ``a`` against seat ``b``: each row's result for ``a`` (+1 won, −1 lost, 0 tie or
    not compared because a board fouled), ``a``'s points from the rows (scoop and foul
    included) and from royalties."""

    a: int
    b: int
    rows: tuple[int, int, int]
    row_points: int
    royalty_points: int

    @property
    def points(self) -> int:
        """What ``a`` wins from ``b`` (``b`` loses as much)."""
        return self.row_points + self.royalty_points


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's scoring: every board, every pair of seats, each seat's points (sum 0)."""

    scoring: str
    seats: tuple[SeatScore, ...]
    pairs: tuple[PairScore, ...]
    points: tuple[int, ...]

    def lines(self, names: Sequence[str] | None = None) -> list[str]:
        """The scoring row by row in words (for the terminal and the page)."""
        who = list(names) if names else [f"P{i + 1}" for i in range(len(self.seats))]
        out: list[str] = []
        for i, seat in enumerate(self.seats):
            state = "FOULED" if seat.fouled else f"royalties {seat.royalty}"
            out.append(f"{who[i]}: {state}")
            for r, (v, bonus) in enumerate(zip(seat.values, seat.royalties, strict=True)):
                extra = f" (+{bonus})" if bonus else ""
                out.append(f"  {ROWS[r]:<6} {v.name}{extra}")
        for p in self.pairs:
            if self.seats[p.a].fouled or self.seats[p.b].fouled:
                rows = "a foul decides"
            else:
                rows = ", ".join(f"{ROWS[r]} {('won', 'tie', 'lost')[1 - x]}"
                                 for r, x in enumerate(p.rows))
            out.append(f"{who[p.a]} vs {who[p.b]}: {rows}; rows {p.row_points:+d}, "
                       f"royalties {p.royalty_points:+d} → {p.points:+d} for {who[p.a]}")
        return out


def _pair(a: int, b: int, sa: SeatScore, sb: SeatScore) -> PairScore:
    if sa.fouled and sb.fouled:
        return PairScore(a, b, (0, 0, 0), 0, 0)
    if sa.fouled or sb.fouled:
        sign = -1 if sa.fouled else 1
        return PairScore(a, b, (0, 0, 0), sign * FOUL_POINTS, sa.royalty - sb.royalty)
    keys_a = (front_order(sa.board[0]), sa.values[1].strength, sa.values[2].strength)
    keys_b = (front_order(sb.board[0]), sb.values[1].strength, sb.values[2].strength)
    x, y, z = ((ka > kb) - (ka < kb) for ka, kb in zip(keys_a, keys_b, strict=True))
    net = x + y + z
    rows = SCOOP_POINTS * (1 if net > 0 else -1) if abs(net) == 3 else net
    return PairScore(a, b, (x, y, z), rows, sa.royalty - sb.royalty)


def score_hand(boards: Sequence[Board], scoring: str = "standard",
               royalties: Royalties = STANDARD_ROYALTIES) -> HandScore:
    """Score the full boards of one hand (2 to 4 seats) under ``scoring``."""
    if scoring not in SCORINGS:
        raise WppError(f"the scoring is one of {', '.join(SCORINGS)}, not {scoring!r:.30}")
    seats: list[SeatScore] = []
    for board in boards:
        values = row_values(board)
        fouled = fouls(board)
        bonus = ((0, 0, 0) if fouled or scoring == "pyofc" else royalties.of_values(values))
        seats.append(SeatScore(board, values, fouled, bonus))
    pairs = tuple(_pair(a, b, seats[a], seats[b])
                  for a, b in itertools.combinations(range(len(seats)), 2))
    points = [0] * len(seats)
    for p in pairs:
        points[p.a] += p.points
        points[p.b] -= p.points
    return HandScore(scoring, tuple(seats), pairs, tuple(points))

