"""A game of WarPairsPoker with its history: the kit's :class:`~wpp.core.history.History`
bound to WarPairsPoker, with the engine's own words (phase, winner, rules) at hand.

>>> g = Game(seed=7)
>>> g.phase, g.to_act
(<Phase.MULLIGAN: 'mulligan'>, 0)
>>> from wpp.warpairs.actions import Mulligan
>>> g.apply(Mulligan(g.view(0).hand[:3]))
Event(...)
>>> g.undo()
>>> g.state == Game(seed=7).state
True
>>> Game.from_json(g.to_json()).state == g.state
True

:func:`play_game` plays a whole game between two agents (the kit's loop,
:mod:`wpp.core.selfplay`):

>>> from wpp.warpairs.ai import RandomAgent
>>> g = play_game((RandomAgent(1), RandomAgent(2)), seed=42)
>>> g.is_over, g.state.end_reason is not None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from wpp.core.agents import Agent
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History, check_players, parse_save
from wpp.core.protocol import GameDef
from wpp.core.selfplay import play_out
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.events import Event
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.rules import DEFAULT_RULES, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.view import View

__all__ = ["Game", "play_game"]


class Game(History[GameState, Action]):
    """One game of WarPairsPoker and its history, back to the deal.

    ``apply`` validates each action (a refused one raises :class:`~wpp.core.errors.IllegalAction`
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
        action; anything wrong is a :class:`~wpp.core.errors.GameFileError` saying what."""
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
        """What ``player`` may know (see :class:`~wpp.warpairs.view.View`)."""
        view: View = super().view(player)
        return view

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Apply ``action`` for the player to act (``player``, if given, must be them).

        Returns the narrated :class:`~wpp.warpairs.events.Event`. An illegal action raises
        :class:`~wpp.core.errors.IllegalAction` and leaves the game exactly as it was.
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

def play_game(
    agents: Sequence[Agent],
    seed: int,
    rules: Rules = DEFAULT_RULES,
    *,
    history: bool = True,
    on_event: Callable[[Event, Agent], None] | None = None,
) -> Game:
    """Play one game to its end, ``agents[0]`` as P1 and ``agents[1]`` as P2.

    Each agent only ever receives its own player's view. ``on_event`` (if given) is called
    after every action with its narrated event and the agent that chose it. With
    ``history=False`` the game keeps no undo history or events (fast simulations; ``on_event``
    then receives nothing).
    """
    if len(agents) != 2:
        raise WppError(f"a game needs 2 agents, not {len(agents)}")
    game = Game(seed, rules, history=history)
    return play_out(game, agents, on_event=on_event if history else None)
