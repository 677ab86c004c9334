"""The kit's games — WarPairsPoker first — their AIs and analysis, on one game protocol.

Pure Python with no Jupyter imports; ``widgets/`` and ``notebooks/`` build on it. Every game
is reached the same way::

    wpp.registered_games()                     # ('warpairs', 'draw', ...)
    g = wpp.new_game("warpairs", seed=7)       # a history: legal_actions(), apply(a), undo(), ...
    wpp.load_game(g.to_json())                 # any registered game's save file
    wpp.registered_agents("warpairs")          # ('classic', 'counting', 'greedy', ...)
    wpp.make_agent("warpairs", "classic")      # decide(view) -> Decision, choose(view) -> action
    wpp.review_game(g, 0).table                # which decisions cost P1, by how much

and WarPairsPoker's own engine names (``Game``, ``parse_cards``, ``classify``, …) stay here.
"""

from wpp.core.errors import GameFileError, IllegalAction, WppError
from wpp.core.history import History
from wpp.core.registry import (
    load_game,
    make_agent,
    new_game,
    registered_agents,
    registered_games,
)
from wpp.core.review import Review, review_game
from wpp.core.standard_deck import (
    CARDS,
    DECK,
    Card,
    CardParseError,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
)
from wpp.warpairs.actions import (
    Action,
    Concede,
    Draw,
    Mulligan,
    Pass,
    PlayCards,
    Redraw,
    Stop,
    TakeFromPile,
)
from wpp.warpairs.events import Event
from wpp.warpairs.game import Game
from wpp.warpairs.judge import Verdict, judge
from wpp.warpairs.lookup import beats, classify, play_of, why_not
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.phases import EndReason, Phase
from wpp.warpairs.plays import Category, IllegalPlay, Mode, Play
from wpp.warpairs.rules import DEFAULT_RULES, EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.view import View

__all__ = [
    "CARDS",
    "DECK",
    "DEFAULT_RULES",
    "Action",
    "Card",
    "CardParseError",
    "Category",
    "Concede",
    "Draw",
    "EmptyDeck",
    "EndReason",
    "Event",
    "Game",
    "GameFileError",
    "GameState",
    "History",
    "IllegalAction",
    "IllegalPlay",
    "Mode",
    "Mulligan",
    "Pass",
    "Phase",
    "Play",
    "PlayCards",
    "Rank",
    "Redraw",
    "Review",
    "Rules",
    "Stop",
    "Suit",
    "TakeFromPile",
    "Verdict",
    "View",
    "WppError",
    "all_plays",
    "answers",
    "beats",
    "card",
    "classify",
    "format_cards",
    "judge",
    "load_game",
    "make_agent",
    "new_game",
    "parse_card",
    "parse_cards",
    "play_of",
    "registered_agents",
    "registered_games",
    "review_game",
    "why_not",
]
