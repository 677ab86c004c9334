"""A 5-card showdown: deal 2 to 6 hands from one shuffled deck, name each hand, find the winner(s).

This is the seed assignment's program (UT CS 313E, "Poker 5-Card Draw", 2013) done right:

* the wheel A-2-3-4-5 is a straight, the lowest one, and A-2-3-4-5 suited a straight flush
  (the assignment's ace-high-only scoring made it a mere ace-high hand or flush);
* hands of exactly equal ranks tie and the pot is split: every tied hand is named (the
  assignment's sample program printed a single winner).

The text printed is the assignment's, line for line:

>>> show = showdown(["9D 9H 6C 8S 8C", "AS 2C 8H JD 4S", "3C 7D 5S 6H 4H"])
>>> print(show.text())
Hand 1: 9D 9H 6C 8S 8C
Hand 2: AS 2C 8H JD 4S
Hand 3: 3C 7D 5S 6H 4H
<BLANKLINE>
Hand 1: Two Pair
Hand 2: High Card
Hand 3: Straight
<BLANKLINE>
Hand 3 wins.

``detail=True`` names each hand in full, which shows *why* one hand beats another of the
same category:

>>> print(showdown(["AS KD QC JH 9S", "AH KC QD JS 9D"]).text(detail=True))
Hand 1: AS KD QC JH 9S
Hand 2: AH KC QD JS 9D
<BLANKLINE>
Hand 1: High Card, Ace-King-Queen-Jack-Nine
Hand 2: High Card, Ace-King-Queen-Jack-Nine
<BLANKLINE>
Hands 1 and 2 tie and split the pot.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from wpp.core.checks import as_rng, check_count
from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card, format_cards
from wpp.poker.ranking import HandValue, _cards, evaluate

__all__ = [
    "MAX_HANDS",
    "MIN_HANDS",
    "Showdown",
    "deal",
    "deal_showdown",
    "showdown",
    "winner_line",
]

#: The assignment's bounds on the number of hands (one deck could serve ten).
MIN_HANDS: Final = 2
MAX_HANDS: Final = 6
HAND_SIZE: Final = 5


def deal(
    n_hands: int, rng: random.Random | int | None = None, *, hand_size: int = HAND_SIZE
) -> list[tuple[Card, ...]]:
    """Shuffle one 52-card deck and deal ``n_hands`` hands, one card at a time round the table.

    ``rng`` is a :class:`random.Random` (to draw from a stream you own) or a seed; the same
    seed always deals the same hands. Any number of hands that the deck can serve is allowed
    here; the 2..6 limit is the showdown's and the command line's.

    >>> [format_cards(h, ascii=True) for h in deal(2, rng=7)]
    ['6C 9S QD 2D 5H', 'JS 4H 4S 6S AH']
    """
    check_count(n_hands, "the number of hands", 1, len(CARDS))
    check_count(hand_size, "the hand size", 1, len(CARDS))
    if n_hands * hand_size > len(CARDS):
        raise WppError(f"cannot deal {n_hands} hands of {hand_size} from one deck")
    stream = as_rng(rng)
    deck = list(CARDS)
    stream.shuffle(deck)
    return [tuple(deck[i : n_hands * hand_size : n_hands]) for i in range(n_hands)]


def winner_line(winners: Sequence[int]) -> str:
    """The closing sentence, for 0-based winner positions: one winner, or a split pot.

    >>> winner_line([2])
    'Hand 3 wins.'
    >>> winner_line([0, 3]), winner_line([0, 1, 4])
    ('Hands 1 and 4 tie and split the pot.', 'Hands 1, 2 and 5 tie and split the pot.')
    """
    numbers = [str(i + 1) for i in winners]
    if not numbers:
        raise WppError("a showdown has at least one winner")
    if len(numbers) == 1:
        return f"Hand {numbers[0]} wins."
    return f"Hands {', '.join(numbers[:-1])} and {numbers[-1]} tie and split the pot."


@dataclass(frozen=True, slots=True)
class Showdown:
    """Hands shown down together: their values and the winners (0-based, ties all listed)."""

    hands: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue, ...]
    winners: tuple[int, ...]

    @property
    def is_split(self) -> bool:
        """True when two or more hands tie for the best and share the pot."""
        return len(self.winners) > 1

    def text(self, *, detail: bool = False, ascii: bool = True) -> str:
        """The assignment's report: the hands, their names, then who wins.

        ``detail`` prints each hand's full name (``Two Pair, Nines and Eights, Six kicker``)
        instead of the category alone; ``ascii=False`` prints suits as ♠ ♥ ♦ ♣.
        """
        lines = [f"Hand {i}: {format_cards(h, ascii=ascii)}" for i, h in enumerate(self.hands, 1)]
        lines.append("")
        lines += [
            f"Hand {i}: {v.name if detail else v.label}" for i, v in enumerate(self.values, 1)
        ]
        lines += ["", winner_line(self.winners)]
        return "\n".join(lines)


def showdown(hands: Iterable[str | Iterable[int]]) -> Showdown:
    """Evaluate 5-card hands (cards or text) and find the winner(s).

    The hands must not share a card: they come from one deck.

    >>> showdown(["TS JS QS KS AS", "TH JH QH KH AH"]).winners   # two royal flushes split
    (0, 1)
    """
    if isinstance(hands, str | bytes | bytearray) or not isinstance(hands, Iterable):
        raise WppError(f"a showdown is a list of hands, not {type(hands).__name__} "
                       f"{hands!r:.40}")
    dealt = tuple(_cards(h) for h in hands)
    seen: set[Card] = set()
    for hand in dealt:
        if seen.intersection(hand):
            raise WppError(f"hands share {format_cards(sorted(seen.intersection(hand)))}")
        seen.update(hand)
    values = tuple(evaluate(h) for h in dealt)
    top = max((v.strength for v in values), default=0)
    return Showdown(dealt, values, tuple(i for i, v in enumerate(values) if v.strength == top))


def deal_showdown(n_hands: int, rng: random.Random | int | None = None) -> Showdown:
    """Deal ``n_hands`` (2..6) five-card hands from one shuffled deck and show them down.

    >>> print(deal_showdown(2, rng=18).text(detail=True))
    Hand 1: 2C 5H JH 5C 8D
    Hand 2: 6C 6S 2H 3D QS
    <BLANKLINE>
    Hand 1: One Pair, Fives, Jack-Eight-Two kickers
    Hand 2: One Pair, Sixes, Queen-Three-Two kickers
    <BLANKLINE>
    Hand 2 wins.
    """
    check_count(n_hands, "the number of hands", MIN_HANDS, MAX_HANDS)
    return showdown(deal(n_hands, rng))
