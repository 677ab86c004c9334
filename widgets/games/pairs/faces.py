"""How Pairs' value cards look (the value, large, in an ink of its own), registered with the
kit's shared faces, and a row of them as HTML.

>>> from wpp.pairs.cards import CARD
>>> pairs_face(CARD[7])
Face(index='7', label='7', mark='', ink='red', suit=None)
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, Final

from widgets.parts.faces import Face, cards_html, register_faces
from wpp.pairs.cards import Card

__all__ = ["PAIRS_CSS", "cards_row", "pairs_face"]

#: The ink of each value 1–10 (names of :data:`widgets.parts.faces.INKS`).
_INKS: Final = ("green", "teal", "blue", "purple", "brown", "orange", "red", "black",
                "green", "red")

#: Card sizes (pixels wide): in a stack, and small (score piles, explanations' tables).
_BIG, _SMALL = 36, 22


def pairs_face(card: Card) -> Face:
    """How a Pairs card looks: its value, large, in the ink of its value."""
    return Face(str(card), str(card), ink=_INKS[int(card) - 1])


register_faces(Card, pairs_face)


def cards_row(cards: Iterable[Any], small: bool = False, empty: str = "—") -> str:
    """Cards in a row, drawn by the shared faces (``None``: face down; ``empty`` when there
    are none)."""
    cards = list(cards)
    return cards_html(cards, _SMALL if small else _BIG) if cards else escape(empty)


#: The table's look (the board and lesson 9's exercises share it).
PAIRS_CSS: Final = """
.wpp-pairs .wpp-ptable { background: #2e7d4f; color: #fff; border-radius: 10px;
  padding: 6px 10px; overflow-x: auto; max-width: 100%; }
.wpp-pairs .wpp-ptable table { border-collapse: collapse; width: 100%; }
.wpp-pairs .wpp-ptable td { padding: 3px 6px; vertical-align: middle; }
.wpp-pairs .wpp-ptable tr.wpp-acting td:first-child { color: #ffe08a; }
.wpp-pairs .wpp-ptable tr.wpp-plast td:first-child { text-decoration: underline; }
.wpp-pairs .wpp-ptable .wpp-pmid { background: #e8f3ec; color: #1b1b1b; border-radius: 8px;
  padding: 4px 8px; margin-top: 4px; }
.wpp-pairs .wpp-pround { background: #f4f4f4; color: #1b1b1b; border: 1px solid #c8c8c8;
  border-radius: 8px; padding: 4px 8px; margin-top: 6px; overflow-x: auto;
  max-width: 100%; font-size: 0.9em; align-items: flex-start; }
.wpp-pairs .wpp-pround { flex-direction: row; flex-wrap: nowrap; }
.wpp-pairs .wpp-pround > .widget-html { flex: 1 1 0; min-width: 0; width: auto; }
.wpp-pairs .wpp-pround > .wpp-pairs-close { flex: 0 0 44px; }
.wpp-pairs .wpp-pacts { margin-bottom: 6px; }
.wpp-pairs .wpp-pround table { border-collapse: collapse; margin-top: 4px; }
.wpp-pairs .wpp-pround td { padding: 2px 6px; vertical-align: middle; }
.wpp-pairs .wpp-pround .wpp-pdrew { font-size: 0.9em; }
.wpp-pairs .wpp-pacts { display: flex; flex-wrap: wrap; gap: 6px; }
.wpp-pairs .widget-button.wpp-act { font-weight: bold; width: auto; padding: 0 16px;
  height: 34px; }
.wpp-pairs .widget-button.wpp-chosen { box-shadow: 0 0 0 3px #d4a017; }
"""
