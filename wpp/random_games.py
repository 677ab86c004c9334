"""Random-vs-random games at simulation speed: the same games, about five times faster.

:func:`play_random_game` plays exactly the game that
``play_game((RandomAgent(a), RandomAgent(b)), seed, rules)`` plays — the same deal, the same
random choices, the same actions, the same end — without building a
:class:`~wpp.state.View`, a list of legal actions and a new immutable
:class:`~wpp.state.GameState` for every action. It is for the studies that need hundreds of
thousands of random games (baselines, game length, the first leader's edge):
``python -m wpp random-games``. Anything that wants to *look* at a game uses
:class:`~wpp.game.Game`.

Why it is fast, and why it is still the same game
-------------------------------------------------
A random agent needs two things from the legal actions: **how many** there are and **the
one its random number picks**. So:

* the state is one mutable object, changed in place (a game played once is never undone);
* plays are *counted* (:mod:`wpp.counting`) and only the chosen one is built, in the
  engine's order, from the engine's own generator and judge;
* the turn's flow reuses the engine's pieces: the deal (:func:`~wpp.state.deal`), the
  drawing options (:func:`~wpp.state.drawing_options`), the R18 reshuffle
  (:func:`~wpp.state.reshuffled`). What remains here — cards moving between hand, table,
  pile, deck and discards — mirrors the handlers of :mod:`wpp.state` one by one.

``tests/warpairs/test_random_games.py`` plays about a thousand fixed seeds under the rule flags,
and more drawn by hypothesis (seeds, agents' seeds and flags), through both and requires
identical action sequences and outcomes: a count wrong by one anywhere makes the two games
part at once.

>>> r = play_random_game(42)
>>> from wpp.agents import RandomAgent
>>> from wpp.selfplay import play_game
>>> g = play_game((RandomAgent(42), RandomAgent(43)), 42, history=False)
>>> (r.winner, r.end_reason, r.actions) == (g.state.winner, g.state.end_reason, g.state.actions)
True
"""

from __future__ import annotations

import random
import statistics
from bisect import insort
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, NamedTuple

from wpp.actions import Action, Draw, Mulligan, Pass, PlayCards, Stop, TakeFromPile
from wpp.cards import Card
from wpp.counting import CountedAnswers, _count, _listed, _nth
from wpp.intervals import wilson
from wpp.plays import Mode, Play
from wpp.rules import DEFAULT_RULES, EmptyDeck, Rules
from wpp.state import (
    DEAL_SIZE,
    MULLIGAN_SIZE,
    EndReason,
    deal,
    drawing_options,
    reshuffled,
)

__all__ = ["RandomGameResult", "Summary", "play_random_game", "play_random_games", "summarize"]

_DRAW: Final = Draw()
_PASS: Final = Pass()


class RandomGameResult(NamedTuple):
    """How a random game ended: the fields a finished :class:`~wpp.state.GameState` ends
    with, and who led the first trick (R12).

    ``history`` holds every action in order when asked for (``record=True``), else ``()``.
    """

    seed: int
    winner: int | None
    end_reason: EndReason
    actions: int
    reshuffles: int
    first_leader: int
    history: tuple[Action, ...] = ()


def play_random_game(seed: int, rules: Rules = DEFAULT_RULES,
                     agent_seeds: tuple[int, int] | None = None,
                     *, record: bool = False) -> RandomGameResult:
    """Play the deal of ``seed`` between two random agents seeded ``agent_seeds`` (default
    ``seed`` and ``seed + 1``, as ``RandomAgent(seed), RandomAgent(seed + 1)``).

    ``record=True`` also returns the actions (slower; for tests and for replaying the game
    into a :class:`~wpp.game.Game`).
    """
    _check_whole("the seed", seed)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a wpp.rules.Rules, not {rules!r}")
    if agent_seeds is None:
        agent_seeds = (seed, seed + 1)
    elif not isinstance(agent_seeds, tuple | list) or len(agent_seeds) != 2:
        raise ValueError(f"agent_seeds needs one seed per player, not {agent_seeds!r}")
    else:
        for s in agent_seeds:
            _check_whole("an agent's seed", s)
    rngs = (random.Random(agent_seeds[0]), random.Random(agent_seeds[1]))
    return _RandomGame(seed, rules, rngs, record).play()


