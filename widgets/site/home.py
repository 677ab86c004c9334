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
['1 · Start here', '2a · The rules: learn to play']
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

from wpp.core.registry import game_def, registered_games

__all__ = ["NOTEBOOKS", "Entry", "entries", "home_html", "home_page", "lesson_metadata",
           "lesson_table", "lesson_table_html"]

#: The notebooks folder (lessons and pages); where the package is installed without it (the
#: static site's wheel, in the browser), the stubs the site's build ships in
#: ``widgets/site/shipped/notebooks`` (each one's heading and metadata: see
#: scripts/build_site.py).
NOTEBOOKS: Final = next((p for p in (Path(__file__).resolve().parents[2] / "notebooks",
                                     Path(__file__).resolve().parent / "shipped" / "notebooks")
                         if p.is_dir()), Path(__file__).resolve().parents[2] / "notebooks")
#: In the browser alone (the static site, Pyodide): pages are ``NAME.html`` siblings, the
#: teacher's kit is static pages (``../../kit/``), and a page that needs the server is listed
#: with why instead of a link (its stub's ``metadata.wpp.server``).
IN_BROWSER: Final = sys.platform == "emscripten"
#: The page where students play any game together, one browser each, with the computer in the
#: seats left over if they want (see widgets/site/room.py).
ROOM_PAGE: Final = "room.ipynb"
#: The teacher's kit (widgets/site/kit.py) and the class view (widgets/site/teacher.py).
KIT_PAGE: Final = "teachers.ipynb"
TEACHER_PAGE: Final = "teacher.ipynb"
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
    #: A lesson's game (a registered name, ``metadata.wpp.game``), if said.
    game: str | None = None
    #: Why the page needs the server (the static site's stubs only), if it does.
    server: str | None = None


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


def lesson_metadata(path: Path) -> dict[str, Any]:
    """A lesson notebook's own metadata (``metadata.wpp``: ``minutes``, ``summary``,
    ``game``), ``{}`` if it has none."""
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("wpp", {})
    except (OSError, ValueError, KeyError, AttributeError):
        return {}
    return meta if isinstance(meta, dict) else {}


def _minutes(meta: dict[str, Any]) -> int | None:
    value = meta.get("minutes")
    return value if isinstance(value, int) and value > 0 else None


