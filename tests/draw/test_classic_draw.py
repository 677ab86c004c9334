"""Tests of wpp.classic.draw: exact draw odds against brute force, the rules, the AI, a round."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from collections import Counter
from math import comb
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.classic.draw import (
    PAT_HAND,
    DrawAI,
    DrawRules,
    Opponent,
    RandomDiscarder,
    StandPat,
    choose_discard,
    explain,
    play_draw,
)
from wpp.classic.game import Discard, DrawView
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.poker.ranking import CLASS_COUNT, Category, category_of, class_size, strength5


def brute_force(hand: tuple[Card, ...], keep: tuple[Card, ...]) -> Counter[int]:
    """Every replacement set drawn from the 47 unseen cards, evaluated one by one."""
    unseen = [c for c in CARDS if c not in hand]
    return Counter(strength5(keep + d) for d in itertools.combinations(unseen, 5 - len(keep)))


HANDS = [
    "9D 9H 6C 8S 8C",  # two pair
    "AH KH QH JH 2C",  # four to a royal flush
    "AS KS 7S 3S 2D",  # four-flush
    "AS 2S 3S 4S 9D",  # four to a steel wheel
    "7D 5C 4H 3S 9D",  # nothing
    "QS QH QD 5C 2H",  # trips
    "2H 5H 8H JH KH",  # a pat flush
    "AS 2S 3S 4S 5S",  # a pat steel wheel
]


@pytest.mark.parametrize("text", HANDS)
def test_every_option_matches_brute_force_enumeration(text: str) -> None:
    hand = parse_cards(text)
    e = explain(hand, DrawRules(ace_allows_four=True))
    assert len(e.options) == len(DrawRules(ace_allows_four=True).discard_options(hand))
    for option in e.options:
        expected = brute_force(hand, option.keep)
        assert dict(option.distribution) == dict(expected), option.discard_text
        assert option.draws == comb(47, len(option.discard))
        per_category = Counter[Category]()
        for s, n in expected.items():
            per_category[category_of(s)] += n
        assert all(option.count(c) == per_category[c] for c in Category)


@settings(max_examples=4, deadline=None)
@given(st.permutations(range(52)))
def test_random_hands_match_brute_force(deck: list[int]) -> None:
    hand = tuple(CARDS[c] for c in deck[:5])
    for option in explain(hand).options:
        assert dict(option.distribution) == dict(brute_force(hand, option.keep))


def test_textbook_draw_odds() -> None:
    # a pair, drawing three: improves 28.71 % of the time
    pair = next(o for o in explain("2S 2H AD KC QS").options if o.keep_text == "2S 2H")
    assert round(float(pair.improve), 4) == 0.2871
    # a four-flush drawing one: 9 outs of 47; an open-ended straight draw: 8 outs
    flush = next(o for o in explain("AS KS 7S 3S 2D").options if o.discard_text == "2D")
    assert flush.count(Category.FLUSH) == 9 and flush.draws == 47
    straight = next(o for o in explain("5D 6C 7H 8S KD").options if o.discard_text == "KD")
    assert straight.count(Category.STRAIGHT) == 8
    # an inside straight draw: 4 outs; two pair drawing one: 4 outs to a full house
    gutshot = next(o for o in explain("5D 6C 8H 9S KD").options if o.discard_text == "KD")
    assert gutshot.count(Category.STRAIGHT) == 4
    two_pair = explain("9D 9H 6C 8S 8C").best
    assert two_pair.discard_text == "6C" and two_pair.count(Category.FULL_HOUSE) == 4
    # trips drawing two: quads with the one card left (46 of 1081 draws)
    trips = next(o for o in explain("QS QH QD 5C 2H").options if o.keep_text == "QS QH QD")
    assert trips.count(Category.FOUR_OF_A_KIND) == 46 and trips.draws == 1081


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(52)))
def test_explanation_is_consistent(deck: list[int]) -> None:
    e = explain(tuple(CARDS[c] for c in deck[:5]))
    equities = [o.equity for o in e.options]
    assert equities == sorted(equities, reverse=True)
    for o in e.options:
        assert sum(o.category_counts) == o.draws == sum(n for _, n in o.distribution)
        assert sorted(o.keep + o.discard) == sorted(e.hand)
        assert 0 <= o.equity <= 1 and 0 <= o.improve <= 1
    pat = next(o for o in e.options if not o.discard)
    assert pat.distribution == ((e.value.strength, 1),) and pat.improve == 0


# ------------------------------------------------------------------------------ rules


def test_rules_limit_the_discard() -> None:
    hand = parse_cards("AS 7D 5C 3H 2S")
    rules = DrawRules()
    assert rules.allows(hand, ()) and rules.allows(hand, hand[2:])
    assert not rules.allows(hand, hand[1:])  # four cards
    assert not rules.allows(hand, parse_cards("KD"))  # not in the hand
    assert not rules.allows(hand, (hand[1], hand[1]))  # twice
    ace = DrawRules(ace_allows_four=True)
    assert ace.allows(hand, hand[1:])  # keeps the ace
    assert not ace.allows(hand, hand[:4])  # keeps the two of spades
    assert not ace.allows(hand, hand)  # five cards
    assert len(rules.discard_options(hand)) == 26
    assert len(ace.discard_options(hand)) == 27
    assert len(ace.discard_options(parse_cards("AS AD 5C 3H 2S"))) == 28
    assert len(DrawRules(max_discard=5).discard_options(hand)) == 32
    assert "4 if the card you keep is an ace" in ace.describe()


@pytest.mark.parametrize("bad", [-1, 6])
def test_rules_reject_impossible_limits(bad: int) -> None:
    with pytest.raises(ValueError, match="max_discard"):
        DrawRules(max_discard=bad)


def test_drawing_five_is_exact_too() -> None:
    """With no card kept the draw can be a flush of any suit (the other branch)."""
    hand = parse_cards("AS 7D 5C 3H 2S")
    option = next(o for o in explain(hand, DrawRules(max_discard=5)).options if not o.keep)
    assert option.draws == comb(47, 5)
    assert dict(option.distribution) == dict(brute_force(hand, ()))


# --------------------------------------------------------------------------- opponents


def test_pat_hand_model_is_the_dealt_distribution() -> None:
    assert PAT_HAND.total == comb(52, 5)
    assert PAT_HAND.weights[1:] == tuple(class_size(s) for s in range(1, CLASS_COUNT + 1))
    equities = [PAT_HAND.equity(s) for s in range(1, CLASS_COUNT + 1)]
    assert equities == sorted(equities) and equities[0] > 0 and equities[-1] < 1


def test_drawing_opponent_tables() -> None:
    for rules in (DrawRules(), DrawRules(ace_allows_four=True)):
        model = Opponent.for_rules(rules)
        assert model is not PAT_HAND and len(model.weights) == CLASS_COUNT + 1
        share = Counter[Category]()
        for s in range(1, CLASS_COUNT + 1):
            share[category_of(s)] += model.weights[s]
        dealt = Counter[Category]()
        for s in range(1, CLASS_COUNT + 1):
            dealt[category_of(s)] += class_size(s)
        # drawing makes hands better: fewer high cards, more of everything from two pair up
        assert share[Category.HIGH_CARD] / model.total < dealt[Category.HIGH_CARD] / comb(52, 5)
        for cat in (Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FULL_HOUSE):
            assert share[cat] / model.total > dealt[cat] / comb(52, 5)
    assert Opponent.for_rules(DrawRules(max_discard=2)) is PAT_HAND


def test_opponent_from_strengths_and_validation() -> None:
    model = Opponent.from_strengths([10, 10, 20, 7462], "four hands")
    assert model.total == 4 and model.equity(20) == (2 * 2 + 1) / 8
    with pytest.raises(ValueError):
        Opponent.from_strengths([0], "bad")
    with pytest.raises(ValueError):
        Opponent("short", (0, 1, 2))
    with pytest.raises(ValueError):
        Opponent("empty", (0,) * (CLASS_COUNT + 1))


# ------------------------------------------------------------------------------ the AI


@pytest.mark.parametrize(
    ("hand", "discard"),
    [
        ("2S 2H AD KC QS", "AD KC QS"),  # keep the pair of twos (against a drawing opponent)
        ("AH KH QH JH 2C", "2C"),  # four to a royal flush
        ("9D 9H 6C 8S 8C", "6C"),  # two pair
        ("3C 7D 5S 6H 4H", ""),  # a made straight stands pat
        ("2H 5H 8H JH KH", ""),  # a made flush stands pat
        ("QS QH QD 5C 2H", "5C 2H"),  # trips draw two
    ],
)
def test_ai_plays_sensible_draws(hand: str, discard: str) -> None:
    assert choose_discard(hand) == parse_cards(discard)


def test_with_the_ace_rule_a_lone_ace_draws_four() -> None:
    rules = DrawRules(ace_allows_four=True)
    assert choose_discard("AS 7D 5C 3H 2S", rules) == parse_cards("7D 5C 3H 2S")
    assert choose_discard("AS 7D 5C 3H 2S") == parse_cards("5C 3H 2S")  # keeps A-7


def test_the_dealt_hand_model_overvalues_ace_king() -> None:
    """The documented reason for the drawing-opponent default."""
    assert choose_discard("2S 2H AD KC QS", opponent=PAT_HAND) == parse_cards("2S 2H QS")


def test_explanation_outputs() -> None:
    e = explain("9D 9H 6C 8S 8C")
    text = str(e)
    assert "Two Pair, Nines and Eights, Six kicker" in text
    assert text.splitlines()[-1].startswith("Best: keep 9♦ 9♥ 8♠ 8♣ and draw 1 card.")
    assert len(e.text(top=3).splitlines()) == 4 + 3 + 2
    records = e.to_records()
    assert records[0]["keep"] == "9D 9H 8S 8C" and records[0]["n_discard"] == 1
    assert records[0]["p_full_house"] == pytest.approx(4 / 47)
    for row in records:
        total = sum(v for k, v in row.items() if k.startswith("p_") and k != "p_improve")
        assert total == pytest.approx(1)
    pd = pytest.importorskip("pandas")
    frame = e.to_dataframe()
    assert isinstance(frame, pd.DataFrame) and len(frame) == len(e.options) == 26


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([-1, 0, 4, 8, 12], r"0\.\.51, not -1"),  # once read silently as the A♠
        ([0, 4, 8, 12, 52], r"0\.\.51, not 52"),
        ([0, 4, 8, 12, 12], "twice"),
        ([0, 4, 8, 12], "5 cards, not 4"),
    ],
)
def test_explain_refuses_bad_card_indices(cards: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        explain(cards)
    assert explain([51, 0, 4, 8, 12]).hand == explain("AS 2D 3D 4D 5D").hand


def test_importing_wpp_classic_does_not_import_pandas() -> None:
    code = (
        "import sys, wpp.classic, wpp.classic.draw, wpp.classic.__main__; "
        "print('pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ------------------------------------------------------------------------------ a round


def test_a_round_deals_one_deck_and_draws_from_the_stub() -> None:
    ai = DrawAI()
    r = play_draw([ai, StandPat()], rng=11)
    assert ai.last is not None and ai.last.hand == r.dealt[0]
    everything = [c for h in r.dealt for c in h] + [c for d in r.drawn for c in d]
    assert len(set(everything)) == len(everything)
    for dealt, discard, drawn, final in zip(
        r.dealt, r.discards, r.drawn, r.result.hands, strict=True
    ):
        assert len(discard) == len(drawn)
        assert final == tuple(c for c in dealt if c not in discard) + drawn
    assert r.discards[1] == ()
    assert play_draw([DrawAI(), StandPat()], rng=11) == r  # repeatable


def test_round_text() -> None:
    r = play_draw([DrawAI(), DrawAI()], rng=3)
    text = r.text(["You", "AI"])
    assert text.splitlines()[0].startswith("You  dealt ")
    assert text.endswith(("You win.", "AI wins.", "Split pot: You and AI tie."))


def test_illegal_discards_are_refused() -> None:
    class Greedy:
        name = "greedy"

        def choose(self, view: DrawView) -> Discard:
            return Discard(view.hand[:4])

    with pytest.raises(ValueError, match="may not discard"):
        play_draw([Greedy(), StandPat()], rng=1)


def test_many_players_and_the_reshuffle() -> None:
    class DrawFour:
        name = "draw four"

        def choose(self, view: DrawView) -> Discard:
            return Discard(view.hand[:4])

    rules = DrawRules(max_discard=4)
    r = play_draw([DrawFour()] * 6, rules, rng=5)  # 30 dealt + 24 drawn > 52: reshuffle
    finals = [c for h in r.result.hands for c in h]
    assert len(set(finals)) == 30
    with pytest.raises(ValueError, match="2 to 6"):
        play_draw([StandPat()], rng=1)


def test_the_ai_beats_simple_strategies() -> None:
    rng = random.Random(2024)
    for baseline in (StandPat(), RandomDiscarder(rng)):
        score = 0.0
        games = 150
        for _ in range(games):
            r = play_draw([DrawAI(), baseline], rng=rng)
            score += 1.0 if r.winners == (0,) else 0.5 if len(r.winners) == 2 else 0.0
        assert score / games > 0.6, type(baseline).__name__


@pytest.mark.slow
def test_stored_drawing_opponent_matches_a_fresh_sample() -> None:
    """The stored tables against the exact draw odds of 800 random deals (a fixed sample).

    As in the generator, one analysis under the ace rule serves both rule sets: the standard
    choice is the best option that discards at most three cards.
    """
    rng = random.Random(7)
    deals = 800
    sampled = {"standard": Counter[Category](), "ace_allows_four": Counter[Category]()}
    for _ in range(deals):
        options = explain(tuple(rng.sample(CARDS, 5)), DrawRules(ace_allows_four=True), PAT_HAND)
        chosen = {
            "standard": next(o for o in options.options if len(o.discard) <= 3),
            "ace_allows_four": options.best,
        }
        for name, option in chosen.items():
            for cat in Category:
                sampled[name][cat] += option.probability(cat) / deals
    for name, rules in (
        ("standard", DrawRules()),
        ("ace_allows_four", DrawRules(ace_allows_four=True)),
    ):
        model = Opponent.for_rules(rules)
        stored = Counter[Category]()
        for s in range(1, CLASS_COUNT + 1):
            stored[category_of(s)] += model.weights[s]
        for cat in Category:
            # within about three standard errors of the sample mean
            assert abs(sampled[name][cat] - stored[cat] / model.total) < 0.05, (name, cat)


def test_the_stored_opponent_tables_are_a_data_file_with_sound_weights() -> None:
    """The drawing opponents come from the package's JSON data file: one weight per class
    1..7,462 (index 0 unused), every class reachable, and the ace rule changes them."""
    import json
    from importlib import resources

    from wpp.classic.draw import OPPONENTS_FILE, _opponent_weights

    raw = json.loads(resources.files("wpp.classic").joinpath(OPPONENTS_FILE).read_text())
    assert set(raw) == {"about", "weights"}
    tables = _opponent_weights()
    assert set(tables) == {"standard", "ace_allows_four"}
    for weights in tables.values():
        assert len(weights) == CLASS_COUNT + 1 and weights[0] == 0
        assert all(isinstance(w, int) and w > 0 for w in weights[1:])
    assert tables["standard"] != tables["ace_allows_four"]
    assert Opponent.for_rules(DrawRules()).weights == tables["standard"]


def test_the_generator_writes_exactly_the_stored_data_file(tmp_path: Path) -> None:
    """The generator's writer and the package's reader agree: the stored tables, written
    again by :func:`wpp.classic.opponents.write_tables`, give the packaged file byte for byte
    (so the file is the generator's output, not an edited copy). And the tables are whole
    counts over every deal: each sums to a divisor of 2,598,960 deals times the common
    multiple of the draw counts C(47, k) (the generator divides by the gcd only)."""
    from importlib import resources

    from wpp.classic.draw import OPPONENTS_FILE, _opponent_weights
    from wpp.classic.opponents import _lcm_of_draw_counts, write_tables

    out = tmp_path / "opponents.json"
    write_tables(out, _opponent_weights())
    stored = resources.files("wpp.classic").joinpath(OPPONENTS_FILE).read_bytes()
    assert out.read_bytes() == stored
    for weights in _opponent_weights().values():
        assert comb(52, 5) * _lcm_of_draw_counts() % sum(weights) == 0
