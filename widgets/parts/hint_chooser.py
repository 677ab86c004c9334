"""The hint chooser: the AI that Hint (and the auto-mulligan) asks, picked in a dropdown among
the game's registered agents — the computer's own by default — and made once per name.

The dropdown's value comes from the page, so it is checked: anything but a registered agent
of the game means the default one.

A choice's words are long ("Expert — thinks ahead, weighing the cards still to come"), longer
than a closed dropdown shows in the side column (cut with "…" at 390 px and at 1280 px). So
the chosen AI's whole words are also written under the dropdown (``words``, an HTML line that
wraps), and the dropdown takes the side column's whole width: the list is for choosing, the
line under it for reading.

>>> from wpp.core.registry import make_agent
>>> c = HintChooser("warpairs", fallback=make_agent("warpairs", "random"))
>>> c.name(), type(c.agent()).__name__ == type(c.agent()).__name__
('classic', True)
>>> c.dropdown.value = "random"; c.name()
'random'
>>> c = HintChooser("warpairs", fallback=None, labels=[("Club player — plays the lessons' "
...     "way", "classic")])
>>> c.words.value
'<span class="wpp-hint-words">Club player — plays the lessons&#x27; way</span>'
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from wpp.core.registry import make_agent, registered_agents

__all__ = ["HintChooser"]


class HintChooser:
    """``dropdown``: the choice (CSS class ``wpp-hint-agent``); ``words``: the chosen AI's
    whole words, under it; :meth:`agent`: the agent."""

    def __init__(self, game: str, fallback: Any, default: str = "classic",
                 dropdown: w.Dropdown | None = None,
                 labels: Sequence[tuple[str, str]] = ()) -> None:
        """``labels``: (words, agent name) shown for the agents (a page passes the opponent
        list's plain words); an agent without any is shown by its name."""
        self.game = game
        self.names = tuple(registered_agents(game))
        self.default = default if default in self.names else self.names[0]
        self.fallback = fallback
        words = {name: label for label, name in labels}
        options = [(words.get(name, name), name) for name in self.names]
        self.dropdown = dropdown if dropdown is not None else w.Dropdown(
            options=options, value=self.default, tooltip="the AI that Hint asks",
            layout=w.Layout(width="auto"))
        self.dropdown.add_class("wpp-hint-agent")
        self.words = w.HTML("")
        self.words.add_class("wpp-hint-about")
        self._made: dict[str, Any] = {}
        self._write_words()
        self.dropdown.observe(lambda _change: self._write_words(), names="value")

    def _write_words(self) -> None:
        # (options may be (label, value) pairs or plain values: the dropdown's own lists)
        words = dict(zip(self.dropdown._options_values,
                         map(str, self.dropdown._options_labels), strict=True))
        value = (f'<span class="wpp-hint-words">{escape(words.get(self.name(), self.name()))}'
                 "</span>")
        if self.words.value != value:
            self.words.value = value

    def name(self) -> str:
        """The chosen agent's name (the default for anything not registered)."""
        name = str(self.dropdown.value)
        return name if name in self.names else self.default

    def label(self) -> str:
        """The chosen agent as the page names it in a sentence: its ladder level's name
        ("Club player") or its plain words, from the dropdown's label (never its id once a
        page gave labels)."""
        words = dict((v, str(k)) for k, v in self.dropdown.options)
        label = words.get(self.name(), self.name())
        return str(label).split(" — ")[0]

    def agent(self) -> Any:
        """The chosen agent (``fallback`` if it cannot be made here)."""
        name = self.name()
        if name not in self._made:
            try:
                self._made[name] = make_agent(self.game, name, seed=0)
            except ImportError:
                self._made[name] = self.fallback
        return self._made[name]
