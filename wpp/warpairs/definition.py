"""WarPairsPoker behind the kit's game protocol: the engine of :mod:`wpp.warpairs` as a
:class:`~wpp.core.protocol.GameDef`, which :class:`wpp.Game`, the registry and every shared
layer (self-play, tournaments, pages) use.

The rules are R1–R20 (``rules.md``); the engine's modules (plays, judge, moves, state, …)
implement them and this module only adapts them: it holds no rule of its own.

>>> g = WARPAIRS.new(7, 2, WARPAIRS.rules())
>>> WARPAIRS.to_act(g), len(WARPAIRS.legal_actions(g))
(0, 561)
>>> WARPAIRS.rules(turn_limit=40).turn_limit
40
>>> WARPAIRS.rules(wrap=False)
Traceback (most recent call last):
...
wpp.core.errors.WppError: WarPairsPoker has no rule wrap; its rules are wraps, hand_limit, ...
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import wpp.warpairs.game_stats as game_stats
from wpp.core.errors import WppError
from wpp.core.protocol import GameDef
from wpp.core.standard_deck import format_cards
from wpp.warpairs.actions import ACTION_TYPES, ACTION_WORDS, Action, action_from_json
from wpp.warpairs.events import Event
from wpp.warpairs.phases import EndReason, player_name
from wpp.warpairs.rules import Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["WARPAIRS", "Outcome", "WarPairsPoker", "outcome_of", "outcome_text"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, as facts: who won (``None``: a draw), whose action ended it
    (``ender``: the winner who emptied their hand, the loser who reached the hand limit or
    conceded; ``None`` for the turn limit) and the reason in words.

    Every text about a game's result is built from this one object, so the question "who did
    what" is answered once: :func:`outcome_text` (the kit's sentence), the transcript's
    ``Result:`` line and the app's banner only choose their wording around it.
    """

    winner: int | None
    ender: int | None
    reason: str

    @property
    def head(self) -> str:
        """``P2 wins`` or ``a draw``."""
        return "a draw" if self.winner is None else f"{player_name(self.winner)} wins"

    @property
    def cause(self) -> str:
        """``P1 reached the hand limit`` (``the game reached the turn limit`` for a draw)."""
        who = "the game" if self.ender is None else player_name(self.ender)
        return f"{who} {self.reason}"

    def __str__(self) -> str:
        return f"{self.head}: {self.cause}"


def outcome_of(state: GameState) -> Outcome | None:
    """The :class:`Outcome` of a finished game (``None`` while it goes on)."""
    reason = state.end_reason
    if reason is None:
        return None
    if state.winner is None:
        return Outcome(None, None, reason.value)
    ender = state.winner if reason is EndReason.EMPTIED_HAND else 1 - state.winner
    return Outcome(state.winner, ender, reason.value)


def outcome_text(state: GameState) -> str:
    """How a game ended, in words: ``P2 wins: P1 reached the hand limit`` (or a draw);
    ``unfinished`` while it goes on. The one result sentence of WarPairsPoker
    (:meth:`WarPairsPoker.outcome`, the lessons' replays)."""
    o = outcome_of(state)
    return "unfinished" if o is None else str(o)


class WarPairsPoker(GameDef[GameState, Action, View, Rules]):
    """WarPairsPoker for two: the shedding game of singles, pairs and poker hands."""

    name = "warpairs"
    title = "WarPairsPoker"
    action_types = ACTION_TYPES
    action_words = ACTION_WORDS
    blurb = "shed your hand with singles, pairs and poker hands; twos beat aces"
    page = "play.ipynb"
    lesson = "02_the_rules.ipynb"
    rules_doc = "rules.md"
    rules_type = Rules
    first_player_label = "first leader"

    def new(self, seed: int, players: int, rules: Rules,
            deck: Sequence[Any] | None = None) -> GameState:
        try:
            return GameState.new(seed, rules, None if deck is None else tuple(deck))
        except WppError:
            raise
        except ValueError as err:
            raise WppError(str(err)) from None

    def legal_actions(self, state: GameState) -> list[Action]:
        return state.legal_actions()

    def step(self, state: GameState, action: Action, narrate: bool = True
             ) -> tuple[GameState, Event]:
        return step(state, self.check_action(action), narrate=narrate)

    def view(self, state: GameState, player: int) -> View:
        return state.view(self.check_seat(state, player))

    def returns(self, state: GameState) -> tuple[float, ...]:
        if state.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if state.winner == 0 else (-1.0, 1.0)

    def outcome(self, state: GameState) -> str:
        return outcome_text(state)

    def redeal_hidden(self, state: GameState, player: int, rng: random.Random) -> GameState:
        return state.redeal_hidden(player, rng)

    def cards(self, state: GameState) -> Counter[Hashable]:
        return Counter(c for cards in state.locations().values() for c in cards)

    def action_from_json(self, raw: Any) -> Action:
        try:
            return action_from_json(raw)
        except WppError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError) as err:
            raise WppError(f"not an action: {raw!r:.60} ({err})") from None

    def digest_parts(self, state: GameState) -> list[str]:
        s = state
        return [
            *(format_cards(h, ascii=True) for h in s.hands),
            format_cards(s.deck, ascii=True), format_cards(s.pile, ascii=True),
            format_cards(s.discards, ascii=True),
            "|".join(f"{tp.player}:{format_cards(tp.play.cards, ascii=True)}" for tp in s.trick),
            "|".join(format_cards(m, ascii=True) if m is not None else "-" for m in s.mulligans),
            format_cards(s.drawn, ascii=True),
            s.phase.value, str(s.to_act), str(s.passed), str(s.redraw_used), str(s.actions),
            str(s.reshuffles), str(s.winner),
            s.end_reason.value if s.end_reason else "-",
        ]

    # --- the analysis hooks (see wpp.warpairs.game_stats) -----------------------------------------
    def branching(self, state: GameState, legal: Sequence[Action]) -> int:
        return game_stats.branching(state, legal)

    def counts_as_move(self, state: GameState) -> bool:
        return game_stats.counts_as_move(state)

    def lead_estimates(self, state: GameState) -> tuple[float, ...]:
        return game_stats.lead_estimates(state)

    def move_spread(self, state: GameState, legal: Sequence[Action]) -> float:
        return game_stats.move_spread(state, legal)

    def first_player(self, states: Sequence[GameState]) -> int:
        return game_stats.first_leader(states)

    def decision_columns(self, state: GameState) -> dict[str, Any]:
        return game_stats.decision_columns(state)

    def analysis_columns(self, states: Sequence[GameState], actions: Sequence[Action]
                         ) -> dict[str, Any]:
        return game_stats.game_columns(states, actions)


#: The one definition of WarPairsPoker.
WARPAIRS: Final = WarPairsPoker()
