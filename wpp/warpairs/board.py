"""The mutable board of one game and what each action does to its cards: the one place the
effects of the rules (R11–R20) are written.

:class:`Board` is a :class:`~wpp.warpairs.state.GameState` thawed into lists and counters that
change in place. Its operations — :meth:`~Board.mulligan`, :meth:`~Board.put`,
:meth:`~Board.pass_lead`, :meth:`~Board.draw`, :meth:`~Board.take_from_pile`,
:meth:`~Board.stop`, :meth:`~Board.redraw`, :meth:`~Board.concede` and :meth:`~Board.tick`
(the turn limit after every action) — move the cards and end tricks, turns and games. They
do **not** check that the action is legal: their callers do, each in its own way.

* The engine (:func:`wpp.warpairs.transitions.step`) thaws a state, validates the action against the
  board (raising :class:`~wpp.core.errors.IllegalAction`), runs the operation, narrates it and
  freezes the board into the next state.
* Fast simulations (:mod:`wpp.warpairs.playout`, :mod:`wpp.warpairs.random_games`) keep one board
for a whole
  game and pick only among actions they know to be legal (counted from the engine's own
  generator and judge), so they run the operations directly.

Either way, what an action does is written once, here.

>>> from wpp.warpairs.state import GameState
>>> b = Board.thaw(GameState.custom(("3D 5C", "9S"), table=[(1, "4C")], phase=Phase.ANSWER))
>>> b.draw(0) is not None, b.phase, len(b.hands[0])
(True, <Phase.DRAWING: 'drawing'>, 3)
>>> b.stop(0); b.tick(); s = b.freeze()
>>> s.phase, s.to_act, s.actions, len(s.discards)
(<Phase.LEAD: 'lead'>, 1, 1, 1)
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from wpp.core.standard_deck import Card
from wpp.warpairs.deal import DEAL_SIZE, deal, reshuffled
from wpp.warpairs.phases import (
    _ANSWER,
    _DRAWING,
    _LEAD,
    _MULLIGAN,
    _OVER,
    EndReason,
    Phase,
    TrickPlay,
)
from wpp.warpairs.plays import Play
from wpp.warpairs.record import Entry
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.view import View, drawing_options

__all__ = ["Board"]

_NAMES: Final = ("P1", "P2")
_new_trick_play = tuple.__new__  # TrickPlay(p, play) without the Python-level __new__
_new_state = tuple.__new__
_new_entry = tuple.__new__  # Entry(...) without the Python-level __new__
_RESHUFFLE: Final = EmptyDeck.RESHUFFLE


class Board:
    """One game's state, mutable: the fields of :class:`~wpp.warpairs.state.GameState` as lists.

    ``deck`` keeps its top card first, as the state does; ``table`` is the play to beat
    (the last of ``trick``), kept at hand. ``narrate`` on, the operations also write the
    notes of their side effects (a reshuffle, the end of a trick or of the game) to ``notes``
    and the caller writes ``public``/``private``; off, no text is built at all.
    """

    __slots__ = ("actions", "cards", "deal_hands", "deck", "discards", "drawn", "draws",
                 "end_reason", "hands", "last_trick", "mulligans", "narrate", "notes", "passed",
                 "phase", "pile", "private", "public", "record", "redraw_used", "reshuffle_ok",
                 "reshuffles", "rules", "seed", "table", "to_act", "trick", "winner")

    rules: Rules
    seed: int
    hands: list[list[Card]]
    deck: list[Card]
    pile: list[Card]
    discards: list[Card]
    trick: list[TrickPlay]
    table: Play | None
    last_trick: tuple[TrickPlay, ...]
    phase: Phase
    to_act: int
    passed: bool
    drawn: list[Card]
    redraw_used: list[bool]
    mulligans: list[tuple[Card, ...] | None]
    actions: int
    reshuffles: int
    winner: int | None
    end_reason: EndReason | None
    record: list[Entry]
    deal_hands: tuple[tuple[Card, ...], tuple[Card, ...]]  # the state's ``dealt``
    draws: list[list[Card]]
    reshuffle_ok: bool
    narrate: bool
    notes: list[str]
    public: str
    private: str | None
    cards: tuple[Card, ...]

    # --- from and to immutable states ------------------------------------------------------
    @classmethod
    def thaw(cls, state: GameState, narrate: bool = False) -> Board:
        """A board holding ``state`` (which stays as it is)."""
        b = cls.__new__(cls)
        (b.rules, b.seed, hands, deck, pile, discards, trick, b.last_trick, b.phase,
         b.to_act, b.passed, drawn, redraw_used, mulligans, b.actions, b.reshuffles,
         b.winner, b.end_reason, record, b.deal_hands, draws) = state
        b.hands = [list(hands[0]), list(hands[1])]
        b.deck = list(deck)
        b.pile = list(pile)
        b.discards = list(discards)
        b.trick = list(trick)
        b.table = trick[-1].play if trick else None
        b.drawn = list(drawn)
        b.redraw_used = list(redraw_used)
        b.mulligans = list(mulligans)
        b.record = list(record)
        b.draws = [list(draws[0]), list(draws[1])]
        b._quiet(narrate)
        return b

    @classmethod
    def dealt(cls, seed: int, rules: Rules) -> Board:
        """The board right after the deal of ``seed`` (R10): ``thaw(GameState.new(seed,
        rules))`` without building the state first (fast simulations start here)."""
        cards = deal(seed)
        b = cls.__new__(cls)
        b.rules, b.seed = rules, seed
        b.hands = [sorted(cards[:DEAL_SIZE]), sorted(cards[DEAL_SIZE:2 * DEAL_SIZE])]
        b.deck = list(cards[2 * DEAL_SIZE:])
        b.pile, b.discards, b.trick, b.drawn = [], [], [], []
        b.table, b.last_trick = None, ()
        b.phase, b.to_act, b.passed = _MULLIGAN, 0, False
        b.redraw_used, b.mulligans = [False, False], [None, None]
        b.actions = b.reshuffles = 0
        b.winner = b.end_reason = None
        b.record, b.draws = [], [[], []]
        b.deal_hands = (tuple(b.hands[0]), tuple(b.hands[1]))
        b._quiet(False)
        return b

    def _quiet(self, narrate: bool) -> None:
        # R18's flag, read once: available() is deck_available() (tests/warpairs/test_board.py)
        self.reshuffle_ok = self.rules.empty_deck is _RESHUFFLE
        self.narrate = narrate
        self.notes = []
        self.public = ""
        self.private = None
        self.cards = ()

    def freeze(self) -> GameState:
        """The board as an immutable state (the board may go on changing)."""
        hands, redraw_used, mulligans = self.hands, self.redraw_used, self.mulligans
        return _new_state(GameState, (  # GameState(...) without its Python-level __new__
            self.rules, self.seed, (tuple(hands[0]), tuple(hands[1])),
            tuple(self.deck), tuple(self.pile), tuple(self.discards),
            tuple(self.trick), self.last_trick, self.phase, self.to_act, self.passed,
            tuple(self.drawn), (redraw_used[0], redraw_used[1]), (mulligans[0], mulligans[1]),
            self.actions, self.reshuffles, self.winner, self.end_reason,
            tuple(self.record), self.deal_hands, (tuple(self.draws[0]), tuple(self.draws[1])),
        ))

    def view(self, player: int) -> View:
        """What ``player`` may know now: the frozen state's view (one definition of it)."""
        return self.freeze().view(player)

    def available(self) -> int:
        """How many deck cards could be drawn now (the deck, plus discards R18 reshuffles)."""
        # deck_available(len(self.deck), len(self.discards), self.rules), its flag read once
        if self.reshuffle_ok:
            return len(self.deck) + len(self.discards)
        return len(self.deck)

    # --- what actions do: no legality checks here (see the module docs) ---------------------
    def mulligan(self, p: int, chosen: tuple[Card, ...]) -> None:
        """R11, R12: ``chosen`` leaves ``p``'s hand, secretly; after the second mulligan
        both form the pile and whoever holds the lowest card leads."""
        hand = self.hands[p]
        for c in chosen:
            hand.remove(c)
        self.mulligans[p] = chosen
        self.record.append(_new_entry(Entry, (p, "mulligan", chosen)))
        if p == 0:
            self.to_act = 1
            return
        first, second = self.mulligans
        assert first is not None and second is not None
        self.pile = sorted((*first, *second))
        self.phase = _LEAD
        self.to_act = 0 if self.hands[0][0] < self.hands[1][0] else 1

    def put(self, p: int, on_table: Play) -> None:
        """R13, R14: the play's cards leave ``p``'s hand for the table, as they lie there
        (``on_table``: its key maybe lowered, R9); an empty hand wins (R17)."""
        hand = self.hands[p]
        for c in on_table.cards:
            hand.remove(c)
        self.record.append(_new_entry(Entry, (p, "play", on_table.cards)))
        self.trick.append(_new_trick_play(TrickPlay, (p, on_table)))
        self.table = on_table
        self.phase = _ANSWER
        self.to_act = 1 - p
        self.passed = False
        if not hand:
            self.end(p, EndReason.EMPTIED_HAND)
            if self.narrate:
                self.notes.append(f"{_NAMES[p]} has no cards left and wins (R17)")

    def pass_lead(self, p: int) -> None:
        """R16: the leader passes; the other player must lead."""
        self.record.append(_new_entry(Entry, (p, "pass", ())))
        self.to_act = 1 - p
        self.passed = True

    def draw(self, p: int) -> Card | None:
        """R14: ``p`` draws the top deck card (after an R18 reshuffle if needed) and the turn
        goes on — unless the hand limit ends the game (R17) or stopping is the only choice
        left. With nothing anywhere to draw (deck, discards and pile empty) ``p`` takes
        nothing and the trick ends (R18): the result is then ``None``."""
        self.record.append(_new_entry(Entry, (p, "draw", ())))
        if not self.available():
            self.end_trick(p)
            return None
        c = self.take_deck_card(p)
        self.drawn.append(c)
        self.phase = _DRAWING
        if not self.over_hand_limit(p) and len(drawing_options(
                len(self.drawn), self.available(), self.redraw_used[p])) == 1:
            self.end_trick(p)
        return c

    def take_from_pile(self, p: int, card: Card) -> None:
        """R14: ``p`` takes ``card`` from the pile; then R17, and the trick ends."""
        self.record.append(_new_entry(Entry, (p, "pile", (card,))))
        self.pile.remove(card)
        insort(self.hands[p], card)
        if not self.over_hand_limit(p):
            self.end_trick(p)

    def stop(self, p: int) -> None:
        """R14: ``p`` stops drawing; the trick ends."""
        self.record.append(_new_entry(Entry, (p, "stop", ())))
        self.end_trick(p)

    def redraw(self, p: int) -> tuple[Card, ...]:
        """R15: this turn's deck cards go to the pile and as many new ones come from the deck
        (the new cards are returned); the re-draw is used and the trick ends."""
        hand, pile = self.hands[p], self.pile
        self.record.append(_new_entry(Entry, (p, "redraw", tuple(self.drawn))))
        for c in self.drawn:
            hand.remove(c)
            insort(pile, c)
        new = tuple([self.take_deck_card(p) for _ in self.drawn])
        self.redraw_used[p] = True
        # A re-draw keeps the hand's size, so this never ends the game today; it keeps R17
        # checked after every draw should a rule flag ever change that.
        if not self.over_hand_limit(p):
            self.end_trick(p)
        return new

    def concede(self, p: int) -> None:
        """R19: ``p`` concedes and loses."""
        self.record.append(_new_entry(Entry, (p, "concede", ())))
        self.end(1 - p, EndReason.CONCEDED)

    def tick(self) -> None:
        """After every action: count it; ``turn_limit`` actions make a draw (R20)."""
        self.actions += 1
        if self.actions >= self.rules.turn_limit and self.phase is not _OVER:
            self.end(None, EndReason.TURN_LIMIT)
            if self.narrate:
                self.notes.append(f"{self.actions} actions: the turn limit is reached and the "
                                  "game is a draw (R20)")

    # --- the side effects the operations share -------------------------------------------
    def end(self, winner: int | None, reason: EndReason) -> None:
        """The game is over: ``winner`` (``None``: a draw) and why."""
        self.phase = _OVER
        self.winner = winner
        self.end_reason = reason

    def take_deck_card(self, p: int) -> Card:
        """Top deck card to ``p``'s hand, reshuffling the discards in first if needed (R18)."""
        if not self.deck:
            cards = reshuffled(self.discards, self.seed, self.reshuffles)
            self.deck = cards
            self.discards = []
            self.reshuffles += 1
            if self.narrate:
                self.notes.append(f"the deck was empty: {len(cards)} discards were shuffled "
                                  "into a new deck (R18)")
        c = self.deck.pop(0)
        insort(self.hands[p], c)
        self.draws[p].append(c)
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
        discards = self.discards
        for tp in self.trick:
            discards += tp[1].cards
        self.last_trick = tuple(self.trick)
        self.trick = []
        self.table = None
        self.drawn = []
        self.passed = False
        self.phase = _LEAD
        self.to_act = 1 - drawer
        if self.narrate:
            self.notes.append(f"the trick is over; {_NAMES[1 - drawer]} leads")
