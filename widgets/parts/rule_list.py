"""A game's numbered rules, one line each, as HTML (what a board offers the page's Rules
panel): read from the rules text in the game's package, so the page says what the engine
enforces and nothing else.

>>> html = rule_list_html("wpp.pairs")
>>> html.count("<li ") > 5, '<li data-rule="R10"><b>R10</b>' in html
(True, True)
"""

from __future__ import annotations

from functools import cache
from html import escape

from wpp.core.rulebook import load_rulebook

__all__ = ["rule_list_html"]


@cache
def rule_list_html(package: str, name: str = "rules.md") -> str:
    """Every rule of ``package``'s rules text (``name``), its number and one-line summary."""
    book = load_rulebook(package, name)
    items = "".join(f'<li data-rule="{escape(rid)}"><b>{escape(rid)}</b> '
                    f"{escape(book[rid].summary)}</li>"
                    for rid in book)
    return f'<ol class="wpp-rule-list" style="list-style:none;padding-left:4px">{items}</ol>'
