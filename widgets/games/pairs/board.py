"""Pairs' board on the shared game page: every seat's face-up stack and score pile (2 to 6
players), the deck, burned and discard counts, the target, and **Hit** / **Fold**.

Everything in Pairs is face up but the deck and the burned cards, which the view gives only as
counts: the board draws from a :class:`~wpp.pairs.state.PairsView` and nothing else.

>>> import wpp
>>> g = wpp.new_game("pairs", seed=4, players=3)
>>> board = PairsBoard()
>>> board.draw(g.view(2), legal=g.legal_actions())
>>> sent = []; board.on_choose(sent.append)
>>> board.select(HIT); board.hit.click(); sent, board.describe(sent[0])
([<PairsAction.HIT: 'hit'>], 'hit (draw a card)')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.games.pairs.faces import PAIRS_CSS, cards_row
from widgets.games.pairs.rounds import RoundOver, outcome_words, round_html, rounds_over
from widgets.games.pairs.rule_sets import RuleSetChooser
from widgets.page.board import BoardBase, Key
from widgets.parts.page_header import set_class
from wpp.core.errors import WppError
from wpp.core.history import History, seat_name
from wpp.pairs.state import FOLD, HIT, PairsAction, PairsView

__all__ = ["PairsBoard"]

#: Each move in words (the buttons' tooltips, the log, the review).
_WORDS: Final = {HIT: "hit (draw a card)", FOLD: "fold (take the lowest card in play)"}


class PairsBoard(BoardBase):
    """The table and Hit / Fold (see the module)."""

    game = "pairs"

    def __init__(self, names: Sequence[str] | None = None) -> None:
        super().__init__(names)
        self.table = w.HTML()
        self.hit = self.button("Hit", ("wpp-act", "wpp-pairs-hit"), _WORDS[HIT],
                               lambda: self._send(HIT), key="H")
        self.fold = self.button("Fold", ("wpp-act", "wpp-pairs-fold"), _WORDS[FOLD],
                                lambda: self._send(FOLD), key="F")
        acts = w.Box([self.hit, self.fold])
        acts.add_class("wpp-pacts")
        #: The rounds that ended since the person last moved, kept on screen below the table
        #: as the last round's summary (the engine clears the stacks and deals the next round
        #: in the same move): until their next move or a click on its ×. It is no step of
        #: the game — the next round is already live — so it offers no "Next round".
        self.round_over = w.HTML()
        self.close_rounds = w.Button(description="×", tooltip="hide the last round's summary",
                                     layout=w.Layout(width="44px", height="44px"))
        self.close_rounds.add_class("wpp-pairs-close")
        self.close_rounds.on_click(lambda _b: self._dismiss())
        self.round_box = w.HBox([self.round_over, self.close_rounds],
                                layout=w.Layout(display="none"))
        self.round_box.add_class("wpp-pround")
        self._rounds: list[RoundOver] = []
        self._dismissed: set[tuple[int, int, tuple[tuple[Any, ...], ...]]] = set()
        # Hit and Fold first: in view as the page opens on any screen (below a 4-seat table
        # and a round's summary they were half under the fold of a 1280×800 screen).
        self.root = w.VBox([w.HTML(f"<style>{PAIRS_CSS}</style>"), acts, self.table,
                            self.round_box])
        self.root.add_class("wpp-pairs")
        #: The rule set of the next game (the page's Options column shows ``options``).
        self.rule_sets = RuleSetChooser()
        self.options = self.rule_sets.dropdown
        self.chosen: PairsAction | None = None
        self._legal: list[Any] = []

    # --- the contract ------------------------------------------------------------------
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw the table from ``view`` (every seat's cards are public in Pairs)."""
        view = self.require_view(view, PairsView, "Pairs' board")
        self._legal = list(legal) if active else []
        if self.chosen not in self._legal:  # a redraw keeps Hint's mark while it is legal
            self.chosen = None
        rows = []
        for s in range(view.players):
            acting = not view.over and view.to_act == s
            css = ' class="wpp-acting"' if acting else ""
            arrow = "▶ " if acting else ""
            rows.append(f"<tr{css}><td><b>{arrow}{escape(self._name(s, view))}</b></td>"
                        f"<td>{cards_row(view.hands[s])}</td>"
                        f"<td>score {view.totals[s]}</td>"
                        f"<td>{cards_row(view.scores[s], small=True, empty='')}</td></tr>")
        # The last move is the page's own line above the board (the room's too), in the
        # narration's words: the board does not say it a second time.
        mid = (f'<div class="wpp-pmid">Target <b>{view.target}</b> (reach it and you lose) · '
               f"round {view.round} · deck {view.stock_size} · burned {view.burned_size} "
               f"{cards_row([None], small=True)} · discards {len(view.discard)} · "
               f"reshuffles {view.reshuffles}</div>")
        self.table.value = (f'<div class="wpp-ptable"><table>{"".join(rows)}</table>'
                            f"{mid}</div>")
        self._show()

    def read_history(self, history: History[Any, Any], viewer: int, upto: int) -> None:
        """Read, from ``history`` through ``viewer``'s views, the rounds that ended among its
        first ``upto`` moves since ``viewer`` last moved (the page calls this before
        :meth:`draw`; the review with the position it shows)."""
        self._rounds = rounds_over(history, viewer, upto)
        self._show_rounds()

    def outcome(self, view: Any) -> str:
        """A finished game's result in one glance, for the page's banner."""
        if not isinstance(view, PairsView):
            raise WppError(f"Pairs' board reads a PairsView, not {type(view).__name__}")
        return outcome_words(view, [seat_name(s) + (" (you)" if s == view.player else "")
                                    for s in range(view.players)])

    def select(self, action: Any) -> None:
        """Mark ``action`` (Hit or Fold) as chosen, not yet sent: Enter sends it."""
        if action not in (HIT, FOLD):
            raise WppError(f"a Pairs move is hit or fold, not {action!r:.40}")
        self.chosen = action
        self._show()

    def keys(self) -> Sequence[Key]:
        """H hits, F folds, Enter plays the move marked by Hint."""
        return [Key("h", "wpp-pairs-hit", _WORDS[HIT]), Key("f", "wpp-pairs-fold", _WORDS[FOLD]),
                self.enter_key("wpp-pairs-chosen", "play the move Hint marked")]

    def describe(self, action: Any) -> str:
        """``"hit (draw a card)"`` or ``"fold (take the lowest card in play)"``."""
        if action not in _WORDS:
            raise WppError(f"a Pairs move is hit or fold, not {action!r:.40}")
        return _WORDS[action]

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now, in a few words (the page says it)."""
        if key == "Enter":
            return "no move is marked: H hits, F folds (Shift+H marks Hint's)"
        if key == "f":
            return "your stack is empty: you must hit"
        if key == "h":
            return "no card is left to draw"
        return ""

    # --- input and drawing ---------------------------------------------------------------
    def _send(self, action: PairsAction) -> None:
        if action not in self._legal:
            return
        self._choose(action)

    def _key(self, r: RoundOver) -> tuple[int, int, tuple[tuple[Any, ...], ...]]:
        return r.index, r.round, r.stacks

    def _dismiss(self) -> None:
        self._dismissed.update(self._key(r) for r in self._rounds)
        self._show_rounds()

    def _show_rounds(self) -> None:
        shown = [r for r in self._rounds if self._key(r) not in self._dismissed]
        players = len(shown[0].stacks) if shown else 0
        names = [self.seat_name(s, None) for s in range(players)]
        html = "".join(round_html(r, names, last=i == len(shown) - 1)
                       for i, r in enumerate(shown))
        if self.round_over.value != html:
            self.round_over.value = html
        display = "" if shown else "none"
        if self.round_box.layout.display != display:
            self.round_box.layout.display = display

    def _show(self) -> None:
        for b, action in ((self.hit, HIT), (self.fold, FOLD)):
            b.disabled = action not in self._legal
            chosen = self.chosen is action and not b.disabled
            set_class(b, "wpp-chosen", chosen)
            set_class(b, "wpp-pairs-chosen", chosen)

    def _name(self, seat: int, view: PairsView) -> str:
        return self.seat_name(seat, view.player)
