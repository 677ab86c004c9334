"""Why a game on the page is practice, in words: the reasons the page's mode mark shows and the
store keeps with the game, and what leaving a scored game costs.

A game is practice when the person could have seen what a scored game hides, or could choose
again knowing what a choice revealed: open hands, Undo against the computer, who plays changed
mid-game, a deal opened from a save file (which holds the whole deal), replayed, or chosen by
its seed. Practice is never undone for that game.

>>> "PRACTICE — Undo was used against the computer" in practice_mark(UNDONE)
True
>>> practice_why({"practice": True}), practice_why({"practice": False, "practice_why": "x"})
('open hands', '')
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any, Final

__all__ = ["CHOSEN", "FORFEIT_NOTE", "OPENED", "OPEN_HANDS", "PRACTICE_MARK", "REPLAYED",
           "SEATS_CHANGED", "UNDONE", "practice_mark", "practice_why"]

OPEN_HANDS: Final = "open hands"
UNDONE: Final = "Undo was used against the computer"
SEATS_CHANGED: Final = "who plays changed during the game"
OPENED: Final = "opened from a save file, which holds the whole deal"
REPLAYED: Final = "a replayed deal, whose cards are known"
CHOSEN: Final = "a deal chosen by its seed"
#: What a scored game left before its end costs (the question says it first).
FORFEIT_NOTE: Final = "This scored game ends now and counts as a loss (a forfeit)."


def practice_mark(why: str) -> str:
    """The header's mark of a practice game, saying why it is practice."""
    return (f'<span class="wpp-practice-mark">PRACTICE — {escape(why)}: every hand and the '
            "computer's full reasoning are shown; this game is not counted</span>")


PRACTICE_MARK: Final = practice_mark(OPEN_HANDS)


def practice_why(settings: Mapping[str, Any]) -> str:
    """Why the game kept with ``settings`` is practice (``""``: a scored game)."""
    if not settings.get("practice", False):
        return ""
    why = settings.get("practice_why", "")
    return why[:200] if isinstance(why, str) and why else OPEN_HANDS
