"""Who plays each seat of the game page: a person, or the computer as any registered agent of
the game with its budget, or one of the game's opponent ladder's named levels
(:mod:`wpp.core.ladder`).

The choice is a string: ``"person"``, ``"agent:<name>"`` or ``"level:<key>"`` (a bare agent
name is read as ``"agent:<name>"``). Every value that comes from the page is checked: a value
that is not one of the choices offered is the kit's error, and the page puts the dropdown back.

The ladder's levels are offered first, each named with words for how it plays ("Novice —
plays like a beginner"), and its measured rating one choice away: the seat's details line
(and the chooser's tooltip) says it ("about −500 against the classic AI: it wins about 1 game
in 20 against it", :func:`level_details`); the registered agents follow.

>>> choices = opponent_choices("draw")
>>> ("Other: works out every draw", "agent:exact") in choices, choices[0][1]
(True, 'level:beginner')
>>> [label for label, _ in opponent_choices("warpairs")][:5]   # doctest: +NORMALIZE_WHITESPACE
['Beginner — plays like someone who has just learnt the rules',
 'Novice — plays like a beginner', 'Casual — a casual player who makes slips',
 'Club player — plays carefully (the reference)', 'Expert — a strong player']
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
import math
from collections.abc import Callable, Mapping
from html import escape
from typing import Any, Final

import ipywidgets as w

from wpp.core.checks import check_number
from wpp.core.errors import WppError
from wpp.core.ladder import Level, ladder, make_level_agent
from wpp.core.registry import default_agent, make_agent, registered_agents, registration

__all__ = ["PERSON", "SeatChooser", "agent_label", "budget_limit", "budget_option", "check_budget",
           "choice_details", "computer_name", "default_opponent", "level_details", "level_words",
           "make_opponent", "opponent_choices", "opponent_label", "page_name", "seat_label"]

#: The choice that makes a seat a person's.
PERSON: Final = "person"


#: A level's name on the page and words for its strength, weakest first (see
#: :func:`level_words`): one vocabulary for every game, so the five opponent lists read
#: alike. (The names a registration gives its levels — "pyOFC AI", "Hasty" — stay for the
#: analysts' tables and the command line.)
_BANDS: Final = (("Beginner", "plays like someone who has just learnt the rules"),
                 ("Novice", "plays like a beginner"),
                 ("Casual", "a casual player who makes slips"),
                 ("Good player", "a fair club player"))
_REFERENCE: Final = ("Club player", "plays carefully (the reference)")
_STRONG: Final = ("Strong player", "a bit stronger than the club player")
_EXPERT: Final = ("Expert", "a strong player")


def page_name(levels: tuple[Level, ...], lv: Level) -> str:
    """What the page calls ``lv``: its place on the ladder in words every game shares
    ("Novice", "Club player" for the reference); a name two levels of a game would share
    goes to the weaker one, the other keeps the name its game gives it.

    >>> [page_name(ladder("ofc"), lv) for lv in ladder("ofc")]
    ['Beginner', 'Novice', 'Good player', 'Club player', 'Expert']
    """
    names: dict[str, str] = {}
    for x in levels:
        name = _band(levels, x)[0]
        names[x.key] = x.name if name in names.values() else name
    return names.get(lv.key, lv.name)


def _band(levels: tuple[Level, ...], lv: Level) -> tuple[str, str]:
    if lv.is_reference:
        return _REFERENCE
    if lv.rating is None:
        return lv.name, "not rated yet"
    if lv.rating >= 0:
        return _EXPERT if lv.rating >= 60 else _STRONG
    floor = min((x.rating for x in levels if x.rating is not None), default=lv.rating)
    share = 1.0 if floor >= 0 else (lv.rating - floor) / -floor  # 0 the floor, 1 the reference
    band = 0 if share < 0.05 else 1 if share < 0.5 else 2 if share < 0.8 else 3
    cap = 1 if lv.rating < -400 else 2 if lv.rating < -150 else 3
    return _BANDS[min(band, cap)]


def level_words(levels: tuple[Level, ...], lv: Level) -> str:
    """How ``lv`` plays, in words true to its measured rating. A game's luck squeezes its
    ratings (5-card draw's random drawer is only about −140 against the exact AI;
    WarPairsPoker's random player about −920), so a level is placed between the game's
    weakest level (random play: "has just learnt the rules") and the reference ("a careful
    club player"), and capped by its rating itself (below −400: a beginner at best; below
    −150: a casual player at best). A level above the reference is "a strong player"."""
    return _band(levels, lv)[1]


def level_details(lv: Level, levels: tuple[Level, ...] | None = None) -> str:
    """The measured rating of ``lv`` in a line: the Elo figure against the game's reference
    (the club player) with its interval, and what it means in games won; named as the page
    names it among ``levels`` (its game's ladder)."""
    levels = levels if levels is not None else (lv,)
    name = page_name(levels, lv)
    if lv.is_reference:
        return (f"{name}: the reference every level is rated against. "
                f"{lv.description}").strip()
    if lv.rating is None:
        return f"{name}: not rated yet. {lv.description}".strip()
    won = 1 / (1 + 10 ** (-lv.rating / 400))
    share = (f"about {round(won * 10)} game{'s' if round(won * 10) != 1 else ''} in 10"
             if won >= 0.1 else f"about 1 game in {round(1 / won)}" if won >= 0.02
             else "hardly ever: under 1 game in 50")
    interval = (f" (95%: {_elo(lv.low)} to {_elo(lv.high)}, {lv.games} games)"
                if lv.low is not None and lv.high is not None else "")
    against = _REFERENCE[0].lower()
    return (f"{name} — about {_elo(lv.rating)} against the {against}{interval}: it would win "
            f"{share} against it. {lv.description}").strip()


def _elo(x: float) -> str:
    r = int(round(x / 10) * 10)
    return "0" if r == 0 else f"{'+' if r > 0 else '−'}{abs(r)}"


def agent_label(game: str, name: str) -> str:
    """Registered agent ``name`` of ``game`` in words a newcomer knows, from its
    registration's ``AGENT_LABELS`` ("a card counter"); an agent without them is named by
    its registered name ("counting AI"). The page shows these; the names stay the values.

    >>> agent_label("warpairs", "counting")
    'a card counter'
    """
    labels = getattr(registration(game), "AGENT_LABELS", {})
    return str(labels.get(name, f"{name} AI"))


def opponent_choices(game: str) -> list[tuple[str, str]]:
    """The computer's choices for ``game``: (label, value), the ladder's levels first in
    words every game shares ("Novice — plays like a beginner"; :func:`level_details` has the
    rating), then every registered agent in plain words ("Other: a card counter")."""
    levels = ladder(game)
    out = [(f"{page_name(levels, lv)} — {level_words(levels, lv)}", f"level:{lv.key}")
           for lv in levels]
    out += [(f"Other: {agent_label(game, name)}", f"agent:{name}")
            for name in registered_agents(game)]
    return out


def hint_choices(game: str) -> list[tuple[str, str]]:
    """The "Hint from" chooser's choices for ``game``: (label, agent name), every registered
    agent in the opponent list's words — led by the ladder's name where a level is that agent
    as it is (the reference: "Club player — …") — never its registered name.

    >>> hint_choices("warpairs")[0]
    ("Club player — the lessons' classic AI, the game author's own strategy", 'classic')
    """
    levels = ladder(game)
    out = []
    for name in registered_agents(game):
        words = agent_label(game, name)
        plain_level = next((lv for lv in levels if lv.agent == name and not lv.budget), None)
        label = (f"{page_name(levels, plain_level)} — {words}" if plain_level is not None
                 else words[:1].upper() + words[1:])
        out.append((label, name))
    return out


def choice_details(game: str, choice: str) -> str:
    """The details line of a seat's choice: a level's rating and how it plays (a person or
    a registered agent: ``""``)."""
    kind, _, name = _normal(choice).partition(":")
    if kind != "level":
        return ""
    levels = ladder(game)
    return next((level_details(lv, levels) for lv in levels if lv.key == name), "")


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


def budget_limit(default: float) -> float:
    """The largest budget a page accepts for an option whose default is ``default``: 50
    times it (a search's playouts: 200 → 10,000), at least 1 (a rate, a share)."""
    return max(1.0, 50.0 * float(default))


def check_budget(value: object, name: str, high: float) -> float:
    """``value`` if it is a finite number more than 0 and at most ``high``, else the kit's
    error naming the budget ``name``.

    >>> check_budget(float("inf"), "playouts", 10_000)
    Traceback (most recent call last):
    wpp.core.errors.WppError: the playouts budget is a number more than 0 and at most 10000, not inf
    """
    return check_number(value, f"the {name} budget", 0, high, above_low=True)


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
        budget = check_budget(budget, key, budget_limit(default))
        options[key] = int(budget) if isinstance(default, int) else float(budget)
    return make_agent(game, name, seed=seed, **options)


def opponent_label(game: str, choice: str) -> str:
    """How the page names the computer that plays ``choice``."""
    choice = _normal(choice)
    for label, value in opponent_choices(game):
        if value == choice:
            return label.split(" — ")[0].removeprefix("Other: ")
    return choice.partition(":")[2]


def seat_label(seat: int) -> str:
    """A seat as the seat chooser names it for a newcomer, by its place at the table:
    "Seat 1", "Seat 2" (not the engine's "P2", which a page no longer shows beside the
    names).

    >>> seat_label(1)
    'Seat 2'
    """
    return f"Seat {seat + 1}"


def computer_name(game: str, agent: str, options: Mapping[str, Any]) -> str:
    """How a page names the computer that plays ``agent`` with ``options`` (a room's seat):
    its ladder level's name when it is one ("Strong player"), else the agent in plain words
    — never its registered name or its options ("expected (share 0.9)").

    >>> computer_name("warpairs", "classic", {})
    'Club player'
    >>> computer_name("draw", "stand", {})
    'never changes a card'
    """
    levels = ladder(game)
    for lv in levels:
        if lv.agent == agent and dict(lv.budget) == dict(options):
            return page_name(levels, lv)
    return opponent_label(game, f"agent:{agent}")


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
        #: Under each seat: the chosen level's measured rating and how it plays.
        self.details: dict[int, w.HTML] = {}
        rows: list[w.Widget] = []
        self._mute = False
        for seat in range(players):
            value = _normal(chosen.get(seat, PERSON))
            if value not in self.values:
                raise WppError(f"{seat_label(seat)} cannot be played by {value!r:.40} in "
                               f"{game}; choose from {', '.join(sorted(self.values))}")
            d = w.Dropdown(options=options, value=value, description=seat_label(seat),
                           tooltip=f"who plays {seat_label(seat).lower()}",
                           layout=w.Layout(width="100%"))
            d.add_class("wpp-seat-choice")
            d.add_class(f"wpp-seat-{seat}")
            b = w.FloatText(value=0.0, description="budget", tooltip="the agent's budget",
                            layout=w.Layout(width="100%", display="none"))
            b.add_class("wpp-seat-budget")
            details = w.HTML("")
            details.add_class("wpp-seat-details")
            self.dropdowns[seat], self.budgets[seat] = d, b
            self.details[seat] = details
            rows += [d, details, b]
            self._show_budget(seat)
        head = w.HTML('<span class="wpp-menu-label">Who plays in each seat</span>')
        self.box = w.VBox([head, *rows])
        self.box.add_class("wpp-seats")
        self._callbacks: list[Callable[[int], None]] = []
        for seat, d in self.dropdowns.items():
            d.observe(lambda c, s=seat: self._changed(s, c), names="value")
            self.budgets[seat].observe(lambda c, s=seat: self._budget_changed(s, c),
                                       names="value")
        self._refusals: list[Callable[[str], None]] = []

    def choice(self, seat: int) -> str:
        """The choice of ``seat`` now."""
        return str(self.dropdowns[seat].value)

    def budget(self, seat: int) -> float | None:
        """The budget typed for ``seat`` (``None``: its agent has none)."""
        if budget_option(self.game, self.choice(seat)) is None:
            return None
        value = self.budgets[seat].value
        return (float(value) if isinstance(value, int | float) and math.isfinite(value)
                and value > 0 else None)

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

    def _show_details(self) -> None:
        """Each seat's details line; a seat played like an earlier one says so in a few
        words instead of the same paragraph again (Pairs with four players printed it three
        times)."""
        first: dict[str, int] = {}
        for seat in sorted(self.details):
            text = choice_details(self.game, self.choice(seat))
            if text and text in first:
                text = f"the same as {seat_label(first[text]).lower()}"
            elif text:
                first[text] = seat
            html = f'<span class="wpp-muted">{escape(text)}</span>' if text else ""
            if self.details[seat].value != html:
                self.details[seat].value = html

    def _show_budget(self, seat: int) -> None:
        text = choice_details(self.game, self.choice(seat))
        self._show_details()
        tip = f"who plays {seat_label(seat).lower()}" + (f": {text}" if text else "")
        if self.dropdowns[seat].tooltip != tip:
            self.dropdowns[seat].tooltip = tip
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

    def _budget_changed(self, seat: int, change: dict[str, Any]) -> None:
        """A budget typed (or sent over the websocket: any JSON number, ``Infinity`` too):
        checked like any input — a finite number more than 0 and at most
        :func:`budget_limit` — else put back, the kit's message, nothing applied or kept."""
        if self._mute:
            return
        option = budget_option(self.game, self.choice(seat))
        if option is not None:
            try:
                check_budget(change["new"], option[0], budget_limit(option[1]))
            except WppError as err:
                self._mute = True
                try:
                    old = change["old"]
                    self.budgets[seat].value = (float(old) if isinstance(old, int | float)
                                                and math.isfinite(old) else float(option[1]))
                finally:
                    self._mute = False
                for refuse in self._refusals:
                    refuse(str(err))
                return
        self._fire(seat)

    def on_refuse(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(reason)`` when a value from the page is refused."""
        self._refusals.append(callback)

    def on_change(self, callback: Callable[[int], None]) -> None:
        """Call ``callback(seat)`` when a seat's choice or budget changes."""
        self._callbacks.append(callback)

    def _fire(self, seat: int) -> None:
        if self._mute:
            return
        for cb in self._callbacks:
            cb(seat)
