"""Lesson 5: a recorded game between two classic AIs, move by move, with the AI's reasons.

:class:`GameReplay` plays a seeded deal (:func:`wpp.teach.replay.record_game`) and lets the
learner move through it with a slider or Back / Next, or jump to an interesting moment
(aggressive plays with twos, kings and aces, answers on aces, desperate answers, re-draws,
pile cards taken). For each move it shows the board *before* the move (every card face up,
the cards played outlined), what happened, and the AI's explanation in a
:class:`~widgets.stepper.Stepper`: the situation, the segment, each item of the decision list
tried in order with why it fired or not, and the drawing decisions.

>>> r = GameReplay(seed=5)
>>> r.next_button.click(); r.position
2
>>> r.moments.value = r.moments.options[1][1]; r.position
4
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.lessons.base import GameNav, Lesson, board_html, lesson_root, rule_badges
from widgets.stepper import Stepper
from wpp.actions import Mulligan, PlayCards
from wpp.cards import Card
from wpp.teach.replay import Move, RecordedGame

__all__ = ["GameReplay"]


def _cards_of(m: Move) -> tuple[Card, ...]:
    if isinstance(m.action, PlayCards | Mulligan):
        return m.action.cards
    return ()


class GameReplay(Lesson):
    """A whole game between two classic AIs; ``position`` is the move shown (1-based)."""

    def __init__(self, seed: int = 108) -> None:
        self.nav = GameNav(seed, 1, self._render, on_load=self._moments_of,
                           back_tip="the previous move", next_tip="the next move")
        self.seed, self.slider = self.nav.seed, self.nav.slider
        self.back_button, self.next_button = self.nav.back_button, self.nav.next_button
        self.moments = w.Dropdown(options=[("—", 0)], value=0, description="jump to",
                                  layout=w.Layout(width="auto"))
        self.headline = w.HTML("")
        self.headline.add_class("wpp-panel")
        self.board = w.HTML("")
        self.stepper = Stepper(styled=False)
        self.moments.observe(self._jump, names="value")
        jump = w.HBox([self.moments])
        jump.add_class("wpp-choice")
        self.root = lesson_root([self.seed.box, self.nav.box, jump, self.headline, self.board,
                                 self.stepper.root])
        self.load(seed)

    @property
    def position(self) -> int:
        """The move shown, 1 for the first."""
        return self.nav.position

    @property
    def game(self) -> RecordedGame:
        """The game shown."""
        return self.nav.game

    @property
    def move(self) -> Move:
        return self.game.moves[self.position - 1]

    def load(self, seed: int) -> None:
        """Play deal ``seed`` between two classic AIs and show its first move."""
        self.nav.load(seed)

    def _moments_of(self, game: RecordedGame) -> None:
        options: list[tuple[str, int]] = [(f"— {len(game.moments())} interesting moments —", 0)]
        options += [(f"move {i + 1}: {tag}", i + 1) for i, tag in game.moments()]
        self.moments.options = options
        self.moments.value = 0

    def go(self, position: int) -> None:
        """Show move ``position`` (1-based, clamped)."""
        self.nav.go(position)

    def _jump(self, change: dict[str, object]) -> None:
        target = change["new"]
        if isinstance(target, int) and target > 0:
            self.go(target)

    def _render(self) -> None:
        m = self.move
        tags = "".join(f'<span class="wpp-badge">{escape(t)}</span>' for t in m.tags)
        self.headline.value = (
            f'<div class="wpp-step-head">{escape(m.headline())} {tags}</div>'
            f'<div class="wpp-narration">{escape(m.narration)}. {rule_badges(m.rules)}</div>'
            f'<div class="wpp-muted">deal {self.game.seed} · {len(self.game.moves)} moves · '
            f"{escape(self.game.result())}</div>")
        self.board.value = board_html(m.before, highlight=_cards_of(m))
        self.stepper.show(m.explanation)
        self.nav.update_buttons()

    def summary(self) -> str:
        return (f"replay of deal {self.game.seed}: {self.move.headline()}; "
                f"{self.stepper.summary()}")
