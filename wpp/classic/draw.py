"""5-card draw for two, and an AI that chooses its discard by exact enumeration and explains it.

The game
--------
Each player is dealt five cards from one shuffled deck. In turn, each may discard 0 to 3
cards (:class:`DrawRules`; with ``ace_allows_four`` a player who keeps a single ace may
discard the other four) and draws as many replacements from the top of the deck. Then the
hands are shown down under the standard ranking (:mod:`wpp.classic.evaluator`); equal hands
split the pot. There is no betting: this is the drawing decision alone.

How the AI decides (and what "exact" means here)
-------------------------------------------------
For every legal discard, the AI enumerates **every** set of replacement cards it could draw.
From its seat, the 47 cards it has not seen (everything but its own five) are equally likely
to be the ones it draws, whatever the opponent holds; so discarding ``k`` cards has
``C(47, k)`` equally likely outcomes (16,215 for three cards). It does not loop over them one
by one: it groups the draws by their *ranks* (455 rank patterns for three cards, each weighted
by how many card sets have those ranks), then moves the few suited draws that make a flush
to the flush classes. The result is the exact distribution of its final hand over the 7,462
classes for each option -- the same numbers as brute force (the tests check this), in a
few milliseconds per decision.

Each option is then scored by its **equity against an opponent model**: the probability
that the final hand beats the opponent's final hand plus half the probability of a tie, with
the opponent's final hand drawn from a distribution over the 7,462 classes
(:class:`Opponent`). Integer weights keep every equity an exact fraction.

The default model is **a drawing opponent**: the exact distribution of the final hand of a
player dealt a random hand who draws as this AI would against a dealt hand (computed once
over all 2,598,960 deals by :mod:`wpp.classic.opponents` and stored). The simpler model
:data:`PAT_HAND`, a random *dealt* hand, is there for comparison and for rules without a
stored table; against it ace-king high looks too good (the AI would break a pair of twos
to keep A-K and draw three).

What is exact and what is a model: the draw enumeration and the class probabilities are
exact; the opponent is a model. It ignores the small effect of the opponent's cards on our
draw (card removal) and what we could learn from how many cards the opponent draws. Exact
equity against the opponent's unknown hand *and* its draw decision would mean enumerating its
1.5 million possible hands, each with its own draw analysis, for each of our options: hours
per decision in Python, where this takes milliseconds. Pass another :class:`Opponent` (for
instance :meth:`Opponent.from_strengths` on simulated final hands) to change the model.

Equal equities are broken by the expected final class (higher first), then by discarding
fewer cards, then by the order the options were listed (deterministic).

>>> advice = explain("9D 9H 6C 8S 8C")       # two pair: keep both pairs, draw one
>>> advice.best.keep_text, advice.best.draws
('9D 9H 8S 8C', 47)
>>> f"{advice.best.probability(Category.FULL_HOUSE):.4f}"   # 4 cards of 47 fill it
'0.0851'
>>> choose_discard("AH KH QH JH 2C")          # four to a royal flush: break nothing else
(Card('2♣'),)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb, prod
from typing import Any, Final, Protocol

from wpp.cards import CARDS, Card, format_cards
from wpp.classic.evaluator import (
    _CATEGORY_OF,
    _FLUSH,
    _P,
    _PRIMES,
    _UNSUITED,
    CLASS_COUNT,
    Category,
    HandValue,
    _cards,
    class_size,
    evaluate,
    value_of,
)
from wpp.classic.showdown import Showdown, showdown

__all__ = [
    "PAT_HAND",
    "DiscardOption",
    "DrawAI",
    "DrawPlayer",
    "DrawRound",
    "DrawRules",
    "Explanation",
    "Opponent",
    "RandomDiscarder",
    "StandPat",
    "choose_discard",
    "explain",
    "play_draw",
]

HAND_SIZE: Final = 5


# ------------------------------------------------------------------------------ the rules


@dataclass(frozen=True, slots=True)
class DrawRules:
    """How many cards a player may exchange.

    ``max_discard`` is the usual limit (3). ``ace_allows_four`` is the common house rule
    that a player who keeps one ace (and shows it) may discard the other four.

    >>> from wpp.cards import parse_cards
    >>> rules = DrawRules(ace_allows_four=True)
    >>> rules.allows(parse_cards("AS 7D 5C 3H 2S"), parse_cards("7D 5C 3H 2S"))
    True
    >>> DrawRules().allows(parse_cards("AS 7D 5C 3H 2S"), parse_cards("7D 5C 3H 2S"))
    False
    """

    max_discard: int = 3
    ace_allows_four: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.max_discard <= HAND_SIZE:
            raise ValueError(f"max_discard is 0..{HAND_SIZE}, not {self.max_discard!r}")

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

        >>> from wpp.cards import parse_cards
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


# ------------------------------------------------------------------------- opponent model


@dataclass(frozen=True, slots=True)
class Opponent:
    """A model of the opponent's final hand: a weight for each strength 1..7,462.

    ``weights[s]`` is proportional to the probability that the opponent ends with a hand of
    strength ``s`` (``weights[0]`` is unused and must be 0). Integer weights keep every
    equity an exact fraction.
    """

    description: str
    weights: tuple[int, ...]
    # 2 * (weight below s) + weight at s: twice the win-or-half-tie mass of a hand of class s.
    _twice_score: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # sum(weights), stored once: equities divide by it for every discard option.
    _total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.weights) != CLASS_COUNT + 1 or self.weights[0] != 0:
            raise ValueError(f"weights has {CLASS_COUNT + 1} entries, the first one 0")
        total = sum(self.weights)
        if min(self.weights) < 0 or total == 0:
            raise ValueError("weights are non-negative and not all zero")
        below = list(itertools.accumulate(self.weights, initial=0))
        twice = tuple(2 * below[s] + self.weights[s] for s in range(CLASS_COUNT + 1))
        object.__setattr__(self, "_twice_score", twice)
        object.__setattr__(self, "_total", total)

    @property
    def total(self) -> int:
        """The sum of the weights (the denominator of the model's probabilities)."""
        return self._total

    def equity(self, strength: int) -> Fraction:
        """P(a hand of this strength beats the model's hand) + ½ P(tie).

        >>> PAT_HAND.equity(CLASS_COUNT) > Fraction(9999, 10000)
        True
        >>> round(float(PAT_HAND.equity(evaluate("2S 2H 3D 4C 5D").strength)), 4)   # worst pair
        0.5013
        """
        return Fraction(self._twice_score[strength], 2 * self.total)

    @classmethod
    def dealt_hand(cls) -> Opponent:
        """A random five-card hand as dealt, before any draw (the default model)."""
        return cls(
            "a random dealt hand (no draw)",
            (0, *(class_size(s) for s in range(1, CLASS_COUNT + 1))),
        )

    @classmethod
    def for_rules(cls, rules: DrawRules | None = None) -> Opponent:
        """The default model: the stored drawing opponent for these rules, else a dealt hand.

        >>> Opponent.for_rules().description
        'an opponent who draws (as this AI does against a dealt hand)'
        >>> Opponent.for_rules(DrawRules(max_discard=2)) is PAT_HAND
        True
        """
        rules = rules or DrawRules()
        if rules.max_discard != 3:
            return PAT_HAND
        return _drawing_opponent("ace_allows_four" if rules.ace_allows_four else "standard")

    @classmethod
    def from_strengths(cls, strengths: Iterable[int], description: str) -> Opponent:
        """A model made from observed final strengths (e.g. simulated games)."""
        weights = [0] * (CLASS_COUNT + 1)
        for s in strengths:
            value_of(s)  # checks the range
            weights[s] += 1
        return cls(description, tuple(weights))


#: The simple opponent model: a random dealt hand, exact over all 2,598,960 hands.
PAT_HAND: Final = Opponent.dealt_hand()


@cache
def _drawing_opponent(rule_set: str) -> Opponent:
    from wpp.classic._opponent_data import WEIGHTS

    return Opponent(
        "an opponent who draws (as this AI does against a dealt hand)", WEIGHTS[rule_set]
    )


# ---------------------------------------------------------------------- the enumeration


@cache
def _rank_patterns(k: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """All multisets of ``k`` ranks: (prime product, ((rank index, multiplicity), ...))."""
    out = []
    for ranks in itertools.combinations_with_replacement(range(13), k):
        groups = tuple((r, ranks.count(r)) for r in sorted(set(ranks)))
        out.append((prod(_PRIMES[r] for r in ranks), groups))
    return tuple(out)


def _draw_weights(unseen_per_rank: Sequence[int], k: int) -> list[tuple[int, int]]:
    """(prime product, number of card sets) for each rank pattern of ``k`` unseen cards."""
    out = []
    for product, groups in _rank_patterns(k):
        ways = 1
        for r, m in groups:
            ways *= comb(unseen_per_rank[r], m)
            if not ways:
                break
        if ways:
            out.append((product, ways))
    return out


def _final_distribution(
    hand: Sequence[Card], keep: Sequence[Card], weights: Sequence[tuple[int, int]]
) -> dict[int, int]:
    """Exact counts of final strengths when keeping ``keep`` and drawing the rest.

    ``weights`` are the hand's rank patterns for this many draws (see :func:`_draw_weights`).
    """
    k = HAND_SIZE - len(keep)
    kept_product = prod(_P[c] for c in keep)
    dist: dict[int, int] = {}
    unsuited = _UNSUITED
    for product, ways in weights:
        s = unsuited[kept_product * product]
        dist[s] = dist.get(s, 0) + ways
    # The rank patterns above treat every draw as unsuited. Draws that complete a flush
    # are few (all kept cards of one suit, all drawn cards of that suit): move them.
    suits = {c & 3 for c in keep}
    if len(suits) <= 1:  # (standing pat on a flush too: one "draw" of nothing)
        in_hand = set(hand)
        for suit in suits or range(4):
            pool = [_P[c] for c in range(suit, 52, 4) if c not in in_hand]
            for drawn in itertools.combinations(pool, k):
                product = kept_product * prod(drawn)
                plain, flush = unsuited[product], _FLUSH[product]
                dist[plain] -= 1
                dist[flush] = dist.get(flush, 0) + 1
        dist = {s: n for s, n in dist.items() if n}
    return dist


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to draw, and the exact distribution of the hand it leads to.

    ``distribution`` is ``((strength, count), ...)`` over the ``draws`` equally likely sets
    of replacement cards (``C(47, k)``); everything else is derived from it.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    draws: int
    distribution: tuple[tuple[int, int], ...]
    category_counts: tuple[int, ...]  # per Category, HIGH_CARD first
    equity: Fraction
    mean_strength: Fraction
    improve: Fraction  # P(final category > the dealt hand's category)

    @property
    def keep_text(self) -> str:
        """The kept cards in ASCII (``"9D 9H 8S 8C"``), or ``"-"`` for none."""
        return format_cards(self.keep, ascii=True) or "-"

    @property
    def discard_text(self) -> str:
        """The discarded cards in ASCII, or ``"-"`` for standing pat."""
        return format_cards(self.discard, ascii=True) or "-"

    def probability(self, category: Category) -> float:
        """The probability of ending with a hand of this category."""
        return self.category_counts[category - 1] / self.draws

    def count(self, category: Category) -> int:
        """How many of the ``draws`` equally likely draws end in this category."""
        return self.category_counts[category - 1]

    def record(self) -> dict[str, Any]:
        """This option as a flat dict (one row of :meth:`Explanation.to_records`)."""
        row: dict[str, Any] = {
            "keep": self.keep_text,
            "discard": self.discard_text,
            "n_discard": len(self.discard),
            "draws": self.draws,
            "equity": float(self.equity),
            "mean_strength": float(self.mean_strength),
            "p_improve": float(self.improve),
        }
        for cat in Category:
            row[f"p_{cat.name.lower()}"] = self.probability(cat)
        return row


def _option(
    hand: tuple[Card, ...],
    discard: tuple[Card, ...],
    weights: Sequence[tuple[int, int]],
    dealt: Category,
    opponent: Opponent,
) -> DiscardOption:
    keep = tuple(c for c in hand if c not in discard)
    dist = _final_distribution(hand, keep, weights)
    draws = sum(dist.values())
    counts = [0] * len(Category)
    twice_score = opponent._twice_score
    score = strength_sum = better = 0
    for s, n in dist.items():
        cat = _CATEGORY_OF[s]
        counts[cat - 1] += n
        score += n * twice_score[s]
        strength_sum += n * s
        if cat > dealt:
            better += n
    return DiscardOption(
        keep=keep,
        discard=discard,
        draws=draws,
        distribution=tuple(sorted(dist.items())),
        category_counts=tuple(counts),
        equity=Fraction(score, 2 * opponent.total * draws),
        mean_strength=Fraction(strength_sum, draws),
        improve=Fraction(better, draws),
    )


@dataclass(frozen=True, slots=True)
class Explanation:
    """The AI's analysis of a hand: every legal discard, best first, with its odds.

    ``str(explanation)`` is a text table; :meth:`to_records` gives a list of dicts and
    :meth:`to_dataframe` a pandas DataFrame (pandas is imported only then).
    """

    hand: tuple[Card, ...]
    value: HandValue
    rules: DrawRules
    opponent: Opponent
    options: tuple[DiscardOption, ...]

    @property
    def best(self) -> DiscardOption:
        """The option the AI plays."""
        return self.options[0]

    def to_records(self) -> list[dict[str, Any]]:
        """One dict per option, best first: keep, discard, equity, probabilities..."""
        return [o.record() for o in self.options]

    def to_dataframe(self) -> Any:
        """The options as a ``pandas.DataFrame`` (needs pandas; imported here, not before)."""
        try:
            import pandas as pd
        except ImportError as err:  # pragma: no cover - pandas is in the app extra
            raise ImportError("to_dataframe needs pandas: pip install 'wpp[app]'") from err
        return pd.DataFrame.from_records(self.to_records())

    def summary(self) -> str:
        """One sentence: what the AI keeps and why."""
        b = self.best
        if not b.discard:
            action = f"stand pat with {format_cards(self.hand, ascii=True)}"
        else:
            n = len(b.discard)
            action = f"keep {b.keep_text} and draw {n} card{'s' if n > 1 else ''}"
        likely = max(Category, key=b.count)
        return (
            f"Best: {action}. Equity {float(b.equity):.3f} against {self.opponent.description}; "
            f"improves with probability {float(b.improve):.3f}; most likely final hand: "
            f"{likely.label} ({b.probability(likely):.1%})."
        )

    def text(self, top: int | None = None) -> str:
        """The analysis as a table, ``top`` best options only if given.

        Probabilities are in percent; ``-`` is exactly zero and ``0.00`` is positive but
        below 0.005 %.
        """
        cats = list(Category)
        head = f"{'keep':<15} {'draw':>4} {'equity':>7} {'improve':>7} " + " ".join(
            f"{c.short:>6}" for c in cats
        )
        lines = [
            f"Hand: {format_cards(self.hand, ascii=True)} -- {self.value.name}",
            f"{self.rules.describe()} Equity: P(win) + 1/2 P(tie) against "
            f"{self.opponent.description}. Final-hand probabilities in %.",
            head,
            "-" * len(head),
        ]
        for o in self.options[:top]:
            cells = [_percent(o.count(c), o.draws) for c in cats]
            lines.append(
                f"{o.keep_text:<15} {len(o.discard):>4} {float(o.equity):>7.4f} "
                f"{float(o.improve) * 100:>7.2f} " + " ".join(f"{x:>6}" for x in cells)
            )
        if top is not None and top < len(self.options):
            lines.append(f"... and {len(self.options) - top} more options")
        lines.append(self.summary())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def _percent(n: int, total: int) -> str:
    return "-" if n == 0 else f"{100 * n / total:.2f}"


def explain(
    hand: str | Iterable[int],
    rules: DrawRules | None = None,
    opponent: Opponent | None = None,
) -> Explanation:
    """Analyse every legal discard of a 5-card hand exactly; the best option comes first.

    ``rules`` default to :class:`DrawRules` (), ``opponent`` to
    :meth:`Opponent.for_rules` (the drawing opponent).

    >>> e = explain("AH KH QH JH 2C")
    >>> e.best.discard_text, e.best.draws, len(e.options)
    ('2C', 47, 26)
    >>> e.best.count(Category.STRAIGHT_FLUSH), e.best.count(Category.FLUSH)   # TH; 8 other hearts
    (1, 8)
    """
    cards = _cards(hand)
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a draw hand has {HAND_SIZE} cards, not {len(cards)}")
    rules = rules or DrawRules()
    opponent = opponent or Opponent.for_rules(rules)
    value = evaluate(cards)
    unseen = [4] * 13
    for c in cards:
        unseen[c >> 2] -= 1
    weights: dict[int, list[tuple[int, int]]] = {}
    options = []
    for discard in rules.discard_options(cards):
        k = len(discard)
        if k not in weights:
            weights[k] = _draw_weights(unseen, k)
        options.append(_option(cards, discard, weights[k], value.category, opponent))
    order = sorted(
        range(len(options)),
        key=lambda i: (-options[i].equity, -options[i].mean_strength, len(options[i].discard), i),
    )
    return Explanation(cards, value, rules, opponent, tuple(options[i] for i in order))


def choose_discard(
    hand: str | Iterable[int],
    rules: DrawRules | None = None,
    opponent: Opponent | None = None,
) -> tuple[Card, ...]:
    """The AI's discard for this hand (the best option of :func:`explain`)."""
    return explain(hand, rules, opponent).best.discard


# ------------------------------------------------------------------------------ players


class DrawPlayer(Protocol):
    """Anything that can choose a discard: the AI, a fixed strategy, a person at a prompt."""

    def choose_discard(self, hand: tuple[Card, ...], rules: DrawRules) -> tuple[Card, ...]:
        """The cards to discard (a legal choice under ``rules``)."""
        ...


class DrawAI:
    """The exact-enumeration AI; keeps its last :class:`Explanation` for the curious."""

    def __init__(self, opponent: Opponent | None = None) -> None:
        self.opponent = opponent  # None: the default model for the rules of each round
        self.last: Explanation | None = None

    def choose_discard(self, hand: tuple[Card, ...], rules: DrawRules) -> tuple[Card, ...]:
        """Analyse ``hand`` and play the best option."""
        self.last = explain(hand, rules, self.opponent)
        return self.last.best.discard


class StandPat:
    """Never draws (a baseline)."""

    def choose_discard(self, hand: tuple[Card, ...], rules: DrawRules) -> tuple[Card, ...]:
        """Always the empty discard."""
        return ()


class RandomDiscarder:
    """Picks a legal discard uniformly at random (a baseline)."""

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def choose_discard(self, hand: tuple[Card, ...], rules: DrawRules) -> tuple[Card, ...]:
        """A uniformly random legal discard."""
        return self.rng.choice(rules.discard_options(hand))


# ------------------------------------------------------------------------------ a round


@dataclass(frozen=True, slots=True)
class DrawRound:
    """A played round: what was dealt, discarded and drawn, and the showdown."""

    dealt: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    drawn: tuple[tuple[Card, ...], ...]
    result: Showdown

    @property
    def winners(self) -> tuple[int, ...]:
        """Positions (0-based) of the winning players; two or more split the pot."""
        return self.result.winners

    def text(self, names: Sequence[str] | None = None) -> str:
        """A short report of the draws and the showdown."""
        names = list(names or [f"Player {i}" for i in range(1, len(self.dealt) + 1)])
        width = max(map(len, names))
        lines = []
        for name, dealt, discard, drawn in zip(
            names, self.dealt, self.discards, self.drawn, strict=True
        ):
            got = f", draws {format_cards(drawn, ascii=True)}" if drawn else ""
            lines.append(
                f"{name:<{width}}  dealt {format_cards(dealt, ascii=True)}, "
                f"discards {format_cards(discard, ascii=True) or 'nothing'}{got}"
            )
        lines.append("")
        for name, hand, value in zip(names, self.result.hands, self.result.values, strict=True):
            lines.append(f"{name:<{width}}  {format_cards(hand, ascii=True)}  {value.name}")
        lines.append("")
        if len(self.winners) > 1:
            lines.append("Split pot: " + " and ".join(names[i] for i in self.winners) + " tie.")
        else:
            winner = names[self.winners[0]]
            lines.append("You win." if winner == "You" else f"{winner} wins.")
        return "\n".join(lines)


def play_draw(
    players: Sequence[DrawPlayer],
    rules: DrawRules | None = None,
    rng: random.Random | int | None = None,
    *,
    on_draw: Callable[[int, tuple[Card, ...], tuple[Card, ...]], None] | None = None,
) -> DrawRound:
    """Deal, let each player (in seat order) discard and draw, and show down.

    ``on_draw(seat, discarded, drawn)`` is called after each player's draw (the terminal
    game uses it to tell the human what they got). If the deck runs out, the discards of the
    players who have already drawn are shuffled into a new stub (the usual rule; it cannot
    happen with two players).

    >>> round_ = play_draw([DrawAI(), StandPat()], rng=1)
    >>> len(round_.dealt), round_.winners in ((0,), (1,), (0, 1))
    (2, True)
    """
    n = len(players)
    if not 2 <= n <= 6:
        raise ValueError(f"5-card draw is for 2 to 6 players, not {n}")
    rules = rules or DrawRules()
    stream = rng if isinstance(rng, random.Random) else random.Random(rng)
    deck = list(CARDS)
    stream.shuffle(deck)
    dealt = [tuple(deck[i : n * HAND_SIZE : n]) for i in range(n)]
    stub = deck[n * HAND_SIZE :]
    stub.reverse()  # pop() takes the top card
    mucked: list[Card] = []
    discards, drawn, final = [], [], []
    for seat, (player, hand) in enumerate(zip(players, dealt, strict=True)):
        discard = tuple(player.choose_discard(hand, rules))
        if not rules.allows(hand, discard):
            raise ValueError(f"player {seat + 1} may not discard {format_cards(discard)}")
        if len(stub) < len(discard):
            stream.shuffle(mucked)
            stub = mucked + stub
            mucked = []
        new = tuple(stub.pop() for _ in discard)
        mucked += discard
        discards.append(discard)
        drawn.append(new)
        final.append(tuple(c for c in hand if c not in discard) + new)
        if on_draw is not None:
            on_draw(seat, discard, new)
    return DrawRound(tuple(dealt), tuple(discards), tuple(drawn), showdown(final))
