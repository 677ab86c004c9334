"""Pokeros as a game of the kit: its rules, states, views, actions and definition.

The game (seed 001, Michael Bayne's mash-up of poker hands and Carcassonne-style tile
laying; rules text ``wpp/pokeros/rules.md``): the top card of one shuffled deck goes face
up at the centre of an open grid. Two players take turns; at the start of a turn a player
draws until they hold three cards (their *stash*), then places one of them next to a card on
the grid, where no line grows beyond five cards, and scores at once every poker hand of 2–5
adjacent cards through it in its row and column (:mod:`wpp.pokeros.grid`). The game ends
when the next player has no card and the deck is empty, or no cell is legal; the higher
total wins, equal totals tie.

What each player may know (:class:`PokerosView`): the grid, the scores, their own stash,
how many cards the other holds and how many the deck has. The other stash and the deck's
order stay hidden.

Rule flags (:class:`PokerosRules`): ``strict_run_limit`` (the README's five-card cap, the
default; ``False`` is the original program's looser check), ``multiplier`` (``"hands"``,
the original; ``"directions"``; ``"none"``), ``stash`` (3; 1 is the README's first version,
"play the top card") and ``stripped`` (the README's 7–A deck of 32 cards).

>>> import wpp
>>> g = wpp.new_game("pokeros", seed=1)
>>> v = g.view(0)
>>> v.grid, v.stash
(((0, 0, Card('A♣')),), (Card('4♣'), Card('J♣'), Card('7♥')))
>>> len(g.legal_actions())                       # 3 cards x 4 cells around the centre
12
>>> event = g.apply(Place.of("JC", 1, 0))
>>> print(event.text_for(1))
P1 plays J♣ to the right of the centre card: no hand.
>>> g.view(1).stash_sizes, g.view(1).deck_size        # P2 has drawn three
((2, 3), 45)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from wpp.core.errors import IllegalAction, WppError
from wpp.core.history import seat_name
from wpp.core.protocol import GameDef
from wpp.core.redeal import redeal
from wpp.core.standard_deck import (
    CARDS,
    Card,
    CardParseError,
    format_cards,
    parse_card,
)
from wpp.core.views import TurnView
from wpp.pokeros.grid import (
    MAX_RUN,
    MULTIPLIERS,
    Cell,
    Score,
    frontier_of,
    is_legal,
    legal_cells,
    score,
)
from wpp.pokeros.hands import SEED_TABLE

__all__ = [
    "POKEROS",
    "Place",
    "PokerosDef",
    "PokerosEvent",
    "PokerosRules",
    "PokerosState",
    "PokerosView",
    "deck_for",
]

#: The stripped deck: sevens to aces (the README's variant).
STRIPPED: Final = tuple(c for c in CARDS if c.rank >= 7)


def deck_for(stripped: bool) -> tuple[Card, ...]:
    """The cards a game is played with: 52, or the 32 from seven to ace."""
    return STRIPPED if stripped else CARDS


# ------------------------------------------------------------------------------ the rules


@dataclass(frozen=True, slots=True)
class PokerosRules:
    """The rule flags (see the module's docs); the defaults are the kit's game."""

    strict_run_limit: bool = True
    multiplier: str = "hands"
    stash: int = 3
    stripped: bool = False

    def __post_init__(self) -> None:
        if self.multiplier is None:  # "multiplier=none" on the command line reads as None
            object.__setattr__(self, "multiplier", "none")
        for name in ("strict_run_limit", "stripped"):
            if not isinstance(getattr(self, name), bool):
                raise WppError(f"{name} is true or false, not {getattr(self, name)!r:.20}")
        if self.multiplier not in MULTIPLIERS:
            raise WppError(f"multiplier is one of {', '.join(MULTIPLIERS)}, "
                           f"not {self.multiplier!r:.20}")
        if (not isinstance(self.stash, int) or isinstance(self.stash, bool)
                or not 1 <= self.stash <= 5):
            raise WppError(f"stash is 1..5 cards (1: play the top card), not {self.stash!r:.20}")

    def describe(self) -> str:
        """The flags in words, for the terminal and the page (a description, no instruction:
        the waiting seat's page shows it too, so no "You may…").

        >>> PokerosRules().describe().split(" · ")[0]
        'up to 3 cards in hand to choose from'
        """
        parts = [f"up to {self.stash} cards in hand to choose from" if self.stash > 1
                 else "each turn the deck's top card is played",
                 "no row or column longer than five cards" if self.strict_run_limit
                 else "lines checked as in the original game",
                 {"hands": "points times the number of hands made",
                  "directions": "points times the number of lines that score"}.get(
                      self.multiplier, "points not multiplied")]
        if self.stripped:
            parts.append("a deck of sevens to aces only")
        return " · ".join(parts)


# ---------------------------------------------------------------------------- the action


def cell_words(x: int, y: int) -> str:
    """Where cell ``(x, y)`` is, in words a player reads off the grid: counted from the centre
    card (the deck's top card, which starts the grid at (0, 0)); ``x`` grows to the right,
    ``y`` downwards. Numbers are for people, not coordinates.

    >>> cell_words(0, 0), cell_words(1, 0), cell_words(0, -1), cell_words(-2, 0)
    ('on the centre card', 'to the right of the centre card', 'above the centre card', \
'2 to the left of the centre card')
    >>> cell_words(1, 1), cell_words(-3, -2)
    ('1 right and 1 below the centre card', '3 left and 2 above the centre card')
    """
    across = "right" if x > 0 else "left"
    down = "below" if y > 0 else "above"
    if x == 0 and y == 0:
        return "on the centre card"
    if y == 0:
        return f"{'' if abs(x) == 1 else f'{abs(x)} '}to the {across} of the centre card"
    if x == 0:
        return f"{'' if abs(y) == 1 else f'{abs(y)} '}{down} the centre card"
    return f"{abs(x)} {across} and {abs(y)} {down} the centre card"


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Place ``card`` (from the stash) at cell ``(x, y)``."""

    card: Card
    x: int
    y: int
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> Place:
        """This placement if its fields are a card and two whole numbers, else a
        ``WppError`` naming the bad field (``step`` asks again: an object built field by
        field skips ``__post_init__``)."""
        if type(self.card) is not Card:
            raise WppError(f"a placement places a card, not {self.card!r:.40}")
        for v in (self.x, self.y):
            if not isinstance(v, int) or isinstance(v, bool) or abs(v) > 1000:
                raise WppError(f"a cell is two whole numbers, not {v!r:.20}")
        return self

    @classmethod
    def of(cls, card: str | Card, x: int, y: int) -> Place:
        """A placement from card text (``"7S"``) or a card."""
        return cls(parse_card(card) if isinstance(card, str) else card, x, y)

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"{self.card} {cell_words(self.x, self.y)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "card": self.card.ascii, "x": self.x, "y": self.y}


# ----------------------------------------------------------------- state, view and event


@dataclass(frozen=True)
class PokerosState:
    """A moment of a game: every card's place.

    ``placed`` is every card on the grid as ``(x, y, card)`` in the order they were
    placed (the centre card first); ``stashes`` each player's cards; ``deck`` the rest, top
    first; ``scores`` the totals; ``turn`` how many placements have been made.
    """

    seed: int
    rules: PokerosRules
    placed: tuple[tuple[int, int, Card], ...]
    stashes: tuple[tuple[Card, ...], tuple[Card, ...]]
    deck: tuple[Card, ...]
    scores: tuple[int, int] = (0, 0)
    to_act: int = 0
    over: bool = False
    #: Derived from ``placed`` (kept for speed, never compared): the grid as a dict, and the
    #: empty cells next to a card.
    grid: dict[Cell, Card] = field(default_factory=dict, compare=False, repr=False)
    frontier: frozenset[Cell] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.grid and self.placed:
            grid = {(x, y): c for x, y, c in self.placed}
            object.__setattr__(self, "grid", grid)
            object.__setattr__(self, "frontier", frontier_of(grid))

    def __hash__(self) -> int:
        return hash((self.seed, self.placed, self.stashes, self.deck, self.scores))

    @property
    def turn(self) -> int:
        return len(self.placed) - 1

    def legal_cells(self) -> list[Cell]:
        """The cells a card may go to now (top row first)."""
        return legal_cells(self.grid, self.rules.strict_run_limit, self.frontier)


@dataclass(frozen=True)
class PokerosView(TurnView):
    """What ``player`` may know: the grid, scores, their stash, the others' stash sizes,
    the deck's size; both stashes once the game is over."""

    player: int
    to_act: int
    rules: PokerosRules
    grid: tuple[tuple[int, int, Card], ...]
    stash: tuple[Card, ...]
    stash_sizes: tuple[int, int]
    deck_size: int
    scores: tuple[int, int]
    over: bool
    stashes: tuple[tuple[Card, ...], ...] | None = None
    #: Derived from ``grid`` (kept for speed, never compared): the grid as a dict, and the
    #: empty cells next to a card.
    cells: dict[Cell, Card] = field(default_factory=dict, compare=False, repr=False)
    frontier: frozenset[Cell] = field(default=frozenset(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.cells:
            object.__setattr__(self, "cells", {(x, y): c for x, y, c in self.grid})
        if not self.frontier:
            object.__setattr__(self, "frontier", frontier_of(self.cells))

    def legal_cells(self) -> list[Cell]:
        """The cells a card may go to now, top row first (none once over)."""
        if self.over:
            return []
        return legal_cells(self.cells, self.rules.strict_run_limit, self.frontier)

    def legal_actions(self) -> list[Place]:
        """Every legal placement of this player: each stash card (in stash order) at each
        legal cell (top row first); none if it is not their turn."""
        if not self.my_turn:
            return []
        cells = self.legal_cells()
        return [Place(c, x, y) for c in self.stash for x, y in cells]

    def preview(self, card: Card, cell: Cell) -> Score:
        """What placing ``card`` at ``cell`` would score (hands, raw, awarded)."""
        return score(self.cells, cell, card, SEED_TABLE, self.rules.multiplier)


@dataclass(frozen=True, slots=True)
class PokerosEvent:
    """One placement and what it scored; the last one also tells how the game ended."""

    player: int
    place: Place
    scored: Score
    ending: str = ""

    def text_for(self, viewer: int | None) -> str:
        s = self.scored
        if s.hands:
            made = ", ".join(str(h) for h in s.hands)
            times = f" x{len(s.hands)}" if s.awarded != s.raw else ""
            total = "1 point" if s.awarded == 1 else f"{s.awarded} points"
            what = f"{made}: {s.raw}{times} = {total}" if times else f"{made}: {total}"
        else:
            what = "no hand"
        text = f"{seat_name(self.player)} plays {self.place}: {what}."
        return f"{text} {self.ending}" if self.ending else text


def _outcome(state: PokerosState) -> str:
    a, b = state.scores
    if a == b:
        return f"A tie, {a} to {b}."
    w = 0 if a > b else 1
    return f"{seat_name(w)} wins, {max(a, b)} to {min(a, b)}."


# ---------------------------------------------------------------------------- definition

_RULE_FIELDS: Final = ("strict_run_limit", "multiplier", "stash", "stripped")


class PokerosDef(GameDef[PokerosState, Place, PokerosView, PokerosRules]):
    """Pokeros behind the kit's game protocol."""

    name = "pokeros"
    title = "Pokeros"
    action_types = (Place,)
    action_words = "a Place"
    blurb = "lay cards on an open grid and score every poker hand you complete in a line"
    min_players = 2
    max_players = 2
    default_players = 2
    page = "pokeros.ipynb"
    lesson = "11_pokeros.ipynb"
    rules_doc = "pokeros-rules.md"
    rules_type = PokerosRules
    #: The review's 8 re-deals a placement are too few for the default noise rule: against
    #: its judge (80 re-deals) half of its mistake/blunder verdicts were not confirmed, two of
    #: them blunders called on the reference AI's own placements (README, "Game review"). So
    #: it calls a loss only when the two intervals do not overlap.
    review_strict = True

    def new(self, seed: int, players: int, rules: PokerosRules,
            deck: Sequence[Any] | None = None) -> PokerosState:
        order = self.deal_order(seed, rules, deck)
        centre, rest = order[0], tuple(order[1:])
        first = rest[:rules.stash]
        return PokerosState(seed, rules, ((0, 0, centre),), (first, ()), rest[rules.stash:])

    def is_over(self, state: PokerosState) -> bool:
        return state.over

    def legal_actions(self, state: PokerosState) -> list[Place]:
        if state.over:
            return []
        cells = state.legal_cells()
        return [Place(c, x, y) for c in state.stashes[state.to_act] for x, y in cells]

    def step(self, state: PokerosState, action: Place, narrate: bool = True
             ) -> tuple[PokerosState, PokerosEvent]:
        action = self.check_action(action)
        if state.over:
            raise IllegalAction("the game is over: every card has been played or no cell is "
                                "left", "R8")
        seat = state.to_act
        stash = state.stashes[seat]
        if action.card not in stash:
            raise IllegalAction(f"{seat_name(seat)} does not hold {action.card}: a card "
                                f"comes from the player's stash", "R3")
        cell = action.cell
        if cell in state.grid:
            raise IllegalAction(f"the cell {cell_words(action.x, action.y)} already holds a "
                                "card", "R4")
        if cell not in state.frontier:
            raise IllegalAction(f"the cell {cell_words(action.x, action.y)} is not next to a "
                                "card (left, "
                                f"right, above or below)", "R4")
        if not is_legal(state.grid, cell, state.rules.strict_run_limit):
            raise IllegalAction(f"a card {cell_words(action.x, action.y)} would make a line of "
                                f"more than {MAX_RUN} cards", "R4")
        scored = score(state.grid, cell, action.card, SEED_TABLE, state.rules.multiplier)
        grid = dict(state.grid)
        grid[cell] = action.card
        x, y = cell
        frontier = (state.frontier - {cell}) | {
            n for n in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if n not in grid}
        stashes = list(state.stashes)
        stashes[seat] = tuple(c for c in stash if c != action.card)
        scores = list(state.scores)
        scores[seat] += scored.awarded
        nxt, deck = 1 - seat, state.deck
        over = (not deck and not stashes[nxt]) or not any(
            is_legal(grid, c, state.rules.strict_run_limit) for c in frontier)
        if not over:
            need = state.rules.stash - len(stashes[nxt])
            if need > 0:
                stashes[nxt] = stashes[nxt] + deck[:need]
                deck = deck[need:]
        new = PokerosState(state.seed, state.rules, (*state.placed, (x, y, action.card)),
                           (stashes[0], stashes[1]), deck, (scores[0], scores[1]),
                           seat if over else nxt, over, grid, frontier)
        return new, PokerosEvent(seat, action, scored, _outcome(new) if over else "")

    def view(self, state: PokerosState, player: int) -> PokerosView:
        player = self.check_seat(state, player)
        return PokerosView(
            player=player, to_act=state.to_act, rules=state.rules, grid=state.placed,
            stash=state.stashes[player],
            stash_sizes=(len(state.stashes[0]), len(state.stashes[1])),
            deck_size=len(state.deck), scores=state.scores, over=state.over,
            stashes=state.stashes if state.over else None, cells=state.grid,
            frontier=state.frontier)

    def returns(self, state: PokerosState) -> tuple[float, ...]:
        if not state.over:
            return (0.0, 0.0)
        a, b = state.scores
        return (0.0, 0.0) if a == b else ((1.0, -1.0) if a > b else (-1.0, 1.0))

    def outcome(self, state: PokerosState) -> str:
        return _outcome(state) if state.over else "the game is still being played"

    def redeal_hidden(self, state: PokerosState, player: int,
                      rng: random.Random) -> PokerosState:
        """The other player's stash and the deck's order dealt anew from the cards
        ``player`` has not seen (exact: those cards are equally likely to be anywhere
        ``player`` cannot see). Once the game is over every stash is shown, so only the
        (then empty or unused) deck is re-dealt."""
        other = 1 - player
        order = self.deck_of(state.rules).index  # the view and ``rng`` alone decide
        stashes = list(state.stashes)
        if state.over:
            (deck,) = redeal([state.deck], rng, order)
        else:
            stashes[other], deck = redeal([state.stashes[other], state.deck], rng, order)
        return PokerosState(state.seed, state.rules, state.placed, (stashes[0], stashes[1]),
                            deck, state.scores, state.to_act, state.over,
                            state.grid, state.frontier)

    def cards(self, state: PokerosState) -> Counter[Hashable]:
        return Counter([*(c for _, _, c in state.placed), *state.stashes[0],
                        *state.stashes[1], *state.deck])

    def action_from_json(self, raw: Any) -> Place:
        if not isinstance(raw, dict) or set(raw) != {"type", "card", "x", "y"} or \
                raw["type"] != Place.kind or not isinstance(raw["card"], str):
            raise WppError(f"a Pokeros action is {{'type': 'place', 'card': '7S', 'x': 1, "
                           f"'y': 0}}, not {raw!r:.60}")
        try:
            return Place.of(raw["card"], raw["x"], raw["y"])
        except CardParseError as err:
            raise WppError(f"bad placement: {err}") from None

    def deck_of(self, rules: PokerosRules) -> tuple[Card, ...]:
        return deck_for(rules.stripped)

    def digest_parts(self, state: PokerosState) -> list[str]:
        def text(cards: Iterable[Card]) -> str:
            return format_cards(cards, ascii=True)

        return [f"seed {state.seed}", f"rules {self.rules_to_json(state.rules)}",
                "grid " + " ".join(f"{x},{y},{c.ascii}" for x, y, c in state.placed),
                *(f"stash {text(s)}" for s in state.stashes), f"deck {text(state.deck)}",
                f"scores {state.scores}", f"to_act {state.to_act}", f"over {state.over}"]


#: The one instance (a definition holds no game, so one serves all).
POKEROS: Final = PokerosDef()
