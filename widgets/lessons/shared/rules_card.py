"""The rules card every lesson carries, for any registered game: closed, one line; open, the
game in a few headings (each rule's one-line summary from the game's own rules text, never
restated here), its glossary, and every rule in full one click away.

A game may draw its own card (WarPairsPoker's groups its rules under headings of its own and
adds the AIs' words): its lessons package's ``card`` module then has ``card_html(open_)`` and
``card_summary()`` (:mod:`widgets.lessons.warpairs.card`); else the card is made from the
game's rules text (``game_def(game).rulebook()``).

>>> card = RulesCard("pairs")
>>> "Rules card: Pairs" in card.html.value, card.summary().startswith("rules card of Pairs")
(True, True)
>>> RulesCard("nothing")
Traceback (most recent call last):
wpp.core.errors.WppError: unknown game 'nothing'; the kit has ...
"""

from __future__ import annotations

import importlib
import re
from html import escape
from types import ModuleType

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, lesson_root
from wpp.core.errors import WppError
from wpp.core.registry import game_def
from wpp.core.rulebook import Rulebook

__all__ = ["RulesCard", "game_card_html"]


def own_card(game: str) -> ModuleType | None:
    """The game's own card module (``widgets.lessons.<game>.card``), if it draws one."""
    name = f"widgets.lessons.{game}.card"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name is not None and name.startswith(err.name):
            return None
        raise
    return module if hasattr(module, "card_html") else None


def _plain(line: str, title: str = "") -> str:
    """A rules-text line for a learner: its kit settings in brackets dropped (they name
    fields of the rules object), Markdown's emphasis and code marks removed, and a leading
    ``title:`` dropped when the card already shows ``title`` before it (the one-line summary
    "hit: draw a card" under the heading "Hit" would read "Hit: hit: draw a card").

    >>> _plain("hit: draw a card face up onto your stack", "Hit")
    'draw a card face up onto your stack'
    """
    line = re.sub(r"\s*\((?:flag|Flag)[^)]*\)", "", line)
    if title and line.lower().startswith(title.lower() + ":"):
        line = line[len(title) + 1:].lstrip()
    return line.replace("`", "").replace("**", "").replace("*", "")


def _paragraphs(text: str) -> str:
    """A rule's Markdown text as HTML paragraphs (plain words: emphasis kept as bold)."""
    out = []
    for para in text.split("\n\n"):
        html = escape(" ".join(para.split())).replace("`", "")
        html = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html)
        out.append(f"<p>{html}</p>")
    return "".join(out)


def game_card_html(game: str, open_: bool = False) -> str:
    """The rules card of any registered game, from its own rules text
    (``game_def(game).rulebook()``): each section's rules in one line, the glossary, and
    every rule in full one click away."""
    game_def(game)  # an unknown game is the kit's error, naming it
    own = own_card(game)
    if own is not None:
        return str(own.card_html(open_))
    book: Rulebook | None = game_def(game).rulebook()
    if book is None:
        raise WppError(f"the game {game!r} has no rules text to make a rules card from")
    name = book.title.split(" — ")[0]
    groups = "".join(
        f'<div class="wpp-card-group"><b>{escape(head)}</b>'
        + "".join(f"<div><b>{escape(r.title)}</b>: {escape(_plain(r.summary, r.title))}</div>"
                  for r in rules) + "</div>"
        for head, rules in book.sections().items())
    terms = "".join(f"<tr><td><b>{escape(t)}</b></td><td>{escape(d)}</td></tr>"
                    for t, d in book.glossary.items())
    full = "".join(f"<div><b>{escape(r.title)}</b>{_paragraphs(r.text)}</div>"
                   for r in book.values())
    return (f'<details class="wpp-rules-card" id="the-rules-card"{" open" if open_ else ""}>'
            f"<summary><b>Rules card: {escape(name)}</b> (the whole game on one screen)"
            f'</summary><div class="wpp-card-groups">{groups}</div>'
            f'<details><summary><b>Glossary</b></summary><table class="wpp-facts">{terms}'
            "</table></details>"
            f"<details><summary><b>Every rule in full</b></summary>{full}</details>"
            "</details>")


class RulesCard(Lesson):
    """The rules card of ``game``, closed (one line) unless ``open_``."""

    def __init__(self, game: str, open_: bool = False) -> None:
        self.game = game
        self.html = w.HTML(game_card_html(game, open_))
        self.root = lesson_root([self.html], "wpp-card-root")
        # Not one of the page's lessons (pages and tests count those): a card beside them.
        self.root.remove_class("wpp-lesson")
        # Presented, the card opens (a closed card would fill the screen with one line).
        toggle = next(c for bar in self.root.children if isinstance(bar, w.HBox)
                      for c in bar.children if isinstance(c, w.ToggleButton))
        toggle.observe(lambda ch: setattr(self.html, "value",
                                          game_card_html(game, open_ or bool(ch["new"]))),
                       names="value")

    def summary(self) -> str:
        own = own_card(self.game)
        if own is not None:
            return str(own.card_summary())
        book = game_def(self.game).rulebook()
        assert book is not None
        return (f"rules card of {book.title.split(' — ')[0]}: {len(book)} rules under "
                f"{len(book.sections())} headings, {len(book.glossary)} glossary terms")
