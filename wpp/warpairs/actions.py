"""The actions a player can take, as small frozen values (hashable, comparable, JSON-able).

=================  =========================================================  ======
action             when                                                       rule
=================  =========================================================  ======
``Mulligan``       the mulligan: put exactly 3 cards of your hand in the pile  R11
``PlayCards``      lead a fresh trick, or beat the play on the table           R7, R13
``Draw``           instead of beating: take a deck card; then one more         R14
``TakeFromPile``   instead of beating: take one face-up pile card              R14
``Redraw``         once a game, right after deck draws: swap them for new ones R15
``Stop``           after one deck card: stop drawing, ending the turn          R14
``Pass``           lead nothing; the opponent must lead                        R16
``Concede``        give up the game                                            R19
=================  =========================================================  ======

>>> from wpp.core.standard_deck import parse_cards
>>> PlayCards(parse_cards("7S 7H"))
PlayCards(cards=(Card('7♥'), Card('7♠')))
>>> action_from_json(PlayCards(parse_cards("7S 7H")).to_json())
PlayCards(cards=(Card('7♥'), Card('7♠')))
>>> print(TakeFromPile(parse_cards("QD")[0]))
take Q♦ from the pile
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from wpp.core.errors import WppError
from wpp.core.protocol import check_action_object
from wpp.core.standard_deck import Card, CardParseError, format_cards, parse_card, parse_cards

__all__ = [
    "ACTION_TYPES",
    "ACTION_WORDS",
    "Action",
    "Concede",
    "Draw",
    "Mulligan",
    "Pass",
    "PlayCards",
    "Redraw",
    "Stop",
    "TakeFromPile",
    "action_from_json",
    "check_action",
]


def _sorted_cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(cards)))


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Put these 3 cards face up in the pile (R11). Cards are kept sorted."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "mulligan"

    def __init__(self, cards: Iterable[Card] | str) -> None:
        object.__setattr__(self, "cards", _sorted_cards(cards))

    def __str__(self) -> str:
        return f"mulligan {format_cards(self.cards)}"

    def check(self) -> Mulligan:
        """This action if it holds a tuple of cards, else a ``WppError`` (for
        :func:`check_action`: an object built around the constructor skips its checks)."""
        if not isinstance(self.cards, tuple) or not all(type(c) is Card for c in self.cards):
            raise WppError(f"a {self.kind} action holds cards, not {self.cards!r:.60}")
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "cards": format_cards(self.cards, ascii=True)}


@dataclass(frozen=True, slots=True)
class PlayCards:
    """Play these cards (R7, R13). Cards are kept sorted, so equal plays compare equal."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "play"

    def __init__(self, cards: Iterable[Card] | str) -> None:
        object.__setattr__(self, "cards", _sorted_cards(cards))

    @classmethod
    def of_sorted(cls, cards: tuple[Card, ...]) -> PlayCards:
        """Fast path for the move generator: ``cards`` are already distinct, sorted Cards."""
        action = _PLAY_CACHE.get(cards)
        if action is None:
            action = object.__new__(cls)
            object.__setattr__(action, "cards", cards)
            _PLAY_CACHE[cards] = action
        return action

    def __str__(self) -> str:
        return f"play {format_cards(self.cards)}"

    def check(self) -> PlayCards:
        """This action if it holds a tuple of cards, else a ``WppError`` (for
        :func:`check_action`: an object built around the constructor skips its checks)."""
        if not isinstance(self.cards, tuple) or not all(type(c) is Card for c in self.cards):
            raise WppError(f"a {self.kind} action holds cards, not {self.cards!r:.60}")
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "cards": format_cards(self.cards, ascii=True)}


# Every play ever generated, by its cards (at most ~27,000 distinct plays exist).
_PLAY_CACHE: dict[tuple[Card, ...], PlayCards] = {}


