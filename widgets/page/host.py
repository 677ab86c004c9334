"""What the game page's parts may ask of the page: :class:`PageHost`.

The turns (:mod:`widgets.page.turns`) and the review (:mod:`widgets.page.review`) are parts
of :class:`~widgets.page.game_page.GamePage`: they read its game, board, panels and session
and ask it to redraw. They are written against this protocol rather than the page's class, so
the page imports its parts and no part imports the page (no import circle, not even one for
type checking). ``GamePage`` meets it by its shape; mypy checks that where the page hands
itself to a part.
"""

from __future__ import annotations

from typing import Any, Protocol

from widgets.page.board import Board
from widgets.page.computer_review import ComputerReview
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.explain_panel import ExplainPanel
from widgets.parts.hint_chooser import HintChooser
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from wpp.core.history import History
from wpp.core.session import Session

__all__ = ["GameHost", "PageHost"]


class GameHost(Protocol):
    """What every part of the page reads first: the game's session, its history and how many
    seats it has. Each part's own protocol adds what else it needs (:class:`PageHost`, the
    game's end, the stakes, the two tabs)."""

    @property
    def session(self) -> Session: ...

    @property
    def history(self) -> History[Any, Any]: ...

    @property
    def players(self) -> int: ...


class PageHost(GameHost, Protocol):
    """The page as its parts see it: what they read, the two fields they set (``reviewing``,
    ``person_moves``) and what they ask it to do."""

    #: The move the review shows (``None``: the game as it stands).
    reviewing: int | None
    #: The person's moves in this game (the session's score counts them).
    person_moves: int

    @property
    def board(self) -> Board: ...

    @property
    def notes(self) -> MessageLine: ...

    @property
    def confirm(self) -> ConfirmBar: ...

    @property
    def side(self) -> ExplainPanel: ...

    @property
    def hints(self) -> HintChooser: ...

    @property
    def pacer(self) -> ComputerPacer: ...

    @property
    def computer_review(self) -> ComputerReview: ...

    @property
    def review_budget(self) -> dict[str, int]: ...

    def refresh(self) -> None:
        """Draw the page anew from the game."""

    def viewer(self) -> int:
        """The seat whose view the board shows."""

    def in_names(self, text: str) -> str:
        """The game's words with its seat names ("P1") as the page names the seats."""

    def open_hands(self) -> bool:
        """May every hand be shown now (the game is over, or practice)?"""

    def at_stake(self) -> bool:
        """Is this a scored game against the computer, dealt and not over?"""

    def make_practice(self, why: str) -> None:
        """Turn the game into practice, ``why`` shown in the mode mark."""
