"""Tournaments over any registered game: a line-up of agents on duplicate deals, run where
:mod:`~wpp.analysis.parallel` is told to (here, a local process pool, or Dask).

:func:`play_tournament` is the one entry point for any game and any number of seats;
:func:`run_match` and :func:`round_robin` are the two-seat shapes (WarPairsPoker's first
analysis, whose names they keep). All three schedule specs with
:func:`wpp.core.arena.schedule` and play them with :func:`run_specs`, so the games are the
same whichever is used.

>>> t = play_tournament("draw", ["exact", "stand", "random"], deals=2, seed=1, progress=False)
>>> t.games[["seed", "copy", "agent_p1", "agent_p2", "agent_p3"]].values.tolist()
... # doctest: +NORMALIZE_WHITESPACE
[[1, 0, 'exact', 'stand', 'random'], [1, 1, 'random', 'exact', 'stand'],
 [1, 2, 'stand', 'random', 'exact'], [2, 0, 'exact', 'stand', 'random'],
 [2, 1, 'random', 'exact', 'stand'], [2, 2, 'stand', 'random', 'exact']]
>>> result = run_match("warpairs", ("greedy", "random"), games=4, seed=1, progress=False)
>>> for row in result.games[["seed", "copy", "agent_p1", "agent_p2"]].values.tolist():
...     print(row)
[1, 0, 'greedy', 'random']
[1, 1, 'random', 'greedy']
[2, 0, 'greedy', 'random']
[2, 1, 'random', 'greedy']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from wpp.analysis.match import MatchResult, assemble, schedule
from wpp.analysis.parallel import map_chunks
from wpp.core import arena
from wpp.core.arena import GameSpec, play_chunk
from wpp.core.errors import WppError
from wpp.core.registry import game_def

__all__ = ["pairings", "play_tournament", "round_robin", "run_match", "run_specs"]


def run_specs(specs: Sequence[GameSpec], *, workers: int = 1, scheduler: str | None = None,
              client: Any = None, chunk_size: int | None = None, progress: bool = True,
              desc: str = "games") -> MatchResult:
    """Play the specs (here, in a process pool, or on Dask) and gather their tables.

    The tables depend only on the specs: the same specs give identical tables with any
    number of workers, any chunk size, with or without Dask. The specs are of one game and
    one number of seats.
    """
    if not specs:
        raise WppError("a run needs at least one game to play")
    game, n = specs[0].game, len(specs[0].agents)
    if any(s.game != game or len(s.agents) != n for s in specs):
        raise WppError("the specs of one run are of one game and one number of seats")
    chunks = map_chunks(play_chunk, specs, workers=workers, scheduler=scheduler,
                        client=client, chunk_size=chunk_size, progress=progress, desc=desc)
    return assemble(chunks, game, n)


def _rules(game: str, rules: Any, flags: Mapping[str, Any]) -> Any:
    if flags and rules is not None:
        raise WppError("give the rules either as a rule object or as flags, not both")
    return game_def(game).rules(**flags) if flags else rules


def play_tournament(game: str, agents: Sequence[str], deals: int, seed: int = 0, *,
                    duplicate: bool = True, rules: Any = None,
                    options: Mapping[str, Any] | None = None, lead: str = "game",
                    playouts: int = 10, workers: int = 1, scheduler: str | None = None,
                    client: Any = None, chunk_size: int | None = None,
                    progress: bool = True, **flags: Any) -> MatchResult:
    """A tournament of ``game``: ``deals`` deals (seeds ``seed``, ``seed + 1``, …) for the
    line-up ``agents`` — one registered agent name per seat, names may repeat, so
    ``["pipmc", "random", "random", "random"]`` is one AI against three random players.

    * ``duplicate`` (default): each deal once per seat rotation, so every agent plays every
      seat of every deal (N games per deal); else each deal once, rotating from deal to deal;
    * ``flags`` (or ``rules``, the game's rule object) set the rule variations; ``options``
      go to every agent's factory;
    * ``lead``: where the lead estimates behind drama, security, lead changes and spread
      come from — the game's hook (``"game"``), ``"playouts"`` (``playouts`` random
      playouts from the decider's determinised view at every move: CardStock's way, for
      games without a cheap estimate; slow), or ``"none"``;
    * ``workers``: local processes; ``scheduler`` (an address) or ``client`` (a
      ``dask.distributed.Client``): a Dask cluster instead — the same code path, and the
      same tables for the same seeds whatever runs them; ``progress``: a tqdm bar.

    Bad arguments are a :class:`~wpp.core.errors.WppError` raised before any game is played.
    """
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 1:
        raise WppError(f"a tournament needs at least one deal, not {deals!r:.20}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise WppError(f"workers must be at least 1, not {workers!r:.20}")
    specs = arena.schedule(game, agents, deals, seed, duplicate=duplicate,
                           rules=_rules(game, rules, flags), options=options, lead=lead,
                           playouts=playouts)
    return run_specs(specs, workers=workers, scheduler=scheduler, client=client,
                     chunk_size=chunk_size, progress=progress,
                     desc=f"{game_def(game).title}: {', '.join(agents)}")


def run_match(game: str, agents: Sequence[str], games: int, seed: int = 0, *,
              duplicate: bool = True, rules: Any = None, workers: int = 1,
              scheduler: str | None = None, client: Any = None,
              chunk_size: int | None = None, progress: bool = True) -> MatchResult:
    """A match of ``games`` games (in total: two per deal with duplicate deals, so an even
    number) between two agents of a two-seat ``game``; see
    :func:`play_tournament`."""
    specs = schedule(game, agents, games, seed, duplicate=duplicate, rules=rules)
    return run_specs(specs, workers=workers, scheduler=scheduler, client=client,
                     chunk_size=chunk_size, progress=progress,
                     desc=f"{agents[0]} vs {agents[1]}")


def pairings(agents: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of distinct agents once, in order.

    >>> pairings(["a", "b", "c"])
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    if len(set(agents)) != len(agents):
        raise WppError(f"a round robin needs distinct agents, got {list(agents)}")
    return list(combinations(agents, 2))


def round_robin(game: str, agents: Sequence[str], games_per_pair: int, seed: int = 0, *,
                duplicate: bool = True, rules: Any = None, workers: int = 1,
                scheduler: str | None = None, client: Any = None,
                chunk_size: int | None = None, progress: bool = True) -> MatchResult:
    """Every pair of agents plays a match of ``games_per_pair`` games on the same deals.

    All the games run as one batch (one progress bar, one pool); the games table holds the
    matches one after the other, in :func:`pairings` order.
    """
    specs: list[GameSpec] = []
    for pair in pairings(agents):
        specs.extend(schedule(game, pair, games_per_pair, seed, duplicate=duplicate, rules=rules,
                              start_index=len(specs)))
    return run_specs(specs, workers=workers, scheduler=scheduler, client=client,
                     chunk_size=chunk_size, progress=progress, desc="round robin")