def play_random_games(games: int, seed: int = 0,
                      rules: Rules = DEFAULT_RULES) -> Iterator[RandomGameResult]:
    """``games`` random games on the deals ``seed, seed + 1, …`` (agents as in
    :func:`play_random_game`), lazily."""
    _check_whole("the number of games", games)
    _check_whole("the first seed", seed)
    if games < 0:
        raise ValueError(f"the number of games cannot be negative ({games})")
    return (play_random_game(s, rules) for s in range(seed, seed + games))


def _check_whole(what: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} must be a whole number, not {value!r}")


@dataclass(frozen=True, slots=True)
class Summary:
    """What many random games say about the game itself: who wins, how, and how long it
    takes. ``str()`` writes it out for people."""

    games: int
    wins: tuple[int, int]          # games won by P1, by P2
    draws: int
    first_leader_wins: int         # decided games won by whoever led the first trick (R12)
    end_reasons: dict[EndReason, int]
    mean_actions: float
    median_actions: float
    p95_actions: int
    max_actions: int
    reshuffled_games: int          # games in which R18 reshuffled the discards at least once

    def __str__(self) -> str:
        n = self.games
        if not n:
            return "no games"
        decided = n - self.draws

        def share(k: int, of: int) -> str:
            if not of:
                return "—"
            w = wilson(k, of)
            return f"{w.estimate:.1%} [{w.low:.1%}, {w.high:.1%}]"

        ends = " · ".join(f"{r.value} {k / n:.1%}" for r, k in
                          sorted(self.end_reasons.items(), key=lambda e: -e[1]))
        return "\n".join([
            f"P1 wins {share(self.wins[0], n)} · P2 wins {share(self.wins[1], n)} · "
            f"draws {self.draws / n:.1%}",
            f"the first leader (R12) wins {share(self.first_leader_wins, decided)} "
            "of the decided games",
            f"ends: {ends}",
            f"actions per game: mean {self.mean_actions:.1f}, median {self.median_actions:g}, "
            f"95th percentile {self.p95_actions}, longest {self.max_actions}",
            f"games with an R18 reshuffle: {self.reshuffled_games / n:.1%}",
            "(in brackets: 95% Wilson intervals)",
        ])


def summarize(results: Iterable[RandomGameResult]) -> Summary:
    """Sum up games from :func:`play_random_games`.

    >>> print(summarize(play_random_games(100)))
    P1 wins 44.0% [34.7%, 53.8%] · P2 wins 56.0% [46.2%, 65.3%] · draws 0.0%
    the first leader (R12) wins 53.0% [43.3%, 62.5%] of the decided games
    ends: emptied their hand 100.0%
    actions per game: mean 67.7, median 61.5, 95th percentile 124, longest 164
    games with an R18 reshuffle: 36.0%
    (in brackets: 95% Wilson intervals)
    """
    games = wins0 = wins1 = first = reshuffled = 0
    ends: Counter[EndReason] = Counter()
    lengths: list[int] = []
    for r in results:
        games += 1
        wins0 += r.winner == 0
        wins1 += r.winner == 1
        first += r.winner == r.first_leader
        reshuffled += r.reshuffles > 0
        ends[r.end_reason] += 1
        lengths.append(r.actions)
    lengths.sort()
    return Summary(
        games=games, wins=(wins0, wins1), draws=games - wins0 - wins1,
        first_leader_wins=first, end_reasons=dict(ends),
        mean_actions=statistics.fmean(lengths) if lengths else 0.0,
        median_actions=statistics.median(lengths) if lengths else 0.0,
        p95_actions=lengths[int(0.95 * (len(lengths) - 1))] if lengths else 0,
        max_actions=lengths[-1] if lengths else 0,
        reshuffled_games=reshuffled,
    )


