"""Open Face Chinese Poker's rules: the 3-card front row, fouls, both scorings, royalties
(reference §2.2, §2.3 and the test vectors of §2.5).

The fouls are checked exhaustively against an independent statement of the rule: a front
row fouls against a middle row exactly when, compared by category and then rank by rank,
the front is higher — a front whose ranks all equal the middle's leading ranks does not foul
(its missing kickers are the lowest possible).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.ofc.board import Board, board_of, fouls
from wpp.ofc.scoring import STANDARD_ROYALTIES, Royalties, score_hand
from wpp.poker.ranking import (
    CLASS_COUNT,
    FRONT_CLASS_COUNT,
    Category,
    evaluate,
    evaluate3,
    order3,
    strength3,
    strength5,
    value_of,
)

# ------------------------------------------------------------------ the 3-card front row


def front_key(cards: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """Category and ranks of a 3-card hand, most important first (independent of the
    evaluator): trips (4), pair (2) or high card (1)."""
    counts = Counter(c.rank for c in cards)
    ranks = tuple(int(r) for r in sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return {3: 4, 2: 2, 1: 1}[max(counts.values())], ranks


def front_fouls_middle(front: tuple[Card, ...], middle_strength: int) -> bool:
    """The rule in words: the front is higher than the middle by category, then rank by
    rank over the front's ranks; equal leading ranks do not foul."""
    cat, ranks = front_key(front)
    middle = value_of(middle_strength)
    if cat != middle.category:
        return cat > middle.category
    mranks = tuple(int(r) for r in middle.ranks)[:len(ranks)]
    return ranks > mranks


FRONTS = [tuple(4 * r + ranks[:i].count(r) for i, r in enumerate(ranks))
          for ranks in itertools.combinations_with_replacement(range(13), 3)]
FRONT_HANDS = [tuple(CARDS[c] for c in f) for f in FRONTS]


def test_there_are_455_front_classes_in_the_order_of_category_then_ranks() -> None:
    assert len(FRONT_HANDS) == FRONT_CLASS_COUNT == 455
    ordered = sorted(FRONT_HANDS, key=front_key)
    assert [order3(f) for f in ordered] == list(range(1, 456))


def test_every_front_class_against_every_middle_class_fouls_exactly_by_the_rule() -> None:
    """All 455 fronts × 7,462 middles (3.4 million pairs), each pair by the rule above: the
    keys are packed into integers (category, then ranks in base 15, missing ranks 0) so a
    front and a middle cut to the front's length compare as two numbers."""
    def code(category: int, ranks: tuple[int, ...]) -> int:
        padded = (*ranks, 0, 0, 0, 0, 0)[:5]
        return sum(r * 15 ** (4 - i) for i, r in enumerate(padded)) + category * 15 ** 5

    middles = [value_of(s) for s in range(1, CLASS_COUNT + 1)]
    cut = {n: np.array([code(int(v.category), tuple(int(r) for r in v.ranks)[:n])
                        for v in middles]) for n in (1, 2, 3)}
    strengths = np.arange(1, CLASS_COUNT + 1)
    for front in FRONT_HANDS:
        cat, ranks = front_key(front)
        fouled_by_rule = code(cat, ranks) > cut[len(ranks)]
        fouled_by_kit = strength3(front) > strengths
        assert (fouled_by_rule == fouled_by_kit).all(), front
        for middle in range(1, CLASS_COUNT + 1, 211):  # the packed rule is the rule in words
            assert front_fouls_middle(front, middle) == fouled_by_rule[middle - 1]


@pytest.mark.parametrize(("front", "padded"), [("AS KD QC", "AS KD QC 3H 2D"),
                                                ("2S 3D 4C", "2S 3D 4C 5H 7D"),
                                                ("QS QH 7D", "QD QC 7S 3H 2D"),
                                                ("5S 4D 3C", "5S 4D 3C 2H 7D")])
def test_the_front_is_padded_with_the_lowest_ranks_that_make_no_straight(front: str,
                                                                         padded: str) -> None:
    assert strength3(parse_cards(front)) == strength5(parse_cards(padded))


def test_front_names_are_about_the_three_cards() -> None:
    assert evaluate3("QS QH 7D").name == "One Pair, Queens, Seven kicker"
    assert evaluate3("AS AH AD").category is Category.THREE_OF_A_KIND
    with pytest.raises(ValueError, match="3"):
        evaluate3("AS AH")


