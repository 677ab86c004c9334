"""The app: a game of WarPairsPoker against the classic AI (or between two people at one
screen), built from the views of this package and driven by clicks.

This module is layout and wiring only. The game and who plays which seat live in the
session controller (:class:`wpp.core.session.Session`); what the page *says* — status, the
selection judged, the curtain, the computer's public reasons, the score — comes from
:mod:`wpp.warpairs.presenter`, widget-free and tested with plain calls.

Where the truth lives
---------------------
The game lives in the kernel. While it runs, the page receives only what is computable from
the viewer's own view and the public history: their hand, public cards and counts, face-down
backs for everything else, and for "Why?" the computer's move in public terms
(:func:`wpp.warpairs.presenter.public_reasons`). The computer's full reasoning opens when the game
is over (Review) or in open-hands practice, which the page marks. A seed is the whole deck order,
so it is shown only once the game is over. Every click or value the page sends is a *request*:
the app maps it to an engine action and the engine judges it; a refusal is shown with the
engine's reason.

Testing without a browser
-------------------------
Everything is plain widgets, so a test builds an :class:`App`, clicks its buttons with
``button.click()`` and reads the game:

>>> app = App(seed=11, agent="random")
>>> app.game.phase.value, app.bar.visible_kinds()
('mulligan', ['mulligan', 'concede'])
>>> for b in app.bottom.visible_buttons()[:3]:
...     b.click()
>>> app.bar.buttons["mulligan"].click()
>>> app.game.phase.value != "mulligan"     # the computer made its mulligan at once
True
"""


from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from widgets.games.warpairs.board import WarPairsBoard
from widgets.games.warpairs.deals import Deals, check_seed, fresh_seed
from widgets.games.warpairs.input import PlayInput
from widgets.games.warpairs.options import OptionsMenu
from widgets.games.warpairs.reasons import review_text, why_text
from widgets.games.warpairs.rules_ref import RULES_HTML
from widgets.games.warpairs.seat_options import SeatOptions
from widgets.games.warpairs.turn_flow import TurnFlow
from widgets.parts.banner import GameOverBanner
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.explain_panel import ExplainPanel, Hint
from widgets.parts.faces import cards_html
from widgets.parts.game_log import GameLogView
from widgets.parts.hand import HandView
from widgets.parts.hint_chooser import HintChooser
from widgets.parts.hotkeys import KeyPad, hotkeys_html
from widgets.parts.message_line import MessageLine
from widgets.parts.page_header import PageHeader, set_class
from widgets.parts.redact import hidden_cards, redact_text
from widgets.parts.theme import STYLE_HTML
from wpp.core.agents import Agent
from wpp.core.explain import Explanation
from wpp.core.registry import registered_agents
from wpp.core.session import Session
from wpp.core.standard_deck import Card
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.definition import outcome_of
from wpp.warpairs.game import Game
from wpp.warpairs.phases import player_name
from wpp.warpairs.presenter import (
    Score,
    Seating,
    hint_message,
    player_names,
    result_head,
    status_html,
)
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = ["App"]

_LOG_LINES = 14
_PRACTICE_MARK = ('<span class="wpp-practice-mark">PRACTICE — open hands: the computer\'s '
                  "cards and reasoning are shown</span>")


