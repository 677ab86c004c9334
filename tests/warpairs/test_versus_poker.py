"""Classic poker and WarPairsPoker side by side: hand-computed cases, and every curated
example's claim checked against both engines."""

from __future__ import annotations

import pytest

from wpp.poker.ranking import Category as Classic
from wpp.warpairs.plays import Category
from wpp.warpairs.teach.versus_poker import EXAMPLES, LADDER, Duel, duel, ladder_rows, side_by_side


def test_a_wrap_is_high_card_in_poker_and_a_two_high_straight_in_wpp() -> None:
    c = side_by_side("JC QD KH AS 2D")
    assert c.classic is not None and c.classic.category is Classic.HIGH_CARD
    assert c.play is not None and c.play.category is Category.STRAIGHT and c.play.wrap
    assert str(c.play.key) == "2♦"
    assert not c.agree
    assert any("wrap-around" in n for n in c.notes)


def test_a_plain_flush_agrees() -> None:
    c = side_by_side("3H 7H 9H JH KH")
    assert c.classic is not None and c.classic.category is Classic.FLUSH
    assert c.play is not None and c.play.category is Category.FLUSH
    assert c.agree
    assert not any("wrap" in n or "Twos" in n for n in c.notes)


def test_trips_with_kickers_are_no_play() -> None:
    c = side_by_side("9S 9H 9D KC 4D")
    assert c.classic is not None and c.classic.category is Classic.THREE_OF_A_KIND
    assert c.play is None and c.wpp_text.startswith("no play: three of a kind")


def test_short_hands_have_no_classic_value_but_kickers_complete_them() -> None:
    four = side_by_side("7S 7H 9D 9C")
    assert four.classic is None and four.play is not None
    assert four.play.category is Category.TWO_PAIR
    kicked = side_by_side("7S 7H 9D 9C", kickers="3D")
    assert kicked.classic is not None and kicked.classic.name == \
        "Two Pair, Nines and Sevens, Three kicker"
    assert kicked.play == four.play  # WarPairsPoker ignores the kicker
    assert not kicked.agree


def test_a_single_card_and_an_empty_hand() -> None:
    one = side_by_side("AS")
    assert one.play is not None and one.play.category is Category.SINGLE
    assert side_by_side("").play is None


def test_repeated_cards_are_refused() -> None:
    with pytest.raises(ValueError):
        side_by_side("7S 7S")
    with pytest.raises(ValueError):
        side_by_side("7S 7H", kickers="7H")
    with pytest.raises(ValueError):
        duel("7S 7H", "7H 7D")


def test_same_ranks_split_in_poker_and_suits_decide_in_wpp() -> None:
    d = duel("10S JS QD KC AD", "10H JH QC KD AH")
    assert d.classic == "split"
    assert d.wpp == "second"  # the top card A♥ beats A♦
    assert d.first_on_second.startswith("no:") and d.second_on_first.startswith("yes:")
    assert not d.agree


def test_poker_order_and_wpp_order_agree_on_a_higher_category() -> None:
    d = duel("2S 2H 2D 5C 5D", "3S 4H 5H 6S 7D")   # full house against a straight
    assert (d.classic, d.wpp) == ("first", "first") and d.agree


def test_twos_beat_aces_only_in_wpp() -> None:
    d = duel("2S", "AS")
    assert d.classic == "n/a" and d.wpp == "first"
    assert "R9" in d.second_on_first


def test_a_no_play_hand_is_neither() -> None:
    d = duel("7S 7H 9D 9C 3D", "4S 4H 4D 4C 5S")
    assert d.classic == "second" and d.wpp == "neither"
    assert "first hand is no play" in d.first_on_second
    assert "nothing is played on it" in d.second_on_first


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.title)
def test_each_example_claim_holds(example: object) -> None:
    from wpp.warpairs.teach.versus_poker import Example

    assert isinstance(example, Example)
    assert example.found() == (example.classic, example.wpp)
    assert example.found_agree() is example.agree
    r = example.run()
    if isinstance(r, Duel):
        assert r.summary().startswith("classic: ")
        assert (r.classic == r.wpp) is example.agree


def test_the_examples_cover_each_difference_the_lesson_names() -> None:
    text = " ".join(e.title + " " + e.point for e in EXAMPLES).lower()
    for topic in ("suit", "twos beat aces", "wrap", "two pair", "three of a kind",
                  "4-card two pair", "4-card four of a kind", "split pot"):
        assert topic in text, topic
    assert sum(not e.agree for e in EXAMPLES) >= 10


def test_the_ladder_lists_every_classic_category_in_order() -> None:
    assert [c for c, _ in LADDER] == list(Classic)
    rows = ladder_rows()
    assert rows[2]["classic hand"] == "Two Pair" and "LOWEST" in str(rows[2]["in WarPairsPoker"])
