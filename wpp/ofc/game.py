"""Open Face Chinese Poker as a game of the kit: rules, actions, states, views, definition.

The game as pyOFC plays it (seed 002, reference §2): each player builds a board of three
rows — top 3 cards, middle 5, bottom 5 (:mod:`wpp.ofc.board`) — from a fresh shuffled deck
each hand. A hand is a **5-card round** then **eight 1-card rounds**: in each round the
players in turn take their cards from the top of the deck and place every one of them on a
row with room; a placed card never moves. The seat that moves first alternates hand by hand
(seat ``h % players`` opens hand ``h``). When every board is full the hand is scored
(:mod:`wpp.ofc.scoring`: rows, scoop, fouls, royalties under ``"standard"``; pyOFC's as-coded
scoring under ``"pyofc"``). A **session** is ``hands`` hands (a rule flag, default 1) with a
running score; the game ends after the last one. Two to four players (every pair of boards
is scored; four players use the whole deck).

What each player may know (:class:`OfcView`): every placed card (boards are open, that is
the game), the cards they are to place now, the scores so far, the last hand's boards. The
cards others are about to place and the deck's order stay hidden.

>>> import wpp
>>> g = wpp.new_game("ofc", seed=1)
>>> v = g.view(0)
>>> len(v.to_place), len(v.legal_actions())     # 3**5 ways, less 11 with 4+ on top
(5, 232)
>>> _ = g.apply(g.legal_actions()[100]); g.to_act
1
"""

from __future__ import annotations

import itertools
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
    parse_cards,
)
from wpp.core.views import TurnView
from wpp.ofc.board import EMPTY_BOARD, ROW_SIZES, ROWS, Board, board_cards, board_text
from wpp.ofc.scoring import SCORINGS, STANDARD_ROYALTIES, HandScore, Royalties, score_hand

__all__ = [
    "FIRST_ROUND",
    "MAX_HANDS",
    "MAX_PASSES",
    "MAX_SECONDS",
    "OFC",
    "ROUNDS",
    "OfcDef",
    "OfcEvent",
    "OfcRules",
    "OfcState",
    "OfcView",
    "Place",
    "placements",
]

#: Cards taken in the first round, then one a round.
FIRST_ROUND: Final = 5
#: Rounds in a hand: the 5-card round and eight 1-card rounds.
ROUNDS: Final = 9
#: The longest session a rule flag may ask for.
MAX_HANDS: Final = 10_000
#: The OFC AIs' budget bounds (pyOFC's and the expected-points AI's): passes per decision and
#: CPU seconds per decision; here, numpy-free, so the command line checks them too.
MAX_PASSES: Final = 10_000
MAX_SECONDS: Final = 600.0


# ------------------------------------------------------------------------------ the rules


@dataclass(frozen=True, slots=True)
class OfcRules:
    """The scoring (``"standard"``, with royalties, or ``"pyofc"``, as pyOFC codes it), the
    royalty table, and how many hands a session has."""

    scoring: str = "standard"
    hands: int = 1
    royalties: Royalties = STANDARD_ROYALTIES

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise WppError(f"scoring is one of {', '.join(SCORINGS)}, not {self.scoring!r:.30}")
        if (type(self.hands) is not int or not 1 <= self.hands <= MAX_HANDS):
            raise WppError(f"hands is a whole number 1..{MAX_HANDS}, not {self.hands!r:.20}")
        if isinstance(self.royalties, dict):
            object.__setattr__(self, "royalties", Royalties.from_json(self.royalties))
        if not isinstance(self.royalties, Royalties):
            raise WppError(f"royalties is a Royalties table, not {self.royalties!r:.40}")


_RULE_FIELDS: Final = ("scoring", "hands", "royalties")


# ---------------------------------------------------------------------------- the action


def _card_tuple(cards: object, row: str) -> tuple[Card, ...]:
    if not isinstance(cards, tuple) or not all(type(c) is Card for c in cards):
        raise WppError(f"the {row} row of a placement holds cards, not {cards!r:.60}")
    return tuple(sorted(cards))


