"""One recorded game, the games of a match, and their results as tables.

A match is a list of :class:`GameSpec` — which deal (``seed``), which agent in which seat, which
rules — made by :func:`schedule`. With *duplicate deals* (the default) every seed is played
twice, the second time with the seats swapped, so each agent gets each hand once: the luck of
the deal cancels out of the comparison.

:func:`play_recorded` plays one spec to its end through the public engine API
(:class:`wpp.game.Game` without history) while a :class:`Recorder` watches each decision — the
state before it, the legal actions, the action chosen and the state after — and counts what
the analysis needs. Nothing in the engine changes: the recorder only reads states.

:func:`play_chunk` plays several specs and returns their records as *columns* (a dict of lists
per table), which are cheap to send back from a worker process or a Dask worker;
:func:`assemble` turns chunks into the two tables of a :class:`MatchResult`:

* ``games`` — one row per game (see :data:`GAME_COLUMNS`);
* ``decisions`` — one row per decision (see :data:`DECISION_COLUMNS`), for the branching
  factor, the lead history and the game-quality metrics.

>>> specs = schedule(("random", "random"), games=2, seed=7)
>>> [(s.seed, s.copy, s.agents) for s in specs]
[(7, 0, ('random', 'random')), (7, 1, ('random', 'random'))]
>>> result = assemble([play_chunk(specs)])
>>> len(result.games), result.games["seed"].tolist()
(2, [7, 7])
>>> int(result.decisions.groupby("game").size().sum()) == int(result.games["actions"].sum())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

import pandas as pd

from wpp.actions import (
    Action,
    Concede,
    Draw,
    Pass,
    PlayCards,
    Redraw,
    TakeFromPile,
)
from wpp.analysis.agents import make
from wpp.game import Game
from wpp.plays import Category, Mode
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import MULLIGAN_SIZE, GameState, Phase, View, legal_actions

__all__ = [
    "CATEGORY_COLUMNS",
    "DECISION_COLUMNS",
    "GAME_COLUMNS",
    "MODE_COLUMNS",
    "Chunk",
    "GameSpec",
    "MatchResult",
    "Recorder",
    "assemble",
    "lead_estimate",
    "play_chunk",
    "play_recorded",
    "schedule",
]

#: Columns counting the tricks by the mode of their lead.
MODE_COLUMNS: Final = tuple(f"tricks_{m.label}" for m in Mode)
#: Columns counting the plays (leads and answers, both players) by category.
CATEGORY_COLUMNS: Final = tuple(f"plays_{c.name.lower()}" for c in Category)

#: The games table, one row per game. ``_p1``/``_p2`` are the seats (P1 mulligans first).
GAME_COLUMNS: Final = (
    "game",            # the row number (GameSpec.index)
    "seed",            # the deal
    "copy",            # 0: agents in the match order; 1: the same deal, seats swapped
    "agent_p1", "agent_p2",
    "winner",          # seat 0 or 1; -1 for a draw (turn limit)
    "winner_agent",    # the winner's agent name, or "draw"
    "end_reason",      # wpp.state.EndReason value
    "first_leader",    # the seat that led the first trick (R12: the lowest card)
    "actions",         # every decision of both players, the two mulligans included
    "decisions_p1", "decisions_p2",
    "forced",          # decisions with a single legal action (Concede not counted)
    "tricks", *MODE_COLUMNS,
    "passes",
    "plays_p1", "plays_p2", "cards_played_p1", "cards_played_p2",
    *CATEGORY_COLUMNS,
    "deck_draws_p1", "deck_draws_p2",   # cards taken from the deck by Draw
    "pile_takes_p1", "pile_takes_p2",   # cards taken from the face-up pile
    "redraws_p1", "redraws_p2",         # re-draws used (0 or 1)
    "reshuffles",
    "final_hand_p1", "final_hand_p2",
)

#: The decisions table, one row per decision.
DECISION_COLUMNS: Final = (
    "game",       # row of the games table
    "move",       # 0-based index of the decision in its game
    "player",     # the deciding seat
    "phase",      # wpp.state.Phase value
    "action",     # the chosen action's kind (Action.kind)
    "branching",  # legal actions, Concede not counted (mulligan: C(hand, 3))
    "hand_p1", "hand_p2",  # hand sizes before the decision
    "spread",     # max - min of the decider's lead estimate after each legal action
)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a match: its row number, deal, agents by seat and rules."""

    index: int
    seed: int
    copy: int
    agents: tuple[str, str]
    rules: Rules = DEFAULT_RULES


