"""Every game's opponent ladder: named levels from a true beginner's opponent to the
strongest AI, each an agent with a budget, each with a measured rating.

A game declares its levels as data in its registration, weakest first: ``LADDER``, a tuple of
(key, name shown to people, agent name, the agent's options, how it plays in plain words —
for a weak level, how it is weaker on purpose and at what rate); the registry checks it. A
game without one gets two levels: random play and its default AI. The ratings are data too:
``wpp/<package>/data/ladder.json``, written by ``python -m wpp.analysis.ratings --game NAME
--write`` (a round robin of the levels on duplicate deals, Bradley–Terry on the Elo scale
relative to the game's reference AI — its default agent, WarPairsPoker's classic AI — with
a bootstrap interval over deals; see :mod:`wpp.analysis.ratings`).

The API a page needs is three calls:

* :func:`ladder` — the levels of a game, weakest first (:class:`Level`: key, name, agent,
  budget, description, rating and its 95% interval, games);
* :func:`level_label` — the chooser's text for one level;
* :func:`make_level_agent` — the agent that plays that level;

and :func:`reference_level`, the level to start on (the game's default AI).

>>> [level.key for level in ladder("draw")][0]
'beginner'
>>> level_label(level("draw", "exact"))
'Exact AI — the reference'
>>> make_level_agent("draw", "nonsense")
Traceback (most recent call last):
...
wpp.core.errors.WppError: unknown level 'nonsense' of 5-card draw; its levels: beginner, ...
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from wpp.core.errors import WppError
from wpp.core.protocol import LadderRung
from wpp.core.registry import default_agent, game_def, make_agent, registration

__all__ = ["DATA_FILE", "Level", "data_path", "declared", "ladder", "ladder_measurement",
           "level", "level_label", "make_level_agent", "reference_level"]

#: Where each game's ratings are stored, inside its package.
DATA_FILE: Final = "data/ladder.json"
#: The stored file's format name and version.
FORMAT: Final = ("wpp-ladder", 1)


@dataclass(frozen=True)
class Level:
    """One rung of a game's opponent ladder."""

    #: Its key ("beginner"): stable, for code and save files.
    key: str
    #: The name shown to people ("Beginner").
    name: str
    #: The registered agent that plays it, and that agent's options (its budget).
    agent: str
    budget: dict[str, Any] = field(hash=False)
    #: How it plays, in plain words; for a weak level, how it is weaker on purpose.
    description: str = ""
    #: The reference AI the rating is relative to (the game's default agent: "classic").
    reference: str = ""
    #: Its Elo rating relative to the reference (0 for the reference itself) and the 95%
    #: interval; ``None`` when it has not been measured (or its stored figures are of
    #: another agent or budget).
    rating: float | None = None
    low: float | None = None
    high: float | None = None
    #: How many games the rating was measured on.
    games: int = 0
    #: The reference level's name as a label says it ("classic AI", "CardStock AI").
    reference_name: str = ""

    @property
    def is_reference(self) -> bool:
        """Whether this level is the reference AI itself (its default budget)."""
        return self.agent == self.reference and not self.budget


def declared(game: str) -> tuple[LadderRung, ...]:
    """The game's ``LADDER`` as its registration declares it (checked by the registry), or
    the default ladder — random play, then the default AI — for a game without one."""
    rungs = getattr(registration(game), "LADDER", None)
    if rungs is not None:
        return tuple(rungs)
    ref = default_agent(game)
    out: list[LadderRung] = []
    if ref != "random":
        out.append(("beginner", "Beginner", "random", {},
                    "Plays a uniformly random legal action at every decision."))
    out.append((ref.lower(), f"{ref.capitalize()} AI", ref, {},
                "The game's default AI, at its default budget."))
    return tuple(out)


def data_path(game: str) -> Path:
    """The source file the game's ratings are written to (``wpp/<package>/data/
    ladder.json``), beside its registration module."""
    module = registration(game).__file__
    if module is None:  # pragma: no cover - a registration is always a file
        raise WppError(f"{game}'s registration has no file")
    return Path(module).resolve().parent / DATA_FILE


