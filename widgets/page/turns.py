"""The turns on the game page, for any game: a person's action sent to the engine (refused
with its reason, nothing changed), the computer's answer (paced, cancellable), a decision the
board lets the hint's AI make for the person (WarPairsPoker's auto-mulligan), undo and redo —
and what each of them makes stale (the hint, the review, a refusal).

:class:`Turns` is a part of :class:`~widgets.page.game_page.GamePage` (seen through
:class:`~widgets.page.host.PageHost`), which offers its methods as its own (its tests play
through every path: ``tests/widgets/test_game_page.py``, ``tests/widgets/test_widgets_app.py``).
"""

from __future__ import annotations

from typing import Any

from widgets.page.hint_why import hint_for
from widgets.page.host import PageHost
from widgets.page.practice import UNDONE
from wpp.core.errors import WppError

__all__ = ["Turns"]


class Turns:
    """The turns of ``page``."""

    def __init__(self, page: PageHost) -> None:
        self.page = page

    def request(self, action: Any) -> None:
        """A person's action (from the board): sent to the engine, or refused with its
        reason (nothing changes then)."""
        if self.page.reviewing is not None:
            self.page.notes.refuse("the review shows a past position: close it to play on")
            return
        try:
            self.page.session.human_apply(action)
        except WppError as err:
            self.page.notes.refuse(str(err))
            return
        self._after_move(person=True)
        self.page.notes.say("")
        self.page.refresh()
        self.advance()

    def _after_move(self, person: bool) -> None:
        self.page.person_moves += person
        self.page.side.forget_hint()
        if not person:
            self.page.side.close("why")

    def advance(self) -> None:
        """Let the computer act while it is its turn (paced), and make the decisions the
        board lets the hint's AI make for a person (WarPairsPoker's auto-mulligan)."""
        if self.page.session.computer_to_act:
            self.page.pacer.later(self._computer_step)
            return
        seat = self.page.session.human_to_act
        auto = getattr(self.page.board, "auto_decide", None)
        if (seat is not None and callable(auto) and self.page.session.computer_seats
                and auto(self.page.history.view(seat))):
            self.auto_decision()

    def auto_decision(self) -> None:
        """Let the AI chosen beside Hint make the person's decision now."""
        seat = self.page.session.human_to_act
        if seat is None:
            self.page.notes.refuse("only the player to act may have the AI choose, on their turn")
            return
        try:
            decision = self.page.session.decide_for(seat, self.page.hints.agent())
            self.page.session.apply_decision(seat, decision)
        except Exception as err:  # an agent's bug must not break the page
            self.page.notes.refuse(f"the AI could not choose ({type(err).__name__}): choose "
                              "yourself")
            return
        self._after_move(person=True)
        self.page.side.keep_hint(hint_for(self.page, seat, len(self.page.history.actions) - 1,
                                          decision.explanation))
        self.page.notes.say(f"Auto: {self.page.hints.label()} chose for you: "
                       f"{self.page.board.describe(decision.action)}.", info=True)
        self.page.refresh()
        self.advance()

    def _computer_step(self) -> None:
        if not self.page.session.computer_to_act:
            return
        try:
            self.page.session.computer_step()
        except Exception as err:  # an agent's bug must not break the page (nor leak cards)
            self.page.notes.refuse(f"the computer could not move ({type(err).__name__})")
            self.page.refresh()
            return
        self._after_move(person=False)
        self.page.refresh()
        self.advance()

    def undo(self) -> None:
        """Take back the person's last move (and the computer's answers after it).

        Refused once the game is over (a finished game's result stands: otherwise a move
        could be retried knowing the result). Against the computer, an undo shows what the
        move revealed and lets it be chosen again knowing it (the same draw comes again), so
        it makes the game practice; in a scored game the page asks first, and the game
        counts as a loss (a forfeit)."""
        page = self.page
        if page.history.is_over:
            page.notes.refuse("the game is over: its result stands (Replay this deal to "
                              "play it again, as practice)")
            return
        if page.at_stake() and page.history.can_undo:
            page.confirm.ask("Undo your last move?", self._undo_as_practice,
                             note="Undo against the computer turns this game into practice: "
                                  "it counts as a loss (a forfeit).")
            page.refresh()
            return
        if page.session.computer_seats and page.history.can_undo:
            self._undo_as_practice()
            return
        self._history_step(page.session.undo, "Undone.")

    def _undo_as_practice(self) -> None:
        self.page.make_practice(UNDONE)
        self._history_step(self.page.session.undo, "Undone (this game is practice now).")

    def redo(self) -> None:
        """Play again the moves taken back, up to the person's next decision."""
        if self._history_step(self.page.session.redo, "Redone."):
            self.advance()

    def _history_step(self, step: Any, note: str) -> bool:
        try:
            step()
        except WppError as err:
            self.page.notes.refuse(str(err))
            return False
        self.page.pacer.cancel()
        self.reset_turn()
        self.page.notes.say(note, info=True)
        self.page.refresh()
        return True

    def reset_turn(self) -> None:
        """A new position for a person: no hint, no review, panels closed."""
        self.page.person_moves += 1
        self.page.side.hint = None
        self.page.reviewing = None
        self.page.side.close("hint", "why", "review")
