"""WarPairsPoker's board in its lessons: a whole position drawn face up (never for a game in
play), rule numbers as badges whose tooltip is the rule, and a recorded game to move through.

>>> from wpp.warpairs import GameState
>>> html = board_html(GameState.custom(("3D 5C", "9S")))
>>> "P1" in html and "3♦" in html and "wpp-board" in html
True
>>> print(rule_badges(("R9",)))
<span class="wpp-badge" title="twos beat aces in every mode, and an ace ...">R9</span>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import SeedField, nav_button
from widgets.parts.faces import back_svg, cards_html
from wpp.core.standard_deck import Card
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.teach.replay import RecordedGame, record_game, result_text
from wpp.warpairs.teach.rules import RULES

__all__ = ["GameNav", "board_html", "rule_badges"]


class GameNav:
    """A recorded game to move through: a seed field ("Play this deal"), a move slider that
    starts at ``first``, and Back / Next.

    ``render()`` is called whenever the move shown changes. :meth:`load` plays a deal,
    hands it to ``on_load`` (before the slider moves), and shows move ``first``.
    """

    def __init__(self, seed: int, first: int, render: Callable[[], None], *,
                 on_load: Callable[[RecordedGame], None] | None = None, back_tip: str = "",
                 next_tip: str = "") -> None:
        self.first = first
        self._render = render
        self._on_load = on_load
        self.seed = SeedField(seed, self.load, label="Play this deal")
        self.slider = w.IntSlider(value=first, min=first, max=1, description="move",
                                  continuous_update=False, layout=w.Layout(width="420px"))
        self.back_button = nav_button("◀ Back", back_tip)
        self.next_button = nav_button("Next ▶", next_tip)
        self.slider.observe(lambda _c: self._render(), names="value")
        self.back_button.on_click(lambda _b: self.go(self.position - 1))
        self.next_button.on_click(lambda _b: self.go(self.position + 1))
        self.box = w.HBox([self.back_button, self.slider, self.next_button])
        self.box.add_class("wpp-nav")

    @property
    def position(self) -> int:
        """The slider's move."""
        return int(self.slider.value)

    def load(self, seed: int) -> None:
        """Play deal ``seed`` and show move ``first`` (drawn once, moved or not)."""
        self.show_game(record_game(seed))

    def show_game(self, game: RecordedGame) -> None:
        """Move through ``game`` (a deal or typed hands) from move ``first``."""
        self.game: RecordedGame = game
        if self._on_load is not None:
            self._on_load(self.game)
        self.slider.max = len(self.game.moves)
        if self.slider.value == self.first:
            self._render()
        else:
            self.slider.value = self.first

    def go(self, position: int) -> None:
        """Show move ``position`` (clamped to the game)."""
        self.slider.value = max(self.first, min(position, len(self.game.moves)))

    def update_buttons(self) -> None:
        """Back and Next enabled only where there is a move to go to."""
        self.back_button.disabled = self.position <= self.first
        self.next_button.disabled = self.position >= len(self.game.moves)


def rule_badges(rules: Iterable[str]) -> str:
    """Rule numbers as small badges whose tooltip is the rule in a line."""
    return "".join(f'<span class="wpp-badge" title="{escape(RULES.get(r, ""))}">{escape(r)}</span>'
                   for r in rules)


def _seat(state: GameState, p: int, names: Sequence[str], highlight: Iterable[Card],
          width: int) -> str:
    hand = state.hands[p]
    acting = not state.is_over and state.to_act == p
    cls = "wpp-seat wpp-acting" if acting else "wpp-seat"
    arrow = " ◀ to act" if acting else ""
    return (f'<div class="{cls}"><span class="wpp-seat-name">{escape(names[p])} '
            f"({len(hand)}){arrow}</span>{cards_html(hand, width, highlight=highlight)}</div>")


def board_html(state: GameState, names: Sequence[str] = ("P1", "P2"),
               highlight: Iterable[Card] = (), width: int = 34) -> str:
    """The whole position, every card face up (for lessons, never for a game in play): P2's
    hand, the table and the trick, the pile, deck and discards, P1's hand. ``highlight``
    outlines cards (e.g. the ones about to be played)."""
    marked = tuple(highlight)
    table = state.table
    if state.phase is Phase.MULLIGAN:
        mid = "The mulligan: each player puts 3 cards face up in the pile (R11)."
    elif table is None:
        mid = "Fresh trick: nothing on the table."
    else:
        plays = []
        for i, tp in enumerate(state.trick):
            verb = "led" if i == 0 else "played"
            plays.append(f"<div>{cards_html(tp.play.shown, width)} {escape(names[tp.player])} "
                         f"{verb} <b>{escape(tp.play.describe())}</b></div>")
        mid = "".join(plays) + f'<div class="wpp-muted">mode: {escape(table.mode.label)}</div>'
    deck = back_svg(22) if state.deck else ""
    pile = cards_html(state.pile, 26) if state.pile else "—"
    counts = (f'<div class="wpp-inline">pile: {pile}</div><div class="wpp-inline">deck {deck} '
              f"<b>{len(state.deck)}</b> · discards <b>{len(state.discards)}</b> · re-draw "
              f"used: P1 {'yes' if state.redraw_used[0] else 'no'}, P2 "
              f"{'yes' if state.redraw_used[1] else 'no'}</div>")
    end = ""
    if state.is_over:
        end = f"<div><b>Game over — {escape(result_text(state))}.</b></div>"
    return (f'<div class="wpp-board">{_seat(state, 1, names, marked, width)}'
            f'<div class="wpp-mid">{mid}{counts}{end}</div>'
            f"{_seat(state, 0, names, marked, width)}</div>")
