"""Small facts about a hand that every part of the classic AI uses.

The classic AI (section 6 of the game's description) sorts a hand's cards into two kinds:

* **power cards** — the twos, kings and aces. They are never used to build the AI's poker
  hands (6.1, 6.2): a two is the only answer to an ace (R9), and kings and aces win
  singles and pairs late in a game, so they are kept for that.
* **ordinary cards** — the threes to queens, grouped by rank. A rank held once is an
  **outlier** (a card that "does not match any other card in the hand"), twice a pair,
  three times three of a kind, four times four of a kind.

Ranks are handled as bit masks (bit ``r`` stands for rank ``r``), so "which ranks are
outliers" or "which ranks does this straight use" are single integers and set algebra is
one machine operation. :data:`RANK_SUM` turns a mask of ranks into the sum of those ranks,
the *strength of outliers* of 6.1.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from wpp.core.standard_deck import Card, format_cards

__all__ = [
    "POWER_ORDER",
    "RANK_SUM",
    "beaten_by",
    "cards_text",
    "is_power",
    "mask_ranks",
    "ranks_text",
]

#: The power ranks in the AI's order of preference to give them up or lead them: twos,
#: then kings, then aces (a two beats only aces; an ace is beaten only by twos).
POWER_ORDER: Final = {2: 0, 13: 1, 14: 2}

#: ``RANK_SUM[mask]`` is the sum of the ranks whose bits are set (ranks 2…14).
def _rank_sums() -> tuple[int, ...]:
    sums = [0] * (1 << 15)
    for m in range(1, 1 << 15):
        low = m & -m
        sums[m] = sums[m ^ low] + low.bit_length() - 1
    return tuple(sums)


RANK_SUM: Final[tuple[int, ...]] = _rank_sums()

_RANK_NAMES: Final = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}


def is_power(c: int) -> bool:
    """True for a two, a king or an ace (card indices 0–3 and 44–51)."""
    return c < 4 or c >= 44


def mask_ranks(mask: int) -> list[int]:
    """The ranks whose bits are set, ascending."""
    return [r for r in range(15) if mask >> r & 1]


def ranks_text(mask: int) -> str:
    """Ranks of a mask in words, e.g. ``"8 9 10 J Q"``."""
    return " ".join(_RANK_NAMES[r] for r in mask_ranks(mask)) or "—"


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as text, or a dash for none (for sentences in explanations)."""
    return format_cards(cards) if cards else "—"


def beaten_by(c: int, held: Iterable[int] = ()) -> int:
    """How many cards, not among ``held``, would beat card ``c`` played as a single (R8, R9).

    The fewer, the safer the card is against an opponent who must beat it: the A♠ is beaten
    only by the four twos, a two by every higher card except the aces.
    """
    r = (c >> 2) + 2
    own = set(held)
    if r == 14:  # higher aces, and every two (twos beat aces)
        beaters = [x for x in range(c + 1, 52)] + [0, 1, 2, 3]
    elif r == 2:  # higher twos and threes … kings; never an ace
        beaters = list(range(c + 1, 48))
    else:
        beaters = list(range(c + 1, 52))
    return sum(1 for x in beaters if x not in own)
