"""The one state machine of Pairs: a mutable board that the definition and the playouts share.

:class:`Board` holds the same fields as a :class:`~wpp.pairs.state.PairsState` in lists, and
its :meth:`Board.act` is *the* transition of the game: :meth:`PairsDef.step
<wpp.pairs.game.PairsDef.step>` thaws a state into a board, acts, and freezes the board again;
a Monte Carlo playout thaws once and acts a few hundred times in place. So the rules live in
one place and playouts pay no copying per move.

Chance: a board either draws its randomness from a ``random.Random`` it is given (playouts,
determinised from a view), or — when it has none — from a fresh generator per chance event
seeded by the game's seed and the count of chance events so far, so the same game replays
the same way from any of its states.

The deck is kept top *last* in the board's list (``pop()`` draws), top first in states.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Final

from wpp.pairs.cards import DECK, Card
from wpp.pairs.rules import PairsRules
from wpp.pairs.state import PairsState, PairsView

__all__ = ["BURN", "Board", "seat_name"]

#: Cards burned face down at the start and after every reshuffle.
BURN: Final = 5
#: A tie-break stack this long redeals the round (pairsTournament's guard against a loop).
TIEBREAK_LIMIT: Final = 5


def seat_name(p: int) -> str:
    return f"P{p + 1}"


class Board:
    """A game of Pairs in progress, mutable (see the module's text)."""

    __slots__ = ("burned", "chance", "continuous", "discard", "drawn", "eager", "hands", "lazy",
                 "log", "n",
                 "over", "reshuffles", "rng", "round", "rules", "scores", "seed", "starter",
                 "stock", "target", "to_act", "totals")

    def __init__(self, rules: PairsRules, players: int, seed: int) -> None:
        self.rules = rules
        self.n = players
        self.seed = seed
        self.target = rules.target(players)
        self.continuous = rules.continuous
        self.eager = rules.reshuffle == "round"
        self.stock: list[Card] = []
        self.burned: list[Card] = []
        self.discard: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.scores: list[list[Card]] = [[] for _ in range(players)]
        self.totals = [0] * players
        self.to_act = 0
        self.over = False
        self.round = 0
        self.starter = 0
        self.reshuffles = 0
        self.chance = 0
        self.rng: random.Random | None = None
        #: Draw each card uniformly from the unordered deck instead of keeping it shuffled
        #: (a sampled board's playouts: the same distribution without shuffling 50 cards).
        self.lazy = False
        #: Narration lines of the current action, or None (no narration: the fast path).
        self.log: list[str] | None = None
        #: The cards drawn while narrating, in order (for pictures of a playout).
        self.drawn: list[Card] = []

    # --- to and from immutable values ----------------------------------------------------
    @classmethod
    def deal(cls, rules: PairsRules, players: int, seed: int, order: list[Card]) -> Board:
        """The game's start: ``order`` (top first) is the shuffled deck; burn five, deal the
        first round."""
        board = cls(rules, players, seed)
        board.stock = order[::-1]
        board._burn()
        board._start_round()
        return board

    @classmethod
    def thaw(cls, state: PairsState) -> Board:
        """A board holding ``state``."""
        b = cls(state.rules, state.players, state.seed)
        b.stock = list(state.stock[::-1])
        b.burned = list(state.burned)
        b.discard = list(state.discard)
        b.hands = [list(h) for h in state.hands]
        b.scores = [list(s) for s in state.scores]
        b.totals = [sum(s) for s in state.scores]
        b.to_act, b.over, b.round = state.to_act, state.over, state.round
        b.starter, b.reshuffles, b.chance = state.starter, state.reshuffles, state.chance
        return b

    @classmethod
    def sample(cls, view: PairsView, rng: random.Random,
               hidden: list[Card] | None = None, lazy: bool = False) -> Board:
        """A board consistent with ``view``: the cards the viewer cannot see (deck and burned
        cards) dealt at random into the deck and the burn, sizes kept, and chance drawn from
        ``rng`` from then on. Every arrangement the viewer cannot rule out is equally likely,
        so this is an exact determinisation. ``hidden``: the unseen cards, if already listed
        (a Monte Carlo agent lists them once per decision). ``lazy``: leave the deck unordered
        and draw each card uniformly from it (the same game in distribution, for playouts;
        a lazy board's ``freeze()`` is not a dealt deck's order)."""
        b = cls(view.rules, view.players, 0)
        hidden = list(view.unseen().elements()) if hidden is None else hidden[:]
        b.rng = rng
        if lazy:
            b.lazy = True
            b.stock = hidden
            b.burned = [b._pick() for _ in range(view.burned_size)]
        else:
            rng.shuffle(hidden)
            b.stock = hidden[:view.stock_size]
            b.burned = hidden[view.stock_size:]
        b.discard = list(view.discard)
        b.hands = [list(h) for h in view.hands]
        b.scores = [list(s) for s in view.scores]
        b.totals = [sum(s) for s in view.scores]
        b.to_act, b.over, b.round = view.to_act, view.over, view.round
        b.starter, b.reshuffles = view.starter, view.reshuffles
        return b

    def copy(self) -> Board:
        """An independent copy (same chance source)."""
        b = Board(self.rules, self.n, self.seed)
        b.stock, b.burned, b.discard = self.stock[:], self.burned[:], self.discard[:]
        b.hands = [h[:] for h in self.hands]
        b.scores = [s[:] for s in self.scores]
        b.totals = self.totals[:]
        b.to_act, b.over, b.round = self.to_act, self.over, self.round
        b.starter, b.reshuffles, b.chance, b.rng = (self.starter, self.reshuffles,
                                                    self.chance, self.rng)
        b.lazy = self.lazy
        return b

    def freeze(self) -> PairsState:
        """The board as an immutable state."""
        return PairsState(self.seed, self.rules, self.n, tuple(self.stock[::-1]),
                          tuple(self.burned), tuple(self.discard),
                          tuple(map(tuple, self.hands)), tuple(map(tuple, self.scores)),
                          self.to_act, self.over, self.round, self.starter, self.reshuffles,
                          self.chance)

    def cards(self) -> Counter[Card]:
        return Counter([*self.stock, *self.burned, *self.discard,
                        *(c for h in self.hands for c in h),
                        *(c for s in self.scores for c in s)])

    # --- chance ---------------------------------------------------------------------------
    def _random(self) -> random.Random:
        if self.rng is not None:
            return self.rng
        self.chance += 1
        return random.Random(f"wpp-pairs:{self.seed}:{self.chance}")

    def _say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def _pick(self) -> Card:
        """A lazy board's draw: a uniformly chosen card of the unordered deck."""
        stock = self.stock
        i = int(self.rng.random() * len(stock))  # type: ignore[union-attr]
        card = stock[i]
        stock[i] = stock[-1]
        stock.pop()
        return card

    def _burn(self) -> None:
        # Burn five, but never the last card: a deck is never left empty by a burn.
        k = max(0, min(BURN, len(self.stock) - 1))
        if self.lazy:
            self.burned.extend(self._pick() for _ in range(k))
        elif k:
            self.burned.extend(self.stock[-k:])
            del self.stock[-k:]

    def reshuffle(self) -> None:
        """The discards and the burned cards (never stacks or score piles) join the deck,
        which is shuffled, and five are burned again."""
        pool = self.stock + self.burned + self.discard
        if not self.lazy:
            self._random().shuffle(pool)
        self.stock, self.burned, self.discard = pool, [], []
        self.reshuffles += 1
        self._burn()
        self._say(f"Reshuffle: the discards and burned cards go back into the deck "
                  f"({len(self.stock)} cards after burning {len(self.burned)}).")

    def drawable(self) -> int:
        """How many cards a draw could come from (the deck, or what a reshuffle brings)."""
        return len(self.stock) + len(self.burned) + len(self.discard)

    def _draw(self) -> Card:
        if not self.stock:
            self.reshuffle()
        if self.lazy:
            stock = self.stock
            i = int(self.rng.random() * len(stock))  # type: ignore[union-attr]
            card = stock[i]
            stock[i] = stock[-1]
            stock.pop()
        else:
            card = self.stock.pop()
        if self.log is not None:
            self.drawn.append(card)
        return card

    # --- the rounds -----------------------------------------------------------------------
    def _start_round(self) -> None:
        """Deal one card to each player in seat order; the lowest card starts."""
        self.round += 1
        n = self.n
        while True:
            if self.eager and len(self.stock) < n:
                self.reshuffle()
            hands = self.hands
            for s in range(n):
                hands[s].append(self._draw())
            first = [h[0] for h in hands]
            low = min(first)
            tied = [s for s in range(n) if first[s] == low]
            if len(tied) == 1:
                starter = tied[0]
                how = "the lowest card"
            elif self.rules.start_tie == "random":
                starter = self._random().choice(tied)
                how = f"drawn at random among the tied {low}s"
            else:
                found = self._tiebreak(tied)
                if found is None:  # a tie-break stack grew too long: deal the round again
                    for h in hands:
                        self.discard.extend(h)
                        h.clear()
                    self._say("The tie-break went on too long: the round is dealt again.")
                    continue
                starter, how = found, "the tie-break's extra cards"
            break
        self.starter = self.to_act = starter
        if self.log is not None:
            dealt = ", ".join(f"{seat_name(s)} {' '.join(map(str, hands[s]))}"
                              for s in range(n))
            self._say(f"Round {self.round}: {dealt}; {seat_name(starter)} starts ({how}).")

    def _tiebreak(self, tied: list[int]) -> int | None:
        """The rule sheet's start tie: each tied player gets one more card (one that pairs
        their stack is discarded and replaced); the lowest new card starts; repeat."""
        while len(tied) > 1:
            extra: dict[int, Card] = {}
            for s in tied:
                hand = self.hands[s]
                if len(hand) >= TIEBREAK_LIMIT:
                    return None
                card = self._draw()
                while card in hand:
                    self.discard.append(card)
                    self._say(f"{seat_name(s)}'s tie-break card {card} pairs: discarded, "
                              "another is dealt.")
                    card = self._draw()
                hand.append(card)
                extra[s] = card
            low = min(extra.values())
            tied = [s for s in tied if extra[s] == low]
        return tied[0]

    def _end_round(self, scorer: int) -> None:
        """After a score: clear the stacks (only the scorer's in Continuous Pairs); the game
        ends once someone reaches the target, else the next round (or turn) begins."""
        hands = self.hands
        if self.continuous:
            self.discard.extend(hands[scorer])
            hands[scorer].clear()
        else:
            for h in hands:
                self.discard.extend(h)
                h.clear()
        if self.totals[scorer] >= self.target:
            self.over = True
            self._say(f"{seat_name(scorer)} reaches {self.totals[scorer]} points (the target "
                      f"is {self.target}) and loses.")
        elif self.continuous:
            self._next_turn(scorer)
        else:
            self._start_round()

    def _next_turn(self, p: int) -> None:
        self.to_act = (p + 1) % self.n
        if self.eager and not self.stock:
            self.reshuffle()

    # --- the transition --------------------------------------------------------------------
    def lowest_in_play(self, p: int) -> tuple[Card, int]:
        """The lowest card in the stacks and its owner: among equal cards the folder's own
        first, then the seats after the folder in turn order."""
        best: Card | None = None
        owner = -1
        n, hands = self.n, self.hands
        for k in range(n):
            s = (p + k) % n
            h = hands[s]
            if h:
                m = min(h)
                if best is None or m < best:
                    best, owner = m, s
        assert best is not None
        return best, owner

    def act(self, fold: bool) -> None:
        """The player to act folds (takes the lowest card in play as points; the round ends)
        or hits (draws a card face up: a card equal to one of their stack pairs it, scores
        its value and ends the round). The caller has checked the action is legal."""
        p = self.to_act
        hand = self.hands[p]
        if fold:
            card, owner = self.lowest_in_play(p)
            self.hands[owner].remove(card)
            self.scores[p].append(card)
            self.totals[p] += card
            if self.log is not None:
                whose = "their own stack" if owner == p else f"{seat_name(owner)}'s stack"
                self._say(f"{seat_name(p)} folds and takes the {card} from {whose} "
                          f"({_points(self.totals[p])}).")
            self._end_round(p)
            return
        card = self._draw()
        if card in hand:
            self.scores[p].append(card)
            self.totals[p] += card
            if self.log is not None:
                self._say(f"{seat_name(p)} hits {_a(card)}: a pair! {seat_name(p)} scores "
                          f"{card} ({_points(self.totals[p])}).")
            self._end_round(p)
            return
        hand.append(card)
        if self.log is not None:
            self._say(f"{seat_name(p)} hits {_a(card)}.")
        self._next_turn(p)

    def can_fold(self) -> bool:
        return bool(self.hands[self.to_act])

    def playout(self, rng: random.Random, narrate: bool = False) -> int:
        """Play to the end with every player tossing a fair coin between fold and hit (hit
        when only that is legal); the number of decisions made. ``narrate`` keeps the words
        in ``log`` and the cards drawn in ``drawn``."""
        self.rng = rng
        if not narrate:
            self.log = None
        elif self.log is None:
            self.log = []
        rand = rng.random
        act, hands = self.act, self.hands
        moves = 0
        while not self.over:
            act(rand() < 0.5 and bool(hands[self.to_act]))
            moves += 1
        return moves

    def ranks(self) -> list[int]:
        """Each seat's rank by score, lowest first; ties share the better rank."""
        totals = self.totals
        return [1 + sum(1 for u in totals if u < t) for t in totals]


def full_deck() -> Counter[Card]:
    return Counter(DECK)


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _a(card: int) -> str:
    """ "a 7", "an 8" """
    return f"an {card}" if card == 8 else f"a {card}"
