"""The shape every card game of the kit has: states, views, actions, events, and a definition.

A game of the kit is one :class:`GameDef` subclass — its rules as code — registered by the
``registration`` module of its package, which names it with its agents (see
:mod:`wpp.core.registry`).
Everything above the engines — the history (:class:`~wpp.core.history.History`), agents,
self-play, tournaments, the pages — talks to a game only through this protocol, so a new game
needs no change outside its own package, its widgets and its notebooks.

The split follows OpenSpiel's game/state pair; unlike OpenSpiel's and pokerkit's states, which
change in place, a state here is an immutable value (so a list of states is an exact undo
history, and a refused action changes nothing):

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

import dataclasses
import enum
import math
import random
import types
import typing
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from wpp.core.checks import check_stacked_deck
from wpp.core.errors import WppError
from wpp.core.intervals import mean_interval, wilson
from wpp.core.rulebook import Rulebook, load_rulebook
from wpp.core.standard_deck import CARDS, deck_from_text, format_cards

__all__ = [
    "ActionLike",
    "ActionValue",
    "AgentFactory",
    "CardLike",
    "EventLike",
    "GameDef",
    "LadderRung",
    "ReviewHook",
    "ViewLike",
    "check_action_object",
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

#: One rung of a game's opponent ladder as its registration declares it (``LADDER``, see
#: :mod:`wpp.core.ladder`): (key, name shown to people, agent name, the agent's options,
#: how it plays — and how it is weaker on purpose — in plain words).
LadderRung = tuple[str, str, str, dict[str, Any], str]

#: A playout policy for :meth:`GameDef.evaluate_actions`: the action of the seat to act in
#: ``state`` (it must decide from that seat's view), given a random source.
Policy = Callable[[Any, random.Random], Any]


class ActionValue(NamedTuple):
    """One action's value for a game review (:meth:`GameDef.evaluate_actions`), in the
    game's :attr:`~GameDef.review_unit`, with its 95% interval (``low == high == value``
    where the value is exact)."""

    action: Any
    value: float
    low: float
    high: float


#: A game's own review evaluator: ``evaluate(state, player, rng, budget, must, policy)``,
#: as :meth:`GameDef.evaluate_actions`.
Evaluate = Callable[[Any, int, random.Random, dict[str, Any], Sequence[Any], Policy | None],
                    list[ActionValue]]

#: The values of exactly the given actions: ``compare(state, player, rng, actions, worlds,
#: policy)``, as :meth:`GameDef.playout_values`.
Compare = Callable[[Any, int, random.Random, Sequence[Any], int, Policy | None],
                   list[ActionValue]]


@dataclasses.dataclass(frozen=True)
class ReviewHook:
    """A game's own evaluator for the game review, built on its AIs: its registration module
    names it ``REVIEW`` (an engine does not import its AIs, so an evaluator that uses them
    cannot be a method of the definition). It replaces the definition's
    :meth:`~GameDef.evaluate_actions`, :meth:`~GameDef.review_method` and
    :attr:`~GameDef.review_budget`; the unit and thresholds stay the definition's."""

    #: ``evaluate(state, player, rng, budget, must, policy)``, as
    #: :meth:`GameDef.evaluate_actions` (it may call that for what it does not do itself).
    evaluate: Evaluate
    #: ``method(budget, policy)``: one sentence on how the values were got.
    method: Callable[[dict[str, Any], str | None], str]
    #: Its budget's names and defaults. A ``second_look`` (re-deals; see
    #: :func:`wpp.core.review.review_decision`) makes the review play a move that seems to
    #: lose a mistake's worth or more again against the better one, in that many fresh
    #: re-deals, before it says so.
    budget: dict[str, int]
    #: ``compare(state, player, rng, actions, worlds, policy)``: the values of exactly
    #: ``actions`` in ``worlds`` re-deals, as ``evaluate`` values them (the second look);
    #: ``None``: the definition's :meth:`GameDef.playout_values`.
    compare: Compare | None = None


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
    first_player_label: ClassVar[str] = "first seat"
    #: True when the returns of every finished game add up to zero (the default of
    #: :meth:`is_zero_sum`, for games where it does not depend on the rules or seats).
    zero_sum: ClassVar[bool] = True
    #: The game's rule object: a frozen dataclass whose fields are its rule flags, each with
    #: its default and type annotation (its ``__post_init__`` checks ranges and raises
    #: ``WppError``). With it, :meth:`rules`, :meth:`rules_to_json` and
    #: :meth:`rules_from_json` need no code of the game's own.
    rules_type: ClassVar[type[Any] | None] = None
    #: The cards the game is played with (the 52-card standard deck unless the game says
    #: otherwise); :meth:`full_deck` and :meth:`check_deck` read it through :meth:`deck_of`.
    deck: ClassVar[tuple[Any, ...]] = CARDS
    #: The notebook (under ``notebooks/``) that is this game's web page, if it has one.
    page: ClassVar[str | None] = None
    #: The lesson notebook (under ``notebooks/``) that teaches this game; its metadata gives
    #: its length (``wpp.minutes``) and one line on what the learner does (``wpp.summary``).
    lesson: ClassVar[str | None] = None
    #: The name of the copy under ``docs/`` of the game's rules text, if it has one. The
    #: source is ``rules.md`` in the game's package (:meth:`rulebook`), copied to ``docs/`` by
    #: ``scripts/sync_rules.py``.
    rules_doc: ClassVar[str | None] = None
    #: What a game review's values measure (:mod:`wpp.core.review`): by default "win
    #: chance" (:meth:`review_value`: 1 win, ½ draw, 0 loss; with more seats the share of
    #: the other seats beaten); a game scored in points says "expected points".
    review_unit: ClassVar[str] = "win chance"
    #: The review's verdicts as data: a decision that lost less than the first number
    #: (in :attr:`review_unit`) against the best action is "best", then "good" up to the
    #: second, "inaccuracy" up to the third, "mistake" up to the fourth, "blunder" beyond.
    review_thresholds: ClassVar[tuple[float, float, float, float]] = (0.02, 0.05, 0.10, 0.20)
    #: The bounds of :meth:`review_value` (the Wilson interval applies), or ``None`` for an
    #: unbounded scale (points: a normal interval).
    review_scale: ClassVar[tuple[float, float] | None] = (0.0, 1.0)
    #: The review's default budget (:meth:`evaluate_actions`): the default evaluator's
    #: ``worlds`` (re-deals per action) and ``actions`` (at most this many of the legal
    #: actions compared, the played one always among them). Small: a whole game is
    #: reviewed in seconds.
    review_budget: ClassVar[dict[str, int]] = {"worlds": 16, "actions": 12}
    #: How sure the review must be before it calls a loss "inaccuracy" or worse: False (the
    #: default) when the best action's value lies above the played action's 95% interval;
    #: True when the two actions' 95% intervals do not overlap at all — for a game whose
    #: estimate is too coarse for the default rule (measured against the judge of
    #: :mod:`wpp.analysis.judge`; Pokeros). Either way a loss within the noise is at worst
    #: "good".
    review_strict: ClassVar[bool] = False
    #: The classes of the game's actions, and how a refusal names them ("a Discard"):
    #: :meth:`check_action` refuses any other object. Every game sets both.
    action_types: ClassVar[tuple[type, ...]] = ()
    action_words: ClassVar[str] = ""

    def check_action(self, action: object) -> A:
        """``action`` if it is one of the game's :attr:`action_types`, built whole (every
        field set, each of its own type: the action's ``check()``), else a ``WppError``
        naming what is wrong — never an ``AttributeError`` or ``TypeError``. The first line
        of every game's :meth:`step`, so an object built around the constructors
        (``object.__new__``, a pickled or hand-edited one) is refused before the rules
        look at it, and the game is unchanged."""
        checked: A = check_action_object(action, self.action_types,
                                         f"a {self.title} action ({self.action_words})")
        return checked

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

    # --- rule flags: defaults driven by :attr:`rules_type` -----------------------------
    def rule_fields(self) -> tuple[str, ...]:
        """The names of the game's rule flags, in order (the fields of :attr:`rules_type`)."""
        if self.rules_type is None or not dataclasses.is_dataclass(self.rules_type):
            raise NotImplementedError(f"{type(self).__name__} declares no rules_type dataclass")
        return tuple(f.name for f in dataclasses.fields(self.rules_type))

    def rules(self, **flags: Any) -> R:
        """The game's rule object from keyword flags (none: the defaults). A flag the game does
        not have, or a value of the wrong type (by the field's annotation) or out of range (by
        the rule object's own check), raises :class:`~wpp.core.errors.WppError` naming it."""
        fields = self.rule_fields()
        self.check_flags(list(flags), fields)
        assert self.rules_type is not None
        types = typing.get_type_hints(self.rules_type)
        flags = {name: _enum_flag(self.title, name, value, types.get(name))
                 for name, value in flags.items()}
        for name, value in flags.items():
            _check_flag_type(self.title, name, value, types.get(name))
        try:
            made: R = self.rules_type(**flags)
        except WppError:
            raise
        except (TypeError, ValueError) as err:
            raise WppError(f"bad rule for {self.title}: {err}") from None
        return made

    def check_flags(self, flags: Sequence[str], fields: Sequence[str]) -> None:
        """Refuse a rule flag the game does not have, naming it and the game's flags (for
        :meth:`rules`)."""
        unknown = sorted(str(f) for f in set(flags) - set(fields))
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

    def rules_to_json(self, rules: R) -> dict[str, Any]:
        """The rule object as JSON (every field, so a save file is complete): enums by value,
        values with a ``to_json()`` by that."""
        return {f: _flag_to_json(getattr(rules, f)) for f in self.rule_fields()}

    def rules_from_json(self, doc: Any) -> R:
        """The rule object back from :meth:`rules_to_json` (raises ``WppError`` on bad input):
        every flag must be named; enums come back from their value, a field whose type has a
        ``from_json`` from that."""
        fields = self.rule_fields()
        self.check_rules_doc(doc, fields)
        assert self.rules_type is not None
        types = typing.get_type_hints(self.rules_type)
        flags = {}
        for name in fields:
            flags[name] = _flag_from_json(self.title, name, doc[name], types.get(name))
        return self.rules(**flags)

    def is_zero_sum(self, rules: R, players: int) -> bool:
        """Whether every finished game with these rules and seats has returns adding up to
        zero. Default: the class's :attr:`zero_sum`; a game where it depends on the scoring or
        the number of seats says so here."""
        return self.zero_sum

    # --- the game ------------------------------------------------------------------------
    @abstractmethod
    def new(self, seed: int, players: int, rules: R, deck: Sequence[Any] | None = None) -> S:
        """The state right after the deal. ``deck`` (top first) replaces the seed's shuffle:
        for lessons and tests that need a given deal."""

    def deal_order(self, seed: int, rules: R, deck: Sequence[Any] | None = None) -> list[Any]:
        """The deck's order for a new game, top first: ``deck`` if given (checked by
        :meth:`check_deck`), else :meth:`deck_of` shuffled by ``random.Random(seed)``. For
        :meth:`new`; the same seed always gives the same order."""
        if deck is not None:
            return self.check_deck(deck, rules)
        order = list(self.deck_of(rules))
        random.Random(seed).shuffle(order)
        return order

    def to_act(self, state: S) -> int:
        """The seat to act (meaningless once the game is over). Default: the state's
        ``to_act``."""
        seat: int = state.to_act  # type: ignore[attr-defined]
        return seat

    def is_over(self, state: S) -> bool:
        """True once the game has ended. Default: the state's ``is_over``."""
        over: bool = state.is_over  # type: ignore[attr-defined]
        return over

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

    def deck_of(self, rules: R) -> tuple[Any, ...]:
        """The cards a game with these rules is played with (default: :attr:`deck`; a game
        whose deck depends on its rules, e.g. a stripped deck, says so here)."""
        return self.deck

    def full_deck(self, state: S) -> Counter[Hashable]:
        """The cards the game is played with, counted: ``cards(state)`` always equals it.
        Default: :meth:`deck_of` the state's ``rules``."""
        return Counter(self.deck_of(getattr(state, "rules")))  # noqa: B009 - any state type

    def check_deck(self, deck: Sequence[Any], rules: R) -> list[Any]:
        """A stacked deck (top first) as a list, if it holds exactly the cards of
        :meth:`deck_of` (each as often as there, each of the deck's own card types); else
        ``WppError`` saying what it must hold (:func:`wpp.core.checks.check_stacked_deck`).
        For :meth:`new` when a lesson or test stacks the deck."""
        wanted = self.deck_of(rules)
        counts = set(Counter(wanted).values())
        times = "once" if counts == {1} else "as often as its deck does"
        return list(check_stacked_deck(
            deck, wanted, f"a stacked deck for {self.title} holds each of the {len(wanted)} "
            f"cards {times}"))

    @abstractmethod
    def action_from_json(self, raw: Any) -> A:
        """An action back from its JSON form (raises ``WppError`` on bad input)."""

    def deck_from_json(self, raw: Any) -> Sequence[Any]:
        """A stacked deck back from its JSON form (raises ``WppError`` on bad input).
        Default: standard cards as text ("7S 10H …")."""
        return deck_from_text(raw)

    def deck_to_json(self, deck: Sequence[Any]) -> Any:
        """A stacked deck as JSON. Default: standard cards as ASCII text."""
        return format_cards(deck, ascii=True)

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

    # --- the game review's hooks (wpp.core.review) -------------------------------------
    def review_value(self, returns: Sequence[float], player: int) -> float:
        """``player``'s result of a finished game in :attr:`review_unit`. Default: the win
        chance's share — 1 for each other seat with a lower return, ½ for each level, over
        the other seats (2 players: 1 win, ½ draw, 0 loss)."""
        mine, n = returns[player], len(returns)
        if n < 2:
            return 1.0
        beaten = sum(1.0 if r < mine else 0.5 if r == mine else 0.0
                     for s, r in enumerate(returns) if s != player)
        return beaten / (n - 1)

    def review_method(self, budget: dict[str, Any], policy: str | None) -> str:
        """One sentence on how :meth:`evaluate_actions` got its values with ``budget``,
        for the review's explanations (``policy``: the playout agent's name, if any)."""
        who = f"the {policy} agent for every seat" if policy else "random legal moves"
        return (f"{budget['worlds']} practice games, the cards you could not see dealt anew "
                f"in each and played to the end with {who}")

    def evaluate_actions(self, state: S, player: int, rng: random.Random,
                         budget: dict[str, Any], must: Sequence[A] = (),
                         policy: Policy | None = None) -> list[ActionValue]:
        """The value for ``player`` (to act in ``state``) of the actions worth comparing,
        in :attr:`review_unit`, computed from what ``player`` may know: the hook of the
        game review (:func:`wpp.core.review.review_game`).

        The default is Monte Carlo: at most ``budget["actions"]`` legal actions (a
        seeded sample when there are more, plus every action of ``must``, the one played),
        each played in the same ``budget["worlds"]`` determinised worlds — the cards
        ``player`` cannot see re-dealt by :meth:`redeal_hidden` — and the game finished by
        ``policy`` (default: uniform random legal moves, which needs no agent, costs least
        and suits every game), valued by :meth:`review_value`. The worlds and each world's
        playout randomness are the same for every action (common random numbers) and do not
        depend on which other actions are compared. It reads the hidden cards only through
        :meth:`redeal_hidden`, whose result must depend on ``player``'s view and ``rng``
        alone. A game whose re-deal does not, or which has a better evaluator, overrides
        this — or, when that evaluator is one of its AIs (exact odds, a search), names a
        :class:`ReviewHook` in its registration module."""
        legal = self.legal_actions(state)
        order = list(range(len(legal)))
        rng.shuffle(order)
        picked = [legal[i] for i in sorted(order[:budget["actions"]])]
        picked += [a for a in must if a not in picked]
        return self.playout_values(state, player, rng, picked, budget["worlds"], policy)

    def playout_values(self, state: S, player: int, rng: random.Random, actions: Sequence[A],
                       worlds: int, policy: Policy | None = None) -> list[ActionValue]:
        """The Monte Carlo of :meth:`evaluate_actions` for the given ``actions``: each
        played in the same ``worlds`` re-deals (:meth:`redeal_hidden`) and finished by
        ``policy`` (default: uniform random legal moves), valued by :meth:`review_value`
        with its interval (:meth:`value_of`). A game's own evaluator may choose the actions
        and call this."""
        picked = list(actions)
        seeds = [rng.getrandbits(64) for _ in range(worlds)]
        totals: list[list[float]] = [[] for _ in picked]
        for seed in seeds:
            world = self.redeal_hidden(state, player, random.Random(seed))
            for i, action in enumerate(picked):
                play = random.Random(seed ^ 0x5DEECE66D)
                s = self.step(world, action, narrate=False)[0]
                while not self.is_over(s):
                    a = (play.choice(self.legal_actions(s)) if policy is None
                         else policy(s, play))
                    s = self.step(s, a, narrate=False)[0]
                totals[i].append(self.review_value(self.returns(s), player))
        return [self.value_of(a, v) for a, v in zip(picked, totals, strict=True)]

    def value_of(self, action: A, outcomes: Sequence[float]) -> ActionValue:
        """An :class:`ActionValue` from one action's playout results: their mean with a
        Wilson interval on :attr:`review_scale` (rescaled), or a normal one without."""
        if self.review_scale is None:
            m = mean_interval(outcomes)
            return ActionValue(action, m.estimate, m.low, m.high)
        lo, hi = self.review_scale
        w = wilson(sum((v - lo) / (hi - lo) for v in outcomes), len(outcomes))
        return ActionValue(action, lo + w.estimate * (hi - lo), lo + w.low * (hi - lo),
                           lo + w.high * (hi - lo))

    def check_seat(self, state: S, player: Any) -> int:
        """``player`` if it is a seat of ``state`` (a whole number, not a bool, from 0 to the
        seats less one), else ``WppError`` naming it: the first line of every game's
        :meth:`view`, so every game refuses the same seats in the same words."""
        seats = (self.max_players if self.min_players == self.max_players
                 else self.players_of(state))
        if type(player) is not int or not 0 <= player < seats:
            raise WppError(f"there is no seat {player!r:.20} in a {seats}-player game")
        return player

    def players_of(self, state: S) -> int:
        """How many seats the state has (default: the state's ``players``, else the game's
        only count)."""
        players = getattr(state, "players", self.default_players)
        return int(players)

    def describe(self) -> str:
        """One line for listings: title, players and blurb."""
        seats = (f"{self.min_players}" if self.min_players == self.max_players
                 else f"{self.min_players}–{self.max_players}")
        return f"{self.name}: {self.title} ({seats} players) — {self.blurb}".rstrip(" —")


