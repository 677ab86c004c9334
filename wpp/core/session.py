"""A game at a table: which seats the computer plays, its turns, undo to a person's last
decision, hints, and the computer's reasons kept for "Why?". No widgets: every page of every
game drives one of these, and the tests drive it with plain calls.

A :class:`Session` holds a :class:`~wpp.core.history.History` and the agents of the
computer's seats. People act through :meth:`Session.human_apply` (refused — with the kit's
error and nothing changed — when it is not a person's turn); the computer acts through
:meth:`Session.computer_step`, one action at a time, so a page can pace its moves.
:meth:`Session.undo` takes back a person's last decision and the computer's answers after it;
:meth:`Session.redo` plays them again.

>>> from wpp.core.registry import make_agent, new_game
>>> s = Session(new_game("draw", seed=4), {1: make_agent("draw", "exact")})
>>> _ = s.human_apply(s.history.legal_actions()[0])     # P1 stands pat
>>> s.computer_to_act, s.computer_step() is not None, s.history.is_over
(True, True, True)
>>> [seat for _, seat, _ in s.computer_decisions()]
[1]
>>> s.undo(); len(s.history.actions), s.computer_decisions()
(0, [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wpp.core.agents import Decision
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.history import History
from wpp.core.protocol import EventLike

__all__ = ["Session"]


class Session:
    """One game and who plays which seat (see the module docs)."""

    def __init__(self, history: History[Any, Any], computer: Mapping[int, Any] | None = None
                 ) -> None:
        self._history = history
        self._computer: dict[int, Any] = {}
        self._decisions: dict[int, tuple[int, Explanation]] = {}
        self.set_computer(computer or {})

    # ------------------------------------------------------------------ seats
    @property
    def history(self) -> History[Any, Any]:
        """The game as it stands (with its undo history)."""
        return self._history

    @property
    def computer_seats(self) -> frozenset[int]:
        """The seats the computer plays (empty: people at every seat)."""
        return frozenset(self._computer)

    def agent(self, seat: int) -> Any:
        """The agent of a computer seat."""
        if seat not in self._computer:
            raise WppError(f"the computer does not play seat {seat!r:.20}")
        return self._computer[seat]

    def set_computer(self, computer: Mapping[int, Any]) -> None:
        """Give the computer these seats (seat → agent); every other seat is a person's."""
        n = self._history.players
        for seat in computer:
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise WppError(f"there is no seat {seat!r:.20} in a {n}-player game")
        self._computer = dict(computer)

    def is_computer(self, seat: int) -> bool:
        return seat in self._computer

    @property
    def computer_to_act(self) -> bool:
        """True when the game goes on and the seat to act is the computer's."""
        return not self._history.is_over and self._history.to_act in self._computer

    @property
    def human_to_act(self) -> int | None:
        """The seat to act if a person must act now, else ``None``."""
        h = self._history
        return None if h.is_over or h.to_act in self._computer else h.to_act

    # ------------------------------------------------------------------ moves
    def start(self, history: History[Any, Any]) -> None:
        """Play ``history`` from now on (a new deal, a replay, a loaded game)."""
        self._history = history
        self._decisions.clear()
        self.set_computer(self._computer)

    def human_apply(self, action: Any) -> EventLike:
        """A person's action for the seat to act. Refused (the kit's error, nothing changed)
        when the game is over, when it is the computer's turn, or when the engine refuses
        the action (:class:`~wpp.core.errors.IllegalAction`, naming the rule)."""
        h = self._history
        if h.is_over:
            raise WppError("the game is over: start a New game or Replay this deal")
        seat = h.to_act
        if seat in self._computer:
            raise WppError("it is the computer's turn; wait for its move")
        return self._apply(seat, action)

    def apply_decision(self, seat: int, decision: Decision) -> EventLike:
        """Apply an agent's ``decision`` for a person's ``seat`` (e.g. an auto-mulligan)."""
        if self._history.is_over or seat != self._history.to_act or seat in self._computer:
            raise WppError("that seat is not a person's to act now")
        return self._apply(seat, decision.action)

    def computer_step(self) -> Decision | None:
        """One computer action if it is the computer's turn (``None`` otherwise); its reasons
        are kept for :meth:`computer_decisions`."""
        if not self.computer_to_act:
            return None
        seat = self._history.to_act
        index = len(self._history.actions)
        decision: Decision = self._computer[seat].decide(self._history.view(seat))
        self._apply(seat, decision.action)
        self._decisions[index] = (seat, decision.explanation)
        return decision

    def play_computer(self) -> int:
        """Let the computer act until a person must act or the game ends; how many acts."""
        n = 0
        while self.computer_step() is not None:
            n += 1
        return n

    def _apply(self, seat: int, action: Any) -> EventLike:
        index = len(self._history.actions)
        event = self._history.apply(action, player=seat)
        for k in [k for k in self._decisions if k >= index]:  # a new line of play
            del self._decisions[k]
        return event

    def decide_for(self, seat: int, agent: Any) -> Decision:
        """What ``agent`` would do in ``seat``'s place now (a hint), from that seat's view."""
        if self._history.is_over or seat != self._history.to_act:
            raise WppError("a hint is for the player to act, on their turn")
        decision: Decision = agent.decide(self._history.view(seat))
        return decision

    # ------------------------------------------------------------------ history
    def undo(self) -> None:
        """Take back a person's last decision and the computer's answers after it. At the
        deal, a computer that moves first keeps its first move."""
        h = self._history
        if not h.can_undo:
            raise WppError("nothing to undo: this is the deal")
        h.undo()
        while h.can_undo and h.to_act in self._computer:
            h.undo()
        while h.to_act in self._computer and h.can_redo and not h.is_over:
            h.redo()

    def redo(self) -> None:
        """Play again what was taken back, up to a person's next decision."""
        h = self._history
        if not h.can_redo:
            raise WppError("nothing to redo")
        h.redo()
        while h.can_redo and h.to_act in self._computer and not h.is_over:
            h.redo()

    # ------------------------------------------------------------------ reasons
    def explanation(self, index: int) -> Explanation | None:
        """The reasons the computer gave for action ``index`` of the game as it stands
        (``None``: not a computer's move, or made before this session kept it)."""
        kept = self._decisions.get(index) if index < len(self._history.actions) else None
        return kept[1] if kept is not None else None

    def computer_decisions(self) -> list[tuple[int, int, Explanation]]:
        """The computer's last run of decisions in the game as it stands, oldest first, as
        (action index, seat, explanation)."""
        now = len(self._history.actions)
        keys = sorted(k for k in self._decisions if k < now)
        if not keys:
            return []
        run = [keys[-1]]
        while run[0] - 1 in self._decisions:
            run.insert(0, run[0] - 1)
        return [(k, *self._decisions[k]) for k in run]
