"""The home page's listing: every registered game (WarPairsPoker first) and every lesson,
from the registry and the notebooks folder, so it grows as games and lessons land."""

from __future__ import annotations

import json
import re
from pathlib import Path

import wpp
from widgets.site.home import NOTEBOOKS, Entry, entries, home_html, lesson_table_html


def test_every_game_then_every_lesson_in_order() -> None:
    items = entries()
    games = [e for e in items if e.kind == "game"]
    lessons = [e for e in items if e.kind == "lesson"]
    assert [e.title for e in games] == [wpp.core.registry.game_def(g).title
                                        for g in wpp.registered_games()]
    assert games[0].title == "WarPairsPoker" and games[0].href == "play.ipynb"
    assert [e.href for e in lessons] == sorted(p.name for p in
                                               NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert items == games + lessons
    for e in items:
        assert e.href is None or (NOTEBOOKS / e.href).is_file()


def test_a_new_lesson_and_a_game_without_page_are_listed(tmp_path: Path) -> None:
    cell = {"cell_type": "markdown", "metadata": {}, "source": ["# 9 · A new lesson\n", "text"]}
    (tmp_path / "09_new.ipynb").write_text(json.dumps({"cells": [cell]}), encoding="utf-8")
    (tmp_path / "scratch.ipynb").write_text(json.dumps({"cells": []}), encoding="utf-8")
    items = entries(tmp_path)
    assert [e.title for e in items if e.kind == "lesson"] == ["9 · A new lesson"]
    assert all(e.href is None for e in items if e.kind == "game")  # no page in that folder
    assert "coming soon" in home_html(items)


def test_the_html_links_each_page_and_escapes_text() -> None:
    items = [Entry("game", "A <b> game", "x & y", "a.ipynb"),
             Entry("lesson", "L1", "", "01_l.ipynb")]
    html = home_html(items, base="/voila/render/")
    assert 'href="/voila/render/a.ipynb"' in html and 'href="/voila/render/01_l.ipynb"' in html
    assert "A &lt;b&gt; game" in html and "x &amp; y" in html


def test_every_widgets_package_names_its_modules() -> None:
    """Each package of ``widgets/`` lists its modules in its docs: a new one must be listed (the
    flat package once named 16 of 42). ``widgets.games`` holds one package per registered game
    and names none of them (a new game edits nothing outside its places): each must be a
    registered game's; so does ``widgets.lessons`` (beside its ``shared`` parts)."""
    import importlib
    import pkgutil

    import widgets
    from wpp.core.registry import registered_games

    checked = 0
    for info in pkgutil.walk_packages(widgets.__path__, "widgets."):
        if not info.ispkg:
            continue
        pkg = importlib.import_module(info.name)
        doc = pkg.__doc__ or ""
        names = [m.name for m in pkgutil.iter_modules(pkg.__path__)]
        if info.name == "widgets.games":
            assert set(names) <= set(registered_games()), f"not a game's board: {names}"
            names = []
        if info.name == "widgets.lessons":  # the shared parts, then one package per game
            games = [n for n in names if n != "shared"]
            assert set(games) <= set(registered_games()), f"not a game's lessons: {games}"
            names = [n for n in names if n == "shared"]
        missing = [n for n in names if f"``{n}``" not in doc]
        assert not missing, f"{info.name} does not list {missing}"
        checked += 1
    top = [m.name for m in pkgutil.iter_modules(widgets.__path__)]
    assert checked >= 5 and all(f"``{n}``" in (widgets.__doc__ or "") for n in top)


def test_a_game_on_the_server_only_says_why_without_a_dead_open() -> None:
    """The static site listed OFC as "Open (on the server only: …)": an "Open" that opened
    nothing. A page that needs the server now shows only why; a lesson keeps its title."""
    items = [Entry("game", "First", "f", "first.ipynb"),
             Entry("game", "Big game", "b", "big.ipynb", server="it needs numpy"),
             Entry("lesson", "6 · Tables", "", "06_t.ipynb", server="it needs pandas")]
    html = home_html(items)
    line = next(x for x in html.splitlines() if "Big game" in x)
    assert "Open" not in line and "on the server only: it needs numpy" in line
    assert "href" not in line
    assert "6 · Tables <span" in html and "on the server only: it needs pandas" in html


def test_the_lesson_table_links_no_page_the_site_lacks() -> None:
    """Lesson 1's table on the static site linked "play it" to OFC's page, which needs the
    server (a missing page there): a game or lesson on the server only is named, not linked."""
    # per-game: an example of one game on the server only (OFC) and one on the site
    ofc, pairs = (wpp.core.registry.game_def(g).title for g in ("ofc", "pairs"))
    items = [Entry("game", ofc, "o", "ofc.ipynb", server="it needs numpy"),
             Entry("game", pairs, "p", "pairs.ipynb"),
             Entry("lesson", "10 · Rows", "learn rows", "10_rows.ipynb", game="ofc",
                   server="it needs numpy"),
             Entry("lesson", "11 · Hits", "learn hits", "11_hits.ipynb", game="pairs")]
    html = lesson_table_html(items)
    assert "ofc.ipynb" not in html and "10_rows.ipynb" not in html
    assert "Rows (on the server only)" in re.sub("<[^>]+>", "", html)
    assert '<a href="11_hits.ipynb">Hits</a>' in html and 'href="pairs.ipynb"' in html
