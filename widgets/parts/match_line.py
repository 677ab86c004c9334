"""The match on a game page in words: its progress above the board ("Hand 2 of 5 · You 1 –
Computer 0") and, at its end, a result that names its winner — for any game's match
(:class:`wpp.core.matches.Match`, the rule each game declares).

>>> from wpp.core.matches import Match, MatchRule
>>> m = Match(MatchRule("points", hands=5, unit="hand"), players=2)
>>> m.record("g1", (1.0, -1.0))
>>> progress_text(m, ["You", "Computer"], current=True)
'Hand 2 of 5 · You +1 · Computer −1'
>>> w = Match(MatchRule("wins", first_to=2), players=2)
>>> w.record("a", (-1.0, 1.0)); w.record("b", (-1.0, 1.0))
>>> result_text(w, ["You", "Computer"])
'The computer wins the match: You 0 – Computer 2'
>>> line = MatchLine(); line.show(w, ["You", "Computer"], current=False, practice=False)
>>> "The computer wins the match" in line.html.value, "wpp-match-over" in line.html.value
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from wpp.core.matches import Match

__all__ = ["MatchLine", "progress_text", "result_text", "tally_text"]


def _number(value: float, signed: bool) -> str:
    """``3``, ``+3``, ``−1``, ``1.33``: whole numbers plainly, others to two places."""
    text = f"{abs(value):.0f}" if value == round(value) else f"{abs(value):.2f}".rstrip("0")
    return ("+" if signed and value > 0 else "−" if value < 0 else "") + text


def tally_text(match: Match, labels: Sequence[str]) -> str:
    """Each seat's tally by its label, you first: "You 1 – Computer 0" (wins, two seats),
    else with dots ("You −1 · Computer +1"); a colon after each label when a label ends in a
    number (it read "Computer 1 0 · Computer 2 1").

    >>> from wpp.core.matches import MatchRule
    >>> m = Match(MatchRule("points", hands=3, placing=True), players=3)
    >>> m.record("g", (1.0, 0.0, 0.5))
    >>> tally_text(m, ["You", "Computer 1", "Computer 2"])
    'You: 2 · Computer 1: 0 · Computer 2: 1'
    """
    signed = match.rule.count == "points" and not match.rule.placing
    order = sorted(range(len(labels)), key=lambda s: labels[s] != "You")
    colon = ":" if any(label[-1:].isdigit() for label in labels) else ""
    parts = [f"{labels[s]}{colon} {_number(match.tally[s], signed)}" for s in order]
    return " – ".join(parts) if len(parts) == 2 and not signed else " · ".join(parts)


def result_text(match: Match, labels: Sequence[str]) -> str:
    """Who won the match (several best tallies: a drawn match), with the score."""
    top = match.winners()
    if len(top) > 1:
        head = "The match is drawn"
    elif labels[top[0]] == "You":
        head = "You win the match"
    elif labels[top[0]] == "Computer":
        head = "The computer wins the match"
    else:
        head = f"{labels[top[0]]} wins the match"
    return f"{head}: {tally_text(match, labels)}"


def progress_text(match: Match, labels: Sequence[str], *, current: bool) -> str:
    """Where the match stands: which of its games is on the page (``current``: a scored
    game not yet counted is being played) and the tallies. (The rule is said once, before it,
    by :class:`MatchLine`: the line read "(first to 3 wins): Game 1 · first to 3".)"""
    rule = match.rule
    k = max(1, match.played + (1 if current else 0))
    of = f" of {rule.hands}" if rule.hands else ""
    return f"{rule.unit.capitalize()} {k}{of} · {tally_text(match, labels)}"


class MatchLine:
    """The match's line on the page (``html``): progress, or the result once it is over."""

    def __init__(self) -> None:
        self.html = w.HTML("")
        self.html.add_class("wpp-match")

    def show(self, match: Match, labels: Sequence[str], *, current: bool,
             practice: bool, after: str = "New match starts the next one") -> None:
        """Draw the line (``practice``: the game on the page is not part of the match;
        ``after``: what starts the next match, once this one is over)."""
        if match.over:
            text = (f'<span class="wpp-match-over"><b>{escape(result_text(match, labels))}'
                    f"</b> · {escape(after)}</span>")
        else:
            words = progress_text(match, labels, current=current and not practice)
            if practice:
                words = "Practice: not part of the match · " + words
            text = (f"<b>Match</b> ({escape(match.rule.words(match.players))}): {escape(words)}")
        if self.html.value != text:
            self.html.value = text
