"""5-card draw as a game of the kit: its rules, states, views, actions and definition.

The game (seed 003): each of 2 to 6 players is dealt five cards from one shuffled deck, one
at a time around the table. In seat order, each discards 0 to 3 cards (:class:`DrawRules`;
``ace_allows_four`` lets a player who keeps one ace discard the other four) and draws as many
from the top of the deck; if the deck runs short, the discards so far are shuffled beneath
it. Then the hands are shown down under the standard ranking (:mod:`wpp.poker.ranking`);
equal best hands split the pot. There is no betting: this is the drawing decision alone.

What each player may know (:class:`DrawView`): their own dealt cards, discard and draw; how
many cards every other player drew (that is public at a card table); the deck's size. The
other hands, the discards and the deck's order stay hidden — until the showdown, which shows
every final hand (never the discards).

Returns: every player antes one chip; the winners share the pot. A seat's return is its share
minus its ante, so the returns add up to zero (two players: +1 / -1, or 0 and 0 for a split).

>>> import wpp
>>> g = wpp.new_game("draw", seed=1)
>>> g.view(0).hand
(Card('A♣'), Card('J♣'), Card('2♥'), Card('6♠'), Card('10♠'))
>>> len(g.legal_actions())                        # 1 + 5 + 10 + 10 ways to discard
26
>>> _ = g.apply(Discard.of("2H 6S")); _ = g.apply(Discard.of(""))
>>> for line in g.log(viewer=1): print(line)
P1 draws 2 cards.
P2 stands pat. P1 wins (P1: One Pair, Aces, Jack-Ten-Nine kickers · P2: One Pair, Fours, ...).
>>> g.returns()
(1.0, -1.0)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from wpp.core.errors import IllegalAction, WppError
from wpp.core.history import seat_name
from wpp.core.protocol import GameDef
from wpp.core.standard_deck import (
    CARDS,
    Card,
    CardParseError,
    format_cards,
    parse_cards,
)
from wpp.poker.ranking import HandValue, evaluate

__all__ = [
    "DRAW",
    "HAND_SIZE",
    "Discard",
    "DrawDef",
    "DrawEvent",
    "DrawRules",
    "DrawState",
    "DrawView",
]

HAND_SIZE: Final = 5


# ------------------------------------------------------------------------------ the rules


@dataclass(frozen=True, slots=True)
class DrawRules:
    """How many cards a player may exchange.

    ``max_discard`` is the usual limit (3). ``ace_allows_four`` is the common house rule
    that a player who keeps one ace (and shows it) may discard the other four.

    >>> rules = DrawRules(ace_allows_four=True)
    >>> rules.allows(parse_cards("AS 7D 5C 3H 2S"), parse_cards("7D 5C 3H 2S"))
    True
    >>> DrawRules().allows(parse_cards("AS 7D 5C 3H 2S"), parse_cards("7D 5C 3H 2S"))
    False
    """

    max_discard: int = 3
    ace_allows_four: bool = False

    def __post_init__(self) -> None:
        if (not isinstance(self.max_discard, int) or isinstance(self.max_discard, bool)
                or not 0 <= self.max_discard <= HAND_SIZE):
            raise WppError(f"max_discard is 0..{HAND_SIZE}, not {self.max_discard!r:.20}")
        if not isinstance(self.ace_allows_four, bool):
            raise WppError(f"ace_allows_four is true or false, not {self.ace_allows_four!r:.20}")

    def allows(self, hand: Sequence[Card], discard: Sequence[Card]) -> bool:
        """Whether discarding ``discard`` (cards of ``hand``, no repeats) is legal."""
        if len(set(discard)) != len(discard) or not set(discard) <= set(hand):
            return False
        if len(discard) <= self.max_discard:
            return True
        if self.ace_allows_four and len(discard) == 4 and len(hand) == HAND_SIZE:
            (kept,) = set(hand) - set(discard)
            return kept >> 2 == 12  # the kept card is an ace
        return False

    def discard_options(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every legal discard, fewest cards first, each in the hand's order.

        >>> len(DrawRules().discard_options(parse_cards("AS 7D 5C 3H 2S")))   # 1+5+10+10
        26
        >>> len(DrawRules(ace_allows_four=True).discard_options(parse_cards("AS 7D 5C 3H 2S")))
        27
        """
        options: list[tuple[Card, ...]] = []
        for k in range(len(hand) + 1):
            options += [d for d in itertools.combinations(hand, k) if self.allows(hand, d)]
        return options

    def describe(self) -> str:
        """The rule in a sentence, for the terminal game."""
        text = f"You may discard up to {self.max_discard} cards"
        if self.ace_allows_four and self.max_discard < 4:
            text += " (4 if the card you keep is an ace)"
        return text + "."


