"""Pokeros's web page: the grid with card faces, your stash, the computer's reasons.

Layout and wiring only: the game is a :class:`~wpp.core.session.Session` over the registered
``pokeros`` game, cards are :class:`~widgets.parts.card_button.CardButton` faces, explanations are
drawn by :mod:`widgets.parts.explain_view`; what a placement would score comes from the view
(:meth:`wpp.pokeros.game.PokerosView.preview`), and every placement goes through the engine's
legality check.

How to play on the page: click a card of your stash (it rises) and the cells where it may go
light up; click one of them to see the hands it would make and their points; click it again
(or **Place**) to play it. The grid scrolls as it grows. **Why?** shows how the computer chose
its last placement, **Hint** what the guard AI would do in your place.

Hidden information stays in the kernel: the computer's stash and the deck are never drawn,
and in the computer's reasons the cards it still holds are blanked.

>>> page = PokerosPage(seed=1)
>>> page.summary()
'Pokeros: You 0, hal 0 — deck 48 — your turn (P1)'
>>> page.select(page.stash_buttons[0].card); sorted(page.lit_cells())
[(-1, 0), (0, -1), (0, 1), (1, 0)]
>>> page.click_cell((1, 0)); "would score" in page.preview.value
True
>>> page.click_cell((1, 0)); len(page.session.history.actions)      # placed; hal answered
2
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.parts.card_button import CardButton
from widgets.parts.explain_view import ExplanationView
from widgets.parts.faces import cards_html
from widgets.parts.shown import Shown
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.registry import make_agent, new_game, registered_agents
from wpp.core.session import Session
from wpp.core.standard_deck import Card
from wpp.pokeros.game import Place, PokerosView
from wpp.pokeros.grid import Cell

__all__ = ["PokerosPage", "page_text"]

_CSS: Final = """<style>
.wpp-app .pk-gridbox { overflow: auto; max-height: 560px; max-width: 100%;
  background: #2e7d4f; border-radius: 10px; padding: 8px; }
.wpp-app .pk-grid { gap: 3px; width: max-content; }
.wpp-app .pk-grid .widget-button { margin: 0; }
.wpp-app .widget-button.pk-cell { width: 44px; height: 64px; min-width: 44px; padding: 0;
  background: transparent; border: 1px dashed rgba(255,255,255,.25); border-radius: 6px;
  color: #fff; box-shadow: none; }
.wpp-app .widget-button.pk-cell:disabled { opacity: 1; cursor: default; }
.wpp-app .widget-button.pk-cell.pk-void { border-color: transparent; }
.wpp-app .widget-button.pk-cell.pk-legal { background: rgba(255, 224, 138, .45);
  border: 2px solid #ffe08a; cursor: pointer; }
.wpp-app .widget-button.pk-cell.pk-target { background: #ffe08a; border: 3px solid #d4a017;
  color: #0d2b45; font-weight: bold; }
.wpp-app .widget-button.wpp-card.pk-last { box-shadow: 0 0 0 3px #d4a017; }
.wpp-app .widget-button.wpp-card.pk-centre { box-shadow: 0 0 0 2px #9ad0ff; }
.wpp-app .pk-stash { background: #2e7d4f; border-radius: 10px; padding: 8px; gap: 4px;
  align-items: flex-end; min-height: 92px; }
.wpp-app .pk-stash .widget-button.wpp-card.wpp-selected { transform: translateY(-10px);
  box-shadow: 0 0 0 3px #ffe08a; }
.wpp-app .pk-scores { font-size: 16px; }
.wpp-app .pk-banner { background: #0d2b45; color: #ffe08a; font-size: 20px; font-weight: bold;
  border-radius: 8px; padding: 8px 14px; text-align: center; }
.wpp-app .pk-preview { min-height: 44px; }
.wpp-app .pk-gridbox.pk-zoom-small .pk-grid { zoom: 0.7; }
.wpp-app .pk-gridbox.pk-zoom-large .pk-grid { zoom: 1.3; }
.wpp-app .pk-zoom .widget-toggle-button { width: 64px; }
</style>"""

#: The grid's sizes (a class on the grid's box scales the cards with CSS ``zoom``).
ZOOMS: Final = ("small", "normal", "large")


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


class PokerosPage(Shown):
    """The page (``root``) and its game (``session``); see the module's docs."""

    def __init__(self, seed: int | None = 1, opponent: str = "hal", you_first: bool = True,
                 *, deck: Sequence[Card] | None = None,
                 setup: Sequence[tuple[str, int, int]] = (),
                 flags: Mapping[str, Any] | None = None) -> None:
        self.you = 0 if you_first else 1
        self.opponent = opponent
        #: A sandbox (no ``opponent``): people play both seats, each seeing the seat to act;
        #: ``deck`` stacks the cards and ``setup`` placements are made first (lessons).
        self.sandbox = not opponent
        self.deck = deck
        self.setup = tuple(setup)
        self.flags = dict(flags or {})
        self.selected: Card | None = None
        self.target: Cell | None = None
        self._cells: dict[Cell, w.Button] = {}
        self._cards: dict[Cell, CardButton] = {}
        # --- widgets
        self.scores = w.HTML()
        self.scores.add_class("pk-scores")
        self.banner = w.HTML()
        self.banner.add_class("pk-banner")
        self.grid = w.GridBox([])
        self.grid.add_class("pk-grid")
        self.gridbox = w.Box([self.grid])
        self.gridbox.add_class("pk-gridbox")
        self.zoom = w.ToggleButtons(options=list(ZOOMS), value="normal", description="grid",
                                    tooltips=["see more of a large grid", "", "larger cards"])
        self.zoom.add_class("pk-zoom")
        self.zoom.observe(lambda change: self.set_zoom(change["new"]), names="value")
        self.stash_buttons = [CardButton() for _ in range(5)]
        for b in self.stash_buttons:
            b.on_card(self.select)
        self.stash = w.HBox(self.stash_buttons)
        self.stash.add_class("pk-stash")
        self.preview = w.HTML()
        self.preview.add_class("pk-preview")
        self.message = w.HTML()
        self.message.add_class("wpp-msg")
        self.place_button = self._button("Place", "place the selected card at the chosen cell")
        self.place_button.on_click(lambda _b: self.place())
        self.why_button = self._button("Why?", "how the computer chose its last placement")
        self.why_button.on_click(lambda _b: self.why())
        self.hint_button = self._button("Hint", "what the guard AI would do in your place")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button = self._button("Undo", "take back your last placement")
        self.undo_button.on_click(lambda _b: self.undo())
        self.seed_field = w.BoundedIntText(value=seed or 0, min=0, max=10**9,
                                           description="seed", layout=w.Layout(width="160px"))
        self.opponent_box = w.Dropdown(
            options=list(registered_agents("pokeros")), value=opponent or "hal",
            description="computer", layout=w.Layout(width="200px"))
        self.first_box = w.Checkbox(value=you_first, description="you play first",
                                    indent=False, layout=w.Layout(width="140px"))
        self.new_button = self._button("New game", "deal this seed")
        self.new_button.on_click(lambda _b: self.new_game(int(self.seed_field.value)))
        self.explain = ExplanationView()
        self.explain.clear()
        self.log = w.HTML()
        self.log.add_class("wpp-log")
        header = w.HBox([w.HTML('<span class="wpp-brand">Pokeros</span>'), self.scores])
        header.add_class("wpp-header")
        options = w.HBox([self.seed_field, self.opponent_box, self.first_box, self.new_button])
        actions = w.HBox([self.place_button, self.hint_button, self.undo_button]
                         if self.sandbox else [self.place_button, self.why_button,
                                               self.hint_button, self.undo_button])
        actions.add_class("wpp-actions")
        side = w.VBox([self.explain.html, self.log])
        side.add_class("wpp-side")
        centre = w.VBox([self.banner, self.zoom, self.gridbox,
                         w.HTML('<span class="wpp-side-title">Your stash</span>'), self.stash,
                         self.preview, actions, self.message])
        centre.add_class("wpp-center")
        body = w.HBox([centre, side])
        body.add_class("wpp-body")
        parts = [w.HTML(STYLE_HTML + _CSS), header, body] if self.sandbox else [
            w.HTML(STYLE_HTML + _CSS), header, options, body]
        self.root = w.VBox(parts)
        self.root.add_class("wpp-app")
        self.session = Session(new_game("pokeros", seed=seed or 0))
        self.new_game(seed or 0)

    @classmethod
    def from_env(cls) -> PokerosPage:
        """The page as the home page serves it; ``WPP_SEED`` fixes the deal."""
        text = os.environ.get("WPP_SEED", "").strip()
        return cls(seed=int(text) if text.isdigit() else 1)

    @staticmethod
    def _button(label: str, tip: str) -> w.Button:
        b = w.Button(description=label, tooltip=tip)
        b.add_class("wpp-action")
        return b


    # ----------------------------------------------------------------------- the game
    @property
    def view(self) -> PokerosView:
        h = self.session.history
        if self.sandbox and not h.is_over:
            self.you = h.to_act
        view: PokerosView = h.view(self.you)
        return view

    def new_game(self, seed: int) -> None:
        """Deal ``seed`` with the options chosen on the page; the computer moves first if
        you do not."""
        if self.sandbox:
            self.session.start(new_game("pokeros", seed=seed, deck=self.deck, **self.flags))
            self.session.set_computer({})
            for card, x, y in self.setup:
                self.session.human_apply(Place.of(card, x, y))
        else:
            self.you = 0 if self.first_box.value else 1
            self.opponent = str(self.opponent_box.value)
            agent = make_agent("pokeros", self.opponent, seed=seed)
            self.session.start(new_game("pokeros", seed=seed, **self.flags))
            self.session.set_computer({1 - self.you: agent})
        self._cells.clear()
        self._cards.clear()
        self.selected = self.target = None
        self.explain.clear()
        self.session.play_computer()
        self.render()

    def select(self, card: Card) -> None:
        """Pick (or put back) a card of your stash; its legal cells light up."""
        if card not in self.view.stash:
            return
        self.selected = None if self.selected == card else card
        self.target = None
        self.message.value = ""
        self.render()

    def lit_cells(self) -> list[Cell]:
        """The cells lit for the selected card (none when no card is selected)."""
        return self.view.legal_cells() if self.selected is not None and self.view.my_turn \
            else []

    def click_cell(self, cell: Cell) -> None:
        """First click on a lit cell: preview what it would score; second click: place."""
        if not self.view.my_turn:
            return
        if self.selected is None:
            self.message.value = "Select a card of your stash first."
            return
        if cell not in self.lit_cells():
            self.message.value = escape(f"{self.selected} may not go to {cell}.")
            return
        if self.target == cell:
            self.place()
            return
        self.target = cell
        self.message.value = ""
        self.render()

    def place(self) -> None:
        """Place the selected card at the previewed cell (the engine checks it), then let
        the computer answer."""
        if self.selected is None or self.target is None:
            self.message.value = "Select a card, then a lit cell."
            return
        try:
            self.session.human_apply(Place(self.selected, *self.target))
        except WppError as err:
            self.message.value = escape(str(err))
            return
        self.selected = self.target = None
        self.message.value = ""
        self.session.play_computer()
        self.explain.clear()
        self.render()

    def undo(self) -> None:
        try:
            self.session.undo()
        except WppError as err:
            self.message.value = escape(str(err))
            return
        self.selected = self.target = None
        self.render()

    def _hidden(self) -> set[Card]:
        state = self.session.history.state
        if state.over or self.sandbox:
            return set()
        return set(state.stashes[1 - self.you]) | set(state.deck)

    def set_zoom(self, size: str) -> None:
        """Show the grid ``size`` ("small", "normal" or "large"): it grows as the game goes
        on, and its box scrolls; a smaller size shows more of it at once."""
        if size not in ZOOMS:
            raise WppError(f"the grid's size is one of {', '.join(ZOOMS)}, not {size!r}")
        for z in ZOOMS:
            self.gridbox.remove_class(f"pk-zoom-{z}")
        self.gridbox.add_class(f"pk-zoom-{size}")
        if self.zoom.value != size:
            self.zoom.value = size

    def why(self) -> None:
        """The computer's reasons for its last placement.

        During a live game only what the table shows: the candidate table would give the
        computer's stash away even with its cards blanked (the hands a card makes name its
        rank), and so would the odds its guard computes over the cards it has not seen. The
        full reasoning opens when the game is over (or in the sandbox, where both stashes
        are open)."""
        decisions = self.session.computer_decisions()
        if not self._hidden():
            items = [(f"Move {k + 1}: ", e) for k, _seat, e in decisions]
            self.explain.show("Why the computer played that", items,
                              empty="The computer has not played yet.")
            return
        events = self.session.history.events
        public = [f"Move {k + 1}: {events[k].text_for(self.you)}" for k, _seat, _e in decisions]
        self.explain.show("Why the computer played that", [],
                          empty=" · ".join(public) or "The computer has not played yet.",
                          note="During a game you see what the table shows; the computer's "
                          "full reasoning, which would name the cards it still holds, opens "
                          "when the game is over.")

    def hint(self) -> None:
        """What the guard AI would do in your place."""
        try:
            d = self.session.decide_for(self.you, make_agent("pokeros", "guard"))
        except WppError as err:
            self.message.value = escape(str(err))
            return
        self.explain.show("Hint", [("guard in your place: ", d.explanation)],
                          hidden=self._hidden())

    # ----------------------------------------------------------------------- drawing
    def _cell_button(self, cell: Cell) -> w.Button:
        b = self._cells.get(cell)
        if b is None:
            b = w.Button(description=" ", tooltip="")
            b.add_class("pk-cell")
            b.on_click(lambda _b, c=cell: self.click_cell(c))
            self._cells[cell] = b
        return b

    def _card_button(self, cell: Cell, card: Card) -> CardButton:
        b = self._cards.get(cell)
        if b is None:
            b = CardButton()
            self._cards[cell] = b
        return b

    def render(self) -> None:
        """Draw everything from the game as it stands."""
        h = self.session.history
        view = self.view
        placed = view.grid
        xs = [x for x, _, _ in placed]
        ys = [y for _, y, _ in placed]
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        lit = set(self.lit_cells())
        last = placed[-1][:2] if len(placed) > 1 else None
        children: list[w.Widget] = []
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                card = view.cells.get((x, y))
                if card is not None:
                    cb = self._card_button((x, y), card)
                    extra = (("pk-last",) if (x, y) == last else
                             ("pk-centre",) if (x, y) == (0, 0) else ())
                    cb.show(card, clickable=False, extra=extra, tooltip=f"{card} at ({x}, {y})")
                    children.append(cb)
                    continue
                b = self._cell_button((x, y))
                classes = ["pk-cell"]
                if (x, y) == self.target:
                    classes.append("pk-target")
                    text = "✓"
                elif (x, y) in lit:
                    classes.append("pk-legal")
                    text = " "
                else:
                    classes.append("pk-void")
                    text = " "
                if tuple(b._dom_classes) != tuple(classes):
                    b._dom_classes = tuple(classes)
                tip = f"({x}, {y})" if (x, y) in lit else ""
                if b.tooltip != tip:
                    b.tooltip = tip
                if b.description != text:
                    b.description = text
                disabled = (x, y) not in lit
                if b.disabled != disabled:
                    b.disabled = disabled
                children.append(b)
        cols = f"repeat({x1 - x0 + 1}, 44px)"
        if self.grid.layout.grid_template_columns != cols:
            self.grid.layout.grid_template_columns = cols
        if tuple(self.grid.children) != tuple(children):
            self.grid.children = children
        # the stash
        for i, b in enumerate(self.stash_buttons):
            if i < len(view.stash):
                c = view.stash[i]
                b.show(c, selected=c == self.selected, clickable=view.my_turn)
                b.layout.display = None
            else:
                b.show(None)
                b.layout.display = "none"
        # scores, banner, preview, log
        names = self._names()
        a, b_ = view.scores
        turn = ("game over" if view.over else f"P{self.you + 1} to play" if self.sandbox
                else "your turn" if view.my_turn
                else f"{names[1 - self.you]} to play")
        self.scores.value = (
            f"<b>{escape(names[0])}</b> {a} · <b>{escape(names[1])}</b> {b_} · "
            f"deck {view.deck_size} · {turn}"
            f'<span class="wpp-muted"> · {escape(view.rules.describe())}</span>')
        if view.over:
            mine, theirs = view.scores[self.you], view.scores[1 - self.you]
            verdict = ("A tie" if mine == theirs else
                       f"{names[self.you]} wins" if self.sandbox and mine > theirs else
                       "You win" if mine > theirs else f"{names[1 - self.you]} wins")
            self.banner.value = f"Game over — {verdict}, {mine} to {theirs}."
            self.banner.layout.display = None
        else:
            self.banner.value = ""
            self.banner.layout.display = "none"
        self._render_preview()
        self.place_button.disabled = self.target is None
        self.undo_button.disabled = not h.can_undo
        lines = [escape(e.text_for(self.you)) for e in h.events[-12:]]
        start = max(len(h.events) - 12, 0) + 1
        self.log.value = (f'<div class="wpp-panel-title">Moves</div><ol start="{start}">'
                          + "".join(f"<li>{t}</li>" for t in lines) + "</ol>")

    def _names(self) -> tuple[str, str]:
        if self.sandbox:
            return "P1", "P2"
        names = ["You", "You"]
        names[1 - self.you] = self.opponent
        return names[0], names[1]

    def _render_preview(self) -> None:
        view = self.view
        if self.selected is None:
            text = ("Click a card of your stash: the cells where it may go light up."
                    if view.my_turn else "")
        elif self.target is None:
            text = (f"{escape(str(self.selected))} selected: click a lit cell to see what it "
                    "would score.")
        else:
            s = view.preview(self.selected, self.target)
            if s.hands:
                hands = " ".join(
                    f"{cards_html(h.cards, 26, highlight=(self.selected,))} "
                    f"{escape(str(h.hand))} ({h.points})" for h in s.hands)
                times = f" × {len(s.hands)} hands" if s.awarded != s.raw else ""
                total = f"{s.raw}{times} = {_points(s.awarded)}" if times else _points(s.awarded)
                text = (f"{escape(str(self.selected))} at {self.target} would score: {hands} "
                        f"— <b>{total}</b>. Click the cell again or Place to play it.")
            else:
                text = (f"{escape(str(self.selected))} at {self.target} would score nothing. "
                        "Click the cell again or Place to play it anyway.")
        if self.preview.value != text:
            self.preview.value = text

    def summary(self) -> str:
        """One line: the scores, the deck, whose turn (what nbval compares)."""
        view = self.view
        names = self._names()
        turn = ("game over: " + self.session.history.outcome if view.over else
                f"P{self.you + 1} to play" if self.sandbox else
                f"your turn (P{self.you + 1})" if view.my_turn else "the computer's turn")
        return (f"Pokeros: {names[0]} {view.scores[0]}, {names[1]} {view.scores[1]} — deck "
                f"{view.deck_size} — {turn}")


def page_text(page: PokerosPage) -> str:
    """Everything the page shows as text (for tests that look for hidden cards)."""
    parts: list[Any] = [page.scores.value, page.preview.value, page.log.value,
                        page.explain.html.value, page.banner.value]
    parts += [b.description + b.tooltip for b in page.stash_buttons]
    return "\n".join(str(p) for p in parts)

