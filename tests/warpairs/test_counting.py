"""Counting plays against listing them: every count, every index, both wrap settings."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.judge import decide
from wpp.warpairs.lookup import classify
from wpp.warpairs.moves import POKER_SECTIONS, all_plays, answers, poker_section
from wpp.warpairs.play_counts import CountedAnswers, count_plays, listed_answers, nth_play
from wpp.warpairs.plays import Category, Mode, Play
from wpp.warpairs.rules import DEFAULT_RULES, Rules

# Up to 34 cards: more than any game shows with the default hand limit of 26 (R17), and as
# many as games without a hand limit reach.
hands = st.lists(st.sampled_from(CARDS), unique=True, max_size=34).map(sorted)
rules_st = st.sampled_from([Rules(), Rules(wraps=False)])
SECTION_OF = {c: i for i, (cats, _) in enumerate(POKER_SECTIONS) for c in cats}


@given(hands, rules_st)
def test_counts_equal_the_listed_plays(hand: list[Card], rules: Rules) -> None:
    listed = all_plays(hand, rules)
    counts = count_plays(hand, rules)
    sections = [0] * len(POKER_SECTIONS)
    for p in listed:
        if p.mode is Mode.POKER:
            sections[SECTION_OF[p.category]] += 1
    assert counts.pairs == sum(p.mode is Mode.PAIR for p in listed)
    assert list(counts.sections) == sections
    assert counts.straight_flushes == sum(p.category is Category.STRAIGHT_FLUSH for p in listed)
    assert counts.poker == sum(sections)
    assert counts.total(len(hand)) == len(listed)


@given(hands, rules_st)
def test_nth_play_is_the_listed_play_at_that_index(hand: list[Card], rules: Rules) -> None:
    listed = all_plays(hand, rules)
    assert [nth_play(hand, i, rules) for i in range(len(listed))] == listed
    for bad in (-1, len(listed)):
        with pytest.raises(IndexError):
            nth_play(hand, bad, rules)


def _table_and_hand(cards: list[Card], split: int, which: int,
                    rules: Rules) -> tuple[Play, list[Card]] | None:
    """A table made of some of the cards (any play they hold) and a hand of the rest."""
    table_cards, hand = cards[:split], sorted(cards[split:])
    plays = all_plays(table_cards, rules)
    if not plays:
        return None
    return plays[which % len(plays)], hand


def _assert_counted_as_listed(hand: list[Card], table: Play, rules: Rules = DEFAULT_RULES) -> None:
    expected = answers(hand, table, rules)
    counted = CountedAnswers(hand, table, rules)
    assert counted.count == len(expected)
    assert [counted.nth(i) for i in range(counted.count)] == expected
    with pytest.raises(IndexError):
        counted.nth(counted.count)


@given(st.lists(st.sampled_from(CARDS), unique=True, min_size=1, max_size=30),
       st.integers(1, 14), st.integers(0, 10_000), rules_st)
def test_counted_answers_equal_the_listed_answers(cards: list[Card], split: int, which: int,
                                                  rules: Rules) -> None:
    made = _table_and_hand(cards, split, which, rules)
    if made is None:
        return
    table, hand = made
    _assert_counted_as_listed(hand, table, rules)
    if table.mode is not Mode.POKER:
        assert listed_answers(hand, table) == answers(hand, table, rules)


@pytest.mark.parametrize(("table", "hand"), [
    # R9 lowers these tables' keys to a two: the next play need only beat that two.
    (("2D 2C 9H 9S", "AH AS 5D 5C"), "3D 3C 4H 4S KD KC AC AD 2H 2S 9D 9C"),
    (("2H 5H 7H 9H JH", "3C 6C 8C 10C AC"), "3D 6D 8D 10D QD 4S 5S 7S 9S KS AS 2S"),
    (("2C 3C 4C 5C 6C", "10H JH QH KH AH"), "3D 4D 5D 6D 7D 7S 8S 9S 10S JS 2H 3H"),
])
def test_counted_answers_on_tables_lowered_by_r9(table: tuple[str, str], hand: str) -> None:
    lowered = decide(classify(table[0]), classify(table[1]))[1]
    assert lowered is not None and lowered.lowered_by_two
    cards = sorted(parse_cards(hand))
    assert answers(cards, lowered)
    _assert_counted_as_listed(cards, lowered)


@pytest.mark.parametrize("table", ["2C 5C 8C JC KC", "4D 4C 4H JS JD", "QD QC QH QS 3D"])
@pytest.mark.parametrize("wraps", [True, False])
def test_above_a_straight_only_the_straight_flushes_answer(table: str, wraps: bool) -> None:
    """A flush, full house or four of a kind on the table: the hand's straight flush (and any
    wrap one) beats it, its plain straights of the same ranks do not, and they are
    generated side by side."""
    rules = Rules(wraps=wraps)
    hand = sorted(parse_cards("5H 6H 7H 8H 9H 5C 6D KS KD AH 2H 3H 4H AS"))
    counted = CountedAnswers(hand, classify(table, rules), rules)
    plays = [counted.nth(i) for i in range(counted.count)]
    assert any(p.category is Category.STRAIGHT_FLUSH for p in plays)
    assert not any(p.category is Category.STRAIGHT for p in plays)
    _assert_counted_as_listed(hand, classify(table, rules), rules)


@given(hands, st.sampled_from(list(Category)[2:]), st.integers(0, 40), rules_st)
def test_a_section_from_start_is_the_section_without_its_first_plays(
        hand: list[Card], min_category: Category, start: int, rules: Rules) -> None:
    for section in range(len(POKER_SECTIONS)):
        whole = list(poker_section(hand, section, rules, min_category))
        assert list(poker_section(hand, section, rules, min_category, start)) == \
            list(islice(whole, start, None))


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: count_plays(parse_cards("9S 3D")), ValueError, "sorted"),
    (lambda: count_plays([3, 3]), ValueError, "each once"),
    (lambda: count_plays([-1]), ValueError, "not a card"),
    (lambda: count_plays([52]), ValueError, "not a card"),
    (lambda: count_plays([0], True), WppError, "Rules"),
    (lambda: nth_play(parse_cards("9S 3D"), 0), ValueError, "sorted"),
    (lambda: CountedAnswers([1, 0], classify("2D")), ValueError, "sorted"),
    (lambda: CountedAnswers([0], "2D"), WppError, "Play"),
    (lambda: listed_answers([0], classify("3D 3C 3H")), ValueError, "single or a pair"),
    (lambda: poker_section([0], 6), ValueError, "section"),
    (lambda: poker_section([0], 0, start=-1), ValueError, "start"),
])
def test_bad_input_is_refused_with_a_reason(call: object, error: type[Exception],
                                            words: str) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]
