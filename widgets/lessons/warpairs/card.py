"""WarPairsPoker's rules card (the shared card, :mod:`widgets.lessons.shared.rules_card`, drawn
with WarPairsPoker's own headings and the AIs' words), and lesson 2's one-trick strip.

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
from widgets.lessons.shared.base import Lesson, lesson_root, nav_button
from widgets.lessons.shared.rules_card import RulesCard as SharedRulesCard
from widgets.lessons.warpairs.board import board_html, rule_badges
from wpp.warpairs.rules import rulebook
from wpp.warpairs.teach.rules import AI_TERMS, trick_frames

__all__ = ["CARD_GROUPS", "LESSON_RULES_HTML", "RulesCard", "TrickStrip", "card_html",
           "card_summary"]

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


def card_html(open_: bool = False) -> str:
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


def card_summary() -> str:
    """The card in a line (its cell's plain-text output)."""
    return (f"rules card: {sum(len(ids) for _, ids in CARD_GROUPS)} rules under "
            f"{len(CARD_GROUPS)} headings, {len(rulebook().glossary) + len(AI_TERMS)} "
            "glossary terms")


class RulesCard(SharedRulesCard):
    """WarPairsPoker's rules card (what its lessons carry), closed unless ``open_``."""

    def __init__(self, open_: bool = False) -> None:
        super().__init__("warpairs", open_)


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
