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

import re

from widgets.page.host import PageHost
from widgets.page.reasons import LIVE_NOTE, MOVE_ONLY_NOTE, PublicReasons, why_items
from widgets.page.seat_words import renamed, seat_words
from widgets.page.seats import agent_label
from widgets.parts.explain_panel import Hint, PanelText
from wpp.core.explain import Explanation
from wpp.core.session import Session

__all__ = ["give_hint", "hint_for", "hint_speaker", "why_panel"]


def hint_speaker(page: PageHost) -> str:
    """The AI Hint asks, as the page names it in a sentence ("Hint for you from …"): its
    ladder level's name ("Club player"), else what it does ("the AI that weighs each
    placement in points") — never its id, nor a verb standing where a name should."""
    label = page.hints.label()
    does = re.sub(r" \(.*\)$", "", agent_label(page.hints.game, page.hints.name()))
    if label.lower() != agent_label(page.hints.game, page.hints.name()).lower():
        return label                                  # a ladder level's name
    return does if does.startswith(("the ", "a ")) else f"the AI that {does}"


def hint_for(page: PageHost, seat: int, moment: int, explanation: Explanation) -> Hint:
    """The Hint panel's content for ``seat``: named as the page names it, the AI by
    :func:`hint_speaker`, the seats in its reasons by :func:`seat_words` (never "P1")."""
    session = page.session
    return Hint(moment, seat_words(session, seat), hint_speaker(page),
                renamed(explanation, lambda s: seat_words(session, s)))


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
    page.side.keep_hint(hint_for(page, seat, len(page.history.actions),
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
