"""Play a WarPairsPoker game out to its end, fast, from **any** state, with a policy per seat.

:func:`playout` is for agents that simulate (Monte Carlo, search): from a position — a new
deal, or a determinisation of what a player sees
(:meth:`~wpp.warpairs.state.GameState.redeal_hidden`) — it plays each seat's policy to the end
on one mutable
:class:`~wpp.warpairs.board.Board` and returns the seats' returns, as
:meth:`wpp.warpairs.definition.WarPairsPoker.returns` gives them (+1 / −1, a draw 0 / 0).

A **policy** is either

* a function of a :class:`~wpp.warpairs.view.View` returning an action — e.g. the classic AI's
  ``ClassicAgent().choose`` or any agent's ``choose`` (an agent itself stands for its
  ``choose``). It sees that seat's view only; its
  action is validated and applied by the engine's own handler
  (:func:`wpp.warpairs.transitions.apply`),
  so an illegal one raises :class:`~wpp.core.errors.IllegalAction`; or
* :data:`RANDOM` (or a :class:`RandomPolicy` with its own generator): uniform over the legal
  actions but never conceding, exactly as :class:`~wpp.warpairs.ai.random_agent.RandomAgent`
  chooses, yet without building views or action lists — the plays are *counted*
  (:mod:`wpp.warpairs.play_counts`) and
  only the chosen one is built. ``RANDOM`` draws from ``playout``'s ``rng``.

It is the same game as stepping the engine: the board's operations are the engine's (the
transitions thaw, validate, run them and freeze), and a random seat makes the choice a
``RandomAgent`` with the same generator would make. ``tests/warpairs/test_playout.py`` checks
both, state by state.

>>> import random
>>> from wpp.warpairs.ai import ClassicAgent
>>> from wpp.warpairs.state import GameState
>>> start = GameState.new(7)
>>> playout(start, (ClassicAgent().choose, RANDOM), random.Random(1))
(1.0, -1.0)
>>> playout(start, (RANDOM, RANDOM), random.Random(1)) == playout(
...     start, (RANDOM, RANDOM), random.Random(1))  # the same generator, the same game
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, Protocol, TypeAlias

from wpp.core.errors import WppError
from wpp.warpairs.actions import Action, Draw, Mulligan, Pass, PlayCards, Stop, TakeFromPile
from wpp.warpairs.board import Board
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.phases import _ANSWER, _DRAWING, _LEAD, _OVER
from wpp.warpairs.play_counts import CountedAnswers, _count, _listed, _nth
from wpp.warpairs.plays import Mode, Play
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import apply
from wpp.warpairs.view import View, drawing_options

__all__ = ["RANDOM", "Chooser", "Policy", "RandomPolicy", "RandomSeat", "play_random", "playout",
           "playout_state"]


class RandomPolicy:
    """The fast random policy: uniform over the legal actions, never conceding — the
    choices of :class:`~wpp.warpairs.ai.random_agent.RandomAgent` given the same generator.

    ``rng`` is its own generator; ``None`` (as in :data:`RANDOM`) uses the one passed to
    :func:`playout`. A policy object holds no game: one serves any number of playouts.
    """

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def __repr__(self) -> str:
        return "RANDOM" if self.rng is None else f"RandomPolicy({self.rng!r})"


#: The fast random policy drawing from :func:`playout`'s ``rng``.
RANDOM: Final = RandomPolicy()

class Chooser(Protocol):
    """An agent: anything with ``choose(view) -> action`` (e.g. ``ClassicAgent()``)."""

    def choose(self, view: View, /) -> Action: ...


#: A seat's policy: a function of that seat's view, an agent (its ``choose``), or a
#: :class:`RandomPolicy`.
Policy: TypeAlias = "Callable[[View], Action] | Chooser | RandomPolicy"

_Move = Callable[[Board], None]  # one action of the player to act, done on the board


def playout(state: GameState, policies: Sequence[Policy],
            rng: random.Random | None = None) -> tuple[float, float]:
    """Play ``state`` out to the end with ``policies[p]`` choosing for seat ``p``; return
    the returns ``(P1, P2)``: +1 to the winner, −1 to the loser, 0 / 0 for a draw (R20).

    ``rng`` feeds the :data:`RANDOM` seats (default: a generator seeded 0). ``state`` is not
    changed. A finished state returns its result at once.
    """
    b = _run(state, policies, rng)
    if b.winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if b.winner == 0 else (-1.0, 1.0)


def playout_state(state: GameState, policies: Sequence[Policy],
                  rng: random.Random | None = None) -> GameState:
    """As :func:`playout`, but the final state itself (for analysis and tests)."""
    return _run(state, policies, rng).freeze()


def _run(state: GameState, policies: Sequence[Policy], rng: random.Random | None) -> Board:
    if not isinstance(state, GameState):
        raise WppError(f"playout needs a WarPairsPoker GameState, not {type(state).__name__}")
    if isinstance(policies, str | bytes) or not isinstance(policies, Sequence) \
            or len(policies) != 2:
        raise WppError(f"playout needs one policy per seat (2), not {policies!r:.60}")
    if rng is None:
        rng = random.Random(0)
    elif not isinstance(rng, random.Random):
        raise WppError(f"rng must be a random.Random, not {type(rng).__name__}")
    b = Board.thaw(state)
    p0, p1 = policies
    if isinstance(p0, RandomPolicy) and isinstance(p1, RandomPolicy):
        play_random(b, (RandomSeat(p0.rng or rng), RandomSeat(p1.rng or rng)))
        return b
    moves = (_move_of(p0, rng), _move_of(p1, rng))
    while b.phase is not _OVER:
        moves[b.to_act](b)
    return b


def _move_of(policy: Policy, rng: random.Random) -> _Move:
    if isinstance(policy, RandomPolicy):
        return RandomSeat(policy.rng or rng).move
    choose = getattr(policy, "choose", None)  # an agent stands for its choose()
    if not callable(policy) and callable(choose):
        policy = choose
    if not callable(policy):
        raise WppError(f"a policy is a function of a view or RANDOM, not {policy!r:.60}")

    def move(b: Board) -> None:
        apply(b, policy(b.view(b.to_act)))

    return move


_PASS: Final = Pass()
_DRAW: Final = Draw()


class RandomSeat:
    """One random seat's moves on a board: the legal actions are counted in the engine's
    order (that of :func:`wpp.warpairs.view.legal_actions`, ``Concede`` left out), one is picked
    with ``rng.randrange`` and only that one is built and done with the board's operation.

    ``history``, when given, receives every action this seat takes (tests, replays).
    """

    __slots__ = ("history", "pick", "rng")

    def __init__(self, rng: random.Random, history: list[Action] | None = None) -> None:
        self.rng = rng
        self.pick = rng.randrange
        self.history = history

    def move(self, b: Board) -> None:
        """Take one action for the player to act, then count it (R20)."""
        play_random(b, (self, self), 1)

    def _mulligan(self, b: Board) -> None:
        """R11: 3 of the hand's cards at random (as RandomAgent samples them)."""
        p = b.to_act
        chosen = tuple(sorted(self.rng.sample(b.hands[p], MULLIGAN_SIZE)))
        if self.history is not None:
            self.history.append(Mulligan(chosen))
        b.mulligan(p, chosen)

    def _lead(self, b: Board) -> None:
        """A fresh trick: any play, or a pass if the lead was not passed here (R13, R16)."""
        p = b.to_act
        hand = b.hands[p]
        rules = b.rules
        counts = _count(hand, rules.wraps)
        plays = len(hand) + counts.pairs + counts.poker
        i = self.pick(plays if b.passed else plays + 1)
        if i < plays:
            play = _nth(hand, i, counts, rules)
            if self.history is not None:
                self.history.append(PlayCards.of_sorted(play.cards))
            b.put(p, play)
            return
        if self.history is not None:
            self.history.append(_PASS)
        b.pass_lead(p)

    def _answer(self, b: Board) -> None:
        """Beat the table, draw from the deck, or take a pile card (R14, R18)."""
        p = b.to_act
        table = b.table
        assert table is not None
        hand = b.hands[p]
        counted: CountedAnswers | None = None
        listed: list[Play] = []
        if table.mode is Mode.POKER:
            counted = CountedAnswers.of_sorted(hand, table, b.rules)
            n = counted.count
        else:  # the common case: a few cards, listed without an object around them
            listed = _listed(hand, table)
            n = len(listed)
        pile = b.pile
        can_draw = 1 if not pile or b.available() else 0
        i = self.pick(n + can_draw + len(pile))
        if i < n:
            play = listed[i] if counted is None else counted.nth(i)
            if self.history is not None:
                self.history.append(PlayCards.of_sorted(play.cards))
            b.put(p, play)
        elif i < n + can_draw:
            if self.history is not None:
                self.history.append(_DRAW)
            b.draw(p)
        else:
            card = pile[i - n - can_draw]
            if self.history is not None:
                self.history.append(TakeFromPile(card))
            b.take_from_pile(p, card)

    def _drawing(self, b: Board) -> None:
        """After a deck card: one more, stop, or re-draw (R14, R15)."""
        p = b.to_act
        options = drawing_options(len(b.drawn), b.available(), b.redraw_used[p])
        action = options[self.pick(len(options))]
        if self.history is not None:
            self.history.append(action)
        kind = type(action)
        if kind is Draw:
            b.draw(p)
        elif kind is Stop:
            b.stop(p)
        else:
            b.redraw(p)


def play_random(b: Board, seats: tuple[RandomSeat, RandomSeat], actions: int = -1) -> None:
    """Play ``b`` with two random seats, each action counted (R20): to the end, or for
    ``actions`` actions at most. The one loop of random play (:meth:`RandomSeat.move` is one
    turn of it), with the dispatch on the phase inline: hundreds of thousands of random games
    run through it."""
    while actions:
        phase = b.phase
        if phase is _ANSWER:  # the most frequent first
            seats[b.to_act]._answer(b)
        elif phase is _LEAD:
            seats[b.to_act]._lead(b)
        elif phase is _DRAWING:
            seats[b.to_act]._drawing(b)
        elif phase is _OVER:
            return
        else:
            seats[b.to_act]._mulligan(b)
        b.tick()
        actions -= 1
