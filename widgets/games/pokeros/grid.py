"""Pokeros's growing grid as widgets: the placed cards, the cells where the chosen card may
go (buttons, lit), the chosen cell, and blank space around (no control there).

Widgets are kept per cell and reused, and only what changed is sent, so a large grid redraws
quickly.

>>> import wpp
>>> g = wpp.new_game("pokeros", seed=1)
>>> grid = GridView(); clicked = []; grid.on_cell(clicked.append)
>>> grid.show(g.view(0).cells, lit=[(1, 0)], target=None, last=None)
>>> grid.cell_button((1, 0)).click(); clicked, grid.cell_button((1, 0)).tooltip
([(1, 0)], 'put the chosen card to the right of the centre card')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Final

import ipywidgets as w

from widgets.parts.card_button import CardButton
from wpp.core.standard_deck import Card
from wpp.pokeros.game import cell_words
from wpp.pokeros.grid import Cell

__all__ = ["GRID_CSS", "GridView"]

#: The widest grid whose card faces shrink with it (a wider one still fits, its faces at the
#: size of this one's).
_MAX_COLS: Final = 40

#: The columns of a card's 44 px a phone (390 px) shows side by side.
_PHONE_COLS: Final = 7

#: The tallest grid whose card faces shrink with it to fit the window's height.
_MAX_ROWS: Final = 40

#: The grid's look (the board puts it on the page).
GRID_CSS: Final = """
.wpp-pokeros .pk-gridbox { overflow-x: hidden; overflow-y: auto;
  max-height: max(260px, calc(100vh - 200px));
  max-width: 100%; background: #2e7d4f; border-radius: 10px; padding: 8px;
  box-sizing: border-box; container-type: inline-size; }
/* On a screen the whole grid is seen at once, with your stash and Place beside it: its
   columns shrink (at most a card's 44 px) to fit the board's width, and as it grows taller
   its cards shrink to fit the window's height too (``--pk-avail``: the window less the page's
   header, the match and last-move lines and the scores; a late grid at 1280×800 pushed its
   lowest row, the stash and Place below the window's edge). The cards keep their shape. */
.wpp-pokeros .pk-grid { gap: 3px; width: 100%; flex: 0 0 auto; overflow: visible;
  --pk-avail: max(240px, calc(100vh - 232px)); }
.wpp-pokeros .pk-grid .widget-button, .wpp-pokeros .pk-grid .widget-html { margin: 0; }
.wpp-pokeros .pk-grid > .widget-button.wpp-card, .wpp-pokeros .pk-grid > .widget-button.pk-cell,
.wpp-pokeros .pk-grid > .widget-html.pk-void { width: 100%;
  min-width: 0; height: auto; aspect-ratio: 44 / 64; box-sizing: border-box; }