@dataclass(frozen=True, slots=True)
class TakeFromPile:
    """Take this face-up card from the pile instead of beating the table (R14)."""

    card: Card
    kind: ClassVar[str] = "pile"

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise CardParseError(f"{self.card!r} is not a card")

    def __str__(self) -> str:
        return f"take {self.card} from the pile"

    def check(self) -> TakeFromPile:
        """This action if it holds a card, else a ``WppError`` (see :func:`check_action`)."""
        if type(self.card) is not Card:
            raise WppError(f"a pile action holds a card, not {self.card!r:.40}")
        return self

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "card": self.card.ascii}


@dataclass(frozen=True, slots=True)
class _Simple:
    """An action with no arguments."""

    kind: ClassVar[str] = ""
    text: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Draw(_Simple):
    """Take the top deck card instead of beating the table; after one, optionally one more (R14)."""

    kind: ClassVar[str] = "draw"
    text: ClassVar[str] = "draw a card"


@dataclass(frozen=True, slots=True)
class Stop(_Simple):
    """Stop drawing after one deck card; the turn ends (R14)."""

    kind: ClassVar[str] = "stop"
    text: ClassVar[str] = "stop drawing"


@dataclass(frozen=True, slots=True)
class Redraw(_Simple):
    """Once a game: put this turn's deck cards in the pile and draw as many anew (R15)."""

    kind: ClassVar[str] = "redraw"
    text: ClassVar[str] = "re-draw"


@dataclass(frozen=True, slots=True)
class Pass(_Simple):
    """Lead nothing; the opponent must lead and may not pass back (R16)."""

    kind: ClassVar[str] = "pass"
    text: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Concede(_Simple):
    """Give up: the player to act loses (R19)."""

    kind: ClassVar[str] = "concede"
    text: ClassVar[str] = "concede"


Action = Mulligan | PlayCards | Draw | TakeFromPile | Redraw | Stop | Pass | Concede

_SIMPLE: dict[str, Action] = {a.kind: a for a in (Draw(), Stop(), Redraw(), Pass(), Concede())}


def action_from_json(data: object) -> Action:
    """Read an action written by ``to_json``; anything malformed raises
    :class:`~wpp.core.errors.WppError` (a ``ValueError``)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise WppError(f"an action must be an object with a 'type', not {data!r}")
    kind = data["type"]
    fields = set(data) - {"type"}
    if kind in _SIMPLE:
        if fields:
            raise WppError(f"a {kind!r} action takes no fields, got {sorted(fields)}")
        return _SIMPLE[kind]
    if kind in ("mulligan", "play"):
        if fields != {"cards"} or not isinstance(data["cards"], str):
            raise WppError(f"a {kind!r} action needs exactly a 'cards' string, got {data!r}")
        return Mulligan(data["cards"]) if kind == "mulligan" else PlayCards(data["cards"])
    if kind == "pile":
        if fields != {"card"} or not isinstance(data["card"], str):
            raise WppError(f"a 'pile' action needs exactly a 'card' string, got {data!r}")
        return TakeFromPile(parse_card(data["card"]))
    raise WppError(f"unknown action type {kind!r}")


#: The action classes, and how a refusal names them (the game's
#: :attr:`~wpp.core.protocol.GameDef.action_types` and ``action_words``).
ACTION_TYPES: Final = (Mulligan, PlayCards, Draw, TakeFromPile, Redraw, Stop, Pass, Concede)
ACTION_WORDS: Final = "mulligan, play, draw, pile, redraw, stop, pass or concede"


def check_action(action: object) -> Action:
    """``action`` if it is a well-formed action, else a :class:`~wpp.core.errors.WppError` naming
    what is wrong. The constructors check their cards, but an object can be built around
    them (``object.__new__``, a pickled or hand-edited one): the engine's front door checks
    the shape once, so no refusal can fail while wording itself. The kit's one check
    (:func:`~wpp.core.protocol.check_action_object`, as every game's ``step`` uses)."""
    checked: Action = check_action_object(action, ACTION_TYPES,
                                          f"a WarPairsPoker action ({ACTION_WORDS})")
    return checked