# ------------------------------------------------------------------------------- fouls


@pytest.mark.parametrize(("board", "fouled"), [
    (("QS QH 7D", "QD QC 6S 5H 4S", "AS AH AD 2C 2D"), True),    # QQ7 over QQ654
    (("QS QH 7D", "QD QC 9S 8H 2S", "AS AH AD 2C 2D"), False),   # QQ7 over QQ982
    (("6S 6H 2D", "KS KH 9D 9C 3S", "QS QH QD 4C 4D"), False),   # 66x / two pair / full house
    (("2S 3H 5D", "KS KH 9D 9C 3S", "QS QH 4C 4D 7D"), True),    # middle beats the bottom
    (("2S 3H 5D", "KS KH 9D 9C 3S", "KD KC 9S 9H 3D"), False),   # middle ties the bottom
])
def test_the_reference_foul_vectors(board: tuple[str, str, str], fouled: bool) -> None:
    assert fouls(board_of(*board)) is fouled


def test_trip_aces_on_top_foul_over_any_middle_weaker_than_trip_aces() -> None:
    top = parse_cards("AS AH AD")
    rest = [c for c in CARDS if c not in top]
    bottom = parse_cards("2S 3S 4S 5S 6S")   # a straight flush: never the problem
    rng = random.Random(14)
    checked = 0
    while checked < 400:
        middle = tuple(rng.sample(rest, 5))
        if set(middle) & set(bottom):
            continue
        board: Board = (top, middle, bottom)
        assert fouls(board) is (strength5(middle) < strength3(top))
        assert fouls(board) is (evaluate(middle).category <= Category.THREE_OF_A_KIND)
        checked += 1


# ----------------------------------------------------------------------------- scoring

# Two boards whose rows can be set to win, tie or lose independently, no royalties, no foul:
# A is fixed; B's variants per row are weaker (-1 for B: A wins), equal, stronger.
A_BOARD = board_of("4S 5D 7C", "9S 9D 2C 3D 6H", "JS JD 8S 8D KH")
B_ROWS = {
    0: {1: "6C 5C 4H", 0: "4D 5H 7S", -1: "TH 5H 4C"},
    1: {1: "9H 9C 2D 3S 5S", 0: "9H 9C 2S 3H 6S", -1: "TS TD 2H 3C 6D"},
    2: {1: "JH JC 8H 8C QS", 0: "JH JC 8H 8C KS", -1: "QH QD QC AS AD"},
}


def b_board(outcome: tuple[int, int, int]) -> Board:
    """B's board for A's row results ``outcome`` (+1 A wins the row)."""
    rows = [B_ROWS[i][x] for i, x in enumerate(outcome)]
    return board_of(*rows)


OUTCOMES = list(itertools.product((1, 0, -1), repeat=3))


def test_the_variants_are_legal_boards_with_distinct_cards() -> None:
    for outcome in OUTCOMES:
        b = b_board(outcome)
        cards = [c for r in (*A_BOARD, *b) for c in r]
        assert len(set(cards)) == 26 and not fouls(b) and not fouls(A_BOARD), outcome


