"""The one registry of the kit's games and of each game's agents.

A game registers itself by living in its own package under ``wpp/`` with a module
``registration.py`` (``wpp/<package>/registration.py``) that defines

* ``GAME``: an instance of its :class:`~wpp.core.protocol.GameDef` (the rules as code);
* ``AGENTS``: its agents, a dict of name → ``factory(seed, **options)``; the first is the
  default opponent of its page and command line;
* optionally ``HISTORY``: a :class:`~wpp.core.history.History` subclass with the game's own
  conveniences (WarPairsPoker's :class:`wpp.Game`), ``ORDER``: its place in listings, and
  ``PLAY`` or ``COMMANDS``: a ``play`` command of its own, or all of its commands (see
  :mod:`wpp.core.cli`), ``REVIEW``: the evaluator a game review uses
  (:mod:`wpp.core.review`), ``LADDER``: its opponent ladder, weakest first
  (:mod:`wpp.core.ladder`; checked here: known agents, options they take, unique keys), and
  ``HINT``: the agent a page's Hint asks by default (:func:`hint_agent`; checked here),
  and ``MATCH``: the match its page plays (:func:`match_rule`; checked here).

A game whose ``AGENTS`` has no ``random`` gets the kit's
:class:`~wpp.core.agents.UniformAgent` under that name, so every game can be played at random
(``random-games``, the analysis' baselines). Nothing else in the kit lists the games, so adding
one needs no change outside its own package, its widgets and its notebooks. The games are found
the first time they are asked for, in the order of their ``ORDER`` number (WarPairsPoker
first), then by name.

>>> registered_games()[0]
'warpairs'
>>> registered_agents("warpairs")
('classic', 'counting', 'greedy', 'noisy', 'random', 'search')
>>> g = new_game("warpairs", seed=3)
>>> g.name, g.players, g.is_over
('warpairs', 2, False)
"""

from __future__ import annotations

import importlib.util
import inspect
import pkgutil
import re
from functools import cache
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from wpp.core.agents import UniformAgent
from wpp.core.checks import check_seed
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, parse_save
from wpp.core.matches import DEFAULT_RULE, MatchRule
from wpp.core.protocol import AgentFactory, GameDef
from wpp.core.seeds import secret_seed

__all__ = [
    "default_agent",
    "game_def",
    "hint_agent",
    "load_game",
    "make_agent",
    "match_rule",
    "new_game",
    "registered_agents",
    "registered_games",
    "registration",
]


Entry = tuple[GameDef[Any, Any, Any, Any], type[History[Any, Any]], dict[str, AgentFactory]]


@cache
def _registry() -> dict[str, Entry]:
    found: list[tuple[int, str, Entry]] = []
    for module in _registrations():
        where = module.__name__
        game = getattr(module, "GAME", None)
        if not isinstance(game, GameDef):
            raise RuntimeError(f"{where} must define GAME, the game's definition")
        history = getattr(module, "HISTORY", History)
        agents = getattr(module, "AGENTS", None)
        if not isinstance(agents, dict) or not agents:
            raise RuntimeError(f"{where} must name its agents in AGENTS")
        if "random" not in agents:
            agents = {**agents, "random": UniformAgent}
        _check_ladder(where, getattr(module, "LADDER", None), agents)
        hint = getattr(module, "HINT", None)
        if hint is not None and hint not in agents:
            raise RuntimeError(f"{where}: HINT names agent {hint!r}, not one of its AGENTS")
        match = getattr(module, "MATCH", None)
        if match is not None and not isinstance(match, MatchRule):
            raise RuntimeError(f"{where}: MATCH must be a MatchRule (wpp.core.matches)")
        found.append((getattr(module, "ORDER", 100), game.name, (game, history, agents)))
    names = [name for _, name, _ in found]
    if len(set(names)) != len(names):
        raise RuntimeError(f"two packages register the same game name: {sorted(names)}")
    return {name: entry for _, name, entry in sorted(found, key=lambda t: t[:2])}


_KEY = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def _check_ladder(where: str, ladder: object, agents: dict[str, AgentFactory]) -> None:
    """A registration's optional ``LADDER``, checked once: a non-empty tuple of rungs
    (:data:`~wpp.core.protocol.LadderRung`), each a unique lower-case key, a unique name, a
    registered agent, options that agent's factory takes, and a description; the first
    agent of ``AGENTS`` with no options (the reference its ratings are relative to) is one
    of them. A mistake is the registration's bug, so it stops the registry (as a missing
    ``GAME`` does)."""
    if ladder is None:
        return
    if not isinstance(ladder, tuple) or not ladder:
        raise RuntimeError(f"{where}: LADDER is a non-empty tuple of (key, name, agent, "
                           "options, description)")
    keys: set[str] = set()
    names: set[str] = set()
    for rung in ladder:
        if not (isinstance(rung, tuple) and len(rung) == 5
                and all(isinstance(x, str) for x in (*rung[:3], rung[4]))
                and isinstance(rung[3], dict)):
            raise RuntimeError(f"{where}: a LADDER rung is (key, name, agent, options, "
                               f"description), not {rung!r:.80}")
        key, name, agent, options, description = rung
        if not _KEY.fullmatch(key) or key in keys:
            raise RuntimeError(f"{where}: LADDER key {key!r} is not a new lower-case word")
        if not name.strip() or name in names or not description.strip():
            raise RuntimeError(f"{where}: LADDER rung {key!r} needs a new name and a "
                               "description")
        if agent not in agents:
            raise RuntimeError(f"{where}: LADDER rung {key!r} names agent {agent!r}, not one "
                               f"of {', '.join(agents)}")
        try:
            inspect.signature(agents[agent]).bind(0, **options)
        except TypeError as err:
            raise RuntimeError(f"{where}: LADDER rung {key!r} gives the {agent} agent "
                               f"options it does not take: {options} ({err})") from None
        keys.add(key)
        names.add(name)
    reference = next(iter(agents))
    if not any(agent == reference and not options for _, _, agent, options, _ in ladder):
        raise RuntimeError(f"{where}: LADDER must hold the default agent {reference!r} with "
                           "no options: the ratings are relative to it")


