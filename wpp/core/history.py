"""One game of any registered kind, with its history: apply, undo, redo, replay, save, load.

:class:`History` is the object every layer above the engines holds: the pages, the command
line, self-play and tournaments. It keeps the states (each immutable) and the actions since
the deal, so undo is a pop and redo re-applies; it narrates each action as the game's event.

Save files are versioned JSON that name the game, its seed, player count, rules, the stacked
deck if any and the action list, with two digests: the final state's (the replay must reach
it) and the whole file's (every field above), so an edited file — a rule flag, the seed, two
actions swapped — is refused with :class:`~wpp.core.errors.GameFileError`, never loaded. Any
malformed input (any JSON shape, size or nesting) gets that error too, never another type.

>>> from wpp.core.registry import new_game, load_game
>>> g = new_game("warpairs", seed=7)
>>> _ = g.apply(g.legal_actions()[0])
>>> g.undo(); len(g.actions), g.can_redo
(0, True)
>>> load_game(g.to_json()).state == g.state
True
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from typing import Any, Final, Generic, TypeVar

from wpp.core.checks import MAX_SEED, check_rng, check_seed
from wpp.core.errors import GameFileError, IllegalAction, WppError
from wpp.core.protocol import EventLike, GameDef

__all__ = ["FORMAT", "FORMAT_VERSION", "MAX_SEED", "History", "check_deck", "check_players",
           "check_seed", "seat_name"]

FORMAT: Final = "wpp-save"
FORMAT_VERSION: Final = 2
#: The largest save file read (characters): a real game is a few kilobytes.
MAX_FILE: Final = 5_000_000
#: The deepest nesting of lists and objects a save file may have: a real one has 4 levels;
#: deeper input is refused before anything (a digest, a message) recurses into it.
MAX_DEPTH: Final = 32

S = TypeVar("S")
A = TypeVar("A")


def seat_name(p: int) -> str:
    """``P1``, ``P2``, …: the names the narration uses for seats 0, 1, …"""
    return f"P{p + 1}"


def check_deck(deck: object) -> tuple[Any, ...]:
    """A stacked deck as a tuple, if it is a sequence of cards such as a list (the cards
    are the game's to check), else a ``WppError`` naming what was given."""
    if isinstance(deck, str | bytes | bytearray | dict | set | frozenset) or not isinstance(
            deck, Iterable):
        raise WppError(f"a stacked deck is a list of cards, top first, not "
                       f"{type(deck).__name__} {deck!r:.40}")
    return tuple(deck)


def check_players(game: GameDef[Any, Any, Any, Any], players: object) -> int:
    """The player count ``players`` if ``game`` allows it (``None``: its default), else a
    ``WppError`` naming the counts it allows."""
    n = game.default_players if players is None else players
    if not isinstance(n, int) or isinstance(n, bool) or not (
            game.min_players <= n <= game.max_players):
        seats = (f"{game.min_players}" if game.min_players == game.max_players
                 else f"{game.min_players} to {game.max_players}")
        raise WppError(f"{game.title} is for {seats} players, not {n!r:.40}")
    return n


class History(Generic[S, A]):
    """One game of ``game`` and its history, back to the deal.

    ``apply`` validates each action (a refused one raises :class:`~wpp.core.errors.IllegalAction`
    and changes nothing); ``undo``/``redo`` move through the history any number of steps;
    ``replay`` starts the same deal again. With ``history=False`` only the current state is
    kept (fast simulations): undo is then unavailable and events are not narrated.
    """

    def __init__(self, game: GameDef[S, A, Any, Any], seed: int = 0, players: int | None = None,
                 rules: Any = None, *, deck: Iterable[Any] | None = None,
                 history: bool = True) -> None:
        self._game = game
        self._seed = check_seed(seed)
        n = check_players(game, players)
        self._players = n
        self._rules = game.rules() if rules is None else rules
        self._deck = None if deck is None else check_deck(deck)
        self._history = history
        self._states: list[S] = [game.new(self._seed, n, self._rules, self._deck)]
        self._actions: list[A] = []
        self._events: list[EventLike] = []
        self._redo: list[A] = []

    # --- the present -------------------------------------------------------------------
    @property
    def game(self) -> GameDef[S, A, Any, Any]:
        """The game's definition (its rules as code)."""
        return self._game

    @property
    def name(self) -> str:
        """The registered name of the game ("warpairs")."""
        return self._game.name

    @property
    def state(self) -> S:
        """The current state (the whole truth: do not show it to a player)."""
        return self._states[-1]

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return self._players

    @property
    def rules(self) -> Any:
        """The rule flags this game is played with."""
        return self._rules

    @property
    def deck(self) -> tuple[Any, ...] | None:
        """The stacked deck this game was dealt from, if one was given instead of the seed."""
        return self._deck

    @property
    def to_act(self) -> int:
        return self._game.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return self._game.is_over(self.state)

    def view(self, player: int) -> Any:
        """What ``player`` may know now."""
        if not isinstance(player, int) or isinstance(player, bool) or not (
                0 <= player < self._players):
            raise WppError(f"a player is a seat number from 0 to {self._players - 1}, not "
                           f"{player!r:.40}")
        return self._game.view(self.state, player)

    def legal_actions(self) -> list[A]:
        """Every legal action of the seat to act."""
        return self._game.legal_actions(self.state)

    def returns(self) -> tuple[float, ...]:
        """Each seat's result once the game is over (see the game's ``returns``)."""
        if not self.is_over:
            raise WppError("the game is not over: it has no returns yet")
        return self._game.returns(self.state)

    @property
    def outcome(self) -> str:
        """How the game ended, in words ("" while it goes on)."""
        return self._game.outcome(self.state) if self.is_over else ""

    def apply(self, action: A, player: int | None = None) -> EventLike:
        """Apply ``action`` for the seat to act (``player``, if given, must be them).

        Returns the narrated event. An illegal action raises
        :class:`~wpp.core.errors.IllegalAction` and leaves the game exactly as it was.
        """
        if player is not None and player != self.to_act and not self.is_over:
            who = seat_name(player) if isinstance(player, int) else repr(player)[:40]
            raise IllegalAction(f"it is {seat_name(self.to_act)}'s turn, not {who}'s")
        event = self._record(action)
        self._redo.clear()  # a new action forks the history: what was undone is gone
        return event

    def _record(self, action: A) -> EventLike:
        """Apply ``action`` and keep it (without touching the redo stack)."""
        new, event = self._game.step(self.state, action, narrate=self._history)
        if self._history:
            self._states.append(new)
            self._actions.append(action)
            self._events.append(event)
        else:
            self._states[-1] = new
        return event

    # --- history -----------------------------------------------------------------------
    @property
    def actions(self) -> tuple[A, ...]:
        """The actions applied since the deal, in order."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[S, ...]:
        """The state at the deal and after each action since (only the current one when the
        game keeps no history)."""
        return tuple(self._states)

    @property
    def events(self) -> tuple[EventLike, ...]:
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
            raise WppError("this game keeps no history (history=False); it cannot undo")
        if not isinstance(steps, int) or not 0 <= steps <= len(self._actions):
            raise WppError(f"can undo 0 to {len(self._actions)} actions, not {steps!r:.40}")
        for _ in range(steps):
            self._states.pop()
            self._events.pop()
            self._redo.append(self._actions.pop())

    def redo(self, steps: int = 1) -> None:
        """Apply again the last ``steps`` undone actions."""
        if not isinstance(steps, int) or not 0 <= steps <= len(self._redo):
            raise WppError(f"can redo 0 to {len(self._redo)} actions, not {steps!r:.40}")
        for _ in range(steps):
            self._record(self._redo[-1])  # raises (and keeps the stack) if ever illegal
            self._redo.pop()

    def restart(self) -> None:
        """Go back to the deal, keeping the actions available to redo."""
        self.undo(len(self._actions))

    def replay(self) -> History[S, A]:
        """A new game from the same deal and rules (the original's "Replay")."""
        return type(self).create(self._game, self._seed, self._players, self._rules,
                                 deck=self._deck, history=self._history)

    @classmethod
    def create(cls, game: GameDef[S, A, Any, Any], seed: int, players: int | None, rules: Any,
               *, deck: Sequence[Any] | None = None, history: bool = True) -> History[S, A]:
        """A new game of this class: the one constructor the registry, replays and loading
        use (a subclass bound to one game, like :class:`wpp.Game`, overrides it)."""
        return cls(game, seed, players, rules, deck=deck, history=history)

    def redeal_hidden(self, player: int, rng: random.Random) -> S:
        """The current state with everything hidden from ``player`` dealt anew."""
        self.view(player)  # checks the seat
        return self._game.redeal_hidden(self.state, player, check_rng(rng))

    # --- save and load -----------------------------------------------------------------
    def _header(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.name,
            "seed": self._seed,
            "players": self._players,
            "rules": self._game.rules_to_json(self._rules),
            "deck": None if self._deck is None else self._game.deck_to_json(self._deck),
            "actions": [_action_json(a) for a in self._actions],
        }

    def state_digest(self) -> str:
        """A digest of the current state, every field that matters."""
        lines = self._game.digest_parts(self.state)
        return hashlib.sha256("\n".join(lines).encode()).hexdigest()

    def to_json(self) -> str:
        """The game as versioned JSON (see the module docs); :func:`load_game` reads it."""
        doc = self._header()
        doc["final"] = self.state_digest()
        doc["digest"] = _file_digest(doc)
        return json.dumps(doc, indent=1, ensure_ascii=False)

    @classmethod
    def from_doc(cls, game: GameDef[S, A, Any, Any], doc: dict[str, Any]) -> History[S, A]:
        """Rebuild a game from a parsed save file of ``game`` (see :func:`parse_save`),
        replaying and checking every action and both digests."""
        rules = game.rules_from_json(doc["rules"])
        deck = None if doc["deck"] is None else game.deck_from_json(doc["deck"])
        history = cls.create(game, doc["seed"], doc["players"], rules, deck=deck)
        for i, raw in enumerate(doc["actions"], start=1):
            try:
                history.apply(game.action_from_json(raw))
            except IllegalAction as err:
                raise GameFileError(f"action {i} ({raw!r:.60}) is illegal in that position: "
                                    f"{err}") from None
            except WppError as err:
                raise GameFileError(f"action {i} is malformed: {err}") from None
        if doc["final"] != history.state_digest():
            raise GameFileError("inconsistent file: the final-state digest does not match the "
                                "replayed game (the file was edited)")
        return history

    def __repr__(self) -> str:
        return (f"History({self.name!r}, seed={self._seed}, players={self._players}, "
                f"actions={len(self._actions)}, over={self.is_over})")


def _action_json(action: Any) -> Any:
    to_json = getattr(action, "to_json", None)
    if to_json is None:
        raise WppError(f"{action!r:.60} has no JSON form (to_json)")
    return to_json()


def _file_digest(doc: dict[str, Any]) -> str:
    """The digest of every field but itself, over canonical JSON."""
    body = {k: v for k, v in doc.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (``json.loads`` would keep the last of two
    equal keys silently: a file with two ``"seed"`` fields says two things)."""
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise GameFileError(f"the key {key!r:.40} appears twice in one object")
            seen.add(key)
    return doc


def _depth(doc: Any) -> int:
    """How deeply lists and objects nest in ``doc`` (0 for a plain value), counted without
    recursion, stopping once past :data:`MAX_DEPTH`."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            level += 1
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                break
            stack.extend((child, level) for child in
                         (node.values() if isinstance(node, dict) else node))
    return deepest


_FIELDS: Final = ("format", "version", "game", "seed", "players", "rules", "deck", "actions",
                  "final", "digest")


def parse_save(text: object) -> dict[str, Any]:
    """A save file's text checked for shape and its file digest: every field present with
    the right type, nothing else, and not edited. Raises :class:`GameFileError` only."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise GameFileError(f"not a saved game: not UTF-8 text ({err.reason})") from None
    if not isinstance(text, str):
        raise GameFileError(f"a saved game is text, not {type(text).__name__}")
    if len(text) > MAX_FILE:
        raise GameFileError(f"not a saved game: {len(text):,} characters is more than a saved "
                            f"game can hold ({MAX_FILE:,})")
    try:
        doc = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as err:
        raise GameFileError(f"not a saved game: invalid JSON ({err})") from None
    except RecursionError:
        raise GameFileError("not a saved game: the JSON is nested too deeply") from None
    except ValueError as err:  # e.g. an integer with more digits than Python reads
        raise GameFileError(f"not a saved game: {err}") from None
    if _depth(doc) > MAX_DEPTH:
        raise GameFileError(f"not a saved game: the JSON is nested more than {MAX_DEPTH} "
                            "levels deep")
    if not isinstance(doc, dict):
        raise GameFileError(f"not a saved game: a JSON object is expected, not "
                            f"{type(doc).__name__}")
    if doc.get("format") != FORMAT:
        old = doc.get("format") == "wpp-game"
        raise GameFileError(
            "this file was saved by an older version of the kit (format 'wpp-game'), whose "
            "files did not protect their rules and seed; it cannot be checked, so it is not "
            "loaded" if old else f"not a saved game: the 'format' field must be {FORMAT!r}")
    if doc.get("version") != FORMAT_VERSION:
        raise GameFileError(f"saved game version {doc.get('version')!r:.40} is not supported "
                            f"(this version reads {FORMAT_VERSION})")
    missing = [f for f in _FIELDS if f not in doc]
    if missing:
        raise GameFileError(f"saved game lacks {missing}")
    extra = sorted(set(doc) - set(_FIELDS))
    if extra:
        raise GameFileError(f"saved game has unknown fields {extra}")
    if not isinstance(doc["game"], str):
        raise GameFileError(f"'game' must be a game's name, not {doc['game']!r:.40}")
    try:
        check_seed(doc["seed"])
    except WppError as err:
        raise GameFileError(str(err)) from None
    if not isinstance(doc["players"], int) or isinstance(doc["players"], bool):
        raise GameFileError(f"'players' must be a whole number, not {doc['players']!r:.40}")
    if not isinstance(doc["actions"], list):
        raise GameFileError("'actions' must be a list")
    for key in ("final", "digest"):
        if not isinstance(doc[key], str):
            raise GameFileError(f"{key!r} must be a digest (text), not {doc[key]!r:.40}")
    if doc["digest"] != _file_digest(doc):
        raise GameFileError("the file was edited: its digest does not match its contents "
                            "(game, seed, players, rules, deck and actions are all covered)")
    return doc
