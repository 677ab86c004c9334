"""Pairs as a game of the kit: its definition behind the shared protocol.

Pairs (James Ernest and Paul Peterson, Cheapass Games, 2014) is a press-your-luck pub game
for 2–6 players with the 55-card triangular deck. Each round everyone gets one face-up card;
the lowest card starts; in turn, a player **hits** (draws a card face up into their stack — a
card equal to one already there is a pair: they score its value and the round ends) or
**folds** (takes the lowest card in play as points; the round ends). Points are bad: the
first player to reach ``60 // N + 1`` loses. The rules as played, numbered, are in
``wpp/pairs/rules.md``; the default is the CardStock encoding (:mod:`wpp.pairs.rules`).

Returns: the scaled rank (N − rank)/(N − 1) per seat by ascending score — 1 for the lowest
score, 0 for the highest, ties sharing the better rank (with ``only_loser``, every player but
the loser shares the best rank).

>>> import wpp
>>> g = wpp.new_game("pairs", seed=4, players=3)
>>> g.view(0).hands
((Card(7),), (Card(9),), (Card(1),))
>>> g.to_act, [str(a) for a in g.legal_actions()]
(2, ['fold', 'hit'])
>>> print(g.apply(FOLD).text_for(None))
P3 folds and takes the 1 from their own stack (1 point). Round 2: P1 10, P2 10, P3 8; P3 \
starts (the lowest card).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from wpp.core.errors import IllegalAction, WppError
from wpp.core.protocol import GameDef
from wpp.pairs.board import Board, seat_name
from wpp.pairs.cards import DECK, Card, format_cards, parse_deck
from wpp.pairs.rules import PairsRules
from wpp.pairs.state import FOLD, PairsAction, PairsState, PairsView, legal

__all__ = ["PAIRS", "PairsDef", "PairsEvent", "ranks", "scaled_ranks", "standings",
           "standings_text"]


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """One applied action and everything it set off (a pair, the next deal, a reshuffle),
    narrated. Every card it names is face up, so everyone reads the same words."""

    player: int
    action: PairsAction
    lines: tuple[str, ...]

    def text_for(self, viewer: int | None) -> str:
        return " ".join(self.lines) or f"{seat_name(self.player)} {self.action}s."


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks by ascending score: 1 for the lowest, ties share the better rank.

    >>> ranks([5, 17, 5, 9])
    (1, 4, 1, 3)
    """
    return tuple(1 + sum(1 for u in totals if u < t) for t in totals)


def standings(totals: Sequence[int], only_loser: bool = False) -> tuple[int, ...]:
    """Each seat's rank at the end of the game under rule R10: by ascending score (ties
    share the better rank), or with ``only_loser`` (the rule sheet) 1 for everyone but the
    loser, who is last.

    >>> standings([5, 17, 5, 9]), standings([5, 17, 5, 9], only_loser=True)
    ((1, 4, 1, 3), (1, 4, 1, 1))
    """
    if not only_loser:
        return ranks(totals)
    worst = max(totals)
    last = 1 + sum(1 for t in totals if t < worst)
    return tuple(last if t == worst else 1 for t in totals)


def standings_text(totals: Sequence[int], only_loser: bool = False,
                   names: Sequence[str] | None = None) -> str:
    """The final ranks in words, best first, under rule R10 (what a page's banner says).

    >>> standings_text([5, 17, 5, 9], only_loser=True)
    'rank 1: P1 (5 points), P3 (5 points), P4 (9 points); rank 4: P2 (17 points)'
    >>> standings_text([5, 17, 5, 9], names=["You", "Ann", "Bob", "Cy"])
    'rank 1: You (5 points), Bob (5 points); rank 3: Cy (9 points); rank 4: Ann (17 points)'
    """
    order = standings(totals, only_loser)
    who = list(names) if names is not None else [seat_name(s) for s in range(len(totals))]
    groups = []
    for rank in sorted(set(order)):
        seats = [s for s in range(len(totals)) if order[s] == rank]
        groups.append(f"rank {rank}: " + ", ".join(
            f"{who[s]} ({totals[s]} point{'s' if totals[s] != 1 else ''})" for s in seats))
    return "; ".join(groups)


def scaled_ranks(totals: Sequence[int], only_loser: bool = False) -> tuple[float, ...]:
    """(N − rank)/(N − 1) per seat: 1 for the best rank, 0 for the worst.

    >>> scaled_ranks([5, 17, 5, 9])
    (1.0, 0.0, 1.0, 0.3333333333333333)
    >>> scaled_ranks([5, 17, 5, 9], only_loser=True)
    (1.0, 0.0, 1.0, 1.0)
    """
    n = len(totals)
    if only_loser:
        worst = max(totals)
        return tuple(0.0 if t == worst else 1.0 for t in totals)
    return tuple((n - r) / (n - 1) for r in ranks(totals))


def loser(state: PairsState) -> int:
    """The seat that reached the target (the highest score; one seat scores at a time)."""
    totals = state.totals
    return max(range(state.players), key=lambda s: totals[s])


