"""The 26 scoring vectors and the legality vectors of the reference (sibling-games.md §1.7),
and property tests of scoring and legality over random grids."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Card, parse_card
from wpp.pokeros.examples import EXAMPLES, LEGALITY, row
from wpp.pokeros.grid import (
    MAX_RUN,
    Grid,
    frontier_of,
    is_legal,
    legal_cells,
    line_cards,
    quick_raw,
    score,
)
from wpp.pokeros.hands import HANDS, SEED_TABLE, Hand, Kind, classify, compiled

VECTORS = [(e.number, e.grid, e.card.ascii, e.cell, e.awarded, e.raw, list(e.hands))
           for e in EXAMPLES]


def test_there_are_26_vectors() -> None:
    assert [v[0] for v in VECTORS] == list(range(1, 27))


@pytest.mark.parametrize(("n", "grid", "card", "cell", "awarded", "raw", "hands"), VECTORS)
def test_scoring_vector(n: int, grid: Grid, card: str, cell: tuple[int, int], awarded: int,
                        raw: int, hands: list[str]) -> None:
    s = score(grid, cell, parse_card(card))
    assert (s.awarded, s.raw) == (awarded, raw)
    assert sorted(h.hand.name for h in s.hands) == sorted(hands)
    assert all(parse_card(card) in h.cards and cell in h.cells for h in s.hands)
    # The AIs' hot path agrees with the full scoring.
    r, k, _lines = quick_raw(parse_card(card), line_cards(grid, cell), compiled(SEED_TABLE))
    assert (r, k) == (raw, len(hands))


def test_the_multiplier_flags() -> None:
    grid = VECTORS[25][1]
    nine = parse_card("9H")
    assert score(grid, (0, 0), nine, multiplier="hands").awarded == 24
    assert score(grid, (0, 0), nine, multiplier="directions").awarded == 12
    assert score(grid, (0, 0), nine, multiplier="none").awarded == 6
    # Two hands in one line: "hands" doubles, "directions" does not.
    grid7 = VECTORS[6][1]
    assert score(grid7, (0, 0), parse_card("7S"), multiplier="directions").awarded == 3


# ------------------------------------------------------------------------- legality


def test_legality_vectors() -> None:
    for grid, cell, strict_ok, original_ok in LEGALITY:
        assert is_legal(grid, cell, True) is strict_ok
        assert is_legal(grid, cell, False) is original_ok
    five = row(0, "2C 3D 4H 5S 6C")
    for strict in (True, False):
        assert not is_legal(five, (5, 0), strict)
        assert not is_legal(five, (-1, 0), strict)
        assert is_legal(five, (2, 1), strict)
        assert is_legal(row(0, "2C 3D 4H 5S"), (4, 0), strict)
    gap = row(0, "2C 3D 4H") | row(4, "6S 7C")
    assert is_legal(gap, (3, 0), strict=False)        # the original: a run of 6
    assert not is_legal(gap, (3, 0), strict=True)     # the kit's default
    fours = row(0, "2C 3D 4H 5S") | row(5, "7C 8D 9H TS")
    assert is_legal(fours, (4, 0), strict=False) and not is_legal(fours, (4, 0), strict=True)
    assert not is_legal(five, (0, 0)) and not is_legal(five, (0, 5))  # taken; not adjacent


# ------------------------------------------------------------------- the hand table


def test_the_seed_table_has_its_fifteen_hands() -> None:
    assert len(HANDS) == len(set(HANDS)) == 15
    assert sorted(SEED_TABLE.values()) == [1, 2, 2, 3, 4, 4, 5, 5, 8, 10, 10, 10, 20, 40, 60]
    assert SEED_TABLE[Hand(Kind.ROYAL_FLUSH, 5)] == 60


def test_classification_of_every_three_card_window_by_brute_force() -> None:
    """Every 3-card window of 18 cards covering every rank (816 sets, in every order)
    against the definition."""
    for trio in itertools.combinations(CARDS[::3], 3):
        ranks = [c.rank.value for c in trio]
        suited = len({c.suit for c in trio}) == 1
        lows = sorted(1 if r == 14 and 13 not in ranks else r for r in ranks)
        straight = len(set(ranks)) == 3 and lows[2] - lows[0] == 2
        expect = (Hand(Kind.STRAIGHT_FLUSH, 3) if straight and suited else
                  Hand(Kind.FLUSH, 3) if suited else Hand(Kind.STRAIGHT, 3) if straight else
                  Hand(Kind.OF_A_KIND, 3) if len(set(ranks)) == 1 else None)
        for order in itertools.permutations(trio):
            assert classify(order) == expect


# ------------------------------------------------------------------ random grids


@st.composite
def grids(draw: st.DrawFn) -> tuple[dict[tuple[int, int], Card], list[Card], bool]:
    """A grid grown by legal placements of random cards, the cards left, and the rule."""
    seed = draw(st.integers(0, 2**32))
    n = draw(st.integers(1, 40))
    strict = draw(st.booleans())
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    grid = {(0, 0): deck.pop()}
    for _ in range(n):
        legal = legal_cells(grid, strict)
        if not legal:
            break
        grid[rng.choice(legal)] = deck.pop()
    return grid, deck, strict


def _run_through(grid: Grid, cell: tuple[int, int], dx: int, dy: int) -> int:
    n = 1
    for sign in (-1, 1):
        x, y = cell[0] + sign * dx, cell[1] + sign * dy
        while (x, y) in grid:
            n += 1
            x, y = x + sign * dx, y + sign * dy
    return n


def _neighbour_runs(grid: Grid, cell: tuple[int, int]) -> list[int]:
    """The length of each neighbour's own run in the neighbour's direction."""
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        n, (x, y) = 0, (cell[0] + dx, cell[1] + dy)
        while (x, y) in grid:
            n, x, y = n + 1, x + dx, y + dy
        out.append(n)
    return out


@settings(max_examples=60, deadline=None)
@given(grids())
def test_legal_cells_touch_the_grid_and_respect_the_run_limit(
        case: tuple[dict[tuple[int, int], Card], list[Card], bool]) -> None:
    grid, _deck, strict = case
    legal = legal_cells(grid, strict)
    assert set(legal) <= frontier_of(grid)
    for cell in legal:
        assert cell not in grid
        assert any((cell[0] + dx, cell[1] + dy) in grid
                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        if strict:
            after = {**grid, cell: CARDS[0]}
            assert _run_through(after, cell, 1, 0) <= MAX_RUN
            assert _run_through(after, cell, 0, 1) <= MAX_RUN
        else:
            assert max(_neighbour_runs(grid, cell)) < MAX_RUN
    # ... and every frontier cell left out breaks the rule.
    for cell in frontier_of(grid) - set(legal):
        if strict:
            after = {**grid, cell: CARDS[0]}
            assert max(_run_through(after, cell, 1, 0), _run_through(after, cell, 0, 1)) > 5
        else:
            assert max(_neighbour_runs(grid, cell)) >= MAX_RUN
    if strict:  # the strict rule keeps every line of the grid at five cards or fewer
        assert all(_run_through(grid, c, 1, 0) <= 5 and _run_through(grid, c, 0, 1) <= 5
                   for c in grid)


def _brute(grid: Grid, cell: tuple[int, int], card: Card) -> tuple[int, int]:
    """The §1.5 algorithm written out over explicit windows: (raw, hands)."""
    table = SEED_TABLE
    raw = hands = 0
    after = {**grid, cell: card}
    for dx, dy in ((1, 0), (0, 1)):
        def at(i: int, dx: int = dx, dy: int = dy) -> Card | None:
            return after.get((cell[0] + i * dx, cell[1] + i * dy))

        def points(lo: int, hi: int) -> int:
            cards = [at(i) for i in range(lo, hi + 1)]
            if any(c is None for c in cards) or not 2 <= len(cards) <= 5:
                return -1
            h = classify([c for c in cards if c is not None])
            return table[h] if h else 0

        back = max((points(-k, 0) for k in range(1, 5)), default=0)
        fwd = max((points(0, k) for k in range(1, 5)), default=0)
        back, fwd = max(back, 0), max(fwd, 0)
        over = max((points(-b, f) for b in range(1, 4) for f in range(1, 4) if b + f <= 4),
                   default=0)
        if at(-1) is not None and at(1) is not None and over > back + fwd:
            raw, hands = raw + over, hands + 1
        else:
            raw += back + fwd
            hands += (back > 0) + (fwd > 0)
    return raw, hands


@settings(max_examples=80, deadline=None)
@given(grids(), st.data())
def test_scores_are_never_negative_and_every_window_is_counted_once(
        case: tuple[dict[tuple[int, int], Card], list[Card], bool], data: st.DataObject) -> None:
    grid, deck, strict = case
    legal = legal_cells(grid, strict)
    if not legal or not deck:
        return
    cell = data.draw(st.sampled_from(legal))
    card = data.draw(st.sampled_from(deck))
    s = score(grid, cell, card)
    assert s.raw >= 0 and s.awarded >= 0 and all(h.points > 0 for h in s.hands)
    assert s.awarded == s.raw * len(s.hands)
    assert (s.raw, len(s.hands)) == _brute(grid, cell, card)
    # Every hand holds the new card, lies in one line through it, and no window is counted
    # twice (in a line, two hands share only the new card).
    assert len({h.cells for h in s.hands}) == len(s.hands)
    for h in s.hands:
        assert cell in h.cells and card in h.cards and 2 <= len(h.cards) <= 5
        assert [grid.get(c, card) for c in h.cells] == list(h.cards)
        assert SEED_TABLE[h.hand] == h.points == SEED_TABLE[classify(h.cards)]  # type: ignore[index]
    for a, b in itertools.combinations(s.hands, 2):
        if a.line == b.line:
            assert set(a.cells) & set(b.cells) == {cell}
