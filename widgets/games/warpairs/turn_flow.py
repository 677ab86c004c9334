"""The turns on WarPairsPoker's page: a person's move sent to the engine, the computer's
answer (paced, cancellable), the auto-mulligan, undo and redo — and what each of them makes
stale (the selection, the hint, a refusal, an uncovered hand).

The game and who plays which seat live in the session controller
(:class:`wpp.core.session.Session`); this module only sequences them for a page and keeps
the count of a person's moves, which says when a message stops applying
(:class:`~widgets.parts.message_line.MessageLine`). The page it serves is a :class:`FlowHost`
(:class:`widgets.games.warpairs.app.App`; its tests play through every path, e.g.
``tests/widgets/test_widgets_app.py`` and ``tests/widgets/test_widgets_security.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from widgets.games.warpairs.input import PlayInput
from widgets.games.warpairs.options import OptionsMenu
from widgets.parts.explain_panel import ExplainPanel
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from widgets.parts.redact import redact_text
from wpp.core.agents import Agent
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.session import Session
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.presenter import Seating

__all__ = ["FlowHost", "TurnFlow"]


class FlowHost(Protocol):
    """What the turns need from the page."""

    session: Session
    seating: Seating
    menu: OptionsMenu
    notes: MessageLine
    input: PlayInput
    side: ExplainPanel

    @property
    def game(self) -> Game: ...
    @property
    def computer(self) -> int | None: ...
    def face_up(self, seat: int) -> bool: ...
    def hidden(self) -> frozenset[Card]: ...
    def agent_for_hints(self) -> Agent: ...
    def keep_hint(self, seat: int, explanation: Explanation) -> None: ...
    def refresh(self) -> None: ...


class TurnFlow:
    """The page's turns; ``pacer`` paces the computer, ``person_moves`` counts a person's
    moves, undos, redos and deals."""

    def __init__(self, host: FlowHost, delay: float = 0.0) -> None:
        self.host = host
        self.pacer = ComputerPacer(delay)
        self.person_moves = 0

    def moment(self) -> tuple[int, int]:
        """(a person's moves, the game's actions): when a message was said."""
        return self.person_moves, len(self.host.game.actions)

    def request(self, action: Action) -> None:
        """Apply a person's action through the engine, or show why it is refused."""
        host = self.host
        g = host.game
        if not g.is_over and g.to_act != host.computer and not host.face_up(g.to_act):
            host.notes.refuse(f"{player_name(g.to_act)}: uncover your hand first (Show my "
                              "hand)")
            return
        try:
            host.session.human_apply(action)
        except WppError as err:
            host.notes.refuse(str(err))
            return
        self._after_apply()
        host.notes.say("")
        host.refresh()
        self.advance()

    def _after_apply(self, person: bool = True) -> None:
        """Forget what a new move makes stale: the selection, the hint, a pending question
        (the session forgets the explanations of the line of play it replaces)."""
        host = self.host
        self.person_moves += person
        host.input.reset()
        host.side.forget_hint()
        if host.seating.revealed is not None and host.seating.revealed != host.game.to_act:
            host.seating.revealed = None

    def auto_mulligan(self, seat: int) -> None:
        """Let the hint chooser's AI make ``seat``'s mulligan (the auto-mulligan option)."""
        host = self.host
        try:
            decision = host.session.decide_for(seat, host.agent_for_hints())
            host.session.apply_decision(seat, decision)
        except Exception as err:  # an agent bug must not break the board
            host.notes.refuse(f"the auto-mulligan failed ({type(err).__name__}): choose 3 "
                              "cards")
            return
        self._after_apply()
        if host.computer is not None:
            host.keep_hint(seat, decision.explanation)
        host.notes.say(f"Auto-mulligan: {decision.action}.", info=True)
        host.refresh()
        self.advance()

    def advance(self) -> None:
        """Let the computer act while it is its turn, and make auto-mulligans."""
        host = self.host
        g = host.game
        if g.is_over:
            return
        seat = g.to_act
        if seat == host.computer:
            self.pacer.later(self._computer_step)
        elif (g.phase is Phase.MULLIGAN and host.menu.auto_mulligan.value
              and host.face_up(seat) and host.computer is not None):
            self.auto_mulligan(seat)

    def _computer_step(self) -> None:
        """One computer action (then, if it is still its turn, schedule the next)."""
        host = self.host
        if not host.session.computer_to_act:
            return
        try:
            host.session.computer_step()
        except Exception as err:  # an agent bug must not break the board (nor leak cards)
            host.notes.refuse("the computer could not move: "
                              + redact_text(f"{type(err).__name__}: {err}", host.hidden()))
            host.refresh()
            return
        self._after_apply(person=False)
        host.side.close("why")
        host.refresh()
        self.advance()

    def undo(self) -> None:
        """Take back the last move of a person (and the computer's answers after it)."""
        self._history_step(self.host.session.undo, "Undone.")

    def redo(self) -> None:
        """Play again the moves taken back, up to the next decision of a person."""
        if self._history_step(self.host.session.redo, "Redone."):
            self.advance()

    def _history_step(self, step: Callable[[], object], note: str) -> bool:
        try:
            step()
        except WppError as err:
            self.host.notes.refuse(str(err))
            return False
        self.pacer.cancel()  # cancel a computer move that was about to come
        self.reset_turn()
        self.host.notes.say(note, info=True)
        self.host.refresh()
        return True

    def reset_turn(self) -> None:
        """A new position for a person (deal, undo, redo, seats): nothing selected, no hint,
        no question armed, no hand uncovered."""
        host = self.host
        self.person_moves += 1
        host.input.reset()
        host.side.hint = None
        host.seating.revealed = None
        host.side.close("hint", "why", "review")
