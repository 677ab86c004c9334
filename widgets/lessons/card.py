"""The rules card and glossary every lesson carries, and lesson 2's one-trick strip.

:class:`RulesCard` is one screen: the game in six headings (the goal, the deal, a trick,
beating a play, twos and aces, passing), each line a rule's own one-line summary from the
rules text (:mod:`wpp.warpairs.rules`, never restated here) with its number; then the glossary
(from the same text) and every rule's card
(:data:`widgets.games.warpairs.rules_ref.RULES_HTML`, the app's quick
reference, without its sources: :data:`LESSON_RULES_HTML`), one click away. Closed it takes
one line, so every lesson can carry it.

:class:`TrickStrip` shows one trick in four pictures: a lead, a beat, a draw that ends the
trick, and who leads next — each a position the engine produced from the one before
(:func:`wpp.warpairs.teach.rules.trick_frames`).

>>> card = RulesCard()
>>> "R9" in card.html.value and "outlier" in card.html.value
True
>>> strip = TrickStrip()
>>> [f.caption.split(":")[0] for f in strip.frames]
['1 · The lead', '2 · A beat', '3 · A draw ends the trick', '4 · Who leads next']
>>> "2 · A beat" in strip.html.value, strip.ask.value.endswith("against the 5♣?")
(False, True)
>>> strip.next_button.click(); "2 · A beat" in strip.html.value
True
"""

from __future__ import annotations

import re
from html import escape
from typing import Final

import ipywidgets as w

from widgets.games.warpairs.rules_ref import RULES_HTML
from widgets.lessons.base import Lesson, board_html, lesson_root, nav_button, rule_badges
from wpp.core.errors import WppError
from wpp.core.registry import game_def
from wpp.core.rulebook import Rulebook
from wpp.warpairs.rules import rulebook
from wpp.warpairs.teach.rules import AI_TERMS, trick_frames

__all__ = ["CARD_GROUPS", "LESSON_RULES_HTML", "RulesCard", "TrickStrip", "game_card_html",
           "rules_card_html"]

#: The card's headings and the rules under each (their one-line summaries are shown).
CARD_GROUPS: Final = (
    ("The goal", ("R17",)),
    ("The deal", ("R10", "R11", "R12")),
    ("A trick", ("R13", "R14", "R15", "R16")),
    ("What is a play", ("R4", "R5", "R6")),
    ("Beating a play", ("R7", "R8", "R9")),
    ("Cards", ("R1", "R2", "R3")),
)


#: Every rule's card as the lessons show it: the app's quick reference without each rule's
#: sources (the author's section, the kit's decision, the settings names such as
#: ``hand_limit``): a newcomer reads the rule, its text and its examples.
LESSON_RULES_HTML: Final = re.sub(r'<div class="wpp-rule-source">.*?</div>', "", RULES_HTML,
                                  flags=re.S)


def rules_card_html(open_: bool = False) -> str:
    """The card as HTML: the rules by heading, the glossary, every rule's card."""
    book = rulebook()
    groups = "".join(
        f'<div class="wpp-card-group"><b>{escape(head)}</b>'
        + "".join(f"<div>{rule_badges((r,))} {escape(book[r].summary)}</div>" for r in ids)
        + "</div>" for head, ids in CARD_GROUPS)
    terms = "".join(f"<tr><td><b>{escape(t)}</b></td><td>{escape(d)}</td></tr>"
                    for t, d in (*book.glossary.items(), *AI_TERMS.items()))
    return (f'<details class="wpp-rules-card" id="the-rules-card"{" open" if open_ else ""}>'
            "<summary><b>Rules card and glossary</b> (the whole game on one screen)</summary>"
            f'<div class="wpp-card-groups">{groups}</div>'
            f'<details><summary><b>Glossary</b></summary><table class="wpp-facts">{terms}'
            "</table></details>"
            f"<details><summary><b>Every rule in full</b></summary>{LESSON_RULES_HTML}"
            "</details>"
            "</details>")


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
    if game == "warpairs":
        return rules_card_html(open_)
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
    """The rules card of ``game`` (WarPairsPoker's by default), closed (one line) unless
    ``open_``."""

    def __init__(self, open_: bool = False, game: str = "warpairs") -> None:
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
        if self.game != "warpairs":
            book = game_def(self.game).rulebook()
            assert book is not None
            return (f"rules card of {book.title.split(' — ')[0]}: {len(book)} rules under "
                    f"{len(book.sections())} headings, {len(book.glossary)} glossary terms")
        return (f"rules card: {sum(len(ids) for _, ids in CARD_GROUPS)} rules under "
                f"{len(CARD_GROUPS)} headings, {len(rulebook().glossary) + len(AI_TERMS)} "
                "glossary terms")


#: What the strip asks before each picture after the first (predict, then look).
ASK_NEXT: Final = ("What can P2 do against the 5♣?", "P1 holds nothing above the 8♦: what now?",
                   "The trick is over: who leads the next one?")


class TrickStrip(Lesson):
    """One trick in four pictures, side by side, each with its caption and rules — drawn one
    at a time: before each next picture the strip asks what will happen, and the picture
    (the answer) is not in the page until *Show* is pressed."""

    def __init__(self) -> None:
        self.frames = trick_frames()
        self.html = w.HTML("")
        self.ask = w.HTML("")
        self.ask.add_class("wpp-narration")
        self.next_button = nav_button("Show ▶", "the next picture of the trick")
        self.next_button.on_click(lambda _b: self.show(self.shown + 1))
        bar = w.HBox([self.ask, self.next_button])
        bar.add_class("wpp-inline")
        self.root = lesson_root([self.html, bar])
        self.show(1)

    def show(self, count: int) -> None:
        """Draw the first ``count`` pictures (clamped), and ask about the next."""
        self.shown = max(1, min(count, len(self.frames)))
        cells = "".join(
            f'<div class="wpp-strip-frame"><div class="wpp-step-head">{escape(f.caption)}'
            f'</div>{board_html(f.state, width=26)}<div class="wpp-narration">'
            f"{escape(f.narration)} {rule_badges(f.rules)}</div></div>"
            for f in self.frames[:self.shown])
        self.html.value = f'<div class="wpp-strip">{cells}</div>'
        done = self.shown >= len(self.frames)
        self.ask.value = ("That is a whole trick." if done else
                          f"<b>Your guess first:</b> {escape(ASK_NEXT[self.shown - 1])}")
        self.next_button.disabled = done

    def summary(self) -> str:
        names = [f.caption.split(":")[0].split("· ")[1] for f in self.frames[:self.shown]]
        return (f"one trick, picture {self.shown} of {len(self.frames)}: " + " → ".join(names))
