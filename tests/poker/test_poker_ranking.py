"""Tests of wpp.poker.ranking: exhaustive counts, the tricky vectors, a slow oracle, treys."""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, parse_cards
from wpp.poker.ranking import (
    CLASS_COUNT,
    Category,
    best_hand,
    best_of,
    best_strength,
    category_of,
    class_size,
    compare,
    evaluate,
    strength5,
    value_of,
    winners,
)

# ----------------------------------------------------------------------------- a slow oracle
# Written from the rules, independently of the evaluator's tables: a hand's (category, key)
# tuple, where Python's tuple order is poker's order.


def reference_key(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    ranks = [c // 4 + 2 for c in cards]
    suits = {c % 4 for c in cards}
    counts = Counter(ranks)
    # ranks ordered by (how many, rank): the pair before the kickers, and so on
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    is_flush = len(suits) == 1
    top = None
    if len(counts) == 5:
        hi, lo = max(ranks), min(ranks)
        if hi - lo == 4:
            top = hi
        elif set(ranks) == {14, 2, 3, 4, 5}:
            top = 5
    if top is not None and is_flush:
        return (9, (top,))
    if shape == [4, 1]:
        return (8, tuple(ordered))
    if shape == [3, 2]:
        return (7, tuple(ordered))
    if is_flush:
        return (6, tuple(ordered))
    if top is not None:
        return (5, (top,))
    if shape == [3, 1, 1]:
        return (4, tuple(ordered))
    if shape == [2, 2, 1]:
        return (3, tuple(ordered))
    if shape == [2, 1, 1, 1]:
        return (2, tuple(ordered))
    return (1, tuple(ordered))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def cmp(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator]


# ------------------------------------------------------------------------- exhaustive tests

EXPECTED_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}


@pytest.mark.slow
def test_all_2598960_hands_category_counts_and_7462_classes() -> None:
    by_strength = Counter(map(strength5, itertools.combinations(CARDS, 5)))
    assert sum(by_strength.values()) == comb(52, 5) == 2_598_960
    assert len(by_strength) == CLASS_COUNT == 7462
    assert set(by_strength) == set(range(1, CLASS_COUNT + 1))
    per_category: Counter[Category] = Counter()
    for strength, n in by_strength.items():
        per_category[category_of(strength)] += n
        assert class_size(strength) == n, value_of(strength)
    assert dict(per_category) == EXPECTED_COUNTS
    # the classes per category: 10 / 156 / 156 / 1277 / 10 / 858 / 858 / 2860 / 1277
    classes = Counter(category_of(s) for s in by_strength)
    assert [classes[c] for c in Category] == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


@pytest.mark.slow
def test_all_hands_order_agrees_with_the_slow_oracle() -> None:
    """Every hand's strength is a strictly increasing function of the oracle's key."""
    key_of_strength: dict[int, tuple[int, tuple[int, ...]]] = {}
    for hand in itertools.combinations(range(52), 5):
        s = strength5(hand)
        key = key_of_strength.setdefault(s, reference_key(hand))
        if key != reference_key(hand):
            raise AssertionError(f"{hand}: strength {s} holds two different hands")
    keys = [key_of_strength[s] for s in range(1, CLASS_COUNT + 1)]
    assert all(a < b for a, b in itertools.pairwise(keys))


@pytest.mark.slow
def test_all_hands_agree_with_treys() -> None:
    """treys ranks the same classes, 1 = best; ours is 7463 minus treys' rank on every hand."""
    treys = pytest.importorskip("treys")
    tcards = [treys.Card.new(("23456789TJQKA"[c // 4]) + "dchs"[c % 4]) for c in range(52)]
    five = treys.Evaluator()._five
    for hand in itertools.combinations(range(52), 5):
        ours = strength5(hand)
        theirs = five([tcards[c] for c in hand])
        if ours != CLASS_COUNT + 1 - theirs:
            raise AssertionError(f"{parse_cards([CARDS[c] for c in hand])}: {ours} vs {theirs}")


def test_class_sizes_add_up_per_category() -> None:
    """The class-size table alone reproduces the famous counts (fast, not exhaustive)."""
    per_category: Counter[Category] = Counter()
    for s in range(1, CLASS_COUNT + 1):
        per_category[category_of(s)] += class_size(s)
    assert dict(per_category) == EXPECTED_COUNTS


# ------------------------------------------------------- sibling-games.md §3.3, 12 vectors

TRICKY = [
    # hand 1, hand 2, expected compare(hand 1, hand 2)
    ("AS 2D 3C 4H 5S", "AH KD QC JS 9H", 1),  # 1 the wheel is a straight
    ("AS 2D 3C 4H 5S", "2H 3S 4D 5C 6H", -1),  # 2 ... the lowest one
    ("AH 2H 3H 4H 5H", "9S 9H 9C 9D KC", 1),  # 3 the steel wheel is a straight flush
    ("6S 6D 2C 2H 3S", "5S 5H 4D 4C AS", 1),  # 4 pairs before kickers
    ("2S 2H AD KC QS", "3D 3C 4S 5H 7D", -1),  # 5 the pair before the kickers
    ("KS KD 9C 9H AS", "KH KC 9D 9S QS", 1),  # 6 two pair: the kicker
    ("4S 4H 4D 2C 2D", "3S 3H 3D AC AD", 1),  # 7 full house: the trips
    ("AH JH 9H 6H 4H", "AC JC 9C 6C 3C", 1),  # 8 flush: the fifth card
    ("AS KD QC JH 9S", "AH KC QD JS 9D", 0),  # 9 a split pot
    ("KD AS 2C 3H 4D", "2D 2S 5C 7H 9S", -1),  # 10 no wrap-around straight
    ("TS JD QC KH AS", "9H TH JC QS KD", 1),  # 11 broadway beats king-high
    ("TS JS QS KS AS", "TH JH QH KH AH", 0),  # 12 royal flushes split
]


@pytest.mark.parametrize(("one", "two", "expected"), TRICKY)
def test_tricky_vectors(one: str, two: str, expected: int) -> None:
    assert compare(one, two) == expected
    assert compare(two, one) == -expected
    assert winners([one, two]) == {1: [0], -1: [1], 0: [0, 1]}[expected]


def test_tricky_vectors_categories_and_names() -> None:
    assert evaluate("AS 2D 3C 4H 5S").category is Category.STRAIGHT
    assert evaluate("AS 2D 3C 4H 5S").name == "Straight, Five high"
    assert evaluate("AH 2H 3H 4H 5H").name == "Straight Flush, Five high"
    assert evaluate("KD AS 2C 3H 4D").category is Category.HIGH_CARD
    assert evaluate("TS JS QS KS AS").name == "Royal Flush"
    assert evaluate("TS JS QS KS AS").strength == CLASS_COUNT
    # the wheel is the lowest straight, the steel wheel the lowest straight flush
    straights = sorted(s for s in range(1, CLASS_COUNT + 1) if category_of(s) is Category.STRAIGHT)
    assert evaluate("AS 2D 3C 4H 5S").strength == straights[0]


# ------------------------------------------------------------------ the seed's own examples

SEED_EXAMPLES = [
    ("10S JS QS KS AS", "10H JH QH KH AH", 0, "Royal Flush"),
    ("3C 4C 5C 6C 7C", "8D 9D 10D JD QD", -1, "Straight Flush"),
    ("9S 9H 9C 9D 10C", "QS QH QC QD 8S", -1, "Four of a Kind"),
    ("JS JH JD 4S 4C", "KH KC KD 10C 10D", -1, "Full House"),
    ("3S 5S 8S 10S KS", "2D 6D 8D JD QD", 1, "Flush"),
    ("3S 4D 5S 6H 7C", "5D 6S 7C 8H 9H", -1, "Straight"),
    ("6D 6S 6C KC 4H", "8S 8D 8C 2H 5C", -1, "Three of a Kind"),
    ("4D 4H 7S 7C 9S", "9H 9D 5S 5C 3D", -1, "Two Pair"),
    ("8S 8H 3D KC 7S", "6D 6C 8S 5H 10D", 1, "One Pair"),  # the seed's typo: 8S twice
    ("9S 10D 4S 6H KC", "QS 3D 7H 10C 6D", 1, "High Card"),
]


@pytest.mark.parametrize(("one", "two", "expected", "label"), SEED_EXAMPLES)
def test_seed_examples(one: str, two: str, expected: int, label: str) -> None:
    assert compare(one, two) == expected
    assert evaluate(one).label == evaluate(two).label == label


def test_seed_sample_session_hands() -> None:
    values = [evaluate(h) for h in ("9D 9H 6C 8S 8C", "AS 2C 8H JD 4S", "3C 7D 5S 6H 4H")]
    assert [v.label for v in values] == ["Two Pair", "High Card", "Straight"]
    assert winners(["9D 9H 6C 8S 8C", "AS 2C 8H JD 4S", "3C 7D 5S 6H 4H"]) == [2]


# -------------------------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("hand", "name"),
    [
        ("KS KD 9C 9H 7S", "Two Pair, Kings and Nines, Seven kicker"),
        ("AH JH 9H 6H 4H", "Flush, Ace-Jack-Nine-Six-Four"),
        ("7S 7D AC KH 4S", "One Pair, Sevens, Ace-King-Four kickers"),
        ("7S 7D 7C KH 2S", "Three of a Kind, Sevens, King-Two kickers"),
        ("JS JH JD 4S 4C", "Full House, Jacks full of Fours"),
        ("9S 9H 9C 9D 10C", "Four of a Kind, Nines, Ten kicker"),
        ("8D 9D 10D JD QD", "Straight Flush, Queen high"),
        ("5D 6S 7C 8H 9H", "Straight, Nine high"),
        ("9S 10D 4S 6H KC", "High Card, King-Ten-Nine-Six-Four"),
        ("6S 6D 6C 6H 2D", "Four of a Kind, Sixes, Two kicker"),
    ],
)
def test_names(hand: str, name: str) -> None:
    assert evaluate(hand).name == name


def test_every_class_has_a_distinct_name() -> None:
    names = [value_of(s).name for s in range(1, CLASS_COUNT + 1)]
    assert len(set(names)) == CLASS_COUNT


# ---------------------------------------------------------------------- property tests

deals = st.permutations(range(52))


@settings(max_examples=2000)
@given(deals)
def test_order_agrees_with_the_oracle_on_random_pairs(deck: list[int]) -> None:
    a, b = tuple(deck[:5]), tuple(deck[5:10])
    assert sign(strength5(a) - strength5(b)) == cmp(reference_key(a), reference_key(b))


@settings(max_examples=300)
@given(deals, st.sampled_from([5, 6, 7]))
def test_best_of_equals_max_over_all_five_card_subsets(deck: list[int], n: int) -> None:
    cards = tuple(CARDS[c] for c in deck[:n])
    expected = max(strength5(five) for five in itertools.combinations(cards, 5))
    assert best_strength(cards) == expected
    value, five = best_hand(cards)
    assert value is best_of(cards) and value.strength == expected
    assert set(five) <= set(cards) and strength5(five) == expected


@settings(max_examples=300)
@given(deals)
def test_order_of_card_does_not_matter(deck: list[int]) -> None:
    hand = deck[:5]
    assert strength5(hand) == strength5(hand[::-1]) == strength5(sorted(hand))


@pytest.fixture(scope="module")
def treys_evaluator() -> object:
    treys = pytest.importorskip("treys")
    return treys.Evaluator()


@settings(max_examples=300)
@given(deck=deals)
def test_treys_agrees_on_random_seven_card_hands(treys_evaluator: Any, deck: list[int]) -> None:
    from treys import Card as TreysCard

    tcards = [TreysCard.new(("23456789TJQKA"[c // 4]) + "dchs"[c % 4]) for c in deck[:7]]
    theirs = treys_evaluator.evaluate(tcards[:2], tcards[2:])
    assert best_strength(deck[:7]) == CLASS_COUNT + 1 - theirs


def test_best_of_more_than_seven_cards() -> None:
    # eight cards may hold a flush and a full house: the full house wins
    cards = parse_cards("2S 5S 7S 9S JS JH JD 2D")
    assert best_strength(cards) == evaluate("JS JH JD 2S 2D").strength


# ---------------------------------------------------------------------- inputs and errors


def test_inputs_text_cards_and_indices_agree() -> None:
    text = "KS KD 9C 9H 7S"
    cards = parse_cards(text)
    assert evaluate(text) is evaluate(cards) is evaluate([int(c) for c in cards])


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("KS KD 9C 9H", "expected 5 cards, got 4"),
        ("KS KD 9C 9H 7S 2D", "expected 5 cards, got 6"),
        ([1, 2, 3, 4, 4], "twice"),
        ([1, 2, 3, 4, 52], "0..51"),
        ("KS KD 9C 9H KS", "duplicate"),
    ],
)
def test_evaluate_rejects(cards: str | list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate(cards)


def test_best_of_rejects_wrong_sizes() -> None:
    with pytest.raises(ValueError, match="5 to 7"):
        best_of("2S 3S 4S 5S")
    with pytest.raises(ValueError, match="5 to 7"):
        best_of("2S 3S 4S 5S 6S 7S 8S 9S")
    with pytest.raises(ValueError, match="at least 5"):
        best_strength(parse_cards("2S 3S"))


@pytest.mark.parametrize("bad", [0, CLASS_COUNT + 1, -3])
def test_strength_lookups_reject_out_of_range(bad: int) -> None:
    for f in (value_of, category_of, class_size):
        with pytest.raises(ValueError, match="strength"):
            f(bad)


def test_hand_values_order_and_label() -> None:
    low, high = evaluate("2S 2H AD KC QS"), evaluate("3D 3C 4S 5H 7D")
    assert low < high and max(low, high) is high
    assert value_of(CLASS_COUNT).label == "Royal Flush"
    assert value_of(CLASS_COUNT - 1).label == "Straight Flush"
    assert [c.short for c in Category] == ["HC", "1P", "2P", "3K", "ST", "FL", "FH", "4K", "SF"]
    assert winners([]) == []


# ---------------------------------------------------------------------------------- speed


def test_bench_reports_the_figures() -> None:
    from benchmarks.classic import run

    figures = run(3000, quick=True)
    assert {"classic_eval5_per_s", "classic_evaluate_per_s", "classic_best7_per_s"} <= set(figures)
    assert all(v > 0 for v in figures.values())
