"""Who plays each seat of the game page: a person, or the computer as any registered agent of
the game with its budget, or one of the game's opponent ladder's named levels
(:mod:`wpp.core.ladder`).

The choice is a string: ``"person"``, ``"agent:<name>"`` or ``"level:<key>"`` (a bare agent
name is read as ``"agent:<name>"``). Every value that comes from the page is checked: a value
that is not one of the choices offered is the kit's error, and the page puts the dropdown back.

The ladder's levels are offered first, with their labels and measured ratings ("Beginner —
about −925 against the classic AI"); the registered agents follow.

>>> choices = opponent_choices("draw")
>>> ("exact AI", "agent:exact") in choices, choices[0][1]
(True, 'level:beginner')
>>> a, b = make_opponent("draw", "exact"), make_opponent("draw", "agent:exact")
>>> type(a) is type(b)
True
>>> budget_option("warpairs", "agent:search")
('playouts', 200)
>>> make_opponent("draw", "agent:nobody")
Traceback (most recent call last):
wpp.core.errors.WppError: unknown agent 'nobody' for draw; choose from exact, noisy, random, stand
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Final

import ipywidgets as w

from wpp.core.errors import WppError
from wpp.core.history import seat_name
from wpp.core.ladder import ladder, level_label, make_level_agent
from wpp.core.registry import default_agent, make_agent, registered_agents, registration

__all__ = ["PERSON", "SeatChooser", "budget_option", "default_opponent", "make_opponent",
           "opponent_choices", "opponent_label"]

#: The choice that makes a seat a person's.
PERSON: Final = "person"


def opponent_choices(game: str) -> list[tuple[str, str]]:
    """The computer's choices for ``game``: (label, value), the ladder's levels first
    ("Beginner — about −925 against the classic AI"), then every registered agent."""
    out = [(level_label(lv), f"level:{lv.key}") for lv in ladder(game)]
    out += [(f"{name} AI", f"agent:{name}") for name in registered_agents(game)]
    return out


def _normal(choice: str) -> str:
    return choice if ":" in choice or choice == PERSON else f"agent:{choice}"


def default_opponent(game: str) -> str:
    """The choice a computer seat starts with: the game's default agent (as its ladder level
    when the ladder has one playing it with no budget change)."""
    name = default_agent(game)
    for lv in ladder(game):
        if getattr(lv, "agent", None) == name and not getattr(lv, "budget", None):
            return f"level:{lv.key}"
    return f"agent:{name}"


def budget_option(game: str, choice: str) -> tuple[str, int | float] | None:
    """The budget an agent choice offers: its first numeric option and default
    (``("playouts", 200)``), or ``None`` (a level carries its own budget)."""
    choice = _normal(choice)
    if not choice.startswith("agent:"):
        return None
    factories = getattr(registration(game), "AGENTS", {})
    factory = factories.get(choice[6:])
    if factory is None:
        return None
    for p in list(inspect.signature(factory).parameters.values())[1:]:
        d = p.default
        if isinstance(d, int | float) and not isinstance(d, bool):
            return p.name, d
    return None


def make_opponent(game: str, choice: str, budget: float | None = None, seed: int = 0) -> Any:
    """The agent of ``choice`` (a level, or an agent with ``budget`` for its
    :func:`budget_option`); a choice the game does not have is the kit's error."""
    choice = _normal(str(choice))
    kind, _, name = choice.partition(":")
    if kind == "level":
        return make_level_agent(game, name, seed=seed)
    if kind != "agent":
        raise WppError(f"a computer seat plays an agent or a level, not {choice!r:.40}")
    options: dict[str, Any] = {}
    option = budget_option(game, choice) if name in registered_agents(game) else None
    if option is not None and budget is not None:
        key, default = option
        options[key] = int(budget) if isinstance(default, int) else float(budget)
    return make_agent(game, name, seed=seed, **options)


