"""The quick reference behind the "Rules & keys" option: a card per rule (the keys are listed
by the game page, from the board's own list, :meth:`WarPairsBoard.keys`).

The cards are generated from the rules text (``wpp/warpairs/rules.md``,
:func:`wpp.warpairs.rules.rulebook`):
each shows the rule's id and title, its one line, and — one click away — its whole text, where
it comes from (the game's author or the kit's decision) and its examples. So a refusal's
"(R9)" can be looked up here in the very words the engine cites.

>>> "R9 · Twos beat aces" in RULES_HTML
True
>>> markdown_html("A **pair**: `7S 7H`.\\n\\n- one\\n- two")
'<p>A <b>pair</b>: <code>7S 7H</code>.</p><ul><li>one</li><li>two</li></ul>'
"""

from __future__ import annotations

import re
from html import escape
from typing import Final

from wpp.core.rulebook import RuleText
from wpp.warpairs.rules import rulebook

__all__ = ["RULES_HTML", "markdown_html", "rule_card"]

_INLINE: Final = ((re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
                  (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
                  (re.compile(r"`(.+?)`"), r"<code>\1</code>"))


def _inline(text: str) -> str:
    out = escape(text, quote=False)
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    return out


def markdown_html(text: str) -> str:
    """The little Markdown of the rules text as HTML: paragraphs, one level of ``- `` lists
    (items may wrap onto indented lines), ``**bold**``, ``*italics*`` and ``code``."""
    html: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        if lines and lines[0].startswith("- "):
            items: list[str] = []
            for ln in lines:
                if ln.startswith("- "):
                    items.append(ln[2:].strip())
                else:
                    items[-1] += " " + ln.strip()
            html.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
        else:
            html.append(f"<p>{_inline(' '.join(ln.strip() for ln in lines))}</p>")
    return "".join(html)


def rule_card(r: RuleText) -> str:
    """One rule as a card: id, title and one line; its text, source and examples folded."""
    source = [f"<b>From:</b> {escape(r.source, quote=False)}."]
    if r.author:
        source.append(f"<b>Author:</b> {_inline(r.author)}")
    if r.kit:
        source.append(f"<b>Kit's decision:</b> {_inline(r.kit)}")
    if r.flag:
        source.append(f"<b>Flag:</b> {_inline(r.flag)}")
    examples = ("<ul class=\"wpp-rule-examples\">" + "".join(
        f"<li>{_inline(e)}</li>" for e in r.examples) + "</ul>") if r.examples else ""
    return (f'<div class="wpp-rule-card" data-rule="{r.id}">'
            f"<b>{r.id} · {escape(r.title, quote=False)}</b> — {escape(r.summary, quote=False)}"
            f"<details><summary>the rule</summary>{markdown_html(r.text)}{examples}"
            f'<div class="wpp-rule-source">{" ".join(source)}</div></details></div>')


def _reference() -> str:
    book = rulebook()
    parts = ['<div class="wpp-rules">',
             '<div class="wpp-panel-title">Rules — quick reference</div>']
    for section, rules in book.sections().items():
        parts.append(f"<div class=\"wpp-rule-section\">{escape(section, quote=False)}</div>")
        parts.extend(rule_card(r) for r in rules)
    parts.append("</div>")
    return "\n".join(parts)


#: The whole quick reference, as the app's panel shows it.
RULES_HTML: Final = _reference()