@dataclass(frozen=True, slots=True)
class Place:
    """Place the cards to place: these on the top row, these in the middle, these at the
    bottom. Each row's cards are kept sorted, so equal placements compare equal."""

    top: tuple[Card, ...] = ()
    middle: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()
    kind: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        for row in ROWS:
            object.__setattr__(self, row, _card_tuple(getattr(self, row), row))

    def check(self) -> Place:
        """This placement if each row is a tuple of cards, else a ``WppError`` naming the
        row (``step`` asks again: an object built field by field skips ``__post_init__``)."""
        for row in ROWS:
            _card_tuple(getattr(self, row), row)
        return self

    @classmethod
    def of(cls, top: str = "", middle: str = "", bottom: str = "") -> Place:
        """A placement from card text per row (``Place.of("QS", "", "2C 3C")``)."""
        return cls(parse_cards(top), parse_cards(middle), parse_cards(bottom))

    @classmethod
    def assign(cls, cards: Sequence[Card], rows: Sequence[int]) -> Place:
        """``cards[i]`` on row ``rows[i]`` (0 top, 1 middle, 2 bottom)."""
        split: tuple[list[Card], list[Card], list[Card]] = ([], [], [])
        for c, r in zip(cards, rows, strict=True):
            split[r].append(c)
        return cls(tuple(split[0]), tuple(split[1]), tuple(split[2]))

    @property
    def rows(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
        return self.top, self.middle, self.bottom

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.top + self.middle + self.bottom

    def onto(self, board: Board) -> Board:
        """The board with these cards added."""
        return board[0] + self.top, board[1] + self.middle, board[2] + self.bottom

    def __str__(self) -> str:
        parts = [f"{format_cards(cards)} {row}" for row, cards in zip(ROWS, self.rows,
                                                                      strict=True) if cards]
        return "place " + ", ".join(parts)

    def words(self) -> str:
        """The placement in a newcomer's words: ``"Q♦ in the middle row and 2♣ 3♣ in the
        bottom row"`` (the log's sentence and the board's ``describe``)."""
        parts = [f"{format_cards(cards)} in the {row} row"
                 for row, cards in zip(ROWS, self.rows, strict=True) if cards]
        if len(parts) < 2:
            return "".join(parts) or "no card"
        return ", ".join(parts[:-1]) + " and " + parts[-1]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, **{row: format_cards(cards, ascii=True)
                                      for row, cards in zip(ROWS, self.rows, strict=True)}}


def placements(board: Board, cards: Sequence[Card]) -> list[Place]:
    """Every legal way to place ``cards`` on ``board``: each card on a row with room, in
    pyOFC's order (the Cartesian product in card order over top, middle, bottom).

    >>> len(placements(EMPTY_BOARD, parse_cards("2S 5D 8C JH KS")))
    232
    """
    free = [ROW_SIZES[i] - len(board[i]) for i in range(3)]
    out: list[Place] = []
    for rows in itertools.product(range(3), repeat=len(cards)):
        if all(rows.count(i) <= free[i] for i in range(3)):
            out.append(Place.assign(cards, rows))
    return out


# ----------------------------------------------------------------- state, view and event


def _shuffled(seed: int, hand: int) -> tuple[Card, ...]:
    """Hand ``hand``'s fresh deck from the session's seed."""
    order = list(CARDS)
    random.Random(f"wpp-ofc:{seed}:{hand}").shuffle(order)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class OfcState:
    """A moment of a session: every card's place and the score.

    ``boards[s]`` is seat ``s``'s board in the hand being played (its final board once the
    session is over); ``stub`` that hand's deck, top first (the actor's cards to place are
    its top ``5`` or ``1``); ``placed`` the placements made in this hand; ``scores`` the
    points of each finished hand; ``previous`` the boards of the last finished hand.
    """

    seed: int
    rules: OfcRules
    hand: int
    boards: tuple[Board, ...]
    stub: tuple[Card, ...]
    placed: int = 0
    scores: tuple[tuple[int, ...], ...] = ()
    previous: tuple[Board, ...] = ()

    @property
    def players(self) -> int:
        return len(self.boards)

    @property
    def first(self) -> int:
        """The seat that moves first in this hand (it alternates)."""
        return self.hand % self.players

    @property
    def is_over(self) -> bool:
        return self.placed == ROUNDS * self.players

    @property
    def round(self) -> int:
        """The round being played: 0 is the 5-card round, 1..8 the 1-card rounds."""
        return self.placed // self.players

    @property
    def to_act(self) -> int:
        return (self.first + self.placed % self.players) % self.players

    @property
    def to_place(self) -> tuple[Card, ...]:
        """The cards the seat to act places now (none once over)."""
        if self.is_over:
            return ()
        return self.stub[:FIRST_ROUND if self.round == 0 else 1]

    @property
    def totals(self) -> tuple[int, ...]:
        """The running score: each seat's points over the finished hands."""
        return tuple(sum(s[p] for s in self.scores) for p in range(self.players))


