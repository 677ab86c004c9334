"""Tournaments and game analysis: who is stronger, by how much, and what the game is like.

Modules, one idea each:

* :mod:`~wpp.analysis.match` — one game recorded decision by decision; match schedules with
  duplicate deals; the games and decisions tables;
* :mod:`~wpp.analysis.parallel` — the same chunks of work here, in a process pool or on Dask;
* :mod:`~wpp.analysis.tournament` — matches and round robins between named agents;
* :mod:`~wpp.analysis.agents` — agents by name, and a greedy baseline;
* :mod:`~wpp.analysis.stats` — Wilson intervals, Bradley–Terry ratings, first-player
  advantage, game length, branching factor, lead changes;
* :mod:`~wpp.analysis.quality` — the CardStock game-quality metrics (fairness, drama,
  security, spread, convergence, order);
* :mod:`~wpp.analysis.report` — the summary tables the command line prints;
* :mod:`~wpp.analysis.plots` — the notebook's figures;
* :mod:`~wpp.analysis.io` — Parquet/CSV by extension;
* :mod:`~wpp.analysis.cli` — ``python -m wpp tournament``; :mod:`~benchmarks.analysis` — speed.

These need pandas (and pyarrow, tqdm, dask for parallel runs and Parquet): the ``analysis``
extra. The engine itself needs none of them. The names below are imported on first use, so
``python -m wpp`` can offer its ``tournament`` command without loading pandas for ``play``.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wpp.analysis.match import GameSpec, MatchResult, lead_estimate, schedule
    from wpp.analysis.tournament import round_robin, run_match, run_specs

__all__ = ["GameSpec", "MatchResult", "lead_estimate", "round_robin", "run_match", "run_specs",
           "schedule"]

_HOME = {"GameSpec": "match", "MatchResult": "match", "lead_estimate": "match",
         "schedule": "match", "round_robin": "tournament", "run_match": "tournament",
         "run_specs": "tournament"}


def __getattr__(name: str) -> Any:
    """Import a name of ``__all__`` from its module on first use."""
    if name not in _HOME:
        raise AttributeError(f"module 'wpp.analysis' has no attribute {name!r}")
    value = getattr(import_module(f"wpp.analysis.{_HOME[name]}"), name)
    globals()[name] = value
    return value
