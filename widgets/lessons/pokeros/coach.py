"""Lesson 11's decisions: where does this card score most, and what does it give the
opponent? Real positions of a game, a few cells marked A, B, C…; the learner commits to one,
and only then are the points of each cell, what each leaves the opponent and the stronger
AI's choice computed and shown (:func:`wpp.pokeros.teach.where_to_play`).

>>> quiz = WhereToPlay(positions=((3, 12),))
>>> quiz.quiz.summary()
'2 question(s) to answer before the reveal; 0 answered'
>>> quiz.quiz.choose(0); quiz.quiz.commit(); "points now" in quiz.quiz.reveal.box.children[0].value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from html import escape

from widgets.lessons.shared.base import Lesson, query_int
from widgets.lessons.shared.commit import Guess, GuessList
from widgets.parts.faces import cards_html
from wpp.core.standard_deck import Card
from wpp.pokeros.game import PokerosView
from wpp.pokeros.grid import Cell
from wpp.pokeros.teach import CellChoice, greedy_position, where_to_play

__all__ = ["WhereToPlay", "grid_html"]

#: Positions (seed, moves played) where the cells offered differ in points and in what
#: they give away.
POSITIONS = ((3, 12), (3, 16), (3, 20))
LETTERS = "ABCDEFGH"


def grid_html(view: PokerosView, marks: dict[Cell, str]) -> str:
    """The grid, one square per cell, the cells of ``marks`` lettered (empty cells blank)."""
    xs = [c[0] for c in view.cells] + [c[0] for c in marks]
    ys = [c[1] for c in view.cells] + [c[1] for c in marks]
    rows = []
    for y in range(min(ys), max(ys) + 1):
        cells = []
        for x in range(min(xs), max(xs) + 1):
            card = view.cells.get((x, y))
            if card is not None:
                inner = cards_html((card,), 30)
            elif (x, y) in marks:
                inner = (f'<span style="display:inline-block;width:30px;height:42px;'
                         f"line-height:42px;text-align:center;background:#fff3c4;"
                         f"color:#0d2b45;border:2px solid #d4a017;border-radius:5px;"
                         f'font-weight:bold">{marks[(x, y)]}</span>')
            else:
                inner = ""
            cells.append(f'<td style="width:34px;height:46px;padding:1px">{inner}</td>')
        rows.append(f"<tr>{''.join(cells)}</tr>")
    return (f'<div class="wpp-board" style="display:inline-block"><table>{"".join(rows)}'
            "</table></div>")


def _unique_best(values: Sequence[float]) -> int | None:
    top = max(values)
    return values.index(top) if list(values).count(top) == 1 else None


def _reveal(card: Card, choices: list[CellChoice], chosen: int, full: bool = True) -> str:
    """Each cell's points and hands; with ``full``, what it gives the opponent too (kept
    out of the first question's answer: it is the second question's)."""
    if not full:
        rows = "".join(
            f"<tr><td><b>{LETTERS[i]}</b></td><td>{c.points}</td>"
            f"<td>{escape(', '.join(c.hands) or 'no hand')}</td>"
            f"<td>{'◀ you' if i == chosen else ''}</td></tr>" for i, c in enumerate(choices))
        return ("<table class=\"wpp-facts\"><tr><td><b>cell</b></td><td><b>points now</b></td>"
                f"<td><b>hands made</b></td><td></td></tr>{rows}</table>")
    best = max(range(len(choices)), key=lambda i: choices[i].net)
    rows = "".join(
        f"<tr><td><b>{LETTERS[i]}</b></td><td>{c.points}</td>"
        f"<td>{escape(', '.join(c.hands) or 'no hand')}</td><td>{c.gives:.1f}</td>"
        f"<td>{c.net:+.1f}</td><td>{'◀ you' if i == chosen else ''}"
        f"{' ★ the stronger computer player' if i == best else ''}</td></tr>"
        for i, c in enumerate(choices))
    return (f"<table class=\"wpp-facts\"><tr><td><b>cell</b></td><td><b>points now</b></td>"
            "<td><b>hands made</b></td><td><b>gives the opponent</b> (their best reply, on "
            "average)</td><td><b>points minus what it gives</b></td><td></td></tr>"
            f"{rows}</table><div class=\"wpp-muted\">What a cell gives: the opponent will "
            f"hold up to three cards you cannot see; every unseen card is equally likely, so "
            f"the page averages their best reply. The stronger computer player plays the "
            f"{cards_html((card,), 20)} where points minus what it gives is highest.</div>")


class WhereToPlay(Lesson):
    """Positions of real games: where does this card score most (commit), then, with the
    points shown, which cell is best once what it gives the opponent counts (commit).
    ``?seed=`` in the page's address picks the games."""

    def __init__(self, positions: Sequence[tuple[int, int]] = POSITIONS) -> None:
        shift = query_int("seed", 0)
        self.positions = tuple((s + shift, m) for s, m in positions)
        guesses = []
        for seed, moves in self.positions:
            view = greedy_position(seed=seed, moves=moves)
            card, choices = where_to_play(view)
            marks = {c.cell: LETTERS[i] for i, c in enumerate(choices)}
            picture = (f"<div>Your cards: {cards_html(view.stash, 34)} · the card to play: "
                       f"{cards_html((card,), 34)}</div>{grid_html(view, marks)}")
            letters = tuple(f"cell {LETTERS[i]}" for i in range(len(choices)))
            guesses.append(Guess(
                f"Where does the {escape(str(card))} score the most points now?", letters,
                partial(_reveal, card, choices, full=False),
                picture=picture,
                answer=_unique_best([c.points for c in choices])))
            guesses.append(Guess(
                f"Now think of the opponent too: a cell can open a line for their next card. "
                f"Which cell is best for the {escape(str(card))} once what it gives them "
                "counts?", letters, partial(_reveal, card, choices),
                picture=picture, answer=_unique_best([c.net for c in choices])))
        self.quiz = GuessList(guesses, "Where does this card go?")
        self.root = self.quiz.root

    def summary(self) -> str:
        return "Pokeros decisions: " + self.quiz.summary()