def schedule(agents: Sequence[str], games: int, seed: int = 0, *, duplicate: bool = True,
             rules: Rules = DEFAULT_RULES, start_index: int = 0) -> list[GameSpec]:
    """The specs of a match of ``games`` games between two agents, from deal ``seed`` on.

    With ``duplicate`` each seed ``seed, seed + 1, …`` is played twice, seats swapped the second
    time (``games`` must then be even). Without it every game has its own seed and the seats
    alternate. Agent names are those of :func:`wpp.analysis.agents.make`.

    >>> [(s.seed, s.agents) for s in schedule(("a", "b"), 4, seed=10)]
    [(10, ('a', 'b')), (10, ('b', 'a')), (11, ('a', 'b')), (11, ('b', 'a'))]
    >>> [(s.seed, s.agents) for s in schedule(("a", "b"), 3, duplicate=False)]
    [(0, ('a', 'b')), (1, ('b', 'a')), (2, ('a', 'b'))]
    """
    if len(agents) != 2:
        raise ValueError(f"a match is between 2 agents, not {len(agents)}")
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    if duplicate and games % 2:
        raise ValueError(f"duplicate deals play each seed twice: the number of games must be "
                         f"even, not {games}")
    a, b = agents[0], agents[1]
    specs = []
    for i in range(games):
        if duplicate:
            s, copy = seed + i // 2, i % 2
        else:
            s, copy = seed + i, i % 2
        specs.append(GameSpec(start_index + i, s, copy, (a, b) if copy == 0 else (b, a), rules))
    return specs


def lead_estimate(mine: int, theirs: int) -> float:
    """The estimated chance that a player holding ``mine`` cards beats one holding ``theirs``.

    WarPairsPoker is won by emptying one's hand (and lost by filling it to the hand limit), so
    the player with fewer cards is ahead. The estimate is the opponent's share of the cards in
    hand, ``theirs / (mine + theirs)``: 0.5 for equal hands, rising to 1 as one's own hand
    empties. It stands in for the win-probability estimates (Monte Carlo playouts) from
    which CardStock derives its lead histories, and is what :mod:`wpp.analysis.quality`
    uses for drama, security, spread and lead changes.

    >>> lead_estimate(10, 10), lead_estimate(5, 15), lead_estimate(0, 7)
    (0.5, 0.75, 1.0)
    """
    total = mine + theirs
    return 0.5 if total == 0 else theirs / total


def _spread(legal: Sequence[Action], view: View, mine: int, theirs: int) -> tuple[int, float]:
    """The number of legal actions (Concede not counted) and the spread of the decider's
    lead estimate right after each: a play sheds its cards, a deck draw (when the deck can
    give one) or a pile card adds one, pass/stop/re-draw change nothing."""
    draw = 1 if view.deck_available() else 0
    low, high, n = 99, -99, 0
    for a in legal:
        kind = type(a)
        if kind is Concede:
            continue
        n += 1
        if kind is PlayCards:
            change = -len(a.cards)  # type: ignore[union-attr]
        elif kind is TakeFromPile:
            change = 1
        elif kind is Draw:
            change = draw
        else:
            change = 0
        low = min(low, change)
        high = max(high, change)
    if not n:
        return 0, 0.0
    # Fewer cards is better: the smallest change gives the highest estimate.
    return n, lead_estimate(mine + low, theirs) - lead_estimate(mine + high, theirs)


