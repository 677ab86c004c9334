"""Lesson 9's rules by doing: Pairs positions from real games, "what happens?" asked before
the engine makes the move and says what happened (:func:`wpp.pairs.lesson.rule_drills`).

>>> drills = PairsRuleDrills(seed=4)
>>> drills.quiz.summary()
'3 question(s) to answer before the reveal; 0 answered'
>>> drills.quiz.choose(drills.drills[0].answer); drills.quiz.commit()
>>> "Right" in drills.quiz.status.value
True
"""

from __future__ import annotations

from functools import partial
from html import escape

import ipywidgets as w

from widgets.games.pairs.faces import PAIRS_CSS, cards_row
from widgets.lessons.shared.base import Lesson, query_int
from widgets.lessons.shared.commit import Guess, GuessList
from wpp.core.registry import game_def
from wpp.pairs.lesson import RuleDrill, rule_drills
from wpp.pairs.state import PairsView

__all__ = ["PairsRuleDrills", "pairs_position_html"]


def pairs_position_html(view: PairsView, you: str = "you") -> str:
    """A Pairs position as the player to act sees it: every stack and score, the target, and
    how many cards are left to draw (never which)."""
    rows = "".join(
        f"<tr><td><b>{'▶ ' if s == view.player else ''}P{s + 1}"
        f"{f' ({you})' if s == view.player else ''}</b></td><td>{cards_row(view.hands[s])}</td>"
        f"<td>{view.totals[s]} points</td></tr>" for s in range(view.players))
    return (f'<style>{PAIRS_CSS}</style><div class="wpp-pairs"><div class="wpp-ptable">'
            f"<table>{rows}</table><div>Points are bad: reaching {view.target} loses.</div>"
            "</div></div>")


def _reveal(d: RuleDrill, _choice: int) -> str:
    """The engine's account of the move, and the rule it shows (from the rules text)."""
    book = game_def("pairs").rulebook()
    rule = ""
    if book is not None and d.rule in book:
        r = book[d.rule]
        rule = (f'<div class="wpp-muted">The rule — <b>{escape(r.title)}</b>: '
                f"{escape(r.summary)}</div>")
    return f'<div class="wpp-narration">The game says: <b>{escape(d.narration)}</b></div>{rule}'



class PairsRuleDrills(Lesson):
    """Three rules (a hit that misses, a hit that pairs, a fold) on real positions: guess
    what happens, lock it in, then read the engine's account. ``?seed=`` in the page's
    address picks other games."""

    def __init__(self, seed: int = 4) -> None:
        self.seed = query_int("seed", seed)
        self.drills = rule_drills(self.seed)
        guesses = [Guess(escape(d.question), d.choices, partial(_reveal, d),
                         picture=pairs_position_html(d.view), answer=d.answer)
                   for d in self.drills]
        self.quiz = GuessList(guesses, "The rules by doing")
        self.root: w.Widget = self.quiz.root

    def summary(self) -> str:
        return f"Pairs rules by doing, seed {self.seed}: " + self.quiz.summary()
