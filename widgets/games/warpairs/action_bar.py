"""The action bar: one button per game action, shown only while that action is legal.

Which buttons show is decided from the legal actions of the player to act (computed by the
engine from their view). A hidden button can still be clicked by a page that wants to cheat;
the app then asks the engine, which refuses — the bar only decides what is *offered*.

>>> from wpp.warpairs.game import Game
>>> bar = ActionBar()
>>> g = Game(seed=3)
>>> bar.show(g.view(0).legal_actions(), g.phase, enabled=True)
>>> bar.visible_kinds()
['mulligan', 'concede']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

import ipywidgets as w

from widgets.page.board import BoardBase
from wpp.warpairs.actions import Action, Concede, Draw, Mulligan, Pass, PlayCards, Redraw, Stop
from wpp.warpairs.phases import Phase

__all__ = ["ACTION_OF", "KINDS", "ActionBar"]

#: The bar's buttons in display order: kind → (label, tooltip).
KINDS: Final[dict[str, tuple[str, str]]] = {
    "mulligan": ("Mulligan", "put the 3 selected cards face up in the pile — Enter"),
    "play": ("Play", "play the selected cards — Enter"),
    "draw": ("Draw", "draw a deck card instead of beating the table — Shift+D"),
    "more": ("Draw one more", "take a second deck card — Shift+D"),
    "stop": ("Stop", "stop drawing; the trick ends — Shift+S"),
    "redraw": ("Re-draw", "once a game: swap the cards drawn this turn for new ones "
               "— Shift+R"),
    "pass": ("Pass", "lead nothing; the other player must lead — Shift+P"),
    "concede": ("Concede", "give up this game; asks again before it counts"),
}


#: The action each button asks for (the card actions take the selected cards; in the
#: mulligan phase "play" is a mulligan too).
ACTION_OF: Final[dict[str, type]] = {
    "mulligan": Mulligan, "play": PlayCards, "draw": Draw, "more": Draw, "stop": Stop,
    "redraw": Redraw, "pass": Pass, "concede": Concede,
}

#: Its reverse, but for a deck draw, whose button depends on the phase (see button_kind).
_KIND_OF: dict[type, str] = {a: kind for kind, a in ACTION_OF.items() if a is not Draw}


def button_kind(action: Action, phase: Phase) -> str | None:
    """The bar button that takes ``action`` (``None`` for a pile card, taken from the pile).
    A deck draw is "draw" when answering and "more" after a first card."""
    if isinstance(action, Draw):
        return "more" if phase is Phase.DRAWING else "draw"
    return _KIND_OF.get(type(action))


def legal_kinds(actions: Sequence[Action], phase: Phase) -> list[str]:
    """The bar's kinds that the legal ``actions`` allow, in display order."""
    kinds = {button_kind(a, phase) for a in actions}
    return [k for k in KINDS if k in kinds]


class ActionBar:
    """Buttons for the actions legal now; ``on_action(callback)`` gets the kind clicked."""

    def __init__(self) -> None:
        self.buttons: dict[str, w.Button] = {}
        for kind, (label, tip) in KINDS.items():
            self.buttons[kind] = BoardBase.button(label, ("wpp-action", f"wpp-act-{kind}"), tip,
                                                  partial(self._fire, kind),
                                                  layout=w.Layout(display="none"))
        self.note = w.HTML("")
        self.note.add_class("wpp-action-note")
        self.box = w.HBox([*self.buttons.values(), self.note],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.box.add_class("wpp-actions")
        self._callbacks: list[Callable[[str], None]] = []

    def on_action(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(kind)`` when an action button is clicked (legal or not)."""
        self._callbacks.append(callback)

    def _fire(self, kind: str) -> None:
        for cb in self._callbacks:
            cb(kind)

    def show(self, actions: Sequence[Action], phase: Phase, *, enabled: bool,
             note: str = "") -> None:
        """Show the buttons of the legal ``actions``; none when ``enabled`` is false
        (it is not a person's turn)."""
        kinds = set(legal_kinds(actions, phase)) if enabled else set()
        for kind, b in self.buttons.items():
            display = "" if kind in kinds else "none"
            if b.layout.display != display:
                b.layout.display = display
        if self.note.value != note:
            self.note.value = note
        empty = not kinds and not note  # an empty bar must not stick over the board
        if empty != ("wpp-empty" in self.box._dom_classes):
            if empty:
                self.box.add_class("wpp-empty")
            else:
                self.box.remove_class("wpp-empty")

    def visible_kinds(self) -> list[str]:
        """The kinds whose buttons are shown now."""
        return [k for k, b in self.buttons.items() if b.layout.display != "none"]

    def set_label(self, kind: str, label: str) -> None:
        """Relabel one button (e.g. "Really concede?")."""
        b = self.buttons[kind]
        if b.description != label:
            b.description = label
