"""A game page's header: the game's name, a mark for the mode (e.g. practice) and the status
line — for any game's page.

>>> h = PageHeader("WarPairsPoker")
>>> h.show("<b>Your turn</b>", "PRACTICE"); h.status.value, h.mode_mark.value
('<b>Your turn</b>', 'PRACTICE')
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

__all__ = ["PageHeader", "set_class"]


class PageHeader:
    """``box`` holds the brand, ``mode_mark`` and ``status`` (both ready HTML)."""

    def __init__(self, brand: str) -> None:
        self.status = w.HTML("")
        self.status.add_class("wpp-status")
        self.mode_mark = w.HTML("")
        self.mode_mark.add_class("wpp-mode-mark")
        self.box = w.HBox([w.HTML(f'<span class="wpp-brand">{escape(brand)}</span>'),
                           self.mode_mark, self.status])
        self.box.add_class("wpp-header")

    def show(self, status: str, mark: str = "") -> None:
        """Show the ``status`` and the mode ``mark`` (only changed values reach the page)."""
        if self.status.value != status:
            self.status.value = status
        if self.mode_mark.value != mark:
            self.mode_mark.value = mark


def set_class(widget: w.DOMWidget, cls: str, on: bool) -> None:
    """Add or remove a CSS class (only a change reaches the page)."""
    if on and cls not in widget._dom_classes:
        widget.add_class(cls)
    elif not on and cls in widget._dom_classes:
        widget.remove_class(cls)
