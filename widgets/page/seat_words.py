"""Seats in the page's words for the side panel (Hint, Why?): "you", "the computer" — never
the engine's "P1", "P2" (issue 38: a newcomer does not know which seat is P2).

The engines and their agents name seats "P1", "P2"… (:func:`wpp.core.history.seat_name`), in
narration and explanations alike, and lessons and tools read those. The page renames them
only as it shows them: :func:`seat_words` names a seat from who plays where, and
:func:`renamed` rewrites every text of an explanation (its card references untouched), with
the verb after "you" agreeing ("P1 draws" → "You draw", "P1's" → "your").

>>> from wpp.core.explain import Explanation, Step
>>> e = Explanation("P1 hit", [Step("P2's odds", verdict="P1 draws a 9; P2 folds")])
>>> names = {0: "you", 1: "the computer"}.__getitem__
>>> r = renamed(e, names)
>>> str(r.title), str(r.steps[0].title), str(r.steps[0].verdict)
('You hit', "The computer's odds", 'You draw a 9; the computer folds')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from widgets.page.names import agree, page_names
from wpp.core.explain import Cell, Explanation, Step, Text, Words, words
from wpp.core.history import seat_name
from wpp.core.session import Session

__all__ = ["in_sentence", "renamed", "seat_words"]


#: An engine's seat name, with the word after it (a verb that may need to agree with "you").
_SEAT = re.compile(r"\bP([1-9])\b('s\b)?( (?:[a-z]+))?")
def in_sentence(label: str) -> str:
    """A page's name for a seat (:mod:`widgets.page.names`: "You", "The other student",
    "Computer 2") as the side panel puts it inside a sentence: "you", "the other student",
    "computer 2" — the room page names its seats through this too."""
    return label[:1].lower() + label[1:]


def seat_words(session: Session, seat: int) -> str:
    """How the side panel names ``seat`` inside a sentence: the page's name for it
    (:func:`~widgets.page.names.page_names`, the one place seats are named) in lower case —
    "you", "the computer" (the only computer seat), "computer 2" (the second computer, as the
    log says "Computer 2"), "player 2" (a person's seat when several share the screen)."""
    people = [s for s in range(session.history.players) if not session.is_computer(s)]
    name = page_names(people, session.history.players)[seat]
    if name == "Computer":
        return "the computer"
    return f"player {seat + 1}" if name == seat_name(seat) else in_sentence(name)


def _text(text: str, name: Callable[[int], str], start: bool) -> str:
    """``text`` with every seat name replaced; ``start``: the text begins a sentence."""
    def one(m: re.Match[str]) -> str:
        who = name(int(m.group(1)) - 1)
        after = m.group(3) or ""
        if m.group(2):
            who = "your" if who == "you" else who + "'s"
        elif who == "you" and after:
            after = " " + agree(after[1:])
        before = text[:m.start()].rstrip()
        if (start and not before) or before.endswith((".", "!", "?")):
            who = who[:1].upper() + who[1:]
        return who + after
    return _SEAT.sub(one, text)


def _rename(t: Text, name: Callable[[int], str]) -> Text:
    if isinstance(t, Words):
        parts = [_text(p, name, i == 0) if isinstance(p, str) else p
                 for i, p in enumerate(t.parts)]
        return words(*parts)
    return _text(t, name, True)


def _cell(c: Cell, name: Callable[[int], str]) -> Cell:
    return _rename(c, name) if isinstance(c, str) else c


def renamed(e: Explanation, name: Callable[[int], str]) -> Explanation:
    """``e`` with every seat name ("P1") in its texts replaced by ``name(seat)``; the cards,
    ids and numbers unchanged."""
    steps = [Step(_rename(s.title, name), s.cards, s.columns,
                  [tuple(_cell(c, name) for c in r) for r in s.rows],
                  _rename(s.verdict, name), s.highlight, s.chosen_row,
                  [_rename(n, name) for n in s.notes], s.id, s.rule, s.row_ids)
             for s in e.steps]
    return Explanation(_rename(e.title, name), steps, e.choice, _rename(e.summary, name))
