"""A game with its history: apply, undo, redo, replay, narrate, save and load.

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

import hashlib
import json
from collections.abc import Iterable
from typing import Any, Final

from wpp.actions import Action, action_from_json
from wpp.cards import Card, format_cards, parse_cards
from wpp.errors import GameFileError, IllegalAction
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import Event, GameState, Phase, View, player_name, step

__all__ = ["FORMAT", "FORMAT_VERSION", "Game"]

FORMAT: Final = "wpp-game"
FORMAT_VERSION: Final = 1


class Game:
    """One game of WarPairsPoker and its history, back to the deal.

    ``apply`` validates each action (a refused one raises :class:`~wpp.errors.IllegalAction`
    and changes nothing); ``undo``/``redo`` move through the history any number of steps;
    ``replay`` starts the same deal again. With ``history=False`` no history is kept (for fast
    simulations): ``undo`` is then unavailable and events are not narrated.
    """

    def __init__(self, seed: int = 0, rules: Rules = DEFAULT_RULES, *,
                 deck: Iterable[Card] | None = None, history: bool = True) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        self._deck = None if deck is None else tuple(deck)
        self._history = history
        self._states: list[GameState] = [GameState.new(seed, rules, self._deck)]
        self._actions: list[Action] = []
        self._events: list[Event] = []
        self._redo: list[Action] = []

    # --- the present -------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The current state (the whole truth: do not show it to a player)."""
        return self._states[-1]

    @property
    def seed(self) -> int:
        return self.state.seed

    @property
    def rules(self) -> Rules:
        return self.state.rules

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def to_act(self) -> int:
        return self.state.to_act

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def view(self, player: int) -> View:
        """What ``player`` may know (see :class:`~wpp.state.View`)."""
        return self.state.view(player)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act."""
        return self.state.legal_actions()

    def apply(self, action: Action, player: int | None = None) -> Event:
        """Apply ``action`` for the player to act (``player``, if given, must be them).

        Returns the narrated :class:`~wpp.state.Event`. An illegal action raises
        :class:`~wpp.errors.IllegalAction` and leaves the game exactly as it was.
        """
        if player is not None and player != self.state.to_act and not self.state.is_over:
            raise IllegalAction(f"it is {player_name(self.state.to_act)}'s turn, not "
                                f"{player_name(player)}'s")
        event = self._record(action)
        self._redo.clear()  # a new action forks the history: what was undone is gone
        return event

    def _record(self, action: Action) -> Event:
        """Apply ``action`` and keep it in the history (without touching the redo stack)."""
        new, event = step(self.state, action, narrate=self._history)
        if self._history:
            self._states.append(new)
            self._actions.append(action)
            self._events.append(event)
        else:
            self._states[-1] = new
        return event

    # --- history -----------------------------------------------------------------------
    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions applied since the deal, in order."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[GameState, ...]:
        """The state at the deal and after each action since (only the current one when the
        game keeps no history)."""
        return tuple(self._states)

    @property
    def events(self) -> tuple[Event, ...]:
        """The narrated events since the deal (use ``event.text_for(viewer)``)."""
        return tuple(self._events)

    def log(self, viewer: int | None = None) -> list[str]:
        """The narration as ``viewer`` may read it (``None``: public facts only)."""
        return [e.text_for(viewer) for e in self._events]

    @property
    def can_undo(self) -> bool:
        return self._history and len(self._states) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (back to the deal at most)."""
        if not self._history:
            raise ValueError("this game keeps no history (history=False); it cannot undo")
        if steps < 0 or steps > len(self._actions):
            raise ValueError(f"can undo 0 to {len(self._actions)} actions, not {steps}")
        for _ in range(steps):
            self._states.pop()
            self._events.pop()
            self._redo.append(self._actions.pop())

    def redo(self, steps: int = 1) -> None:
        """Apply again the last ``steps`` undone actions."""
        if steps < 0 or steps > len(self._redo):
            raise ValueError(f"can redo 0 to {len(self._redo)} actions, not {steps}")
        for _ in range(steps):
            self._record(self._redo[-1])  # raises (and keeps the stack) if ever illegal
            self._redo.pop()

    def replay(self) -> Game:
        """A new game from the same deal and rules (the original's "Replay")."""
        return Game(self.seed, self.rules, deck=self._deck, history=self._history)

    def restart(self) -> None:
        """Go back to the deal, keeping the actions available to redo."""
        self.undo(len(self._actions))

    # --- save and load -----------------------------------------------------------------
    def to_json(self) -> str:
        """The game as versioned JSON: seed, rules, the actions, and a digest of the final
        state so that a tampered file is caught when loaded."""
        doc: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "seed": self.seed,
            "rules": self.rules.to_json(),
            "deck": None if self._deck is None else format_cards(self._deck, ascii=True),
            "actions": [a.to_json() for a in self._actions],
            "final": _summary(self.state),
        }
        doc["final"]["digest"] = _digest(self.state)
        return json.dumps(doc, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved by :meth:`to_json`, replaying and checking every action.

        Raises :class:`~wpp.errors.GameFileError` for a malformed file, another format or
        version, an illegal action, or a final state that does not match the replay.
        """
        try:
            doc = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise GameFileError(f"not a saved game: invalid JSON ({err})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise GameFileError(f"not a saved game: the 'format' field must be {FORMAT!r}")
        if doc.get("version") != FORMAT_VERSION:
            raise GameFileError(f"saved game version {doc.get('version')!r} is not supported "
                                f"(this version reads {FORMAT_VERSION})")
        missing = {"seed", "rules", "actions", "final"} - set(doc)
        if missing:
            raise GameFileError(f"saved game lacks {sorted(missing)}")
        seed = doc["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise GameFileError(f"the seed must be a whole number, not {seed!r}")
        try:
            rules = Rules.from_json(doc["rules"])
            deck = None if doc.get("deck") is None else parse_cards(doc["deck"])
            game = cls(seed, rules, deck=deck)
        except ValueError as err:
            raise GameFileError(f"bad rules or deck: {err}") from None
        if not isinstance(doc["actions"], list):
            raise GameFileError("'actions' must be a list")
        for i, raw in enumerate(doc["actions"], start=1):
            try:
                action = action_from_json(raw)
                game.apply(action)
            except IllegalAction as err:
                raise GameFileError(f"action {i} ({raw!r}) is illegal in that position: "
                                    f"{err}") from None
            except ValueError as err:
                raise GameFileError(f"action {i} is malformed: {err}") from None
        final = doc["final"]
        if not isinstance(final, dict):
            raise GameFileError("'final' must be an object")
        expected = _summary(game.state)
        for field, value in expected.items():
            if final.get(field) != value:
                raise GameFileError(f"inconsistent file: the saved final {field!r} "
                                    f"({final.get(field)!r}) does not match the replayed game "
                                    f"({value!r})")
        if final.get("digest") != _digest(game.state):
            raise GameFileError("inconsistent file: the final-state digest does not match the "
                                "replayed game (the file was edited)")
        return game

    def __repr__(self) -> str:
        return (f"Game(seed={self.seed}, phase={self.phase.value}, to_act="
                f"{player_name(self.to_act)}, actions={self.state.actions})")


def _summary(s: GameState) -> dict[str, Any]:
    return {
        "hands": [format_cards(h, ascii=True) for h in s.hands],
        "pile": format_cards(s.pile, ascii=True),
        "phase": s.phase.value,
        "to_act": s.to_act,
        "winner": s.winner,
        "actions": s.actions,
    }


def _digest(s: GameState) -> str:
    parts = [
        *(format_cards(h, ascii=True) for h in s.hands),
        format_cards(s.deck, ascii=True), format_cards(s.pile, ascii=True),
        format_cards(s.discards, ascii=True),
        "|".join(f"{tp.player}:{format_cards(tp.play.cards, ascii=True)}" for tp in s.trick),
        s.phase.value, str(s.to_act), str(s.passed), str(s.redraw_used), str(s.actions),
        str(s.reshuffles), str(s.winner),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