class _RandomGame:
    """One game's mutable state and its turn flow (the rules: :mod:`wpp.state`).

    The trick in progress is kept as its cards (for the discards) and the play on top (to
    beat); "drawing" is ``drawn`` being non-empty, "lead" is an empty table.
    """

    __slots__ = ("actions", "deck", "discards", "drawn", "end_reason", "first_leader", "hands",
                 "history", "passed", "pick", "pile", "record", "reshuffle_ok", "reshuffles",
                 "rngs", "rules", "seed", "table", "to_act", "trick_cards", "used_redraw",
                 "winner")

    def __init__(self, seed: int, rules: Rules, rngs: tuple[random.Random, random.Random],
                 record: bool) -> None:
        cards = deal(seed)
        self.seed = seed
        self.rules = rules
        self.rngs = rngs
        self.pick = (rngs[0].randrange, rngs[1].randrange)
        self.hands = [sorted(cards[:DEAL_SIZE]), sorted(cards[DEAL_SIZE:2 * DEAL_SIZE])]
        self.deck = list(reversed(cards[2 * DEAL_SIZE:]))  # top card last: pop() draws it
        self.pile: list[Card] = []
        self.discards: list[Card] = []
        self.trick_cards: list[Card] = []
        self.table: Play | None = None
        self.drawn: list[Card] = []
        self.used_redraw = [False, False]
        self.passed = False
        self.to_act = self.first_leader = 0
        self.actions = self.reshuffles = 0
        self.winner: int | None = None
        self.end_reason: EndReason | None = None
        self.record = record
        self.history: list[Action] = []
        self.reshuffle_ok = rules.empty_deck is EmptyDeck.RESHUFFLE

    def play(self) -> RandomGameResult:
        """Play to the end (R17, R20) and say how it ended."""
        turn_limit = self.rules.turn_limit
        self._mulligans()
        actions = 2
        end_reason = EndReason.TURN_LIMIT if actions >= turn_limit else None
        answer, lead, drawing = self._answer, self._lead, self._drawing
        while end_reason is None:
            if self.drawn:
                drawing()
            elif self.table is None:
                lead()
            else:
                answer()
            actions += 1
            end_reason = self.end_reason
            if end_reason is None and actions >= turn_limit:
                end_reason = EndReason.TURN_LIMIT
        return RandomGameResult(self.seed, self.winner, end_reason, actions, self.reshuffles,
                                self.first_leader, tuple(self.history))

    # --- one method per kind of decision ----------------------------------------------------
    def _mulligans(self) -> None:
        """R11, R12: each player puts 3 random cards in the pile; the lowest card leads."""
        pile: list[Card] = []
        for p in (0, 1):
            hand = self.hands[p]
            chosen = sorted(self.rngs[p].sample(hand, MULLIGAN_SIZE))
            for c in chosen:
                hand.remove(c)
            pile += chosen
            if self.record:
                self.history.append(Mulligan(chosen))
        self.pile = sorted(pile)
        self.to_act = self.first_leader = 0 if self.hands[0][0] < self.hands[1][0] else 1

    def _lead(self) -> None:
        """A fresh trick: any play, or a pass if the lead was not passed here (R13, R16)."""
        p = self.to_act
        hand = self.hands[p]
        counts = _count(hand, self.rules.wraps)
        plays = len(hand) + counts.pairs + counts.poker
        i = self.pick[p](plays + (0 if self.passed else 1))
        if i < plays:
            self._put(p, _nth(hand, i, counts, self.rules))
            return
        self.passed = True
        self.to_act = 1 - p
        if self.record:
            self.history.append(_PASS)

    def _answer(self) -> None:
        """Beat the table, draw from the deck, or take a pile card (R14, R18)."""
        p = self.to_act
        table = self.table
        assert table is not None
        hand = self.hands[p]
        counted: CountedAnswers | None = None
        listed: list[Play] = []
        if table.mode is Mode.POKER:
            counted = CountedAnswers.of_sorted(hand, table, self.rules)
            n = counted.count
        else:  # the common case: a few cards, listed without an object around them
            listed = _listed(hand, table)
            n = len(listed)
        pile = self.pile
        available = self._available()
        can_draw = 1 if available or not pile else 0
        i = self.pick[p](n + can_draw + len(pile))
        if i < n:
            self._put(p, listed[i] if counted is None else counted.nth(i))
        elif i < n + can_draw:
            if self.record:
                self.history.append(_DRAW)
            if available:
                self._take_deck_card(p)
            else:  # deck, discards and pile all empty: take nothing, the trick ends (R18)
                self._end_trick(p)
        else:
            card = pile.pop(i - n - can_draw)
            if self.record:
                self.history.append(TakeFromPile(card))
            insort(hand, card)
            if not self._over_limit(p):
                self._end_trick(p)

    def _drawing(self) -> None:
        """After a deck card: one more, stop, or re-draw (R14, R15)."""
        p = self.to_act
        options = drawing_options(len(self.drawn), self._available(), self.used_redraw[p])
        action = options[self.pick[p](len(options))]
        if self.record:
            self.history.append(action)
        if type(action) is Draw:
            self._take_deck_card(p)
        elif type(action) is Stop:
            self._end_trick(p)
        else:  # Redraw: this turn's deck cards go to the pile, as many come from the deck
            hand = self.hands[p]
            drawn = self.drawn
            for c in drawn:
                hand.remove(c)
                insort(self.pile, c)
            self.drawn = []
            for _ in drawn:
                self._take_deck_card(p, turn_goes_on=False)
            self.used_redraw[p] = True
            if not self._over_limit(p):  # as wpp.state: never true today (same size)
                self._end_trick(p)

    # --- what actions do to the cards (as the handlers in wpp.state) -------------------------
    def _put(self, p: int, play: Play) -> None:
        """The play's cards leave the hand for the table; an empty hand wins (R17)."""
        hand = self.hands[p]
        for c in play.cards:
            hand.remove(c)
        self.trick_cards += play.cards
        self.table = play
        self.passed = False
        self.to_act = 1 - p
        if self.record:
            self.history.append(PlayCards.of_sorted(play.cards))
        if not hand:
            self.winner = p
            self.end_reason = EndReason.EMPTIED_HAND

    def _available(self) -> int:
        """Deck cards that can be drawn now: the deck, plus the discards R18 reshuffles."""
        return len(self.deck) + (len(self.discards) if self.reshuffle_ok else 0)

    def _take_deck_card(self, p: int, turn_goes_on: bool = True) -> None:
        """The top deck card to the hand, after an R18 reshuffle if the deck is empty. Then
        the hand limit (R17), and — in a drawing turn — the end of the turn when stopping is
        the only choice left (as :func:`wpp.state.step` does)."""
        if not self.deck:
            self.deck = reshuffled(self.discards, self.seed, self.reshuffles)[::-1]
            self.discards = []
            self.reshuffles += 1
        c = self.deck.pop()
        insort(self.hands[p], c)
        if turn_goes_on:
            self.drawn.append(c)
            if not self._over_limit(p) and len(drawing_options(
                    len(self.drawn), self._available(), self.used_redraw[p])) == 1:
                self._end_trick(p)

    def _over_limit(self, p: int) -> bool:
        """R17: holding ``hand_limit`` cards after a draw loses."""
        limit = self.rules.hand_limit
        if limit is not None and len(self.hands[p]) >= limit:
            self.winner = 1 - p
            self.end_reason = EndReason.HAND_LIMIT
            return True
        return False

    def _end_trick(self, drawer: int) -> None:
        """The trick's cards go to the discards; the last player to play leads (R14)."""
        self.discards += self.trick_cards
        self.trick_cards = []
        self.table = None
        self.drawn = []
        self.passed = False
        self.to_act = 1 - drawer
