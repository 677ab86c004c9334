"""The segment (description 6.2): 8 segments, up to two straights or flushes, never losing a
card for any hand size."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.ai import SEGMENT_NAMES, Segments, analyse, segment, segments_of
from wpp.warpairs.ai.hand import beaten_by
from wpp.warpairs.lookup import classify
from wpp.warpairs.plays import Category


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def check_partition(hand: tuple[Card, ...], s: Segments) -> None:
    flat = [card for seg in s.as_lists() for card in seg]
    assert Counter(flat) == Counter(hand), "every card in exactly one segment"
    assert all(card.rank in (2, 13, 14) for card in s.power)
    ordinary = [card for seg in s.as_lists()[1:] for card in seg]
    assert all(3 <= card.rank <= 12 for card in ordinary)
    ranks = Counter(card.rank for card in ordinary if card not in
                    {x for h in (*s.straights, *s.flushes, *s.straight_flushes) for x in h})
    assert all(ranks[card.rank] == 1 for card in s.outliers)
    assert all(len(p) == 2 and p[0].rank == p[1].rank for p in s.pairs)
    assert all(len(t) == 3 and len({x.rank for x in t}) == 1 for t in s.trips)
    assert all(len(q) == 4 and len({x.rank for x in q}) == 1 for q in s.quads)
    hands = (*s.straights, *s.flushes, *s.straight_flushes)
    assert len(hands) <= 2
    for h, cat in [*((h, Category.STRAIGHT) for h in s.straights),
                   *((h, Category.FLUSH) for h in s.flushes),
                   *((h, Category.STRAIGHT_FLUSH) for h in s.straight_flushes)]:
        assert classify(h).category is cat


@given(st.permutations(range(52)), st.integers(min_value=1, max_value=26))
def test_segment_partitions_any_hand(perm: list[int], size: int) -> None:
    hand = tuple(sorted(CARDS[i] for i in perm[:size]))
    s = segments_of(hand)
    check_partition(hand, s)
    assert s.all_cards() == hand


@given(st.permutations(range(52)), st.integers(min_value=27, max_value=52))
def test_segment_never_fails_on_huge_hands(perm: list[int], size: int) -> None:
    hand = tuple(sorted(CARDS[i] for i in perm[:size]))
    check_partition(hand, segments_of(hand))


def test_empty_hand() -> None:
    s, e = segment(())
    assert s.all_cards() == () and "no cards" in e.summary


def test_power_cards_never_go_into_poker_hands() -> None:
    s = segments_of(c("10D JC QH KS AD 2C 3H"))
    assert s.straights == () and set(s.power) == set(c("KS AD 2C"))
    assert s.outliers == c("3H 10D JC QH")


def test_a_straight_is_taken_and_leftover_pair_card_keeps_the_higher_suit() -> None:
    s = segments_of(c("4D 5C 6H 7S 8D 8S KH"))
    assert s.straights == (c("4D 5C 6H 7S 8D"),)
    assert s.outliers == c("8S")


def test_straight_flush_segment() -> None:
    s = segments_of(c("3H 4H 5H 6H 7H 9C"))
    assert s.straight_flushes == (c("3H 4H 5H 6H 7H"),)
    assert s.straights == () and s.flushes == ()


def test_two_straights_from_five_pairs_break_no_pair() -> None:
    s = segments_of(c("5D 5C 6D 6C 7D 7C 8D 8C 9H 9S"))
    assert len(s.straights) + len(s.straight_flushes) == 2
    assert s.outliers == () and s.pairs == ()


def test_a_straight_and_a_flush_together() -> None:
    hand = c("3D 4C 5H 6S 7C 8H 9H 10H JH QH KH")
    s = segments_of(hand)
    assert s.straights == (c("3D 4C 5H 6S 7C"),)
    assert s.straight_flushes == (c("8H 9H 10H JH QH"),)
    assert s.outliers == ()


def test_two_flushes() -> None:
    hand = c("3D 5D 7D 9D JD 4C 6C 8C 10C QC")
    s = segments_of(hand)
    assert s.flushes == (c("3D 5D 7D 9D JD"), c("4C 6C 8C 10C QC"))
    assert s.outliers == ()


def test_no_poker_hand_breaks_three_pairs() -> None:
    # 6 7 8 9 10 would break the pairs of 7, 8 and 9 (three pairs): not allowed.
    s = segments_of(c("6D 7D 7C 8D 8C 9D 9C 10H"))
    assert s.straights == () and s.flushes == ()
    assert len(s.pairs) == 3
    # Breaking two pairs is allowed.
    s = segments_of(c("6D 7D 7C 8D 8C 9D 10H"))
    assert s.straights == (c("6D 7D 8D 9D 10H"),)


def test_four_of_a_kind_is_never_broken() -> None:
    s = segments_of(c("5D 5C 5H 5S 6D 7D 8D 9D 4H"))
    assert s.quads == (c("5D 5C 5H 5S"),)
    assert s.straights == () and s.flushes == ()


def test_fewest_outliers_then_strength() -> None:
    # Straights 3-7 and 4-8 both leave one outlier; 3-7 leaves the 8 (strength 8), 4-8 the
    # 3 (strength 3): the higher strength wins, so 3-7 is kept.
    s = segments_of(c("3D 4C 5H 6S 7D 8C"))
    assert s.straights == (c("3D 4C 5H 6S 7D"),) and s.outliers == c("8C")


def test_segment_explanation() -> None:
    s, e = segment(c("3D 5C 5H 8S 9D 9H JC QD KH AS 2C"))
    text = str(e)
    for name in SEGMENT_NAMES:
        assert name in text
    assert s.outliers == c("3D 8S JC QD") and len(s.pairs) == 2
    data = e.to_json()
    assert json.loads(json.dumps(data)) == data
    frames = e.to_frames()
    assert len(frames) == sum(1 for step in e.steps if step.has_table)
    assert list(frames[-1]["segment"]) == list(SEGMENT_NAMES)


def test_segment_explanation_lists_choices_with_the_chosen_row() -> None:
    a = analyse(c("3D 4C 5H 6S 7D 7C 8H 9S 10D JC"), record=True)
    _, e = segment(c("3D 4C 5H 6S 7D 7C 8H 9S 10D JC"))
    step = next(s for s in e.steps if s.title.startswith("Look for"))
    assert step.chosen_row is not None and step.rows[step.chosen_row][-1] is True
    assert len(a.segments.straights) == 2  # 3-7 and 7-J share the pair of 7s
    assert a.segments.outliers == ()


def test_beaten_by_counts_unseen_beaters() -> None:
    (ace_spades,) = c("AS")
    assert beaten_by(ace_spades) == 4  # the four twos
    assert beaten_by(ace_spades, c("2D 2C")) == 2
    (two_spades,) = c("2S")
    assert beaten_by(two_spades) == 44  # threes to kings; never an ace
