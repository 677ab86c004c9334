"""The state of a game, what each player may know of it, and the rules of play (R10–R20).

How a game runs
---------------
* **Deal** (R10): the seed shuffles the deck; player 1 (index 0) gets the first 16 cards,
  player 2 the next 16; 20 cards stay face down as the deck, its top first.
* **Mulligan** (R11): each player chooses 3 cards for the face-up pile, player 1 then
  player 2. The choices are secret until both are made, so the second chooser learns nothing.
* **First lead** (R12): whoever then holds the lowest card leads.
* **A trick** (R13–R16): the leader plays anything, or passes (unless the lead was passed to
  them). The other player beats the table (same mode, higher play) or draws: one deck card
  (then one more or stop), or one pile card. A draw ends the trick: its cards go to the
  discards and the player who made the last play leads a fresh trick.
* **Re-draw** (R15): once a game, right after deck draws, those cards go to the pile and as
  many new ones are drawn; the turn ends.
* **The end** (R17, R19, R20): an empty hand wins at once; holding ``hand_limit`` cards after a
  draw loses; conceding loses; ``turn_limit`` actions make a draw.
* **Empty deck** (R18): the discards are shuffled into a new deck (flag); if there are none only
  the pile can be drawn from; if it is empty too, the player takes nothing and the trick ends.

Design
------
:class:`GameState` is the whole truth, seed and deck order included. It is never changed once
made: :func:`step` validates an action *before* building the next state, so a refused action
leaves everything as it was, and a list of states is an exact undo history. Every field holds
an immutable value (tuples, enums, ints), so a shallow copy is a full snapshot.

:class:`View` is what one player may know (R-information): their own hand, the opponent's hand
*size*, the public cards and counters — never the opponent's cards, the deck order or the seed.
Legal actions are computed **from a view**, so an agent or a UI that only ever receives views
cannot learn anything hidden.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from enum import Enum
from itertools import combinations
from typing import Any, Final, NamedTuple

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
from wpp.cards import CARDS, Card, format_cards, parse_cards
from wpp.errors import IllegalAction
from wpp.judge import decide, judge
from wpp.lookup import classify
from wpp.moves import all_plays, answers
from wpp.plays import Play
from wpp.rules import DEFAULT_RULES, EmptyDeck, Rules

__all__ = [
    "DEAL_SIZE",
    "MULLIGAN_SIZE",
    "EndReason",
    "Event",
    "GameState",
    "Phase",
    "TrickPlay",
    "View",
    "deal",
    "drawing_options",
    "legal_actions",
    "player_name",
    "reshuffled",
    "step",
]

DEAL_SIZE: Final = 16
MULLIGAN_SIZE: Final = 3


class Phase(Enum):
    """Where the game is; with ``to_act`` it says what may happen next."""

    MULLIGAN = "mulligan"  # to_act chooses 3 cards for the pile (R11)
    LEAD = "lead"          # to_act leads a fresh trick, or passes if allowed (R13, R16)
    ANSWER = "answer"      # to_act beats the table, or draws (R14)
    DRAWING = "drawing"    # to_act drew a deck card: one more, stop, or re-draw (R14, R15)
    OVER = "over"


# Enum attribute lookups cost ~100 ns each; hot code uses these aliases instead.
_MULLIGAN, _LEAD, _ANSWER, _DRAWING, _OVER = (Phase.MULLIGAN, Phase.LEAD, Phase.ANSWER,
                                               Phase.DRAWING, Phase.OVER)


class EndReason(Enum):
    """Why a game ended."""

    EMPTIED_HAND = "emptied their hand"          # R17: the winner's hand is empty
    HAND_LIMIT = "reached the hand limit"        # R17: the loser holds hand_limit cards
    CONCEDED = "conceded"                        # R19: the loser conceded
    TURN_LIMIT = "reached the turn limit"        # R20: a draw


class TrickPlay(NamedTuple):
    """One play of a trick: who made it, and the play as it lay on the table."""

    player: int
    play: Play


def player_name(p: int) -> str:
    """``P1`` or ``P2``: the names the narration uses for players 0 and 1."""
    return f"P{p + 1}"


class Event(NamedTuple):
    """One narrated step of the game, for logs and UIs.

    ``public`` is what both players saw happen; ``private`` is what the actor alone knows
    (e.g. which card they drew). :meth:`text_for` picks the right one for a viewer. Without
    narration (``step(..., narrate=False)``, fast simulations) both texts are empty.
    """

    number: int        # how many actions came before this one
    player: int
    action: Action
    public: str
    private: str
    cards: tuple[Card, ...] = ()

    def text_for(self, viewer: int | None) -> str:
        """The narration for ``viewer`` (``None``: an onlooker who sees public facts only)."""
        return self.private if viewer == self.player else self.public

    def __str__(self) -> str:
        return self.public


def deal(seed: int) -> tuple[Card, ...]:
    """The shuffled deck for a seed: the same seed always gives the same deal (R10)."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