@dataclass(frozen=True, slots=True)
class OfcView(TurnView):
    """What ``player`` may know: every board, their own cards to place (when it is their
    turn), the score per finished hand, the last hand's boards."""

    player: int
    to_act: int
    rules: OfcRules
    hand: int
    boards: tuple[Board, ...]
    to_place: tuple[Card, ...]
    placed: int
    scores: tuple[tuple[int, ...], ...]
    previous: tuple[Board, ...]
    over: bool
    stub_size: int = field(default=0)

    @property
    def players(self) -> int:
        return len(self.boards)

    @property
    def board(self) -> Board:
        """This player's own board."""
        return self.boards[self.player]

    @property
    def round(self) -> int:
        return self.placed // self.players

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(s[p] for s in self.scores) for p in range(self.players))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """Every card this player has not seen in this hand (the deck as far as they know:
        the undealt cards and those others are about to place), in card order."""
        seen = {c for b in self.boards for c in board_cards(b)} | set(self.to_place)
        return tuple(c for c in CARDS if c not in seen)

    def legal_actions(self) -> list[Place]:
        """Every legal placement of the player's cards (none if not their turn)."""
        if not self.my_turn:
            return []
        return placements(self.board, self.to_place)


@dataclass(frozen=True, slots=True)
class OfcEvent:
    """One placement (public: boards are open); the last of a hand tells its scoring."""

    player: int
    place: Place
    hand: int
    score: HandScore | None = None

    def text_for(self, viewer: int | None) -> str:
        text = f"{seat_name(self.player)} places {self.place.words()}."
        if self.score is not None:
            points = ", ".join(f"{seat_name(s)} {p:+d}" for s, p in enumerate(self.score.points))
            fouled = [seat_name(s) for s, x in enumerate(self.score.seats) if x.fouled]
            foul = f" ({' and '.join(fouled)} fouled)" if fouled else ""
            text += f" Hand {self.hand + 1} scored{foul}: {points}."
        return text


# ---------------------------------------------------------------------------- definition


