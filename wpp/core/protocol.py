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

import math
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from wpp.core.errors import WppError
from wpp.core.rulebook import Rulebook, load_rulebook

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

#: The file name of every game's rules text inside its package.
RULES_SOURCE = "rules.md"

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
    #: Who the fairness metric's "first player" is, in words (see :meth:`first_player`).
    first_player_label: ClassVar[str] = "the first seat"
    #: True when the returns of every finished game add up to zero.
    zero_sum: ClassVar[bool] = True
    #: The notebook (under ``notebooks/``) that is this game's web page, if it has one.
    page: ClassVar[str | None] = None
    #: The name of the copy under ``docs/`` of the game's rules text, if it has one. The
    #: source is ``rules.md`` in the game's package (:meth:`rulebook`), copied to ``docs/`` by
    #: ``scripts/sync_rules.py``.
    rules_doc: ClassVar[str | None] = None

    @property
    def package(self) -> str:
        """The game's package, where its rules text and data live (``"wpp.ofc"``)."""
        return type(self).__module__.rpartition(".")[0]

    def rulebook(self) -> Rulebook | None:
        """The game's rules text (``rules.md`` in its package), parsed; ``None`` if the game
        has none."""
        if self.rules_doc is None:
            return None
        return load_rulebook(self.package, RULES_SOURCE)

    # --- rule flags ----------------------------------------------------------------------
    @abstractmethod
    def rules(self, **flags: Any) -> R:
        """The game's rule object from keyword flags (none: the defaults). A bad flag name or
        value raises :class:`~wpp.core.errors.WppError` naming it."""

    def check_flags(self, flags: Sequence[str], fields: Sequence[str]) -> None:
        """Refuse a rule flag the game does not have, naming it and the game's flags (for
        :meth:`rules`)."""
        unknown = sorted(set(flags) - set(fields))
        if unknown:
            raise WppError(f"{self.title} has no rule {', '.join(unknown)}; its rules are "
                           f"{', '.join(fields)}")

    def check_rules_doc(self, doc: Any, fields: Sequence[str]) -> dict[str, Any]:
        """``doc`` if it is a JSON object naming exactly the game's rule ``fields`` (for
        :meth:`rules_from_json`: a save file states every rule), else ``WppError``."""
        if not isinstance(doc, dict) or set(doc) != set(fields):
            raise WppError(f"the rules of {self.title} are exactly {', '.join(fields)}, "
                           f"not {doc!r:.60}")
        return doc

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
        :class:`~wpp.core.errors.IllegalAction` naming the rule; nothing changes."""

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

    # --- analysis hooks: optional, each with a default that suits any game ---------------
    # The tournaments of :mod:`wpp.analysis` (through :mod:`wpp.core.arena`) call these at
    # every decision and at the end of every game; a game overrides the ones it can say
    # better, and adds its own columns, without touching the generic code.

    def branching(self, state: S, legal: Sequence[A]) -> int:
        """How many real choices the player to act has, given their ``legal`` actions
        (default: all of them). A game may leave out a choice no one makes (WarPairsPoker's
        Concede) or count a choice made in one action (a mulligan of 3 cards of 16: 560)."""
        return len(legal)

    def counts_as_move(self, state: S) -> bool:
        """Whether the decision at ``state`` is a move of play for the game-quality metrics
        (convergence, drama, security, spread). Default ``True``; WarPairsPoker's secret
        mulligans before the first trick are not."""
        return True

    def lead_estimates(self, state: S) -> tuple[float, ...] | None:
        """Each seat's estimate in [0, 1] of how well it stands (½ level between two; higher
        is better), cheap enough for every decision: the lead history behind drama, security,
        lead changes and spread. Default ``None``: the game has no cheap estimate, and the
        analysis falls back on random playouts when asked to (``lead="playouts"``)."""
        return None

    def move_spread(self, state: S, legal: Sequence[A]) -> float:
        """How much the choice matters: max − min of the deciding seat's
        :meth:`lead_estimates` right after each legal action. The default steps every
        action; NaN when the game gives no estimates."""
        if not legal:
            return 0.0
        p = self.to_act(state)
        values = []
        for action in legal:
            est = self.lead_estimates(self.step(state, action, narrate=False)[0])
            if est is None:
                return math.nan
            values.append(est[p])
        return max(values) - min(values)

    def first_player(self, states: Sequence[S]) -> int:
        """The seat that counts as first for the fairness metric, given a game's states
        from the deal to the end. Default: seat 0 (CardStock's first seat); WarPairsPoker
        says its first leader (R12)."""
        return 0

    def decision_columns(self, state: S) -> dict[str, Any]:
        """The game's own columns of the decisions table at ``state`` (the same keys at
        every decision), e.g. WarPairsPoker's phase and hand sizes. Default: none."""
        return {}

    def analysis_columns(self, states: Sequence[S], actions: Sequence[A]) -> dict[str, Any]:
        """The game's own columns of the games table for one finished game, from its states
        (the deal first, ``len(actions) + 1`` of them) and actions; the same keys for every
        game, e.g. WarPairsPoker's first leader, tricks by mode and cards drawn. Default:
        none."""
        return {}

    def players_of(self, state: S) -> int:
        """How many seats the state has (default: the game's only count)."""
        return self.default_players

    def describe(self) -> str:
        """One line for listings: title, players and blurb."""
        seats = (f"{self.min_players}" if self.min_players == self.max_players
                 else f"{self.min_players}–{self.max_players}")
        return f"{self.name}: {self.title} ({seats} players) — {self.blurb}".rstrip(" —")
