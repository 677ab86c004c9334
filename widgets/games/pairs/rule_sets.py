"""The rule sets Pairs' page offers (the usual rules, which CardStock plays; the rule sheet's;
Continuous Pairs), as a chooser for the page's Options column: a choice applies to the next game.

>>> chooser = RuleSetChooser(); got = []; chooser.on_change(got.append)
>>> chooser.dropdown.value = "Rule sheet"; got
[{'start_tie': 'extra_card', 'reshuffle': 'empty', 'only_loser': True}]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import ipywidgets as w

from wpp.core.errors import WppError

__all__ = ["RULE_SETS", "RuleSetChooser"]

#: The rule sets offered, by label: each is the game's rule flags (``wpp.pairs.rules``).
RULE_SETS: Final[dict[str, dict[str, Any]]] = {
    "Usual rules": {},
    "Rule sheet": {"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True},
    "Continuous Pairs": {"continuous": True},
}


class RuleSetChooser:
    """A labelled dropdown of :data:`RULE_SETS`; :meth:`on_change` hears the flags chosen."""

    def __init__(self, label: str = "Usual rules") -> None:
        if label not in RULE_SETS:
            raise WppError(f"the rules are one of {', '.join(RULE_SETS)}, not {label!r:.30}")
        self.dropdown = w.Dropdown(options=list(RULE_SETS), value=label, description="Rules",
                                   tooltip="the rule set of the next game",
                                   layout=w.Layout(width="100%"))
        self.dropdown.add_class("wpp-pairs-rules")
        self._callbacks: list[Callable[[dict[str, Any]], None]] = []
        self.dropdown.observe(self._changed, names="value")

    @property
    def flags(self) -> dict[str, Any]:
        """The rule flags of the set chosen."""
        return dict(RULE_SETS[str(self.dropdown.value)])

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(flags)`` when another rule set is chosen."""
        self._callbacks.append(callback)

    def _changed(self, _change: dict[str, Any]) -> None:
        for cb in self._callbacks:
            cb(self.flags)
