"""A tiny game for the analysis tests: Countdown, 2–3 players.

A counter starts at 5–8 (from the seed); in turn each player takes 1 or 2 off it; whoever
brings it to 0 wins (return N − 1), the others lose (−1 each). There is no hidden card, so
a view is the state. Its analysis hooks are small and known by hand: the lead estimate of
two players is perfect play's verdict (the player to act wins unless the counter is a
multiple of 3), and its own columns are the starting count and the number of twos taken.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from wpp.core.errors import IllegalAction, WppError
from wpp.core.history import History
from wpp.core.protocol import GameDef


@dataclass(frozen=True)
class Count:
    """The state (and the view: nothing is hidden)."""

    left: int
    to_act: int
    players: int
    player: int = -1   # whose view (-1: the state itself)

    @property
    def my_turn(self) -> bool:
        return self.player == self.to_act

    def legal_actions(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.left]


@dataclass(frozen=True)
class Said:
    player: int
    text: str

    def text_for(self, viewer: int | None) -> str:
        return self.text


class Countdown(GameDef[Count, int, Count, dict[str, Any]]):
    name = "countdown"
    title = "Countdown"
    min_players = 2
    max_players = 3
    zero_sum = True

    def rules(self, **flags: Any) -> dict[str, Any]:
        if flags:
            raise WppError(f"Countdown has no rule flags, not {sorted(flags)}")
        return {}

    def rules_to_json(self, rules: dict[str, Any]) -> dict[str, Any]:
        return {}

    def rules_from_json(self, doc: Any) -> dict[str, Any]:
        return {}

    def new(self, seed: int, players: int, rules: dict[str, Any],
            deck: Sequence[Any] | None = None) -> Count:
        return Count(5 + seed % 4, 0, players)

    def to_act(self, state: Count) -> int:
        return state.to_act

    def is_over(self, state: Count) -> bool:
        return state.left == 0

    def legal_actions(self, state: Count) -> list[int]:
        return state.legal_actions()

    def step(self, state: Count, action: int, narrate: bool = True) -> tuple[Count, Said]:
        if action not in state.legal_actions():
            raise IllegalAction(f"take 1 or 2, at most what is left, not {action!r}")
        nxt = state.to_act if state.left == action else (state.to_act + 1) % state.players
        return (Count(state.left - action, nxt, state.players),
                Said(state.to_act, f"P{state.to_act + 1} takes {action}"))

    def view(self, state: Count, player: int) -> Count:
        return Count(state.left, state.to_act, state.players, player)

    def returns(self, state: Count) -> tuple[float, ...]:
        n = state.players
        return tuple(float(n - 1) if s == state.to_act else -1.0 for s in range(n))

    def outcome(self, state: Count) -> str:
        return f"P{state.to_act + 1} wins"

    def redeal_hidden(self, state: Count, player: int, rng: random.Random) -> Count:
        return state

    def cards(self, state: Count) -> Counter[Hashable]:
        return Counter()

    def full_deck(self, state: Count) -> Counter[Hashable]:
        return Counter()

    def action_from_json(self, raw: Any) -> int:
        return int(raw)

    def deck_from_json(self, raw: Any) -> Sequence[Any]:
        return ()

    def deck_to_json(self, deck: Sequence[Any]) -> Any:
        return []

    def digest_parts(self, state: Count) -> list[str]:
        return [str(state.left), str(state.to_act)]

    def players_of(self, state: Count) -> int:
        return state.players

    # --- analysis hooks: the lead estimate and the game's own columns ---------------------
    def lead_estimates(self, state: Count) -> tuple[float, ...] | None:
        if state.players != 2:
            return None
        if state.left == 0:  # over: the last to act won
            return tuple(1.0 if s == state.to_act else 0.0 for s in range(2))
        wins = state.left % 3 != 0
        return tuple(float(wins) if s == state.to_act else float(not wins) for s in range(2))

    def decision_columns(self, state: Count) -> dict[str, Any]:
        return {"left": state.left}

    def analysis_columns(self, states: Sequence[Count], actions: Sequence[int]
                         ) -> dict[str, Any]:
        return {"start": states[0].left, "twos": sum(1 for a in actions if a == 2)}


class Taker:
    """Takes ``k`` when it can, else 1; ``random`` picks at random (seeded)."""

    def __init__(self, k: int | None, seed: int | None = 0) -> None:
        self.k = k
        self.rng = random.Random(seed)
        self.name = "random" if k is None else f"take{k}"

    def choose(self, view: Count) -> int:
        legal = view.legal_actions()
        if self.k is None:
            return self.rng.choice(legal)
        return self.k if self.k in legal else 1

    def decide(self, view: Count) -> Any:
        raise NotImplementedError


GAME = Countdown()
AGENTS = {"take1": lambda seed=0: Taker(1, seed), "take2": lambda seed=0: Taker(2, seed),
          "random": lambda seed=0: Taker(None, seed)}
ENTRY = (GAME, History, AGENTS)
