"""A game of WarPairsPoker with its history: the kit's :class:`~wpp.core.history.History`
bound to WarPairsPoker, with the engine's own words (phase, winner, rules) at hand.

>>> g = Game(seed=7)
>>> g.phase, g.to_act
(<Phase.MULLIGAN: 'mulligan'>, 0)
>>> from wpp.actions import Mulligan
>>> g.apply(Mulligan(g.view(0).hand[:3]))
Event(...)
>>> g.undo()
>>> g.state == Game(seed=7).state
True
>>> Game.from_json(g.to_json()).state == g.state
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wpp.actions import Action
from wpp.cards import Card
from wpp.core.history import History, check_players, parse_save
from wpp.core.protocol import GameDef
from wpp.errors import GameFileError, WppError
from wpp.protocol import WARPAIRS
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import Event, GameState, Phase, View, player_name

__all__ = ["Game"]


class Game(History[GameState, Action]):
    """One game of WarPairsPoker and its history, back to the deal.

    ``apply`` validates each action (a refused one raises :class:`~wpp.errors.IllegalAction`
    and changes nothing); ``undo``/``redo`` move through the history any number of steps;
    ``replay`` starts the same deal again. With ``history=False`` no history is kept (for fast
    simulations): ``undo`` is then unavailable and events are not narrated. ``deck`` (top
    first) replaces the seed's shuffle.
    """

    def __init__(self, seed: int = 0, rules: Rules = DEFAULT_RULES, *,
                 deck: Iterable[Card] | None = None, history: bool = True) -> None:
        super().__init__(WARPAIRS, seed, 2, rules, deck=deck,
                         history=history)

    @classmethod
    def create(cls, game: GameDef[GameState, Action, Any, Any], seed: int, players: int | None,
               rules: Any, *, deck: Sequence[Any] | None = None, history: bool = True) -> Game:
        if game is not WARPAIRS:
            raise WppError(f"a Game is WarPairsPoker, not {game.title}")
        check_players(game, players)
        return cls(seed, rules, deck=deck, history=history)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a WarPairsPoker game saved by :meth:`to_json`, replaying and checking every
        action; anything wrong is a :class:`~wpp.errors.GameFileError` saying what."""
        doc = parse_save(text)
        if doc["game"] != WARPAIRS.name:
            raise GameFileError(f"this file holds a game of {doc['game']!r:.40}, not "
                                "WarPairsPoker (wpp.load_game reads any game)")
        try:
            game = cls.from_doc(WARPAIRS, doc)
        except GameFileError:
            raise
        except WppError as err:
            raise GameFileError(f"bad WarPairsPoker file: {err}") from None
        assert isinstance(game, Game)
        return game

    # --- the engine's words for the present ----------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def view(self, player: int) -> View:
        """What ``player`` may know (see :class:`~wpp.state.View`)."""
        view: View = super().view(player)
        return view

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Apply ``action`` for the player to act (``player``, if given, must be them).

        Returns the narrated :class:`~wpp.state.Event`. An illegal action raises
        :class:`~wpp.errors.IllegalAction` and leaves the game exactly as it was.
        """
        event = super().apply(action, player)
        assert isinstance(event, Event)
        return event

    @property
    def events(self) -> tuple[Event, ...]:
        """The narrated events since the deal (use ``event.text_for(viewer)``)."""
        return tuple(e for e in super().events if isinstance(e, Event))

    def replay(self) -> Game:
        """A new game from the same deal and rules (the original's "Replay")."""
        return Game(self.seed, self.rules, deck=self.deck, history=self._history)

    def __repr__(self) -> str:
        return (f"Game(seed={self.seed}, phase={self.phase.value}, to_act="
                f"{player_name(self.to_act)}, actions={self.state.actions})")
