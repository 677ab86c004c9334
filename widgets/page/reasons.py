"""What the game page's side panel says about the computer's moves, for any game: "Why?" during
a game in public terms, the full reasoning after it (or in open-hands practice), and the
review's words at each move.

**Public terms, safely, for every game.** An agent's explanation is built from its own hand:
even with the card names blanked, its numbers and choices come from cards the person may not
know. So during a game the page shows only what a game *offers as public*: a game's
registration module may name ``PUBLIC_REASONS`` — ``(history, index, viewer) ->
Explanation`` built from the viewer's views and the public record, never a state
(WarPairsPoker's is :func:`wpp.warpairs.presenter.public_reasons`). A game that offers none
gets only the move as the viewer's narration tells it (``event.text_for(viewer)``), never the
hidden reasoning. Every item names the seats as the page does ("you", "the computer":
:mod:`~widgets.page.seat_words`), never the engine's "P1", "P2". The full reasoning — the
agent's own explanation, read from the mover's view then — opens when the game is over or in
practice mode, which the page marks.

>>> from wpp.core.registry import make_agent, new_game
>>> from wpp.core.session import Session
>>> s = Session(new_game("draw", seed=4), {1: make_agent("draw", "exact")})
>>> _ = s.human_apply(s.history.legal_actions()[0]); _ = s.computer_step()
>>> items = why_items(s, viewer=0, open_hands=False)
>>> s.history.events[-1].text_for(0)[:26]                # the narration's seat names…
'P2 draws 1 card. P2 wins ('
>>> str(items[0][1].summary)[:44]                         # … in the page's words
'The computer draws 1 card. The computer wins'
>>> len(why_items(s, viewer=0, open_hands=True)[0][1].steps) > 1     # after the game: in full
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from widgets.page.seat_words import renamed, seat_words
from wpp.core.errors import WppError
from wpp.core.explain import Explanation, Step
from wpp.core.history import History
from wpp.core.registry import registration
from wpp.core.session import Session

__all__ = ["LIVE_NOTE", "MOVE_ONLY_NOTE", "PublicReasons", "full_reasons", "last_turn",
           "move_only", "public_form", "why_items"]

#: ``(history, index, viewer) -> Explanation``: a computer move in public terms.
PublicReasons = Callable[[History[Any, Any], int, int], Explanation]

LIVE_NOTE = ("During a game the computer's move is explained in public terms; its full "
             "reasoning opens in the Review when the game is over, or in practice mode.")
MOVE_ONLY_NOTE = ("During a game the page shows only what the computer did: its reasoning "
                  "reads its own cards, so it opens in the Review when the game is over, or "
                  "in practice mode.")


def public_form(game: str) -> PublicReasons | None:
    """The public form of the computer's reasons that ``game`` offers, if any."""
    try:
        hook = getattr(registration(game), "PUBLIC_REASONS", None)
    except WppError:
        return None
    return hook if callable(hook) else None


def move_only(history: History[Any, Any], index: int, viewer: int) -> Explanation:
    """Move ``index`` as ``viewer``'s narration tells it, and nothing more."""
    text = history.events[index].text_for(viewer)
    return Explanation(f"Move {index + 1}", [Step("What it did", notes=(text,),
                                                  id="public.move")], summary=text)


def full_reasons(session: Session, index: int) -> Explanation | None:
    """The computer's own reasoning for move ``index``: the one it gave when it moved, else
    its agent asked again from the mover's view then (``None``: not a computer's move)."""
    h = session.history
    kept = session.explanation(index)
    if kept is not None:
        return kept
    seat = h.events[index].player
    if not session.is_computer(seat):
        return None
    decision = session.agent(seat).decide(h.game.view(h.states[index], seat))
    explanation: Explanation = decision.explanation
    return explanation


def last_turn(session: Session) -> list[int]:
    """The moves of the computer's last turn in the game as it stands: the last run of moves
    by the seat the computer moved last, read from the history (a loaded or reloaded game has
    them too). One seat only: with several computer seats (Pairs of 4) a run across seats
    would put an older computer's move at the top of "Why?" while "Last move" shows the
    newest one."""
    events = session.history.events
    k = len(events) - 1
    while k >= 0 and not session.is_computer(events[k].player):
        k -= 1
    if k < 0:
        return []
    seat = events[k].player
    run: list[int] = []
    while k >= 0 and events[k].player == seat:
        run.insert(0, k)
        k -= 1
    return run


def why_items(session: Session, viewer: int, *, open_hands: bool,
              public: PublicReasons | None = None) -> list[tuple[str, Explanation]]:
    """The computer's last turn for "Why?": in full when ``open_hands`` (the game is over,
    or practice), else in ``public`` terms, else the move alone."""
    h = session.history
    items: list[tuple[str, Explanation]] = []

    def name(seat: int) -> str:
        return seat_words(session, seat)

    for k in last_turn(session):
        seat = h.events[k].player
        full = full_reasons(session, k) if open_hands else None
        if full is not None:
            items.append((f"Move {k + 1} ({seat_words(session, seat)}): ",
                          renamed(full, name)))
        elif public is not None:
            items.append(("", renamed(public(h, k, viewer), name)))
        else:
            items.append(("", renamed(move_only(h, k, viewer), name)))
    return items
