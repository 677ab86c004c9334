"""Which of two moves wins more often? Lesson 12's question, answered the search AI's way.

:func:`duel` plays both moves of a position in the same re-deals of the cards the player
cannot see (each re-deal is one "world"), every game to its end with the classic AI in both
seats, and counts the wins of each — the search AI's measure (:mod:`wpp.warpairs.ai.search`),
for just the two moves a learner is asked about. :func:`duel_positions` are the positions the
lesson asks about, each with its two moves.

>>> p = duel_positions()[0]
>>> [str(m) for m in p.moves]
['play J♦', 'play A♠']
>>> d = duel(p.state.view(p.player), p.moves, worlds=20, seed=1)
>>> d.wins[0] > d.wins[1], d.worlds
(True, 20)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from wpp.core.checks import check_count
from wpp.core.errors import WppError
from wpp.core.intervals import Interval, wilson
from wpp.warpairs.actions import Action, PlayCards
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.search import classic_playout, determinise
from wpp.warpairs.game import play_game
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["Duel", "DuelPosition", "duel", "duel_positions"]


@dataclass(frozen=True, slots=True)
class Duel:
    """Two moves played in the same ``worlds`` re-deals: each move's wins (draws count ½)
    and in how many worlds each did strictly better than the other."""

    moves: tuple[Action, Action]
    wins: tuple[float, float]
    worlds: int
    better: tuple[int, int]

    def rate(self, i: int) -> Interval:
        """Move ``i``'s win rate with its 95% interval."""
        return wilson(self.wins[i], self.worlds)


def duel(view: View, moves: tuple[Action, Action], worlds: int = 50, seed: int = 0) -> Duel:
    """Play both ``moves`` of ``view`` in the same ``worlds`` re-deals, to the end."""
    check_count(worlds, "the number of re-deals", 1, 100_000)
    legal = set(view.legal_actions())
    for m in moves:
        if m not in legal:
            raise WppError(f"{m} is not a legal move here")
    rng = random.Random(seed)
    wins = [0.0, 0.0]
    better = [0, 0]
    me = view.player
    for _ in range(worlds):
        world = determinise(view, rng)
        scores = []
        for m in moves:
            after = step(world, m, narrate=False)[0]
            final = after if after.phase is Phase.OVER else classic_playout(after)
            scores.append(0.5 if final.winner is None else float(final.winner == me))
        wins[0] += scores[0]
        wins[1] += scores[1]
        better[0] += scores[0] > scores[1]
        better[1] += scores[1] > scores[0]
    return Duel(moves, (wins[0], wins[1]), worlds, (better[0], better[1]))


@dataclass(frozen=True, slots=True)
class DuelPosition:
    """A position to ask about: what it is, the state, whose decision, the two moves."""

    title: str
    state: GameState
    player: int
    moves: tuple[Action, Action]
    note: str


def _play(cards: str) -> PlayCards:
    from wpp.core.standard_deck import parse_cards

    return PlayCards(tuple(sorted(parse_cards(cards))))


def _position(seed: int, index: int) -> GameState:
    """State ``index`` of the seeded game of the classic AI (P1) against a random player."""
    return play_game((ClassicAgent(), RandomAgent(seed)), seed=seed).states[index]


def duel_positions() -> list[DuelPosition]:
    """The lesson's positions, P1 (the classic AI in a real game) to lead: in two of them the
    classic AI's lead wins less often than the other move, in one more often, and in the
    last the two are close (a small budget of re-deals can get it wrong)."""
    aces = GameState.custom(("2D 5C 9H QS 6H 8S", "3C 4C 5D 6C 7C 8C 9D 10C"), to_act=0,
                            discards="AS AH AD AC")
    return [
        DuelPosition("Three cards left", _position(3, 11), 0, (_play("JD"), _play("AS")),
                     "Lead the jack, or the ace?"),
        DuelPosition("The end of a real game", _position(17, 15), 0,
                     (_play("2D"), _play("KS")),
                     "The classic rule leads the lowest card of the rank held most often, "
                     "twos first."),
        DuelPosition("Two aces and a seven", _position(4, 7), 0, (_play("7H"), _play("AH")),
                     "Keep the aces for later, or lead one now?"),
        DuelPosition("Every ace is gone", aces, 0, (_play("2D"), _play("5C")),
                     "Twos beat only aces. With all four aces gone, a two is just the lowest "
                     "card of the deck."),
    ]
