"""A game's rules as a newcomer reads them, for any game's "Rules & keys" panel: first **how
to play** in plain words — the goal, a turn, what wins and how it scores, one worked example
drawn with the page's own card faces — then every numbered rule (R1…), folded, one click away
for a teacher or a referee.

Every rule is stated once, in the game's rules text (``rules.md``); the plain words are data
beside it, ``how_to_play.md`` in the same package, in a small format::

    # How to play Pokeros
    ## The goal
    A paragraph… words [linked to a rule](R4) …
    - a list item, with cards drawn: {QH QS *QD} (``*``: the card just played, lit)

A link names the numbered rule it stands for; a click on it opens the numbered rules at that
rule, lit. Cards are written as the game's deck writes them (``7S`` or ``7♠``; Pairs' ``7``)
and drawn by :func:`widgets.parts.faces.cards_html`, the faces the board uses. A link to a
rule the rules text does not state, or a card the deck does not hold, is a ``WppError`` when
the text is read (the tests read every game's).

>>> html = how_to_play_html("draw")
>>> "How to play" in html and 'data-rule="R3"' in html and "<details" in html
True
>>> sorted(linked_rules("draw"))[:3]
['R3', 'R4', 'R6']
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from functools import cache
from html import escape
from importlib import resources
from typing import Any, Final

from widgets.parts.faces import cards_html
from widgets.parts.rule_list import rule_list_html
from wpp.core.errors import WppError
from wpp.core.registry import game_def
from wpp.core.rulebook import load_rulebook

__all__ = ["HOW_TO_PLAY_CSS", "game_package", "how_to_play_html", "linked_rules",
           "plain_text"]

#: The file of plain words beside each game's ``rules.md``.
FILE: Final = "how_to_play.md"

_LINK: Final = re.compile(r"\[([^\]]+)\]\((R\d+)\)")
_CARDS: Final = re.compile(r"\{([^}]+)\}")
_BOLD: Final = re.compile(r"\*\*(.+?)\*\*")

#: A click on a rule's link opens the numbered rules (the ``details`` below) at that rule and
#: lights it; the page's address does not change (no ``#``).
_OPEN: Final = ("var h=this.closest('.wpp-how'),d=h&&h.querySelector('details.wpp-numbered');"
                "if(d){d.open=true;var t=d.querySelector('[data-rule=&quot;{rid}&quot;]');"
                "if(t){d.querySelectorAll('.wpp-rule-lit').forEach(function(e){"
                "e.classList.remove('wpp-rule-lit');});t.classList.add('wpp-rule-lit');"
                "t.scrollIntoView({block:'nearest'});}}return false;")

#: The panel's look (the page's stylesheet includes it).
HOW_TO_PLAY_CSS: Final = """
.wpp-app .wpp-how { font-size: 14px; line-height: 1.45; }
.wpp-app .wpp-how .wpp-how-head { font-weight: bold; color: #0d2b45; margin: 8px 0 2px; }
.wpp-app .wpp-how p { margin: 2px 0 6px; }
.wpp-app .wpp-how ul { margin: 2px 0 6px; padding-left: 18px; }
.wpp-app .wpp-how a.wpp-rule-link { color: #0d5c6e; text-decoration: underline dotted; }
.wpp-app .wpp-how .wpp-row { vertical-align: middle; }
.wpp-app .wpp-how details.wpp-numbered { margin-top: 8px; border-top: 1px solid #d9d2bd;
  padding-top: 4px; }
.wpp-app .wpp-how details.wpp-numbered > summary { cursor: pointer; font-weight: bold;
  color: #0d2b45; min-height: 32px; line-height: 32px; }
.wpp-app .wpp-how .wpp-rule-lit { background: #fff3c4; outline: 2px solid #d4a017;
  border-radius: 4px; }
"""


def game_package(game: str) -> str:
    """The package of ``game``'s engine (``"wpp.classic"`` for 5-card draw): where its rules
    text and its plain words live."""
    module = type(game_def(game)).__module__
    return module.rsplit(".", 1)[0]


@cache
def plain_text(game: str) -> str:
    """``game``'s ``how_to_play.md`` as written (a ``WppError`` if the game has none)."""
    package = game_package(game)
    try:
        return resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError) as err:
        raise WppError(f"{game} has no plain rules ({FILE} in {package})") from err


def linked_rules(game: str) -> frozenset[str]:
    """The numbered rules the plain words of ``game`` link to."""
    return frozenset(rid for _, rid in _LINK.findall(plain_text(game)))


def _deck_cards(game: str) -> dict[str, Hashable]:
    """Each card of the game's deck by the ways it is written (``7S``, ``7♠``; ``7``)."""
    out: dict[str, Hashable] = {}
    for card in game_def(game).deck:
        out.setdefault(str(card).upper(), card)
        ascii_ = getattr(card, "ascii", None)
        if isinstance(ascii_, str):
            out.setdefault(ascii_.upper(), card)
    return out


def _inline(text: str, game: str, summaries: dict[str, str]) -> str:
    deck = _deck_cards(game)

    def cards(m: re.Match[str]) -> str:
        shown: list[Any] = []
        lit: list[Any] = []
        for token in m.group(1).split():
            card = deck.get(token.lstrip("*").upper())
            if card is None:
                raise WppError(f"{game}'s plain rules draw a card its deck does not hold: "
                               f"{token!r}")
            shown.append(card)
            if token.startswith("*"):
                lit.append(card)
        return cards_html(shown, 30, highlight=lit)

    def link(m: re.Match[str]) -> str:
        words, rid = m.group(1), m.group(2)
        if rid not in summaries:
            raise WppError(f"{game}'s plain rules link to {rid}, which its rules do not state")
        return (f'<a href="javascript:void(0)" class="wpp-rule-link" data-rule="{rid}" '
                f'title="{rid}: {escape(summaries[rid])}" '
                f'onclick="{_OPEN.replace("{rid}", rid)}">{words}</a>')

    # Escape the words first, then add the markup the format allows.
    out = escape(text, quote=False)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _CARDS.sub(cards, out)
    return _LINK.sub(link, out)


@cache
def how_to_play_html(game: str, numbered: str | None = None) -> str:
    """``game``'s plain rules as HTML, then its numbered rules (``numbered``: the HTML of
    the game's own reference; default the one-line list of its rules text), folded."""
    package = game_package(game)
    book = load_rulebook(package, "rules.md")
    summaries = {rid: book[rid].summary for rid in book}
    parts: list[str] = []
    items: list[str] = []
    para: list[str] = []

    def flush() -> None:
        if items:
            parts.append("<ul>" + "".join(f"<li>{_inline(i, game, summaries)}</li>"
                                          for i in items) + "</ul>")
            items.clear()
        if para:
            parts.append(f"<p>{_inline(' '.join(para), game, summaries)}</p>")
            para.clear()

    for block in re.split(r"\n\s*\n", plain_text(game).strip()):
        for line in block.splitlines():
            line = line.rstrip()
            if line.startswith("# "):
                flush()
                parts.append(f'<div class="wpp-panel-title">{escape(line[2:])}</div>')
            elif line.startswith("## "):
                flush()
                parts.append(f'<div class="wpp-how-head">{escape(line[3:])}</div>')
            elif line.startswith("- "):
                if para:
                    flush()
                items.append(line[2:])
            elif line.startswith("  ") and items:
                items[-1] += " " + line.strip()
            elif line:
                para.append(line.strip())
        flush()
    html = "".join(parts)
    ids = list(book)
    reference = numbered if numbered is not None else rule_list_html(package)
    return (f'<div class="wpp-how" data-game="{escape(game)}">{html}'
            f'<details class="wpp-numbered"><summary>Every rule, numbered ({ids[0]}–{ids[-1]})'
            f" — for a teacher or a referee</summary>{reference}</details></div>")