# ---------------------------------------------------------------------------- the action


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard these cards (none: stand pat) and draw as many. Cards are kept sorted, so
    equal discards compare equal."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        self.check()
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def check(self) -> Discard:
        """This discard if it holds a tuple of cards, else a ``WppError`` (``step`` asks
        again, through :meth:`~wpp.core.protocol.GameDef.check_action`: an object built
        field by field skips ``__post_init__``)."""
        if not isinstance(self.cards, tuple) or not all(type(c) is Card for c in self.cards):
            raise WppError(f"a discard holds cards, not {self.cards!r:.60}")
        return self

    @classmethod
    def of(cls, cards: str | Iterable[Card]) -> Discard:
        """A discard from card text (``"7D 2C"``; ``""`` stands pat) or cards."""
        return cls(parse_cards(cards))

    def __str__(self) -> str:
        return f"discard {format_cards(self.cards)}" if self.cards else "stand pat"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "cards": format_cards(self.cards, ascii=True)}


# ----------------------------------------------------------------- state, view and event


@dataclass(frozen=True, slots=True)
class DrawState:
    """A moment of a round of 5-card draw: every card's place.

    ``dealt[s]`` is seat ``s``'s five dealt cards; ``discards``/``drawn`` have one entry per
    seat that has acted (seats act in order, so the seat to act is ``len(discards)``);
    ``stub`` is the deck, top first; ``muck`` the discards not yet shuffled back.
    """

    seed: int
    rules: DrawRules
    dealt: tuple[tuple[Card, ...], ...]
    stub: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], ...] = ()
    drawn: tuple[tuple[Card, ...], ...] = ()
    muck: tuple[Card, ...] = ()
    reshuffles: int = 0

    @property
    def players(self) -> int:
        return len(self.dealt)

    @property
    def to_act(self) -> int:
        return len(self.discards)

    @property
    def is_over(self) -> bool:
        return len(self.discards) == len(self.dealt)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s cards now: dealt, or kept then drawn once it has acted."""
        if seat >= len(self.discards):
            return self.dealt[seat]
        thrown = self.discards[seat]
        return tuple(c for c in self.dealt[seat] if c not in thrown) + self.drawn[seat]

    def values(self) -> tuple[HandValue, ...]:
        """Every seat's hand value (the showdown's, once over)."""
        return tuple(evaluate(self.hand(s)) for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        """The seats with the best hand (two or more split the pot)."""
        strengths = [v.strength for v in self.values()]
        best = max(strengths)
        return tuple(s for s, x in enumerate(strengths) if x == best)


@dataclass(frozen=True, slots=True)
class DrawView:
    """What ``player`` may know: their own cards, how many each player drew, the deck's size,
    and every final hand once the round is over."""

    player: int
    to_act: int
    rules: DrawRules
    dealt: tuple[Card, ...]
    hand: tuple[Card, ...]
    my_discard: tuple[Card, ...] | None
    my_draw: tuple[Card, ...] | None
    draw_counts: tuple[int, ...]
    stub_size: int
    players: int
    showdown: tuple[tuple[Card, ...], ...] | None

    @property
    def my_turn(self) -> bool:
        return self.showdown is None and self.to_act == self.player

    @property
    def is_over(self) -> bool:
        return self.showdown is not None

    def legal_actions(self) -> list[Discard]:
        """Every legal discard of the seat, fewest cards first (none if not its turn)."""
        if not self.my_turn:
            return []
        return [Discard(d) for d in self.rules.discard_options(self.hand)]


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """One seat's discard and draw; the last one also tells the showdown."""

    player: int
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]
    showdown: str = ""

    def text_for(self, viewer: int | None) -> str:
        who, n = seat_name(self.player), len(self.drawn)
        if viewer == self.player and n:
            text = (f"{who} discards {format_cards(self.discarded)} and draws "
                    f"{format_cards(self.drawn)}")
        elif n:
            text = f"{who} draws {n} card{'s' if n > 1 else ''}"
        else:
            text = f"{who} stands pat"
        return f"{text}. {self.showdown}" if self.showdown else f"{text}."


