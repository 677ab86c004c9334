"""Lesson 10's exercises: Open Face Chinese Poker learnt by doing.

* :class:`FoulQuiz` — "does this board foul?" on example boards, judged by the engine after
  the learner commits (:func:`wpp.ofc.teach.foul_drills`);
* :class:`OfcCoach` — a whole hand against the computer, one decision at a time: set your
  first five cards (a row for each), lock it in, and only then see how often your board would
  foul and where your choice ranks among the computer's options, next to the computer's own
  choice; then each next card the same way (:func:`wpp.ofc.teach.coach`). Nothing of the
  computer's answer exists before the commit: it is computed then.

>>> c = OfcCoach(seed=1, passes=40)
>>> c.set_rows(["bottom", "bottom", "middle", "middle", "top"]); c.commit()
>>> c.committed, "foul" in c.reveal.box.children[0].value
(True, True)
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, lesson_root, nav_button, query_int
from widgets.lessons.shared.classroom import report_answer
from widgets.lessons.shared.commit import Guess, GuessList
from widgets.lessons.shared.predict import Reveal
from widgets.parts.faces import cards_html
from wpp.core.errors import WppError
from wpp.core.registry import make_agent, new_game
from wpp.core.standard_deck import format_cards
from wpp.ofc.board import ROW_SIZES, ROWS
from wpp.ofc.game import OfcView, Place
from wpp.ofc.scoring import score_hand
from wpp.ofc.teach import FoulDrill, Option, coach, foul_drills

__all__ = ["FoulQuiz", "OfcCoach", "ofc_board_html"]


def ofc_board_html(name: str, board: Any, pending: tuple[Any, ...] = ()) -> str:
    """A board's three rows, empty slots as dashes (``pending`` cards are not shown)."""
    rows = []
    for i in range(3):
        cards = board[i]
        empty = ROW_SIZES[i] - len(cards)
        slots = " ".join("▢" for _ in range(empty))
        rows.append(f'<div class="wpp-inline"><span style="min-width:64px;display:inline-block">'
                    f"<b>{ROWS[i]}</b></span>{cards_html(cards, 34) if cards else ''} "
                    f'<span class="wpp-muted">{slots}</span></div>')
    return f'<div class="wpp-panel"><b>{escape(name)}</b>{"".join(rows)}</div>'


def _foul_reveal(d: FoulDrill, _choice: int) -> str:
    names = "".join(f"<div><b>{ROWS[i]}</b>: {escape(d.names[i])}</div>" for i in range(3))
    verdict = (f"It <b>fouls</b>: {escape(d.why)}." if d.fouls else
               "It is <b>sound</b>: each row is at least as strong as the one above it.")
    return f'<div class="wpp-narration">{verdict}</div>{names}'


class FoulQuiz(Lesson):
    """Example boards: foul or sound? The engine's verdict and each row's hand after the
    commit."""

    def __init__(self) -> None:
        self.drills = foul_drills()
        guesses = [Guess("Does this board foul? (Rows must rise: top ≤ middle ≤ bottom.)",
                         ("It fouls", "It is sound"), partial(_foul_reveal, d),
                         picture=ofc_board_html("A full board", d.board),
                         answer=0 if d.fouls else 1,
                         short="Does this board foul? " + " / ".join(
                             format_cards(row) for row in d.board))
                   for d in self.drills]
        self.quiz = GuessList(guesses, "Foul or sound?", lesson="10")
        self.root = self.quiz.root

    def summary(self) -> str:
        return "OFC boards, foul or sound: " + self.quiz.summary()


def _option_row(who: str, o: Option, rank: int | None, count: int) -> list[str]:
    where = f"{rank} of {count}" if rank is not None else f"1 of {count}"
    return [who, escape(o.words), f"{o.foul_rate:.0%}", where]


