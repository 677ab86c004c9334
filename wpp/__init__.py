"""WarPairsPoker: the engine (cards, plays, rules, the game), its AIs and analysis.

Pure Python with no Jupyter imports; ``widgets/`` and ``notebooks/`` build on it.
"""

from wpp.actions import (
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
from wpp.cards import (
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
from wpp.errors import GameFileError, IllegalAction
from wpp.game import Game
from wpp.judge import Verdict, beats, judge, why_not
from wpp.moves import all_plays, answers
from wpp.plays import Category, IllegalPlay, Mode, Play, classify, play_of
from wpp.rules import DEFAULT_RULES, EmptyDeck, Rules
from wpp.state import EndReason, Event, GameState, Phase, View

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
    "Rules",
    "Stop",
    "Suit",
    "TakeFromPile",
    "Verdict",
    "View",
    "all_plays",
    "answers",
    "beats",
    "card",
    "classify",
    "format_cards",
    "judge",
    "parse_card",
    "parse_cards",
    "play_of",
    "why_not",
]