class Recorder:
    """Watches one game decision by decision and keeps the counts of its rows.

    Call :meth:`decision` with the state, the decider's view, their legal actions (``None``
    in the mulligan, where only their number matters) and the chosen action, then
    :meth:`after` with the state the action led to; :meth:`game_row` gives the game's row at
    the end. The decision rows accumulate in :attr:`decisions` (columns of lists).
    """

    def __init__(self, game: int) -> None:
        self.game = game
        self.counts: dict[str, int] = dict.fromkeys(
            ("forced", "tricks", *MODE_COLUMNS, "passes", *CATEGORY_COLUMNS), 0)
        for base in ("decisions", "plays", "cards_played", "deck_draws", "pile_takes",
                     "redraws"):
            self.counts[f"{base}_p1"] = 0
            self.counts[f"{base}_p2"] = 0
        self.first_leader = -1
        self.decisions: dict[str, list[object]] = {c: [] for c in DECISION_COLUMNS}
        self._player = 0
        self._action: Action | None = None
        self._phase = Phase.MULLIGAN

    def decision(self, state: GameState, view: View, legal: Sequence[Action] | None,
                 action: Action) -> None:
        """Record one decision before it is applied."""
        p = state.to_act
        hands = (len(state.hands[0]), len(state.hands[1]))
        if legal is None:  # the mulligan: every 3 of the hand, all equal in size
            branching = comb(len(view.hand), MULLIGAN_SIZE)
            spread = 0.0
        else:
            branching, spread = _spread(legal, view, hands[p], hands[1 - p])
        d = self.decisions
        d["game"].append(self.game)
        d["move"].append(state.actions)
        d["player"].append(p)
        d["phase"].append(state.phase.value)
        d["action"].append(action.kind)
        d["branching"].append(branching)
        d["hand_p1"].append(hands[0])
        d["hand_p2"].append(hands[1])
        d["spread"].append(spread)
        seat = f"_p{p + 1}"
        self.counts["decisions" + seat] += 1
        if branching == 1:
            self.counts["forced"] += 1
        self._player, self._action, self._phase = p, action, state.phase

    def after(self, before: GameState, after: GameState) -> None:
        """Record what the decision just made did."""
        p, action, c = self._player, self._action, self.counts
        seat = f"_p{p + 1}"
        if isinstance(action, PlayCards):
            play = after.trick[-1].play
            c["plays" + seat] += 1
            c["cards_played" + seat] += len(play.cards)
            c[f"plays_{play.category.name.lower()}"] += 1
            if self._phase is Phase.LEAD:
                c["tricks"] += 1
                c[f"tricks_{play.mode.label}"] += 1
        elif isinstance(action, Draw):
            c["deck_draws" + seat] += len(after.hands[p]) - len(before.hands[p])
        elif isinstance(action, TakeFromPile):
            c["pile_takes" + seat] += 1
        elif isinstance(action, Redraw):
            c["redraws" + seat] += 1
        elif isinstance(action, Pass):
            c["passes"] += 1
        if self.first_leader < 0 and after.phase is Phase.LEAD:
            self.first_leader = after.to_act  # the mulligans are over: R12's leader

    def game_row(self, spec: GameSpec, final: GameState) -> dict[str, object]:
        """The game's row of the games table."""
        winner = -1 if final.winner is None else final.winner
        row: dict[str, object] = {
            "game": spec.index,
            "seed": spec.seed,
            "copy": spec.copy,
            "agent_p1": spec.agents[0],
            "agent_p2": spec.agents[1],
            "winner": winner,
            "winner_agent": "draw" if winner < 0 else spec.agents[winner],
            "end_reason": final.end_reason.value if final.end_reason else "",
            "first_leader": self.first_leader,
            "actions": final.actions,
            "reshuffles": final.reshuffles,
            "final_hand_p1": len(final.hands[0]),
            "final_hand_p2": len(final.hands[1]),
            **self.counts,
        }
        return {k: row[k] for k in GAME_COLUMNS}


