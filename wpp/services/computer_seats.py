"""The seats a room's computer plays: who plays them and why (:class:`Computer`), the host's
choice checked (:func:`check_computer`), and each decision's seed (:func:`computer_seed`),
the same whichever page makes it.

A seat is the computer's because the host gave it (:data:`HOST`), because it took over from a
person who had gone, until they are back (:data:`CLAIMED`), or because the person left the
game (:data:`LEFT`). A budget measured in time (``seconds``, ``move_time``…) is refused: the
decision must not depend on the machine of the page that makes it. Used by the room store
(:mod:`wpp.services.rooms`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.history import History, seat_name
from wpp.core.registry import make_agent

__all__ = ["CLAIMED", "HOST", "LEFT", "WHYS", "Computer", "check_computer", "computer_seed",
           "concede_of", "has_concede"]

#: Why the computer plays a seat (:attr:`Computer.why`): the host gave it the seat when the
#: room was made; it took the seat over from a person who had gone (until they are back);
#: the person left the game (for good).
HOST: Final = "host"
CLAIMED: Final = "claimed"
LEFT: Final = "left"
WHYS: Final = (HOST, CLAIMED, LEFT)
#: Agent options that are a time budget: refused in a room, where the computer's decision
#: must not depend on the machine of the page that makes it.
_TIME_OPTIONS: Final = re.compile(r"seconds|.*_time|time")


@dataclass(frozen=True, slots=True)
class Computer:
    """A seat the computer plays: its agent's registered name, the agent's options (its
    budget, e.g. ``{"playouts": 20}``), and why it plays the seat (:data:`HOST`,
    :data:`CLAIMED` or :data:`LEFT`)."""

    agent: str
    options: Mapping[str, Any] = field(default_factory=dict)
    why: str = HOST

    def describe(self) -> str:
        """The agent in words for a page: ``"pipmc (playouts 20)"``."""
        opts = ", ".join(f"{k} {v}" for k, v in sorted(self.options.items()))
        return f"{self.agent} ({opts})" if opts else self.agent


def computer_seed(salt: str, seat: int, move: int) -> int:
    """The seed of the computer's agent for ``seat``'s decision at move number ``move`` of a
    room whose salt is ``salt``: the same on every page, different for every decision.

    >>> computer_seed("ab", 2, 7) == computer_seed("ab", 2, 7) != computer_seed("ab", 2, 8)
    True
    """
    digest = hashlib.sha256(f"{salt}|{seat}|{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1     # 0 .. 2**63 - 1


def has_concede(history: History[Any, Any]) -> bool:
    """Whether the seat to act may concede now (the game has a Concede action)."""
    return concede_of(history) is not None


def concede_of(history: History[Any, Any]) -> Any:
    """The engine's Concede for the seat to act, or ``None`` if it has none now."""
    if history.is_over:
        return None
    for action in history.legal_actions():
        if type(action).__name__ == "Concede":
            return action
    return None


def check_computer(history: History[Any, Any], computer: Mapping[int, Any] | None
                   ) -> dict[int, Computer]:
    """The computer's seats of a room of ``history``'s game, checked: each a seat of the
    game, its agent a registered one (by name, or ``(name, options)`` with the options its
    budget, which the agent checks), no time budget, and at least one seat left for a
    person. The kit's error naming what is wrong otherwise.

    >>> from wpp.core.registry import new_game
    >>> seats = check_computer(new_game("ofc", players=3),
    ...                        {1: "random", 2: ("pyofc", {"passes": 5})})
    >>> seats[2], seats[1].describe()
    (Computer(agent='pyofc', options={'passes': 5}, why='host'), 'random')
    >>> check_computer(new_game("ofc", players=2), {2: "random"})
    Traceback (most recent call last):
    wpp.core.errors.WppError: Open Face Chinese Poker has seats 0 to 1 (P1 to P2), not 2
    """
    if computer is None:
        return {}
    if not isinstance(computer, Mapping):
        raise WppError(f"the computer's seats are a mapping seat → agent, not {computer!r:.40}")
    n, title = history.players, history.game.title
    out = {}
    for seat, spec in computer.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise WppError(f"{title} has seats 0 to {n - 1} (P1 to P{n}), not {seat!r:.20}")
        if isinstance(spec, str):
            name, options = spec, {}
        elif (isinstance(spec, tuple | list) and len(spec) == 2 and isinstance(spec[0], str)
              and (spec[1] is None or isinstance(spec[1], Mapping))):
            name, options = spec[0], dict(spec[1] or {})
        else:
            raise WppError(f"the computer's agent for {seat_name(seat)} is a name or (name, "
                           f"options), not {spec!r:.40}")
        for key, value in options.items():
            if not isinstance(key, str):
                raise WppError(f"an agent's options are named by words, not {key!r:.20}")
            if _TIME_OPTIONS.fullmatch(key) and value is not None:
                raise WppError(f"a room's computer plays to a fixed budget, not a time limit "
                               f"({key}={value!r:.20}): its decision must not depend on the "
                               "machine that makes it")
        try:
            text = json.dumps(options, allow_nan=False)
        except (TypeError, ValueError):
            raise WppError(f"the options of the {name} agent are numbers, words or true/"
                           f"false, not {options!r:.60}") from None
        make_agent(history.name, name, 0, **options)   # the agent checks its own options
        out[seat] = Computer(name, json.loads(text), HOST)
    if len(out) >= n:
        raise WppError(f"the computer cannot play every seat of a room: leave at least one "
                       f"of the {n} seats to a person")
    return out
