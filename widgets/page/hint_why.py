"""Hint and Why? on the game page: the two buttons that ask the computer.

* **Hint** asks the AI chosen beside it (any registered agent of the game) what it would do
  in the person's place, from the person's own view only, shows its reasons and *selects*
  its move on the board (:meth:`~widgets.page.board.Board.select`); it is for the person to
  act, on their turn, never during the review;
* **Why?** shows the computer's last turn: in public terms during a game
  (:mod:`~widgets.page.reasons`), in full after it or in open-hands practice.

Plain functions of what they need (the page as :class:`~widgets.page.host.PageHost`), so the
page only wires its buttons and keys to them.
"""

from __future__ import annotations

from widgets.page.host import PageHost
from widgets.page.reasons import LIVE_NOTE, MOVE_ONLY_NOTE, PublicReasons, why_items
from widgets.parts.explain_panel import Hint, PanelText
from wpp.core.history import seat_name
from wpp.core.session import Session

__all__ = ["give_hint", "why_panel"]


def give_hint(page: PageHost) -> None:
    """Ask the chosen AI what it would do in the person's place (from their own view), keep
    its reasons in the Hint panel and select its move on the board; refused (the kit's
    reason, nothing changed) when it is not the person's turn or the review shows a past
    position, or when the AI fails."""
    seat = page.session.human_to_act
    if seat is None or page.reviewing is not None:
        page.notes.refuse("a hint is for the player to act, on their turn")
        return
    try:
        decision = page.session.decide_for(seat, page.hints.agent())
    except Exception as err:  # an agent's bug must not break the page
        page.notes.refuse(f"the hint failed ({type(err).__name__})")
        return
    page.side.keep_hint(Hint(len(page.history.actions), seat_name(seat), page.hints.label(),
                             decision.explanation))
    page.refresh()
    page.board.select(decision.action)
    page.notes.say(f"Hint: {page.board.describe(decision.action)} — selected for you.",
                   info=True)
    page.notes.render()


def why_panel(session: Session, viewer: int, *, open_hands: bool,
              public: PublicReasons | None,
              notes: tuple[str, str] = (LIVE_NOTE, MOVE_ONLY_NOTE)) -> PanelText:
    """The Why? panel: the computer's last turn as ``viewer`` may read it — in full when
    ``open_hands``, else in ``public`` terms (or the move alone), with a note saying which
    (``notes``: the public form's note and the move-only one; a room passes its own)."""
    items = why_items(session, viewer, open_hands=open_hands, public=public)
    note = "" if open_hands else (notes[0] if public is not None else notes[1])
    return PanelText("Why the computer did that", items, note=note,
                     empty="The computer has not moved yet." if session.computer_seats
                     else "Nobody plays by computer in this game.")
