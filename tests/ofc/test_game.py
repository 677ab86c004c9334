"""Open Face Chinese Poker as a registered game: the rounds, who moves first, sessions and
their running score, what each player may see, bad input, and the fast tables.

The conformance suite (tests/core -k ofc) checks what every game must do; these tests check
what this game in particular does (wpp.ofc.game, wpp.ofc.fast, wpp.ofc.candidates).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import IllegalAction, WppError
from wpp.core.standard_deck import CARDS, parse_cards
from wpp.ofc import fast
from wpp.ofc.board import EMPTY_BOARD, ROW_SIZES, board_cards, fouls, is_full
from wpp.ofc.candidates import candidates
from wpp.ofc.game import OFC, OfcView, Place, placements
from wpp.ofc.scoring import score_hand
from wpp.poker.ranking import order3, strength3, strength5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hand_is_a_five_card_round_then_eight_one_card_rounds(players: int) -> None:
    g = wpp.new_game("ofc", seed=4, players=players)
    rng = random.Random(4)
    sizes = []
    while not g.is_over:
        sizes.append(len(g.view(g.to_act).to_place))
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    assert sizes == [5] * players + [1] * (8 * players)
    assert all(is_full(b) for b in g.state.boards)
    assert len(g.state.stub) == 52 - 13 * players


def test_the_first_mover_alternates_and_the_session_score_adds_up_the_hands() -> None:
    g = wpp.new_game("ofc", seed=9, hands=4)
    rng = random.Random(9)
    firsts, hand_scores = [], []
    while not g.is_over:
        if g.state.placed == 0:
            firsts.append(g.to_act)
        event = g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
        if event.score is not None:
            hand_scores.append(event.score.points)
            if not g.is_over:
                assert g.state.previous == tuple(s.board for s in event.score.seats)
    assert firsts == [0, 1, 0, 1]
    assert len(hand_scores) == 4 == len(g.state.scores)
    assert g.returns() == tuple(float(sum(s[p] for s in hand_scores)) for p in range(2))
    assert "after 4 hands" in g.outcome


def test_each_hand_has_a_fresh_deck_and_the_hand_is_scored_as_score_hand_says() -> None:
    g = wpp.new_game("ofc", seed=2, hands=2, scoring="pyofc")
    rng = random.Random(2)
    decks = [g.state.stub]
    while not g.is_over:
        hand = g.state.hand
        event = g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
        if event.score is not None:
            boards = tuple(s.board for s in event.score.seats)
            assert event.score.points == score_hand(boards, "pyofc").points
            if g.state.hand != hand:
                decks.append(g.state.stub)
                assert sorted(g.state.stub) == list(CARDS)
    assert decks[0] != decks[1]


def test_views_show_the_boards_and_only_the_actors_cards_to_place() -> None:
    g = wpp.new_game("ofc", seed=5)
    g.apply(g.legal_actions()[0])
    actor, other = g.to_act, 1 - g.to_act
    mine, theirs = g.view(actor), g.view(other)
    assert mine.to_place == g.state.to_place and theirs.to_place == ()
    assert mine.boards == theirs.boards == g.state.boards
    assert set(theirs.unseen) == set(CARDS) - set(board_cards(g.state.boards[0]))
    assert set(mine.unseen) == set(theirs.unseen) - set(mine.to_place)
    assert isinstance(mine, OfcView) and mine.my_turn and not theirs.my_turn


def test_illegal_placements_name_the_rule_and_change_nothing() -> None:
    g = wpp.new_game("ofc", seed=1)
    before = g.state
    cards = g.state.to_place
    with pytest.raises(IllegalAction, match="top row holds 3"):
        g.apply(Place(top=cards[:4], middle=cards[4:]))
    with pytest.raises(IllegalAction, match="exactly"):
        g.apply(Place(top=cards[:2]))
    other = next(c for c in CARDS if c not in cards)
    with pytest.raises(IllegalAction, match="exactly"):
        g.apply(Place(middle=(*cards[:4], other)))
    with pytest.raises(WppError, match="row"):
        Place(top=("AS",))  # type: ignore[arg-type]
    assert g.state == before and g.actions == ()


@pytest.mark.parametrize(("flags", "word"), [({"scoring": "vegas"}, "scoring"),
                                             ({"hands": 0}, "hands"),
                                             ({"hands": True}, "hands"),
                                             ({"royalties": 5}, "royalties"),
                                             ({"fantasyland": True}, "fantasyland")])
def test_bad_rule_flags_are_refused_by_name(flags: dict[str, object], word: str) -> None:
    with pytest.raises(WppError, match=word):
        wpp.new_game("ofc", **flags)  # type: ignore[arg-type]


def test_a_stacked_deck_deals_its_cards_and_a_bad_one_is_refused() -> None:
    deck = parse_cards("QS QH 7D QD QC") + tuple(c for c in CARDS
                                                  if c not in parse_cards("QS QH 7D QD QC"))
    g = wpp.new_game("ofc", deck=deck)
    assert set(g.view(0).to_place) == set(parse_cards("QS QH 7D QD QC"))
    with pytest.raises(WppError, match="52"):
        wpp.new_game("ofc", deck=deck[:51])


def test_placements_are_every_assignment_within_the_rows_room() -> None:
    board = (parse_cards("2S 3S"), parse_cards("4S 5S 6S 7S 8S"), parse_cards("9S"))
    cards = parse_cards("AH")
    assert [p.rows for p in placements(board, cards)] == [(cards, (), ()), ((), (), cards)]
    assert len(placements(EMPTY_BOARD, parse_cards("2S 5D 8C JH KS"))) == 3**5 - 11


@pytest.mark.parametrize(("hand", "count"), [
    ("2S 5D 8C JH KS", 232), ("2S 2D 8C JH KS", 74), ("2S 2D 8C 8H KS", 24),
    ("2S 2D 2C JH KS", 22), ("2S 2D 2C KH KS", 8), ("2S 2D 2C 2H KS", 6),
    ("2S 5S 8S JS JH", 6), ("2S 5S 8S JS KS", 2), ("2S 5S 8S JD KH", 232)])
def test_pyofcs_candidate_counts(hand: str, count: int) -> None:
    cands = candidates(EMPTY_BOARD, parse_cards(hand))
    assert len(cands) == count
    assert len(set(cands)) == count
    legal = set(placements(EMPTY_BOARD, parse_cards(hand)))
    assert set(cands) <= legal


def test_one_card_rounds_offer_every_open_row_and_one_open_row_is_the_only_candidate() -> None:
    board = (parse_cards("2S 3S"), parse_cards("4S 5S 6S 7S 8S"), parse_cards("9S"))
    assert len(candidates(board, parse_cards("AH"))) == 2
    full_top = (parse_cards("2S 3S 4D"), parse_cards("4S 5S 6S 7S 8S"), parse_cards("9S"))
    assert candidates(full_top, parse_cards("AH")) == [Place(bottom=parse_cards("AH"))]


# ---------------------------------------------------------------------------- fast tables


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_array_tables_agree_with_the_evaluator(seed: int) -> None:
    rng = random.Random(seed)
    hands = np.array([rng.sample(range(52), 5) for _ in range(300)])
    flushes = np.array([[4 * r + s for r in rng.sample(range(13), 5)]
                        for s in (rng.randrange(4) for _ in range(50))])
    for h in (hands, flushes):
        assert fast.strengths5(h).tolist() == [strength5(x) for x in h.tolist()]
    tops = hands[:, :3]
    assert fast.strengths3(tops).tolist() == [strength3(x) for x in tops.tolist()]
    assert fast.orders3(tops).tolist() == [order3(x) for x in tops.tolist()]


def test_every_three_card_hand_in_the_array_tables() -> None:
    import itertools
    tops = np.array(list(itertools.combinations(range(52), 3)))
    assert fast.strengths3(tops).tolist() == [strength3(x) for x in tops.tolist()]


@given(st.integers(1, 16), st.integers(0, 2**32 - 1))
@settings(max_examples=25, deadline=None)
def test_samples_are_distinct_cards_of_the_deck(k: int, seed: int) -> None:
    deck = list(range(10, 52))
    s = fast.sample_without_replacement(deck, 200, k, np.random.default_rng(seed))
    assert s.shape == (200, k)
    assert all(len(set(row)) == k and set(row) <= set(deck) for row in s.tolist())


def test_samples_are_uniform_enough() -> None:
    s = fast.sample_without_replacement(list(range(47)), 47_000, 8, np.random.default_rng(0))
    counts = np.bincount(s.ravel(), minlength=47)
    assert counts.min() > 7000 and counts.max() < 9000   # 8,000 expected each
    first = np.bincount(s[:, 0], minlength=47)
    assert first.min() > 800 and first.max() < 1200       # 1,000 expected each


def test_completions_fill_empty_slots_top_first_and_flag_fouls() -> None:
    board = [int(c) for c in parse_cards("AS AH AD")] + [-1] * 10
    done = fast.Completions(np.array([board]), [c for c in range(52) if c < 48], 300,
                            np.random.default_rng(1))
    assert (done.full[:, :3] == board[:3]).all() and (done.full >= 0).all()
    for row, foul in zip(done.full.tolist(), done.foul.tolist(), strict=True):
        b = (tuple(CARDS[c] for c in row[:3]), tuple(CARDS[c] for c in row[3:8]),
             tuple(CARDS[c] for c in row[8:]))
        assert fouls(b) == foul
    assert done.foul.mean() > 0.9   # trip aces on top: nearly always a foul


def test_row_sizes_and_rounds() -> None:
    assert ROW_SIZES == (3, 5, 5) and sum(ROW_SIZES) == 13
    assert OFC.describe().startswith("ofc: Open Face Chinese Poker (2–4 players)")


def test_the_rules_text_parses() -> None:
    from wpp.core.registry import game_def
    from wpp.core.rulebook import load_rulebook

    name = game_def("ofc").rules_doc
    assert name == "ofc-rules.md"
    book = load_rulebook("wpp.ofc", "rules.md")
    assert len(book.rules) == 10 and "foul" in book.glossary


def test_the_log_and_the_board_say_a_placement_in_plain_words() -> None:
    """Walk-through: the log read "P2 place Q♦ middle." — a verb that does not agree and a
    bare row name; it says "P2 places Q♦ in the middle row." and the board says the same."""
    from widgets.games.ofc.board import OfcBoard
    from wpp.ofc.game import OfcEvent
    one = Place((), tuple(parse_cards("Qd")), ())
    assert OfcEvent(1, one, 0).text_for(None) == "P2 places Q♦ in the middle row."
    two = Place(tuple(parse_cards("As")), (), tuple(parse_cards("2c 3c")))
    assert OfcBoard().describe(two) == "A♠ in the top row and 2♣ 3♣ in the bottom row"
    three = Place(*(tuple(parse_cards(c)) for c in ("As", "Kd", "2c")))
    assert OfcBoard().describe(three) == ("A♠ in the top row, K♦ in the middle row and 2♣ in "
                                          "the bottom row")
