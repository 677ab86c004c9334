"""The teacher's kit: every lesson's guide and student handout, as printable pages.

The guides are ``docs/teachers/<lesson>.md`` (a 45-minute plan, what to skip, seeds and
positions for discussion, questions to ask, the answer key) and the handouts
``docs/handouts/<lesson>.md``, one per lesson notebook (named as the notebook). This module
reads them (:func:`kit_entries`), draws each as HTML with print styles (:func:`document_html`:
the browser's Print gives a clean page, the page's own buttons and links hidden), and lists
them for ``notebooks/teachers.ipynb`` (:func:`kit_page`), which the home page links.

Markdown is rendered by mistune (Voilà's own Markdown renderer, through nbconvert) with raw
HTML escaped.

>>> items = kit_entries()
>>> any(e.lesson == "03_the_mulligan" and e.guide is not None for e in items)
True
>>> "<h2" in document_html("# T\\n\\n## 45-minute plan\\n\\n- ten minutes")
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, Final

__all__ = ["DOCS", "GUIDE_HEADINGS", "KitEntry", "document_html", "kit_entries", "kit_html",
           "kit_page", "markdown_html"]

#: The project's docs folder.
DOCS: Final = Path(__file__).resolve().parents[2] / "docs"
NOTEBOOKS: Final = Path(__file__).resolve().parents[2] / "notebooks"
#: The headings every guide has, in this order.
GUIDE_HEADINGS: Final = ("45-minute plan", "What to skip", "Seeds and positions for discussion",
                         "Questions to ask", "Answer key")
_LESSON: Final = re.compile(r"^\d\d_.+$")

_PRINT_CSS: Final = """<style>
.wpp-kit { font-family: Georgia, 'DejaVu Serif', serif; max-width: 800px; color: #111;
  line-height: 1.45; overflow-wrap: anywhere; }
