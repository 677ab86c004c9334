"""A hand of Open Face Chinese Poker scored, as HTML: each seat's rows with their hands and
royalties, fouls in red, and the points — from the public boards (every placed card is open).

>>> from wpp.ofc.board import board_of
>>> a = board_of("QS QH 2C", "3C 3D 7S 7H 9C", "4C 5C 6C 8C JC")
>>> b = board_of("AS KD 2D", "KC QD 3S 4H 5D", "2H 2S 6D 6H TC")   # fouls: the middle is weakest
>>> html = score_html(score_hand([a, b]), ["You", "P2"])
>>> "fouled" in html, "You +17" in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from widgets.parts.faces import cards_html
from wpp.ofc.board import ROWS
from wpp.ofc.scoring import HandScore, score_hand

__all__ = ["score_hand", "score_html"]


def score_html(score: HandScore, names: Sequence[str]) -> str:
    """The hand's scoring, a block per seat (2 to 4 seats): the seat's name with its points
    (and "fouled"), then a line per row — its name, its cards, its hand and royalty. Two
    columns at most, so it fits a phone's width with nothing to scroll (a column per row and
    one for the points was wider than a 390-pixel screen, the points cut off)."""
    body = []
    for s, seat in enumerate(score.seats):
        foul = ' <span class="wpp-foul">fouled</span>' if seat.fouled else ""
        body.append(f'<tr class="wpp-score-seat"><th colspan="2">{escape(names[s])} '
                    f"{score.points[s]:+d}{foul}</th></tr>")
        for r in range(3):
            bonus = f" (+{seat.royalties[r]})" if seat.royalties[r] else ""
            body.append(f'<tr><td class="wpp-score-row">{escape(ROWS[r])}</td>'
                        f"<td>{cards_html(seat.board[r], 26)} "
                        f'<span class="wpp-score-hand">{escape(seat.values[r].name)}{bonus}'
                        "</span></td></tr>")
    return f'<table class="wpp-score">{"".join(body)}</table>'
