"""The shape every card game of the kit has: states, views, actions, events, and a definition.

A game of the kit is one :class:`GameDef` subclass — its rules as code — registered by a
module in :mod:`wpp.games` that names it with its agents (see :mod:`wpp.core.registry`).
Everything above the engines — the history (:class:`~wpp.core.history.History`), agents,
self-play, tournaments, the pages — talks to a game only through this protocol, so a new game
needs no change outside its own package, its widgets and its notebooks.

The split follows OpenSpiel's game/state pair, with immutable states as in pokerkit:

* a **state** is the whole truth of one moment (every card's place), immutable and comparable;
  the game definition reads it and makes the next one (:meth:`GameDef.step`);
* a **view** is what one player may know — built by :meth:`GameDef.view`, so hidden information
  is kept back by construction; agents and pages only ever get views;
* an **action** is a small immutable value with a JSON form;
* an **event** narrates one applied action: public words for everyone and private words for
  the actor (``text_for(viewer)``).

The conformance suite (``tests/core/test_conformance.py``) runs every registered game through
the same checks: random play to the end, card conservation, undo identity, save/load, same seed
same game, and views that do not change when the hidden cards are re-dealt.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

__all__ = [
    "ActionLike",
    "AgentFactory",
    "CardLike",
    "EventLike",
    "GameDef",
    "ViewLike",
]


@runtime_checkable
class CardLike(Protocol):
    """A card of any deck: hashable, printable (``str(card)``: "7♠", "9") and with a plain
    ASCII name (``card.ascii``: "7S") for files and command lines."""

    def __hash__(self) -> int: ...

    @property
    def ascii(self) -> str: ...


class ActionLike(Protocol):
    """A move: immutable, comparable, hashable, with a JSON form its game can read back."""

    def __hash__(self) -> int: ...

    def to_json(self) -> Any: ...


class EventLike(Protocol):
    """One applied action, narrated: public words, and the actor's own (which may name cards
    only the actor saw)."""

    @property
    def player(self) -> int: ...

    def text_for(self, viewer: int | None) -> str: ...


class ViewLike(Protocol):
    """What one player may know. ``legal_actions()`` is computed from the view alone."""

    @property
    def player(self) -> int: ...

    @property
    def my_turn(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...


S = TypeVar("S")          # the game's state type
A = TypeVar("A")          # its action type
V = TypeVar("V")          # its view type
R = TypeVar("R")          # its rule flags (a frozen object)

#: Builds an agent of one game: ``factory(seed, **options)``.
AgentFactory = Callable[..., Any]


class GameDef(ABC, Generic[S, A, V, R]):
    """One card game's rules as code, behind the kit's shared protocol.

    Subclasses set the class attributes and implement the abstract methods; the rest have
    defaults built on them. Every method is a pure function of its arguments: the definition
    holds no game in progress (that is the state's job), so one instance serves every game.
    """

    #: The registry key and command-line name ("warpairs", "draw").
    name: ClassVar[str]
    #: The name shown to people ("WarPairsPoker").
    title: ClassVar[str]
    #: One sentence for menus and the home page.
    blurb: ClassVar[str] = ""
    #: The player counts the game allows, and the default.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    #: True when the returns of every finished game add up to zero.
    zero_sum: ClassVar[bool] = True
    #: The notebook (under ``notebooks/``) that is this game's web page, if it has one.
    page: ClassVar[str | None] = None
    #: The game's rules text (under ``docs/``), if it has one.
    rules_doc: ClassVar[str | None] = None

    # --- rule flags ----------------------------------------------------------------------
    @abstractmethod
    def rules(self, **flags: Any) -> R:
        """The game's rule object from keyword flags (none: the defaults). A bad flag name or
        value raises :class:`~wpp.errors.WppError` naming it."""

    @abstractmethod
    def rules_to_json(self, rules: R) -> dict[str, Any]:
        """The rule object as JSON (every field, so a save file is complete)."""

    @abstractmethod
    def rules_from_json(self, doc: Any) -> R:
        """The rule object back from :meth:`rules_to_json` (raises ``WppError`` on bad input)."""

    # --- the game ------------------------------------------------------------------------
    @abstractmethod
    def new(self, seed: int, players: int, rules: R, deck: Sequence[Any] | None = None) -> S:
        """The state right after the deal. ``deck`` (top first) replaces the seed's shuffle:
        for lessons and tests that need a given deal."""

    @abstractmethod
    def to_act(self, state: S) -> int:
        """The seat to act (meaningless once the game is over)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action of the seat to act (empty once over)."""

    @abstractmethod
    def step(self, state: S, action: A, narrate: bool = True) -> tuple[S, EventLike]:
        """The state after ``action`` and its narrated event. An illegal action raises
        :class:`~wpp.errors.IllegalAction` naming the rule; nothing changes."""

    @abstractmethod
    def view(self, state: S, player: int) -> V:
        """What ``player`` may know now, and nothing more."""

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's result of a finished game (1 win / -1 loss / 0 draw in a two-player
        zero-sum game; a game may define a scale of its own, e.g. scaled ranks)."""

    @abstractmethod
    def outcome(self, state: S) -> str:
        """How the game ended, in words ("P1 wins: P2 reached the hand limit")."""

    @abstractmethod
    def redeal_hidden(self, state: S, player: int, rng: random.Random) -> S:
        """The same position as ``player`` sees it with every card hidden from them dealt
        anew (other hands, the deck's order, secret choices). Its view for ``player`` equals
        the original's; Monte Carlo agents sample the unknown with it."""

    @abstractmethod
    def cards(self, state: S) -> Counter[Hashable]:
        """Every card of the state, wherever it lies, counted (for card conservation)."""

    @abstractmethod
    def full_deck(self, state: S) -> Counter[Hashable]:
        """The cards the game is played with, counted: ``cards(state)`` always equals it."""

    @abstractmethod
    def action_from_json(self, raw: Any) -> A:
        """An action back from its JSON form (raises ``WppError`` on bad input)."""

    @abstractmethod
    def deck_from_json(self, raw: Any) -> Sequence[Any]:
        """A stacked deck back from its JSON form (raises ``WppError`` on bad input)."""

    @abstractmethod
    def deck_to_json(self, deck: Sequence[Any]) -> Any:
        """A stacked deck as JSON."""

    @abstractmethod
    def digest_parts(self, state: S) -> list[str]:
        """The state as text lines, every field that matters, for save-file digests."""

    def players_of(self, state: S) -> int:
        """How many seats the state has (default: the game's only count)."""
        return self.default_players

    def describe(self) -> str:
        """One line for listings: title, players and blurb."""
        seats = (f"{self.min_players}" if self.min_players == self.max_players
                 else f"{self.min_players}–{self.max_players}")
        return f"{self.name}: {self.title} ({seats} players) — {self.blurb}".rstrip(" —")