def _shown(action: object) -> str:
    """``action`` for a message: its repr, or its class when the repr itself fails (a
    dataclass's repr reads every field, and a hand-built object may have none)."""
    try:
        return f"{action!r:.60}"
    except Exception:  # any failure of the repr is the object's, not the caller's
        return f"a {type(action).__name__} built without its fields"


def check_action_object(action: object, types: tuple[type, ...], what: str) -> Any:
    """The one check of an action's shape, for every game (:meth:`GameDef.check_action`):
    ``action`` if it is an instance of one of ``types`` whose dataclass fields are all set
    and whose own ``check()`` method, if it has one, passes (each game's action knows its
    field types: a tuple of cards, a cell…); else a ``WppError`` saying it is not ``what``
    or naming the missing field."""
    if not isinstance(action, types):
        raise WppError(f"{_shown(action)} is not {what}")
    if dataclasses.is_dataclass(action):
        missing = [f.name for f in dataclasses.fields(action) if not hasattr(action, f.name)]
        if missing:
            raise WppError(f"a {type(action).__name__} action without its "
                           f"{', '.join(missing)} (built around its constructor) is not {what}")
    own = getattr(action, "check", None)
    if callable(own):
        own()
    return action


def _flag_types(annotation: Any) -> tuple[Any, ...]:
    """The plain types a flag's annotation allows (``int | None`` → ``(int, NoneType)``)."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return tuple(a for t in typing.get_args(annotation) for a in _flag_types(t))
    if annotation is None:
        return (type(None),)
    return (annotation,) if isinstance(annotation, type) else ()


def _check_flag_type(game: str, name: str, value: Any, annotation: Any) -> None:
    """Refuse a flag value whose type the rule object's annotation does not allow (a bool is
    no int here, an int is a float), with the kit's error naming the flag."""
    allowed = _flag_types(annotation)
    if not allowed or value is None:
        # An annotation this check cannot read, or None (the command line's "none"): the rule
        # object's own check decides.
        return
    for t in allowed:
        if t is bool and isinstance(value, bool):
            return
        if t is float and isinstance(value, int | float) and not isinstance(value, bool):
            return
        if t is not bool and isinstance(value, t) and not (isinstance(value, bool)
                                                          and t is int):
            return
    names = " or ".join("None" if t is type(None) else t.__name__ for t in allowed)
    raise WppError(f"the rule {name} of {game} is {names}, not {value!r:.40}")


def _enum_flag(game: str, name: str, value: Any, annotation: Any) -> Any:
    """A flag whose type is an enum, given as one of the enum's values (the command line's and
    a save file's form), as that member; any other value unchanged."""
    for t in _flag_types(annotation):
        if isinstance(t, type) and issubclass(t, enum.Enum) and not isinstance(value, t):
            try:
                return t(value)
            except (ValueError, TypeError):
                raise WppError(f"the rule {name} of {game} is one of "
                               f"{', '.join(str(e.value) for e in t)}, not {value!r:.40}") from None
    return value


def _flag_to_json(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    to_json = getattr(value, "to_json", None)
    return to_json() if callable(to_json) else value


def _flag_from_json(game: str, name: str, raw: Any, annotation: Any) -> Any:
    for t in _flag_types(annotation):
        if isinstance(t, type) and issubclass(t, enum.Enum):
            try:
                return t(raw)
            except ValueError:
                raise WppError(f"the rule {name} of {game} is one of "
                               f"{', '.join(str(e.value) for e in t)}, not {raw!r:.40}") from None
        from_json = getattr(t, "from_json", None)
        if callable(from_json) and not isinstance(raw, t):
            return from_json(raw)
    return raw
