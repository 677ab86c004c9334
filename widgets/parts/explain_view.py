"""The explanation viewer: an AI decision told step by step, with card pictures and the
candidate tables, the chosen row marked.

Rendering happens in the kernel and only the finished HTML reaches the page. The explanation's
structured form is rendered, not its sentences: cards are drawn as pictures, and every text's
card references (:class:`~wpp.core.explain.Ref`) are written by :func:`text_html`, which blanks
those about cards the viewer must not know (see :mod:`widgets.parts.redact`).

>>> from wpp.core.standard_deck import parse_cards
>>> from wpp.core.explain import Explanation, Step
>>> from wpp.core.explain import Ref, words
>>> nines, kings = parse_cards("9D 9C"), parse_cards("KS KH")
>>> e = Explanation("Answer", [Step("Pairs that beat the table", nines + kings,
...     columns=("pair", "kept for later"), rows=[(nines, False), (kings, True)],
...     chosen_row=0, verdict=words("play ", Ref(nines), "; keep the ", Ref(kings, "kings")))],
...     choice=nines, summary=words("play ", Ref(nines)))
>>> html = explanation_html(e, hidden=set(kings))
>>> "K♠" in html or "KS" in html or "kings" in html, "9♦ 9♣" in html, "wpp-chosen" in html
(False, True, True)
>>> text_html(words("keep the ", Ref(kings, "kings"), ", twos and aces"), set(kings))
'keep the 🂠, twos and aces'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape

import ipywidgets as w

from widgets.parts.faces import AnyCard, cards_html
from widgets.parts.plain_words import plain
from widgets.parts.redact import mask, render_text
from wpp.core.explain import Cell, Explanation, Step, Text, Words, cell_text, is_cards

__all__ = ["ExplanationView", "explanation_html", "table_html", "text_html"]


def text_html(x: Text, hidden: Collection[AnyCard] = ()) -> str:
    """An explanation's text as HTML, its references to ``hidden`` cards blanked."""
    return render_text(x, hidden, escape, escape)


def table_html(columns: Sequence[str], rows: Sequence[Sequence[str]],
               chosen: Iterable[int | None] = (), legal: Iterable[int] = (),
               css: str = "wpp-cands") -> str:
    """A table whose cells are ready HTML; ``chosen`` rows are marked like the AI's choice,
    ``legal`` rows tinted green."""
    picked, ok = set(chosen), set(legal)
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = []
    for i, r in enumerate(rows):
        cls = " ".join(n for n, on in (("wpp-chosen", i in picked), ("wpp-legal", i in ok)) if on)
        attr = f' class="{cls}"' if cls else ""
        body.append(f"<tr{attr}>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>")
    return (f'<div class="{css}"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def _cell_html(x: Cell, hidden: Collection[AnyCard]) -> str:
    if isinstance(x, Words):
        return text_html(x, hidden)
    if is_cards(x):
        assert isinstance(x, tuple)
        return cards_html(mask(x, hidden), 24)
    return escape(cell_text(x))


def _step_html(i: int, s: Step, hidden: Collection[AnyCard]) -> str:
    out = [f'<li class="wpp-step"><div class="wpp-step-title">{i}. '
           f"{text_html(s.title, hidden)}</div>"]
    if s.cards:
        marked = [c for c in s.highlight if c not in hidden]
        pics = cards_html(mask(s.cards, hidden), 30, highlight=marked)
        out.append(f'<div class="wpp-step-cards">{pics}</div>')
    for n in s.notes:
        out.append(f'<div class="wpp-note">· {text_html(n, hidden)}</div>')
    if s.columns:
        out.append(table_html(list(s.columns),
                              [[_cell_html(x, hidden) for x in row] for row in s.rows],
                              chosen=[s.chosen_row]))
    if s.verdict:
        out.append(f'<div class="wpp-verdict">→ {text_html(s.verdict, hidden)}</div>')
    out.append("</li>")
    return "".join(out)


def explanation_html(e: Explanation, hidden: Collection[AnyCard] = (), heading: str = "") -> str:
    """One explanation as HTML; ``hidden`` cards are drawn face down and blanked in text."""
    title = text_html(e.title, hidden) + (f": {text_html(e.summary, hidden)}" if e.summary
                                          else "")
    head = f'<div class="wpp-expl-head">{escape(heading)}{title}</div>'
    choice = ""
    if e.choice:
        choice = (f'<div class="wpp-expl-choice">'
                  f"{cards_html(mask(e.choice, hidden), 36)}</div>")
    steps = "".join(_step_html(i, s, hidden) for i, s in enumerate(e.steps, start=1))
    return f'<div class="wpp-expl">{head}{choice}<ol class="wpp-steps">{steps}</ol></div>'


class ExplanationView:
    """A titled panel that shows explanations (or a short message when there is none)."""

    def __init__(self) -> None:
        self.html = w.HTML("")
        self.html.add_class("wpp-explain")

    def show(self, title: str, items: Sequence[tuple[str, Explanation]],
             hidden: Collection[AnyCard] = (), empty: str = "", note: str = "") -> None:
        """Show ``items`` (heading, explanation) under ``title`` and a ``note``; ``empty`` if
        there are none."""
        body = "".join(explanation_html(e, hidden, heading=h) for h, e in items) or (
            f'<div class="wpp-muted">{escape(empty)}</div>')
        sub = f'<div class="wpp-muted">{escape(note)}</div>' if note else ""
        value = plain(f'<div class="wpp-panel-title">{escape(title)}</div>{sub}{body}')
        if self.html.value != value:
            self.html.value = value
        if self.html.layout.display != "":
            self.html.layout.display = ""

    def set_html(self, value: str) -> None:
        """Show ready-made HTML (e.g. the rules)."""
        if self.html.value != value:
            self.html.value = value
        if self.html.layout.display != "":
            self.html.layout.display = ""

    def clear(self) -> None:
        """Show nothing (and take no room)."""
        if self.html.value:
            self.html.value = ""
        if self.html.layout.display != "none":
            self.html.layout.display = "none"
