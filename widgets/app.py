"""The app: a game of WarPairsPoker against the classic AI (or between two people at one
screen), built from the views of this package and driven by clicks.

Where the truth lives
---------------------
The :class:`~wpp.game.Game` lives in the kernel. The page receives only what the person in
front of it may see: their own hand, public cards and counts, face-down backs for everything
else, and explanations with the hidden cards blanked (:mod:`widgets.redact`). Every click or
value the page sends is treated as a *request*: the app maps it to an engine action and the
engine judges it; a refusal is shown, with the engine's reason, next to the hand.

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
from wpp.cards import Card, format_cards
from wpp.core.session import Session
from wpp.errors import WppError
from wpp.explain import Explanation
from wpp.game import Game
from wpp.judge import judge
from wpp.lookup import classify
from wpp.plays import IllegalPlay
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
                 auto_mulligan: bool = False, alternate: bool = False) -> None:
        if computer not in (0, 1, None):
            raise ValueError(f"computer is 0, 1 or None, not {computer!r}")
        self.rules = rules
        self.ai_delay = max(0.0, float(ai_delay))
        self.agent_note = ""
        self.agent = self._make_agent(agent)
        # The game and who plays which seat: the widget-free session controller.
        self.session = Session(Game(0, rules), {} if computer is None else {computer: self.agent})
        self.selected: set[Card] = set()
        self._touched: Card | None = None
        self._panel: str = ""              # "", "why", "hint" or "rules"
        self._hint: tuple[int, int, Explanation] | None = None   # (actions, seat, explanation)
        self._message = ""
        self._message_is_info = False
        self._revealed: int | None = None  # alternate reveal: the seat that lifted the curtain
        self._generation = 0               # bumps cancel computer moves already scheduled
        self._concede_armed = False
        self._seed_typed = False

        self._build_widgets()
        self.menu.auto_mulligan.value = bool(auto_mulligan)
        self.menu.alternate.value = bool(alternate)
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
        return next(iter(self.session.computer_seats), None)

    @computer.setter
    def computer(self, seat: int | None) -> None:
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
        brand = w.HTML('<span class="wpp-brand">WarPairsPoker</span>')
        header = w.HBox([brand, self.status])
        header.add_class("wpp-header")

        self.menu = OptionsMenu()
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
        self.reveal_button = w.Button(description="Show my hand", layout=w.Layout(display="none"))
        self.reveal_button.add_class("wpp-reveal")
        self.why_button = w.Button(description="Why? (computer's last move)",
                                   tooltip="how the computer chose its last move (Shift+W)")
        self.why_button.add_class("wpp-side-button")
        self.why_button.add_class("wpp-why")
        self.hint_button = w.Button(description="Hint",
                                    tooltip="what the classic AI would do in your place (Shift+H)")
        self.hint_button.add_class("wpp-side-button")
        self.hint_button.add_class("wpp-hint")
        self.panel = ExplanationView()
        self.log = w.HTML("")
        self.log.add_class("wpp-log")

        center = w.VBox([self.top.box, self.table.html, self.bottom.box, self.selection_info,
                         self.message, self.bar.box, self.reveal_button])
        center.add_class("wpp-center")
        side = w.VBox([self.pile.box, w.HBox([self.why_button, self.hint_button]),
                       self.panel.html, self.log])
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
        m = self.menu
        m.new_game.on_click(lambda _b: self.new_game())
        m.replay.on_click(lambda _b: self.replay())
        m.undo.on_click(lambda _b: self.undo())
        m.redo.on_click(lambda _b: self.redo())
        m.rules.on_click(lambda _b: self._toggle_panel("rules"))
        m.concede.on_click(lambda _b: self._on_action("concede"))
        m.computer.observe(self._on_computer, names="value")
        m.auto_mulligan.observe(self._on_auto_mulligan, names="value")
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

    def _bottom_seat(self) -> int:
        seat = self.human_seat()
        return 0 if seat is None else seat

    def hand_view(self, seat: int) -> HandView:
        """The view that shows ``seat``'s hand (the bottom one is the person's)."""
        return self.bottom if seat == self._bottom_seat() else self.top

    def names(self) -> tuple[str, str]:
        """How the board names P1 and P2."""
        if self.computer is None:
            return ("P1", "P2")
        out = ["", ""]
        out[self.computer] = f"Computer ({player_name(self.computer)})"
        out[1 - self.computer] = f"You ({player_name(1 - self.computer)})"
        return (out[0], out[1])

    def _two_people(self) -> bool:
        return self.computer is None

    def _curtain(self) -> bool:
        """Two people, alternate reveal, and the player to act has not uncovered their hand."""
        return (self._two_people() and self.menu.alternate.value and not self.game.is_over
                and self._revealed != self.game.to_act)

    def face_up(self, seat: int) -> bool:
        """Is ``seat``'s hand shown face up now?"""
        g = self.game
        if g.is_over:
            return True
        if seat == self.computer:
            return False
        if self.menu.alternate.value:
            if seat != g.to_act:
                return False
            return not self._curtain()
        return True

    def _acting_human(self) -> int | None:
        """The seat to act if a person may act now (their hand uncovered), else ``None``."""
        g = self.game
        if g.is_over or g.to_act == self.computer or not self.face_up(g.to_act):
            return None
        return g.to_act

    def hidden(self) -> frozenset[Card]:
        """Cards the page must not name now (the computer's unseen cards and the deck)."""
        return hidden_cards(self.game, self.human_seat())

    # ------------------------------------------------------------------ game lifecycle
    def _fresh_seed(self) -> int:
        self._seed_typed = False
        return secrets.randbelow(10**9)

    @staticmethod
    def _check_seed(seed: object) -> int:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MAX_SEED:
            raise ValueError(f"the seed is a whole number from 0 to {_MAX_SEED}")
        return seed

    def _start(self) -> None:
        """Reset everything per game, keep the settings, let the computer begin if it must."""
        self._generation += 1
        self._reset_turn()
        self._set_message(self.agent_note, info=True)
        self.refresh()
        self._advance()

    def new_game(self, seed: int | None = None) -> None:
        """A new deal: ``seed``, else the seed typed in the menu, else a random one."""
        if seed is None:
            text = str(self.menu.seed.value).strip()
            if text:
                try:
                    seed = self._check_seed(int(text))
                except ValueError:
                    self._refuse(f"the seed must be a whole number from 0 to {_MAX_SEED}, "
                                 f"not {text[:40]!r}")
                    return
                self._seed_typed = True
            else:
                seed = self._fresh_seed()
        else:
            seed = self._check_seed(seed)
            self._seed_typed = True
        self.game = Game(seed, self.rules)
        self._start()

    def replay(self) -> None:
        """The same deal again from the start (the original's "Replay game")."""
        self.game = self.game.replay()
        self._start()

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
        self.refresh()

    def _show_selection(self) -> None:
        text = ""
        if self.selected:
            cards = sorted(self.selected)
            view = self.game.view(self.game.to_act)
            if view.phase is Phase.MULLIGAN:
                n = len(cards)
                text = (f"Selected {format_cards(cards)}: "
                        + ("ready for the mulligan." if n == MULLIGAN_SIZE else
                           f"the mulligan takes exactly {MULLIGAN_SIZE} cards ({n} selected)."))
            else:
                try:
                    play = classify(cards, self.rules)
                except IllegalPlay as err:
                    text = f"Selected {format_cards(cards)}: {err.reason}"
                else:
                    text = f"Selected: {play.describe()}"
                    if view.table is not None and view.phase is Phase.ANSWER:
                        verdict = judge(play, view.table)
                        text += (" — it beats the table." if verdict.legal
                                 else f" — does not beat the table: {verdict.reason}")
            text = escape(text)
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
        if g.is_over:
            self._refuse("the game is over: start a New game or Replay this deal")
            return
        seat = g.to_act
        if seat == self.computer:
            self._refuse("it is the computer's turn; wait for its move")
            return
        if not self.face_up(seat):
            self._refuse(f"{player_name(seat)}: uncover your hand first (Show my hand)")
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

    def _after_apply(self) -> None:
        """Forget what a new move makes stale: the selection and the hint (the session
        forgets the explanations of the line of play it replaces)."""
        self.selected.clear()
        self._touched = None
        self._hint = None
        if self._panel == "hint":
            self._panel = ""
        self._concede_armed = False
        if self._revealed is not None and self._revealed != self.game.to_act:
            self._revealed = None

    def _auto_mulligan(self, seat: int) -> None:
        try:
            decision = self.session.decide_for(seat, self.agent_for_hints())
            self.session.apply_decision(seat, decision)
        except Exception as err:  # an agent bug must not break the board
            self._refuse(f"the auto-mulligan failed ({type(err).__name__}): choose 3 cards")
            return
        self._after_apply()
        if not self._two_people():
            self._hint = (self.game.state.actions, seat, decision.explanation)
            self._panel = "hint"
        self._set_message(f"Auto-mulligan: {decision.action}.", info=True)
        self.refresh()
        self._advance()

    def agent_for_hints(self) -> Agent:
        """The agent behind hints and auto-mulligans (the computer's own AI)."""
        return self.agent

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
        self._after_apply()
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
        self.selected.clear()
        self._touched = None
        self._hint = None
        self._concede_armed = False
        self._revealed = None
        if self._panel in ("hint", "why"):
            self._panel = ""

    # ------------------------------------------------------------------ explanations
    def computer_decisions(self) -> list[tuple[int, Explanation]]:
        """The computer's last turn of decisions in the game as it stands, oldest first."""
        return [(k, e) for k, _, e in self.session.computer_decisions()]

    def show_why(self) -> None:
        """Toggle the panel that explains the computer's last decision."""
        self._toggle_panel("why")

    def show_hint(self) -> None:
        """Ask the classic AI what it would do in the acting person's place; show its reasons
        and select the cards it would play."""
        if self._panel == "hint":
            self._toggle_panel("hint")
            return
        seat = self._acting_human()
        if seat is None:
            self._refuse("a hint is for the player to act, on their turn")
            return
        decision = self.session.decide_for(seat, self.agent_for_hints())
        self._hint = (self.game.state.actions, seat, decision.explanation)
        self._panel = "hint"
        action = decision.action
        if isinstance(action, PlayCards | Mulligan):
            self.selected = set(action.cards)
            button = "Mulligan" if isinstance(action, Mulligan) else "Play"
            self._set_message(f"Hint: {action} — selected for you; press {button} (Enter).",
                              info=True)
        elif isinstance(action, TakeFromPile):
            self._set_message(f"Hint: {action} — click it in the pile.", info=True)
        else:
            self._set_message(f"Hint: {action}.", info=True)
        self.refresh()

    def _toggle_panel(self, name: str) -> None:
        self._panel = "" if self._panel == name else name
        self.refresh()

    def _render_panel(self) -> None:
        if self._panel == "rules":
            self.panel.set_html(RULES_HTML)
        elif self._panel == "why":
            hidden = self.hidden()
            items = [(f"Move {k + 1}: ", e) for k, e in self.computer_decisions()]
            note = ("Cards you have not seen are shown face down until the game ends."
                    if hidden and items else "")
            self.panel.show("Why the computer did that", items, hidden, note=note,
                            empty="The computer has not moved yet." if self.computer is not None
                            else "Nobody plays by computer in this game.")
        elif self._panel == "hint" and self._hint is not None:
            _, seat, expl = self._hint
            self.panel.show(f"Hint for {player_name(seat)} — the classic AI's reasoning",
                            [("", expl)])
        else:
            self.panel.clear()

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
        self.computer = seat
        self._generation += 1
        self._reset_turn()
        self.refresh()
        self._advance()

    def _on_auto_mulligan(self, change: dict[str, Any]) -> None:
        self.refresh()
        if change["new"]:
            self._advance()

    def _option_changed(self) -> None:
        self._revealed = None
        self.refresh()

    def _reveal(self) -> None:
        if self._curtain():
            self._revealed = self.game.to_act
            self.selected.clear()
        self.refresh()

    # ------------------------------------------------------------------ messages
    def _set_message(self, text: str, *, info: bool = False) -> None:
        self._message = text
        self._message_is_info = info

    def _refuse(self, reason: str) -> None:
        """Show a refusal next to the hand (the engine's reason, in words)."""
        self._set_message(f"Refused: {reason}")
        self._render_message()

    def _render_message(self) -> None:
        text = escape(self._message)
        if text and self._message_is_info:
            text = f'<span class="wpp-info">{text}</span>'
        if self.message.value != text:
            self.message.value = text

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Bring every view in line with the game (only changed values reach the page)."""
        g = self.game
        names = self.names()
        bottom = self._bottom_seat()
        top = 1 - bottom
        acting = self._acting_human()
        public = g.view(bottom)  # used for public facts only (table, pile, counts)
        # The table first: after a play it is what the player looks at.
        self.table.show(public, names=names, bottom=bottom,
                        show_trick=self.menu.show_trick.value,
                        show_last=self.menu.show_last.value)
        for seat, hand in ((bottom, self.bottom), (top, self.top)):
            size = len(g.state.hands[seat])
            if self.face_up(seat):
                hand.show(g.view(seat).hand, selected=self.selected if seat == acting else (),
                          clickable=seat == acting,
                          cursor=self._touched if seat == acting else None)
            else:
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
        self._render_status(acting, curtain, names)
        self._render_log()

    def _render_status(self, acting: int | None, curtain: bool, names: tuple[str, str]) -> None:
        g = self.game
        s = g.state
        if g.is_over:
            if s.winner is None:
                head = "Draw"
            elif s.winner == self.human_seat():
                head = "You win!"
            elif s.winner == self.computer:
                head = "The computer wins"
            else:
                head = f"{player_name(s.winner)} wins"
            cause = o.cause if (o := outcome_of(s)) else ""
            text = (f"<b>{head}</b> — {escape(cause)}. This deal's seed: "
                    f"{g.seed}. All cards are face up now. New game or Replay same deal?")
        elif curtain:
            text = (f"<b>{player_name(g.to_act)}'s turn</b> — hand the screen over; "
                    f"{player_name(g.to_act)} clicks “Show my hand”.")
        elif acting is None:
            text = f"<b>{escape(names[g.to_act])}</b> is thinking…"
        else:
            text = self._instructions(g.view(acting), names)
        if self.status.value != text:
            self.status.value = text

    def _instructions(self, view: View, names: tuple[str, str]) -> str:
        who = "Your" if self.computer is not None else f"{player_name(view.player)}:"
        if view.phase is Phase.MULLIGAN:
            return (f"<b>{who} mulligan</b> — select 3 cards to put face up in the pile, then "
                    "press Mulligan (Enter).")
        if view.phase is Phase.LEAD:
            extra = "" if view.passed else ", or Pass"
            return (f"<b>{who} lead</b> — select a single card, a pair or a poker hand and "
                    f"press Play (Enter){extra}.")
        if view.phase is Phase.ANSWER:
            table = view.table
            assert table is not None
            return (f"<b>{who} answer</b> — beat {escape(table.describe())} with a higher "
                    f"{table.mode.label} play, or Draw, or take a pile card.")
        drawn = format_cards(view.drawn)
        return (f"<b>{who} draw</b> — you drew {escape(drawn)}: draw one more, stop, or "
                "re-draw (once a game).")

    def _render_log(self) -> None:
        viewer = self.human_seat()
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
