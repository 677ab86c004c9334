"""A tournament's records as tables: :class:`MatchResult`, over any registered game.

The games are scheduled and played by :mod:`wpp.core.arena` (duplicate deals with seat
rotations, the one recorded play loop); :func:`assemble` turns the chunks of records that
the workers send back into three pandas tables:

* ``games`` — one row per game: ``game`` (the row number), ``seed`` (the deal), ``copy``
  (the seat rotation, 0 … N−1), ``agent_p1`` … ``agent_pN``, ``return_p1`` …,
  ``winner`` (the seat with the single best return; -1 when it is shared, e.g. a draw),
  ``winner_agent`` (or ``"draw"``), ``first_player`` (the seat fairness measures),
  ``actions``, ``decisions_p1`` …, ``forced`` (decisions with one choice), then the game's
  own columns (:meth:`~wpp.core.protocol.GameDef.analysis_columns`);
* ``decisions`` — one row per decision: ``game``, ``move``, ``player``, ``action`` (its
  kind), ``branching``, ``spread``, ``counted`` (a move of play for the metrics),
  ``lead_p1`` … (each seat's lead estimate, NaN if none), then the game's own columns;
* ``seats`` — one row per game and seat, built from ``games``: ``agent``, ``return``,
  ``rank`` and ``win`` (the seat's share of the win: 1, 1/k for k seats sharing the best
  return, or 0).

:func:`schedule` is the two-agent form of :func:`wpp.core.arena.schedule` (``games`` in total,
even with duplicate deals), for matches between two agents of a two-seat game.

>>> from wpp.core.arena import play_chunk
>>> specs = schedule("warpairs", ("random", "random"), games=2, seed=7)
>>> [(s.seed, s.copy, s.agents) for s in specs]
[(7, 0, ('random', 'random')), (7, 1, ('random', 'random'))]
>>> result = assemble([play_chunk(specs)], "warpairs")
>>> len(result.games), result.games["seed"].tolist()
(2, [7, 7])
>>> int(result.decisions.groupby("game").size().sum()) == int(result.games["actions"].sum())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import pandas as pd

from wpp.core import arena
from wpp.core.arena import Chunk, GameSpec, play_chunk, play_recorded
from wpp.core.errors import WppError

__all__ = [
    "Chunk",
    "GameSpec",
    "MatchResult",
    "assemble",
    "decisions_path",
    "games_columns",
    "play_chunk",
    "play_recorded",
    "schedule",
]


def games_columns(n: int) -> tuple[str, ...]:
    """The generic columns of the games table for ``n`` seats, in order (the game's own
    columns follow them)."""
    s = arena.seat_columns
    return ("game", "seed", "copy", *s("agent", n), *s("return", n), "winner",
            "winner_agent", "first_player", "actions", *s("decisions", n), "forced")


def decisions_columns(n: int) -> tuple[str, ...]:
    """The generic columns of the decisions table for ``n`` seats, in order."""
    return ("game", "move", "player", "action", "branching", "spread", "counted",
            *arena.seat_columns("lead", n))




def schedule(game: str, agents: Sequence[str], games: int, seed: int = 0, *,
             duplicate: bool = True, rules: Any = None,
             start_index: int = 0) -> list[GameSpec]:
    """The specs of a match of ``games`` games (in total) between two agents of a two-seat
    ``game``, from deal ``seed`` on (:func:`wpp.core.arena.schedule`
    with the kit's first names; ``rules`` ``None``: the game's defaults).

    With ``duplicate`` each seed ``seed, seed + 1, …`` is played twice, seats swapped the second
    time (``games`` must then be even). Without it every game has its own seed and the seats
    alternate.

    >>> [(s.seed, s.agents) for s in schedule("warpairs", ("random", "greedy"), 4, seed=10)]
    [(10, ('random', 'greedy')), (10, ('greedy', 'random')), (11, ('random', 'greedy')), (11, ('greedy', 'random'))]
    >>> [(s.seed, s.agents) for s in schedule("warpairs", ("random", "greedy"), 3, duplicate=False)]
    [(0, ('random', 'greedy')), (1, ('greedy', 'random')), (2, ('random', 'greedy'))]
    """  # noqa: E501
    if len(agents) != 2:
        raise WppError(f"a match is between 2 agents, not {len(agents)}")
    if not isinstance(games, int) or games < 0:
        raise WppError(f"the number of games cannot be negative ({games})")
    if duplicate and games % 2:
        raise WppError(f"duplicate deals play each seed twice: the number of games must be "
                         f"even, not {games}")
    deals = games // 2 if duplicate else games
    return arena.schedule(game, agents, deals, seed, duplicate=duplicate, rules=rules,
                          start_index=start_index)


def _seat_count(games: pd.DataFrame) -> int:
    n = 0
    while f"agent_p{n + 1}" in games.columns:
        n += 1
    return n


@dataclass(frozen=True)
class MatchResult:
    """The tables of a tournament: ``games`` (one row per game, in schedule order: by deal,
    then rotation) and ``decisions`` (one row per decision; ``game`` is the games table's
    row), of ``game`` (a registered game's name). See the module's docstring for the
    columns; :attr:`seats` is one row per game and seat."""

    games: pd.DataFrame
    decisions: pd.DataFrame
    game: str

    @property
    def players(self) -> int:
        """The number of seats."""
        return _seat_count(self.games)

    @property
    def agents(self) -> tuple[str, ...]:
        """Every agent that played, in order of first appearance."""
        cols = arena.seat_columns("agent", self.players)
        names = self.games[cols].to_numpy().ravel().tolist() if len(self.games) else []
        return tuple(dict.fromkeys(str(a) for a in names))

    @property
    def seats(self) -> pd.DataFrame:
        """One row per game and seat: ``game``, ``seed``, ``copy``, ``seat``, ``agent``,
        ``return``, ``rank`` (1 the best; shared returns share the better rank), ``win``
        (the seat's share of the win) and ``first`` (the seat is the game's first player)."""
        g, n = self.games, self.players
        returns = g[arena.seat_columns("return", n)].to_numpy(dtype=float)
        rank = [r for row in returns.tolist() for r in arena.ranks(row)]
        share = [w for row in returns.tolist() for w in arena.win_shares(row)]
        seat = np.tile(np.arange(n), len(g))
        out = pd.DataFrame({
            "game": np.repeat(g["game"].to_numpy(), n),
            "seed": np.repeat(g["seed"].to_numpy(), n),
            "copy": np.repeat(g["copy"].to_numpy(), n),
            "seat": seat,
            "agent": g[arena.seat_columns("agent", n)].to_numpy().ravel(),
            "return": returns.ravel(),
            "rank": np.asarray(rank, dtype="int64"),
            "win": np.asarray(share, dtype=float),
            "first": np.repeat(g["first_player"].to_numpy(), n) == seat,
        })
        return out

    def between(self, a: str, b: str) -> MatchResult:
        """The two-seat games between agents ``a`` and ``b`` (either seat), e.g. one match
        of a round robin, with their decisions; game numbers are kept."""
        g = self.games
        mask = (((g["agent_p1"] == a) & (g["agent_p2"] == b))
                | ((g["agent_p1"] == b) & (g["agent_p2"] == a)))
        games = g[mask].reset_index(drop=True)
        decisions = self.decisions[self.decisions["game"].isin(games["game"])]
        return MatchResult(games, decisions.reset_index(drop=True), self.game)

    def save(self, path: str) -> None:
        """Save the games table as Parquet (``.parquet``) or CSV (``.csv``); the decisions
        table goes beside it with ``.decisions`` before the extension."""
        from wpp.analysis.io import save_table

        save_table(self.games, path)
        save_table(self.decisions, decisions_path(path))


def decisions_path(path: str) -> str:
    """Where the decisions table of a match saved at ``path`` goes.

    >>> decisions_path("out/results.parquet")
    'out/results.decisions.parquet'
    """
    stem, dot, ext = path.rpartition(".")
    return f"{stem}.decisions.{ext}" if dot and "/" not in ext else f"{path}.decisions"


_DECISION_TYPES: Final = {"game": "int64", "move": "int32", "player": "int8",
                          "branching": "int32", "spread": "float64", "counted": "bool"}


def _frame(columns: dict[str, list[Any]], first: Sequence[str]) -> pd.DataFrame:
    order = [*[c for c in first if c in columns], *[c for c in columns if c not in first]]
    return pd.DataFrame({c: columns[c] for c in order}, columns=order)


def assemble(chunks: Iterable[Chunk], game: str,
             players: int | None = None) -> MatchResult:
    """Join chunks (in any order) into a :class:`MatchResult`, rows ordered by game number.

    The result depends only on the games played, not on how they were split into chunks or
    which worker played them.
    """
    games: dict[str, list[Any]] = {}
    decisions: dict[str, list[Any]] = {}
    for g, d in chunks:
        for k, v in g.items():
            games.setdefault(k, []).extend(v)
        for k, v in d.items():
            decisions.setdefault(k, []).extend(v)
    n = players if players is not None else sum(1 for k in games if k.startswith("agent_p"))
    gdf = _frame(games, games_columns(n))
    ddf = _frame(decisions, decisions_columns(n))
    ints = [c for c in gdf.columns if c in games_columns(n)
            and not c.startswith(("agent_", "return_", "winner_agent"))]
    gdf = gdf.astype(dict.fromkeys(ints, "int64"))
    gdf = gdf.astype({c: "float64" for c in arena.seat_columns("return", n) if c in gdf})
    ddf = ddf.astype({c: t for c, t in _DECISION_TYPES.items() if c in ddf})
    ddf = ddf.astype({c: "float64" for c in arena.seat_columns("lead", n) if c in ddf})
    if "game" in gdf:
        gdf = gdf.sort_values("game", kind="stable").reset_index(drop=True)
    if "game" in ddf:
        ddf = ddf.sort_values(["game", "move"], kind="stable").reset_index(drop=True)
    return MatchResult(gdf, ddf, game)
