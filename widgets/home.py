"""The home page ``make play`` opens: WarPairsPoker first (one click to play), then every other
game of the registry and every lesson, each a link to its own Voilà page.

The listing is data (:func:`entries`), built from the game registry (each game's title, blurb
and ``page``) and from the notebooks folder (each lesson's first heading), so the page grows by
itself as games and lessons land; :func:`home_html` draws it and :func:`home_page` is all the
notebook ``notebooks/home.ipynb`` calls.

>>> games = [e for e in entries() if e.kind == "game"]
>>> games[0].title, games[0].href
('WarPairsPoker', 'play.ipynb')
>>> [e.title for e in entries() if e.kind == "lesson"][:2]
['1 · Start here', '2 · The rules: learn to play']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

from wpp.core.registry import game_def, registered_games

__all__ = ["NOTEBOOKS", "Entry", "entries", "home_html", "home_page"]

#: The notebooks folder (lessons and pages).
NOTEBOOKS: Final = Path(__file__).resolve().parent.parent / "notebooks"
#: The page where two students play each other from two browsers (see widgets/room.py).
ROOM_PAGE: Final = "room.ipynb"
_LESSON: Final = re.compile(r"^\d\d_.+\.ipynb$")


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the home page: a game or a lesson, and the notebook it opens (``None``:
    a game with no page yet)."""

    kind: str        # "game" or "lesson"
    title: str
    blurb: str
    href: str | None
    #: How long a lesson takes, in minutes (its notebook's ``metadata.wpp.minutes``), if said.
    minutes: int | None = None


def _first_heading(path: Path) -> str:
    """A notebook's first Markdown heading, without its hashes (its file name if none)."""
    try:
        cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return path.stem
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return path.stem


def _minutes(path: Path) -> int | None:
    """A lesson's length in minutes, from its notebook's metadata (``None`` if not said)."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("wpp", {})
    except (OSError, ValueError, KeyError, AttributeError):
        return None
    value = meta.get("minutes") if isinstance(meta, dict) else None
    return value if isinstance(value, int) and value > 0 else None


def entries(notebooks: Path = NOTEBOOKS) -> list[Entry]:
    """Every game (registry order: WarPairsPoker first), then every lesson (file order)."""
    out = []
    for name in registered_games():
        game = game_def(name)
        page = game.page if game.page and (notebooks / game.page).is_file() else None
        out.append(Entry("game", game.title, game.blurb, page))
    for path in sorted(notebooks.glob("*.ipynb")):
        if _LESSON.match(path.name):
            out.append(Entry("lesson", _first_heading(path), "", path.name, _minutes(path)))
    return out


def _link(e: Entry, label: str, base: str) -> str:
    if e.href is None:
        return '<span class="wpp-home-soon">coming soon</span>'
    return f'<a class="wpp-home-go" href="{escape(base + e.href)}">{escape(label)}</a>'


def home_html(items: list[Entry] | None = None, base: str = "") -> str:
    """The page as HTML; links are ``base`` + the notebook's name (Voilà's render URLs are
    siblings, so the default relative links work)."""
    items = entries() if items is None else items
    games = [e for e in items if e.kind == "game"]
    lessons = [e for e in items if e.kind == "lesson"]
    parts = ['<div class="wpp-home">', "<h1>Card games to learn, teach, play and study</h1>"]
    if games:
        first = games[0]
        parts += ['<div class="wpp-home-first">',
                  f"<h2>{escape(first.title)}</h2><p>{escape(first.blurb)}</p>",
                  _link(first, "Play against the computer", base)]
        if first.href is not None and (NOTEBOOKS / ROOM_PAGE).is_file():
            parts.append(f'<p class="wpp-home-room">Or two students, two browsers: <a '
                         f'class="wpp-home-room-go" href="{escape(base + ROOM_PAGE)}">play each '
                         "other through a room code</a>.</p>")
        parts.append("</div>")
    if games[1:]:
        parts.append("<h2>More games</h2><ul>")
        parts += [f"<li><b>{escape(e.title)}</b> — {escape(e.blurb)} {_link(e, 'Open', base)}"
                  "</li>" for e in games[1:]]
        parts.append("</ul>")
    if lessons:
        total = sum(e.minutes or 0 for e in lessons)
        parts.append('<h2>Lessons</h2><p class="wpp-home-intro">Take them in order: each builds '
                     "on the one before"
                     + (f" (about {total} minutes in all)" if total else "") + ". Every lesson "
                     "carries the rules card; lesson 2 opens it — "
                     f'{_link(lessons[min(1, len(lessons) - 1)], "the rules on one card", base)}'
                     ".</p>")
        parts.append('<ol class="wpp-home-lessons">')
        parts += [f"<li>{_link(e, e.title, base)}"
                  + (f' <span class="wpp-home-min">{e.minutes} min</span>' if e.minutes else "")
                  + "</li>" for e in lessons]
        parts.append("</ol>")
    parts.append("</div>")
    return "\n".join(parts)


_STYLE: Final = """<style>
.wpp-home { font-family: system-ui, sans-serif; max-width: 760px; margin: 24px auto;
  color: #1f2d3d; }
.wpp-home h1 { font-size: 26px; margin-bottom: 18px; }
.wpp-home h2 { font-size: 19px; margin: 18px 0 6px; }
.wpp-home-first { background: #eef5ee; border: 1px solid #9cc29c; border-radius: 10px;
  padding: 14px 18px; }
.wpp-home .wpp-home-first .wpp-home-go { display: inline-block; background: #2e7d32;
  color: white;
  padding: 10px 18px; border-radius: 8px; font-size: 17px; text-decoration: none; }
.wpp-home li { margin: 6px 0; line-height: 1.5; }
.wpp-home a { color: #1565c0; text-decoration: underline; }
.wpp-home ul.wpp-home-lessons, .wpp-home ol.wpp-home-lessons { list-style: none;
  padding-left: 18px; }
.wpp-home-min { color: #555; font-size: 13px; margin-left: 6px; }
.wpp-home-soon { color: #777; font-style: italic; }
</style>"""


def home_page() -> Any:
    """The home page as a widget (what ``notebooks/home.ipynb`` shows)."""
    import ipywidgets as w

    return w.HTML(_STYLE + home_html())
