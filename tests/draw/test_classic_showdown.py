"""Tests of wpp.classic.showdown: dealing from one deck and the seed's output format."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.classic.showdown import deal, deal_showdown, showdown, winner_line
from wpp.core.standard_deck import parse_cards
from wpp.poker.ranking import evaluate

SEED_SESSION = """\
Hand 1: 9D 9H 6C 8S 8C
Hand 2: AS 2C 8H JD 4S
Hand 3: 3C 7D 5S 6H 4H

Hand 1: Two Pair
Hand 2: High Card
Hand 3: Straight

Hand 3 wins."""


def test_the_seed_sample_session_line_for_line() -> None:
    show = showdown(["9D 9H 6C 8S 8C", "AS 2C 8H JD 4S", "3C 7D 5S 6H 4H"])
    assert show.text() == SEED_SESSION
    assert show.winners == (2,) and not show.is_split


def test_ties_name_every_winner() -> None:
    show = showdown(["AS KD QC JH 9S", "2C 3C 4D 6H 8S", "AH KC QD JS 9D"])
    assert show.winners == (0, 2) and show.is_split
    assert show.text().endswith("Hands 1 and 3 tie and split the pot.")


def test_royal_flushes_are_named_and_split() -> None:
    show = showdown(["10S JS QS KS AS", "10H JH QH KH AH"])
    assert show.text().splitlines()[3:6] == ["Hand 1: Royal Flush", "Hand 2: Royal Flush", ""]
    assert show.winners == (0, 1)


def test_detail_and_unicode() -> None:
    text = showdown(["KS KD 9C 9H 7S", "2C 3C 4D 6H 8S"]).text(detail=True, ascii=False)
    assert "Hand 1: K♠ K♦ 9♣ 9♥ 7♠" in text
    assert "Hand 1: Two Pair, Kings and Nines, Seven kicker" in text


def test_hands_from_one_deck_cannot_share_a_card() -> None:
    # the seed's one-pair example names 8S in both hands
    with pytest.raises(ValueError, match="share 8♠"):
        showdown(["8S 8H 3D KC 7S", "6D 6C 8S 5H 10D"])


def test_showdown_accepts_cards_and_indices() -> None:
    hands = [parse_cards("9D 9H 6C 8S 8C"), [int(c) for c in parse_cards("AS 2C 8H JD 4S")]]
    assert showdown(hands).winners == (0,)
    with pytest.raises(ValueError, match=r"0\.\.51"):
        showdown([[0, 1, 2, 3, 99], [4, 5, 6, 7, 8]])


@pytest.mark.parametrize(
    ("winners", "line"),
    [
        ([0], "Hand 1 wins."),
        ([5], "Hand 6 wins."),
        ([1, 2], "Hands 2 and 3 tie and split the pot."),
        ([0, 1, 2, 3], "Hands 1, 2, 3 and 4 tie and split the pot."),
    ],
)
def test_winner_line(winners: list[int], line: str) -> None:
    assert winner_line(winners) == line


def test_winner_line_needs_a_winner() -> None:
    with pytest.raises(ValueError):
        winner_line([])


@given(st.integers(2, 6), st.integers(0, 2**32))
def test_deal_is_one_deck_and_repeatable(n: int, seed: int) -> None:
    hands = deal(n, seed)
    assert len(hands) == n and all(len(h) == 5 for h in hands)
    cards = [c for h in hands for c in h]
    assert len(set(cards)) == 5 * n
    assert deal(n, seed) == hands
    assert deal(n, random.Random(seed)) == hands


@given(st.integers(2, 6), st.integers(0, 2**32))
def test_winners_are_exactly_the_best_hands(n: int, seed: int) -> None:
    show = deal_showdown(n, seed)
    strengths = [evaluate(h).strength for h in show.hands]
    assert show.winners == tuple(i for i, s in enumerate(strengths) if s == max(strengths))
    lines = show.text().splitlines()
    assert len(lines) == 2 * n + 3
    assert lines[n] == "" and lines[2 * n + 1] == ""


@pytest.mark.parametrize("n", [0, 1, 7, 11])
def test_deal_showdown_bounds(n: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        deal_showdown(n, 1)


def test_deal_rejects_more_than_a_deck() -> None:
    assert len(deal(10, 1)) == 10  # ten hands of five fit in one deck
    with pytest.raises(ValueError, match="one deck"):
        deal(11, 1)
