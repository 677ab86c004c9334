"""The games of a tournament, over any registered game and any player count: the schedule
(duplicate deals with seat rotations) and the one recorded play loop. The standard library
only: the tables, statistics and metrics built on these records are :mod:`wpp.analysis`.

**Duplicate deals.** Luck of the deal is the largest noise in a card-game match. Each deal
(seed) is played once per rotation of the line-up over the seats — agent ``i`` sits in seat
``(i + r) mod N`` in rotation ``r`` — so every agent plays every seat of every deal exactly
once, and what is left is skill (plus the luck of the draws that follow). Without duplicate
deals each deal is played once, the rotation moving on from deal to deal.

**Recording.** :func:`play_recorded` plays one :class:`GameSpec` through the game's
definition (:class:`~wpp.core.protocol.GameDef`) and records, at every decision, what the
definition's analysis hooks say — the branching factor, the spread of the choice, whether it
counts as a move, each seat's lead estimate, the game's own decision columns — and at the end
one row for the game: the agents, returns, winner, first player, decisions per seat and the
game's own columns (:meth:`~wpp.core.protocol.GameDef.analysis_columns`). Records are plain
columns (dicts of lists), cheap to send back from a worker process or a Dask worker.

Every agent's seed is :func:`agent_seed` of the deal, the rotation and the seat, so a spec
plays out the same way in any process: the same specs give the same rows whatever the number
of workers.

>>> rotations(3)
((0, 1, 2), (1, 2, 0), (2, 0, 1))
>>> specs = schedule("draw", ["exact", "stand", "stand"], deals=2, seed=5)
>>> [(s.seed, s.copy, s.agents) for s in specs[:3]]  # doctest: +NORMALIZE_WHITESPACE
[(5, 0, ('exact', 'stand', 'stand')), (5, 1, ('stand', 'exact', 'stand')),
 (5, 2, ('stand', 'stand', 'exact'))]
>>> games, decisions = play_chunk(specs)
>>> len(games["game"]), sum(games["actions"]) == len(decisions["game"])
(6, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, overload

from wpp.core.checks import check_count, check_seed, fold_seed
from wpp.core.errors import WppError
from wpp.core.protocol import GameDef
from wpp.core.registry import game_def, make_agent

__all__ = [
    "LEADS",
    "Chunk",
    "GameSpec",
    "LegalActions",
    "agent_seed",
    "check_lineup",
    "play_chunk",
    "play_recorded",
    "playout_estimates",
    "ranks",
    "rotations",
    "scaled_ranks",
    "schedule",
    "seat_columns",
    "win_shares",
]

#: Where the lead estimates come from: the game's own hook (``"game"``; NaN when it has
#: none), random playouts from the decider's determinised view (``"playouts"``, CardStock's
#: way, slow), or nowhere (``"none"``: no lead columns are filled, the fastest).
LEADS: Final = ("game", "playouts", "none")
#: The most random playouts per lead estimate (``lead="playouts"``; default 10).
MAX_LEAD_PLAYOUTS: Final = 10_000


def rotations(n: int) -> tuple[tuple[int, ...], ...]:
    """The ``n`` seatings of ``n`` agents, one per rotation: ``seating[i]`` is the seat of
    agent ``i``. Across them every agent sits in every seat exactly once."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise WppError(f"a seating needs at least one agent, not {n!r:.20}")
    return tuple(tuple((i + r) % n for i in range(n)) for r in range(n))


