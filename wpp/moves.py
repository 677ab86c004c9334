"""Every play a hand can make, and every play that beats the table.

Plays are generated *by structure* — the cards of each rank and suit — rather than by testing
all 2ⁿ subsets of the hand: singles, pairs and sets come from one rank's cards, two pairs and
full houses from two ranks, straights from the cards of five consecutive ranks (wraps included),
flushes from five cards of one suit. Each play is built already classified
(:func:`wpp.plays.make_play`); a test checks every one against :func:`wpp.plays.classify`.

>>> from wpp.cards import parse_cards
>>> from wpp.plays import classify
>>> hand = parse_cards("3D 4C 5H 6S 7D 7S")
>>> [str(p) for p in answers(hand, classify("6D"))]
['6♠ — the 6♠', '7♦ — the 7♦', '7♠ — the 7♠']
>>> len(all_plays(hand))   # 6 singles, 1 pair, 2 straights
9
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import Final

from wpp.cards import Card, Rank
from wpp.judge import decide
from wpp.plays import (
    SINGLES,
    STRAIGHT_TOPS,
    WRAP_MASKS,
    Category,
    Mode,
    Play,
    make_play,
)
from wpp.rules import DEFAULT_RULES, Rules

__all__ = ["all_plays", "answers", "plays_in_mode"]

# Straight windows: ranks in run order, their bit mask (bit r for rank r), and whether it wraps.
_RUNS: Final = (
    *(tuple(range(low, low + 5)) for low in range(2, 11)),
    (11, 12, 13, 14, 2), (12, 13, 14, 2, 3), (13, 14, 2, 3, 4), (14, 2, 3, 4, 5),
)
_WINDOWS: Final = tuple((run, sum(1 << r for r in run), run[0] > run[4]) for run in _RUNS)


def _group(hand: Sequence[Card]) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault((c >> 2) + 2, []).append(c)
        by_suit.setdefault(c & 3, []).append(c)
    return by_rank, by_suit


def _poker(by_rank: dict[int, list[Card]], by_suit: dict[int, list[Card]],
           hand: Sequence[Card], rules: Rules, min_category: Category) -> Iterator[Play]:
    """Every poker play of the hand of category ``min_category`` or higher."""
    ranks = sorted(by_rank)
    multi = [r for r in ranks if len(by_rank[r]) >= 2]
    if min_category <= Category.TWO_PAIR:
        for i, lo in enumerate(multi):
            for hi in multi[i + 1:]:
                for p_hi in combinations(by_rank[hi], 2):
                    for p_lo in combinations(by_rank[lo], 2):
                        cards = tuple(sorted(p_lo + p_hi))
                        yield make_play(cards, Category.TWO_PAIR, p_hi[1])
    if min_category <= Category.THREE_OF_A_KIND:
        for r in multi:
            for set3 in combinations(by_rank[r], 3):
                yield make_play(set3, Category.THREE_OF_A_KIND, Rank(r))
    if min_category <= Category.STRAIGHT_FLUSH and len(ranks) >= 5:
        held = 0
        for r in ranks:
            held |= 1 << r
        for window, wmask, wrap in _WINDOWS:
            if held & wmask != wmask or (wrap and not rules.wraps):
                continue
            for combo in product(*(by_rank[r] for r in window)):
                flush = len({c & 3 for c in combo}) == 1
                if not flush and min_category > Category.STRAIGHT:
                    continue
                # The window is in run order, so its last card is the top (R6).
                yield make_play(tuple(sorted(combo)),
                                Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT,
                                combo[4], wrap)
    if min_category <= Category.FLUSH:
        for suited in by_suit.values():
            for cards in combinations(suited, 5) if len(suited) >= 5 else ():
                rmask = 0
                for c in cards:
                    rmask |= 1 << ((c >> 2) + 2)
                if rmask in STRAIGHT_TOPS and (rules.wraps or rmask not in WRAP_MASKS):
                    continue  # a straight flush, made above
                yield make_play(cards, Category.FLUSH, cards[4])
    if min_category <= Category.FULL_HOUSE:
        trips = [r for r in multi if len(by_rank[r]) >= 3]
        for t in trips:
            for three in combinations(by_rank[t], 3):
                for pr in multi:
                    if pr == t:
                        continue
                    for two in combinations(by_rank[pr], 2):
                        yield make_play(tuple(sorted(three + two)), Category.FULL_HOUSE, Rank(t))
    for r in multi:
        if len(by_rank[r]) == 4:
            four = tuple(by_rank[r])
            yield make_play(four, Category.FOUR_OF_A_KIND, Rank(r))
            for k in hand:
                if (k >> 2) + 2 != r:
                    yield make_play(tuple(sorted((*four, k))), Category.FOUR_OF_A_KIND, Rank(r))


def plays_in_mode(hand: Sequence[Card], mode: Mode, rules: Rules = DEFAULT_RULES,
                  min_category: Category = Category.TWO_PAIR) -> list[Play]:
    """Every play of one mode the hand can make (poker: from ``min_category`` up)."""
    return _plays_in_mode(sorted(hand), mode, rules, min_category)


def _plays_in_mode(hand: list[Card], mode: Mode, rules: Rules,
                   min_category: Category) -> list[Play]:
    # ``hand`` is sorted, so every generated play's cards come out sorted.
    if mode is Mode.SINGLE:
        return [SINGLES[c] for c in hand]
    by_rank, by_suit = _group(hand)
    if mode is Mode.PAIR:
        return _pairs(by_rank)
    return list(_poker(by_rank, by_suit, hand, rules, min_category))


def _pairs(by_rank: dict[int, list[Card]]) -> list[Play]:
    return [make_play(p, Category.PAIR, p[1])
            for cards in by_rank.values() if len(cards) > 1 for p in combinations(cards, 2)]


def all_plays(hand: Sequence[Card], rules: Rules = DEFAULT_RULES) -> list[Play]:
    """Every distinct play the hand can lead: singles, then pairs, then poker hands."""
    ordered = sorted(hand)
    out = [SINGLES[c] for c in ordered]
    if len(ordered) > 1:
        by_rank, by_suit = _group(ordered)
        out += _pairs(by_rank)
        if len(by_rank) < len(ordered) or len(ordered) >= 5:  # a poker hand needs one of these
            out += _poker(by_rank, by_suit, ordered, rules, Category.TWO_PAIR)
    return out


def answers(hand: Sequence[Card], table: Play | None, rules: Rules = DEFAULT_RULES) -> list[Play]:
    """Every play of the hand that may go on ``table`` (as it would then lie on the table).

    With an empty table this is :func:`all_plays`. Plays whose key R9 lowers come back
    lowered, so the result can be put on the table as it is.
    """
    if table is None:
        return all_plays(hand, rules)
    min_category = table.category if table.mode is Mode.POKER else Category.TWO_PAIR
    result = []
    for p in _plays_in_mode(sorted(hand), table.mode, rules, min_category):
        on_table = decide(p, table)[1]
        if on_table is not None:
            result.append(on_table)
    return result