class GameState(NamedTuple):
    """The whole truth of one moment of a game. Immutable; see the module docs.

    A ``NamedTuple`` (not a frozen dataclass) because simulations build one per action and a
    tuple is several times cheaper to build; equality is field by field, as for a dataclass.
    """

    rules: Rules
    seed: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    deck: tuple[Card, ...]                 # face down, top first
    pile: tuple[Card, ...]                 # face up, sorted
    discards: tuple[Card, ...]             # cards of finished tricks, in the order played
    trick: tuple[TrickPlay, ...]           # plays of the trick in progress
    last_trick: tuple[TrickPlay, ...]
    phase: Phase
    to_act: int
    passed: bool                           # this lead was passed to to_act (R16)
    drawn: tuple[Card, ...]                # deck cards drawn this turn (R15)
    redraw_used: tuple[bool, bool]
    mulligans: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    actions: int = 0
    reshuffles: int = 0
    winner: int | None = None
    end_reason: EndReason | None = None

    @classmethod
    def new(cls, seed: int, rules: Rules = DEFAULT_RULES,
            deck: Iterable[Card] | None = None) -> GameState:
        """The state right after the deal (R10); ``deck`` overrides the seed's shuffle."""
        cards = deal(seed) if deck is None else tuple(deck)
        if sorted(cards) != list(CARDS):
            raise ValueError("a deck must hold each of the 52 cards exactly once")
        return cls(
            rules=rules, seed=seed,
            hands=(tuple(sorted(cards[:DEAL_SIZE])), tuple(sorted(cards[DEAL_SIZE:2 * DEAL_SIZE]))),
            deck=cards[2 * DEAL_SIZE:], pile=(), discards=(), trick=(), last_trick=(),
            phase=Phase.MULLIGAN, to_act=0, passed=False, drawn=(), redraw_used=(False, False),
            mulligans=(None, None),
        )

    @classmethod
    def custom(
        cls,
        hands: tuple[Iterable[Card] | str, Iterable[Card] | str],
        *,
        to_act: int = 0,
        phase: Phase = Phase.LEAD,
        table: Iterable[tuple[int, Iterable[Card] | str]] = (),
        pile: Iterable[Card] | str = (),
        discards: Iterable[Card] | str = (),
        deck: Iterable[Card] | str | None = None,
        passed: bool = False,
        redraw_used: tuple[bool, bool] = (False, False),
        rules: Rules = DEFAULT_RULES,
        seed: int = 0,
    ) -> GameState:
        """A position set up by hand, for lessons, puzzles and tests (after the mulligan).

        ``table`` lists the trick so far as ``(player, cards)``, each play legal on the one
        before. Cards named nowhere form the deck, in card order; if ``deck`` is given (``()``
        for an exhausted deck), they join the discards instead.

        >>> s = GameState.custom(("3D 5C 5H", "9S"), table=[(1, "4C")], to_act=0,
        ...                      phase=Phase.ANSWER)
        >>> s.deck_available(), str(s.table)
        (47, '4♣ — the 4♣')
        """
        def cards(x: Iterable[Card] | str) -> tuple[Card, ...]:
            return tuple(parse_cards(x) if isinstance(x, str) else x)

        h = (tuple(sorted(cards(hands[0]))), tuple(sorted(cards(hands[1]))))
        trick: list[TrickPlay] = []
        for who, play_cards in table:
            play = classify(cards(play_cards), rules)
            verdict = judge(play, trick[-1].play if trick else None)
            if verdict.table is None:
                raise ValueError(f"the table's plays must follow the rules: {verdict.reason}")
            trick.append(TrickPlay(who, verdict.table))
        d = () if deck is None else cards(deck)
        pile_cards, discard_cards = cards(pile), cards(discards)
        placed = [*h[0], *h[1], *pile_cards, *discard_cards, *d,
                  *(c for tp in trick for c in tp.play.cards)]
        placed_set = set(placed)
        if len(placed_set) != len(placed):
            raise ValueError("each of the 52 cards must be in exactly one place; some are "
                             "named twice")
        rest = tuple(c for c in CARDS if c not in placed_set)
        extra_discards: tuple[Card, ...] = ()
        if deck is None:
            d = rest
        else:
            extra_discards = rest
        if phase is Phase.ANSWER and not trick:
            raise ValueError("an ANSWER position needs a play on the table")
        return cls(rules=rules, seed=seed, hands=h, deck=d, pile=tuple(sorted(pile_cards)),
                   discards=discard_cards + extra_discards, trick=tuple(trick), last_trick=(),
                   phase=phase,
                   to_act=to_act, passed=passed, drawn=(), redraw_used=redraw_used,
                   mulligans=((), ()))

    def redeal_hidden(self, player: int, rng: random.Random) -> GameState:
        """The same position as ``player`` sees it, with everything hidden from them dealt
        anew: the opponent's hand, the deck order and a secret pending mulligan.

        ``self.view(player)`` equals the result's view: for tests that a decision depends only
        on the view, and for agents that sample the unknown (e.g. Monte Carlo).
        """
        other = 1 - player
        pending = self.mulligans[other] if self.phase is _MULLIGAN else None
        hidden = [*self.hands[other], *self.deck, *(pending or ())]
        rng.shuffle(hidden)
        n_hand, n_pending = len(self.hands[other]), len(pending or ())
        hands = list(self.hands)
        hands[other] = tuple(sorted(hidden[:n_hand]))
        mulligans = list(self.mulligans)
        if pending is not None:
            mulligans[other] = tuple(sorted(hidden[n_hand:n_hand + n_pending]))
        return self._replace(hands=(hands[0], hands[1]), deck=tuple(hidden[n_hand + n_pending:]),
                             mulligans=(mulligans[0], mulligans[1]))

    # --- derived facts -------------------------------------------------------------------
    @property
    def table(self) -> Play | None:
        """The play to beat: the last play of the trick, as it lies (its key maybe lowered)."""
        return self.trick[-1].play if self.trick else None

    @property
    def is_over(self) -> bool:
        """True once the game has ended (win, loss or draw)."""
        return self.phase is Phase.OVER

    def deck_available(self) -> int:
        """How many deck cards could be drawn now: the deck, plus the discards if R18 would
        reshuffle them in."""
        return _deck_available(len(self.deck), len(self.discards), self.rules)

    def locations(self) -> dict[str, tuple[Card, ...]]:
        """Every place a card can be, with its cards; each card is in exactly one of them."""
        pending = tuple(c for m in self.mulligans if m is not None and self.phase is Phase.MULLIGAN
                        for c in m)
        return {
            "P1 hand": self.hands[0], "P2 hand": self.hands[1], "deck": self.deck,
            "pile": self.pile, "discards": self.discards,
            "table": tuple(c for tp in self.trick for c in tp.play.cards),
            "mulligan (secret)": pending,
        }

    def view(self, player: int) -> View:
        """What ``player`` may know now (see :class:`View`)."""
        if player not in (0, 1):
            raise ValueError(f"player is 0 or 1, not {player!r}")
        both_done = self.mulligans[0] is not None and self.mulligans[1] is not None
        return View(
            player=player, to_act=self.to_act, phase=self.phase, rules=self.rules,
            hand=self.hands[player], opponent_hand_size=len(self.hands[1 - player]),
            pile=self.pile, deck_size=len(self.deck), discards=self.discards,
            trick=self.trick, last_trick=self.last_trick, passed=self.passed,
            drawn=self.drawn if player == self.to_act else (), drawn_count=len(self.drawn),
            redraw_used=self.redraw_used,
            my_mulligan=self.mulligans[player],
            mulligans=self.mulligans if both_done else (None, None),
            mulligan_done=(self.mulligans[0] is not None, self.mulligans[1] is not None),
            actions=self.actions, reshuffles=self.reshuffles,
            winner=self.winner, end_reason=self.end_reason,
        )

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (the same as their view's)."""
        return legal_actions(self.view(self.to_act))


def _deck_available(deck_size: int, discards: int, rules: Rules) -> int:
    return deck_size + (discards if rules.empty_deck is EmptyDeck.RESHUFFLE else 0)


def reshuffled(discards: Iterable[Card], seed: int, reshuffles: int) -> list[Card]:
    """The new deck R18 makes of the discards, top first. Its order depends only on the
    game's seed and on how many reshuffles came before, so replays are exact."""
    cards = sorted(discards)
    random.Random(f"wpp-reshuffle/{seed}/{reshuffles}").shuffle(cards)
    return cards


class View(NamedTuple):
    """Everything ``player`` may know, and nothing more: no opponent's cards, no deck order,
    no seed. Agents and UIs receive only this.

    ``drawn`` holds the cards *this player* drew this turn (empty for the other player, who
    sees only ``drawn_count``). ``mulligans`` shows both mulligans once both are made.
    """

    player: int
    to_act: int
    phase: Phase
    rules: Rules
    hand: tuple[Card, ...]
    opponent_hand_size: int
    pile: tuple[Card, ...]
    deck_size: int
    discards: tuple[Card, ...]
    trick: tuple[TrickPlay, ...]
    last_trick: tuple[TrickPlay, ...]
    passed: bool
    drawn: tuple[Card, ...]
    drawn_count: int
    redraw_used: tuple[bool, bool]
    my_mulligan: tuple[Card, ...] | None
    mulligans: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
    mulligan_done: tuple[bool, bool]
    actions: int
    reshuffles: int
    winner: int | None
    end_reason: EndReason | None

    @property
    def table(self) -> Play | None:
        """The play to beat, or ``None`` at a fresh trick."""
        return self.trick[-1].play if self.trick else None

    @property
    def my_turn(self) -> bool:
        """True when this player is to act (and the game is not over)."""
        return self.phase is not Phase.OVER and self.to_act == self.player

    def deck_available(self) -> int:
        """How many deck cards could be drawn now (the deck, plus discards R18 reshuffles)."""
        return _deck_available(self.deck_size, len(self.discards), self.rules)

    def legal_actions(self) -> list[Action]:
        """This player's legal actions now (empty when it is not their turn)."""
        return legal_actions(self)

    def __str__(self) -> str:
        me = player_name(self.player)
        lines = [
            f"{me} view — phase {self.phase.value}, {player_name(self.to_act)} to act",
            f"  hand ({len(self.hand)}): {format_cards(self.hand)}",
            f"  opponent holds {self.opponent_hand_size} cards; deck {self.deck_size}; "
            f"discards {len(self.discards)}; pile: {format_cards(self.pile) or '—'}",
            f"  table: {self.table if self.table is not None else '— (fresh trick)'}",
        ]
        return "\n".join(lines)


def legal_actions(view: View) -> list[Action]:
    """Every legal action for ``view.player`` now, computed from the view alone.

    In the mulligan every choice of 3 cards is listed (560 for 16 cards). ``Concede`` is
    always last while the game runs. Each call returns a new list, the caller's to change.
    """
    global _last_listed
    last_view, last_actions = _last_listed
    if view is last_view:  # the same decision asked about again (views never change)
        return list(last_actions)
    phase = view.phase
    if phase is _OVER or view.to_act != view.player:
        return []
    out: list[Action] = []
    hand = view.hand
    if phase is _MULLIGAN:
        out.extend(Mulligan(m) for m in combinations(hand, MULLIGAN_SIZE))
    elif phase is _LEAD:
        out.extend([PlayCards.of_sorted(p.cards) for p in all_plays(hand, view.rules)])
        if not view.passed:
            out.append(Pass())
    elif phase is _ANSWER:
        out.extend([PlayCards.of_sorted(p.cards) for p in answers(hand, view.table, view.rules)])
        available = view.deck_available()
        if available or not view.pile:
            out.append(Draw())  # with nothing anywhere, "draw" takes nothing (R18)
        out.extend(TakeFromPile(c) for c in view.pile)
    else:  # DRAWING
        out.extend(drawing_options(view.drawn_count, view.deck_available(),
                                   view.redraw_used[view.player]))
    out.append(Concede())
    _last_listed = (view, tuple(out))
    return out


# The last view listed and its actions. One decision is often listed twice in a row — by a
# recorder and then by the agent, by a UI's refresh and then its click — and a view is
# immutable, so the second time is a copy. Compared by identity: an equal view made anew
# is listed anew.
_last_listed: tuple[View | None, tuple[Action, ...]] = (None, ())


def drawing_options(drawn: int, available: int, redraw_used: bool) -> list[Action]:
    """What a player who drew ``drawn`` deck cards this turn may do next (R14, R15, R18):
    one more card (after the first, if the deck can give it), stop, or re-draw (once a game,
    if the deck can replace every drawn card). ``Concede`` aside."""
    opts: list[Action] = []
    if drawn == 1 and available:
        opts.append(Draw())
    opts.append(Stop())
    if not redraw_used and available >= drawn:
        opts.append(Redraw())
    return opts


# ----------------------------------------------------------------------------------------
# Transitions
# ----------------------------------------------------------------------------------------

def _remove(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def _insert(cards: tuple[Card, ...], new: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted((*cards, *new)))


def _require_held(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> None:
    held = set(hand)
    missing = [c for c in cards if c not in held]
    if missing:
        raise IllegalAction(f"you do not hold {format_cards(missing)} (R3)", "R3")


_NAMES: Final = ("P1", "P2")


class _Builder:
    """Mutable scratch copy of a state for one transition; frozen again by :meth:`freeze`.

    It also gathers the narration: ``public`` and ``private`` texts and ``notes`` on side
    effects (a reshuffle, the end of a trick). With ``narrate`` off no text is built at all.
    """

    __slots__ = ("actions", "cards", "deck", "discards", "drawn", "end_reason", "hands",
                 "last_trick", "mulligans", "narrate", "notes", "passed", "phase", "pile",
                 "private", "public", "redraw_used", "reshuffles", "rules", "seed", "to_act",
                 "trick", "winner")

    def __init__(self, s: GameState, narrate: bool) -> None:
        (self.rules, self.seed, hands, self.deck, self.pile, self.discards, self.trick,
         self.last_trick, self.phase, self.to_act, self.passed, self.drawn, redraw_used,
         mulligans, self.actions, self.reshuffles, self.winner, self.end_reason) = s
        self.hands = list(hands)
        self.redraw_used = list(redraw_used)
        self.mulligans = list(mulligans)
        self.narrate = narrate
        self.notes: list[str] = []
        self.public = ""
        self.private: str | None = None
        self.cards: tuple[Card, ...] = ()

    def freeze(self) -> GameState:
        return GameState(
            self.rules, self.seed, (self.hands[0], self.hands[1]), self.deck, self.pile,
            self.discards, self.trick, self.last_trick, self.phase, self.to_act, self.passed,
            self.drawn, (self.redraw_used[0], self.redraw_used[1]),
            (self.mulligans[0], self.mulligans[1]), self.actions, self.reshuffles,
            self.winner, self.end_reason,
        )

    def end(self, winner: int | None, reason: EndReason) -> None:
        self.phase = _OVER
        self.winner = winner
        self.end_reason = reason

    def take_deck_card(self, p: int) -> Card:
        """Top deck card to player p's hand, reshuffling the discards in first if needed."""
        if not self.deck:
            # R18: shuffle the discards into a new deck.
            cards = reshuffled(self.discards, self.seed, self.reshuffles)
            self.deck = tuple(cards)
            self.discards = ()
            self.reshuffles += 1
            if self.narrate:
                self.notes.append(f"the deck was empty: {len(cards)} discards were shuffled "
                                  "into a new deck (R18)")
        c = self.deck[0]
        self.deck = self.deck[1:]
        self.hands[p] = _insert(self.hands[p], (c,))
        return c

    def over_hand_limit(self, p: int) -> bool:
        """R17: holding ``hand_limit`` cards after a draw loses."""
        limit = self.rules.hand_limit
        if limit is not None and len(self.hands[p]) >= limit:
            self.end(1 - p, EndReason.HAND_LIMIT)
            if self.narrate:
                self.notes.append(f"{_NAMES[p]} holds {len(self.hands[p])} cards, the hand "
                                  f"limit is {limit}: {_NAMES[p]} loses (R17)")
            return True
        return False

    def end_trick(self, drawer: int) -> None:
        """The answering player drew: the trick's cards go to the discards and the player who
        made the last play leads a fresh trick (R14)."""
        self.discards = self.discards + tuple([c for tp in self.trick for c in tp.play.cards])
        self.last_trick = self.trick
        self.trick = ()
        self.drawn = ()
        self.passed = False
        self.phase = _LEAD
        self.to_act = 1 - drawer
        if self.narrate:
            self.notes.append(f"the trick is over; {_NAMES[1 - drawer]} leads")

    def end_turn_if_no_choice(self, p: int) -> None:
        """After a deck draw: end the turn at once when stopping is the only choice left
        (no second card to draw and no re-draw possible; see :func:`drawing_options`)."""
        if self.phase is _OVER:
            return
        available = _deck_available(len(self.deck), len(self.discards), self.rules)
        if len(drawing_options(len(self.drawn), available, self.redraw_used[p])) == 1:
            self.end_trick(p)


# --- one handler per action: validate first (raising IllegalAction), then change ``b`` --------

def _concede(s: GameState, b: _Builder, action: Concede) -> None:
    b.end(1 - s.to_act, EndReason.CONCEDED)
    if b.narrate:
        b.public = f"{_NAMES[s.to_act]} conceded (R19)"


def _mulligan(s: GameState, b: _Builder, action: Mulligan) -> None:
    p = s.to_act
    chosen = action.cards
    if s.phase is not _MULLIGAN:
        raise IllegalAction("the mulligan is over; it happens once, at the start (R11)", "R11")
    if len(chosen) != MULLIGAN_SIZE:
        raise IllegalAction(f"the mulligan is exactly {MULLIGAN_SIZE} cards, not "
                            f"{len(chosen)} (R11)", "R11")
    _require_held(s.hands[p], chosen)
    b.hands[p] = _remove(s.hands[p], chosen)
    b.mulligans[p] = chosen
    if p == 0:
        b.to_act = 1
        if b.narrate:
            b.public = "P1 chose a mulligan (kept secret until both have chosen)"
            b.private = f"P1 put {format_cards(chosen)} aside for the pile (R11)"
        return
    first, second = b.mulligans
    assert first is not None and second is not None
    b.pile = tuple(sorted((*first, *second)))
    leader = 0 if b.hands[0][0] < b.hands[1][0] else 1  # R12: the lowest card leads
    b.phase = _LEAD
    b.to_act = leader
    b.cards = b.pile
    if b.narrate:
        b.public = (f"P2 chose a mulligan; the pile is {format_cards(b.pile)}; "
                    f"{_NAMES[leader]} holds the lowest card, {b.hands[leader][0]}, and leads "
                    "(R12)")


def _play(s: GameState, b: _Builder, action: PlayCards) -> None:
    p = s.to_act
    if s.phase is _DRAWING:
        raise IllegalAction(f"{_NAMES[p]} has drawn this turn and may not play now: draw one "
                            "more, stop, or re-draw (R14)", "R14")
    _require_held(s.hands[p], action.cards)  # no cards: classify says why (R4)
    play = classify(action.cards, s.rules)
    table = s.trick[-1].play if s.trick else None
    on_table = decide(play, table)[1]
    if on_table is None:
        assert table is not None
        verdict = judge(play, table)
        raise IllegalAction(f"{format_cards(play.shown)} does not beat "
                            f"{format_cards(table.shown)}: {verdict.reason}", verdict.rule)
    b.hands[p] = _remove(s.hands[p], play.cards)
    b.trick = (*s.trick, TrickPlay(p, on_table))
    b.phase = _ANSWER
    b.to_act = 1 - p
    b.passed = False
    b.cards = play.cards
    if b.narrate:
        verb = "led" if s.phase is _LEAD else "played"
        b.public = f"{_NAMES[p]} {verb} {format_cards(play.shown)}"
        if len(play.cards) > 1 or on_table.lowered_by_two:
            b.public += f" — {on_table.describe()}"
    if not b.hands[p]:
        b.end(p, EndReason.EMPTIED_HAND)
        if b.narrate:
            b.notes.append(f"{_NAMES[p]} has no cards left and wins (R17)")


def _pass(s: GameState, b: _Builder, action: Pass) -> None:
    if s.phase is not _LEAD:
        raise IllegalAction("only the leader of a fresh trick may pass (R16)", "R16")
    if s.passed:
        raise IllegalAction("the lead was passed to you: you must lead, you may not pass back "
                            "(R16)", "R16")
    b.to_act = 1 - s.to_act
    b.passed = True
    if b.narrate:
        b.public = f"{_NAMES[s.to_act]} passed; {_NAMES[1 - s.to_act]} must lead (R16)"


def _draw(s: GameState, b: _Builder, action: Draw) -> None:
    p = s.to_act
    available = s.deck_available()
    if s.phase is _LEAD:
        raise IllegalAction("the leader of a fresh trick may not draw: play something"
                            + ("" if s.passed else " or pass") + " (R13)", "R13")
    if s.phase is _DRAWING and len(s.drawn) != 1:
        raise IllegalAction("at most 2 deck cards may be drawn in a turn (R14)", "R14")
    if not available:
        if s.phase is _DRAWING or s.pile:
            raise IllegalAction("the deck is empty and no discards can be reshuffled"
                                + (": take a pile card instead" if s.pile else "")
                                + " (R18)", "R18")
        b.end_trick(p)  # nothing anywhere: take nothing, the trick ends (R18)
        if b.narrate:
            b.public = (f"{_NAMES[p]} could take no card — deck, discards and pile are all "
                        "empty — and the trick ends (R18)")
        return
    c = b.take_deck_card(p)
    b.drawn = (*s.drawn, c)
    b.phase = _DRAWING
    if b.narrate:
        b.public = f"{_NAMES[p]} drew {'a second card' if s.drawn else 'a card'} from the deck"
        b.private = f"{_NAMES[p]} drew {c} from the deck"
    if not b.over_hand_limit(p):
        b.end_turn_if_no_choice(p)


def _take_from_pile(s: GameState, b: _Builder, action: TakeFromPile) -> None:
    p = s.to_act
    if s.phase is not _ANSWER:
        raise IllegalAction("a pile card may be taken only instead of beating the table, "
                            "before any deck card this turn (R14)", "R14")
    if action.card not in s.pile:
        raise IllegalAction(f"{action.card} is not in the pile (R14)", "R14")
    b.pile = tuple(c for c in s.pile if c != action.card)
    b.hands[p] = _insert(s.hands[p], (action.card,))
    b.cards = (action.card,)
    if b.narrate:
        b.public = f"{_NAMES[p]} took {action.card} from the pile"
    if not b.over_hand_limit(p):
        b.end_trick(p)


def _stop(s: GameState, b: _Builder, action: Stop) -> None:
    if s.phase is not _DRAWING:
        raise IllegalAction("'stop' ends a turn of drawing; nothing has been drawn (R14)", "R14")
    if b.narrate:
        b.public = f"{_NAMES[s.to_act]} stopped drawing"
    b.end_trick(s.to_act)


def _redraw(s: GameState, b: _Builder, action: Redraw) -> None:
    p = s.to_act
    if s.phase is not _DRAWING:
        raise IllegalAction("a re-draw comes right after drawing from the deck this turn "
                            "(not after a pile card) (R15)", "R15")
    if s.redraw_used[p]:
        raise IllegalAction(f"{_NAMES[p]} has already used their one re-draw of the game (R15)",
                            "R15")
    n = len(s.drawn)
    if s.deck_available() < n:
        raise IllegalAction(f"the deck cannot supply {n} new cards for a re-draw (R15, R18)",
                            "R15")
    b.hands[p] = _remove(s.hands[p], s.drawn)
    b.pile = _insert(s.pile, s.drawn)
    new = tuple(b.take_deck_card(p) for _ in range(n))
    b.redraw_used[p] = True
    b.cards = s.drawn
    if b.narrate:
        b.public = (f"{_NAMES[p]} re-drew: {format_cards(s.drawn)} went to the pile and {n} "
                    f"new card{'s' if n > 1 else ''} came from the deck (R15)")
        b.private = b.public.replace("came from the deck",
                                     f"came from the deck: {format_cards(new)}")
    # A re-draw keeps the hand's size, so this never ends the game today; it keeps R17
    # checked after every draw should a rule flag ever change that.
    if not b.over_hand_limit(p):
        b.end_trick(p)


_HANDLERS: Final[dict[type, Callable[[GameState, _Builder, Any], None]]] = {
    Concede: _concede, Mulligan: _mulligan, PlayCards: _play, Pass: _pass, Draw: _draw,
    TakeFromPile: _take_from_pile, Stop: _stop, Redraw: _redraw,
}


def step(state: GameState, action: Action, narrate: bool = True) -> tuple[GameState, Event]:
    """Apply ``action`` for the player to act; return the new state and its narration.

    Raises :class:`~wpp.errors.IllegalAction` (the state is untouched) when the action is not
    legal now, with the reason in words. ``narrate=False`` skips writing the event's texts
    (simulations that never read them run faster).
    """
    phase = state.phase
    if phase is _OVER:
        raise IllegalAction("the game is over; no more actions")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"{action!r} is not an action")
    if phase is _MULLIGAN and handler is not _mulligan and handler is not _concede:
        raise IllegalAction(f"it is the mulligan: {_NAMES[state.to_act]} must choose "
                            f"{MULLIGAN_SIZE} cards for the pile (R11)", "R11")
    b = _Builder(state, narrate)
    handler(state, b, action)
    b.actions += 1
    if b.phase is not _OVER and b.actions >= state.rules.turn_limit:
        b.end(None, EndReason.TURN_LIMIT)
        if narrate:
            b.notes.append(f"{b.actions} actions: the turn limit is reached and the game is a "
                           "draw (R20)")
    if not narrate:
        return b.freeze(), Event(state.actions, state.to_act, action, "", "", b.cards)
    public = b.public
    private = b.private if b.private is not None else public
    if b.notes:
        tail = "; " + "; ".join(b.notes)
        public += tail
        private += tail
    return b.freeze(), Event(state.actions, state.to_act, action, public, private, b.cards)
