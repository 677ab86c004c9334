"""The review on the game page, for any game: after a game (or in practice), every move
stepped through with the board drawn as it was (``Board.draw(..., active=False)`` on the
view at that point of the history) and the computer's reasons; and the rows of "Review with
the computer" (:mod:`~widgets.page.computer_review`): the board before that decision, the
person's choice and the better one, with the reasons.

:class:`Review` is a part of :class:`~widgets.page.game_page.GamePage` (seen through
:class:`~widgets.page.host.PageHost`), which offers its methods as its own (tested in
``tests/widgets/test_game_page.py``).
"""

from __future__ import annotations

from html import escape

from widgets.page.computer_review import loss_words
from widgets.page.host import PageHost
from widgets.page.reasons import full_reasons
from widgets.page.seat_words import renamed, seat_words
from widgets.parts.explain_panel import PanelText
from widgets.parts.explain_view import explanation_html
from widgets.parts.plain_words import plain
from wpp.core.explain import Explanation
from wpp.core.history import seat_name
from wpp.core.review import ReviewRow

__all__ = ["Review"]


class Review:
    """The review of ``page``."""

    def __init__(self, page: PageHost) -> None:
        self.page = page

    def show_review(self) -> None:
        """Step through every move of a finished game, the board drawn as it was."""
        if not self.page.open_hands():
            self.page.notes.refuse("the review opens when the game is over (or in practice)")
            return
        if not self.page.history.actions:
            self.page.notes.refuse("no move has been played yet")
            return
        self.page.side.start_review()
        first = self.first_own_move()
        self.page.side.review_at = first
        self.page.reviewing = first
        self.page.refresh()

    def first_own_move(self) -> int:
        """Where the review opens: the viewer's first move (the walk-through's review opened on
        the computer's first move, which the player has nothing to learn from), else the first
        move. Not the worst mistake: the grades arrive later, in the background, and the
        position must not jump under the player; the graded rows are one click away."""
        viewer = self.page.viewer()
        return next((k for k, e in enumerate(self.page.history.events) if e.player == viewer),
                    0)

    def review_game(self, *, threaded: bool = True) -> None:
        """The banner's one review: every move stepped through (:meth:`show_review`) and,
        beside it, the computer's grades of the person's decisions
        (:meth:`review_with_computer`), started once per game (a second click goes back to
        the player's first move and keeps the grades)."""
        self.show_review()
        cr = self.page.computer_review
        if (self.page.reviewing is not None and cr.review is None and not cr.running
                and cr.box.layout.display == "none"):
            self.review_with_computer(threaded=threaded)

    def leave(self) -> None:
        """Leave the review, of either kind (a new game, a replay, an opened file): the board
        is the game's again. A review row keeps the panel as ``"review-row"``, which the page
        does not redraw over; left open, a new deal kept the old position on a board that
        took no clicks (and, on WarPairsPoker, the old computer hand face up)."""
        self.page.reviewing = None
        self.page.side.close("review", "review-row")

    def review_step(self, step: int) -> None:
        """The review's previous (-1) or next (+1) move."""
        if self.page.side.step_review(step, len(self.page.history.actions)):
            self.page.reviewing = self.page.side.review_at
            self.page.refresh()

    def _review_text(self, k: int) -> PanelText:
        h = self.page.history
        event = h.events[k]
        head = (f"Review — move {k + 1} of {len(h.actions)}: "
                f"{self.page.in_names(seat_name(event.player))}: "
                f"{self.page.board.describe(h.actions[k])}")
        reasons = full_reasons(self.page.session, k) if self.page.open_hands() else None
        if reasons is None:
            return PanelText(head, empty=self.page.in_names(event.text_for(None)))
        return PanelText(head, [("", self._in_names(reasons))])

    def _in_names(self, e: Explanation) -> Explanation:
        """``e`` with its seats named as the page names them (the review's reasons read
        "P2 plays…" where the log says "Computer plays…")."""
        session = self.page.session
        return renamed(e, lambda seat: seat_words(session, seat))

    def review_with_computer(self, *, threaded: bool = True) -> None:
        """Run the kit's game review of the person's decisions (in the background), then
        show its chart and list."""
        if not self.page.open_hands():
            self.page.notes.refuse("the computer reviews a game when it is over (or in practice)")
            return
        self.page.computer_review.start(self.page.history, self.page.viewer(), threaded=threaded,
                                   budget=self.page.review_budget)

    def _show_review_row(self, row: ReviewRow) -> None:
        """A row of the computer's review: the board before that decision, the person's
        choice and the better one, with the reasons."""
        self.page.side.open = "review-row"  # the panel's own review is closed
        self.page.side.review_nav.layout.display = "none"  # its ◀ ▶ would do nothing now
        self.page.reviewing = None
        self._draw_at(row.move, before=True)
        mine, best = self.page.board.describe(row.action), self.page.board.describe(row.best)
        text = (f"<b>Move {row.move + 1}</b>: you played {escape(mine)} — "
                f"<b>{escape(row.verdict)}</b>"
                + ("" if row.best == row.action else
                   f"; better: {escape(best)} "
                   f"({loss_words(row.loss, self.page.computer_review.unit)})") + ".")
        self.page.side.view.set_html(plain(f"<div>{text}</div>"
                                           + explanation_html(self._in_names(row.explanation))))

    def _draw_at(self, k: int, *, before: bool) -> None:
        """The board as it was at move ``k`` (before it, or with it played), read-only."""
        h = self.page.history
        index = k if before else k + 1
        state = h.states[index]
        viewer = self.page.viewer()
        others = {s: h.game.view(state, s) for s in range(self.page.players)}
        last = h.actions[index - 1] if index > 0 else None
        read = getattr(self.page.board, "read_history", None)
        if callable(read):
            read(h, viewer, index)
        self.page.board.draw(others[viewer], legal=[], last=last, others=others, active=False)
