"""R4–R6: what a set of cards is, exhaustively over every set of 1 to 5 cards' shapes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Rank, parse_cards
from wpp.warpairs.lookup import classify
from wpp.warpairs.plays import Category, IllegalPlay, Mode
from wpp.warpairs.rules import Rules


def test_category_ladder() -> None:  # R4
    ladder = [Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.STRAIGHT, Category.FLUSH,
              Category.FULL_HOUSE, Category.FOUR_OF_A_KIND, Category.STRAIGHT_FLUSH]
    assert ladder == sorted(ladder)


@pytest.mark.slow
def test_counts_of_five_card_plays_over_the_whole_deck() -> None:
    """Exhaustive over C(52,5): how many 5-card sets are each category (wraps on)."""
    counts: Counter[Category] = Counter()
    illegal = 0
    for combo in combinations(CARDS, 5):
        try:
            counts[classify(combo).category] += 1
        except IllegalPlay:
            illegal += 1
    # 13 straight windows (9 ordinary, 2-6 to 10-A, and 4 wraps), 4 suits each.
    assert counts[Category.STRAIGHT_FLUSH] == 13 * 4
    assert counts[Category.STRAIGHT] == 13 * (4**5 - 4)
    assert counts[Category.FLUSH] == 4 * (1287 - 13)
    assert counts[Category.FULL_HOUSE] == 3744
    assert counts[Category.FOUR_OF_A_KIND] == 624
    assert sum(counts.values()) + illegal == 2598960


@pytest.mark.parametrize(("text", "top"), [
    ("JC QD KH AS 2D", "2D"), ("QC KD AH 2S 3D", "3D"), ("KC AD 2H 3S 4D", "4D"),
    ("AC 2D 3H 4S 5D", "5D"), ("2C 3D 4H 5S 6D", "6D"), ("10C JD QH KS AD", "AD"),
])
def test_straight_tops_including_wraps(text: str, top: str) -> None:  # R5, R6
    p = classify(text)
    assert p.category is Category.STRAIGHT
    assert p.key == parse_cards(top)[0]


def test_only_four_wraps_exist() -> None:  # R5
    with pytest.raises(IllegalPlay):
        classify("QC KD AH 2S 4D")


def test_wrap_flag_off_rejects_wraps_and_makes_suited_wraps_flushes() -> None:
    off = Rules(wraps=False)
    with pytest.raises(IllegalPlay, match="wrap-around"):
        classify("JC QD KH AS 2D", off)
    assert classify("JH QH KH AH 2H", off).category is Category.FLUSH
    assert classify("JH QH KH AH 2H").category is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize(("text", "category", "key"), [
    ("7S", Category.SINGLE, "7S"),
    ("7D 7H", Category.PAIR, "7H"),
    ("9D 9C 9H", Category.THREE_OF_A_KIND, Rank.NINE),
    ("5D 5S KC KH", Category.TWO_PAIR, "KH"),
    ("3D 3C 3H 9S 9D", Category.FULL_HOUSE, Rank.THREE),
    ("7S 7H 7D 7C", Category.FOUR_OF_A_KIND, Rank.SEVEN),
    ("2H 5H 7H 9H AH", Category.FLUSH, "AH"),
    ("5S 6S 7S 8S 9S", Category.STRAIGHT_FLUSH, "9S"),
])
def test_keys(text: str, category: Category, key: str | Rank) -> None:  # R6
    p = classify(text)
    assert p.category is category
    assert p.key == (parse_cards(key)[0] if isinstance(key, str) else key)
    assert p.mode is category.mode


@pytest.mark.parametrize(("text", "why"), [
    ("", "no cards"),
    ("7S 8S", "pair"),
    ("7S 7H 8D", "three of a kind"),
    ("7S 7H 8D 9C", "two pair or four of a kind"),
    ("7S 7H 7D 9C 3D", "three of a kind is always played as 3"),
    ("7S 7H 9D 9C 3D", "two pair is always played as 4"),
    ("2D 5C 7H 9S JD", "straight or a flush"),
    ("2D 3C 4H 5S 6D 7D", "too many"),
])
def test_non_plays_say_why(text: str, why: str) -> None:  # R4
    with pytest.raises(IllegalPlay, match=why):
        classify(parse_cards(text))


@given(st.lists(st.integers(0, 51), unique=True, min_size=1, max_size=5))
def test_classification_is_order_independent(idx: list[int]) -> None:
    cards = [CARDS[i] for i in idx]
    try:
        a = classify(cards)
    except IllegalPlay:
        with pytest.raises(IllegalPlay):
            classify(list(reversed(cards)))
        return
    assert classify(list(reversed(cards))) == a
    assert a.mode is (Mode.SINGLE if len(cards) == 1 else Mode.PAIR if len(cards) == 2
                      else Mode.POKER)
