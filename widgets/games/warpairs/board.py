"""WarPairsPoker's board on the shared game page (:class:`widgets.page.board.Board`): the two
hands, the table between them, the face-up pile, the action bar and its prompt — drawn from
one player's view, and (with :mod:`~widgets.games.warpairs.input`) the clicks and keys that
make an action.

A hand is face up only when the view (or a view the page allows in ``others``) holds it;
every other hand is drawn as backs counted from the public view, so no widget of a hidden
hand names a card. Only the acting person's hand is clickable, and the bar offers only what
the view says is legal. Two people at one screen (the page passes every view) may play with
"Alternate reveal": only the acting player's hand, behind a curtain they lift.

>>> from wpp.warpairs.game import Game
>>> board, game = WarPairsBoard(), Game(11)
>>> board.draw(game.view(0), legal=game.view(0).legal_actions())
>>> board.bar.visible_kinds(), board.top.count, len(board.bottom.visible_buttons())
(['mulligan', 'concede'], 16, 16)
>>> {b.description.strip() for b in board.top.visible_buttons()}   # backs name no card
{''}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from widgets.games.warpairs.action_bar import ActionBar, button_kind
from widgets.games.warpairs.input import PlayInput
from widgets.games.warpairs.pile import PileView
from widgets.games.warpairs.rules_ref import RULES_HTML
from widgets.games.warpairs.table import TableView
from widgets.page.board import BoardBase, Key
from widgets.parts.hand import HandView
from widgets.parts.hotkeys import SLOT_KEYS, KeyPad
from widgets.parts.how_to_play import how_to_play_html
from widgets.parts.plain_words import plain
from widgets.parts.playable import playable_cards
from wpp.core.errors import WppError
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.phases import Phase
from wpp.warpairs.presenter import instructions_html
from wpp.warpairs.view import View

__all__ = ["WarPairsBoard", "legal_for_bar"]


def legal_for_bar(view: View) -> list[Action]:
    """The actions the bar offers (the mulligan's 560 choices collapse to one button)."""
    if view.phase is Phase.MULLIGAN:
        return [Mulligan(view.hand[:MULLIGAN_SIZE]), Concede()]
    return view.legal_actions()


def _check(label: str, tip: str, value: bool = False) -> w.Checkbox:
    c = w.Checkbox(value=value, description=label, indent=False, tooltip=tip,
                   layout=w.Layout(width="100%"))
    c.add_class("wpp-check")
    return c


class WarPairsBoard:
    """``top`` and ``bottom`` hands, the ``table``, the ``pile``, the action ``bar`` with its
    ``prompt``, the curtain's ``reveal_button``; ``options`` (auto-mulligan, alternate reveal,
    the tricks shown, Concede) for the page's Options column."""

    game = "warpairs"
    @property
    def rules_html(self) -> str:
        """How to play in plain words, then the quick reference's rule cards, folded."""
        return how_to_play_html(self.game, RULES_HTML)

    def __init__(self) -> None:
        self.top, self.bottom = HandView("P2"), HandView("P1")
        self.table, self.pile = TableView(), PileView()
        self.bar = ActionBar()
        self.prompt = w.HTML("")
        self.prompt.add_class("wpp-prompt")
        self.reveal_button = w.Button(description="Show my hand", tooltip="uncover your hand",
                                      layout=w.Layout(display="none"))
        self.reveal_button.add_class("wpp-reveal")
        self.keypad = KeyPad(("enter", "left", "right", "clear", "draw"))
        self.auto_mulligan = _check("Auto-mulligan", "the AI chosen beside Hint chooses your "
                                    "mulligan")
        self.alternate = _check("Alternate reveal", "only the acting player's hand is face up "
                                "(two people at one screen)")
        self.show_trick = _check("Show this trick", "list the plays of this trick", True)
        self.show_last = _check("Show last trick", "list the plays of the last trick")
        self.concede = w.Button(description="Concede", tooltip="the player to act gives up "
                                "this game (asks again first)", layout=w.Layout(width="auto"))
        self.concede.add_class("wpp-option")
        self.concede.add_class("wpp-opt-concede")
        self.options = w.VBox([self.auto_mulligan, self.alternate, self.show_trick,
                               self.show_last, self.concede])
        self.input = PlayInput(self)
        self.selection, self.selection_info = self.input.selection, self.input.info
        self.dock = w.VBox([self.prompt, self.bar.box, self.selection_info])
        self.dock.add_class("wpp-dock")
        self.root = w.VBox([self.top.box, self.table.html, self.bottom.box, self.dock,
                            self.reveal_button, self.pile.box, self.keypad.box])
        self.root.add_class("wpp-board")
        self.view: View | None = None
        self.others: Mapping[int, Any] | None = None
        self.legal: list[Action] = []
        self.last: Any = None
        self.active = False
        self.names: Sequence[str] = ("P1", "P2")
        self.people: Sequence[int] = (0,)
        #: The seat whose move the drawn past position shows just made (the review), else
        #: ``None``; :meth:`show_mover` sets it for the next :meth:`draw` only.
        self.mover: int | None = None
        self._next_mover: int | None = None
        self.revealed: int | None = None
        self.choose: Callable[[Any], None] = lambda _a: None
        self.auto: Callable[[], None] | None = None
        self.touched: Callable[[], None] = lambda: None
        self.input.wire()
        for box in (self.alternate, self.show_trick, self.show_last):
            box.observe(lambda _c: self._redraw(), names="value")

    # ------------------------------------------------------------------ the contract
    def on_choose(self, callback: Callable[[Any], None]) -> None:
        self.choose = callback

    def on_auto(self, callback: Callable[[], None]) -> None:
        """The page's "let the AI chosen beside Hint decide" (the auto-mulligan)."""
        self.auto = callback

    def on_touch(self, callback: Callable[[], None]) -> None:
        """The page's "the person changed their choice" (a refusal about it is stale)."""
        self.touched = callback

    def auto_decide(self, view: Any) -> bool:
        """Should the page let the hint's AI make this decision (auto-mulligan on, and a
        mulligan to make by an uncovered person)?"""
        return (bool(self.auto_mulligan.value) and isinstance(view, View)
                and view.phase is Phase.MULLIGAN and not self.curtain())

    def show_mover(self, seat: int | None) -> None:
        """The next :meth:`draw` is of a past position with ``seat``'s move just made (the
        page's review): the board marks that seat, not the seat to act after it (the review
        of "You: mulligan" read "Computer — to act"). Any later draw is of its own position."""
        self._next_mover = seat

    def label_seats(self, names: Sequence[str], people: Sequence[int]) -> None:
        """How the board names the seats ("You", "Computer"), and the people's."""
        self.names, self.people = tuple(names), tuple(people)

    def select(self, action: Any) -> None:
        """Show ``action`` chosen (Hint): its cards raised; for a pile card or a button, the
        prompt says which — and Enter plays it, as it plays raised cards (it said "no cards
        selected" before)."""
        self.input.hinted = None
        if isinstance(action, PlayCards | Mulligan):
            self.selection.choose(action.cards)
            self._redraw()
            return
        self.selection.cards.clear()
        self._redraw()
        self.input.hinted = action
        if isinstance(action, TakeFromPile):
            self.prompt.value = (f"<b>Hint:</b> take {escape(str(action.card))} from the pile "
                                 "→ (Enter takes it)")
        elif self.view is not None:
            kind = button_kind(action, self.view.phase)
            if kind in self.bar.buttons:
                self.prompt.value = (f"<b>Hint:</b> press "
                                     f"{escape(self.bar.buttons[kind].description)} "
                                     "(or Enter)")

    def keys(self) -> Sequence[Key]:
        out = BoardBase.numbered_keys("wpp-slot-{i}", "select / unselect card {n} of your hand",
                                      names=SLOT_KEYS)
        return [*out,
                Key("ArrowLeft", "wpp-key-left", "move the selection to the card on the left"),
                Key("ArrowRight", "wpp-key-right", "move the selection to the card on the "
                    "right"),
                BoardBase.enter_key("wpp-key-enter", "Play (Mulligan during the mulligan)"),
                Key("Escape", "wpp-key-clear", "unselect all"),
                Key("D", "wpp-key-draw", "Draw (or draw one more)"),
                Key("S", "wpp-act-stop", "Stop drawing"),
                Key("R", "wpp-act-redraw", "Re-draw"),
                Key("P", "wpp-act-pass", "Pass")]

    def describe(self, action: Any) -> str:
        return str(action)

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now (the page says it): a card slot past the hand's end,
        or an action the rules do not offer now."""
        slot = SLOT_KEYS.find(key) if len(key) == 1 else -1
        if slot >= 0 and self.view is not None:
            n = len(self.view.hand)
            return f"your hand has {n} card{'s' if n != 1 else ''}"
        if key == "Escape":
            return "no card is selected"
        kinds = {"D": "drawing", "S": "Stop", "R": "Re-draw", "P": "Pass"}
        if key in kinds:
            return f"{kinds[key]} is not one of your choices now"
        return ""

    # ------------------------------------------------------------------ seats
    def two_people(self) -> bool:
        return len(self.people) == 2

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom (the person's; P1 when two share the screen)."""
        if self.two_people() or self.view is None:
            return 0
        return int(self.view.player)

    def curtain(self) -> bool:
        """Two people, alternate reveal, and the player to act has not uncovered."""
        v = self.view
        return (v is not None and self.two_people() and bool(self.alternate.value)
                and v.phase is not Phase.OVER and self.revealed != v.to_act)

    def face_up(self, seat: int) -> View | None:
        """The view whose hand ``seat`` shows, or ``None`` (backs)."""
        v = self.view
        if v is None:
            return None
        mine = v if seat == v.player else (self.others or {}).get(seat)
        if mine is None:
            return None
        if self.two_people() and self.alternate.value and v.phase is not Phase.OVER:
            return mine if seat == v.to_act and not self.curtain() else None
        return mine if isinstance(mine, View) else None

    def acting(self) -> int | None:
        """The seat whose hand and bar take clicks now."""
        v = self.view
        if v is None or not self.active or self.curtain():
            return None
        return int(v.to_act) if v.to_act == v.player else None

    # ------------------------------------------------------------------ drawing
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        if not isinstance(view, View):  # another game's view: the kit's error, nothing drawn
            raise WppError(f"this board draws WarPairsPoker, not a view of type "
                           f"{type(view).__name__!r:.40}")
        if self.view is None or view.actions != self.view.actions or view.player != \
                self.view.player or active != self.active:
            self.input.reset()
            if self.revealed is not None and view.to_act != self.revealed:
                self.revealed = None
        self.mover, self._next_mover = self._next_mover, None
        self.view, self.legal, self.last = view, list(legal), last
        self.others, self.active = others, active
        self._redraw()

    def _redraw(self) -> None:
        v = self.view
        if v is None:
            return
        bottom = self.bottom_seat()
        acting = self.acting()
        names = self.names
        public = v
        last = self.last
        fresh = (isinstance(last, PlayCards) and v.phase is not Phase.OVER and bool(v.trick)
                 and set(v.trick[-1].play.cards) == set(last.cards)
                 and v.trick[-1].player not in self.people)
        self.table.show(public, names=names, bottom=bottom, show_trick=self.show_trick.value,
                        show_last=self.show_last.value, fresh=fresh, mover=self.mover)
        for seat, hand in ((bottom, self.bottom), (1 - bottom, self.top)):
            mine = seat == acting
            shown = self.face_up(seat)
            if shown is not None:
                size = len(shown.hand)
                hand.show(shown.hand, selected=self.selection.cards if mine else (),
                          clickable=mine, cursor=self.selection.touched if mine else None,
                          new=shown.drawn if mine else (),
                          playable=self.playable() if mine else None)
            else:
                size = v.opponent_hand_size if seat != v.player else len(v.hand)
                hand.show_backs(size)
            hand.set_active(mine)
            if self.mover is not None:  # a past position: who made its move
                tag = " — made this move" if seat == self.mover else ""
            else:
                tag = " — to act" if seat == v.to_act and v.phase is not Phase.OVER else ""
            hand.set_title(f"{escape(names[seat])}: {size} card{'s' if size != 1 else ''}"
                           f"{tag}")
        legal = legal_for_bar(v) if acting is not None else []
        can_take = any(isinstance(a, TakeFromPile) for a in legal)
        self.pile.show(v.pile, clickable=can_take,
                       playable=playable_cards(a for a in legal if isinstance(a, TakeFromPile)))
        self.bar.show(legal, v.phase, enabled=acting is not None,
                      note="or take a card from the pile →" if can_take else "")
        self.bar.set_label("concede", "Really concede?" if self.input.concede_armed
                           else "Concede")
        curtain = self.curtain()
        self.reveal_button.description = f"{names[v.to_act]}: show my hand"
        self.reveal_button.layout.display = "" if curtain else "none"
        if curtain:
            p = names[v.to_act]
            prompt = f"<b>{p}'s turn</b> — hand the screen over; {p} clicks “Show my hand”."
        elif acting is not None:
            # the play to beat in the engine's words, without their rule numbers
            prompt = plain(instructions_html(v, two_people=len(self.people) > 1))
        else:
            prompt = ""
        if self.prompt.value != prompt:
            self.prompt.value = prompt
        self.input.show_selection()
        empty = not self.bar.visible_kinds() and not prompt and not self.selection_info.value
        if empty != ("wpp-empty" in self.dock._dom_classes):
            (self.dock.add_class if empty else self.dock.remove_class)("wpp-empty")

    def playable(self) -> frozenset[Any]:
        """The acting person's cards some legal action uses with the cards selected so far
        (from the legal actions of their view: :mod:`widgets.parts.playable`)."""
        return playable_cards(self.legal, self.selection.cards)

    def mark_playable(self) -> None:
        """Re-mark the acting hand after a click changed the selection."""
        seat = self.acting()
        if seat is not None:
            hand = self.bottom if seat == self.bottom_seat() else self.top
            hand.mark(self.playable())

    def reveal(self) -> None:
        """"Show my hand": the player to act lifts the curtain."""
        if self.curtain() and self.view is not None:
            self.revealed = self.view.to_act
            self.selection.cards.clear()
        self._redraw()