def seat_columns(base: str, n: int) -> list[str]:
    """The names of a per-seat column: ``base_p1`` … ``base_pN``.

    >>> seat_columns("agent", 3)
    ['agent_p1', 'agent_p2', 'agent_p3']
    """
    return [f"{base}_p{s + 1}" for s in range(n)]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of a tournament: its row number, deal, rotation (``copy``: 0 … N−1), agent
    names by seat, game, rule object (``None``: the game's defaults), agent options and
    where the lead estimates come from (see :data:`LEADS`)."""

    index: int
    seed: int
    copy: int
    agents: tuple[str, ...]
    game: str
    rules: Any = None
    options: tuple[tuple[str, Any], ...] = ()
    lead: str = "game"
    playouts: int = 10


def check_lineup(game: str, agents: Sequence[str], *, rules: Any = None,
                 options: Mapping[str, Any] | None = None, lead: str = "game",
                 playouts: int = 10) -> GameDef[Any, Any, Any, Any]:
    """The game's definition, once the line-up (one agent name per seat), the rule object,
    the agents' options and the lead source are checked: a ``WppError`` naming what is
    wrong, before any game is played."""
    definition = game_def(game)
    n = len(agents)
    if not definition.min_players <= n <= definition.max_players:
        raise WppError(f"{definition.title} is for {definition.min_players} to "
                       f"{definition.max_players} players: a line-up of {n} agents "
                       f"({', '.join(agents)}) does not fit")
    if rules is not None:
        definition.rules_from_json(definition.rules_to_json(rules))
    for name in dict.fromkeys(agents):
        make_agent(game, name, 0, **dict(options or {}))
    if lead not in LEADS:
        raise WppError(f"the lead estimates come from {', '.join(LEADS)}, not {lead!r:.20}")
    check_count(playouts, "playouts (per lead estimate)", 1, MAX_LEAD_PLAYOUTS)
    return definition


def schedule(game: str, agents: Sequence[str], deals: int, seed: int = 0, *,
             duplicate: bool = True, rules: Any = None,
             options: Mapping[str, Any] | None = None, lead: str = "game",
             playouts: int = 10, start_index: int = 0) -> list[GameSpec]:
    """The specs of ``deals`` deals of ``game`` (seeds ``seed``, ``seed + 1``, …) for the
    line-up ``agents`` (one name per seat; a name may repeat): each deal once per seat
    rotation when ``duplicate`` (N games per deal), else once, the rotation moving on from
    deal to deal. Rows are numbered from ``start_index``."""
    names = tuple(agents)
    check_lineup(game, names, rules=rules, options=options, lead=lead, playouts=playouts)
    if not isinstance(deals, int) or isinstance(deals, bool) or deals < 0:
        raise WppError(f"the number of deals is a whole number, not {deals!r:.20}")
    check_seed(seed, "the first deal's seed")
    if deals:
        check_seed(seed + deals - 1, f"the last deal's seed (the first + {deals - 1})")
    n = len(names)
    seatings = rotations(n)
    opts = tuple(sorted((options or {}).items()))
    specs: list[GameSpec] = []
    for deal in range(deals):
        chosen = range(n) if duplicate else (deal % n,)
        for r in chosen:
            seats = [""] * n
            for i, seat in enumerate(seatings[r]):
                seats[seat] = names[i]
            specs.append(GameSpec(start_index + len(specs), seed + deal, r, tuple(seats),
                                  game, rules, opts, lead, playouts))
    return specs


def agent_seed(spec: GameSpec, seat: int) -> int:
    """The seed of the agent in ``seat``: ``(seed·N + copy)·N + seat`` (modulo 2**63, the
    seed range), different for every deal, rotation and seat, and the same in every
    process.

    >>> agent_seed(GameSpec(0, 3, 1, ("a", "b"), "warpairs"), 0)
    14
    """
    n = len(spec.agents)
    return fold_seed((spec.seed * n + spec.copy) * n + seat)


def ranks(returns: Sequence[float]) -> tuple[int, ...]:
    """Each seat's place by return, 1 the best; equal returns share the better place
    (competition ranking, as CardStock counts).

    >>> ranks([3.0, -1.0, 3.0, 0.0])
    (1, 4, 1, 3)
    """
    return tuple(1 + sum(1 for o in returns if o > r) for r in returns)


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win: 1 for the single best return, 1/k each for k seats
    sharing it, 0 for the others (the shares add up to 1).

    >>> win_shares([1.0, -1.0]), win_shares([0.0, 0.0]), win_shares([2.0, 2.0, -4.0])
    ((1.0, 0.0), (0.5, 0.5), (0.5, 0.5, 0.0))
    """
    best = max(returns)
    k = sum(1 for r in returns if r == best)
    return tuple(1 / k if r == best else 0.0 for r in returns)


def scaled_ranks(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's place as a value in [0, 1]: (N − rank)/(N − 1), 1 for first place
    (CardStock's scaled rank; ties share the better place).

    >>> scaled_ranks([1.0, -1.0]), scaled_ranks([0.0, 5.0, 0.0])
    ((1.0, 0.0), (0.5, 1.0, 0.5))
    """
    n = len(returns)
    return tuple((n - r) / (n - 1) if n > 1 else 1.0 for r in ranks(returns))


def _random_playout(definition: GameDef[Any, Any, Any, Any], state: Any,
                    rng: random.Random) -> tuple[float, ...]:
    while not definition.is_over(state):
        state = definition.step(state, rng.choice(definition.legal_actions(state)),
                                narrate=False)[0]
    return scaled_ranks(definition.returns(state))


def playout_estimates(definition: GameDef[Any, Any, Any, Any], state: Any,
                      rng: random.Random, playouts: int = 10,
                      first: Any = None) -> tuple[float, ...]:
    """Each seat's mean scaled rank over ``playouts`` random playouts from ``state`` as the
    player to act knows it: every hidden card is dealt anew
    (:meth:`~wpp.core.protocol.GameDef.redeal_hidden`) before each playout, as CardStock's
    PIPMC AI does. With ``first``, that action is played first (the estimate of a move)."""
    p = definition.to_act(state)
    n = definition.players_of(state)
    totals = [0.0] * n
    for _ in range(playouts):
        s = definition.redeal_hidden(state, p, rng)
        if first is not None:
            s = definition.step(s, first, narrate=False)[0]
        for seat, v in enumerate(_random_playout(definition, s, rng)):
            totals[seat] += v
    return tuple(t / playouts for t in totals)


class LegalActions(Sequence[Any]):
    """The legal actions of one decision, listed from the decider's view on first use: the
    hooks that need them share one list, a hook that does not (WarPairsPoker's mulligan:
    561 actions) costs nothing, and a game that remembers the view it last listed (as
    WarPairsPoker does) lists the agent's view once for both. The conformance suite checks
    that a view's legal actions are the state's."""

    __slots__ = ("_list", "_view")

    def __init__(self, view: Any) -> None:
        self._view = view
        self._list: list[Any] | None = None

    def _actions(self) -> list[Any]:
        if self._list is None:
            self._list = list(self._view.legal_actions())
        return self._list

    def __len__(self) -> int:
        return len(self._actions())

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        return self._actions()[i]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._actions())


class _Recorder:
    """The decision columns of one game, filled as it is played."""

    def __init__(self, definition: GameDef[Any, Any, Any, Any], spec: GameSpec) -> None:
        self.definition = definition
        self.spec = spec
        self.n = len(spec.agents)
        names = ("game", "move", "player", "action", "branching", "spread", "counted",
                 *seat_columns("lead", self.n))
        self.columns: dict[str, list[Any]] = {k: [] for k in names}
        c = self.columns
        self._fixed = (c["game"].append, c["move"].append, c["player"].append,
                       c["action"].append, c["branching"].append, c["spread"].append,
                       c["counted"].append)
        self._leads = [c[k].append for k in seat_columns("lead", self.n)]
        self._nan = (math.nan,) * self.n
        self._own: list[tuple[str, Any]] | None = None
        self.rng = random.Random(f"wpp-arena/{spec.game}/{spec.seed}/{spec.copy}")

    def decision(self, state: Any, p: int, move: int, legal: Sequence[Any],
                 action: Any) -> int:
        """Record one decision; its branching factor."""
        d, spec = self.definition, self.spec
        counted = bool(d.counts_as_move(state))
        lead: Sequence[float] | None = None
        spread = math.nan
        if spec.lead == "game":
            lead = d.lead_estimates(state)
            spread = float(d.move_spread(state, legal))
        elif spec.lead == "playouts" and counted:
            lead = playout_estimates(d, state, self.rng, spec.playouts)
            mine = [playout_estimates(d, state, self.rng, spec.playouts, a)[p] for a in legal]
            spread = max(mine) - min(mine) if mine else 0.0
        branching = int(d.branching(state, legal))
        game, mv, player, kind, br, sp, ct = self._fixed
        game(spec.index)
        mv(move)
        player(p)
        kind(getattr(action, "kind", None) or type(action).__name__)
        br(branching)
        sp(spread)
        ct(counted)
        for add, value in zip(self._leads, self._nan if lead is None else lead, strict=True):
            add(float(value))
        own = d.decision_columns(state)
        if own:
            if self._own is None:
                self._own = [(k, self.columns.setdefault(k, []).append) for k in own]
            for k, add in self._own:
                add(own[k])
        return branching


def play_recorded(spec: GameSpec) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """Play one game of a tournament to its end and return its games-table row and its
    decision columns (see the module's docstring for what they hold)."""
    definition = game_def(spec.game)
    rules = definition.rules() if spec.rules is None else spec.rules
    n = len(spec.agents)
    options = dict(spec.options)
    agents = [make_agent(spec.game, name, agent_seed(spec, seat), **options)
              for seat, name in enumerate(spec.agents)]
    choosers = [getattr(a, "choose", None) or (lambda v, a=a: a.decide(v).action)
                for a in agents]
    rec = _Recorder(definition, spec)
    state = definition.new(spec.seed, n, rules)
    states = [state]
    actions: list[Any] = []
    decisions = [0] * n
    forced = 0
    while not definition.is_over(state):
        p = definition.to_act(state)
        view = definition.view(state, p)
        action = choosers[p](view)
        if rec.decision(state, p, len(actions), LegalActions(view), action) == 1:
            forced += 1
        decisions[p] += 1
        state = definition.step(state, action, narrate=False)[0]
        states.append(state)
        actions.append(action)
    returns = tuple(float(r) for r in definition.returns(state))
    best = [s for s, r in enumerate(returns) if r == max(returns)]
    winner = best[0] if len(best) == 1 else -1
    row: dict[str, Any] = {"game": spec.index, "seed": spec.seed, "copy": spec.copy}
    row.update(zip(seat_columns("agent", n), spec.agents, strict=True))
    row.update(zip(seat_columns("return", n), returns, strict=True))
    row["winner"] = winner
    row["winner_agent"] = "draw" if winner < 0 else spec.agents[winner]
    row["first_player"] = int(definition.first_player(states))
    row["actions"] = len(actions)
    row.update(zip(seat_columns("decisions", n), decisions, strict=True))
    row["forced"] = forced
    row.update(definition.analysis_columns(states, actions))
    return row, rec.columns


#: A chunk's records: (games columns, decisions columns), each a dict of lists.
Chunk = tuple[dict[str, list[Any]], dict[str, list[Any]]]


def play_chunk(specs: Sequence[GameSpec]) -> Chunk:
    """Play several specs; their records as columns (the unit of work of a worker)."""
    games: dict[str, list[Any]] = {}
    decisions: dict[str, list[Any]] = {}
    for spec in specs:
        row, dec = play_recorded(spec)
        for k, v in row.items():
            games.setdefault(k, []).append(v)
        for k, col in dec.items():
            decisions.setdefault(k, []).extend(col)
    return games, decisions