class OfcCoach(Lesson):
    """A hand of OFC against the computer, each decision committed before it is weighed.

    ``seed`` deals the hand (``?seed=`` in the page's address wins); ``passes`` is how many
    random futures weigh each option (more: steadier, slower)."""

    def __init__(self, seed: int = 1, passes: int = 300, opponent: str = "pyofc") -> None:
        self.seed = query_int("seed", seed)
        self.passes = passes
        self.game = new_game("ofc", seed=self.seed)
        self.opponent = make_agent("ofc", opponent, self.seed, passes=max(20, passes // 5))
        self.board_html = w.HTML("")
        self.prompt = w.HTML("")
        self.prompt.add_class("wpp-question")
        self.pickers: list[w.Dropdown] = []
        self.picker_box = w.HBox([])
        self.picker_box.add_class("wpp-nav")
        self.lock_button = nav_button("Lock in my placement",
                                      "commit: then see the foul risk and the computer's choice")
        self.next_button = nav_button("Place it and go on ▶", "your placement is played")
        self.status = w.HTML("")
        self.status.add_class("wpp-feedback")
        self.reveal = Reveal()
        self.lock_button.on_click(lambda _b: self.commit())
        self.next_button.on_click(lambda _b: self.advance())
        acts = w.HBox([self.lock_button, self.next_button, self.status])
        acts.add_class("wpp-nav")
        self.root = lesson_root([self.board_html, self.prompt, self.picker_box, acts,
                                 self.reveal.box])
        self.committed = False
        self.decisions = 0
        self._mine: Place | None = None
        self._play_computer()
        self._ask()

    @property
    def view(self) -> OfcView:
        v: OfcView = self.game.view(0)
        return v

    def _play_computer(self) -> None:
        while not self.game.is_over and self.game.to_act != 0:
            seat = self.game.to_act
            self.game.apply(self.opponent.choose(self.game.view(seat)))

    def _draw_boards(self) -> None:
        v = self.view
        self.board_html.value = (ofc_board_html("Your board", v.boards[0])
                                 + ofc_board_html("The computer's board", v.boards[1]))

    def _ask(self) -> None:
        self._draw_boards()
        self.committed = False
        self.reveal.hide()
        self.next_button.disabled = True
        if self.game.is_over:
            self._final()
            return
        v = self.view
        room = [ROWS[i] for i in range(3) if len(v.board[i]) < ROW_SIZES[i]]
        cards = v.to_place
        self.pickers = [w.Dropdown(options=room, value=None, description=str(c),
                                   layout=w.Layout(width="170px"),
                                   style={"description_width": "40px"}) for c in cards]
        for p in self.pickers:
            p.observe(lambda _c: self._check(), names="value")
        self.picker_box.children = tuple(self.pickers)
        first = len(cards) > 1
        self.prompt.value = (
            f'<div class="wpp-lesson-title">'
            f'{"Your first five cards" if first else "Your next card"}</div>'
            f'{cards_html(cards, 44)}<div class="wpp-narration">'
            + ("Choose a row for each card (at most 3 on top), then lock it in. Think: which "
               "rows can you keep rising from top to bottom?" if first else
               "Choose its row, then lock it in. Think: could this card make a row stronger "
               "than the row below it — a foul?") + "</div>")
        self.lock_button.disabled = True
        self.status.value = "Pick a row for every card."

    def _check(self) -> None:
        rows = [p.value for p in self.pickers]
        if any(r is None for r in rows):
            self.lock_button.disabled = True
            self.status.value = "Pick a row for every card."
            return
        place = self._place(rows)
        if place is None:
            self.lock_button.disabled = True
            self.status.value = "Too many cards for a row: the top holds 3, the others 5."
            return
        self.lock_button.disabled = self.committed
        self.status.value = "Ready: lock it in."

    def _place(self, rows: list[Any]) -> Place | None:
        v = self.view
        try:
            place = Place.assign(v.to_place, [ROWS.index(r) for r in rows])
        except WppError:
            return None
        return place if place in v.legal_actions() else None

    def set_rows(self, rows: list[str]) -> None:
        """Choose a row (``"top"``, ``"middle"``, ``"bottom"``) for each card to place."""
        if len(rows) != len(self.pickers):
            raise WppError(f"{len(self.pickers)} card(s) to place, {len(rows)} row(s) given")
        for p, r in zip(self.pickers, rows, strict=True):
            if r not in p.options:
                raise WppError(f"{r!r:.20} is not a row with room: {', '.join(p.options)}")
            p.value = r

    def commit(self) -> None:
        """Lock in the placement chosen and weigh it beside the computer's choice."""
        if self.committed:
            raise WppError("this placement is already locked in: go on to the next card")
        place = self._place([p.value for p in self.pickers])
        if place is None:
            raise WppError("choose a legal row for every card first")
        self.committed = True
        self.decisions += 1
        self._mine = place
        for p in self.pickers:
            p.disabled = True
        self.lock_button.disabled = True
        yours, ai, rank, count = coach(self.view, place, self.passes, rng_seed=self.decisions)
        same = ai.place == place
        report_answer(f"placement {self.decisions} · seed {self.seed}", str(place), same,
                      f"Where do these cards go? placement {self.decisions}, deal "
                      f"{self.seed}", lesson="10")
        verdict = ("You chose what the computer chose." if same else
                   f"Your placement ranks {rank} of {count} options.")
        rows = [_option_row("you", yours, rank, count)]
        if not same:
            rows.append(_option_row("the computer", ai, None, count))
        table = ("<table class=\"wpp-facts\"><tr><td></td><td><b>placement</b></td>"
                 "<td><b>foul risk</b></td><td><b>place among the options</b></td></tr>"
                 + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
                 + "</table>")
        self.status.value = "Locked in: the weighing is below."
        self.reveal.show([w.HTML(
            f'<div class="wpp-narration">{escape(verdict)}</div>{table}'
            f'<div class="wpp-muted">The foul risk is how often the board fouled when the '
            f"rest of the hand was dealt at random {self.passes} times; the options are ranked "
            "by the computer's measure (strong rows, and fouls counted as the worst board)."
            "</div>")])
        self.next_button.disabled = False

    def advance(self) -> None:
        """Play your locked-in placement, let the computer move, ask the next decision."""
        if not self.committed or self._mine is None:
            raise WppError("lock in a placement first")
        self.game.apply(self._mine)
        self._play_computer()
        self._ask()

    def _final(self) -> None:
        self.picker_box.children = ()
        self.lock_button.disabled = True
        boards = list(self.view.boards)
        score = score_hand(boards)
        lines = "<br>".join(escape(x) for x in score.lines(["You", "The computer"]))
        self.prompt.value = (f'<div class="wpp-lesson-title">The hand is over: you score '
                             f"{score.points[0]:+d}</div><div>{lines}</div>")
        self.status.value = ""

    def summary(self) -> str:
        v = self.view
        return (f"OFC coach, seed {self.seed}: {self.decisions} decision(s) made, "
                f"{len(v.to_place)} card(s) to place now")
