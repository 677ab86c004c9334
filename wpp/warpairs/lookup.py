"""Cards to plays at the speed of a dictionary lookup, and the checked way in from cards or
text: :func:`play_of`, :func:`classify`, :func:`beats`, :func:`why_not`.

Every play there is (about 26,000) is built once by the move generator
(:func:`wpp.warpairs.moves.all_plays`) and filed by the bit mask of its cards; a question is then
one lookup. This module sits above the move generator on purpose — the imports of the engine go
one way: play types (:mod:`wpp.warpairs.plays`) ← the judge (:mod:`wpp.warpairs.judge`) ← move
generation (:mod:`wpp.warpairs.moves`) ← this lookup ← counting (:mod:`wpp.warpairs.play_counts`).

>>> classify("7H 7S").describe()
'a pair of sevens'
>>> beats("2D", "AS"), why_not("7C 8H", None)
(True, '7♣ 8♥ is not a play: two cards must be a pair, two cards of the same rank (R4)')
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Final

from wpp.core.standard_deck import CARDS, Card, format_cards, parse_cards
from wpp.warpairs.judge import judge
from wpp.warpairs.moves import all_plays
from wpp.warpairs.plays import WRAP_MASKS, IllegalPlay, Play
from wpp.warpairs.rules import DEFAULT_RULES, Rules, check_rules

__all__ = ["beats", "classify", "play_of", "why_not"]


def _reject(cards: tuple[Card, ...], why: str) -> IllegalPlay:
    return IllegalPlay(why, "R5" if "wrap-around" in why else "R4", cards)


# Every play there is, by the bit mask of its cards (bit i for the card with index i), one
# table per value of the wraps flag; built on first use from the move generator (~0.1 s).
_TABLES: dict[bool, dict[int, Play]] = {}
_BIT: Final = {c: 1 << c for c in CARDS}  # a dict, so a bad index raises KeyError


def _table(wraps: bool) -> dict[int, Play]:
    table = _TABLES.get(wraps)
    if table is None:
        table = {sum(_BIT[c] for c in p.cards): p
                 for p in all_plays(CARDS, Rules(wraps=wraps))}
        _TABLES[wraps] = table
    return table


def _as_cards(hand: tuple[object, ...]) -> tuple[Card, ...]:
    """``hand`` as cards (whole numbers 0..51 are card indexes), or an ``IllegalPlay`` naming
    the first thing that is no card — a bool or a float is not one, whatever it equals."""
    out = []
    for c in hand:
        if isinstance(c, Card):
            out.append(c)
        elif type(c) is int and 0 <= c < 52:
            out.append(CARDS[c])
        else:
            raise IllegalPlay(f"{c!r:.30} is not a card (R3)", "R3")
    return tuple(out)


def play_of(cards: Iterable[Card], rules: Rules = DEFAULT_RULES) -> Play | None:
    """The play these cards make, or ``None`` if they make none: one dictionary lookup.

    The fast question; :func:`classify` asks the same and explains a refusal in words.

    >>> play_of(parse_cards("9S 9H")).describe(), play_of(parse_cards("9S 8H"))
    ('a pair of nines', None)
    """
    try:
        table = _TABLES.get(rules.wraps) or _table(rules.wraps)
    except AttributeError:
        check_rules(rules)
        raise
    mask = 0
    n = 0
    try:
        for c in cards:
            mask |= _BIT[c]
            n += 1
    except (KeyError, TypeError):  # not cards: read them as parse_cards does, or say why
        return play_of(parse_cards(cards), rules)
    if n != mask.bit_count():
        return None  # a card named twice
    return table.get(mask)


def classify(cards: Iterable[Card] | str, rules: Rules = DEFAULT_RULES) -> Play:
    """Classify cards as a play (R4–R6), or raise :class:`IllegalPlay` saying why.

    Accepts cards or card text. The cards are sorted in the result.

    >>> classify("7S 7H 7D 7C 3D").describe()
    'four sevens with the 3♦ as kicker'
    >>> classify("2D 3C 4H 5S AD").key    # A-2-3-4-5 is 5-high (R6)
    Card('5♠')
    >>> classify("JC QD KH AS 2D", Rules(wraps=False))
    Traceback (most recent call last):
    ...
    wpp.warpairs.plays.IllegalPlay: J♣ Q♦ K♥ A♠ 2♦ is not a play: ... are off in these rules, R5)
    """
    if isinstance(cards, str):
        hand = parse_cards(cards)
    else:
        try:
            hand = tuple(cards)
        except TypeError:  # not iterable (an ABC check here costs a tenth of the call)
            raise IllegalPlay(f"{cards!r:.30} is not cards: give cards or card text (R3)",
                              "R3") from None
    for c in hand:
        if type(c) is not Card:  # plain ints 0..51 name cards too; nothing else does
            hand = _as_cards(hand)
            break
    found = play_of(hand, rules)
    if found is not None:
        return found
    # Not a play: work out why, in words (the slow path; the lookup above is the fast one).
    if len(set(hand)) != len(hand):
        raise IllegalPlay(f"{format_cards(hand)} names a card twice (R3)", "R3")
    if not hand:
        raise IllegalPlay("no cards selected: a play is 1 card, a pair, or a poker hand of "
                          "3 to 5 cards (R4)")
    if len(hand) > 5:
        raise _reject(hand, f"{len(hand)} cards are too many; the largest play is 5 cards (R4)")
    # Every play is in the table, so these cards are none. Five cards of one suit are always a
    # flush, so why they are no play depends on their ranks alone.
    key = 0
    for c in hand:
        key += _RANK_COUNT[c]
    raise _reject(hand, (_REASONS.get(rules.wraps) or _reasons(rules.wraps))[key])


# Rank multisets packed in an int, 3 bits of count per rank; why such ranks are no play.
_RANK_COUNT: Final = {c: 1 << (3 * (c >> 2)) for c in CARDS}
_REASONS: dict[bool, dict[int, str]] = {}


def _reasons(wraps: bool) -> dict[int, str]:
    """Why each multiset of 2–5 ranks (that is not always a play) is no play (R4, R5)."""
    out: dict[int, str] = {}
    for n in range(2, 6):
        for ranks in combinations_with_replacement(range(13), n):
            counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
            if counts[0] > 4:
                continue
            out[sum(1 << (3 * r) for r in ranks)] = _why_no_play(ranks, counts, wraps)
    _REASONS[wraps] = out
    return out


def _why_no_play(ranks: tuple[int, ...], counts: list[int], wraps: bool) -> str:
    n = len(ranks)
    if n == 2:
        return "two cards must be a pair, two cards of the same rank (R4)"
    if n == 3:
        return "three cards must be three of a kind (R4)"
    if n == 4:
        return "four cards must be two pair or four of a kind (R4)"
    if counts == [2, 2, 1]:
        return "two pair is always played as 4 cards, without a kicker (R4)"
    if counts == [3, 1, 1]:
        return "three of a kind is always played as 3 cards, without kickers (R4)"
    if counts == [2, 1, 1, 1]:
        return "a pair with three other cards is no poker hand (R4)"
    wrap = sum(1 << (r + 2) for r in ranks) in WRAP_MASKS
    extra = " (wrap-around straights are off in these rules, R5)" if wrap and not wraps \
        else " (R4, R5)"
    return "five cards of different ranks must be a straight or a flush" + extra



def _as_play(x: Play | Iterable[Card] | str, rules: Rules) -> Play:
    return x if isinstance(x, Play) else classify(x, rules)


def beats(new: Play | Iterable[Card] | str, old: Play | Iterable[Card] | str,
          rules: Rules = DEFAULT_RULES) -> bool:
    """True when ``new`` may be played on ``old`` (plays, cards or card text).

    Cards that are not a play raise :class:`~wpp.warpairs.plays.IllegalPlay`.
    """
    return judge(_as_play(new, rules), _as_play(old, rules)).legal


def why_not(new: Play | Iterable[Card] | str, old: Play | Iterable[Card] | str | None,
            rules: Rules = DEFAULT_RULES) -> str | None:
    """Why ``new`` may not be played on ``old``, in words naming the rule; ``None`` if it may.

    >>> why_not("7C 7H", "7D 7S")
    "this pair's key 7♥ is lower than the table's 7♠; a pair must beat the table's key (R8)"
    >>> why_not("7C 8H", None)
    '7♣ 8♥ is not a play: two cards must be a pair, two cards of the same rank (R4)'
    """
    try:
        p = _as_play(new, rules)
    except IllegalPlay as err:
        return str(err)
    v = judge(p, None if old is None else _as_play(old, rules))
    return None if v.legal else v.reason
