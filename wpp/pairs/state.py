"""Pairs' state, view and actions: immutable values the definition reads and makes.

Every card is face up except the deck (``stock``, top first) and the five burned cards
(``burned``): the stacks in play, the score piles and the discard pile are public. A
:class:`PairsView` is the state without those two (only their sizes) and without the seed
that drives the game's later chance events (reshuffles, random start ties).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Final

from wpp.core.views import TurnView
from wpp.pairs.cards import DECK, Card
from wpp.pairs.rules import PairsRules

__all__ = ["FOLD", "HIT", "PairsAction", "PairsState", "PairsView"]


class PairsAction(Enum):
    """The two choices of a turn, in CardStock's order: fold first, then hit."""

    FOLD = "fold"
    HIT = "hit"

    def to_json(self) -> str:
        return self.value

    def __str__(self) -> str:
        return self.value


FOLD: Final = PairsAction.FOLD
HIT: Final = PairsAction.HIT

Stacks = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class PairsState:
    """The whole truth of one moment of Pairs.

    ``hands[s]`` is seat ``s``'s face-up stack in the order dealt; ``scores[s]`` its score
    pile; ``chance`` counts the chance events so far (each reshuffle or random start tie draws
    its randomness from the seed and this count, so a game replays exactly).
    """

    seed: int
    rules: PairsRules
    players: int
    stock: tuple[Card, ...]
    burned: tuple[Card, ...]
    discard: tuple[Card, ...]
    hands: Stacks
    scores: Stacks
    to_act: int
    over: bool
    round: int
    starter: int
    reshuffles: int
    chance: int

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(s) for s in self.scores)

    @property
    def target(self) -> int:
        return self.rules.target(self.players)


def legal(rules: PairsRules, hands: Stacks, to_act: int, over: bool, drawable: int
          ) -> list[PairsAction]:
    """The legal actions, fold first: fold needs a card in the actor's own stack (always
    true in the standard game; in Continuous Pairs an empty stack must hit), hit needs a card
    to draw somewhere (deck, discards or burned cards)."""
    if over:
        return []
    moves = []
    if hands[to_act]:
        moves.append(FOLD)
    if drawable:
        moves.append(HIT)
    return moves


@dataclass(frozen=True, slots=True)
class PairsView(TurnView):
    """What ``player`` may know: every face-up card, the deck's and the burn's sizes."""

    player: int
    to_act: int
    rules: PairsRules
    players: int
    hands: Stacks
    scores: Stacks
    discard: tuple[Card, ...]
    stock_size: int
    burned_size: int
    over: bool
    round: int
    starter: int
    reshuffles: int

    @property
    def target(self) -> int:
        return self.rules.target(self.players)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(s) for s in self.scores)

    def legal_actions(self) -> list[PairsAction]:
        """The actor's legal actions, fold first (none if it is not this player's turn)."""
        if not self.my_turn:
            return []
        return legal(self.rules, self.hands, self.to_act, self.over,
                     self.stock_size + self.burned_size + len(self.discard))

    def unseen(self) -> Counter[Card]:
        """The cards this player cannot see (the deck and the burned cards), counted: the
        whole deck minus every face-up card."""
        seen = Counter([*self.discard, *(c for h in self.hands for c in h),
                        *(c for s in self.scores for c in s)])
        return Counter(DECK) - seen

    def in_play(self) -> list[tuple[Card, int]]:
        """Every card in the stacks with its owner."""
        return [(c, s) for s in range(self.players) for c in self.hands[s]]
