"""The app: a game of WarPairsPoker against the classic AI (or between two people at one
screen), built from the views of this package and driven by clicks.

This module is layout and wiring only. The game and who plays which seat live in the
session controller (:class:`wpp.core.session.Session`); what the page *says* — status, the
selection judged, the curtain, the computer's public reasons, the score — comes from
:mod:`wpp.presenter`, widget-free and tested with plain calls.

Where the truth lives
---------------------
The game lives in the kernel. While it runs, the page receives only what is computable from
the viewer's own view and the public history: their hand, public cards and counts, face-down
backs for everything else, and for "Why?" the computer's move in public terms
(:func:`wpp.presenter.public_reasons`). The computer's full reasoning opens when the game is
over (Review) or in open-hands practice, which the page marks. A seed is the whole deck order,
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

import asyncio
import os
import secrets
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from widgets.action_bar import ACTION_OF, ActionBar
from widgets.explain_view import ExplanationView
from widgets.faces import cards_html
from widgets.hand import HandView
from widgets.hotkeys import KeyPad, hotkeys_html
from widgets.options import COMPUTER_CHOICES, OptionsMenu
from widgets.pile import PileView
from widgets.redact import hidden_cards, redact_text
from widgets.rules_ref import RULES_HTML
from widgets.table import TableView
from widgets.theme import STYLE_HTML
from wpp.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile
from wpp.agents import Agent, make_agent
from wpp.cards import Card
from wpp.core.history import parse_save
from wpp.core.registry import registered_agents
from wpp.core.session import Session
from wpp.errors import WppError
from wpp.explain import Explanation
from wpp.game import Game
from wpp.presenter import (
    Score,
    Seating,
    full_reasons,
    hint_message,
    parse_seed,
    player_names,
    result_head,
    selection_text,
    status_html,
    why_items,
)
from wpp.protocol import outcome_of
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import MULLIGAN_SIZE, Phase, View, player_name

__all__ = ["App"]

_MAX_SEED = 2**63 - 1
_LOG_LINES = 14


class App:
    """The whole board. Display it (``app`` as a cell's last line) or place ``app.root``.

    ``computer`` is the seat the computer plays (0 or 1; ``None``: two people share the
    screen). ``agent`` names the computer's agent (the classic AI). ``ai_delay`` seconds pass
    before each computer action when an event loop runs (in a notebook or Voilà), so a person
    sees their own play land first; without a running loop the computer moves at once.
    """

    def __init__(self, seed: int | None = None, *, computer: int | None = 1,
                 agent: str = "classic", ai_delay: float = 0.0, rules: Rules = DEFAULT_RULES,
                 auto_mulligan: bool = False, alternate: bool = False,
                 practice: bool = False) -> None:
        if computer not in (0, 1, None):
            raise ValueError(f"computer is 0, 1 or None, not {computer!r}")
        self.rules = rules
        self.ai_delay = max(0.0, float(ai_delay))
        self.agent_note = ""
        self.agent = self._make_agent(agent)
        self._hint_agents: dict[str, Agent] = {}
        # The game and who plays which seat: the widget-free session controller.
        self.session = Session(Game(0, rules), {} if computer is None else {computer: self.agent})
        self.seating = Seating(computer=computer, alternate=bool(alternate),
                               practice=bool(practice))
        self.score = Score()
        self.selected: set[Card] = set()
        self._touched: Card | None = None
        self._panel: str = ""              # "", "why", "hint", "rules" or "review"
        self._hint: tuple[int, int, Explanation, str] | None = None
        self._review = 0                   # the move the review shows
        self._message = ""
        self._message_is_info = False
        self._person_moves = 0             # bumps at each person's move, undo, redo, deal
        self._message_at: tuple[int, ...] = ()   # the moment the message belongs to
        self._generation = 0               # bumps cancel computer moves already scheduled
        self._concede_armed = False
        self._pending: Callable[[], None] | None = None   # what "Yes" of the confirm bar does

        self._build_widgets()
        self.menu.auto_mulligan.value = bool(auto_mulligan)
        self.menu.alternate.value = bool(alternate)
        self.menu.practice.value = bool(practice)
        self.menu.computer.value = -1 if computer is None else computer
        self._wire()
        self.game = Game(self._fresh_seed() if seed is None else self._check_seed(seed), rules)
        self._start()

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
        self.style = w.HTML(STYLE_HTML)
        self.status = w.HTML("")
        self.status.add_class("wpp-status")
        self.mode_mark = w.HTML("")
        self.mode_mark.add_class("wpp-mode-mark")
        brand = w.HTML('<span class="wpp-brand">WarPairsPoker</span>')
        header = w.HBox([brand, self.mode_mark, self.status])
        header.add_class("wpp-header")

        self.menu = OptionsMenu(hint_agents=registered_agents("warpairs"))
        self.top = HandView("P2")
        self.bottom = HandView("P1")
        self.table = TableView()
        self.pile = PileView()
        self.bar = ActionBar()
        self.keypad = KeyPad()
        self.selection_info = w.HTML("")
        self.selection_info.add_class("wpp-selinfo")
        self.message = w.HTML("")
        self.message.add_class("wpp-msg")
        self.confirm_text = w.HTML("")
        self.confirm_yes = w.Button(description="Yes")
        self.confirm_yes.add_class("wpp-confirm-yes")
        self.confirm_no = w.Button(description="Cancel")
        self.confirm_no.add_class("wpp-confirm-no")
        self.confirm_box = w.HBox([self.confirm_text, self.confirm_yes, self.confirm_no],
                                  layout=w.Layout(display="none"))
        self.confirm_box.add_class("wpp-confirm")
        self.banner_text = w.HTML("")
        self.banner_new = w.Button(description="New game")
        self.banner_new.add_class("wpp-banner-new")
        self.banner_replay = w.Button(description="Replay")
        self.banner_replay.add_class("wpp-banner-replay")
        self.banner_review = w.Button(description="Review")
        self.banner_review.add_class("wpp-banner-review")
        self.banner = w.HBox([self.banner_text, self.banner_new, self.banner_replay,
                              self.banner_review], layout=w.Layout(display="none"))
        self.banner.add_class("wpp-banner")
        self.reveal_button = w.Button(description="Show my hand", layout=w.Layout(display="none"))
        self.reveal_button.add_class("wpp-reveal")
        self.why_button = w.Button(description="Why? (computer's last move)",
                                   tooltip="how the computer chose its last move (Shift+W)")
        self.why_button.add_class("wpp-side-button")
        self.why_button.add_class("wpp-why")
        self.hint_button = w.Button(description="Hint",
                                    tooltip="what the chosen AI would do in your place (Shift+H)")
        self.hint_button.add_class("wpp-side-button")
        self.hint_button.add_class("wpp-hint")
        self.review_prev = w.Button(description="◀ Previous move")
        self.review_prev.add_class("wpp-review-prev")
        self.review_next = w.Button(description="Next move ▶")
        self.review_next.add_class("wpp-review-next")
        self.review_nav = w.HBox([self.review_prev, self.review_next],
                                 layout=w.Layout(display="none"))
        self.panel = ExplanationView()
        self.log = w.HTML("")
        self.log.add_class("wpp-log")

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
        self.root = w.VBox([self.style, header, body, self.keypad.box])
        self.root.add_class("wpp-app")

    def _wire(self) -> None:
        for hand in (self.top, self.bottom):
            hand.on_toggle(self._toggle)
        self.pile.on_take(lambda c: self._human_apply(TakeFromPile(c)))
        self.bar.on_action(self._on_action)
        self.keypad.on_key(self._on_key)
        self.reveal_button.on_click(lambda _b: self._reveal())
        self.why_button.on_click(lambda _b: self.show_why())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.confirm_yes.on_click(lambda _b: self._confirmed(True))
        self.confirm_no.on_click(lambda _b: self._confirmed(False))
        self.banner_new.on_click(lambda _b: self.new_game())
        self.banner_replay.on_click(lambda _b: self.replay())
        self.banner_review.on_click(lambda _b: self.show_review())
        self.review_prev.on_click(lambda _b: self._review_step(-1))
        self.review_next.on_click(lambda _b: self._review_step(1))
        m = self.menu
        m.new_game.on_click(lambda _b: self._ask_new_game())
        m.replay.on_click(lambda _b: self._ask(self.replay, "Start this deal again?"))
        m.undo.on_click(lambda _b: self.undo())
        m.redo.on_click(lambda _b: self.redo())
        m.rules.on_click(lambda _b: self._toggle_panel("rules"))
        m.concede.on_click(lambda _b: self._on_action("concede"))
        m.computer.observe(self._on_computer, names="value")
        m.auto_mulligan.observe(self._on_auto_mulligan, names="value")
        m.practice.observe(self._on_practice, names="value")
        m.on_file(self._on_file)
        m.hint_agent.observe(lambda _c: self._forget_hint(), names="value")
        for box in (m.alternate, m.show_trick, m.show_last):
            box.observe(lambda _c: self._option_changed(), names="value")

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
        return self.bottom if seat == self.seating.bottom else self.top

    def names(self) -> tuple[str, str]:
        """How the board names P1 and P2."""
        return player_names(self.computer)

    def _two_people(self) -> bool:
        return self.computer is None

    def _curtain(self) -> bool:
        g = self.game
        return self.seating.curtain(to_act=g.to_act, over=g.is_over)

    def face_up(self, seat: int) -> bool:
        """Is ``seat``'s hand shown face up now?"""
        g = self.game
        return self.seating.face_up(seat, to_act=g.to_act, over=g.is_over)

    def _acting_human(self) -> int | None:
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
    def _fresh_seed(self) -> int:
        return secrets.randbelow(10**9)

    @staticmethod
    def _check_seed(seed: object) -> int:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MAX_SEED:
            raise ValueError(f"the seed is a whole number from 0 to {_MAX_SEED}")
        return seed

    def _in_progress(self) -> bool:
        """A game a person has played into and not finished (leaving it needs a yes)."""
        g = self.game
        return not g.is_over and len(g.actions) > 0

    def _start(self) -> None:
        """Reset everything per game, keep the settings, let the computer begin if it must."""
        self._generation += 1
        self.seating.practice = bool(self.menu.practice.value)
        self._pending = None
        self._reset_turn()
        self._set_message(self.agent_note, info=True)
        self.refresh()
        self._advance()

    def _ask(self, action: Callable[[], None], question: str) -> None:
        """Do ``action`` at once when no game is in progress, else after a yes."""
        if not self._in_progress():
            action()
            return
        self._pending = action
        self.confirm_text.value = f"<b>{escape(question)}</b> The game in progress ends."
        self.refresh()

    def _confirmed(self, yes: bool) -> None:
        action, self._pending = self._pending, None
        if yes and action is not None:
            action()
        else:
            self.menu.computer.value = -1 if self.computer is None else self.computer
            self.refresh()

    def _ask_new_game(self) -> None:
        self._ask(self.new_game, "Deal a new game?")

    def new_game(self, seed: int | None = None) -> None:
        """A new deal: ``seed``, else the seed typed in the menu, else a random one."""
        if seed is None:
            try:
                typed = parse_seed(str(self.menu.seed.value), _MAX_SEED)
            except ValueError as err:
                self._refuse(str(err))
                return
            seed = self._fresh_seed() if typed is None else typed
        else:
            seed = self._check_seed(seed)
        self.game = Game(seed, self.rules)
        self._start()

    def replay(self) -> None:
        """The same deal again from the start (the original's "Replay game")."""
        self.game = self.game.replay()
        self._start()

    def open_saved(self, text: str | bytes) -> None:
        """Open a saved game (a save file's text): the game goes on from where it was saved,
        against the computer in its seat (a file that is not a WarPairsPoker save is refused
        with the kit's reason, and nothing changes)."""
        try:
            doc = parse_save(text)
            if doc.get("game") != "warpairs":
                raise WppError(f"this is a save file of {str(doc.get('game'))[:20]!r}, "
                               "not of WarPairsPoker")
            game = Game.from_json(text)
        except WppError as err:
            self._refuse(f"cannot open this file: {err}")
            return
        self.game = game
        self._start()
        self._set_message("Opened a saved game.", info=True)
        self.refresh()

    def _on_file(self, text: str | None) -> None:
        if text is None:
            self._refuse("this file is too large to be a save file")
            return
        self._ask(lambda: self.open_saved(text), "Open the saved game?")

    # ------------------------------------------------------------------ selection
    def _toggle(self, card: Card) -> None:
        """A card of a hand was clicked: select or unselect it, if it is the acting
        person's card (the page may click anything; the kernel decides)."""
        seat = self._acting_human()
        if seat is None or card not in self.game.view(seat).hand:
            return
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self._touched = card
        self._concede_armed = False
        button = self.hand_view(seat).button_for(card)
        if button is not None:
            button.set_selected(card in self.selected)  # the raised card first: it is the
        self._show_selection()                           # feedback a click waits for
        self._selection_changed()

    def _selection_changed(self) -> None:
        """A refusal was about the old selection: a new one makes it stale."""
        if self._message and not self._message_is_info:
            self._message = ""
            self._render_message()

    def _move_selection(self, step: int) -> None:
        """The arrow keys: move the selected card one place left or right in the hand."""
        seat = self._acting_human()
        if seat is None:
            return
        hand = sorted(self.game.view(seat).hand)
        if not hand:
            return
        current = self._touched if self._touched in self.selected else (
            max(self.selected) if self.selected else None)
        if current is None:
            target = hand[0] if step > 0 else hand[-1]
        else:
            i = hand.index(current) + step
            while 0 <= i < len(hand) and hand[i] in self.selected:
                i += step
            if not 0 <= i < len(hand):
                return
            target = hand[i]
            self.selected.discard(current)
        self.selected.add(target)
        self._touched = target
        self._selection_changed()
        self.refresh()

    def _show_selection(self) -> None:
        seat = self._acting_human()
        text = ""
        if seat is not None:
            text = escape(selection_text(self.game.view(seat), self.selected, self.rules))
        if self.selection_info.value != text:
            self.selection_info.value = text

    # ------------------------------------------------------------------ actions
    def _on_action(self, kind: str) -> None:
        """An action button was clicked (it may have been hidden: the engine decides)."""
        if kind == "concede":
            self._concede()
            return
        self._concede_armed = False
        make = ACTION_OF.get(kind)
        if make is None:
            self._refuse(f"unknown action {kind[:20]!r}")
            return
        action: Action
        if make in (Mulligan, PlayCards):
            if self.game.phase is Phase.MULLIGAN or kind == "mulligan":
                if (not self.selected and self.menu.auto_mulligan.value
                        and self._acting_human() is not None):
                    self._auto_mulligan(self.game.to_act)
                    return
                action = Mulligan(sorted(self.selected))
            else:
                action = PlayCards(sorted(self.selected))
        else:
            action = make()
        self._human_apply(action)

    def _concede(self) -> None:
        if self._acting_human() is None:
            self._refuse("only the player to act may concede, on their turn (R19)")
            return
        if not self._concede_armed:
            self._concede_armed = True
            self._set_message("Concede this game? Click Concede again to confirm.", info=True)
            self.refresh()
            return
        self._concede_armed = False
        self._human_apply(Concede())

    def _on_key(self, name: str) -> None:
        if name == "enter":
            self._on_action("mulligan" if self.game.phase is Phase.MULLIGAN else "play")
        elif name in ("left", "right"):
            self._move_selection(-1 if name == "left" else 1)
        elif name == "clear":
            self.selected.clear()
            self._selection_changed()
            self.refresh()
        elif name == "draw":
            self._on_action("draw")
        elif name == "hint":
            self.show_hint()
        elif name == "why":
            self.show_why()
        elif name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()

    def _human_apply(self, action: Action) -> None:
        """Apply a person's action through the engine, or show why it is refused."""
        g = self.game
        if not g.is_over and g.to_act != self.computer and not self.face_up(g.to_act):
            self._refuse(f"{player_name(g.to_act)}: uncover your hand first (Show my hand)")
            return
        try:
            self.session.human_apply(action)
        except WppError as err:
            self._refuse(str(err))
            return
        self._after_apply()
        self._set_message("")
        self.refresh()
        self._advance()

    def _after_apply(self, person: bool = True) -> None:
        """Forget what a new move makes stale: the selection, the hint, a pending question
        (the session forgets the explanations of the line of play it replaces)."""
        self._person_moves += person
        self.selected.clear()
        self._touched = None
        self._forget_hint()
        self._concede_armed = False
        if self.seating.revealed is not None and self.seating.revealed != self.game.to_act:
            self.seating.revealed = None

    def _forget_hint(self) -> None:
        self._hint = None
        if self._panel == "hint":
            self._panel = ""

    def _auto_mulligan(self, seat: int) -> None:
        try:
            decision = self.session.decide_for(seat, self.agent_for_hints())
            self.session.apply_decision(seat, decision)
        except Exception as err:  # an agent bug must not break the board
            self._refuse(f"the auto-mulligan failed ({type(err).__name__}): choose 3 cards")
            return
        self._after_apply()
        if not self._two_people():
            self._hint = (len(self.game.actions), seat, decision.explanation,
                          self._hint_agent_name())
            self._panel = "hint"
        self._set_message(f"Auto-mulligan: {decision.action}.", info=True)
        self.refresh()
        self._advance()

    def _hint_agent_name(self) -> str:
        name = str(self.menu.hint_agent.value)
        return name if name in registered_agents("warpairs") else "classic"

    def agent_for_hints(self) -> Agent:
        """The agent behind hints and auto-mulligans: the one chosen beside Hint (any
        registered AI of the game; the computer's own by default)."""
        name = self._hint_agent_name()
        if name not in self._hint_agents:
            try:
                self._hint_agents[name] = make_agent(name, seed=0)
            except ImportError:
                self._hint_agents[name] = self.agent
        return self._hint_agents[name]

    # ------------------------------------------------------------------ the computer
    def _advance(self) -> None:
        """Let the computer act while it is its turn, and make auto-mulligans."""
        g = self.game
        if g.is_over:
            return
        seat = g.to_act
        if seat == self.computer:
            self._schedule(self._computer_step, self._generation)
        elif (g.phase is Phase.MULLIGAN and self.menu.auto_mulligan.value
              and self.face_up(seat) and not self._two_people()):
            self._auto_mulligan(seat)

    def _schedule(self, fn: Callable[[int], None], generation: int) -> None:
        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if self.ai_delay <= 0 or loop is None:
            fn(generation)
        else:
            loop.call_later(self.ai_delay, fn, generation)

    def _computer_step(self, generation: int) -> None:
        """One computer action (then, if it is still its turn, schedule the next)."""
        if generation != self._generation or not self.session.computer_to_act:
            return
        try:
            self.session.computer_step()
        except Exception as err:  # an agent bug must not break the board (nor leak cards)
            self._refuse("the computer could not move: "
                         + redact_text(f"{type(err).__name__}: {err}", self.hidden()))
            self.refresh()
            return
        self._after_apply(person=False)
        if self._panel == "why":
            self._panel = ""
        self.refresh()
        self._advance()

    # ------------------------------------------------------------------ history
    def undo(self) -> None:
        """Take back the last move of a person (and the computer's answers after it)."""
        try:
            self.session.undo()
        except WppError as err:
            self._refuse(str(err))
            return
        self._generation += 1  # cancel a computer move that was about to come
        self._reset_turn()
        self._set_message("Undone.", info=True)
        self.refresh()

    def redo(self) -> None:
        """Play again the moves taken back, up to the next decision of a person."""
        try:
            self.session.redo()
        except WppError as err:
            self._refuse(str(err))
            return
        self._generation += 1
        self._reset_turn()
        self._set_message("Redone.", info=True)
        self.refresh()
        self._advance()

    def _reset_turn(self) -> None:
        self._person_moves += 1
        self.selected.clear()
        self._touched = None
        self._hint = None
        self._concede_armed = False
        self.seating.revealed = None
        if self._panel in ("hint", "why", "review"):
            self._panel = ""

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
            self._refuse("the review opens when the game is over (or play in practice mode)")
            return
        self._review = 0
        self._panel = "review"
        self.refresh()

    def _review_step(self, step: int) -> None:
        if self._panel != "review":
            return
        n = len(self.game.actions)
        self._review = max(0, min(n - 1, self._review + step))
        self.refresh()

    def show_hint(self) -> None:
        """Ask the chosen AI what it would do in the acting person's place (from their own
        view); show its reasons and select the cards it would play."""
        if self._panel == "hint":
            self._toggle_panel("hint")
            return
        seat = self._acting_human()
        if seat is None:
            self._refuse("a hint is for the player to act, on their turn")
            return
        try:
            decision = self.session.decide_for(seat, self.agent_for_hints())
        except Exception as err:  # an agent bug must not break the board
            self._refuse(f"the hint failed ({type(err).__name__})")
            return
        self._hint = (len(self.game.actions), seat, decision.explanation,
                      self._hint_agent_name())
        self._panel = "hint"
        action = decision.action
        if isinstance(action, PlayCards | Mulligan):
            self.selected = set(action.cards)
        self._set_message(hint_message(action), info=True)
        self.refresh()

    def _toggle_panel(self, name: str) -> None:
        self._panel = "" if self._panel == name else name
        self.refresh()

    def _render_panel(self) -> None:
        g = self.game
        nav = "none"
        if self._panel == "rules":
            self.panel.set_html(RULES_HTML)
        elif self._panel == "why":
            live = self.seating.viewer is not None and not g.is_over
            note = ("During a game the computer's move is explained in public terms; its full "
                    "reasoning opens in the Review when the game is over, or in practice mode."
                    if live else "")
            items = why_items(g, self.computer, self.seating.viewer, self.agent)
            self.panel.show("Why the computer did that", items, self.hidden(),
                            note=note,
                            empty="The computer has not moved yet." if self.computer is not None
                            else "Nobody plays by computer in this game.")
        elif self._panel == "hint" and self._hint is not None:
            _, seat, expl, name = self._hint
            self.panel.show(f"Hint for {player_name(seat)} — the {name} AI's reasoning",
                            [("", expl)])
        elif self._panel == "review" and g.is_over and g.actions:
            nav = "flex"
            k = min(self._review, len(g.actions) - 1)
            e = g.events[k]
            head = f"Review — move {k + 1} of {len(g.actions)}: {e.public}"
            if e.player == self.computer:
                self.panel.show(head, [("", full_reasons(g, k, self.agent))])
            else:
                self.panel.show(head, [], empty=f"{self.names()[e.player]}: {e.public}")
            self.review_prev.disabled = k == 0
            self.review_next.disabled = k == len(g.actions) - 1
        else:
            self.panel.clear()
        if self.review_nav.layout.display != nav:
            self.review_nav.layout.display = nav

    # ------------------------------------------------------------------ options
    def _on_computer(self, change: dict[str, Any]) -> None:
        value = change["new"]
        allowed = {v for _, v in COMPUTER_CHOICES}
        if value not in allowed:  # cannot happen through the dropdown; refuse anything else
            self.menu.computer.value = -1 if self.computer is None else self.computer
            return
        seat = None if value == -1 else int(value)
        if seat == self.computer:
            return
        if self._in_progress() and not self.practice and self.computer is not None:
            self._pending = lambda: self._change_seats(seat, practice=True)
            self.confirm_text.value = ("<b>Change seats in the middle of a game?</b> Every hand "
                                       "turns face up and this game becomes practice.")
            self.refresh()
            return
        self._change_seats(seat, practice=self.practice)

    def _change_seats(self, seat: int | None, *, practice: bool) -> None:
        self.computer = seat
        if self.menu.computer.value != (-1 if seat is None else seat):
            self.menu.computer.value = -1 if seat is None else seat
        if practice and not self.practice:
            self.seating.practice = True
        self._generation += 1
        self._reset_turn()
        self.refresh()
        self._advance()

    def _on_practice(self, change: dict[str, Any]) -> None:
        if change["new"] and not self.practice:
            if self._in_progress():
                self._pending = self._start_practice
                self.confirm_text.value = ("<b>Turn this game into practice?</b> Every hand "
                                           "turns face up.")
                self.refresh()
                return
            self._start_practice()
        elif not change["new"]:
            if self.practice and not self.game.is_over and self.game.actions:
                self._set_message("Practice stays on for this game; the next game is a real "
                                  "one.", info=True)
            elif self.practice:
                self.seating.practice = False
            self.refresh()

    def _start_practice(self) -> None:
        self.seating.practice = True
        if not self.menu.practice.value:
            self.menu.practice.value = True
        self.refresh()

    def _on_auto_mulligan(self, change: dict[str, Any]) -> None:
        self.refresh()
        if change["new"]:
            self._advance()

    def _option_changed(self) -> None:
        self.seating.alternate = bool(self.menu.alternate.value)
        self.seating.revealed = None
        self.refresh()

    def _reveal(self) -> None:
        if self._curtain():
            self.seating.revealed = self.game.to_act
            self.selected.clear()
        self.refresh()

    # ------------------------------------------------------------------ messages
    def _set_message(self, text: str, *, info: bool = False) -> None:
        self._message = text
        self._message_is_info = info
        self._message_at = self._epoch()

    def _epoch(self) -> tuple[int, ...]:
        """When a message stops applying: a refusal at any move, a note (e.g. what the
        auto-mulligan chose) at the next move of a person."""
        if self._message_is_info:
            return (self._person_moves,)
        return (self._person_moves, len(self.game.actions))

    def _refuse(self, reason: str) -> None:
        """Show a refusal next to the hand (the engine's reason, in words)."""
        self._set_message(f"Refused: {reason}")
        self._render_message()

    def _render_message(self) -> None:
        # A message belongs to the position it was said in: any move clears it.
        stale = self._message_at != self._epoch()
        text = "" if stale else escape(self._message)
        if text and self._message_is_info:
            text = f'<span class="wpp-info">{text}</span>'
        if self.message.value != text:
            self.message.value = text

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Bring every view in line with the game (only changed values reach the page).

        During a live game against the computer everything drawn comes from the person's own
        view and the public history (see the module docs)."""
        g = self.game
        names = self.names()
        bottom = self.seating.bottom
        top = 1 - bottom
        acting = self._acting_human()
        public = g.view(bottom)  # the bottom seat's view: public facts and its own hand
        last = g.events[-1] if g.events else None
        fresh = last is not None and last.player == self.computer
        self.table.show(public, names=names, bottom=bottom,
                        show_trick=self.menu.show_trick.value,
                        show_last=self.menu.show_last.value, fresh=fresh)
        for seat, hand in ((bottom, self.bottom), (top, self.top)):
            if self.face_up(seat):
                view = g.view(seat)
                size = len(view.hand)
                hand.show(view.hand, selected=self.selected if seat == acting else (),
                          clickable=seat == acting,
                          cursor=self._touched if seat == acting else None,
                          new=view.drawn if seat == acting else ())
            else:
                size = public.opponent_hand_size if seat != bottom else len(public.hand)
                hand.show_backs(size)
            hand.set_active(seat == acting)
            tag = " — to act" if seat == g.to_act and not g.is_over else ""
            hand.set_title(f"{escape(names[seat])}: {size} card{'s' if size != 1 else ''}"
                           f"{tag}")
        legal: list[Action] = []
        if acting is not None:
            legal = _legal_for_bar(g.view(acting))
        can_take = any(isinstance(a, TakeFromPile) for a in legal)
        self.pile.show(public.pile, clickable=can_take)
        note = "or take a card from the pile →" if can_take else ""
        self.bar.show(legal, g.phase, enabled=acting is not None, note=note)
        self.bar.set_label("concede", "Really concede?" if self._concede_armed else "Concede")
        self.menu.undo.disabled = not g.can_undo
        self.menu.redo.disabled = not g.can_redo
        curtain = self._curtain()
        self.reveal_button.description = f"{player_name(g.to_act)}: show my hand"
        self.reveal_button.layout.display = None if curtain else "none"
        self.why_button.layout.display = "none" if self._two_people() else None
        self._show_selection()
        self._render_message()
        self._render_panel()
        self._render_confirm()
        self._render_status(acting)
        self._render_banner()
        self._render_log()
        self._render_marks()
        empty = (not self.bar.visible_kinds() and not self.message.value
                 and not self.selection_info.value and self._pending is None)
        if empty != ("wpp-empty" in self.dock._dom_classes):
            if empty:
                self.dock.add_class("wpp-empty")
            else:
                self.dock.remove_class("wpp-empty")

    def _render_confirm(self) -> None:
        display = None if self._pending is not None else "none"
        if self.confirm_box.layout.display != display:
            self.confirm_box.layout.display = display

    def _render_status(self, acting: int | None) -> None:
        g = self.game
        outcome = None
        if g.is_over:
            o = outcome_of(g.state)
            outcome = (g.state.winner, o.cause if o else "")
        text = status_html(g.view(acting if acting is not None else self.seating.bottom),
                           seating=self.seating, acting=acting,
                           seed=g.seed if g.is_over and g.deck is None else None,
                           outcome=outcome)
        if self.status.value != text:
            self.status.value = text

    def _render_banner(self) -> None:
        g = self.game
        if g.is_over:
            self.score.record(key=id(g), winner=g.state.winner, computer=self.computer,
                              practice=self.practice)
            o = outcome_of(g.state)
            head = result_head(g.state.winner, self.computer)
            text = (f'<div class="wpp-banner-head">{escape(head)}</div>'
                    f'<div>{escape(o.cause if o else "")}</div>'
                    f'<div class="wpp-score">{escape(self.score.text())}</div>')
        else:
            text = ""
        if self.banner_text.value != text:
            self.banner_text.value = text
        display = "flex" if g.is_over else "none"
        if self.banner.layout.display != display:
            self.banner.layout.display = display

    def _render_marks(self) -> None:
        mark = ('<span class="wpp-practice-mark">PRACTICE — open hands: the computer\'s cards '
                "and reasoning are shown</span>" if self.practice else "")
        if self.mode_mark.value != mark:
            self.mode_mark.value = mark
        live = self._in_progress()
        classes = set(self.root._dom_classes)
        for cls, on in (("wpp-live", live), ("wpp-practice", self.practice)):
            if on and cls not in classes:
                self.root.add_class(cls)
            elif not on and cls in classes:
                self.root.remove_class(cls)

    def _render_log(self) -> None:
        viewer = self.seating.viewer
        g = self.game
        hidden = self.hidden()
        events = g.events[-_LOG_LINES:]
        start = len(g.events) - len(events)
        items = "".join(
            f"<li value={start + i + 1}>"
            f"{escape(redact_text(e.text_for(viewer), hidden))}</li>"
            for i, e in enumerate(events))
        reveal = ""
        if g.is_over:
            reveal = "".join(
                f"<div>{escape(self.names()[p])} held: {cards_html(g.state.hands[p], 26)}</div>"
                for p in (0, 1) if g.state.hands[p])
        value = (f'<div class="wpp-panel-title">Game log</div><ol>{items}</ol>{reveal}'
                 if items or reveal else "")
        if self.log.value != value:
            self.log.value = value


def _legal_for_bar(view: View) -> list[Action]:
    """The actions the bar offers (the mulligan's 560 choices collapse to one button)."""
    if view.phase is Phase.MULLIGAN:
        return [Mulligan(view.hand[:MULLIGAN_SIZE]), Concede()]
    return view.legal_actions()
