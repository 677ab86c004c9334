"""The explanation viewer: an AI decision told step by step, with card pictures and the
candidate tables, the chosen row marked.

Rendering happens in the kernel and only the finished HTML reaches the page; cards the viewer
must not know are drawn face down and their names are blanked in every text (see
:mod:`widgets.redact`).

>>> from wpp.cards import parse_cards
>>> from wpp.explain import Explanation, Step
>>> e = Explanation("Answer", [Step("Pairs that beat the table", parse_cards("9D 9C KS KH"),
...     columns=("pair", "kept for later"), rows=[(parse_cards("9D 9C"), False),
...     (parse_cards("KS KH"), True)], chosen_row=0, verdict="play 9♦ 9♣; keep K♠ K♥")],
...     choice=parse_cards("9D 9C"), summary="play 9♦ 9♣")
>>> html = explanation_html(e, hidden=set(parse_cards("KS KH")))
>>> "K♠" in html or "KS" in html, "9♦ 9♣" in html, "wpp-chosen" in html
(False, True, True)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape

import ipywidgets as w

from widgets.faces import cards_html, standard_cards
from widgets.redact import mask, redact_text
from wpp.cards import Card
from wpp.explain import Cell, Explanation, Step, cell_text, is_cards

__all__ = ["ExplanationView", "explanation_html", "table_html"]


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


def _cell_html(x: Cell, hidden: Collection[Card]) -> str:
    if is_cards(x):
        assert isinstance(x, tuple)
        return cards_html(mask(standard_cards(x), hidden), 24)
    if isinstance(x, str | int) and not isinstance(x, bool):
        return escape(redact_text(str(x), hidden))  # free text may name unseen cards
    return escape(cell_text(x))


def _step_html(i: int, s: Step, hidden: Collection[Card]) -> str:
    out = [f'<li class="wpp-step"><div class="wpp-step-title">{i}. '
           f"{escape(redact_text(s.title, hidden))}</div>"]
    if s.cards:
        marked = [c for c in standard_cards(s.highlight) if c not in hidden]
        pics = cards_html(mask(standard_cards(s.cards), hidden), 30, highlight=marked)
        out.append(f'<div class="wpp-step-cards">{pics}</div>')
    for n in s.notes:
        out.append(f'<div class="wpp-note">· {escape(redact_text(n, hidden))}</div>')
    if s.columns:
        out.append(table_html([redact_text(c, hidden) for c in s.columns],
                              [[_cell_html(x, hidden) for x in row] for row in s.rows],
                              chosen=[s.chosen_row]))
    if s.verdict:
        out.append(f'<div class="wpp-verdict">→ {escape(redact_text(s.verdict, hidden))}</div>')
    out.append("</li>")
    return "".join(out)


def explanation_html(e: Explanation, hidden: Collection[Card] = (), heading: str = "") -> str:
    """One explanation as HTML; ``hidden`` cards are drawn face down and blanked in text."""
    title = redact_text(e.title + (f": {e.summary}" if e.summary else ""), hidden)
    head = f'<div class="wpp-expl-head">{escape(heading)}{escape(title)}</div>'
    choice = ""
    if e.choice:
        choice = (f'<div class="wpp-expl-choice">'
                  f"{cards_html(mask(standard_cards(e.choice), hidden), 36)}</div>")
    steps = "".join(_step_html(i, s, hidden) for i, s in enumerate(e.steps, start=1))
    return f'<div class="wpp-expl">{head}{choice}<ol class="wpp-steps">{steps}</ol></div>'


class ExplanationView:
    """A titled panel that shows explanations (or a short message when there is none)."""

    def __init__(self) -> None:
        self.html = w.HTML("")
        self.html.add_class("wpp-explain")

    def show(self, title: str, items: Sequence[tuple[str, Explanation]],
             hidden: Collection[Card] = (), empty: str = "", note: str = "") -> None:
        """Show ``items`` (heading, explanation) under ``title`` and a ``note``; ``empty`` if
        there are none."""
        body = "".join(explanation_html(e, hidden, heading=h) for h, e in items) or (
            f'<div class="wpp-muted">{escape(empty)}</div>')
        sub = f'<div class="wpp-muted">{escape(note)}</div>' if note else ""
        value = f'<div class="wpp-panel-title">{escape(title)}</div>{sub}{body}'
        if self.html.value != value:
            self.html.value = value
        if self.html.layout.display is not None:
            self.html.layout.display = None

    def set_html(self, value: str) -> None:
        """Show ready-made HTML (e.g. the rules)."""
        if self.html.value != value:
            self.html.value = value
        if self.html.layout.display is not None:
            self.html.layout.display = None

    def clear(self) -> None:
        """Show nothing (and take no room)."""
        if self.html.value:
            self.html.value = ""
        if self.html.layout.display != "none":
            self.html.layout.display = "none"
