"""What every page and lesson widget of the kit is to a notebook: an object holding a widget
tree (``root``) and saying in plain text what it shows (``summary()``).

Jupyter and Voilà display ``root``; the plain-text part of the display, and ``repr``, is the
summary — the text nbval compares when it runs the lessons, so a lesson's output is checked
by what it says rather than by widget ids that change from run to run.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

__all__ = ["Shown"]


class Shown:
    """Mix-in: display ``root``, with ``summary()`` as the plain text."""

    root: w.Widget

    def summary(self) -> str:  # pragma: no cover - every subclass says what it shows
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.root._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.summary()
        return bundle

    def __repr__(self) -> str:
        return self.summary()
