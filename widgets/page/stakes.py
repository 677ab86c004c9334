"""A scored game stays honest: what leaving it, or turning it into practice, costs.

Whatever shows what a scored game hides — open hands, Undo against the computer, who plays
changed mid-game, a deal opened from a save file, replayed or chosen by its seed — makes the
game practice, and the mode mark says so and why (:mod:`~widgets.page.practice`); it is
kept with the game, so a reload or a second tab on the same address shows it too. A scored
game against the computer is *at stake* from its deal (the person has seen their cards):
leaving it before its end (a new deal, practice, Undo, another opponent) counts as a loss,
a forfeit (:meth:`~widgets.page.game_end.GameEnd.forfeit`), after a question that says so —
so dealing again until a hand suits is no way to a better score.

:class:`Stakes` holds the page's questions about that (the confirm bar's) and the changes of
who plays and of practice that go through them; it sees the page through
:class:`StakesHost`, so it does not import the page.
"""

from __future__ import annotations

from typing import Any, Protocol

import ipywidgets as w

from widgets.page.game_end import GameEnd
from widgets.page.host import GameHost
from widgets.page.practice import FORFEIT_NOTE, OPEN_HANDS, SEATS_CHANGED
from widgets.page.seats import PERSON, SeatChooser
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from wpp.core.errors import WppError
from wpp.core.matches import Match

__all__ = ["Stakes", "StakesHost"]


class StakesHost(GameHost, Protocol):
    """The page as its stakes see it: what they read, the fields they set (why the game is
    practice, the match, who plays as applied) and what they ask it to do."""

    #: Why the game on the page is practice ("": a scored game).
    practice_why: str
    #: The match the page's games make.
    match: Match
    #: Who plays each seat, and with what budget, as the session has it.
    applied: dict[int, tuple[str, float | None]]

    @property
    def practice(self) -> bool: ...

    @property
    def practice_box(self) -> w.Checkbox: ...

    @property
    def chooser(self) -> SeatChooser: ...

    @property
    def confirm(self) -> ConfirmBar: ...

    @property
    def notes(self) -> MessageLine: ...

    @property
    def pacer(self) -> ComputerPacer: ...

    @property
    def ends(self) -> GameEnd: ...

    def agents(self) -> dict[int, Any]:
        """The agents of the seats the chooser gives to the computer."""

    def seat_agents(self, agents: dict[int, Any]) -> None:
        """Give the computer's seats ``agents``, remembering who plays as applied."""

    def in_progress(self) -> bool:
        """A game a person has played into and not finished."""

    def refresh(self) -> None:
        """Draw the page anew from the game."""

    def reset_turn(self) -> None:
        """Forget the person's half-made choice."""

    def advance(self) -> None:
        """Let the computer act if it is its turn."""


class Stakes:
    """What the game on ``page`` risks when it is left or made practice, and the questions
    that say so."""

    def __init__(self, page: StakesHost) -> None:
        self.page = page

    def at_stake(self) -> bool:
        """A scored game against the computer, dealt and not over: leaving it (a new deal,
        practice, Undo) counts as a loss — the person has seen their cards."""
        page = self.page
        return (not page.history.is_over and not page.practice
                and bool(page.session.computer_seats))

    def make_practice(self, why: str) -> None:
        """Turn the game on the page into practice, ``why`` shown in the mode mark and kept
        with the game (a reload or another tab on this address sees it too). A scored game
        against the computer turned into practice before its end counts as a forfeit."""
        page = self.page
        if page.practice:
            return
        if self.at_stake():
            page.ends.forfeit()
        page.practice_why = why[:200]
        page.refresh()

    def ask(self, action: Any, question: str) -> None:
        """Do ``action`` at once when no game is in progress, else after a yes. A scored
        game against the computer is at stake from its deal (the person has seen their
        cards): leaving it counts as a loss, a forfeit — said in the question — so that
        dealing again until a hand suits is no way to a better score."""
        page = self.page
        if self.at_stake():
            def forfeit_then() -> None:
                page.ends.forfeit()
                action()

            page.confirm.ask(question, forfeit_then, note=FORFEIT_NOTE)
            page.refresh()
            return
        if not page.in_progress():
            action()
            return
        page.confirm.ask(question, action, note="The game in progress ends.")
        page.refresh()

    def answered(self, yes: bool, action: Any) -> None:
        """The confirm bar's answer: do ``action`` on a yes; on a no, who plays is put back
        (a seat change was cancelled) and nothing else changes."""
        if yes and action is not None:
            action()
        else:
            self.show_seats()
            self.page.refresh()

    def seat_changed(self, seat: int) -> None:
        """The chooser changed who plays ``seat``: refused if no person would be left; asked
        about in the middle of a scored game (practice then, a forfeit if at stake)."""
        page = self.page
        if not [s for s in range(page.players) if page.chooser.choice(s) == PERSON]:
            page.chooser.set(seat, PERSON)
            page.notes.refuse("at least one seat is played by a person on this page")
            return
        if page.in_progress() and not page.practice:
            page.confirm.ask("Change who plays in the middle of a game?", self.apply_seats,
                             note="Every hand turns face up and this game becomes practice"
                                  + ("; it counts as a loss (a forfeit)."
                                     if self.at_stake() else "."))
            page.refresh()
            return
        self.apply_seats()

    def apply_seats(self) -> None:
        """Seat who the chooser names (a new match if the opponents changed), then let the
        computer act if it is its turn."""
        page, chooser = self.page, self.page.chooser
        try:
            agents = page.agents()
        except WppError as err:
            page.notes.refuse(str(err))
            self.show_seats()
            return
        if page.in_progress() and not page.practice:
            if self.at_stake():
                page.ends.forfeit()
            page.practice_why = SEATS_CHANGED
        if page.match.played and any(page.applied[s] != (chooser.choice(s), chooser.budget(s))
                                     for s in range(page.players)):
            page.match = page.match.next()  # a match is against the same opponents
        page.seat_agents(agents)
        page.pacer.cancel()
        page.reset_turn()
        page.refresh()
        page.advance()

    def show_seats(self) -> None:
        """Put the seat choosers back to who plays now (a change was cancelled)."""
        for seat, (choice, budget) in self.page.applied.items():
            self.page.chooser.set(seat, choice, budget)

    def practice_changed(self, change: dict[str, Any]) -> None:
        """"Practice: open hands" ticked (asked about during a game: a forfeit if at stake)
        or unticked (the game stays practice: hands once shown stay shown)."""
        page = self.page
        if change["new"] and not page.practice:
            if self.at_stake() or page.in_progress():
                page.confirm.ask("Turn this game into practice?", self.start_practice,
                                 note="Every hand turns face up"
                                      + ("; this scored game counts as a loss (a forfeit)."
                                         if self.at_stake() else "."))
                page.refresh()
                return
            self.start_practice()
        elif not change["new"] and page.practice:
            # Hands once shown stay shown: this game stays practice whatever its stage.
            page.notes.say("Practice stays on for this game; the next game is a real one.",
                           info=True)
            page.refresh()

    def start_practice(self) -> None:
        """Open hands now: the box ticked (with no question) and the game made practice."""
        if not self.page.practice_box.value:
            self.page.practice_box.value = True  # (no question: the game is made practice next)
        self.make_practice(OPEN_HANDS)
