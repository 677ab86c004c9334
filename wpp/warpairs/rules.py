"""WarPairsPoker's rules: the text R1–R20 the engine cites, and the flags that may vary.

The rules are stated once, in ``wpp/warpairs/rules.md`` (read by :func:`rulebook`;
``docs/rules.md`` is
its generated copy): every rule's text, where it comes from (the game's author or the kit's
decision), examples and a glossary. The engine implements them (:mod:`wpp.warpairs.plays`,
:mod:`wpp.warpairs.judge`, :mod:`wpp.warpairs`) and cites them by id ("(R9)"); :func:`rule` looks
an id up, so a citation of a rule that does not exist is an error the tests catch.

Only the points the rules text marks **Flag** may vary; each is a field of :class:`Rules`
with the default the text gives.

>>> rule("R9").title, rule("R9").summary
('Twos beat aces', 'twos beat aces in every mode, and an ace may never go on a two')
>>> rule("R12").source
"the kit's decision"

>>> Rules()
Rules(wraps=True, hand_limit=26, empty_deck=<EmptyDeck.RESHUFFLE: 'reshuffle'>, turn_limit=1000)
>>> Rules(wraps=False).wraps
False
>>> Rules(hand_limit=3)
Traceback (most recent call last):
...
wpp.core.errors.WppError: hand_limit must be at least 17 (a player holds 13 to 16 cards after ...
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.rulebook import Rulebook, RuleText, load_rulebook

__all__ = ["DEFAULT_RULES", "RULES_TEXT", "EmptyDeck", "Rules", "check_rules", "rule",
           "rulebook"]

#: Where the rules text lives: (package, file) for :mod:`importlib.resources`, and its copy
#: under ``docs/``.
RULES_TEXT: Final = ("wpp.warpairs", "rules.md", "rules.md")


@cache
def rulebook() -> Rulebook:
    """WarPairsPoker's rules text, read once."""
    package, name, _ = RULES_TEXT
    return load_rulebook(package, name)


def rule(rule_id: str) -> RuleText:
    """The rule the engine cites as ``rule_id`` (``"R9"``); ``KeyError`` naming the rules
    there are for an id that is no rule."""
    return rulebook()[rule_id]


class EmptyDeck(Enum):
    """What happens when a player must take a deck card and the deck is empty (R18)."""

    #: Shuffle the discards of finished tricks into a new deck (the table's cards stay).
    RESHUFFLE = "reshuffle"
    #: Never rebuild the deck: only the face-up pile can be drawn from.
    PILE_ONLY = "pile-only"


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule flags of the rules text (each rule marked **Flag**); the defaults are the
    rules as written."""

    #: R5: the four wrap-around straights J-Q-K-A-2 … A-2-3-4-5 exist.
    wraps: bool = True
    #: R17: a player holding this many cards or more after a draw loses (None: no limit).
    #: The original program only checked *exactly* 26.
    hand_limit: int | None = 26
    #: R18: what an empty deck does.
    empty_deck: EmptyDeck = EmptyDeck.RESHUFFLE
    #: R20: after this many actions (mulligans included) the game is a draw.
    turn_limit: int = 1000

    def __post_init__(self) -> None:
        if not isinstance(self.wraps, bool):
            raise WppError(f"wraps must be True or False, not {self.wraps!r}")
        if self.hand_limit is not None and (
            not isinstance(self.hand_limit, int) or isinstance(self.hand_limit, bool)
            or self.hand_limit < 17
        ):
            raise WppError(
                "hand_limit must be at least 17 (a player holds 13 to 16 cards after the deal "
                f"and the mulligan) or None for no limit, not {self.hand_limit!r}"
            )
        if not isinstance(self.empty_deck, EmptyDeck):
            raise WppError(
                f"empty_deck must be one of {[e.value for e in EmptyDeck]}, not {self.empty_deck!r}"
            )
        if (not isinstance(self.turn_limit, int) or isinstance(self.turn_limit, bool)
                or self.turn_limit < 2):
            raise WppError(f"turn_limit must be a whole number of actions ≥ 2, not "
                             f"{self.turn_limit!r}")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; :meth:`from_json` reads it back."""
        return {
            "wraps": self.wraps,
            "hand_limit": self.hand_limit,
            "empty_deck": self.empty_deck.value,
            "turn_limit": self.turn_limit,
        }

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Read :meth:`to_json`'s form, rejecting unknown or ill-typed fields."""
        if not isinstance(data, dict):
            raise WppError(f"rules must be a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"wraps", "hand_limit", "empty_deck", "turn_limit"}
        if unknown:
            raise WppError(f"unknown rule flags: {sorted(unknown)}")
        kwargs: dict[str, Any] = dict(data)
        if "empty_deck" in kwargs:
            try:
                kwargs["empty_deck"] = EmptyDeck(kwargs["empty_deck"])
            except ValueError:
                raise WppError(
                    f"empty_deck must be one of {[e.value for e in EmptyDeck]}, "
                    f"not {kwargs['empty_deck']!r}"
                ) from None
        return cls(**kwargs)


#: The rules exactly as the rules text states them.
DEFAULT_RULES = Rules()


def check_rules(rules: object) -> Rules:
    """``rules`` if they are WarPairsPoker's :class:`Rules`, else a ``WppError`` naming what
    was given (the lookups ask when something else came as ``rules``)."""
    if not isinstance(rules, Rules):
        raise WppError(f"rules must be a wpp.Rules, not {type(rules).__name__} {rules!r:.40}")
    return rules
