"""Which deal is on the game page: a random seed by default (shown only when the game is over:
a seed is the whole deck order), a seed typed by the person, the same deal again, a saved
game opened from a file — and the save file to download.

A seed is checked before anything changes (the kit's one rule, :mod:`wpp.core.checks`); a
save file is read by the kit (:func:`widgets.parts.saved_game.open_save`: another game's,
damaged or edited files are refused with the kit's reason).

>>> parse_seed(" 42 "), parse_seed("")
(42, None)
>>> parse_seed("-1")
Traceback (most recent call last):
wpp.core.errors.WppError: the seed must be a whole number from 0 to 2**63 - 1, not '-1'
>>> 0 <= fresh_seed() < 2**63
True
>>> "download=" in save_link("pairs", '{"x": 1}', 3)
True
"""

from __future__ import annotations

import base64
from html import escape
from typing import Any

from widgets.parts.saved_game import open_save
from wpp.core.checks import check_seed
from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.core.seeds import secret_seed

__all__ = ["MAX_FILE", "check_seed", "fresh_seed", "parse_seed", "read_save", "save_link",
           "uploaded_text"]

#: The largest file the page reads as a save file (bytes).
MAX_FILE = 1_000_000


def fresh_seed() -> int:
    """A secret seed over the whole seed range (:func:`wpp.core.seeds.secret_seed`): the page
    shows it only once its game is over, and nobody can search for it from their cards."""
    return secret_seed()


def parse_seed(text: object) -> int | None:
    """The seed typed in the page's seed box (``None`` when empty: a random deal)."""
    typed = str(text).strip()[:40]
    if not typed:
        return None
    try:
        value = int(typed)
    except ValueError:
        raise WppError(f"the seed must be a whole number from 0 to 2**63 - 1, not {typed!r}"
                       ) from None
    try:
        return check_seed(value)
    except WppError:
        raise WppError(f"the seed must be a whole number from 0 to 2**63 - 1, not {typed!r}"
                       ) from None


def save_link(game: str, text: str, moves: int) -> str:
    """A link that downloads the save file ``text`` (ready HTML)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    name = f"{game}-{moves}-moves.json"
    return (f'<a class="wpp-save-link" download="{escape(name)}" '
            f'href="data:application/json;base64,{data}" '
            f'title="download the save file {escape(name)}">Download {escape(name)}</a>')


def uploaded_text(files: Any) -> str:
    """The text of the file the page's Open button received (``files``: its value, a tuple
    or, in older ipywidgets, a dict); the kit's error if it is too large to be a save file.
    Undecodable bytes are replaced: the kit's reader refuses what is not a save file."""
    item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
    content = item.get("content", b"") if isinstance(item, dict) else b""
    try:
        raw = bytes(content)
    except (TypeError, ValueError):
        raw = b""
    if len(raw) > MAX_FILE:
        raise WppError("this file is too large to be a save file")
    return raw.decode("utf-8", errors="replace")


def read_save(text: str | bytes, game: str, title: str, players: int) -> History[Any, Any]:
    """The game in the save file ``text`` for ``game``'s page of ``players`` seats; the kit's
    error naming what is wrong otherwise (another game's file, a damaged one, another
    number of players)."""
    saved: History[Any, Any] = open_save(text, game, title)
    if saved.players != players:
        raise WppError(f"this save file has {saved.players} players; this page has {players}")
    return saved
