"""Every play a hand can make, and every play that beats the table.

Plays are generated *by structure* — the cards of each rank and suit — rather than by testing
all 2ⁿ subsets of the hand: singles, pairs and sets come from one rank's cards, two pairs and
full houses from two ranks, straights from the cards of five consecutive ranks (wraps included),
flushes from five cards of one suit. Each play is built already classified
(:func:`wpp.warpairs.plays.make_play`); a test checks every one against
:func:`wpp.warpairs.lookup.classify`.

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.warpairs.lookup import classify
>>> hand = parse_cards("3D 4C 5H 6S 7D 7S")
>>> [str(p) for p in answers(hand, classify("6D"))]
['6♠ — the 6♠', '7♦ — the 7♦', '7♠ — the 7♠']
>>> len(all_plays(hand))   # 6 singles, 1 pair, 2 straights
9
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, product
from math import prod
from typing import Final, NamedTuple

from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, Rank, parse_cards
from wpp.warpairs.judge import decide
from wpp.warpairs.plays import (
    SINGLES,
    STRAIGHT_RUNS,
    STRAIGHT_TOPS,
    WRAP_MASKS,
    Category,
    Mode,
    Play,
    make_play,
)
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = ["POKER_SECTIONS", "STRAIGHT_WINDOWS", "all_plays", "answers", "plays_in_mode",
           "poker_section"]

# Straight windows: ranks in run order, their bit mask (bit r for rank r), and whether it wraps.
STRAIGHT_WINDOWS: Final = tuple((run, sum(1 << r for r in run), run[0] > run[4])
                                for run in STRAIGHT_RUNS)


def _group(hand: Sequence[Card]) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault((c >> 2) + 2, []).append(c)
        by_suit.setdefault(c & 3, []).append(c)
    return by_rank, by_suit


class _Grouped(NamedTuple):
    """A sorted hand by rank and by suit: what every section of the generator reads."""

    hand: Sequence[Card]
    by_rank: dict[int, list[Card]]
    by_suit: dict[int, list[Card]]  # suits in the order they first appear in the hand
    ranks: list[int]                # ranks held, low to high
    multi: list[int]                # ranks held twice or more, low to high


def _grouped(hand: Sequence[Card]) -> _Grouped:
    by_rank, by_suit = _group(hand)
    ranks = sorted(by_rank)
    return _Grouped(hand, by_rank, by_suit, ranks, [r for r in ranks if len(by_rank[r]) >= 2])


# Each section yields its plays from index ``start`` on, skipping whole blocks by their size
# where that is cheap (two pairs, straights), so that a caller that wants the i-th play of a
# section (:func:`poker_section`) never builds the plays before it.

def _two_pairs(g: _Grouped, rules: Rules, min_category: Category, start: int) -> Iterator[Play]:
    by_rank, multi = g.by_rank, g.multi
    for i, lo in enumerate(multi):
        for hi in multi[i + 1:]:
            lows, highs = by_rank[lo], by_rank[hi]
            block = _C2[len(lows)] * _C2[len(highs)]
            if start >= block:
                start -= block
                continue
            for p_hi in combinations(highs, 2):
                for p_lo in combinations(lows, 2):
                    if start:
                        start -= 1
                        continue
                    yield make_play(tuple(sorted(p_lo + p_hi)), Category.TWO_PAIR, p_hi[1])


def _sets(g: _Grouped, rules: Rules, min_category: Category, start: int) -> Iterator[Play]:
    for r in g.multi:
        for set3 in combinations(g.by_rank[r], 3):
            if start:
                start -= 1
                continue
            yield make_play(set3, Category.THREE_OF_A_KIND, Rank(r))


def _straights(g: _Grouped, rules: Rules, min_category: Category,
               start: int) -> Iterator[Play]:
    """Straights and straight flushes, window by window (only the flushes above STRAIGHT)."""
    if len(g.ranks) < 5:
        return
    by_rank = g.by_rank
    flushes_only = min_category > Category.STRAIGHT
    held = 0
    for r in g.ranks:
        held |= 1 << r
    for window, wmask, wrap in STRAIGHT_WINDOWS:
        if held & wmask != wmask or (wrap and not rules.wraps):
            continue
        cards = [by_rank[r] for r in window]
        if not flushes_only:
            block = prod(len(c) for c in cards)
            if start >= block:
                start -= block
                continue
        for combo in product(*cards):
            flush = len({c & 3 for c in combo}) == 1
            if flushes_only and not flush:
                continue
            if start:
                start -= 1
                continue
            # The window is in run order, so its last card is the top (R6).
            yield make_play(tuple(sorted(combo)),
                            Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT,
                            combo[4], wrap)


def _flushes(g: _Grouped, rules: Rules, min_category: Category, start: int) -> Iterator[Play]:
    for suited in g.by_suit.values():
        for cards in combinations(suited, 5) if len(suited) >= 5 else ():
            rmask = 0
            for c in cards:
                rmask |= 1 << ((c >> 2) + 2)
            if rmask in STRAIGHT_TOPS and (rules.wraps or rmask not in WRAP_MASKS):
                continue  # a straight flush, made with the straights
            if start:
                start -= 1
                continue
            yield make_play(cards, Category.FLUSH, cards[4])


def _full_houses(g: _Grouped, rules: Rules, min_category: Category,
                 start: int) -> Iterator[Play]:
    by_rank, multi = g.by_rank, g.multi
    for t in multi:
        if len(by_rank[t]) < 3:
            continue
        for three in combinations(by_rank[t], 3):
            for pr in multi:
                if pr == t:
                    continue
                for two in combinations(by_rank[pr], 2):
                    if start:
                        start -= 1
                        continue
                    yield make_play(tuple(sorted(three + two)), Category.FULL_HOUSE, Rank(t))


def _fours(g: _Grouped, rules: Rules, min_category: Category, start: int) -> Iterator[Play]:
    by_rank = g.by_rank
    for r in g.multi:
        if len(by_rank[r]) == 4:
            four = tuple(by_rank[r])
            kickers = [k for k in g.hand if (k >> 2) + 2 != r]
            if start > len(kickers):
                start -= 1 + len(kickers)
                continue
            if not start:
                yield make_play(four, Category.FOUR_OF_A_KIND, Rank(r))
            for k in kickers[max(start - 1, 0):]:
                yield make_play(tuple(sorted((*four, k))), Category.FOUR_OF_A_KIND, Rank(r))
            start = 0


_C2: Final = (0, 0, 1, 3, 6)  # pairs among 0-4 cards of one rank

_Section = Callable[[_Grouped, Rules, Category, int], Iterator[Play]]

#: The generator's sections in the order it runs them: the categories each can yield, and
#: the section itself. A section runs when ``min_category`` is at most its highest category
#: -- four of a kind always runs (the judge then refuses it on a straight flush) -- and
#: straights above STRAIGHT yield their straight flushes only.
POKER_SECTIONS: Final[tuple[tuple[tuple[Category, ...], _Section], ...]] = (
    ((Category.TWO_PAIR,), _two_pairs),
    ((Category.THREE_OF_A_KIND,), _sets),
    ((Category.STRAIGHT, Category.STRAIGHT_FLUSH), _straights),
    ((Category.FLUSH,), _flushes),
    ((Category.FULL_HOUSE,), _full_houses),
    ((Category.FOUR_OF_A_KIND,), _fours),
)


def _runs(section: int, min_category: Category) -> bool:
    categories = POKER_SECTIONS[section][0]
    return section == 5 or min_category <= categories[-1]


def _poker(g: _Grouped, rules: Rules, min_category: Category) -> Iterator[Play]:
    """Every poker play of the hand of category ``min_category`` or higher (and fours)."""
    for i, (_, section) in enumerate(POKER_SECTIONS):
        if _runs(i, min_category):
            yield from section(g, rules, min_category, 0)


def poker_section(hand: Sequence[Card], section: int, rules: Rules = DEFAULT_RULES,
                  min_category: Category = Category.TWO_PAIR, start: int = 0) -> Iterator[Play]:
    """The plays of one section of :data:`POKER_SECTIONS` for a **sorted** hand, lazily, in
    the order :func:`all_plays` and :func:`answers` list them, from the ``start``-th on
    (empty when the section does not run for ``min_category``). For callers that count
    plays and build only the one they pick (:mod:`wpp.warpairs.play_counts`)."""
    if not 0 <= section < len(POKER_SECTIONS):
        raise WppError(f"section is 0 to {len(POKER_SECTIONS) - 1}, not {section!r}")
    if start < 0:
        raise WppError(f"start counts plays from 0, not {start!r}")
    if not _runs(section, min_category):
        return iter(())
    return POKER_SECTIONS[section][1](_grouped(hand), rules, min_category, start)


def plays_in_mode(hand: Sequence[Card], mode: Mode, rules: Rules = DEFAULT_RULES,
                  min_category: Category = Category.TWO_PAIR) -> list[Play]:
    """Every play of one mode the hand can make (poker: from ``min_category`` up)."""
    return _plays_in_mode(sorted(hand), mode, rules, min_category)


def _plays_in_mode(hand: list[Card], mode: Mode, rules: Rules,
                   min_category: Category) -> list[Play]:
    # ``hand`` is sorted, so every generated play's cards come out sorted.
    if mode is Mode.SINGLE:
        return [SINGLES[c] for c in hand]
    if mode is Mode.PAIR:
        return _pairs(_group(hand)[0])
    return list(_poker(_grouped(hand), rules, min_category))


def _pairs(by_rank: dict[int, list[Card]]) -> list[Play]:
    return [make_play(p, Category.PAIR, p[1])
            for cards in by_rank.values() if len(cards) > 1 for p in combinations(cards, 2)]


_CARD_TYPE: Final = frozenset({Card})


def _cards_of(hand: Iterable[Card]) -> Sequence[Card]:
    """``hand`` if it is a list or tuple of distinct cards (the fast check), else read by
    :func:`~wpp.core.standard_deck.parse_cards` (card text, card indexes) or refused with its
    error (a card named twice among them)."""
    if (isinstance(hand, list | tuple) and set(map(type, hand)) <= _CARD_TYPE
            and len(set(hand)) == len(hand)):
        return hand
    return parse_cards(hand)


def all_plays(hand: Sequence[Card], rules: Rules = DEFAULT_RULES) -> list[Play]:
    """Every distinct play the hand can lead: singles, then pairs, then poker hands."""
    ordered = sorted(_cards_of(hand))
    out = [SINGLES[c] for c in ordered]
    if len(ordered) > 1:
        g = _grouped(ordered)
        out += _pairs(g.by_rank)
        if g.multi or len(ordered) >= 5:  # a poker hand needs one of these
            out += _poker(g, rules, Category.TWO_PAIR)
    return out


def answers(hand: Sequence[Card], table: Play | None, rules: Rules = DEFAULT_RULES) -> list[Play]:
    """Every play of the hand that may go on ``table`` (as it would then lie on the table).

    With an empty table this is :func:`all_plays`. Plays whose key R9 lowers come back
    lowered, so the result can be put on the table as it is.
    """
    if table is None:
        return all_plays(hand, rules)
    if not isinstance(table, Play):
        raise WppError(f"the table is a Play (or None for an empty table), not "
                       f"{type(table).__name__} {table!r:.40}")
    min_category = table.category if table.mode is Mode.POKER else Category.TWO_PAIR
    result = []
    for p in _plays_in_mode(sorted(_cards_of(hand)), table.mode, rules, min_category):
        on_table = decide(p, table)[1]
        if on_table is not None:
            result.append(on_table)
    return result