def _outcome(state: DrawState) -> str:
    values = state.values()
    winners = state.winners()
    names = " and ".join(seat_name(s) for s in winners)
    # Each seat as a label with its hand ("P1: One Pair, Aces, … · P2: …"): a page names the
    # seats "You" and "Computer", and "(You One Pair; …)" read as if "you" were a word of
    # the sentence. Hand names hold commas, so the seats are parted by " · ".
    hands = " · ".join(f"{seat_name(s)}: {values[s].name}" for s in range(state.players))
    if len(winners) > 1:
        return f"Split pot: {names} tie ({hands})."
    return f"{names} wins ({hands})."


# ---------------------------------------------------------------------------- definition


_RULE_FIELDS: Final = ("max_discard", "ace_allows_four")


class DrawDef(GameDef[DrawState, Discard, DrawView, DrawRules]):
    """5-card draw behind the kit's game protocol."""

    name = "draw"
    title = "5-card draw"
    action_types = (Discard,)
    action_words = "a Discard"
    blurb = "classic poker's drawing decision: keep, discard up to three, show down"
    min_players = 2
    max_players = 6
    default_players = 2
    rules_type = DrawRules
    page = "draw.ipynb"
    lesson = "08_classic_poker.ipynb"
    rules_doc = "draw-rules.md"

    def new(self, seed: int, players: int, rules: DrawRules,
            deck: Sequence[Any] | None = None) -> DrawState:
        order = self.deal_order(seed, rules, deck)
        dealt = tuple(tuple(order[i:players * HAND_SIZE:players]) for i in range(players))
        return DrawState(seed, rules, dealt, tuple(order[players * HAND_SIZE:]))

    def legal_actions(self, state: DrawState) -> list[Discard]:
        if state.is_over:
            return []
        return [Discard(d) for d in state.rules.discard_options(state.hand(state.to_act))]

    def step(self, state: DrawState, action: Discard, narrate: bool = True
             ) -> tuple[DrawState, DrawEvent]:
        action = self.check_action(action)
        if state.is_over:
            raise IllegalAction("the round is over: the hands have been shown down (R6)", "R6")
        seat, thrown = state.to_act, action.cards
        hand = state.hand(seat)
        missing = [c for c in thrown if c not in hand]
        if missing:
            raise IllegalAction(f"{seat_name(seat)} does not hold {format_cards(missing)} (R3)",
                                "R3")
        if not state.rules.allows(hand, thrown):
            rule = "R4" if len(thrown) == 4 and state.rules.ace_allows_four else "R3"
            raise IllegalAction(f"{seat_name(seat)} may not discard {len(thrown)} cards: "
                                f"{state.rules.describe()} ({rule})", rule)
        stub, muck, reshuffles = state.stub, state.muck, state.reshuffles
        if len(stub) < len(thrown):  # the discards so far go beneath the deck, shuffled
            spare = sorted(muck)
            random.Random(f"wpp-draw:{state.seed}:{reshuffles}").shuffle(spare)
            stub, muck, reshuffles = stub + tuple(spare), (), reshuffles + 1
        drawn = stub[:len(thrown)]
        new = DrawState(state.seed, state.rules, state.dealt, stub[len(thrown):],
                        (*state.discards, tuple(c for c in hand if c in thrown)),
                        (*state.drawn, drawn), muck + thrown, reshuffles)
        return new, DrawEvent(seat, new.discards[seat], drawn,
                              _outcome(new) if new.is_over else "")

    def view(self, state: DrawState, player: int) -> DrawView:
        player = self.check_seat(state, player)
        acted = player < len(state.discards)
        return DrawView(
            player=player, to_act=state.to_act, rules=state.rules,
            dealt=state.dealt[player], hand=state.hand(player),
            my_discard=state.discards[player] if acted else None,
            my_draw=state.drawn[player] if acted else None,
            draw_counts=tuple(len(d) for d in state.drawn), stub_size=len(state.stub),
            players=state.players,
            showdown=(tuple(state.hand(s) for s in range(state.players))
                      if state.is_over else None))

    def returns(self, state: DrawState) -> tuple[float, ...]:
        if not state.is_over:
            return (0.0,) * state.players
        winners = state.winners()
        share = state.players / len(winners)
        return tuple(share - 1.0 if s in winners else -1.0 for s in range(state.players))

    def outcome(self, state: DrawState) -> str:
        return _outcome(state) if state.is_over else "the round is still being played"

    def redeal_hidden(self, state: DrawState, player: int, rng: random.Random) -> DrawState:
        """Every card ``player`` has not seen relabelled at random: the other hands (all of
        them before the showdown, their discards after it), the deck and the muck. A
        relabelling keeps every count and every rule the same.

        The cards the player has seen — their five dealt cards (the discarded ones too: the
        player knows those are out of play, not in another hand or the deck), their draw,
        and every final hand at the showdown — keep their places. Up to and at the player's
        own turn (their only decision) that is exact: the other 47 cards are equally likely
        to be anywhere the player cannot see. After it the sample is consistent with the
        player's view but narrower than what they know: when a reshuffle (possible only
        with six players drawing four or more) puts the player's discards back into the
        deck, they stay where they really went."""
        known = set(state.dealt[player])
        if player < len(state.drawn):
            known.update(state.drawn[player])
        if state.is_over:
            for s in range(state.players):
                known.update(state.hand(s))
        # The unseen cards as they lie (in the order of their places, which the view
        # fixes) get the pool's cards in shuffled order: the result depends on the view and
        # ``rng`` alone, not on which real card lay where (a game review's twin test).
        places = (*(c for h in state.dealt for c in h), *state.stub,
                  *(c for h in state.discards for c in h), *(c for h in state.drawn for c in h),
                  *state.muck)
        unknown = list(dict.fromkeys(c for c in places if c not in known))
        shuffled = [c for c in CARDS if c not in known]
        rng.shuffle(shuffled)
        relabel = dict(zip(unknown, shuffled, strict=True))

        def swap(cards: tuple[Card, ...]) -> tuple[Card, ...]:
            return tuple(relabel.get(c, c) for c in cards)

        return DrawState(state.seed, state.rules, tuple(map(swap, state.dealt)),
                         swap(state.stub), tuple(map(swap, state.discards)),
                         tuple(map(swap, state.drawn)), swap(state.muck), state.reshuffles)

    def cards(self, state: DrawState) -> Counter[Hashable]:
        held = [c for s in range(state.players) for c in state.hand(s)]
        return Counter([*held, *state.stub, *state.muck])

    def action_from_json(self, raw: Any) -> Discard:
        if not isinstance(raw, dict) or set(raw) != {"type", "cards"} or \
                raw["type"] != Discard.kind or not isinstance(raw["cards"], str):
            raise WppError(f"a 5-card draw action is {{'type': 'discard', 'cards': '...'}}, "
                           f"not {raw!r:.60}")
        try:
            return Discard.of(raw["cards"])
        except CardParseError as err:
            raise WppError(f"bad discard: {err}") from None

    def digest_parts(self, state: DrawState) -> list[str]:
        def text(cards: Iterable[Card]) -> str:
            return format_cards(cards, ascii=True)

        return [f"seed {state.seed}", f"rules {self.rules_to_json(state.rules)}",
                *(f"dealt {text(h)}" for h in state.dealt), f"stub {text(state.stub)}",
                *(f"discard {text(d)}" for d in state.discards),
                *(f"drawn {text(d)}" for d in state.drawn), f"muck {text(state.muck)}",
                f"reshuffles {state.reshuffles}"]



#: The one instance (a definition holds no game, so one serves all).
DRAW: Final = DrawDef()
