"""The table: the play to beat (its mode and category in words), whose turn it is, the deck
and discard counts, and — when asked — the trick so far and the last trick.

Everything shown here is public: plays on the table, counts, whose turn. It is one ``HTML``
widget, rewritten when the game changes (an unchanged table sends nothing).

>>> from wpp.warpairs.game import Game
>>> t = TableView()
>>> g = Game(seed=3)
>>> t.show(g.view(0), names=("You", "Computer"), bottom=0)
>>> "mulligan" in t.html.value and "wpp-arrow" in t.html.value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from widgets.parts.faces import cards_html
from widgets.parts.plain_words import plain
from wpp.warpairs.phases import Phase, TrickPlay
from wpp.warpairs.view import View

__all__ = ["TableView", "redraw_words", "trick_html"]

_MODE_WORDS = {
    "single": "single cards",
    "pair": "pairs",
    "poker": "poker hands",
}


def trick_html(trick: Sequence[TrickPlay], names: Sequence[str], title: str) -> str:
    """A trick as a list of plays, oldest first: who played what, in pictures and words."""
    if not trick:
        return (f'<div class="wpp-trick"><div class="wpp-trick-title">{escape(title)}</div>'
                '<div class="wpp-muted">nothing yet</div></div>')
    rows = []
    for i, tp in enumerate(trick):
        verb = "led" if i == 0 else "played"
        rows.append(
            f'<div class="wpp-trick-play">{cards_html(tp.play.shown, 30)}'
            f'<span>{escape(names[tp.player])} {verb} {escape(tp.play.describe())}</span></div>')
    return (f'<div class="wpp-trick"><div class="wpp-trick-title">{escape(title)}</div>'
            + "".join(rows) + "</div>")


def redraw_words(used: Sequence[bool], names: Sequence[str]) -> str:
    """Whose re-draw (one a game) is still to come, by the names the board gives the seats
    (it read "P1 re-draw available · P2 re-draw available" beside "You" and "Computer").

    >>> redraw_words((False, True), ("You", "Computer"))
    'You can still re-draw · the computer used its re-draw'
    >>> redraw_words((True, False), ("P1", "P2"))
    'P1 used their re-draw · P2 can still re-draw'
    """
    def one(seat: int) -> str:
        name = names[seat] if seat < len(names) else f"P{seat + 1}"
        who = "the computer" if name == "Computer" else name
        if not used[seat]:
            return f"{who} can still re-draw"
        their = ("your" if name == "You" else "its" if name.startswith("Computer")
                 else "their")
        return f"{who} used {their} re-draw"
    return " · ".join(one(s) for s in range(len(used)))


class TableView:
    """The middle of the board. ``html`` is the widget to place."""

    def __init__(self) -> None:
        self.html = w.HTML("")
        self.html.add_class("wpp-table")

    def show(self, view: View, *, names: Sequence[str], bottom: int, show_trick: bool = False,
             show_last: bool = False, fresh: bool = False, mover: int | None = None) -> None:
        """Draw the table from a player's view (public facts only).

        ``bottom`` is the seat drawn at the bottom of the board: the arrow points down when
        that seat acts and up for the other. ``fresh``: the play on the table has just been
        made by the computer (it is highlighted for a moment). ``mover``: the position is a
        past one, shown with the move of that seat just made (the review): the arrow points
        at that seat, not at the seat to act next.
        """
        parts: list[str] = []
        over = view.phase is Phase.OVER
        if over:
            arrow = '<div class="wpp-arrow wpp-arrow-none">■ game over</div>'
        else:
            seat = view.to_act if mover is None else mover
            sign = "▼" if seat == bottom else "▲"
            doing = "to act" if mover is None else "made this move"
            arrow = (f'<div class="wpp-arrow">{sign} <b>{escape(names[seat])}</b> '
                     f"{doing}</div>")
        table = view.table
        if view.phase is Phase.MULLIGAN:
            centre = ('<div class="wpp-play-words">The mulligan: each player puts 3 cards '
                      "face up in the pile.</div>")
        elif table is None and over:
            centre = '<div class="wpp-play-words">The game is over.</div>'
        elif table is None:
            mode_note = " The lead was passed: it must be played." if view.passed else ""
            centre = ('<div class="wpp-empty-table"></div>'
                      '<div class="wpp-play-words">Fresh trick: the leader plays a single '
                      f"card, a pair or a poker hand.{mode_note}</div>")
        else:
            last = view.trick[-1]
            mode = table.mode.label
            centre = (
                f'<div class="wpp-play{" wpp-fresh" if fresh else ""}">'
                f"{cards_html(table.shown, 58)}</div>"
                f'<div class="wpp-play-words"><b>{escape(names[last.player])}</b> '
                f"{'led' if len(view.trick) == 1 else 'played'} "
                f"<b>{escape(table.describe())}</b></div>"
                f'<div class="wpp-mode">This trick is played in {_MODE_WORDS[mode]}.</div>')
        counts = (f'<div class="wpp-counts">deck <b>{view.deck_size}</b> · discards '
                  f"<b>{len(view.discards)}</b> · {redraw_words(view.redraw_used, names)}</div>")
        parts.extend([arrow, centre, counts])
        if show_trick and view.phase is not Phase.MULLIGAN:
            if view.trick or show_last or not view.last_trick:
                parts.append(trick_html(view.trick, names, "This trick"))
            else:  # a fresh trick: what just happened is more useful than "nothing yet"
                parts.append(trick_html(view.last_trick, names, "Last trick"))
        if show_last and view.phase is not Phase.MULLIGAN:
            parts.append(trick_html(view.last_trick, names, "Last trick"))
        value = plain("".join(parts))   # the engine's words, without their rule numbers
        if self.html.value != value:
            self.html.value = value
