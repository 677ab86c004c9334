"""Pairs' rules, one test (or more) per item of sibling-games §4.1 (the rule sheet) and §4.2
(CardStock's encoding, the default), on stacked decks and hand-built positions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import IllegalAction, WppError
from wpp.pairs.board import Board
from wpp.pairs.cards import CARD, DECK, Card, parse_deck
from wpp.pairs.game import PAIRS, ranks, scaled_ranks
from wpp.pairs.rules import PairsRules
from wpp.pairs.state import FOLD, HIT, PairsState


def stacked(top: str) -> list[Card]:
    """A whole deck whose top cards are ``top`` (first burned five, then the deal, then the
    draws), the rest of the deck after them in order."""
    head = list(parse_deck(top))
    rest = Counter(DECK) - Counter(head)
    assert sum(rest.values()) + len(head) == 55, "the stacked top holds too many of a card"
    return head + sorted(rest.elements())


def game(top: str, players: int = 3, **flags: Any) -> Any:
    return wpp.new_game("pairs", seed=0, players=players, deck=stacked(top), **flags)


def position(hands: list[str], stock: str, players: int | None = None, to_act: int = 0,
             scores: list[str] | None = None, burned: str = "", **flags: Any) -> PairsState:
    """A hand-built state: every card not placed is in the discard pile."""
    n = players or len(hands)
    hs = tuple(parse_deck(h) for h in hands)
    sc = tuple(parse_deck(s) for s in (scores or [""] * n))
    st_, bu = parse_deck(stock), parse_deck(burned)
    placed = Counter([*st_, *bu, *(c for h in hs for c in h), *(c for s in sc for c in s)])
    discard = tuple(sorted((Counter(DECK) - placed).elements()))
    assert sum(placed.values()) + len(discard) == 55
    return PairsState(0, PAIRS.rules(**flags), n, st_, bu, discard, hs, sc, to_act, False, 1,
                      to_act, 0, 0)


# --- R1, R2: the deck and the target ----------------------------------------------------------

def test_the_triangular_deck_has_v_cards_of_each_value_v() -> None:
    assert len(DECK) == 55
    assert Counter(DECK) == {CARD[v]: v for v in range(1, 11)}
    assert all(c.points == int(c) and str(c) == c.ascii for c in DECK)
    with pytest.raises(WppError, match="1 to 10"):
        Card(11)
    with pytest.raises(WppError):
        parse_deck("3 x")


@pytest.mark.parametrize(("players", "target"), [(2, 31), (3, 21), (4, 16), (5, 13), (6, 11)])
def test_the_target_is_sixty_over_n_plus_one(players: int, target: int) -> None:
    g = wpp.new_game("pairs", seed=1, players=players)
    assert g.state.target == target == 60 // players + 1


# --- R3, R4: setup, the deal and the starter ---------------------------------------------------

def test_setup_burns_five_then_deals_one_face_up_card_each_in_seat_order() -> None:
    g = game("10 10 10 10 10  7 5 9")
    s = g.state
    assert s.burned == parse_deck("10 10 10 10 10")
    assert s.hands == ((CARD[7],), (CARD[5],), (CARD[9],))
    assert len(s.stock) == 55 - 5 - 3 and s.round == 1
    assert g.to_act == 1  # the lowest card starts


def test_a_start_tie_is_broken_at_random_among_the_tied_players_only() -> None:
    starters = set()
    for seed in range(40):
        g = wpp.new_game("pairs", seed=seed, players=3, deck=stacked("10 10 10 10 10  4 8 4"))
        starters.add(g.to_act)
    assert starters == {0, 2}


def test_the_rule_sheet_breaks_a_start_tie_with_extra_cards() -> None:
    g = game("10 10 10 10 10  4 8 4  9 6", start_tie="extra_card")
    assert g.state.hands == ((CARD[4], CARD[9]), (CARD[8],), (CARD[4], CARD[6]))
    assert g.to_act == 2  # P3's extra 6 is lower than P1's extra 9


def test_an_extra_card_that_pairs_is_discarded_and_replaced_and_ties_repeat() -> None:
    g = game("10 10 10 10 10  4 8 4  4 7 3  7 2", start_tie="extra_card")
    # P1's extra 4 pairs: discarded, replaced by 7; P3 gets 3 (P3 lower: starts).
    assert g.state.hands[0] == (CARD[4], CARD[7]) and g.state.hands[2] == (CARD[4], CARD[3])
    assert g.to_act == 2 and CARD[4] in g.state.discard
    g2 = game("10 10 10 10 10  4 8 4  6 6  5 2", start_tie="extra_card")
    assert g2.state.hands[0] == (CARD[4], CARD[6], CARD[5])
    assert g2.to_act == 2 and g2.state.hands[2] == (CARD[4], CARD[6], CARD[2])


# --- R5, R6, R7: hit, pair, fold ---------------------------------------------------------------

def test_a_hit_that_does_not_pair_grows_the_stack_and_passes_the_turn() -> None:
    g = game("10 10 10 10 10  7 5 9  3")
    assert g.legal_actions() == [FOLD, HIT]  # exactly two choices, fold first (§4.2)
    event = g.apply(HIT)
    assert g.state.hands[1] == (CARD[5], CARD[3]) and g.to_act == 2
    assert event.text_for(None) == "P2 hits a 3."


def test_play_wraps_around_the_table() -> None:
    g = game("10 10 10 10 10  7 5 4  3 8")
    assert g.to_act == 2
    g.apply(HIT)
    assert g.to_act == 0


def test_a_pair_scores_its_value_and_ends_the_round() -> None:
    g = game("10 10 10 10 10  7 5 9  3 8 2 3  6 6 9")
    for _ in range(3):
        g.apply(HIT)  # P2 3, P3 8, P1 2
    event = g.apply(HIT)  # P2 draws 3: pair
    s = g.state
    assert s.scores[1] == (CARD[3],) and s.totals == (0, 3, 0)
    assert s.round == 2 and s.hands == ((CARD[6],), (CARD[6],), (CARD[9],))
    assert "a pair! P2 scores 3" in event.text_for(None)
    assert Counter(s.discard) == Counter(parse_deck("7 2 5 3 9 8"))


def test_a_fold_takes_the_lowest_card_in_play_from_any_stack() -> None:
    s = position(["6 9", "2 8", "5"], "7 7 7", to_act=0)
    after, event = PAIRS.step(s, FOLD)
    assert after.scores[0] == (CARD[2],) and after.round == 2
    assert "takes the 2 from P2's stack" in event.text_for(0)


def test_among_equal_lowest_cards_the_folder_takes_their_own_first() -> None:
    s = position(["9", "3 8", "3"], "7 7 7", to_act=2, continuous=True)
    after, _ = PAIRS.step(s, FOLD)
    assert after.hands[1] == parse_deck("3 8") and after.scores[2] == (CARD[3],)
    s = position(["9", "3 8", "4", "3"], "7 7 7", to_act=2, continuous=True)
    after, _ = PAIRS.step(s, FOLD)  # not its own: the next seat after the folder with a 3
    assert after.hands[3] == () and after.hands[1] == parse_deck("3 8")


# --- R8, R10: rounds and the end ---------------------------------------------------------------

def test_reaching_the_target_ends_the_game_and_the_others_are_ranked() -> None:
    s = position(["9", "2 8", "5"], "7 7 7", to_act=1, scores=["4", "10 10", "1"])
    assert s.target == 21
    after, event = PAIRS.step(s, FOLD)  # P2 takes the 2: 22 points
    assert after.over and PAIRS.legal_actions(after) == []
    assert PAIRS.returns(after) == (0.5, 0.0, 1.0)
    assert "P2 reaches 22 points" in event.text_for(None)
    assert PAIRS.outcome(after).startswith("P2 loses with 22 points (target 21)")
    with pytest.raises(IllegalAction, match="R10"):
        PAIRS.step(after, HIT)


def test_with_only_a_loser_everyone_else_shares_the_best_rank() -> None:
    s = position(["9", "2 8", "5"], "7 7 7", to_act=1, scores=["4", "10 10", "1"],
                 only_loser=True)
    after, _ = PAIRS.step(s, FOLD)
    assert PAIRS.returns(after) == (1.0, 0.0, 1.0)
    assert "everyone else wins" in PAIRS.outcome(after)


def test_ranks_are_by_ascending_score_ties_sharing_the_better_rank() -> None:
    assert ranks([3, 3, 10]) == (1, 1, 3)
    assert scaled_ranks([3, 3, 10]) == (1.0, 1.0, 0.0)
    assert scaled_ranks([0, 31]) == (1.0, 0.0)


# --- R9: reshuffles ----------------------------------------------------------------------------

def test_a_round_starts_with_a_reshuffle_when_the_deck_holds_fewer_cards_than_players() -> None:
    s = position(["9", "2 8", "5"], "7 7", to_act=0, burned="6 6 6 6 6")
    after, event = PAIRS.step(s, FOLD)
    assert after.reshuffles == 1 and len(after.burned) == 5
    # every card but the score card went through the reshuffle: 54 − 5 burned − 3 dealt
    assert len(after.stock) == 54 - 5 - 3 and after.discard == ()
    assert "Reshuffle" in event.text_for(None)


def test_with_enough_cards_for_the_deal_there_is_no_reshuffle() -> None:
    s = position(["9", "2 8", "5"], "7 7 7", to_act=0, burned="6 6 6 6 6")
    after, _ = PAIRS.step(s, FOLD)
    assert after.reshuffles == 0 and after.stock == () and after.burned == parse_deck("6 6 6 6 6")


def test_an_empty_deck_is_rebuilt_before_the_next_turn() -> None:
    s = position(["9", "2 8", "5"], "7", to_act=0, burned="6 6 6 6 6")
    after, _ = PAIRS.step(s, HIT)
    assert after.hands[0] == parse_deck("9 7") and after.reshuffles == 1
    assert len(after.stock) > 0 and len(after.burned) == 5
    # stacks and score piles never go back into the deck
    assert Counter(after.stock) + Counter(after.burned) == \
        Counter(DECK) - Counter(parse_deck("9 7 2 8 5"))


def test_the_rule_sheet_reshuffles_only_when_a_card_must_be_drawn() -> None:
    s = position(["9", "2 8", "5"], "7", to_act=0, burned="6 6 6 6 6", reshuffle="empty")
    after, _ = PAIRS.step(s, HIT)
    assert after.stock == () and after.reshuffles == 0
    after2, event = PAIRS.step(after, HIT)
    assert after2.reshuffles == 1 and len(after2.hands[1]) + len(after2.scores[1]) == 3
    assert "Reshuffle" in event.text_for(None)
    s = position(["9", "2 8", "5"], "7 7", to_act=0, burned="6 6 6 6 6", reshuffle="empty")
    dealt, _ = PAIRS.step(s, FOLD)  # two cards dealt from the deck, then a reshuffle
    assert dealt.reshuffles == 1 and dealt.hands[0] == (CARD[7],) and dealt.hands[1] == (CARD[7],)


def test_reshuffles_are_seeded_so_a_game_replays_the_same() -> None:
    s = position(["9", "2 8", "5"], "7 7", to_act=0, burned="6 6 6 6 6")
    assert PAIRS.step(s, FOLD)[0] == PAIRS.step(s, FOLD)[0]
    other = replace(s, seed=1)
    assert PAIRS.step(s, FOLD)[0].stock != PAIRS.step(other, FOLD)[0].stock


# --- R11, R12: Continuous Pairs and edge cases ----------------------------------------------------

def test_continuous_pairs_clears_only_the_scorers_stack_and_an_empty_stack_must_hit() -> None:
    s = position(["9 4", "2 8", "5"], "4 7 7", to_act=0, continuous=True)
    after, _ = PAIRS.step(s, HIT)  # P1 pairs 4s
    assert after.scores[0] == (CARD[4],) and after.hands == ((), parse_deck("2 8"),
                                                              parse_deck("5"))
    assert after.to_act == 1 and after.round == 1
    folded, _ = PAIRS.step(after, FOLD)  # P2 takes its own 2 and clears its stack
    assert folded.hands[1] == () and folded.to_act == 2
    s2 = replace(after, to_act=0)
    assert PAIRS.legal_actions(s2) == [HIT]
    with pytest.raises(IllegalAction, match="must hit"):
        PAIRS.step(s2, FOLD)


def test_bad_flags_and_actions_are_refused() -> None:
    with pytest.raises(WppError, match="start_tie"):
        PairsRules(start_tie="coin")
    with pytest.raises(WppError, match="reshuffle"):
        wpp.new_game("pairs", reshuffle="never")
    with pytest.raises(WppError, match="continuous"):
        wpp.new_game("pairs", continuous="yes")
    with pytest.raises(WppError, match="55 cards"):
        wpp.new_game("pairs", deck=list(DECK[:-1]))
    with pytest.raises(WppError):
        PAIRS.action_from_json("stand")
    assert PAIRS.action_from_json("fold") is FOLD


# --- views and the determinisation ---------------------------------------------------------------

def test_a_view_shows_every_face_up_card_and_only_the_sizes_of_the_deck_and_burn() -> None:
    g = game("10 10 10 10 10  7 5 9  3")
    v = g.view(0)
    assert not hasattr(v, "stock") and not hasattr(v, "burned") and not hasattr(v, "seed")
    assert v.stock_size == 47 and v.burned_size == 5
    assert v.unseen() == Counter(DECK) - Counter(parse_deck("7 5 9"))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), moves=st.integers(0, 40))
def test_a_sampled_board_keeps_the_view_and_deals_only_unseen_cards(seed: int, players: int,
                                                                    moves: int) -> None:
    g = wpp.new_game("pairs", seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    v = g.view(seed % players)
    board = Board.sample(v, rng)
    sampled = board.freeze()
    assert PAIRS.view(sampled, v.player) == v
    assert Counter(sampled.stock) + Counter(sampled.burned) == v.unseen()


def test_the_determinisation_is_uniform_over_the_unseen_cards() -> None:
    # The top card of a sampled deck is each unseen card with its share (exact sampling).
    g = game("10 10 10 10 10  1 2 3")
    v = g.view(0)
    rng = random.Random(3)
    tops = Counter(Board.sample(v, rng).stock[-1] for _ in range(4000))
    unseen = v.unseen()
    total = sum(unseen.values())
    for card, count in unseen.items():
        share = count / total
        assert abs(tops[card] / 4000 - share) < 4 * (share * (1 - share) / 4000) ** 0.5 + 1e-9


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6),
       official=st.booleans(), continuous=st.booleans())
def test_random_games_keep_the_invariants(seed: int, players: int, official: bool,
                                          continuous: bool) -> None:
    flags = ({"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True}
             if official else {})
    g = wpp.new_game("pairs", seed=seed, players=players, continuous=continuous, **flags)
    rng = random.Random(seed)
    while not g.is_over:
        s = g.state
        for h in s.hands:
            assert len(set(h)) == len(h), "a stack holds a pair"
        assert all(t < s.target for t in s.totals)
        if not continuous:
            assert g.legal_actions() == [FOLD, HIT]
        before = s.totals
        g.apply(rng.choice(g.legal_actions()))
        grew = [b for a, b in zip(before, g.state.totals, strict=True) if a != b]
        assert len(grew) <= 1, "two players scored at once"
    totals = g.state.totals
    assert sum(t >= g.state.target for t in totals) == 1


def test_narration_says_an_8() -> None:
    # regression: the narration once said "hits a 8"
    g = game("10 10 10 10 10  7 5 9  8")
    assert g.apply(HIT).text_for(None) == "P2 hits an 8."