def _registrations() -> list[ModuleType]:
    """Every ``wpp.<package>.registration`` module, imported (the kit's own packages, core
    and analysis, have none)."""
    modules = []
    for info in pkgutil.iter_modules([str(Path(__file__).resolve().parents[1])]):
        if not info.ispkg or info.name in ("core", "analysis"):
            continue
        name = f"wpp.{info.name}.registration"
        if importlib.util.find_spec(name) is not None:
            modules.append(import_module(name))
    return modules


@cache
def registration(name: str) -> ModuleType:
    """The registration module of game ``name`` (for its optional extras: ``PLAY``,
    ``COMMANDS``); an unknown name is a ``WppError``."""
    _entry(name)
    for module in _registrations():
        if getattr(module, "GAME", None) is game_def(name):
            return module
    raise WppError(f"unknown game {name!r:.40}")  # pragma: no cover - _entry checked it


def _entry(name: str) -> Entry:
    registry = _registry()
    if not isinstance(name, str) or name not in registry:
        raise WppError(f"unknown game {name!r:.40}; the kit has {', '.join(registry)}")
    return registry[name]


def registered_games() -> tuple[str, ...]:
    """The names of every game of the kit, WarPairsPoker first."""
    return tuple(_registry())


def game_def(name: str) -> GameDef[Any, Any, Any, Any]:
    """The definition of the game called ``name``; an unknown name is a ``WppError``."""
    return _entry(name)[0]


def new_game(name: str, seed: int | None = 0, players: int | None = None, *,
             deck: Any = None, history: bool = True, **flags: Any) -> History[Any, Any]:
    """A new game of ``name`` with its history: ``seed`` deals (``None``: a
    :func:`~wpp.core.seeds.secret_seed`, for a deal nobody may know — a game against the
    computer; the default 0 and any given seed deal the same cards every time), ``players``
    seats (the game's default if ``None``), ``flags`` set its rule variations (each game's
    ``rules`` names them). For WarPairsPoker this is a :class:`wpp.Game`."""
    game, cls, _ = _entry(name)
    rules = game.rules(**flags)  # bad flags are refused before a seed is drawn
    return cls.create(game, secret_seed() if seed is None else seed, players, rules,
                      deck=deck, history=history)


def load_game(text: str | bytes) -> History[Any, Any]:
    """Any registered game's save file, replayed and checked; anything wrong with it —
    malformed, another game or version, edited, inconsistent — is a
    :class:`~wpp.core.errors.GameFileError` that says what."""
    doc = parse_save(text)
    try:
        game, cls, _ = _entry(doc["game"])
    except WppError as err:
        raise GameFileError(str(err)) from None
    try:
        return cls.from_doc(game, doc)
    except GameFileError:
        raise
    except WppError as err:  # bad rules, deck or player count
        raise GameFileError(f"bad {game.title} file: {err}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError,
            RecursionError, OverflowError) as err:
        # A safety net: the game's readers should refuse bad input with WppError; anything
        # they let through is still the file's fault and reported as such.
        raise GameFileError(f"bad {game.title} file: {type(err).__name__}: {err}") from None


def registered_agents(name: str) -> tuple[str, ...]:
    """The names of the agents of game ``name``, sorted."""
    return tuple(sorted(_entry(name)[2]))


def default_agent(name: str) -> str:
    """The agent a page or command line of game ``name`` plays against by default."""
    return next(iter(_entry(name)[2]))


def hint_agent(name: str) -> str:
    """The agent a page's Hint of game ``name`` asks by default: the registration's ``HINT``
    — the AI its game review compares with, so that a learner who follows the Hint is not
    told by the review that the move was a mistake — else the default opponent.

    >>> hint_agent("pairs"), hint_agent("warpairs")
    ('expected', 'classic')
    """
    hint = getattr(registration(name), "HINT", None)  # refuses an unknown game
    return hint if isinstance(hint, str) else default_agent(name)


def match_rule(name: str) -> MatchRule:
    """The match a page of game ``name`` plays: the registration's ``MATCH``, else
    :data:`~wpp.core.matches.DEFAULT_RULE` (first to 3 wins).

    >>> match_rule("warpairs").words()
    'first to 2 wins'
    """
    match = getattr(registration(name), "MATCH", None)  # refuses an unknown game
    return match if isinstance(match, MatchRule) else DEFAULT_RULE


def make_agent(name: str, agent: str, seed: int | None = 0, **options: Any) -> Any:
    """A new agent ``agent`` of game ``name``; ``seed`` seeds its random choices (``None``:
    unseeded; else a whole number from 0 to 2**63 - 1) and ``options`` are its settings
    (each agent names its own, with its bounds; a wrong one is a ``WppError`` naming it)."""
    factories = _entry(name)[2]
    if not isinstance(agent, str) or agent not in factories:
        raise WppError(f"unknown agent {agent!r:.40} for {name}; choose from "
                       f"{', '.join(sorted(factories))}")
    factory = factories[agent]
    if seed is not None:
        check_seed(seed, f"the seed of the {agent} agent")
    try:
        inspect.signature(factory).bind(seed, **options)
    except TypeError as err:
        raise WppError(f"bad options for the {agent} agent of {name}: {options!r:.80} "
                       f"({err})") from None
    return factory(seed, **options)
