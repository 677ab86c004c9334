"""Matches and round robins between named agents, run where :mod:`~wpp.analysis.parallel`
is told to.

>>> result = run_match(("greedy", "random"), games=4, seed=1, progress=False)
>>> for row in result.games[["seed", "copy", "agent_p1", "agent_p2"]].values.tolist():
...     print(row)
[1, 0, 'greedy', 'random']
[1, 1, 'random', 'greedy']
[2, 0, 'greedy', 'random']
[2, 1, 'random', 'greedy']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from wpp.analysis.match import GameSpec, MatchResult, assemble, play_chunk, schedule
from wpp.analysis.parallel import map_chunks
from wpp.rules import DEFAULT_RULES, Rules

__all__ = ["pairings", "round_robin", "run_match", "run_specs"]


def run_specs(specs: Sequence[GameSpec], *, workers: int = 1, scheduler: str | None = None,
              client: Any = None, chunk_size: int | None = None, progress: bool = True,
              desc: str = "games") -> MatchResult:
    """Play the specs (here, in a process pool, or on Dask) and gather their tables.

    The tables depend only on the specs: the same specs give identical tables with any
    number of workers, any chunk size, with or without Dask.
    """
    chunks = map_chunks(play_chunk, specs, workers=workers, scheduler=scheduler,
                        client=client, chunk_size=chunk_size, progress=progress, desc=desc)
    return assemble(chunks)


def run_match(agents: Sequence[str], games: int, seed: int = 0, *, duplicate: bool = True,
              rules: Rules = DEFAULT_RULES, workers: int = 1, scheduler: str | None = None,
              client: Any = None, chunk_size: int | None = None,
              progress: bool = True) -> MatchResult:
    """A match of ``games`` games between two agents (see :func:`~wpp.analysis.match.schedule`
    for the deals and seats, :func:`run_specs` for where they run)."""
    specs = schedule(agents, games, seed, duplicate=duplicate, rules=rules)
    return run_specs(specs, workers=workers, scheduler=scheduler, client=client,
                     chunk_size=chunk_size, progress=progress,
                     desc=f"{agents[0]} vs {agents[1]}")


def pairings(agents: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of distinct agents once, in order.

    >>> pairings(["a", "b", "c"])
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    if len(set(agents)) != len(agents):
        raise ValueError(f"a round robin needs distinct agents, got {list(agents)}")
    return list(combinations(agents, 2))


def round_robin(agents: Sequence[str], games_per_pair: int, seed: int = 0, *,
                duplicate: bool = True, rules: Rules = DEFAULT_RULES, workers: int = 1,
                scheduler: str | None = None, client: Any = None,
                chunk_size: int | None = None, progress: bool = True) -> MatchResult:
    """Every pair of agents plays a match of ``games_per_pair`` games on the same deals.

    All the games run as one batch (one progress bar, one pool); the games table holds the
    matches one after the other, in :func:`pairings` order.
    """
    specs: list[GameSpec] = []
    for pair in pairings(agents):
        specs.extend(schedule(pair, games_per_pair, seed, duplicate=duplicate, rules=rules,
                              start_index=len(specs)))
    return run_specs(specs, workers=workers, scheduler=scheduler, client=client,
                     chunk_size=chunk_size, progress=progress, desc="round robin")
