"""Tournaments and game analysis over any registered game: who is stronger, by how much, and
what the game is like.

The public API, for any game (``"warpairs"``, ``"draw"``, …) and any number of seats:

* :func:`play_tournament` ``(game, agents, deals, seed=0, *, duplicate=True, workers=1,
  scheduler=None, client=None, lead="game", progress=True, **flags)`` → :class:`MatchResult`
  with ``games`` (one row per game), ``seats`` (one per game and seat) and ``decisions``
  (one per decision) as pandas tables, and ``save(path)`` (Parquet or CSV);
* :func:`agent_table` / :func:`seat_table` ``(result.seats)``: win rates and mean returns
  with 95% intervals, per agent and per seat; :func:`first_player_advantage`;
  :func:`head_to_head` and :func:`bradley_terry` (Elo scale) for two-seat line-ups;
* :func:`game_quality` ``(all_random, one_ai, ai)``: CardStock's choices per game, AI win
  and non-loss rates, first-player win rate, order, fairness, convergence, spread, drama
  and security, each with its interval; :func:`summary` / :func:`format_summary`: the
  command line's tables;
* each game adds its own columns through its definition's analysis hooks
  (:class:`wpp.core.protocol.GameDef`: ``branching``, ``counts_as_move``,
  ``lead_estimates``, ``move_spread``, ``first_player``, ``decision_columns``,
  ``analysis_columns``), and :mod:`wpp.core.arena` schedules and plays the games.

Modules, one idea each:

* :mod:`~wpp.analysis.match` — the tables of a tournament (:class:`MatchResult`);
* :mod:`~wpp.analysis.parallel` — the same chunks of work here, in a process pool or on Dask;
* :mod:`~wpp.analysis.tournament` — tournaments, matches and round robins;
* :mod:`~wpp.analysis.stats` — Wilson intervals, per-agent and per-seat tables,
  Bradley–Terry ratings, first-player advantage, game length, branching factor, lead changes;
* :mod:`~wpp.analysis.quality` — the CardStock game-quality metrics;
* :mod:`~wpp.analysis.report` — the summary tables the command line prints;
* :mod:`~wpp.analysis.plots` — the notebook's figures;
* :mod:`~wpp.analysis.io` — Parquet/CSV by extension;
* :mod:`~wpp.analysis.commands` — ``python -m wpp GAME random-games|tournament``, added to
  the core's game commands by ``python -m wpp`` (WarPairsPoker's own are
  :mod:`wpp.warpairs.tournament_cli`);
* :mod:`~benchmarks.analysis` — speed.

These need pandas (and pyarrow, tqdm, dask for parallel runs and Parquet): the ``analysis``
extra. The engine itself needs none of them. The names below are imported on first use, so
``python -m wpp`` can offer its ``tournament`` command without loading pandas for ``play``.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wpp.analysis.match import GameSpec, MatchResult, schedule
    from wpp.analysis.quality import game_quality
    from wpp.analysis.report import format_summary, summary
    from wpp.analysis.stats import (
        agent_table,
        bradley_terry,
        first_player_advantage,
        head_to_head,
        seat_table,
    )
    from wpp.analysis.tournament import play_tournament, round_robin, run_match, run_specs

__all__ = ["GameSpec", "MatchResult", "agent_table", "bradley_terry", "first_player_advantage",
           "format_summary", "game_quality", "head_to_head", "play_tournament",
           "round_robin", "run_match", "run_specs", "schedule", "seat_table", "summary"]

_HOME = {"GameSpec": "match", "MatchResult": "match",
         "schedule": "match", "round_robin": "tournament", "run_match": "tournament",
         "run_specs": "tournament", "play_tournament": "tournament",
         "game_quality": "quality", "format_summary": "report", "summary": "report",
         "agent_table": "stats", "bradley_terry": "stats", "first_player_advantage": "stats",
         "head_to_head": "stats", "seat_table": "stats"}


def __getattr__(name: str) -> Any:
    """Import a name of ``__all__`` from its module on first use."""
    if name not in _HOME:
        raise AttributeError(f"module 'wpp.analysis' has no attribute {name!r}")
    value = getattr(import_module(f"wpp.analysis.{_HOME[name]}"), name)
    globals()[name] = value
    return value
