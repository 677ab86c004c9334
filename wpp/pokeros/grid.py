"""The Pokeros grid: where a card may go (the run limit) and which hands a placement makes.

The grid is unbounded: a mapping of cells ``(x, y)`` to cards, ``x`` growing to the right
and ``y`` downwards (so "above" is ``y - 1``). Everything here is a function of such a
mapping, so the engine, the AIs, the lessons and the page share one copy of each rule.

**Legal cells** (rule R4). An empty cell next to (left, right, above or below) a card, where
no line grows beyond five cards. Two readings of "no more than five in a row":

* ``strict=True`` (the kit's default, the README's intent): the run the card would join —
  the cards to its left, itself and those to its right, and likewise up and down — has at
  most five cards;
* ``strict=False`` (the original program): only each neighbour's own run is checked, so a
  gap between runs of 3 and 2 may be filled, making a run of 6.

>>> from wpp.core.standard_deck import parse_cards
>>> row = dict(zip([(x, 0) for x in (0, 1, 2, 4, 5)], parse_cards("2C 3C 4C 6D 7D")))
>>> is_legal(row, (3, 0), strict=True), is_legal(row, (3, 0), strict=False)
(False, True)

**Scoring** (rules R6–R7): in each line through the new card, the best window ending at it
going back (left/up), the best going forward (right/down), and the best window with cards
on both sides of it; the line scores that last one alone if it beats the other two
together, else those two. The placing player gets the sum of the hands, times the number
of hands (the original's multiplier; see :data:`MULTIPLIERS`).

>>> grid = dict(zip([(-1, 0), (1, 0), (2, 0), (0, -1), (0, 1), (0, 2)],
...                 parse_cards("9C TD JS 9D 8S 7H")))
>>> s = score(grid, (0, 0), parse_cards("9H")[0])
>>> for h in s.hands: print(h.line, h)
row pair (9♣ 9♥)
row three-card straight (9♥ 10♦ J♠)
column pair (9♦ 9♥)
column three-card straight (9♥ 8♠ 7♥)
>>> s.raw, s.awarded
(6, 24)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from wpp.core.standard_deck import Card
from wpp.pokeros.hands import PRIME, SEED_TABLE, SUIT_BIT, Compiled, Hand, Table, compiled

__all__ = [
    "MAX_RUN",
    "MULTIPLIERS",
    "Cell",
    "Grid",
    "Made",
    "Score",
    "frontier_of",
    "is_legal",
    "legal_cells",
    "line_cards",
    "multiply",
    "quick_raw",
    "score",
]

Cell = tuple[int, int]
Grid = Mapping[Cell, Card]
#: The longest line of cards the rules allow.
MAX_RUN: Final = 5
#: How the multiplier counts: ``"hands"`` (the original program: times the number of
#: scoring hands), ``"directions"`` (the README's words: times 2 when both the row and the
#: column score), ``"none"`` (no multiplier).
MULTIPLIERS: Final = ("hands", "directions", "none")
Multiplier = Literal["hands", "directions", "none"]

_STEPS: Final = ((-1, 0), (1, 0), (0, -1), (0, 1))  # left, right, up, down
_ONE_SUIT: Final = (False, True, True, False, True, False, False, False, True) + (False,) * 7


def _run(grid: Grid, x: int, y: int, dx: int, dy: int, limit: int) -> int:
    """How many cards lie next to ``(x, y)`` going ``(dx, dy)``, up to ``limit``."""
    n = 0
    x += dx
    y += dy
    while n < limit and (x, y) in grid:
        n += 1
        x += dx
        y += dy
    return n


def is_legal(grid: Grid, cell: Cell, strict: bool = True) -> bool:
    """Whether a card may be placed at ``cell`` (rule R4; see the module's docs)."""
    if cell in grid:
        return False
    x, y = cell
    left = _run(grid, x, y, -1, 0, MAX_RUN)
    right = _run(grid, x, y, 1, 0, MAX_RUN)
    up = _run(grid, x, y, 0, -1, MAX_RUN)
    down = _run(grid, x, y, 0, 1, MAX_RUN)
    if not (left or right or up or down):
        return False
    if strict:
        return left + right < MAX_RUN and up + down < MAX_RUN
    return max(left, right, up, down) < MAX_RUN


def frontier_of(grid: Grid) -> frozenset[Cell]:
    """Every empty cell next to a card (the candidates for legality)."""
    return frozenset((x + dx, y + dy) for (x, y) in grid for dx, dy in _STEPS
                     if (x + dx, y + dy) not in grid)


def legal_cells(grid: Grid, strict: bool = True,
                frontier: Iterable[Cell] | None = None) -> list[Cell]:
    """The legal cells, top row first, left to right (``frontier``: the empty cells next to
    a card, if the caller keeps them)."""
    cells = frontier_of(grid) if frontier is None else frontier
    return sorted((c for c in cells if is_legal(grid, c, strict)), key=lambda c: (c[1], c[0]))


def line_cards(grid: Grid, cell: Cell) -> tuple[tuple[Card, ...], ...]:
    """The cards next to ``cell`` in each direction, nearest first, at most four each:
    left, right, up, down."""
    x, y = cell
    out = []
    for dx, dy in _STEPS:
        run: list[Card] = []
        cx, cy = x + dx, y + dy
        while len(run) < 4 and (cx, cy) in grid:
            run.append(grid[cx, cy])
            cx += dx
            cy += dy
        out.append(tuple(run))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Made:
    """One hand a placement made: what it is, its cards in line order, where, its points."""

    hand: Hand
    cards: tuple[Card, ...]
    cells: tuple[Cell, ...]
    points: int
    line: Literal["row", "column"]

    def __str__(self) -> str:
        return f"{self.hand} ({' '.join(map(str, self.cards))})"


@dataclass(frozen=True, slots=True)
class Score:
    """What a placement scores: its hands, their ``raw`` sum and the ``awarded`` points
    (raw times the multiplier)."""

    hands: tuple[Made, ...]
    raw: int
    awarded: int


def multiply(raw: int, hands: int, lines: int, multiplier: str) -> int:
    """The points awarded for ``hands`` hands in ``lines`` lines worth ``raw`` together."""
    if multiplier == "hands":
        return raw * hands
    if multiplier == "directions":
        return raw * max(lines, 1)
    return raw


def _best(c: int, side: Sequence[int], comp: Compiled) -> tuple[int, int]:
    """The best window from ``c`` going into ``side`` (nearest first): (points, cards
    taken from ``side``); equal points keep the shorter window."""
    product, suits = PRIME[c], SUIT_BIT[c]
    best = taken = 0
    for i, b in enumerate(side):
        product *= PRIME[b]
        suits |= SUIT_BIT[b]
        entry = comp.get(product)
        if entry is not None:
            v = entry[1] if _ONE_SUIT[suits] else entry[0]
            if v > best:
                best, taken = v, i + 1
    return best, taken


def _overlap(c: int, back: Sequence[int], fwd: Sequence[int], comp: Compiled
             ) -> tuple[int, int, int]:
    """The best window holding ``c`` with cards on both sides, largest first on equal
    points: (points, cards back, cards forward)."""
    best = (0, 0, 0)
    nb, nf = min(len(back), 3), min(len(fwd), 3)
    for size in (5, 4, 3):
        for b in range(min(nb, size - 2), 0, -1):
            f = size - 1 - b
            if f < 1 or f > nf:
                continue
            product, suits = PRIME[c], SUIT_BIT[c]
            for k in back[:b]:
                product *= PRIME[k]
                suits |= SUIT_BIT[k]
            for k in fwd[:f]:
                product *= PRIME[k]
                suits |= SUIT_BIT[k]
            entry = comp.get(product)
            if entry is not None:
                v = entry[1] if _ONE_SUIT[suits] else entry[0]
                if v > best[0]:
                    best = (v, b, f)
    return best


def _line(c: int, back: Sequence[int], fwd: Sequence[int], comp: Compiled
          ) -> list[tuple[int, int, int]]:
    """The line's hands as (points, cards back, cards forward)."""
    pb, nb = _best(c, back, comp)
    pf, nf = _best(c, fwd, comp)
    if back and fwd:
        po, ob, of = _overlap(c, back, fwd, comp)
        if po > pb + pf:
            return [(po, ob, of)]
    out = []
    if pb:
        out.append((pb, nb, 0))
    if pf:
        out.append((pf, 0, nf))
    return out


#: Per compiled table: (card, back, forward) → (points, hands) of one line. A line's result
#: depends on those cards only, so it is reused across cells, turns and games; emptied when
#: it grows past :data:`_CACHE_LIMIT` entries.
_LINE_CACHE: dict[int, dict[tuple[int, tuple[Card, ...], tuple[Card, ...]], tuple[int, int]]] = {}
_CACHE_LIMIT: Final = 500_000


def quick_raw(c: int, lines: tuple[tuple[Card, ...], ...], comp: Compiled
              ) -> tuple[int, int, int]:
    """The hot path of the AIs: (raw points, hands, lines that scored) of card ``c`` at a
    cell whose :func:`line_cards` are ``lines`` (each line's result is cached)."""
    cache = _LINE_CACHE.get(id(comp))
    if cache is None or len(cache) > _CACHE_LIMIT:
        cache = _LINE_CACHE[id(comp)] = {}
    left, right, up, down = lines
    raw = hands = scored = 0
    if left or right:
        key = (c, left, right)
        hit = cache.get(key)
        if hit is None:
            made = _line(c, left, right, comp)
            hit = cache[key] = (sum(m[0] for m in made), len(made))
        if hit[1]:
            raw, hands, scored = hit[0], hit[1], 1
    if up or down:
        key = (c, up, down)
        hit = cache.get(key)
        if hit is None:
            made = _line(c, up, down, comp)
            hit = cache[key] = (sum(m[0] for m in made), len(made))
        if hit[1]:
            raw, hands, scored = raw + hit[0], hands + hit[1], scored + 1
    return raw, hands, scored


def score(grid: Grid, cell: Cell, c: Card, table: Table = SEED_TABLE,
          multiplier: str = "hands") -> Score:
    """The hands card ``c`` makes at ``cell`` (the cell need not be legal; it must be
    empty) and the points they are worth (see the module's docs)."""
    comp = compiled(table)
    x, y = cell
    left, right, up, down = line_cards(grid, cell)
    made: list[Made] = []
    lines = 0
    for back, fwd, dx, dy, name in ((left, right, 1, 0, "row"), (up, down, 0, 1, "column")):
        found = _line(c, back, fwd, comp) if (back or fwd) else []
        lines += bool(found)
        for points, nb, nf in found:
            cards = (*reversed(back[:nb]), c, *fwd[:nf])
            cells = tuple((x + dx * i, y + dy * i) for i in range(-nb, nf + 1))
            product, suits = 1, 0
            for k in cards:
                product *= PRIME[k]
                suits |= SUIT_BIT[k]
            entry = comp[product]
            hand = entry[3] if _ONE_SUIT[suits] else entry[2]
            assert hand is not None
            made.append(Made(hand, cards, cells, points, name))  # type: ignore[arg-type]
    raw = sum(m.points for m in made)
    return Score(tuple(made), raw, multiply(raw, len(made), lines, multiplier))
