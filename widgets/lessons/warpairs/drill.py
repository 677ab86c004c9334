""""Your move" drills (lessons 2 and 13): a position, your hand as card buttons, Play / Draw /
Pass, and the engine's answer with its rule.

:class:`DrillPad` shows one :class:`~wpp.warpairs.teach.drills.Drill` at a time (◀ previous drill /
next drill ▶). Click cards, then **Play**; or **Draw**; or **Pass**. Every move goes through
the engine (:func:`wpp.warpairs.teach.drills.try_move`): an illegal one is refused with the engine's
reason, naming the rule; a legal one is narrated, and in a strategy drill scored — does it
keep a sure win, and if not, which answer of the opponent spoils it. **Try again** puts the
position back. *next drill* waits for a first move; the small **Skip** shows the answer (the
moves that win for sure, or the moves the rules allow) and records nothing for the class
(:mod:`widgets.lessons.shared.commit`).

>>> from wpp.warpairs.teach.drills import STRATEGY
>>> pad = DrillPad(STRATEGY)
>>> pad.pick(pad.drill.state.hands[0][1]); pad.play_button.click()      # the 4♣
>>> pad.feedback.wins, "wins for sure" in pad.result.value
(True, True)
>>> pad.pass_button.click(); pad.tries                   # one answer per try: Try again first
1
>>> pad.go(1); pad.next_button.disabled                  # drill 2: answer it or skip it
True
>>> pad.skip(); pad.next_button.disabled, "Skipped" in pad.result.value
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, lesson_root, nav_button, report_answer
from widgets.lessons.shared.commit import skip_button
from widgets.lessons.warpairs.board import board_html, rule_badges
from widgets.parts.hand import HandView
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.actions import Action, Concede, Draw, Pass, PlayCards
from wpp.warpairs.teach.drills import (
    DRILLS,
    STRATEGY,
    Drill,
    DrillFeedback,
    try_move,
    winning_moves,
)

__all__ = ["DrillPad"]


class DrillPad(Lesson):
    """Drills one at a time: the board, your hand as buttons, Play / Draw / Pass, feedback.
    ``lesson`` is the lesson id the class view files the moves under (default: ``"02"`` for
    the rules' drills, ``"13"`` for the strategy drills, else ``"drills"``)."""

    def __init__(self, drills: Sequence[Drill] = DRILLS, lesson: str | None = None) -> None:
        self.drills = tuple(drills)
        self.lesson = lesson if lesson is not None else (
            "02" if self.drills == tuple(DRILLS) else
            "13" if self.drills == tuple(STRATEGY) else "drills")
        self.index = 0
        self.back_button = nav_button("◀ previous drill")
        self.next_button = nav_button("next drill ▶")
        self.label = w.HTML("")
        self.label.add_class("wpp-nav-label")
        self.head = w.HTML("")
        self.head.add_class("wpp-panel")
        self.board = w.HTML("")
        self.hand = HandView("Your hand: click cards, then Play")
        self.hand.on_toggle(self._toggle)
        self.play_button = nav_button("Play", "play the cards you picked")
        self.draw_button = nav_button("Draw", "draw instead of beating the table (R14)")
        self.pass_button = nav_button("Pass", "a leader may pass the lead once (R16)")
        self.again_button = nav_button("Try again", "put the position back")
        self.skip_button = skip_button()
        self.skip_button.on_click(lambda _b: self.skip())
        #: Drills answered (a first move made) or skipped: *next drill* opens for them.
        self.done: set[int] = set()
        self.skipped = False
        self.result = w.HTML("")
        self.result.add_class("wpp-feedback")
        self.back_button.on_click(lambda _b: self.go(self.index - 1))
        self.next_button.on_click(lambda _b: self.go(self.index + 1))
        self.play_button.on_click(lambda _b: self.move(PlayCards(tuple(sorted(self.picked)))))
        self.draw_button.on_click(lambda _b: self.move(Draw()))
        self.pass_button.on_click(lambda _b: self.move(Pass()))
        self.again_button.on_click(lambda _b: self.reset())
        nav = w.HBox([self.back_button, self.label, self.next_button])
        nav.add_class("wpp-nav")
        acts = w.HBox([self.play_button, self.draw_button, self.pass_button, self.again_button,
                       self.skip_button])
        acts.add_class("wpp-nav")
        self.root = lesson_root([nav, self.head, self.board, self.hand.box, acts, self.result])
        self.picked: set[Card] = set()
        self.feedback: DrillFeedback | None = None
        self.tries = 0
        self.go(0)

    @property
    def drill(self) -> Drill:
        return self.drills[self.index]

    def go(self, index: int) -> None:
        """Show drill ``index`` (clamped), from its position."""
        self.index = max(0, min(index, len(self.drills) - 1))
        d = self.drill
        self.label.value = f"drill {self.index + 1} of {len(self.drills)}"
        self.back_button.disabled = self.index == 0
        self.head.value = (f'<div class="wpp-step-head">{escape(d.title)}</div>'
                           f'<div class="wpp-narration">{escape(d.question)}</div>')
        self.board.value = board_html(d.state)
        self.tries = 0
        self.reset()

    def reset(self) -> None:
        """The position again, nothing picked, no answer."""
        self.picked = set()
        self.feedback = None
        self.skipped = False
        self.result.value = ""
        self.board.value = board_html(self.drill.state)
        self._draw()

    def pick(self, card: Card) -> None:
        """Click ``card`` in the hand."""
        self._toggle(card)

    def _toggle(self, card: Card) -> None:
        if self.feedback is not None:
            return
        self.picked ^= {card}
        self._draw()

    def _draw(self) -> None:
        locked = self.feedback is not None or self.skipped
        me = self.drill.state.to_act
        after = None if self.feedback is None else self.feedback.after
        if after is None:            # the drill's position (or a refused move: nothing changed)
            mine = self.drill.state.hands[me]
            picked = format_cards(sorted(self.picked))
            self.hand.set_title("Your hand: click cards, then Play "
                                f"({escape(picked) or 'none'} picked)")
        else:                        # a legal move: the hand it left, the played cards gone
            mine = after.hands[me]
            self.picked = set()
            self.hand.set_title("Your hand after your move (Try again puts it back)")
        self.hand.show(mine, selected=self.picked, clickable=not locked)
        self.play_button.disabled = locked or not self.picked
        self.draw_button.disabled = self.pass_button.disabled = locked
        self.again_button.disabled = not locked
        self.next_button.disabled = (self.index + 1 >= len(self.drills)
                                     or self.index not in self.done)
        self.skip_button.layout.display = "none" if self.index in self.done else ""

    def skip(self) -> None:
        """Skip the drill: show its answer, marked as skipped (nothing is recorded for the
        class); *next drill* opens."""
        if self.feedback is not None or self.index in self.done:
            return
        d = self.drill
        if d.strategy:
            moves = winning_moves(d.state)
            answer = ("a move that wins for sure: " + " or ".join(str(m) for m in moves)
                      if moves else "no move wins for sure here")
        else:
            answer = "the rules allow " + ", ".join(
                str(a) for a in d.state.legal_actions() if not isinstance(a, Concede))
        self.skipped = True
        self.done.add(self.index)
        self.result.value = (f"<div>Skipped — {escape(answer)}.</div>"
                             f'<div class="wpp-muted">Remember: {escape(d.lesson)}.</div>')
        self._draw()

    def move(self, action: Action) -> None:
        """Your move, judged by the engine (one move per try)."""
        if self.feedback is not None:
            return
        self.tries += 1
        self.done.add(self.index)
        self.feedback = fb = try_move(self.drill, action)
        if not fb.legal:
            body = (f'<div class="wpp-no">Refused: {escape(fb.text)}</div>'
                    f"{rule_badges((fb.rule,)) if fb.rule else ''}")
        elif fb.wins is None:
            body = (f'<div class="wpp-ok">Right: a legal move.</div>'
                    f"<div>{escape(fb.text)}.</div>")
        else:
            body = f"<div>{escape(fb.text)}.</div>"
        if fb.wins is True:
            body += ('<div class="wpp-ok">Right: this move wins for sure, whatever P2 '
                     "does.</div>")
        elif fb.wins is False and fb.legal:
            body += ('<div class="wpp-no">This move does not win for sure: '
                     f"{escape(fb.spoiler or 'P2 has an answer')}.</div>")
        if fb.after is not None:     # the position the move made (Try again puts it back)
            self.board.value = board_html(fb.after)
        if fb.legal and (fb.wins is None or fb.wins):
            body += f'<div class="wpp-muted">Remember: {escape(self.drill.lesson)}.</div>'
        self.result.value = body
        self._draw()
        report_answer(f"drill · {self.drill.title}", str(action),
                      fb.legal and fb.wins is not False,
                      f"Your move: {self.drill.title}", lesson=self.lesson)

    def summary(self) -> str:
        state = ("" if self.feedback is None else
                 f"; your move: {'legal' if self.feedback.legal else 'refused'}"
                 + ("" if self.feedback.wins is None else
                    f", {'wins' if self.feedback.wins else 'does not win'} for sure"))
        return (f"drills: {self.index + 1} of {len(self.drills)} — {self.drill.title}{state}")