def opponent_label(game: str, choice: str) -> str:
    """How the page names the computer that plays ``choice``."""
    choice = _normal(choice)
    for label, value in opponent_choices(game):
        if value == choice:
            return label.split(" — ")[0]
    return choice.partition(":")[2]


class SeatChooser:
    """One row per seat: who plays it (a dropdown named after the seat) and, for an agent
    with a budget, the budget (a number box named after the option). ``box`` holds them;
    :meth:`on_change` reports a seat whose choice changed."""

    def __init__(self, game: str, players: int, chosen: Mapping[int, str]) -> None:
        self.game = game
        self.players = players
        options = [("a person (you)", PERSON), *opponent_choices(game)]
        self.values = {v for _, v in options}
        self.dropdowns: dict[int, w.Dropdown] = {}
        self.budgets: dict[int, w.FloatText] = {}
        rows: list[w.Widget] = []
        self._mute = False
        for seat in range(players):
            value = _normal(chosen.get(seat, PERSON))
            if value not in self.values:
                raise WppError(f"{seat_name(seat)} cannot be played by {value!r:.40} in "
                               f"{game}; choose from {', '.join(sorted(self.values))}")
            d = w.Dropdown(options=options, value=value, description=seat_name(seat),
                           tooltip=f"who plays {seat_name(seat)}",
                           layout=w.Layout(width="100%"))
            d.add_class("wpp-seat-choice")
            d.add_class(f"wpp-seat-{seat}")
            b = w.FloatText(value=0.0, description="budget", tooltip="the agent's budget",
                            layout=w.Layout(width="100%", display="none"))
            b.add_class("wpp-seat-budget")
            self.dropdowns[seat], self.budgets[seat] = d, b
            rows += [d, b]
            self._show_budget(seat)
        self.box = w.VBox([w.HTML('<span class="wpp-menu-label">Who plays</span>'), *rows])
        self.box.add_class("wpp-seats")
        self._callbacks: list[Callable[[int], None]] = []
        for seat, d in self.dropdowns.items():
            d.observe(lambda c, s=seat: self._changed(s, c), names="value")
            self.budgets[seat].observe(lambda _c, s=seat: self._fire(s), names="value")

    def choice(self, seat: int) -> str:
        """The choice of ``seat`` now."""
        return str(self.dropdowns[seat].value)

    def budget(self, seat: int) -> float | None:
        """The budget typed for ``seat`` (``None``: its agent has none)."""
        if budget_option(self.game, self.choice(seat)) is None:
            return None
        value = self.budgets[seat].value
        return float(value) if isinstance(value, int | float) and value > 0 else None

    def set(self, seat: int, choice: str, budget: float | None = None) -> None:
        """Show ``choice`` (and ``budget``) for ``seat`` without reporting a change."""
        callbacks, self._callbacks = self._callbacks, []
        try:
            self.dropdowns[seat].value = _normal(choice)
            self._show_budget(seat)
            if budget is not None:
                self.budgets[seat].value = float(budget)
        finally:
            self._callbacks = callbacks

    def _show_budget(self, seat: int) -> None:
        option = budget_option(self.game, self.choice(seat))
        b = self.budgets[seat]
        if option is None:
            b.layout.display = "none"
            return
        self._mute = True
        try:
            b.description, b.value = option[0], float(option[1])
        finally:
            self._mute = False
        b.tooltip = f"the {option[0]} the agent may use"
        b.layout.display = ""

    def _changed(self, seat: int, change: dict[str, Any]) -> None:
        if change["new"] not in self.values:  # not through the dropdown
            self.set(seat, change["old"] if change["old"] in self.values else PERSON)
            return
        self._show_budget(seat)
        self._fire(seat)

    def on_change(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(seat)`` when a seat's choice or budget changes."""
        self._callbacks.append(callback)

    def _fire(self, seat: int) -> None:
        if self._mute:
            return
        for cb in self._callbacks:
            cb(seat)
