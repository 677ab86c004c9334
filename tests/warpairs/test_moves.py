"""The move generator against brute force: every subset of the hand through classify/judge."""

from __future__ import annotations

import contextlib
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.plays import IllegalPlay, Play
from wpp.warpairs.rules import Rules

hands = st.lists(st.sampled_from(CARDS), unique=True, min_size=1, max_size=11)
rules_st = st.sampled_from([Rules(), Rules(wraps=False)])


def brute_force(hand: list[Card], rules: Rules) -> set[Play]:
    out = set()
    for n in range(1, 6):
        for combo in combinations(sorted(hand), n):
            with contextlib.suppress(IllegalPlay):
                out.add(classify(combo, rules))
    return out


@given(hands, rules_st)
def test_all_plays_is_every_subset_that_is_a_play(hand: list[Card], rules: Rules) -> None:
    generated = all_plays(hand, rules)
    assert len(generated) == len(set(generated)), "no play is listed twice"
    assert set(generated) == brute_force(hand, rules)
    for p in generated:
        assert p == classify(p.cards, rules)  # built fields agree with the classifier
        assert list(p.cards) == sorted(p.cards)


@given(hands, st.lists(st.sampled_from(CARDS), unique=True, min_size=1, max_size=5), rules_st)
def test_answers_are_exactly_the_legal_plays(hand: list[Card], table_cards: list[Card],
                                             rules: Rules) -> None:
    hand = [c for c in hand if c not in table_cards]
    try:
        table = classify(table_cards, rules)
    except IllegalPlay:
        return
    expected = {}
    for p in brute_force(hand, rules):
        v = judge(p, table)
        if v.legal:
            expected[p.cards] = v.table
    got = {p.cards: p for p in answers(hand, table, rules)}
    assert got == expected


def test_answers_return_plays_lowered_by_r9() -> None:
    table = classify("AH AS 5D 5C")
    lowered = [p for p in answers(parse_cards("2D 2C 9H 9S"), table) if p.lowered_by_two]
    assert len(lowered) == 1 and str(lowered[0].key) == "2♣"


def test_big_hand_has_many_plays_and_no_duplicates() -> None:
    hand = CARDS[:26]  # 2s to 8s, all suits, and 9♦ 9♣
    plays = all_plays(hand)
    assert len(plays) == len(set(plays)) > 1000
