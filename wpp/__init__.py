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

from importlib import import_module
from typing import TYPE_CHECKING, Any, Final

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

if TYPE_CHECKING:  # the names below load on first use (see __getattr__)
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

#: WarPairsPoker's engine names, each imported from its module on first use, so importing the
#: kit's core (``wpp.core.…``, which imports this package first) does not load a game.
_WARPAIRS_NAMES: Final = {
    "Action": "wpp.warpairs.actions",
    "Concede": "wpp.warpairs.actions",
    "Draw": "wpp.warpairs.actions",
    "Mulligan": "wpp.warpairs.actions",
    "Pass": "wpp.warpairs.actions",
    "PlayCards": "wpp.warpairs.actions",
    "Redraw": "wpp.warpairs.actions",
    "Stop": "wpp.warpairs.actions",
    "TakeFromPile": "wpp.warpairs.actions",
    "Event": "wpp.warpairs.events",
    "Game": "wpp.warpairs.game",
    "Verdict": "wpp.warpairs.judge",
    "judge": "wpp.warpairs.judge",
    "beats": "wpp.warpairs.lookup",
    "classify": "wpp.warpairs.lookup",
    "play_of": "wpp.warpairs.lookup",
    "why_not": "wpp.warpairs.lookup",
    "all_plays": "wpp.warpairs.moves",
    "answers": "wpp.warpairs.moves",
    "EndReason": "wpp.warpairs.phases",
    "Phase": "wpp.warpairs.phases",
    "Category": "wpp.warpairs.plays",
    "IllegalPlay": "wpp.warpairs.plays",
    "Mode": "wpp.warpairs.plays",
    "Play": "wpp.warpairs.plays",
    "DEFAULT_RULES": "wpp.warpairs.rules",
    "EmptyDeck": "wpp.warpairs.rules",
    "Rules": "wpp.warpairs.rules",
    "GameState": "wpp.warpairs.state",
    "View": "wpp.warpairs.view",
}


def __getattr__(name: str) -> Any:
    """A WarPairsPoker name of ``__all__``, imported from its module on first use."""
    module = _WARPAIRS_NAMES.get(name)
    if module is None:
        raise AttributeError(f"module 'wpp' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


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
