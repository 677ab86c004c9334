"""Pairs, registered: its definition (:mod:`wpp.pairs.game`) and its agents
(:mod:`wpp.pairs.agents`).

>>> sorted(AGENTS)
['expected', 'noisy', 'pipmc', 'pipmc_inverse', 'random']
"""

from __future__ import annotations

from typing import Final

from wpp.core.agents import Agent, noisy_factory
from wpp.core.matches import MatchRule
from wpp.core.protocol import AgentFactory, LadderRung
from wpp.pairs.agents import PIPMC, ExpectedValue, RandomPlayer
from wpp.pairs.game import PAIRS
from wpp.pairs.public import public_reasons

__all__ = ["AGENTS", "AGENT_LABELS", "GAME", "HINT", "LADDER", "MATCH", "ORDER", "PUBLIC_REASONS"]

GAME: Final = PAIRS
#: After WarPairsPoker and 5-card draw.
ORDER: Final = 4
#: Its page's match (wpp.core.matches): each game is rounds until the target; its placings score
#: as whole placing points (3 for the first of 4 down to 0): 3 games, most points wins; a
#: forfeit costs a first place's points.
MATCH: Final = MatchRule("points", hands=3, forfeit_points=1.0, placing=True)


def _pipmc(seed: int | None = 0, playouts: int = 10) -> Agent:
    return PIPMC(seed, playouts, "rank")


def _pipmc_inverse(seed: int | None = 0, playouts: int = 10) -> Agent:
    return PIPMC(seed, playouts, "inverse")


def _expected(seed: int | None = 0, share: float = 0.9) -> Agent:
    return ExpectedValue(seed, share)


def _random(seed: int | None = 0) -> Agent:
    return RandomPlayer(seed)


#: Pairs' agents by name (the first, CardStock's June-2019 AI, is the default opponent).
AGENTS: dict[str, AgentFactory] = {"pipmc": _pipmc, "pipmc_inverse": _pipmc_inverse,
                                   "expected": _expected, "random": _random,
                                   "noisy": noisy_factory(_pipmc, "pipmc")}

#: Each agent in words a newcomer knows, for the pages' opponent and hint lists (the
#: registered names above stay for save files, tests and the command line).
AGENT_LABELS: Final[dict[str, str]] = {
    "pipmc": "tries each move out (you set how often)",
    "pipmc_inverse": "tries each move out, aiming for first place",
    "expected": "the odds player: counts the cards still to come",
    "random": "hits or folds by chance",
    "noisy": "the club player with slips (you set how often)",
}

#: The agent Hint asks by default: the Odds player, whose exact odds the review's values agree
#: with (CardStock's AI, the default opponent, plays ten random playouts and may fold where
#: the review calls that a blunder).
HINT: Final = "expected"

#: The opponent ladder, weakest first (:mod:`wpp.core.ladder`; ratings in data/ladder.json).
LADDER: Final[tuple[LadderRung, ...]] = (
    ("beginner", "Beginner", "random", {},
     "Hits or folds at random, whatever the cards showing."),
    ("casual", "Casual", "noisy", {"rate": 0.3},
     "The club player, except that three decisions in ten are a coin toss between "
     "hitting and folding instead."),
    ("pipmc", "CardStock AI", "pipmc", {},
     "Plays each choice out 10 times at random and keeps the one that ends in the better "
     "place (the AI of the game's original software)."),
    ("expected", "Odds player", "expected", {},
     "Works out the chance that the next card pairs from the cards not yet seen and "
     "hits while that risk is worth less than folding costs."),
)

#: The page's "Why?" during a game: the exact odds of the position a computer faced (all of
#: Pairs is face up but the deck, so they are public).
PUBLIC_REASONS: Final = public_reasons