.wpp-pokeros .widget-button.pk-cell { padding: 0;
  background: rgba(255, 224, 138, .45); border: 2px solid #ffe08a; border-radius: 6px;
  color: #0d2b45; box-shadow: none; cursor: pointer; }
.wpp-pokeros .widget-button.pk-cell.pk-target { background: #ffe08a; border: 3px solid #d4a017;
  font-weight: bold; }
.wpp-pokeros .widget-button.wpp-card.pk-last { box-shadow: 0 0 0 3px #d4a017; }
.wpp-pokeros .widget-button.wpp-card.pk-centre { box-shadow: 0 0 0 2px #9ad0ff; }
.wpp-pokeros .pk-swipe { display: none; }
""" + "".join(
    # A card's rank and suit shrink with its column: ``--pk-w`` is one column's width, the
    # least of a card's 44 px, the box's width shared by ``n`` columns and the width whose
    # card's height lets ``m`` rows fit ``--pk-avail`` (``--pk-hw``).
    f".wpp-pokeros .pk-grid.pk-cols-{n} {{ --pk-w: min(44px, calc((100cqw - {3 * (n - 1)}px)"
    f" / {n}), var(--pk-hw, 44px)); }}\n" for n in range(1, _MAX_COLS + 1)) + "".join(
    f".wpp-pokeros .pk-grid.pk-rows-{m} {{ --pk-hw: calc((var(--pk-avail) - {3 * (m - 1)}px)"
    f" / {m} * 44 / 64); }}\n" for m in range(1, _MAX_ROWS + 1)) + """
.wpp-pokeros .pk-grid .widget-button.wpp-card { font-size: min(17px, calc(var(--pk-w) * .39));
  line-height: min(17px, calc(var(--pk-w) * .39)); padding: 3px 0 0 min(4px, 6%);
  background-size: min(24px, calc(var(--pk-w) * .55)) min(24px, calc(var(--pk-w) * .55)); }
/* On a phone a cell is a finger's tap: every column a card's 44 px (late in a game the
   shrunk cells were 28 px), so a wide grid scrolls sideways inside its own box, its
   scrollbar showing, and a line above it says so. */
@media (max-width: 600px) {
  .wpp-pokeros .pk-gridbox { max-height: 70vh; overflow-x: auto; }
  .wpp-pokeros .pk-grid.pk-grid { --pk-w: 44px; width: max-content; }
  .wpp-pokeros .pk-swipe.pk-wide { display: block; }
  .wpp-pokeros .pk-swipe .widget-html-content { font-size: 13px; color: #555; }
}
"""


class GridView:
    """The grid (``box``, which scrolls as it grows); :meth:`on_cell` hears lit cells. Its
    tooltips say where a cell is in words (:func:`wpp.pokeros.game.cell_words`)."""

    def __init__(self) -> None:
        self.grid = w.GridBox([])
        self.grid.add_class("pk-grid")
        self.box = w.Box([self.grid])
        self.box.add_class("pk-gridbox")
        self.box.add_class("wpp-scroll")  # a deliberate scroll box (its scrollbars show)
        #: The line that says a phone's grid scrolls sideways (shown only on a phone, and
        #: only for a grid wider than a phone's 7 columns).
        self.swipe = w.HTML("The grid is wider than the screen: swipe it sideways ↔ "
                            "to see all of it.")
        self.swipe.add_class("pk-swipe")
        self._cells: dict[Cell, w.Button] = {}
        self._cards: dict[Cell, CardButton] = {}
        self._voids: dict[Cell, w.HTML] = {}
        self._callbacks: list[Callable[[Cell], None]] = []

    def on_cell(self, callback: Callable[[Cell], None]) -> None:
        """Call ``callback(cell)`` when a lit cell is clicked."""
        self._callbacks.append(callback)

    def cell_button(self, cell: Cell) -> w.Button:
        """The button of ``cell`` (made on first use)."""
        b = self._cells.get(cell)
        if b is None:
            b = w.Button(description=" ")
            b.add_class("pk-cell")
            b.on_click(lambda _b, c=cell: self._clicked(c))
            self._cells[cell] = b
        return b

    def _clicked(self, cell: Cell) -> None:
        if self._cells[cell].disabled:
            return
        for cb in self._callbacks:
            cb(cell)

    def _void(self, cell: Cell) -> w.HTML:
        v = self._voids.get(cell)
        if v is None:
            v = self._voids[cell] = w.HTML("")
            v.add_class("pk-void")
        return v

    def show(self, cells: Mapping[Cell, Card], *, lit: Collection[Cell], target: Cell | None,
             last: Cell | None) -> None:
        """Draw the placed ``cells``, the ``lit`` cells (buttons) and the ``target``."""
        spots = [*cells, *lit]
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        children: list[w.Widget] = []
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                card = cells.get((x, y))
                if card is not None:
                    cb = self._cards.get((x, y))
                    if cb is None:
                        cb = self._cards[(x, y)] = CardButton()
                    extra = (("pk-last",) if (x, y) == last else
                             ("pk-centre",) if (x, y) == (0, 0) else ())
                    cb.show(card, clickable=False, extra=extra,
                            tooltip=f"{card} {cell_words(x, y)}")
                    children.append(cb)
                elif (x, y) in lit:
                    children.append(self._lit((x, y), (x, y) == target))
                else:
                    children.append(self._void((x, y)))
        n, m = x1 - x0 + 1, y1 - y0 + 1
        cols = f"repeat({n}, var(--pk-w))"
        if self.grid.layout.grid_template_columns != cols:
            self.grid.layout.grid_template_columns = cols
        swipe = ("pk-swipe", "pk-wide") if n > _PHONE_COLS else ("pk-swipe",)
        if tuple(self.swipe._dom_classes) != swipe:
            self.swipe._dom_classes = swipe
        classes = ("pk-grid", f"pk-cols-{min(n, _MAX_COLS)}", f"pk-rows-{min(m, _MAX_ROWS)}")
        if tuple(self.grid._dom_classes) != classes:
            self.grid._dom_classes = classes
        if tuple(self.grid.children) != tuple(children):
            self.grid.children = children

    def _lit(self, cell: Cell, target: bool) -> w.Button:
        b = self.cell_button(cell)
        classes = ("pk-cell", "pk-target") if target else ("pk-cell",)
        if tuple(b._dom_classes) != classes:
            b._dom_classes = classes
        text = "✓" if target else " "
        where = cell_words(*cell)
        tip = (f"place it {where} (click again)" if target
               else f"put the chosen card {where}")
        with b.hold_sync():
            if b.description != text:
                b.description = text
            if b.tooltip != tip:
                b.tooltip = tip
            b.disabled = False
        return b
