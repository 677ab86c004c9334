"""The rule flags of Pairs: the CardStock encoding by default, the official rule sheet and
Continuous Pairs by flag.

The default is the RECYCLE coding Mark Goadrich used for the blog's statistics (sibling-games
§4.2), so the published numbers can be reproduced. Each flag names one difference:

* ``start_tie``: ``"random"`` (CardStock: tied lowest cards, a starter drawn at random) or
  ``"extra_card"`` (the rule sheet: the tied players get one more card each, lowest starts,
  repeat; a card that pairs during the tie-break is discarded and replaced);
* ``reshuffle``: ``"round"`` (CardStock: before a round when the deck holds fewer cards than
  players, and before a turn when it is empty) or ``"empty"`` (the rule sheet: when a card
  must be drawn from an empty deck);
* ``only_loser``: the rule sheet has one loser and no winner: every other player shares
  the best rank (CardStock ranks everyone by score);
* ``continuous``: Continuous Pairs — no round reset: only the scorer's stack is cleared, and a
  player with an empty stack must hit.

>>> PairsRules().target(4), PairsRules().target(6)
(16, 11)
>>> PairsRules.official()
PairsRules(start_tie='extra_card', reshuffle='empty', only_loser=True, continuous=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from wpp.core.errors import WppError

__all__ = ["RULE_FIELDS", "PairsRules"]

RULE_FIELDS: Final = ("start_tie", "reshuffle", "only_loser", "continuous")
_CHOICES: Final = {"start_tie": ("random", "extra_card"), "reshuffle": ("round", "empty")}


@dataclass(frozen=True, slots=True)
class PairsRules:
    """How this game of Pairs is played (see the module's text for each flag)."""

    start_tie: str = "random"
    reshuffle: str = "round"
    only_loser: bool = False
    continuous: bool = False

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise WppError(f"{name} is {' or '.join(allowed)}, not {value!r:.20}")
        for name in ("only_loser", "continuous"):
            if not isinstance(getattr(self, name), bool):
                raise WppError(f"{name} is true or false, not {getattr(self, name)!r:.20}")

    @classmethod
    def official(cls, **changes: Any) -> PairsRules:
        """The rule sheet's game (extra-card start, reshuffle on empty, one loser)."""
        return cls(**{"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True,
                      **changes})

    @staticmethod
    def target(players: int) -> int:
        """The score that loses: 60 // players + 1 (11 from six players on)."""
        return max(60 // players + 1, 11)
