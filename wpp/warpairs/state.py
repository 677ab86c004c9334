"""The whole truth of one moment of a game: :class:`GameState`, immutable.

It is never changed once made: :func:`wpp.warpairs.transitions.step` validates an action *before*
building the next state, so a refused action leaves everything as it was, and a list of
states is an exact undo history. Every field holds an immutable value (tuples, enums, ints),
so a shallow copy is a full snapshot. What a player may know of it is its
:meth:`~GameState.view`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from wpp.core.checks import check_stacked_deck
from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.actions import Action
from wpp.warpairs.deal import DEAL_SIZE, deal, deck_available
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.phases import _MULLIGAN, EndReason, Phase, TrickPlay
from wpp.warpairs.plays import Play
from wpp.warpairs.record import Entry
from wpp.warpairs.rules import DEFAULT_RULES, Rules
from wpp.warpairs.view import View, legal_actions

__all__ = ["GameState"]


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
    record: tuple[Entry, ...] = ()  # every action as both players saw it (warpairs.record)
    dealt: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # the hands as dealt (R10)
    draws: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())  # each player's deck cards

    @classmethod
    def new(cls, seed: int, rules: Rules = DEFAULT_RULES,
            deck: Iterable[Card] | None = None) -> GameState:
        """The state right after the deal (R10); ``deck`` overrides the seed's shuffle."""
        cards = deal(seed) if deck is None else check_stacked_deck(
            deck, CARDS, "a deck must hold each of the 52 cards exactly once")
        hands = (tuple(sorted(cards[:DEAL_SIZE])), tuple(sorted(cards[DEAL_SIZE:2 * DEAL_SIZE])))
        return cls(
            rules=rules, seed=seed, hands=hands,
            deck=cards[2 * DEAL_SIZE:], pile=(), discards=(), trick=(), last_trick=(),
            phase=Phase.MULLIGAN, to_act=0, passed=False, drawn=(), redraw_used=(False, False),
            mulligans=(None, None), dealt=hands,
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
                raise WppError(f"the table's plays must follow the rules: {verdict.reason}")
            trick.append(TrickPlay(who, verdict.table))
        d = () if deck is None else cards(deck)
        pile_cards, discard_cards = cards(pile), cards(discards)
        placed = [*h[0], *h[1], *pile_cards, *discard_cards, *d,
                  *(c for tp in trick for c in tp.play.cards)]
        placed_set = set(placed)
        if len(placed_set) != len(placed):
            raise WppError("each of the 52 cards must be in exactly one place; some are "
                             "named twice")
        rest = tuple(c for c in CARDS if c not in placed_set)
        extra_discards: tuple[Card, ...] = ()
        if deck is None:
            d = rest
        else:
            extra_discards = rest
        if phase is Phase.ANSWER and not trick:
            raise WppError("an ANSWER position needs a play on the table")
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
        # What the opponent was dealt and drew is hidden too: not re-dealt (no history is
        # invented), left blank, so the result holds nothing true about it.
        dealt, draws = list(self.dealt), list(self.draws)
        dealt[other] = draws[other] = ()
        record = self.record
        if pending is not None:  # the opponent's secret mulligan is in the record: re-deal it
            record = tuple(e if e.player == player or e.kind != "mulligan"
                           else e._replace(cards=mulligans[other] or ()) for e in record)
        return self._replace(hands=(hands[0], hands[1]), deck=tuple(hidden[n_hand + n_pending:]),
                             mulligans=(mulligans[0], mulligans[1]), record=record,
                             dealt=(dealt[0], dealt[1]), draws=(draws[0], draws[1]))

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
        return deck_available(len(self.deck), len(self.discards), self.rules)

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
            raise WppError(f"player is 0 or 1, not {player!r}")
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
            record=self.record if both_done else tuple(
                e for e in self.record if e.player == player or e.kind != "mulligan"),
            my_deal=self.dealt[player], my_draws=self.draws[player],
        )

    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to act (the same as their view's)."""
        return legal_actions(self.view(self.to_act))

