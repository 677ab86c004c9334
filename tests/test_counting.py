"""Counting plays against listing them: every count, every index, both wrap settings."""

from __future__ import annotations

from itertools import islice

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.cards import CARDS, Card, parse_cards
from wpp.counting import CountedAnswers, count_plays, listed_answers, nth_play
from wpp.judge import decide
from wpp.moves import POKER_SECTIONS, all_plays, answers, poker_section
from wpp.plays import Category, Mode, Play, classify
from wpp.rules import Rules

# Up to 25 cards: the largest hand a game can show (26 loses at once, R17).
hands = st.lists(st.sampled_from(CARDS), unique=True, max_size=25).map(sorted)
rules_st = st.sampled_from([Rules(), Rules(wraps=False)])
SECTION_OF = {c: i for i, (cats, _) in enumerate(POKER_SECTIONS) for c in cats}


@given(hands, rules_st)
def test_counts_equal_the_listed_plays(hand: list[Card], rules: Rules) -> None:
    listed = all_plays(hand, rules)
    counts = count_plays(hand, rules.wraps)
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
    counts = count_plays(hand, rules.wraps)
    assert [nth_play(hand, i, counts, rules) for i in range(len(listed))] == listed
    if listed:  # counting on its own when not given the counts
        assert nth_play(hand, len(listed) - 1, rules=rules) == listed[-1]
    for bad in (-1, len(listed)):
        with pytest.raises(IndexError):
            nth_play(hand, bad, counts, rules)


def _table_and_hand(cards: list[Card], split: int, which: int,
                    rules: Rules) -> tuple[Play, list[Card]] | None:
    """A table made of some of the cards (any play they hold) and a hand of the rest."""
    table_cards, hand = cards[:split], sorted(cards[split:])
    plays = all_plays(table_cards, rules)
    if not plays:
        return None
    return plays[which % len(plays)], hand


@given(st.lists(st.sampled_from(CARDS), unique=True, min_size=1, max_size=30),
       st.integers(1, 14), st.integers(0, 10_000), rules_st)
def test_counted_answers_equal_the_listed_answers(cards: list[Card], split: int, which: int,
                                                  rules: Rules) -> None:
    made = _table_and_hand(cards, split, which, rules)
    if made is None:
        return
    table, hand = made
    expected = answers(hand, table, rules)
    counted = CountedAnswers(hand, table, rules)
    assert counted.count == len(expected)
    assert [counted.nth(i) for i in range(counted.count)] == expected
    with pytest.raises(IndexError):
        counted.nth(counted.count)
    if table.mode is not Mode.POKER:
        assert listed_answers(hand, table) == expected


@pytest.mark.parametrize(("table", "hand"), [
    # R9 lowers these tables' keys to a two: the next play need only beat that two.
    (("2D 2C 9H 9S", "AH AS 5D 5C"), "3D 3C 4H 4S KD KC AC AD 2H 2S 9D 9C"),
    (("2H 5H 7H 9H JH", "3C 6C 8C 10C AC"), "3D 6D 8D 10D QD 4S 5S 7S 9S KS AS 2S"),
])
def test_counted_answers_on_tables_lowered_by_r9(table: tuple[str, str], hand: str) -> None:
    lowered = decide(classify(table[0]), classify(table[1]))[1]
    assert lowered is not None and lowered.lowered_by_two
    cards = sorted(parse_cards(hand))
    expected = answers(cards, lowered)
    counted = CountedAnswers(cards, lowered)
    assert expected and [counted.nth(i) for i in range(counted.count)] == expected


@given(hands, st.sampled_from(list(Category)[2:]), st.integers(0, 40), rules_st)
def test_a_section_from_start_is_the_section_without_its_first_plays(
        hand: list[Card], min_category: Category, start: int, rules: Rules) -> None:
    for section in range(len(POKER_SECTIONS)):
        whole = list(poker_section(hand, section, rules, min_category))
        assert list(poker_section(hand, section, rules, min_category, start)) == \
            list(islice(whole, start, None))
