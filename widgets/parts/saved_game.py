"""Opening a saved game on a page: the save file's text checked, refused with the kit's
reason when it is not a save of this page's game, and replayed — for any registered game.

>>> from wpp.core.registry import new_game
>>> text = new_game("warpairs", seed=3).to_json()
>>> type(open_save(text, "warpairs")).__name__
'Game'
>>> open_save(text, "pairs")
Traceback (most recent call last):
wpp.core.errors.WppError: this is a save file of 'warpairs', not of pairs
"""

from __future__ import annotations

from typing import Any

from wpp.core.errors import WppError
from wpp.core.history import parse_save
from wpp.core.registry import load_game

__all__ = ["open_save"]


def open_save(text: str | bytes, game: str, title: str = "") -> Any:
    """The game saved in ``text`` (a history, replayed and checked); a file that is not a
    save of ``game`` (named ``title`` in the message), or is damaged or edited, raises the
    kit's :class:`~wpp.core.errors.WppError` saying what."""
    doc = parse_save(text)
    if doc.get("game") != game:
        raise WppError(f"this is a save file of {str(doc.get('game'))[:20]!r}, "
                       f"not of {title or game}")
    return load_game(text)
