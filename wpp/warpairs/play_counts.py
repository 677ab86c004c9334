"""How many plays a hand holds, and its i-th play, without listing them all.

:func:`wpp.warpairs.moves.all_plays` and :func:`wpp.warpairs.moves.answers` *list* plays. A caller
that needs only their number and one of them — a random player, who draws an index — can count them
instead, from the hand's rank and suit counts, and build just the one it picks:

* :func:`count_plays`: a hand's pairs and its poker hands per section of the generator;
* :func:`nth_play`: ``all_plays(hand)[i]``, building only that play;
* :class:`CountedAnswers`: ``len(answers(hand, table))`` and ``answers(hand, table)[i]``;
  :func:`listed_answers` lists the answers to a single or a pair (there are few).

Hands are **sorted** cards, each once (the engine's hands always are); the public functions
check that and say what is wrong. :mod:`wpp.warpairs.random_games`, which keeps its hands sorted and
calls these thousands of times a second, uses the unchecked ``_count``, ``_nth``,
``_listed`` and :meth:`CountedAnswers.of_sorted`.

The order is the engine's by construction: singles and pairs are picked by position in the
same order, a poker hand is taken from the engine's own generator section
(:func:`wpp.warpairs.moves.poker_section`) after skipping whole sections by their counts, and every
answer is judged by the engine's :func:`wpp.warpairs.judge.decide` (directly, or through tables it
filled once). ``tests/warpairs/test_counting.py`` checks all of it against the listing functions.

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.warpairs.moves import all_plays
>>> hand = sorted(parse_cards("3D 4C 5H 6S 7D 7S 7H"))
>>> c = count_plays(hand)
>>> c.pairs, c.poker, c.total(len(hand)) == len(all_plays(hand))
(3, 4, True)
>>> nth_play(hand, 9) == all_plays(hand)[9]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, groupby, islice
from math import comb
from typing import Final, NamedTuple

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.judge import decide
from wpp.warpairs.moves import POKER_SECTIONS, STRAIGHT_WINDOWS, poker_section
from wpp.warpairs.plays import SINGLES, Category, Mode, Play, make_play
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = ["CountedAnswers", "PlayCounts", "count_plays", "listed_answers", "nth_play"]

# How the counting reads a hand
# -----------------------------
# A hand is one 52-bit int, bit ``c`` for card ``c``; as card = 4 × (rank − 2) + suit, each
# rank is a nibble::
#
#     bit   51 50 49 48 | 47 46 45 44 | … |  3  2  1  0
#           ♠  ♥  ♣  ♦  |  ♠  ♥  ♣  ♦  | … |  ♠  ♥  ♣  ♦
#           ---- A ---- | ---- K ---- | … | ---- 2 ----
#
# ``_RANK_SUMS[v]`` holds, for the four ranks of a 16-bit slice ``v``, five sums over those
# ranks packed in one int, 16 bits per field (the last open-ended), so that four lookups
# *added* give them for the whole hand:
#
#     bits  0-15: Σ C(k,2)  (the pairs)          bits 48-63: Σ C(k,3)·C(k,2)
#     bits 16-31: Σ C(k,2)²                      bits 64-  : ranks with k = 4
#     bits 32-47: Σ C(k,3)  (the sets)
#
# where k is how many cards of the rank the hand holds. No field can carry into the next: the
# largest, Σ C(k,2)², is at most 13 × 36 = 468.
_C2: Final = tuple(comb(k, 2) for k in range(5))
_C3: Final = tuple(comb(k, 3) for k in range(5))
_C5: Final = tuple(comb(k, 5) for k in range(14))
_BIT: Final = tuple(1 << c for c in range(52))
_POP4: Final = tuple(bin(v).count("1") for v in range(16))
_EVERY_4TH: Final = sum(1 << (4 * r) for r in range(13))  # the ♦ bit of every rank
_SUIT_BITS: Final = tuple(_EVERY_4TH << s for s in range(4))


def _rank_sums(k: int) -> int:
    """The five packed sums for one rank held ``k`` times."""
    c2, c3 = _C2[k], _C3[k]
    return c2 | c2 * c2 << 16 | c3 << 32 | c3 * c2 << 48 | (k == 4) << 64


_ONE_RANK: Final = tuple(_rank_sums(_POP4[v]) for v in range(16))
_TWO_RANKS: Final = tuple(_ONE_RANK[v & 15] + _ONE_RANK[v >> 4] for v in range(256))
_RANK_SUMS: Final = tuple(_TWO_RANKS[v & 255] + _TWO_RANKS[v >> 8] for v in range(1 << 16))


class PlayCounts(NamedTuple):
    """How many plays of each kind a hand holds, in the engine's terms.

    ``sections`` follows :data:`wpp.warpairs.moves.POKER_SECTIONS`: two pairs, sets, straights
    (straight flushes included), flushes, full houses, fours (alone or with a kicker).
    """

    pairs: int
    poker: int                    # every poker hand: the sum of the sections
    sections: tuple[int, int, int, int, int, int]
    straight_flushes: int

    def total(self, hand_size: int) -> int:
        """Every play the hand can lead: its singles, pairs and poker hands."""
        return hand_size + self.pairs + self.poker


_NO_COUNTS: Final = PlayCounts(0, 0, (0, 0, 0, 0, 0, 0), 0)


def count_plays(hand: Sequence[Card], rules: Rules = DEFAULT_RULES) -> PlayCounts:
    """Count the pairs and poker hands of a sorted hand without listing them.

    Two pairs are pairs of two distinct ranks, ``(S² − Σ C(k,2)²) / 2`` with ``S = Σ C(k,2)``;
    a set comes alone or with a pair of any other rank (the full houses); four of a kind
    alone or with any kicker; straights are the product of the counts in each window the
    hand covers; flushes are ``C(s, 5)`` per suit less the straight flushes among them,
    which the generator makes with the straights.

    >>> from wpp.core.standard_deck import parse_cards
    >>> count_plays(sorted(parse_cards("2D 2C 2H 5S 5D")))
    PlayCounts(pairs=4, poker=5, sections=(3, 1, 0, 0, 1, 0), straight_flushes=0)
    """
    _check_hand(hand)
    return _count(hand, _check_rules(rules).wraps)


def _count(hand: Sequence[Card], wraps: bool) -> PlayCounts:
    mask = 0
    for c in hand:
        mask |= _BIT[c]
    sums = (_RANK_SUMS[mask & 0xFFFF] + _RANK_SUMS[mask >> 16 & 0xFFFF]
            + _RANK_SUMS[mask >> 32 & 0xFFFF] + _RANK_SUMS[mask >> 48])
    pairs = sums & 0xFFFF
    n = len(hand)
    if not pairs and n < 5:
        return _NO_COUNTS
    sets = sums >> 32 & 0xFFFF
    two_pairs = (pairs * pairs - (sums >> 16 & 0xFFFF)) // 2
    full_houses = sets * pairs - (sums >> 48 & 0xFFFF)
    fours = (sums >> 64) * (n - 3)
    straights = flushes = straight_flushes = 0
    if n >= 5:
        held = (mask | mask >> 1 | mask >> 2 | mask >> 3) & _EVERY_4TH
        if held.bit_count() >= 5:
            for shifts in _windows_in(held, wraps):
                ways = 1
                for shift in shifts:
                    ways *= _POP4[mask >> shift & 15]
                straights += ways
        for s in range(4):
            suited = mask & _SUIT_BITS[s]
            k = suited.bit_count()
            if k >= 5:
                in_suit = len(_windows_in(suited >> s, wraps))
                flushes += _C5[k] - in_suit
                straight_flushes += in_suit
    return PlayCounts(pairs,
                      two_pairs + sets + straights + flushes + full_houses + fours,
                      (two_pairs, sets, straights, flushes, full_houses, fours),
                      straight_flushes)


#: Each straight window as the bit shifts of its ranks' nibbles, their ♦ bits, and whether
#: it wraps (R5).
_WINDOW_NIBBLES: Final = tuple(
    (shifts, sum(1 << sh for sh in shifts), wrap)
    for shifts, wrap in ((tuple(4 * (r - 2) for r in window), wrap)
                         for window, _, wrap in STRAIGHT_WINDOWS))
#: Per wraps flag: held ranks (the ♦ bit of each held rank's nibble) → the windows they
#: cover. Filled on use; at most 2¹³ entries each.
_WINDOWS_IN: Final[dict[bool, dict[int, tuple[tuple[int, ...], ...]]]] = {True: {}, False: {}}


def _windows_in(held: int, wraps: bool) -> tuple[tuple[int, ...], ...]:
    known = _WINDOWS_IN[wraps]
    found = known.get(held)
    if found is None:
        found = known[held] = tuple(shifts for shifts, nibbles, wrap in _WINDOW_NIBBLES
                                    if held & nibbles == nibbles and (wraps or not wrap))
    return found


def nth_play(hand: Sequence[Card], i: int, rules: Rules = DEFAULT_RULES) -> Play:
    """``all_plays(hand, rules)[i]`` for a sorted hand, building that play alone
    (``IndexError`` outside ``0 … len(all_plays(hand)) - 1``)."""
    _check_hand(hand)
    return _nth(hand, i, _count(hand, _check_rules(rules).wraps), rules)


def _nth(hand: Sequence[Card], i: int, counts: PlayCounts, rules: Rules) -> Play:
    """:func:`nth_play` with the hand's counts (made with the same rules) at hand."""
    n = len(hand)
    if 0 <= i < n:
        return SINGLES[hand[i]]
    i -= n
    if 0 <= i < counts.pairs:
        for _, group in groupby(hand, key=_rank_of):
            cards = tuple(group)
            k = _C2[len(cards)]
            if i < k:
                return _PAIRS[next(islice(combinations(cards, 2), i, None))]
            i -= k
    return _nth_in_sections(hand, counts.sections, i - counts.pairs, rules, Category.TWO_PAIR)


