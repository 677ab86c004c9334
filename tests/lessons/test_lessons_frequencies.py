"""Lesson 6's numbers (``wpp.warpairs.frequencies``): exact counts checked against the textbook
five-card counts, hand categories against a direct count of ranks and suits, and the
simulation against the exact probabilities."""

from __future__ import annotations

import math
from collections import Counter

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.ai.mulligan import analyse_mulligan
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.frequencies import (
    MULLIGAN_KINDS,
    POKER,
    best_table,
    exact_holds,
    hand_categories,
    holds_figure,
    holds_table,
    mulligan_figure,
    mulligan_kind,
    mulligan_table,
    simulate,
)
from wpp.warpairs.plays import Category
from wpp.warpairs.rules import Rules

FIVE = math.comb(52, 5)


def test_exact_counts_give_the_textbook_five_card_hands() -> None:
    counts = {c: round(p * FIVE) for c, p in exact_holds(5).items()}
    assert counts == {
        Category.TWO_PAIR: 123_552 + 3_744,          # two pair, or a full house
        Category.THREE_OF_A_KIND: 54_912 + 3_744 + 624,
        Category.STRAIGHT: 13 * 4**5,                 # 13 windows with the wrap-arounds
        Category.FLUSH: 4 * math.comb(13, 5),
        Category.FULL_HOUSE: 3_744,
        Category.FOUR_OF_A_KIND: 624,
        Category.STRAIGHT_FLUSH: 13 * 4,
    }
    no_wraps = exact_holds(5, wraps=False)
    assert round(no_wraps[Category.STRAIGHT] * FIVE) == 9 * 4**5
    assert round(no_wraps[Category.STRAIGHT_FLUSH] * FIVE) == 9 * 4


def test_exact_counts_for_a_deal_follow_the_pigeonhole_principle() -> None:
    p = exact_holds()
    # Two pair is missed only by four of a kind and twelve single cards; a flush only by 4-4-4-4.
    assert math.isclose(1 - p[Category.TWO_PAIR], 13 * 4**12 / math.comb(52, 16), rel_tol=1e-6)
    assert math.isclose(1 - p[Category.FLUSH], math.comb(13, 4) ** 4 / math.comb(52, 16),
                        rel_tol=1e-9)
    assert p[Category.FULL_HOUSE] <= p[Category.THREE_OF_A_KIND]
    assert p[Category.STRAIGHT_FLUSH] <= min(p[Category.STRAIGHT], p[Category.FLUSH])
    assert all(0 < v <= 1 for v in p.values())


def _direct(hand: list[Card], wraps: bool = True) -> set[Category]:
    """Categories counted straight from ranks and suits, without the move generator."""
    ranks = Counter(c.rank for c in hand)
    suits: dict[int, set[int]] = {}
    for c in hand:
        suits.setdefault(int(c.suit), set()).add(int(c.rank))
    cyc = list(range(2, 15))
    windows = [set(cyc[i:i + 5]) for i in range(9)]
    if wraps:
        windows += [set((cyc + cyc)[i:i + 5]) for i in range(9, 13)]
    present = set(ranks)
    out: set[Category] = set()
    if sum(n >= 2 for n in ranks.values()) >= 2:
        out.add(Category.TWO_PAIR)
    if any(n >= 3 for n in ranks.values()):
        out.add(Category.THREE_OF_A_KIND)
        if sum(n >= 2 for n in ranks.values()) >= 2:
            out.add(Category.FULL_HOUSE)
    if any(n == 4 for n in ranks.values()):
        out.add(Category.FOUR_OF_A_KIND)
    if any(w <= present for w in windows):
        out.add(Category.STRAIGHT)
    if any(len(s) >= 5 for s in suits.values()):
        out.add(Category.FLUSH)
    if any(w <= s for s in suits.values() for w in windows):
        out.add(Category.STRAIGHT_FLUSH)
    return out


@settings(max_examples=150)
@given(st.lists(st.sampled_from(CARDS), min_size=0, max_size=20, unique=True), st.booleans())
def test_hand_categories_count_ranks_and_suits(hand: list[Card], wraps: bool) -> None:
    assert set(hand_categories(hand, Rules(wraps=wraps))) == _direct(hand, wraps)


def test_a_simulation_is_seeded_and_describes_both_hands() -> None:
    a, b = simulate(30, seed=5), simulate(30, seed=5)
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 60 and list(a["seat"][:2]) == [0, 1]
    first = deal(5)[:DEAL_SIZE]
    assert a.loc[0, "mulligan"] == mulligan_kind(first)
    assert a.loc[0, "power"] == sum(c.rank in (2, 13, 14) for c in first)
    assert set(a["mulligan"]) <= set(MULLIGAN_KINDS)
    assert not simulate(30, seed=6).equals(a)


def test_the_mulligan_kind_is_the_ais_plan() -> None:
    for seed in range(30):
        hand = deal(seed)[:DEAL_SIZE]
        plan = analyse_mulligan(hand).chosen.plan
        assert mulligan_kind(hand) == ("no poker hand" if plan is None else plan.category.label)


def test_the_simulation_agrees_with_the_exact_counts() -> None:
    hands = simulate(1000, seed=10_000)
    table = holds_table(hands)
    n = len(hands)
    for c in POKER:
        share, exact = table.loc[c.label, "share"], table.loc[c.label, "exact"]
        se = math.sqrt(max(exact * (1 - exact), 1e-4) / n)
        assert abs(share - exact) < 5 * se, c.label


def test_the_tables_add_up() -> None:
    hands = simulate(50, seed=3)
    for table in (best_table(hands), mulligan_table(hands)):
        assert table["count"].sum() == len(hands)
        assert math.isclose(table["share"].sum(), 1.0)
        assert ((table["low"] <= table["share"]) & (table["share"] <= table["high"])).all()
    holds = holds_table(hands)
    assert list(holds.index) == [c.label for c in POKER]
    assert len(holds_figure(holds).axes) == 1
    assert len(mulligan_figure(mulligan_table(hands)).axes) == 1


def test_a_progress_bar_changes_nothing() -> None:
    pd.testing.assert_frame_equal(simulate(5, seed=1, progress=True), simulate(5, seed=1))