class App:
    """The whole board. Display it (``app`` as a cell's last line) or place ``app.root``.

    ``computer`` is the seat the computer plays (0 or 1; ``None``: two people share the
    screen). ``agent`` names the computer's agent (the classic AI). ``ai_delay`` seconds pass
    before each computer action when an event loop runs (in a notebook or Voilà), so a person
    sees their own play land first; without a running loop the computer moves at once.

    The page composes one part per idea: the board (:class:`~.board.WarPairsBoard`: hands,
    table, pile, action bar), the person's input (:class:`~.input.PlayInput`), the turns
    (:class:`~.turn_flow.TurnFlow`), the deals (:class:`~.deals.Deals`), the seat and mode
    options (:class:`~.seat_options.SeatOptions`), and the game-agnostic header, message line,
    confirm bar,
    game-over banner, Why?/Hint/review panel, hint chooser and game log.
    """

    def __init__(self, seed: int | None = None, *, computer: int | None = 1,
                 agent: str = "classic", ai_delay: float = 0.0, rules: Rules = DEFAULT_RULES,
                 auto_mulligan: bool = False, alternate: bool = False,
                 practice: bool = False) -> None:
        if computer not in (0, 1, None):
            raise ValueError(f"computer is 0, 1 or None, not {computer!r}")
        self.rules = rules
        # The turns (a person's move, the computer's answer, undo, redo): the page's flow.
        self.flow = TurnFlow(self, ai_delay)
        self.pacer = self.flow.pacer
        self.request, self.auto_mulligan, self.advance = (
            self.flow.request, self.flow.auto_mulligan, self.flow.advance)
        self.undo, self.redo, self.reset_turn = (self.flow.undo, self.flow.redo,
                                                 self.flow.reset_turn)
        self.agent_note = ""
        self.agent = self._make_agent(agent)
        # The game and who plays which seat: the widget-free session controller.
        self.session = Session(Game(0, rules), {} if computer is None else {computer: self.agent})
        self.seating = Seating(computer=computer, alternate=bool(alternate),
                               practice=bool(practice))
        self.score = Score()
        self._build_widgets()
        self.menu.auto_mulligan.value = bool(auto_mulligan)
        self.menu.alternate.value = bool(alternate)
        self.menu.practice.value = bool(practice)
        self.menu.computer.value = -1 if computer is None else computer
        self.deals = Deals(self)
        self.new_game, self.replay, self.open_saved = (
            self.deals.new_game, self.deals.replay, self.deals.open_saved)
        self._wire()
        self.game = Game(fresh_seed() if seed is None else check_seed(seed), rules)
        self.start()

    @property
    def game(self) -> Game:
        """The game on the board (the session's)."""
        history = self.session.history
        assert isinstance(history, Game)
        return history

    @game.setter
    def game(self, game: Game) -> None:
        self.session.start(game)

    @property
    def computer(self) -> int | None:
        """The seat the computer plays (``None``: two people share the screen)."""
        return self.seating.computer

    @computer.setter
    def computer(self, seat: int | None) -> None:
        self.seating.computer = seat
        self.session.set_computer({} if seat is None else {seat: self.agent})

    @property
    def selected(self) -> set[Card]:
        """The cards selected in the acting person's hand."""
        return self.selection.cards

    @property
    def ai_delay(self) -> float:
        """Seconds before each computer action when an event loop runs."""
        return self.pacer.delay

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_env(cls) -> App:
        """The app as ``make play`` serves it: the classic AI as P2; ``WPP_SEED`` fixes the
        deal and ``WPP_AI_DELAY`` the computer's pause (for tests and benchmarks)."""
        seed_text = os.environ.get("WPP_SEED", "").strip()
        delay_text = os.environ.get("WPP_AI_DELAY", "").strip()
        return cls(seed=int(seed_text) if seed_text else None,
                   ai_delay=float(delay_text) if delay_text else 0.5)

    def _make_agent(self, name: str) -> Agent:
        try:
            return make_agent(name)
        except ImportError:
            # The classic AI is being written alongside; play on with the baseline meanwhile.
            self.agent_note = (f"The {name} AI is not installed: the computer plays at random "
                               "for now.")
            return make_agent("random", seed=0)

    def _build_widgets(self) -> None:
        self.header = PageHeader("WarPairsPoker")
        self.status, self.mode_mark = self.header.status, self.header.mode_mark
        self.menu = OptionsMenu(hint_agents=registered_agents("warpairs"))
        self.hints = HintChooser("warpairs", self.agent, dropdown=self.menu.hint_agent)
        self.board = WarPairsBoard()
        b = self.board
        self.top, self.bottom, self.table, self.pile, self.bar = (b.top, b.bottom, b.table,
                                                                  b.pile, b.bar)
        self.keypad = KeyPad()
        self.input = PlayInput(self, {"hint": self.show_hint, "why": self.show_why,
                                      "undo": self.undo, "redo": self.redo})
        self.selection, self.selection_info = self.input.selection, self.input.info
        self._on_action, self._on_key = self.input.on_action, self.input.on_key
        self.notes = MessageLine(self.flow.moment)
        self.message = self.notes.html
        self.confirm = ConfirmBar()
        self.confirm_box, self.confirm_text, self.confirm_yes, self.confirm_no = (
            self.confirm.box, self.confirm.text, self.confirm.yes, self.confirm.no)
        self.end = GameOverBanner((("new", "New game"), ("replay", "Replay"),
                                   ("review", "Review")))
        self.banner, self.banner_text = self.end.box, self.end.text
        self.banner_new, self.banner_replay, self.banner_review = (
            self.end.buttons["new"], self.end.buttons["replay"], self.end.buttons["review"])
        self.reveal_button = w.Button(description="Show my hand", layout=w.Layout(display="none"))
        self.reveal_button.add_class("wpp-reveal")
        self.side = ExplainPanel()
        self.why_button, self.hint_button = self.side.why_button, self.side.hint_button
        self.panel = self.side.view
        self.review_nav, self.review_prev, self.review_next = (
            self.side.review_nav, self.side.review_prev, self.side.review_next)
        self.game_log = GameLogView(_LOG_LINES)
        self.log = self.game_log.html
        # The dock (actions, selection, messages, questions) sticks to the bottom of the
        # window when the board is taller than the screen.
        self.dock = w.VBox([self.bar.box, self.selection_info, self.message, self.confirm_box])
        self.dock.add_class("wpp-dock")
        center = w.VBox([self.banner, self.top.box, self.table.html, self.bottom.box, self.dock,
                         self.reveal_button])
        center.add_class("wpp-center")
        side = w.VBox([self.pile.box,
                       w.HBox([self.why_button, self.hint_button, self.menu.hint_agent]),
                       self.review_nav, self.panel.html, self.log])
        side.add_class("wpp-side")
        body = w.HBox([self.menu.box, center, side])
        body.add_class("wpp-body")
        self.style = w.HTML(STYLE_HTML)
        self.root = w.VBox([self.style, self.header.box, body, self.keypad.box])
        self.root.add_class("wpp-app")

    def _wire(self) -> None:
        for hand in (self.top, self.bottom):
            hand.on_toggle(self.input.toggle)
        self.pile.on_take(lambda c: self.request(TakeFromPile(c)))
        self.bar.on_action(self.input.on_action)
        self.keypad.on_key(self.input.on_key)
        self.seats = SeatOptions(self)
        self.reveal_button.on_click(lambda _b: self.seats.reveal())
        self.why_button.on_click(lambda _b: self.show_why())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.confirm.on_answer(self._confirmed)
        self.end.on("new", self.new_game)
        self.end.on("replay", self.replay)
        self.end.on("review", self.show_review)
        self.review_prev.on_click(lambda _b: self._review_step(-1))
        self.review_next.on_click(lambda _b: self._review_step(1))
        m = self.menu
        m.new_game.on_click(lambda _b: self.deals.ask(self.new_game, "Deal a new game?"))
        m.replay.on_click(lambda _b: self.deals.ask(self.replay, "Start this deal again?"))
        m.undo.on_click(lambda _b: self.flow.undo())
        m.redo.on_click(lambda _b: self.flow.redo())
        m.rules.on_click(lambda _b: self._toggle_panel("rules"))
        m.concede.on_click(lambda _b: self.input.on_action("concede"))
        m.on_file(self.deals.on_file)
        m.hint_agent.observe(lambda _c: self.side.forget_hint(), names="value")

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.root._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = "WarPairsPoker app"
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        display(HTML(hotkeys_html()))  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ seats and views
    def human_seat(self) -> int | None:
        """The person's seat in a game against the computer (``None`` for two people)."""
        return None if self.computer is None else 1 - self.computer

    def hand_view(self, seat: int) -> HandView:
        """The view that shows ``seat``'s hand (the bottom one is the person's)."""
        return self.board.hand_view(seat, self.seating)

    def names(self) -> tuple[str, str]:
        """How the board names P1 and P2."""
        return player_names(self.computer)

    def face_up(self, seat: int) -> bool:
        """Is ``seat``'s hand shown face up now?"""
        g = self.game
        return self.seating.face_up(seat, to_act=g.to_act, over=g.is_over)

    def acting_person(self) -> int | None:
        """The seat of the person to act now (``None``: nobody may act on this page)."""
        g = self.game
        return self.seating.acting(to_act=g.to_act, over=g.is_over)

    def hidden(self) -> frozenset[Card]:
        """Cards the page must not name now (the computer's unseen cards and the deck)."""
        return hidden_cards(self.game, self.seating.viewer)

    @property
    def practice(self) -> bool:
        """Open-hands practice: every hand face up, the computer's full reasoning shown."""
        return self.seating.practice

    # ------------------------------------------------------------------ game lifecycle
    def in_progress(self) -> bool:
        """A game a person has played into and not finished (leaving it needs a yes)."""
        g = self.game
        return not g.is_over and len(g.actions) > 0

    def start(self) -> None:
        """Reset everything per game, keep the settings, let the computer begin if it must."""
        self.pacer.cancel()
        self.seating.practice = bool(self.menu.practice.value)
        self.confirm.cancel()
        self.reset_turn()
        self.notes.say(self.agent_note, info=True)
        self.refresh()
        self.advance()

    def _confirmed(self, yes: bool, action: Callable[[], None] | None) -> None:
        if yes and action is not None:
            action()
        else:
            self.seats.show_seat()
            self.refresh()

    # ------------------------------------------------------------------ moves
    def agent_for_hints(self) -> Agent:
        """The agent behind hints and auto-mulligans: the one chosen beside Hint (any
        registered AI of the game; the computer's own by default)."""
        agent: Agent = self.hints.agent()
        return agent

    # ------------------------------------------------------------------ explanations
    def computer_decisions(self) -> list[tuple[int, Explanation]]:
        """The computer's last turn of decisions in the game as it stands, oldest first."""
        return [(k, e) for k, _, e in self.session.computer_decisions()]

    def show_why(self) -> None:
        """Toggle the panel that explains the computer's last decision."""
        self._toggle_panel("why")

    def show_review(self) -> None:
        """The review of a finished game: every move, the computer's with its full
        reasoning, one at a time."""
        if not self.game.is_over:
            self.notes.refuse("the review opens when the game is over (or play in practice "
                              "mode)")
            return
        self.side.start_review()
        self.refresh()

    def _review_step(self, step: int) -> None:
        if self.side.step_review(step, len(self.game.actions)):
            self.refresh()

    def show_hint(self) -> None:
        """Ask the chosen AI what it would do in the acting person's place (from their own
        view); show its reasons and select the cards it would play."""
        if self.side.open == "hint":
            self._toggle_panel("hint")
            return
        seat = self.acting_person()
        if seat is None:
            self.notes.refuse("a hint is for the player to act, on their turn")
            return
        try:
            decision = self.session.decide_for(seat, self.agent_for_hints())
        except Exception as err:  # an agent bug must not break the board
            self.notes.refuse(f"the hint failed ({type(err).__name__})")
            return
        self.keep_hint(seat, decision.explanation)
        if isinstance(decision.action, PlayCards | Mulligan):
            self.selection.choose(decision.action.cards)
        self.notes.say(hint_message(decision.action), info=True)
        self.refresh()

    def keep_hint(self, seat: int, explanation: Explanation) -> None:
        """Show ``explanation`` as the hint for ``seat`` (from the chosen AI)."""
        self.side.keep_hint(Hint(len(self.game.actions), player_name(seat), self.hints.name(),
                                 explanation))

    def _toggle_panel(self, name: str) -> None:
        self.side.toggle(name)
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Bring every view in line with the game (only changed values reach the page).

        During a live game against the computer everything drawn comes from the person's own
        view and the public history (see the module docs)."""
        g = self.game
        acting = self.acting_person()
        last = g.events[-1] if g.events else None
        self.board.draw(g, self.seating, names=self.names(), selected=self.selected,
                        touched=self.selection.touched, show_trick=self.menu.show_trick.value,
                        show_last=self.menu.show_last.value,
                        fresh=last is not None and last.player == self.computer)
        self.bar.set_label("concede", "Really concede?" if self.input.concede_armed else "Concede")
        self.menu.undo.disabled = not g.can_undo
        self.menu.redo.disabled = not g.can_redo
        curtain = self.seating.curtain(to_act=g.to_act, over=g.is_over)
        self.reveal_button.description = f"{player_name(g.to_act)}: show my hand"
        self.reveal_button.layout.display = None if curtain else "none"
        self.why_button.layout.display = "none" if self.computer is None else None
        self.input.show_selection()
        self.notes.render()
        self.side.render(why=lambda: why_text(g, self.seating, self.agent, self.hidden()),
                         review=(lambda k: review_text(g, k, self.computer, self.agent,
                                                       self.names())) if g.is_over else None,
                         moves=len(g.actions), rules=RULES_HTML)
        self.confirm.render()
        self.header.show(self._status(acting), _PRACTICE_MARK if self.practice else "")
        self._render_banner()
        self.game_log.show(g.events, lambda e: redact_text(e.text_for(self.seating.viewer),
                                                            self.hidden()),
                           reveal=self._held_at_end())
        empty = (not self.bar.visible_kinds() and not self.message.value
                 and not self.selection_info.value and self.confirm.pending is None)
        set_class(self.dock, "wpp-empty", empty)
        set_class(self.root, "wpp-live", self.in_progress())
        set_class(self.root, "wpp-practice", self.practice)

    def _status(self, acting: int | None) -> str:
        g = self.game
        outcome = None
        if g.is_over:
            o = outcome_of(g.state)
            outcome = (g.state.winner, o.cause if o else "")
        return status_html(g.view(acting if acting is not None else self.seating.bottom),
                           seating=self.seating, acting=acting,
                           seed=g.seed if g.is_over and g.deck is None else None,
                           outcome=outcome)

    def _render_banner(self) -> None:
        g = self.game
        if not g.is_over:
            self.end.hide()
            return
        self.score.record(key=id(g), winner=g.state.winner, computer=self.computer,
                          practice=self.practice)
        o = outcome_of(g.state)
        self.end.show(result_head(g.state.winner, self.computer), o.cause if o else "",
                      self.score.text())

    def _held_at_end(self) -> str:
        g = self.game
        if not g.is_over:
            return ""
        return "".join(
            f"<div>{escape(self.names()[p])} held: {cards_html(g.state.hands[p], 26)}</div>"
            for p in (0, 1) if g.state.hands[p])
