"""R1–R3: the deck, the card order, and the text forms."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.standard_deck import (
    CARDS,
    Card,
    CardParseError,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
)


def test_deck_has_52_distinct_cards_in_order() -> None:
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert str(CARDS[0]) == "2♦" and str(CARDS[-1]) == "A♠"
    assert list(CARDS) == sorted(CARDS)


def test_order_is_rank_then_suit() -> None:  # R2
    assert parse_card("7S") > parse_card("7C")
    assert parse_card("8D") > parse_card("7S")
    assert [s.symbol for s in Suit] == ["♦", "♣", "♥", "♠"]
    assert [r.symbol for r in Rank][-4:] == ["J", "Q", "K", "A"]


@pytest.mark.parametrize(("text", "expected"), [
    ("7S", "7♠"), ("7s", "7♠"), ("10H", "10♥"), ("TH", "10♥"), ("th", "10♥"), ("JD", "J♦"),
    ("AS", "A♠"), ("7♠", "7♠"), ("10♥", "10♥"), ("qc", "Q♣"),
])
def test_text_forms_parse(text: str, expected: str) -> None:  # R3
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("bad", ["1S", "11H", "7X", "", "AS7", "10", "S7"])
def test_bad_token_is_named(bad: str) -> None:
    with pytest.raises(CardParseError) as err:
        parse_card(bad)
    assert repr(bad) in str(err.value)


def test_bad_token_in_a_list_names_the_token_and_position() -> None:
    with pytest.raises(CardParseError, match=r"token 2: 'ZZ' is not a card"):
        parse_cards("7S ZZ 8D")


def test_duplicate_card_is_rejected_by_name() -> None:
    with pytest.raises(CardParseError, match="duplicate card '10♥'"):
        parse_cards("10h TH")


@given(st.integers(0, 51))
def test_every_card_round_trips_through_both_text_forms(i: int) -> None:
    c = CARDS[i]
    assert parse_card(str(c)) is c
    assert parse_card(c.ascii) is c
    assert card(c.rank, c.suit) is c
    assert pickle.loads(pickle.dumps(c)) == c


@given(st.lists(st.integers(0, 51), unique=True, max_size=10))
def test_format_then_parse_is_identity(idx: list[int]) -> None:
    cards = tuple(CARDS[i] for i in idx)
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, ascii=True)) == cards


def test_card_constructor_validates() -> None:
    with pytest.raises(ValueError):
        Card(52)
    with pytest.raises(ValueError):
        card(15, 0)