.wpp-kit h1 { font-size: 24px; margin: 6px 0 10px; }
.wpp-kit h2 { font-size: 18px; margin: 16px 0 4px; border-bottom: 1px solid #999; }
.wpp-kit table { border-collapse: collapse; margin: 6px 0; max-width: 100%; }
.wpp-kit td, .wpp-kit th { border: 1px solid #999; padding: 2px 8px; text-align: left;
  vertical-align: top; }
.wpp-kit table, .wpp-kit table * { overflow-wrap: break-word; }
.wpp-kit pre, .wpp-kit code { white-space: pre-wrap; }
.wpp-kit img { max-width: 100%; }
.wpp-kit .wpp-kit-doc { margin-bottom: 30px; }
.wpp-kit .wpp-kit-doc + .wpp-kit-doc { break-before: page; page-break-before: always; }
.wpp-kit .wpp-answer-box { border: 1px solid #333; min-height: 3em; margin: 4px 0 10px; }
.wpp-kit-list td, .wpp-kit-list th { border-bottom: 1px solid #ddd; padding: 4px 10px;
  text-align: left; }
.wpp-kit-list a { color: #1565c0; }
@page { size: auto; margin: 12mm 14mm; }
@media print {
  .wpp-kit-noprint, .jp-OutputArea-prompt, .widget-button, .widget-dropdown,
  .wpp-missing-output { display: none !important; }
  .jp-OutputArea-child, .jp-OutputArea-output, .widget-html, .widget-html-content,
  .jp-Cell, .jp-Cell-outputWrapper, .jp-Notebook { display: block !important;
    width: auto !important; max-width: none !important; overflow: visible !important;
    padding: 0 !important; margin: 0 !important; }
  .wpp-kit { max-width: none; font-size: 10pt; line-height: 1.3; }
  .wpp-kit h1 { font-size: 15pt; margin: 0 0 6px; }
  .wpp-kit h2 { font-size: 12pt; margin: 9px 0 3px; break-after: avoid;
    page-break-after: avoid; }
  .wpp-kit p { margin: 4px 0; }
  .wpp-kit ul, .wpp-kit ol { margin: 3px 0; padding-left: 22px; }
  .wpp-kit li { margin: 1px 0; }
  .wpp-kit table { width: 100%; }
  .wpp-kit .wpp-kit-doc { margin: 0; }
  /* A handout is written on: larger type, room between questions, rows tall enough. */
  .wpp-kit-handouts { font-size: 11.5pt; line-height: 1.5; }
  .wpp-kit-handouts h1 { font-size: 17pt; margin-bottom: 12px; }
  .wpp-kit-handouts p { margin: 8px 0; }
  .wpp-kit-handouts li { margin: 12px 0; }
  .wpp-kit-handouts td { height: 2.4em; }
  .wpp-kit tr, .wpp-kit li { break-inside: avoid; page-break-inside: avoid; }
  body { background: #fff; }
}
</style>"""


@dataclass(frozen=True, slots=True)
class KitEntry:
    """One lesson's kit: its notebook's stem, title, and the guide's and handout's files
    (``None`` when not written yet)."""

    lesson: str
    title: str
    guide: Path | None
    handout: Path | None


def _title(stem: str, notebooks: Path) -> str:
    from widgets.site.home import _first_heading

    path = notebooks / f"{stem}.ipynb"
    return _first_heading(path) if path.is_file() else stem


def kit_entries(docs: Path = DOCS, notebooks: Path = NOTEBOOKS) -> list[KitEntry]:
    """Every lesson that has a guide or a handout, in lesson order."""
    stems = {p.stem for sub in ("teachers", "handouts") for p in (docs / sub).glob("*.md")
             if _LESSON.match(p.stem)}
    out = []
    for stem in sorted(stems):
        guide, handout = docs / "teachers" / f"{stem}.md", docs / "handouts" / f"{stem}.md"
        out.append(KitEntry(stem, _title(stem, notebooks), guide if guide.is_file() else None,
                            handout if handout.is_file() else None))
    return out


def markdown_html(text: str) -> str:
    """Markdown as HTML (tables included; raw HTML in the text is escaped, not run)."""
    try:
        import mistune
    except ImportError:  # pragma: no cover - Voilà brings it (nbconvert)
        return f"<pre>{escape(text)}</pre>"
    render = mistune.create_markdown(escape=True, plugins=["table", "strikethrough"])
    return str(render(text))


def document_html(text: str) -> str:
    """One guide or handout as a printable block (print styles included)."""
    return (f'{_PRINT_CSS}<div class="wpp-kit"><div class="wpp-kit-doc">'
            f"{markdown_html(text)}</div></div>")


def kit_html(items: list[KitEntry] | None = None, which: str = "") -> str:
    """The kit's index (a table of lessons, each with links to its guide and handout), or,
    with ``which`` = ``"guide:<lesson>"``, ``"handout:<lesson>"``, ``"guides"`` or
    ``"handouts"``, those documents ready to print."""
    items = kit_entries() if items is None else items
    kind, _, lesson = which.partition(":")
    if kind in ("guide", "handout", "guides", "handouts"):
        singular = kind.rstrip("s")
        docs = [getattr(e, singular) for e in items
                if (not lesson or e.lesson == lesson) and getattr(e, singular) is not None]
        if docs:
            body = "".join(f'<div class="wpp-kit-doc">{markdown_html(p.read_text("utf-8"))}'
                           "</div>" for p in docs)
            back = ('<p class="wpp-kit-noprint"><a href="teachers.ipynb">← the whole kit</a> · '
                    "print this page with your browser (Ctrl+P / ⌘P)</p>")
            return f'{_PRINT_CSS}<div class="wpp-kit wpp-kit-{singular}s">{back}{body}</div>'
    rows = []
    for e in items:
        links = []
        if e.guide is not None:
            links.append(f'<a href="teachers.ipynb?show=guide:{escape(e.lesson)}">guide</a>')
        if e.handout is not None:
            links.append(f'<a href="teachers.ipynb?show=handout:{escape(e.lesson)}">handout'
                         "</a>")
        rows.append(f'<tr><td><a href="{escape(e.lesson)}.ipynb">{escape(e.title)}</a></td>'
                    f"<td>{' · '.join(links)}</td></tr>")
    return (f'{_PRINT_CSS}<div class="wpp-kit"><h1>The teacher\'s kit</h1>'
            "<p>For each lesson, a one-page guide (a 45-minute plan, what to skip, seeds that "
            "make good discussions, questions to ask, the answer key) and a handout for the "
            "students. Open one and print it from the browser. All at once: "
            '<a href="teachers.ipynb?show=guides">every guide</a> · '
            '<a href="teachers.ipynb?show=handouts">every handout</a>. To see how your class '
            'answers, open <a href="teacher.ipynb">the teacher\'s page</a>.</p>'
            '<table class="wpp-kit-list"><thead><tr><th>lesson</th><th>print</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>")


def kit_page(query: str | None = None) -> Any:
    """The kit as a widget (what ``notebooks/teachers.ipynb`` shows): the index, or the
    documents the address's ``?show=`` names."""
    import ipywidgets as w

    from widgets.parts.address import query_value

    which = query_value("show", query)
    return w.HTML(kit_html(which=which))