def play_recorded(spec: GameSpec) -> tuple[dict[str, object], dict[str, list[object]]]:
    """Play one game of a match and return its games-table row and its decision columns.

    Each seat's agent is made by :func:`wpp.analysis.agents.make` with a seed derived from the
    deal, the copy and the seat, so a spec always plays out the same way, in any process.
    """
    agents = [make(name, (spec.seed * 2 + spec.copy) * 2 + seat)
              for seat, name in enumerate(spec.agents)]
    choosers = [getattr(a, "choose", None) or (lambda v, a=a: a.decide(v).action)
                for a in agents]
    game = Game(spec.seed, spec.rules, history=False)
    rec = Recorder(spec.index)
    state = game.state
    while not state.is_over:
        p = state.to_act
        view = state.view(p)
        legal = None if state.phase is Phase.MULLIGAN else legal_actions(view)
        action = choosers[p](view)
        rec.decision(state, view, legal, action)
        game.apply(action)
        new = game.state
        rec.after(state, new)
        state = new
    return rec.game_row(spec, state), rec.decisions


#: A chunk's records: (games columns, decisions columns).
Chunk = tuple[dict[str, list[object]], dict[str, list[object]]]


def play_chunk(specs: Sequence[GameSpec]) -> Chunk:
    """Play several specs; their records as columns (the unit of work of a worker)."""
    games: dict[str, list[object]] = {c: [] for c in GAME_COLUMNS}
    decisions: dict[str, list[object]] = {c: [] for c in DECISION_COLUMNS}
    for spec in specs:
        row, dec = play_recorded(spec)
        for k, v in row.items():
            games[k].append(v)
        for k, col in dec.items():
            decisions[k].extend(col)
    return games, decisions


@dataclass(frozen=True)
class MatchResult:
    """The tables of a match: ``games`` (one row per game, in schedule order: by seed, then
    copy) and ``decisions`` (one row per decision; ``game`` is the games table's row)."""

    games: pd.DataFrame
    decisions: pd.DataFrame

    def between(self, a: str, b: str) -> MatchResult:
        """The games between agents ``a`` and ``b`` (either seat), e.g. one match of a round
        robin, with their decisions; game numbers are kept."""
        g = self.games
        mask = (((g["agent_p1"] == a) & (g["agent_p2"] == b))
                | ((g["agent_p1"] == b) & (g["agent_p2"] == a)))
        games = g[mask].reset_index(drop=True)
        decisions = self.decisions[self.decisions["game"].isin(games["game"])]
        return MatchResult(games, decisions.reset_index(drop=True))

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


_INT_GAME_COLUMNS: Final = tuple(c for c in GAME_COLUMNS
                                 if c not in ("agent_p1", "agent_p2", "winner_agent",
                                              "end_reason"))


def assemble(chunks: Iterable[Chunk]) -> MatchResult:
    """Join chunks (in any order) into a :class:`MatchResult`, rows ordered by game number.

    The result depends only on the games played, not on how they were split into chunks or
    which worker played them.
    """
    games: dict[str, list[object]] = {c: [] for c in GAME_COLUMNS}
    decisions: dict[str, list[object]] = {c: [] for c in DECISION_COLUMNS}
    for g, d in chunks:
        for k in GAME_COLUMNS:
            games[k].extend(g[k])
        for k in DECISION_COLUMNS:
            decisions[k].extend(d[k])
    gdf = pd.DataFrame(games, columns=list(GAME_COLUMNS))
    ddf = pd.DataFrame(decisions, columns=list(DECISION_COLUMNS))
    gdf = gdf.astype({c: "int64" for c in _INT_GAME_COLUMNS})
    ddf = ddf.astype({"game": "int64", "move": "int32", "player": "int8",
                      "branching": "int32", "hand_p1": "int16", "hand_p2": "int16",
                      "spread": "float64"})
    gdf = gdf.sort_values("game", kind="stable").reset_index(drop=True)
    ddf = ddf.sort_values(["game", "move"], kind="stable").reset_index(drop=True)
    return MatchResult(gdf, ddf)