class PairsDef(GameDef[PairsState, PairsAction, PairsView, PairsRules]):
    """Pairs behind the kit's game protocol."""

    name = "pairs"
    title = "Pairs"
    action_types = (PairsAction,)
    action_words = "FOLD or HIT"
    blurb = "press your luck with the triangular deck: hit or fold, and don't pair up"
    min_players = 2
    max_players = 6
    default_players = 4
    zero_sum = False
    page = "pairs.ipynb"
    lesson = "09_pairs.ipynb"
    rules_type = PairsRules
    deck = DECK
    rules_doc = "pairs-rules.md"
    #: Two actions a decision and short playouts: many worlds cost little (a game reviews in
    #: well under a second).
    review_budget: ClassVar[dict[str, int]] = {"worlds": 200, "actions": 12}

    def new(self, seed: int, players: int, rules: PairsRules,
            deck: Sequence[Any] | None = None) -> PairsState:
        order = self.deal_order(seed, rules, deck)
        return Board.deal(rules, players, seed, order).freeze()

    def is_over(self, state: PairsState) -> bool:
        return state.over

    def legal_actions(self, state: PairsState) -> list[PairsAction]:
        return legal(state.rules, state.hands, state.to_act, state.over,
                     len(state.stock) + len(state.burned) + len(state.discard))

    def step(self, state: PairsState, action: PairsAction, narrate: bool = True
             ) -> tuple[PairsState, PairsEvent]:
        action = self.check_action(action)
        if state.over:
            raise IllegalAction("the game is over: someone reached the target (R10)", "R10")
        if action not in self.legal_actions(state):
            who = seat_name(state.to_act)
            if action is FOLD:
                raise IllegalAction(f"{who} has no card in their stack and must hit (R11)",
                                    "R11")
            raise IllegalAction(f"{who} cannot hit: there is no card left to draw (R12)", "R12")
        board = Board.thaw(state)
        board.log = [] if narrate else None
        board.act(action is FOLD)
        return board.freeze(), PairsEvent(state.to_act, action, tuple(board.log or ()))

    def view(self, state: PairsState, player: int) -> PairsView:
        player = self.check_seat(state, player)
        return PairsView(player, state.to_act, state.rules, state.players, state.hands,
                         state.scores, state.discard, len(state.stock), len(state.burned),
                         state.over, state.round, state.starter, state.reshuffles)

    def returns(self, state: PairsState) -> tuple[float, ...]:
        if not state.over:
            return (0.0,) * state.players
        return scaled_ranks(state.totals, state.rules.only_loser)

    def outcome(self, state: PairsState) -> str:
        if not state.over:
            return "the game is still being played"
        totals = state.totals
        who = loser(state)
        order = ranks(totals)
        table = standings_text(totals, state.rules.only_loser)
        best = [seat_name(s) for s in range(state.players) if order[s] == 1]
        head = f"{seat_name(who)} loses with {totals[who]} points (target {state.target})"
        if state.rules.only_loser:
            return f"{head}; everyone else wins; {table}."
        return f"{head}; the lowest score wins: {' and '.join(best)}; {table}."

    def redeal_hidden(self, state: PairsState, player: int, rng: random.Random) -> PairsState:
        """The deck and the burned cards dealt anew from the cards ``player`` cannot see
        (sizes kept), and a new seed for the chance events to come. Everything else is face
        up, so this is exact: every arrangement consistent with the view is equally likely."""
        board = Board.sample(self.view(state, player), rng)
        board.rng = None
        board.seed = rng.getrandbits(62)
        board.chance = 0
        return board.freeze()

    def cards(self, state: PairsState) -> Counter[Hashable]:
        return Counter(Board.thaw(state).cards())

    def action_from_json(self, raw: Any) -> PairsAction:
        for action in PairsAction:
            if raw == action.value:
                return action
        raise WppError(f"a Pairs action is 'fold' or 'hit', not {raw!r:.40}")

    def deck_to_json(self, deck: Sequence[Any]) -> Any:
        return format_cards(deck)

    def deck_from_json(self, raw: Any) -> tuple[Card, ...]:
        return parse_deck(raw)

    def digest_parts(self, state: PairsState) -> list[str]:
        return [f"seed {state.seed}", f"rules {self.rules_to_json(state.rules)}",
                f"stock {format_cards(state.stock)}", f"burned {format_cards(state.burned)}",
                f"discard {format_cards(state.discard)}",
                *(f"hand {format_cards(h)}" for h in state.hands),
                *(f"score {format_cards(s)}" for s in state.scores),
                f"to_act {state.to_act} over {state.over} round {state.round} "
                f"starter {state.starter} reshuffles {state.reshuffles} chance {state.chance}"]

    def analysis_columns(self, states: Sequence[PairsState], actions: Sequence[PairsAction]
                         ) -> dict[str, Any]:
        """Pairs' own columns of a finished game: the rounds, the reshuffles, the loser's
        seat (1-based) and the folds."""
        end = states[-1]
        return {"rounds": end.round, "reshuffles": end.reshuffles,
                "loser": loser(end) + 1 if end.over else 0,
                "folds": sum(1 for a in actions if a is FOLD)}


#: The one instance (a definition holds no game, so one serves all).
PAIRS: Final = PairsDef()