@pytest.mark.parametrize("outcome", OUTCOMES)
@pytest.mark.parametrize("scoring", ["pyofc", "standard"])
def test_rows_are_one_point_each_and_a_scoop_is_six(outcome: tuple[int, int, int],
                                                     scoring: str) -> None:
    b = b_board(outcome)
    score = score_hand((A_BOARD, b), scoring)
    net = sum(outcome)
    expected = 6 * (net // 3) if abs(net) == 3 else net
    if scoring == "standard" and outcome[2] == -1:
        expected -= 6   # B's bottom is queens full of aces: a royalty of 6
    assert score.pairs[0].rows == outcome
    assert score.points == (expected, -expected)


@pytest.mark.parametrize(("rows", "points"), [((1, 1, 1), 6), ((1, 1, -1), 1),
                                              ((1, -1, 0), 0), ((-1, -1, -1), -6)])
def test_the_reference_scoring_vectors(rows: tuple[int, int, int], points: int) -> None:
    assert score_hand((A_BOARD, b_board(rows)), "pyofc").points == (points, -points)


FOUL_BOARD = board_of("AS AH KD", "2S 3D 4C 6H 8S", "TS TD 5C 7H 9S")     # top beats middle


def test_fouls_score_six_in_pyofc_and_six_plus_royalties_in_standard() -> None:
    assert fouls(FOUL_BOARD)
    good = board_of("QS QH 2D", "3S 4D 5C 6D 7S", "2H 6H 9H JH KH")   # QQ 7, straight 4, flush 4
    assert not fouls(good)
    assert score_hand((good, FOUL_BOARD), "pyofc").points == (6, -6)
    assert score_hand((FOUL_BOARD, good), "pyofc").points == (-6, 6)
    assert score_hand((good, FOUL_BOARD), "standard").points == (6 + 15, -21)
    other_foul = board_of("KS KH 3D", "2D 3C 4D 6C 8D", "TH TC 5D 7D 9D")
    assert fouls(other_foul)
    for scoring in ("pyofc", "standard"):
        assert score_hand((FOUL_BOARD, other_foul), scoring).points == (0, 0)


def test_the_reference_royalties_back_flush_middle_straight_front_queens() -> None:
    board = board_of("QS QH 2D", "3S 4D 5C 6D 7S", "2H 6H 9H JH KH")
    score = score_hand((board, A_BOARD), "standard")
    assert score.seats[0].royalties == (7, 4, 4)
    assert score.seats[1].royalties == (0, 0, 0)       # A: 7-high, nines, two pair


def test_every_front_pair_and_trips_royalty() -> None:
    for r in range(13):
        pair = parse_cards(f"{'23456789TJQKA'[r]}S {'23456789TJQKA'[r]}H")
        kicker = next(c for c in CARDS if c.rank != pair[0].rank)
        value = evaluate3((*pair, kicker))
        assert STANDARD_ROYALTIES.of_values((value, value_of(1), value_of(1)))[0] == max(0, r - 3)
        trips = tuple(CARDS[4 * r + s] for s in range(3))
        assert STANDARD_ROYALTIES.of_values((evaluate3(trips), value_of(1),
                                             value_of(1)))[0] == 10 + r


def test_royal_flushes_and_the_configurable_back_royal() -> None:
    royal = evaluate("TS JS QS KS AS")
    assert STANDARD_ROYALTIES.row(2, royal.category, 14, royal.strength) == 25
    assert STANDARD_ROYALTIES.row(1, royal.category, 14, royal.strength) == 50
    twenty = STANDARD_ROYALTIES.with_royal_back(20)
    assert twenty.row(2, royal.category, 14, royal.strength) == 20
    assert Royalties.from_json(twenty.to_json()) == twenty
    with pytest.raises(WppError, match="back"):
        Royalties(back=(1, 2))
    with pytest.raises(WppError, match="royalty table"):
        Royalties.from_json({"back": []})


def test_the_readme_tie_example_nets_zero() -> None:
    a = board_of("6S 6H 2D", "KS KH 9D 8C 3S", "AS AD 4C 4D 7H")
    b = board_of("5S 5H 3D", "JS JH 9C 8D 2S", "9S TH JC QC KD")
    score = score_hand((a, b))
    assert score.pairs[0].rows == (1, 1, -1)
    assert (score.seats[0].royalty, score.seats[1].royalty) == (1, 2)
    assert score.points == (0, 0)


@given(st.permutations(CARDS), st.sampled_from(["pyofc", "standard"]), st.integers(2, 4))
def test_scores_sum_to_zero_and_swap_with_the_seats(deck: list[Card], scoring: str,
                                                    players: int) -> None:
    boards: list[Board] = []
    for p in range(players):
        cards = deck[13 * p:13 * p + 13]
        boards.append((tuple(cards[:3]), tuple(cards[3:8]), tuple(cards[8:])))
    score = score_hand(boards, scoring)
    assert sum(score.points) == 0
    flipped = score_hand(boards[::-1], scoring)
    assert flipped.points == score.points[::-1]
    for seat in score.seats:
        assert seat.fouled == fouls(seat.board)
        if seat.fouled or scoring == "pyofc":
            assert seat.royalties == (0, 0, 0)
    assert score.lines()


def test_an_unknown_scoring_is_refused() -> None:
    with pytest.raises(WppError, match="scoring"):
        score_hand((A_BOARD, A_BOARD), "vegas")
