"""WarPairsPoker, registered: its definition (:mod:`wpp.warpairs.definition`), its history class
(:class:`wpp.Game`) and its agents.

>>> sorted(AGENTS)
['classic', 'counting', 'greedy', 'noisy', 'random', 'search']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from wpp.core.agents import Agent
from wpp.core.matches import MatchRule
from wpp.core.protocol import ActionValue, AgentFactory, LadderRung, Policy, ReviewHook
from wpp.warpairs.actions import Action
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.counting_agent import CountingAgent
from wpp.warpairs.ai.greedy import GreedyAgent
from wpp.warpairs.ai.noisy import DEFAULT_RATE, NoisyClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.search import DEFAULT_PLAYOUTS, SearchAgent, played_values, review_values
from wpp.warpairs.cli import add_commands
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.game import Game
from wpp.warpairs.state import GameState

__all__ = ["AGENTS", "AGENT_LABELS", "COMMANDS", "GAME", "HISTORY", "LADDER", "MATCH",
           "NOT_APPLICABLE", "ORDER", "PUBLIC_REASONS", "REVIEW"]

GAME: Final = WARPAIRS
HISTORY: Final = Game
#: First on the home page and in every listing.
ORDER: Final = 0
#: Its page's match (wpp.core.matches): a game only says who won: first to 2 wins (a match
#: first to 3 ran past 40 turns).
MATCH: Final = MatchRule("wins", first_to=2)
#: Its own play (move by move, with reasons), random-games (the fast path) and tournament.
COMMANDS: Final = add_commands


def _classic(seed: int | None = 0, *, use_pile: bool = True) -> Agent:
    return ClassicAgent(use_pile=use_pile)


def _random(seed: int | None = 0) -> Agent:
    return RandomAgent(seed)


def _greedy(seed: int | None = 0) -> Agent:
    return GreedyAgent(seed)


def _counting(seed: int | None = 0) -> Agent:
    return CountingAgent()


def _noisy(seed: int | None = 0, *, rate: float = DEFAULT_RATE) -> Agent:
    return NoisyClassicAgent(seed, rate=rate)


def _search(seed: int | None = 0, *, playouts: int = DEFAULT_PLAYOUTS,
            seconds: float | None = None) -> Agent:
    return SearchAgent(seed, playouts=playouts, seconds=seconds)


#: WarPairsPoker's agents by name (the first is the default opponent).
AGENTS: dict[str, AgentFactory] = {"classic": _classic, "random": _random, "greedy": _greedy,
                                   "counting": _counting, "search": _search, "noisy": _noisy}

#: Each agent in words a newcomer knows, for the pages' opponent and hint lists (the
#: registered names above stay for save files, tests and the command line).
AGENT_LABELS: Final[dict[str, str]] = {
    "classic": "the lessons' classic AI, the game author's own strategy",
    "random": "any legal move, by chance",
    "greedy": "takes what looks best right now",
    "counting": "a card counter",
    "search": "thinks ahead (you set how hard)",
    "noisy": "the club player with slips (you set how often)",
}




def _review(state: GameState, player: int, rng: random.Random, budget: dict[str, Any],
            must: Sequence[Action] = (), policy: Policy | None = None) -> list[ActionValue]:
    return review_values(WARPAIRS.view(state, player), rng, budget["worlds"], must, policy)


def _compare(state: GameState, player: int, rng: random.Random, actions: Sequence[Action],
             worlds: int, policy: Policy | None = None) -> list[ActionValue]:
    return played_values(WARPAIRS.view(state, player), rng, worlds, actions, policy)


def _method(budget: dict[str, Any], policy: str | None) -> str:
    who = f"the {policy} agent" if policy else "the club player"
    return (f"the moves the Expert weighs and your move, each played in the same "
            f"{budget['worlds']} practice deals of the cards you could not see, finished by "
            f"{who} for both seats")


#: The game review plays the search AI's candidates in 160 worlds each: a typical game
#: reviews in a few seconds of one core (benchmarks/review.py). A move that seems to lose a
#: mistake's worth is played again against the better one in 320 fresh worlds (the second
#: look of wpp.core.review.review_decision): at 160 worlds the best of the candidates'
#: estimates is lucky often enough that 6 of 55 mistakes called were not the judge's.
REVIEW: Final = ReviewHook(_review, _method, {"worlds": 160, "second_look": 320}, _compare)


def _public_reasons(history: Any, index: int, viewer: int) -> Any:
    from wpp.warpairs.presenter import public_reasons  # the page's words, loaded when asked

    return public_reasons(history, index, viewer)


#: The computer's move in public terms, for "Why?" during a game on the shared game page
#: (built from the viewer's views and the public record, never a state).
PUBLIC_REASONS: Final = _public_reasons

#: The opponent ladder, weakest first (:mod:`wpp.core.ladder`; ratings in data/ladder.json).
LADDER: Final[tuple[LadderRung, ...]] = (
    ("beginner", "Beginner", "random", {},
     "Plays a random legal move every time (it never concedes): gives its best cards to the "
     "pile and leads whatever comes to hand."),
    ("novice", "Novice", "noisy", {"rate": 0.5},
     "The club player, except that half of its decisions are a random legal move "
     "instead — a random mulligan, lead, answer or draw."),
    ("casual", "Casual", "noisy", {"rate": 0.2},
     "The club player, except that one decision in five is a random legal move "
     "instead."),
    ("classic", "Classic AI", "classic", {},
     "The game author's own strategy: his mulligan, leads and answers."),
    ("expert", "Expert", "search", {},
     "Plays candidate moves out in 200 imagined deals of the cards it cannot see, read from "
     "what you have played, and overrules the club player when that wins more often."),
)

#: Checks of the shared test suites that do not apply to WarPairsPoker, with the reason each
#: is skipped (their names: ``widgets.testing.CHECKS``).
NOT_APPLICABLE: Final = {
    "keys-on-controls": "its keys reach every slot of a hand that may grow to 36 cards; "
                        "a first hand shows only its own cards' slots",
    "page-walk": "its page's walk is its own, with more steps, on the server as shipped "
                 "(tests/browser/test_browser_game_page.py)",
}