class OfcDef(GameDef[OfcState, Place, OfcView, OfcRules]):
    """Open Face Chinese Poker behind the kit's game protocol."""

    name = "ofc"
    title = "Open Face Chinese Poker"
    action_types = (Place,)
    action_words = "a Place"
    blurb = "build three poker rows of 3, 5 and 5 cards, strongest at the bottom, or foul"
    min_players = 2
    max_players = 4
    default_players = 2
    page = "ofc.ipynb"
    lesson = "10_open_face_chinese_poker.ipynb"
    rules_type = OfcRules
    rules_doc = "ofc-rules.md"
    #: A review values a decision in points (the game's returns), with normal intervals:
    #: a row is one point, a scoop three more, a foul about six.
    review_unit = "expected points"
    review_scale = None
    review_thresholds = (0.25, 1.0, 2.5, 5.0)

    def review_value(self, returns: Sequence[float], player: int) -> float:
        """The player's points (their return)."""
        return float(returns[player])

    def new(self, seed: int, players: int, rules: OfcRules,
            deck: Sequence[Any] | None = None) -> OfcState:
        order = _shuffled(seed, 0) if deck is None else tuple(self.check_deck(deck, rules))
        return OfcState(seed, rules, 0, (EMPTY_BOARD,) * players, order)

    def legal_actions(self, state: OfcState) -> list[Place]:
        if state.is_over:
            return []
        return placements(state.boards[state.to_act], state.to_place)

    def step(self, state: OfcState, action: Place, narrate: bool = True
             ) -> tuple[OfcState, OfcEvent]:
        action = self.check_action(action)
        if state.is_over:
            raise IllegalAction("the session is over: every hand has been scored (R5)", "R5")
        seat, cards = state.to_act, state.to_place
        who = seat_name(seat)
        if sorted(action.cards) != sorted(cards):
            raise IllegalAction(f"{who} must place exactly {format_cards(cards)}, not "
                                f"{format_cards(action.cards) or 'nothing'} (R3)", "R3")
        board = state.boards[seat]
        for i, row in enumerate(ROWS):
            room = ROW_SIZES[i] - len(board[i])
            if len(action.rows[i]) > room:
                raise IllegalAction(f"the {row} row holds {ROW_SIZES[i]} cards: {who} has "
                                    f"room for {room} there, not {len(action.rows[i])} (R2)",
                                    "R2")
        boards = tuple(action.onto(b) if s == seat else b for s, b in enumerate(state.boards))
        stub = state.stub[len(cards):]
        placed = state.placed + 1
        if placed < ROUNDS * state.players:
            new = OfcState(state.seed, state.rules, state.hand, boards, stub, placed,
                           state.scores, state.previous)
            return new, OfcEvent(seat, action, state.hand)
        score = score_hand(boards, state.rules.scoring, state.rules.royalties)
        scores = (*state.scores, score.points)
        if state.hand + 1 < state.rules.hands:
            new = OfcState(state.seed, state.rules, state.hand + 1,
                           (EMPTY_BOARD,) * state.players, _shuffled(state.seed, state.hand + 1),
                           0, scores, boards)
        else:
            new = OfcState(state.seed, state.rules, state.hand, boards, stub, placed, scores,
                           state.previous)
        return new, OfcEvent(seat, action, state.hand, score)

    def view(self, state: OfcState, player: int) -> OfcView:
        player = self.check_seat(state, player)
        mine = state.to_act == player and not state.is_over
        return OfcView(player, state.to_act, state.rules, state.hand, state.boards,
                       state.to_place if mine else (), state.placed, state.scores,
                       state.previous, state.is_over, len(state.stub))

    def returns(self, state: OfcState) -> tuple[float, ...]:
        return tuple(float(t) for t in state.totals)

    def outcome(self, state: OfcState) -> str:
        n = len(state.scores)
        if not state.is_over:
            return (f"hand {state.hand + 1} of {state.rules.hands} is being played; "
                    f"score {self.score_text(state.totals)}")
        totals = state.totals
        best = max(totals)
        leaders = [seat_name(s) for s, t in enumerate(totals) if t == best]
        hands = f"{n} hand{'s' if n > 1 else ''}"
        if len(leaders) == len(totals):
            return f"A draw after {hands}: {self.score_text(totals)}."
        return f"{' and '.join(leaders)} win{'s' if len(leaders) == 1 else ''} after " \
               f"{hands}: {self.score_text(totals)}."

    @staticmethod
    def score_text(totals: Iterable[int]) -> str:
        """``"P1 +7, P2 -7"``."""
        return ", ".join(f"{seat_name(s)} {t:+d}" for s, t in enumerate(totals))

    def redeal_hidden(self, state: OfcState, player: int, rng: random.Random) -> OfcState:
        """The deck's cards ``player`` has not seen shuffled among their places: the undealt
        cards and, when another seat is to act, that seat's cards to place. Boards are open
        and the player's own cards to place stay. Later hands' decks come from the seed and
        stay as they are (a narrower sample than the player's knowledge, never a wider)."""
        known = len(state.to_place) if state.to_act == player else 0
        (hidden,) = redeal([state.stub[known:]], rng)  # the view and ``rng`` alone decide
        stub = state.stub[:known] + hidden
        return OfcState(state.seed, state.rules, state.hand, state.boards, stub, state.placed,
                        state.scores, state.previous)

    def cards(self, state: OfcState) -> Counter[Hashable]:
        return Counter([*(c for b in state.boards for c in board_cards(b)), *state.stub])

    def action_from_json(self, raw: Any) -> Place:
        if (not isinstance(raw, dict) or set(raw) != {"type", *ROWS}
                or raw["type"] != Place.kind or not all(isinstance(raw[r], str) for r in ROWS)):
            raise WppError("an Open Face Chinese Poker action is {'type': 'place', 'top': "
                           f"'...', 'middle': '...', 'bottom': '...'}}, not {raw!r:.60}")
        try:
            return Place.of(raw["top"], raw["middle"], raw["bottom"])
        except CardParseError as err:
            raise WppError(f"bad placement: {err}") from None

    def digest_parts(self, state: OfcState) -> list[str]:
        return [f"seed {state.seed}", f"rules {self.rules_to_json(state.rules)}",
                f"hand {state.hand}", *(f"board {board_text(b, ascii=True)}"
                                        for b in state.boards),
                f"stub {format_cards(state.stub, ascii=True)}", f"placed {state.placed}",
                f"scores {state.scores}",
                *(f"previous {board_text(b, ascii=True)}" for b in state.previous)]



#: The one instance (a definition holds no game, so one serves all).
OFC: Final = OfcDef()