@cache
def _stored(game: str) -> dict[str, Any] | None:
    package = registration(game).__name__.rpartition(".")[0]
    where = resources.files(package).joinpath(DATA_FILE)
    if not where.is_file():
        return None
    try:
        doc = json.loads(where.read_text(encoding="utf-8"))
    except ValueError as err:
        raise WppError(f"{package}/{DATA_FILE} is not JSON: {err}") from None
    if not isinstance(doc, dict) or (doc.get("format"), doc.get("version")) != FORMAT \
            or not isinstance(doc.get("levels"), list):
        raise WppError(f"{package}/{DATA_FILE} is not a ladder file of format "
                       f"{FORMAT[0]} {FORMAT[1]}")
    return doc


def ladder_measurement(game: str) -> dict[str, Any] | None:
    """How the game's stored ratings were measured — date, load, deals, games, seatings,
    score, interval, CPU per move — or ``None`` when none are stored."""
    game_def(game)
    doc = _stored(game)
    return None if doc is None else {k: v for k, v in doc.items() if k != "pairs"}


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else None


def ladder(game: str) -> tuple[Level, ...]:
    """The opponent ladder of ``game``, weakest first, with each level's stored rating (an
    unknown game is a ``WppError``). Each call builds new levels (their budgets are the
    caller's to keep); the stored file is read once."""
    game_def(game)
    reference = default_agent(game)
    doc = _stored(game)
    stored = {row.get("key"): row for row in (doc or {}).get("levels", [])
              if isinstance(row, dict)}
    rungs = declared(game)
    ref_name = next((_in_sentence(name) for _, name, agent, budget, _ in rungs
                     if agent == reference and not budget), f"{reference} AI")
    out = []
    for key, name, agent, budget, description in rungs:
        row = stored.get(key)
        fits = (row is not None and row.get("agent") == agent and row.get("budget") == budget)
        out.append(Level(key, name, agent, dict(budget), description, reference,
                         _number(row.get("rating")) if fits and row else None,
                         _number(row.get("low")) if fits and row else None,
                         _number(row.get("high")) if fits and row else None,
                         int(row.get("games", 0)) if fits and row else 0, ref_name))
    return tuple(out)


def _in_sentence(name: str) -> str:
    """A level's name inside a sentence: a plain capitalised first word in lower case
    ("Classic AI" → "classic AI"; "CardStock AI" and "pyOFC AI" stay)."""
    first, _, rest = name.partition(" ")
    if first[:1].isupper() and first[1:].islower():
        first = first.lower()
    return f"{first} {rest}".strip()


def level(game: str, key: str) -> Level:
    """The level ``key`` of ``game``'s ladder; a bad key is a ``WppError`` naming it and the
    game's levels."""
    levels = ladder(game)
    for lv in levels:
        if lv.key == key:
            return lv
    raise WppError(f"unknown level {key!r:.40} of {game_def(game).title}; its levels: "
                   f"{', '.join(lv.key for lv in levels)}")


def reference_level(game: str) -> Level:
    """The level a chooser starts on: the game's reference AI (its default agent), the one
    every rating is relative to."""
    return next(lv for lv in ladder(game) if lv.is_reference)


def make_level_agent(game: str, key: str, seed: int | None = 0) -> Any:
    """A new agent playing level ``key`` of ``game``: the level's agent with its budget,
    seeded with ``seed`` (as :func:`wpp.make_agent`)."""
    lv = level(game, key)
    return make_agent(game, lv.agent, seed, **lv.budget)


def _elo(x: float) -> str:
    """A rating as people read it: rounded to 10 with a true minus sign."""
    r = int(round(x / 10) * 10)
    return "0" if r == 0 else f"{'+' if r > 0 else '−'}{abs(r)}"


def level_label(lv: Level) -> str:
    """The opponent chooser's text for a level: its name and its rating against the
    reference AI, rounded to 10 Elo ("Beginner — about −400 against the classic AI"); the
    reference says so, and an unmeasured level says it is not rated yet."""
    if lv.is_reference:
        return f"{lv.name} — the reference"
    if lv.rating is None:
        return f"{lv.name} — not rated yet"
    against = lv.reference_name or f"{lv.reference} AI"
    return f"{lv.name} — about {_elo(lv.rating)} against the {against}"