def _text(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    return value if isinstance(value, str) and value else None


def entries(notebooks: Path = NOTEBOOKS) -> list[Entry]:
    """Every game (registry order: WarPairsPoker first), then every lesson (file order)."""
    out = []
    for name in registered_games():
        game = game_def(name)
        page = game.page if game.page and (notebooks / game.page).is_file() else None
        out.append(Entry("game", game.title, game.blurb, page,
                         server=_server_only(page) if page else None))
    for path in sorted(notebooks.glob("*.ipynb")):
        if _LESSON.match(path.name):
            meta = lesson_metadata(path)
            out.append(Entry("lesson", _first_heading(path), _text(meta, "summary") or "",
                             path.name, _minutes(meta), _text(meta, "game"),
                             _text(meta, "server")))
    return out


def page_href(name: str, base: str = "") -> str:
    """The address of notebook ``name`` from a sibling page: ``base`` + ``name``, or in the
    browser alone (the static site) its ``.html`` page."""
    if IN_BROWSER and name.endswith(".ipynb"):
        name = name.removesuffix(".ipynb") + ".html"
    return base + name


def _server_only(name: str) -> str | None:
    """Why notebook ``name`` needs the server, in the browser alone (``None``: it runs)."""
    if not IN_BROWSER:
        return None
    return _text(lesson_metadata(NOTEBOOKS / name), "server")


def _link(e: Entry, label: str, base: str, *, verb: bool = False) -> str:
    """``label`` linking to ``e``'s page; for a page that needs the server, why instead of
    the link (after the label, unless the label is only a ``verb`` such as "Open", which
    without its link would read as one that does nothing)."""
    if e.href is None:
        return '<span class="wpp-home-soon">coming soon</span>'
    if e.server:
        if verb:
            return (f'<span class="wpp-home-server">— on the server only: '
                    f"{escape(e.server)}</span>")
        return (f'{escape(label)} <span class="wpp-home-server">(on the server only: '
                f"{escape(e.server)})</span>")
    return f'<a class="wpp-home-go" href="{escape(page_href(e.href, base))}">{escape(label)}</a>'


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
                  _link(first, "Play against the computer", base, verb=True)]
        if first.href is not None and _server_only(ROOM_PAGE):
            parts.append('<p class="wpp-home-room">Students playing each other, one browser '
                         "each, through a room code: on the server only (the room lives "
                         "there).</p>")
        elif first.href is not None and (NOTEBOOKS / ROOM_PAGE).is_file():
            parts.append(f'<p class="wpp-home-room">Or students together, one browser each, '
                         f'any game: <a class="wpp-home-room-go" '
                         f'href="{escape(base + ROOM_PAGE)}">play each other through a room '
                         "code</a>, the computer in the seats left over.</p>")
        parts.append("</div>")
    if games[1:]:
        parts.append("<h2>More games</h2><ul>")
        parts += [f"<li><b>{escape(e.title)}</b> — {escape(e.blurb)} "
                  f"{_link(e, 'Open', base, verb=True)}</li>" for e in games[1:]]
        parts.append("</ul>")
    if lessons:
        total = sum(e.minutes or 0 for e in lessons)
        parts.append('<h2>Lessons</h2><p class="wpp-home-intro">Take them in order: each builds '
                     "on the one before"
                     + (f" (about {total} minutes in all)" if total else "") + ". Every lesson "
                     "carries the rules card; lesson 2a opens it — "
                     f'{_link(lessons[min(1, len(lessons) - 1)], "the rules on one card", base)}'
                     ".</p>")
        if IN_BROWSER:
            parts.append('<p class="wpp-home-teachers">For teachers: <a class="wpp-home-kit" '
                         'href="../../kit/index.html">the teacher\'s kit</a> (a guide and a '
                         "printable handout for each lesson). The class view (open a class; "
                         "see live how your students answer) is on the server only.</p>")
        elif (NOTEBOOKS / KIT_PAGE).is_file():
            parts.append('<p class="wpp-home-teachers">For teachers: <a class="wpp-home-kit" '
                         f'href="{escape(base + KIT_PAGE)}">the teacher\'s kit</a> (a guide and a '
                         "printable handout for each lesson) and "
                         f'<a class="wpp-home-class" href="{escape(base + TEACHER_PAGE)}">the '
                         "class view</a> (open a class; see live how your students answer).</p>")
        parts.append('<ol class="wpp-home-lessons">')
        parts += [f"<li>{_link(e, e.title, base)}"
                  + (f' <span class="wpp-home-min">{e.minutes} min</span>' if e.minutes else "")
                  + "</li>" for e in lessons]
        parts.append("</ol>")
    if IN_BROWSER:
        others = [(name, why) for name in sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
                  if not _LESSON.match(name) and (why := _server_only(name))]
        if others:
            parts.append('<h2>On the server only</h2><p class="wpp-home-intro">This site runs '
                         "in your browser, with no server. These pages need one (the kit "
                         "served with <code>make play</code>):</p><ul>")
            parts += [f"<li><b>{escape(_first_heading(NOTEBOOKS / name))}</b> — "
                      f"{escape(why)}</li>" for name, why in others]
            parts.append("</ul>")
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
.wpp-home-soon, .wpp-home-server { color: #777; font-style: italic; }
</style>"""


def lesson_table_html(items: list[Entry] | None = None, base: str = "",
                      skip: str | None = None) -> str:
    """The table of lessons lesson 1 shows: number, title (a link), what the learner does
    there, its minutes and, for a lesson of a game with a page of its own, a link to play it.
    Built from the notebooks' metadata and the registry, like the home page, so a new lesson
    or game appears without an edit here; ``skip`` leaves out one notebook (the one showing
    the table)."""
    items = entries() if items is None else items
    # a game's page, unless it needs the server (the static site: no link to a missing page)
    pages = {e.title: e.href for e in items if e.kind == "game" and not e.server}
    titles = {name: game_def(name).title for name in registered_games()}
    rows = []
    for e in items:
        if e.kind != "lesson" or e.href == skip:
            continue
        # The number the lesson's title gives ("2a · The rules"), else its file's ("02_…").
        head = e.title.split("·", 1)[0].strip() if "·" in e.title else ""
        number = head or (e.href.split("_", 1)[0].lstrip("0") if e.href else "")
        title = e.title.split("·", 1)[-1].strip()
        page = pages.get(titles.get(e.game or "", "")) if e.game else None
        play = (f' (<a href="{escape(page_href(page, base))}">play it</a>)'
                if page and page != e.href and e.game != registered_games()[0] else "")
        minutes = f"{e.minutes} min" if e.minutes else ""
        link = (f'<a href="{escape(page_href(e.href, base))}">{escape(title)}</a>'
                if e.href and not e.server else escape(title))
        if e.server:
            link += ' <span class="wpp-home-server">(on the server only)</span>'
        rows.append(f"<tr><td>{escape(number)}</td><td>{link}</td>"
                    f"<td>{escape(e.blurb)}{play}</td><td>{minutes}</td></tr>")
    return ('<table class="wpp-lesson-table"><thead><tr><th>#</th><th>lesson</th>'
            "<th>what you do there</th><th>time</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table>")


def lesson_table(skip: str | None = "01_start_here.ipynb") -> Any:
    """:func:`lesson_table_html` as a widget (what lesson 1 shows)."""
    import ipywidgets as w

    return w.HTML(_TABLE_STYLE + lesson_table_html(skip=skip))


_TABLE_STYLE: Final = """<style>
.wpp-lesson-table { border-collapse: collapse; font-size: 14px; max-width: 900px; }
.wpp-lesson-table th, .wpp-lesson-table td { border-bottom: 1px solid #ddd; padding: 4px 8px;
  text-align: left; vertical-align: top; }
.wpp-lesson-table a { color: #1565c0; }
.wpp-lesson-table .wpp-home-server { color: #777; font-style: italic; }
</style>"""


def home_page() -> Any:
    """The home page as a widget (what ``notebooks/home.ipynb`` shows)."""
    import ipywidgets as w

    return w.HTML(_STYLE + home_html())
