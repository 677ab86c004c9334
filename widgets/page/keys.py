"""Keyboard play on the game page, for any game: the board's keys (:meth:`Board.keys`) and the
page's own — Hint, Why?, Undo, Redo, New game — listed in the Rules panel and handed to the
kit's key script (:mod:`widgets.parts.hotkeys`), which clicks the element each key names. Every
key goes through the same widget click as the mouse; nothing runs in the browser but that.

>>> from widgets.page.board import Key
>>> keys = PageKeys()
>>> sorted(keys.buttons)
['hint', 'new', 'redo', 'undo', 'why']
>>> table = keys_html([Key("Enter", "wpp-key-enter", "play the selection")], PAGE_KEYS)
>>> "Enter" in table and "Shift+H" in table
True
>>> '"H": "wpp-key-hint"' in keys.map_html([])
False
>>> "wpp-key-hint" in keys.map_html([])
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.page.board import Key
from widgets.parts.hotkeys import KeyPad

__all__ = ["PAGE_KEYS", "PageKeys", "blocked_reason", "key_name", "keys_html", "keys_now"]

#: The page's own keys (Shift + a letter, so they never clash with a board's plain letters;
#: and ``?`` for this panel).
PAGE_KEYS: Final = (
    Key("H", "wpp-key-hint", "Hint: select the move the chosen AI recommends"),
    Key("W", "wpp-key-why", "Why?: how the computer chose its last move"),
    Key("U", "wpp-key-undo", "Undo your last move"),
    Key("Y", "wpp-key-redo", "Redo the move taken back"),
    Key("N", "wpp-key-new", "New game (asks first during a game)"),
    # "?" clicks the visible "Rules & keys" button itself (the usual key for a page's help;
    # it did nothing before): no hidden button of its own.
    Key("?", "wpp-opt-rules", "Rules & keys: open or close this panel"),
)


def key_name(key: str) -> str:
    """A key as the Rules panel writes it (``"H"`` is Shift+H, ``"ArrowLeft"`` is ←)."""
    arrows = {"ArrowLeft": "←", "ArrowRight": "→", "ArrowUp": "↑", "ArrowDown": "↓",
              "Escape": "Esc"}
    if key in arrows:
        return arrows[key]
    if len(key) == 1 and key.isupper():
        return f"Shift+{key}"
    return key


def keys_html(board_keys: Sequence[Key], page_keys: Sequence[Key] = PAGE_KEYS) -> str:
    """The keys as a table for the Rules panel (the board's first, then the page's)."""
    rows = "".join(f"<tr><td><kbd>{escape(key_name(k.key))}</kbd></td><td>{escape(k.does)}"
                   "</td></tr>" for k in (*board_keys, *page_keys))
    return (f'<div class="wpp-panel-title">Keys</div><table class="wpp-keys">{rows}</table>'
            "<p>Keys work while the page has the focus and you are not typing in a box.</p>")


#: The page's own keys' names (each a hidden button ``wpp-key-<name>``).
PAGE_KEY_NAMES: Final = ("hint", "why", "undo", "redo", "new")


def keys_now(board_keys: Sequence[Key], over: bool, next_label: str) -> list[Key]:
    """The board's keys as the key script gets them; once the game is ``over``, Enter is
    the banner's first button (``next_label``: Next hand, New game, New match): one obvious
    key to go on with, where the board's Enter could only say the game is over."""
    keys = list(board_keys)
    if not over:
        return keys
    return [*(k for k in keys if k.key != "Enter"),
            Key("Enter", "wpp-banner-new", f"{next_label} (the game is over)")]


def blocked_reason(key: Key, board: Any, *, past: bool, over: bool, next_label: str,
                   your_turn: bool) -> str:
    """Why ``key``, which the page lists, cannot act now (the key script clicked its "why
    not" button), for the message line. The page knows the shared reasons (a ``past``
    position shown, the game ``over``, not ``your_turn``); the board its own (its optional
    ``why_not(key)``: "2 cards still to place")."""
    if past:
        return "the board shows a past position (the review)"
    if over:
        return f"the game is over ({next_label}: Enter)"
    if not your_turn:
        return "it is not your turn"
    why_not = getattr(board, "why_not", None)
    return (str(why_not(key.key)) if callable(why_not) else "") or \
        f"{key.does[:1].lower()}{key.does[1:]} is not possible now"


class PageKeys(KeyPad):
    """Hidden buttons the page's keys click (``box``), reported to :meth:`on_key` by name —
    a :class:`~widgets.parts.hotkeys.KeyPad` of the page's keys, with the key map beside.

    Beside them, one hidden "why not" button per key (``wpp-nokey-<i>``): the key script
    clicks it when the key's own element cannot act now (none, disabled or not shown), and
    :meth:`on_blocked` hears which key — so a key the page lists never does nothing silently
    (the page says why)."""

    def __init__(self) -> None:
        super().__init__(PAGE_KEY_NAMES)
        for name, b in self.buttons.items():
            b.description = b.tooltip = name   # an accessible name, though hidden
        self.map = w.HTML("")
        self.box.children = (*self.box.children, self.map)
        self.listed: list[Key] = []
        self.blocked: list[w.Button] = []
        self._blocked_callbacks: list[Callable[[Key], None]] = []

    def map_html(self, board_keys: Sequence[Key]) -> str:
        """The hidden element naming every key for the key script (key → the class of the
        element it clicks, and key → the class of its "why not" button)."""
        keys = (*board_keys, *PAGE_KEYS)
        table = {k.key: k.css_class for k in keys}
        blocked = {k.key: f"wpp-nokey-{i}" for i, k in enumerate(keys)}
        return (f"<span data-wpp-keys='{escape(json.dumps(table), quote=True)}' "
                f"data-wpp-blocked='{escape(json.dumps(blocked), quote=True)}'></span>")

    def show(self, board_keys: Sequence[Key]) -> None:
        """Hand the keys of ``board_keys`` and the page's to the key script."""
        keys = [*board_keys, *PAGE_KEYS]
        if keys != self.listed:
            self.listed = keys
            while len(self.blocked) < len(keys):
                i = len(self.blocked)
                b = w.Button(description=f"why not key {i}", layout=w.Layout(display="none"))
                b.add_class(f"wpp-nokey-{i}")
                b.on_click(lambda _b, i=i: self._blocked(i))
                self.blocked.append(b)
            self.box.children = (*self.buttons.values(), self.map, *self.blocked)
        value = self.map_html(board_keys)
        if self.map.value != value:
            self.map.value = value

    def on_blocked(self, callback: Callable[[Key], None]) -> None:
        """Call ``callback(key)`` when a listed key's own element cannot act now."""
        self._blocked_callbacks.append(callback)

    def _blocked(self, i: int) -> None:
        if i < len(self.listed):
            for cb in self._blocked_callbacks:
                cb(self.listed[i])
