"""WarPairsPoker: John Sileo's two-player game of singles, pairs and poker hands — its engine,
its AIs, its lesson logic and its analysis, in one package.

The engine's names, gathered here for code outside the package (inside it, each module
imports from the module that defines a name, so the imports go one way):

* the deal (R10–R11): :data:`DEAL_SIZE`, :data:`MULLIGAN_SIZE`, :func:`deal`,
  :func:`reshuffled` (R18) — :mod:`wpp.warpairs.deal`;
* :class:`Phase`, :class:`EndReason`, :class:`TrickPlay`, :func:`player_name` —
  :mod:`wpp.warpairs.phases`; :class:`Event`, the narration of one action —
  :mod:`wpp.warpairs.events`;
* :class:`GameState`, the whole truth of one moment, immutable — :mod:`wpp.warpairs.state`;
  :class:`View`, what one player may know, and :func:`legal_actions` computed from a view
  alone — :mod:`wpp.warpairs.view`; :func:`step` (thaw → validate → board operations →
  freeze) — :mod:`wpp.warpairs.transitions` on the mutable board of :mod:`wpp.warpairs.board`;
* :class:`Game`, a game with its history, and :func:`play_game` — :mod:`wpp.warpairs.game`;
  the registered definition, :data:`WARPAIRS` — :mod:`wpp.warpairs.definition`;
* :func:`make_agent` and :data:`AGENT_NAMES`: the game's agents by name (the registry's).

Where the rest lives: cards and plays (:mod:`~wpp.warpairs.plays`, :mod:`~wpp.warpairs.lookup`,
:mod:`~wpp.warpairs.judge`, :mod:`~wpp.warpairs.moves`), the rules and their flags
(:mod:`~wpp.warpairs.rules`, ``rules.md``), fast simulation (:mod:`~wpp.warpairs.play_counts`,
:mod:`~wpp.warpairs.random_games`, :mod:`~wpp.warpairs.playout`), the public record
(:mod:`~wpp.warpairs.record`), the page's words (:mod:`~wpp.warpairs.presenter`), the AIs
(:mod:`wpp.warpairs.ai`), the lessons' logic (:mod:`wpp.warpairs.teach`) and the game's own
analysis (:mod:`~wpp.warpairs.game_stats`, :mod:`~wpp.warpairs.frequencies`,
:mod:`~wpp.warpairs.strength`, :mod:`~wpp.warpairs.tournament_cli`).

>>> g = Game(seed=7)
>>> g.phase is Phase.MULLIGAN, len(g.view(0).hand) == DEAL_SIZE
(True, True)
>>> make_agent("classic", 1).name
'classic'
"""

from __future__ import annotations

from typing import Any

from wpp.core.agents import Agent
from wpp.warpairs.deal import DEAL_SIZE, MULLIGAN_SIZE, deal, reshuffled
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.events import Event
from wpp.warpairs.game import Game, play_game
from wpp.warpairs.phases import EndReason, Phase, TrickPlay, player_name
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View, drawing_options, legal_actions

__all__ = [
    "AGENT_NAMES",
    "DEAL_SIZE",
    "MULLIGAN_SIZE",
    "WARPAIRS",
    "EndReason",
    "Event",
    "Game",
    "GameState",
    "Phase",
    "TrickPlay",
    "View",
    "deal",
    "drawing_options",
    "legal_actions",
    "make_agent",
    "play_game",
    "player_name",
    "reshuffled",
    "step",
]


def make_agent(name: str, seed: int | None = None, **options: Any) -> Agent:
    """A new WarPairsPoker agent by name (``"classic"``, ``"counting"``, ``"search"``, …);
    ``seed`` seeds its random choices. The same as ``wpp.make_agent("warpairs", name, ...)``."""
    from wpp.core.registry import make_agent as _make

    agent: Agent = _make("warpairs", name, seed, **options)
    return agent


def __getattr__(name: str) -> Any:
    if name == "AGENT_NAMES":  # the registry's names, read when asked for
        from wpp.core.registry import registered_agents

        return registered_agents("warpairs")
    raise AttributeError(f"module 'wpp.warpairs' has no attribute {name!r}")
