"""WarPairsPoker on the shared game page: :class:`App` is the game page
(:class:`widgets.page.game_page.GamePage`) with WarPairsPoker's board
(:class:`~widgets.games.warpairs.board.WarPairsBoard`), built with the settings the notebooks
and tests have always used (``computer`` seat, ``agent``, ``rules``, ``auto_mulligan``,
``alternate``, ``practice``), and the names they reach its parts by.

Everything the page does — turns, Hint, Why? in public terms
(:func:`wpp.warpairs.presenter.public_reasons`, the game's ``PUBLIC_REASONS``), the hidden
seed, the banner and score, the review, save/open, reload, keys — is the shared page's;
everything WarPairsPoker draws and how a person chooses is the board's.

>>> app = App(seed=11, agent="random")
>>> app.game.phase.value, app.bar.visible_kinds()
('mulligan', ['mulligan', 'concede'])
>>> for b in app.bottom.visible_buttons()[:3]:
...     b.click()
>>> app.bar.buttons["mulligan"].click()
>>> app.game.phase.value != "mulligan"     # the computer made its mulligan at once
True
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from widgets.games.warpairs.board import WarPairsBoard
from widgets.page.game_page import GamePage
from widgets.page.seats import default_opponent
from widgets.page.serving import serve
from widgets.parts.hand import HandView
from wpp.core.standard_deck import Card
from wpp.warpairs.game import Game
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = ["App"]


class App(GamePage[WarPairsBoard]):
    """A game of WarPairsPoker: ``computer`` is the seat the computer plays (0 or 1;
    ``None``: two people share the screen) as agent ``agent`` (any registered agent or
    ladder level; by default the ladder's level of the game's default agent, as every game's
    page starts: the Club player, the reference); see :class:`GamePage` for the rest."""

    def __init__(self, seed: int | None = None, *, computer: int | None = 1,
                 agent: str | None = None, ai_delay: float = 0.0, rules: Rules = DEFAULT_RULES,
                 auto_mulligan: bool = False, alternate: bool = False,
                 practice: bool = False, **settings: Any) -> None:
        if computer not in (0, 1, None):
            raise ValueError(f"computer is 0, 1 or None, not {computer!r}")
        board = WarPairsBoard()
        board.auto_mulligan.value = bool(auto_mulligan)
        board.alternate.value = bool(alternate)
        seats = {0: "person", 1: "person"}
        if computer is not None:
            seats[computer] = agent or default_opponent("warpairs")
        super().__init__(board, seed=seed, seats=seats, rules=rules, practice=practice,
                         ai_delay=ai_delay, **settings)
        b = self.board
        self.top, self.bottom, self.table, self.pile, self.bar = (b.top, b.bottom, b.table,
                                                                  b.pile, b.bar)
        self.keypad, self.selection, self.selection_info = (b.keypad, b.selection,
                                                            b.selection_info)
        self.reveal_button, self.prompt = b.reveal_button, b.prompt
        self.message, self.panel, self.log = self.notes.html, self.side.view, self.game_log.html
        self.review_prev, self.review_next = self.side.review_prev, self.side.review_next
        self.confirm_box, self.confirm_text, self.confirm_yes, self.confirm_no = (
            self.confirm.box, self.confirm.text, self.confirm.yes, self.confirm.no)
        self.banner, self.banner_text = self.end.box, self.end.text
        self.menu = SimpleNamespace(
            seed=self.seed_box, new_game=self.new_button, replay=self.replay_button,
            undo=self.undo_button, redo=self.redo_button, rules=self.rules_button,
            practice=self.practice_box, hint_agent=self.hints.dropdown,
            open_file=self.open_file, concede=b.concede, auto_mulligan=b.auto_mulligan,
            alternate=b.alternate, show_trick=b.show_trick, show_last=b.show_last,
            seats=self.chooser)
        self.agent_note = ""
        self._on_action = b.input.on_action

    @classmethod
    def from_env(cls, *args: Any, **settings: Any) -> App:
        """The app as ``make play`` serves it (:func:`~widgets.page.serving.serve`): the
        classic AI as P2, built at once, then what the page's address asks (a reload's key,
        ``?seed=``, ``?opponent=``, unless the caller chose the seat's agent or the seed)."""
        fixed = ["seats"] if {"agent", "computer"} & set(settings) else []
        return serve("warpairs", lambda **s: cls(*args, **s), settings, fixed)

    @property
    def game(self) -> Game:
        """The game on the board (the session's)."""
        history = self.history
        assert isinstance(history, Game)
        return history

    @property
    def computer(self) -> int | None:
        """The seat the computer plays (``None``: two people share the screen)."""
        seats = sorted(self.session.computer_seats)
        return seats[0] if seats else None

    @property
    def selected(self) -> set[Card]:
        """The cards selected in the acting person's hand."""
        return self.board.selection.cards

    def human_seat(self) -> int | None:
        """The person's seat in a game against the computer (``None`` for two people)."""
        return None if self.computer is None else 1 - self.computer

    def hand_view(self, seat: int) -> HandView:
        """The view that shows ``seat``'s hand (the bottom one is the person's)."""
        return self.bottom if seat == self.board.bottom_seat() else self.top

    def acting_person(self) -> int | None:
        """The seat of the person to act now (``None``: nobody may act on this page)."""
        return self.board.acting()
