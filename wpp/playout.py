"""Play a WarPairsPoker game out to its end, fast, from **any** state, with a policy per seat.

:func:`playout` is for agents that simulate (Monte Carlo, search): from a position — a new
deal, or a determinisation of what a player sees (:meth:`~wpp.gamestate.GameState.
redeal_hidden`) — it plays each seat's policy to the end on one mutable
:class:`~wpp.board.Board` and returns the seats' returns, as
:meth:`wpp.protocol.WarPairsPoker.returns` gives them (+1 / −1, a draw 0 / 0).

A **policy** is either

* a function of a :class:`~wpp.view.View` returning an action — e.g. the classic AI's
  ``ClassicAgent().choose`` or any agent's ``choose``. It sees that seat's view only; its
  action is validated and applied by the engine's own handler (:func:`wpp.transitions.apply`),
  so an illegal one raises :class:`~wpp.errors.IllegalAction`; or
* :data:`RANDOM` (or a :class:`RandomPolicy` with its own generator): uniform over the legal
  actions but never conceding, exactly as :class:`~wpp.agents.RandomAgent` chooses, yet
  without building views or action lists — the plays are *counted* (:mod:`wpp.counting`) and
  only the chosen one is built. ``RANDOM`` draws from ``playout``'s ``rng``.

It is the same game as stepping the engine: the board's operations are the engine's (the
transitions thaw, validate, run them and freeze), and a random seat makes the choice a
``RandomAgent`` with the same generator would make. ``tests/warpairs/test_playout.py`` checks
both, state by state.

>>> import random
>>> from wpp.ai import ClassicAgent
>>> from wpp.gamestate import GameState
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
from typing import Final, TypeAlias

from wpp.actions import Action, Draw, Mulligan, Pass, PlayCards, Stop, TakeFromPile
from wpp.board import Board
from wpp.counting import CountedAnswers, _count, _listed, _nth
from wpp.deal import MULLIGAN_SIZE
from wpp.errors import WppError
from wpp.gamestate import GameState
from wpp.phases import _ANSWER, _DRAWING, _LEAD, _OVER
from wpp.plays import Mode, Play
from wpp.transitions import apply
from wpp.view import View, drawing_options

__all__ = ["RANDOM", "Policy", "RandomPolicy", "playout", "playout_state"]


class RandomPolicy:
    """The fast random policy: uniform over the legal actions, never conceding — the
    choices of :class:`~wpp.agents.RandomAgent` given the same generator.

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

#: A seat's policy: a function of that seat's view, or a :class:`RandomPolicy`.
Policy: TypeAlias = "Callable[[View], Action] | RandomPolicy"

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
    moves = (_move_of(policies[0], rng), _move_of(policies[1], rng))
    b = Board.thaw(state)
    while b.phase is not _OVER:
        moves[b.to_act](b)
    return b


def _move_of(policy: Policy, rng: random.Random) -> _Move:
    if isinstance(policy, RandomPolicy):
        return RandomSeat(policy.rng or rng).move
    if not callable(policy):
        raise WppError(f"a policy is a function of a view or RANDOM, not {policy!r:.60}")

    def move(b: Board) -> None:
        apply(b, policy(b.view(b.to_act)))

    return move


_PASS: Final = Pass()
_DRAW: Final = Draw()


class RandomSeat:
    """One random seat's moves on a board: the legal actions are counted in the engine's
    order (that of :func:`wpp.view.legal_actions`, ``Concede`` left out), one is picked with
    ``rng.randrange`` and only that one is built and done with the board's operation.

    ``history``, when given, receives every action this seat takes (tests, replays).
    """

    __slots__ = ("history", "pick", "rng")

    def __init__(self, rng: random.Random, history: list[Action] | None = None) -> None:
        self.rng = rng
        self.pick = rng.randrange
        self.history = history

    def move(self, b: Board) -> None:
        """Take one action for the player to act, then count it (R20)."""
        phase = b.phase
        if phase is _ANSWER:
            self._answer(b)
        elif phase is _LEAD:
            self._lead(b)
        elif phase is _DRAWING:
            self._drawing(b)
        else:
            self._mulligan(b)
        b.tick()

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
        can_draw = 1 if b.available() or not pile else 0
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
