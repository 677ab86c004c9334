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
    """The hand's scoring, a row per seat (2 to 4 seats)."""
    head = "".join(f"<th>{escape(x)}</th>" for x in ("", *ROWS, "points"))
    body = []
    for s, seat in enumerate(score.seats):
        cells = []
        for r in range(3):
            bonus = f" (+{seat.royalties[r]})" if seat.royalties[r] else ""
            cells.append(f"<td>{cards_html(seat.board[r], 26)} "
                         f"{escape(seat.values[r].name)}{bonus}</td>")
        foul = ' <span class="wpp-foul">fouled</span>' if seat.fouled else ""
        body.append(f"<tr><td><b>{escape(names[s])}</b>{foul}</td>{''.join(cells)}"
                    f"<td><b>{escape(names[s])} {score.points[s]:+d}</b></td></tr>")
    return f'<table class="wpp-score"><tr>{head}</tr>{"".join(body)}</table>'
