"""The options menu of the original (section 4.3 of its description), and a new-game row.

=====================  ==============================================================
option                 here
=====================  ==============================================================
Auto-Mull              *Auto-mulligan*: the classic AI chooses your 3 mulligan cards
Comp                   *Computer plays*: P2, P1 or nobody (two people at one screen)
Replay game            *Replay same deal*: the same shuffled deck from the start
Undo                   *Undo* / *Redo*: back to the deal at most, and forward again
Show This / Show Last  *Show this trick* / *Show last trick*
Alternate Reveal       *Alternate reveal*: only the acting player's hand is face up
Rules                  *Rules*: a quick reference
Concede                *Concede*: the player to act gives up (asks again first)
(new)                  *Practice: open hands*: every hand face up, the computer's reasoning
                       in full; the page marks it
(new)                  *Open a saved game*: a save file (``python -m wpp play --save``…)
(new)                  the AI that Hint asks (any registered AI of the game)
=====================  ==============================================================

The menu only holds widgets; the app reads them and checks every value it receives, since the
page may set any of them to anything.

>>> m = OptionsMenu()
>>> m.computer.value, m.auto_mulligan.value, m.alternate.value
(1, False, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import ipywidgets as w

__all__ = ["COMPUTER_CHOICES", "MAX_FILE", "OptionsMenu"]

#: The largest save file the menu reads (bytes); a real one is a few kilobytes.
MAX_FILE: Final = 1_000_000

#: The choices of "Computer plays": label → seat (-1: nobody, two people play).
COMPUTER_CHOICES: Final = (("P2 (top)", 1), ("P1 (bottom)", 0), ("nobody: 2 players", -1))


def _button(label: str, tip: str, cls: str) -> w.Button:
    b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="100%"))
    b.add_class("wpp-option")
    b.add_class(cls)
    return b


def _check(label: str, tip: str, value: bool = False) -> w.Checkbox:
    c = w.Checkbox(value=value, description=label, indent=False, tooltip=tip,
                   layout=w.Layout(width="100%"))
    c.add_class("wpp-check")
    return c


class OptionsMenu:
    """The menu's widgets, laid out in ``box`` (a column on the left of the board)."""

    def __init__(self, hint_agents: Sequence[str] = ("classic",)) -> None:
        self.seed = w.Text(value="", placeholder="random", description="Seed",
                           layout=w.Layout(width="100%"))
        self.seed.add_class("wpp-seed")
        self.new_game = _button("New game", "deal a new game (from the seed if one is typed)",
                                "wpp-opt-new")
        self.computer = w.Dropdown(options=COMPUTER_CHOICES, value=1,
                                   layout=w.Layout(width="100%"))
        self.computer.add_class("wpp-opt-computer")
        self.auto_mulligan = _check("Auto-mulligan", "the classic AI chooses your mulligan")
        self.alternate = _check("Alternate reveal", "only the acting player's hand is face up "
                                "(two people at one screen)")
        self.show_trick = _check("Show this trick", "list the plays of this trick", True)
        self.show_last = _check("Show last trick", "list the plays of the last trick")
        self.replay = _button("Replay same deal", "start this deal again from the beginning",
                              "wpp-opt-replay")
        self.undo = _button("Undo", "take back the last move (Shift+U)", "wpp-opt-undo")
        self.redo = _button("Redo", "play again the move taken back (Shift+Y)", "wpp-opt-redo")
        self.rules = _button("Rules", "a quick reference of the rules and the keys",
                             "wpp-opt-rules")
        self.concede = _button("Concede", "the player to act gives up this game",
                               "wpp-opt-concede")
        self.practice = _check("Practice: open hands", "every hand face up and the computer's "
                               "full reasoning (the game counts as practice)")
        self.practice.add_class("wpp-opt-practice")
        self.open_file = w.FileUpload(accept=".json,application/json", multiple=False,
                                      description="Open saved game",
                                      tooltip="open a save file (JSON)",
                                      layout=w.Layout(width="100%"))
        self.open_file.add_class("wpp-opt-open")
        agents = tuple(hint_agents) or ("classic",)
        self.hint_agent = w.Dropdown(options=agents,
                                     value="classic" if "classic" in agents else agents[0],
                                     tooltip="the AI that Hint asks",
                                     layout=w.Layout(width="auto"))
        self.hint_agent.add_class("wpp-hint-agent")
        title = w.HTML('<div class="wpp-menu-title">Options</div>')
        self.box = w.VBox([
            title, self.seed, self.new_game,
            w.HTML('<span class="wpp-menu-label">Computer plays</span>'), self.computer,
            self.auto_mulligan,
            self.alternate, self.show_trick, self.show_last, self.replay,
            w.HBox([self.undo, self.redo], layout=w.Layout(width="100%")),
            self.rules, self.concede, self.practice, self.open_file,
        ])
        self.box.add_class("wpp-menu")

    def on_file(self, callback: Callable[[str | None], None]) -> None:
        """Call ``callback(text)`` with the text of a file opened with "Open saved game"
        (``None`` for a file too large to be a save file). The menu keeps no copy."""
        def read(change: dict[str, Any]) -> None:
            files = change["new"]
            if not files:
                return
            item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
            content = item.get("content", b"") if isinstance(item, dict) else b""
            try:
                raw = bytes(content)
            except (TypeError, ValueError):
                raw = b""
            self.open_file.value = ()  # no copy kept (and the same file may come again)
            callback(None if len(raw) > MAX_FILE else raw.decode("utf-8", errors="replace"))

        self.open_file.observe(read, names="value")
