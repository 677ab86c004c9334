"""Stored results for lesson 7, so that its page opens in seconds.

Lesson 7 plays a few hundred seeded games; a page that replays them at every opening makes
each student wait (about 13 s alone, several times that when a class opens it at once). The
games depend only on their agents, count and seed, so their tables are stored once, as
Parquet files beside the notebooks (``notebooks/data/``), and read back: :func:`match` and
:func:`round_robin` return the stored tables when they are there and play the games (and try
to store them) when not. A test plays the stored runs again and expects the same tables, so
they cannot drift from the engine.

>>> key("match", ("random", "random"), 200, 2024, duplicate=False)
'match-random-random-200-2024-fresh'
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from wpp.analysis.match import MatchResult, decisions_path
from wpp.analysis.tournament import round_robin as play_round_robin
from wpp.analysis.tournament import run_match
from wpp.warpairs.phases import EndReason
from wpp.warpairs.random_games import RandomGameResult, play_random_games

__all__ = ["STORE", "key", "match", "random_games", "round_robin", "stored_path"]

#: Where the tables live: ``notebooks/data`` of the project (``WPP_LESSON_DATA`` overrides).
STORE: Final = Path(os.environ.get("WPP_LESSON_DATA",
                                   Path(__file__).resolve().parents[3] / "notebooks" / "data"))


def key(kind: str, agents: Sequence[str], games: int, seed: int, *, duplicate: bool) -> str:
    """The name a run is stored under: what was played, how many games, from which seed."""
    return (f"{kind}-{'-'.join(agents)}-{games}-{seed}-"
            f"{'duplicate' if duplicate else 'fresh'}")


def stored_path(name: str, store: Path = STORE) -> Path:
    """The games table's file of run ``name`` (the decisions table goes beside it)."""
    return store / f"{name}.parquet"


def _load(path: Path) -> MatchResult | None:
    from wpp.analysis.io import load_table

    decisions = Path(decisions_path(str(path)))
    if not (path.is_file() and decisions.is_file()):
        return None
    return MatchResult(load_table(path), load_table(decisions), "warpairs")


def _store(result: MatchResult, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        result.save(str(path))
    except OSError:  # a read-only install: the results are still returned
        pass


def match(agents: Sequence[str], games: int, seed: int, *, duplicate: bool = True,
          store: Path = STORE, progress: bool = False) -> MatchResult:
    """:func:`wpp.analysis.tournament.run_match`, read from the store when it is there."""
    path = stored_path(key("match", agents, games, seed, duplicate=duplicate), store)
    found = _load(path)
    if found is not None:
        return found
    result = run_match("warpairs", list(agents), games, seed, duplicate=duplicate,
                       progress=progress)
    _store(result, path)
    return result


def round_robin(agents: Sequence[str], games_per_pair: int, seed: int, *,
                store: Path = STORE, progress: bool = False) -> MatchResult:
    """:func:`wpp.analysis.tournament.round_robin`, read from the store when it is there."""
    path = stored_path(key("round_robin", agents, games_per_pair, seed, duplicate=True), store)
    found = _load(path)
    if found is not None:
        return found
    result = play_round_robin("warpairs", list(agents), games_per_pair, seed,
                              progress=progress)
    _store(result, path)
    return result


def random_games(games: int, seed: int, *, store: Path = STORE) -> list[RandomGameResult]:
    """:func:`wpp.warpairs.random_games.play_random_games` (how each game ended), read from the
    store when it is there."""
    import pandas as pd

    from wpp.analysis.io import load_table, save_table

    path = stored_path(key("random_games", ("random", "random"), games, seed,
                           duplicate=False), store)
    if path.is_file():
        df = load_table(path)
        cols = [df[c].tolist() for c in ("seed", "winner", "end_reason", "actions",
                                         "reshuffles", "first_leader")]
        return [RandomGameResult(int(s), None if pd.isna(w) else int(w), EndReason[str(r)],
                                 int(a), int(h), int(f))
                for s, w, r, a, h, f in zip(*cols, strict=True)]
    results = list(play_random_games(games, seed))
    table = pd.DataFrame({"seed": [g.seed for g in results],
                          "winner": pd.array([g.winner for g in results], dtype="Int64"),
                          "end_reason": [g.end_reason.name for g in results],
                          "actions": [g.actions for g in results],
                          "reshuffles": [g.reshuffles for g in results],
                          "first_leader": [g.first_leader for g in results]})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_table(table, path)
    except OSError:
        pass
    return results