def _rank_of(c: Card) -> int:
    return c >> 2


def _nth_in_sections(hand: Sequence[Card], sizes: Sequence[int], i: int, rules: Rules,
                     min_category: Category) -> Play:
    """The ``i``-th play of the generator's sections, given how many each yields."""
    if i >= 0:
        for section, size in enumerate(sizes):
            if i < size:
                play = next(poker_section(hand, section, rules, min_category, i), None)
                if play is None:
                    raise IndexError(f"section {section} has no play {i}: the counts were "
                                     "not made for this hand and these rules")
                return play
            i -= size
    raise IndexError("no play at that index")


_SECTION_OF: Final = {category: i for i, (categories, _) in enumerate(POKER_SECTIONS)
                      for category in categories}


class CountedAnswers:
    """The plays of a sorted hand that beat ``table``, as :func:`wpp.warpairs.moves.answers` lists
    them: :attr:`count` of them, and :meth:`nth` builds one.

    Singles and pairs are listed (there are few). Of the poker hands only the section holding
    the table's own category is generated and judged: every play of a higher category beats
    the table (R8), so those are counted. :meth:`nth` reads the hand again, so it must not
    change in between.

    >>> from wpp.core.standard_deck import parse_cards
    >>> from wpp.warpairs.lookup import classify
    >>> beating = CountedAnswers(sorted(parse_cards("4D 4C 9H 9S KD")), classify("3H 3S"))
    >>> beating.count, str(beating.nth(1))
    (2, '9♥ 9♠ — a pair of nines')
    """

    __slots__ = ("_hand", "_judged", "_own", "_rules", "_sizes", "_table", "count")

    def __init__(self, hand: Sequence[Card], table: Play, rules: Rules = DEFAULT_RULES) -> None:
        _check_hand(hand)
        if not isinstance(table, Play):
            raise WppError(f"the table must be a Play (see wpp.warpairs.lookup.classify), "
                           f"not {table!r}")
        self._fill(hand, table, _check_rules(rules))

    @classmethod
    def of_sorted(cls, hand: Sequence[Card], table: Play, rules: Rules) -> CountedAnswers:
        """The same without checking the arguments: for callers whose hands are always
        sorted cards (the random-game fast path)."""
        self = cls.__new__(cls)
        self._fill(hand, table, rules)
        return self

    def _fill(self, hand: Sequence[Card], table: Play, rules: Rules) -> None:
        self._hand, self._table, self._rules = hand, table, rules
        if table.mode is not Mode.POKER:
            self._judged = _listed(hand, table)
            self._own, self._sizes = 0, [len(self._judged)]
            self.count = len(self._judged)
            return
        counts = _count(hand, rules.wraps)
        category = table.category
        self._own = own = _SECTION_OF[category]
        sizes = [0, 0, 0, 0, 0, 0]
        for section, (categories, _) in enumerate(POKER_SECTIONS):
            if section != own and categories[0] > category:
                sizes[section] = counts.sections[section]
        if category > Category.STRAIGHT and own != 2:  # above STRAIGHT: straight flushes only
            sizes[2] = counts.straight_flushes
        self._judged = []
        if counts.sections[own]:
            for play in poker_section(hand, own, rules, category):
                on_table = decide(play, table)[1]
                if on_table is not None:
                    self._judged.append(on_table)
        sizes[own] = len(self._judged)
        self._sizes = sizes
        self.count = sum(sizes)

    def nth(self, i: int) -> Play:
        """``answers(hand, table)[i]``: the play as it would lie on the table."""
        own = self._own
        before = sum(self._sizes[:own])
        if before <= i < before + self._sizes[own]:
            return self._judged[i - before]
        if self._table.mode is not Mode.POKER:
            raise IndexError("no answer at that index")
        return _nth_in_sections(self._hand, self._sizes, i, self._rules, self._table.category)


def listed_answers(hand: Sequence[Card], table: Play) -> list[Play]:
    """The singles or pairs of a sorted hand that beat a single or pair ``table``, in the
    engine's order: ``answers(hand, table)`` for those modes, through tables the judge filled.
    (A poker table has too many answers to list this way: use :class:`CountedAnswers`.)"""
    _check_hand(hand)
    if not isinstance(table, Play) or table.mode is Mode.POKER:
        raise WppError(f"listed_answers answers a single or a pair, not {table!r}; "
                         "CountedAnswers answers any table")
    return _listed(hand, table)


def _listed(hand: Sequence[Card], table: Play) -> list[Play]:
    if table.mode is Mode.SINGLE:
        beaters = _BEATERS[table.order]
        return [SINGLES[c] for c in hand if beaters >> c & 1]
    beaters = _BEATERS[52 + table.order]
    out = []
    for _, group in groupby(hand, key=_rank_of):
        for a, b in combinations(group, 2):
            if beaters >> b & 1:
                out.append(_PAIRS[a, b])
    return out


def _beaters() -> tuple[int, ...]:
    """What beats a single or a pair, asked once of the engine's judge (no rule restated).

    Entry ``o`` is for a single whose key is card ``o``, entry ``52 + o`` for a pair whose
    key is card ``o``: the keys of the plays that may go on it, as a bit mask. Within these
    modes the judge looks at the keys alone, as the assertion checks.
    """
    out = [0] * 104
    for offset, plays in ((0, SINGLES), (52, tuple(_PAIRS.values()))):
        for table in plays:
            mask = 0
            for play in plays:
                on_table = decide(play, table)[1]
                if on_table is not None:
                    assert on_table == play, "single and pair keys are never lowered"
                    mask |= 1 << play.order
            assert out[offset + table.order] in (0, mask), "decided by the keys alone"
            out[offset + table.order] = mask
    return tuple(out)


def _check_hand(hand: Sequence[Card]) -> None:
    """Refuse, saying why, anything but sorted cards each held once."""
    previous = -1
    for c in hand:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
            raise WppError(f"{c!r} is not a card (cards are wpp.core.standard_deck.Card, 0 to 51)")
        if c <= previous:
            raise WppError(f"a hand must be sorted cards, each once: {Card(c)} comes after "
                             f"{Card(previous)}; pass sorted(hand)")
        previous = c


def _check_rules(rules: Rules) -> Rules:
    if not isinstance(rules, Rules):
        raise WppError(f"rules must be a wpp.warpairs.rules.Rules, not {rules!r}")
    return rules


#: Every pair, by its two cards (low, high), made once.
_PAIRS: Final = {(a, b): make_play((a, b), Category.PAIR, b)
                 for a, b in combinations(CARDS, 2) if a >> 2 == b >> 2}
_BEATERS: Final = _beaters()
