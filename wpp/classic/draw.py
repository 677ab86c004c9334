"""5-card draw for two, and an AI that chooses its discard by exact enumeration and explains it.

The game
--------
Each player is dealt five cards from one shuffled deck. In turn, each may discard 0 to 3
cards (:class:`DrawRules`; with ``ace_allows_four`` a player who keeps a single ace may
discard the other four) and draws as many replacements from the top of the deck. Then the
hands are shown down under the standard ranking (:mod:`wpp.poker.ranking`); equal hands
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
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from math import comb, prod
from typing import Any, Final

from wpp.classic.game import HAND_SIZE, Discard, DrawRules, DrawState, DrawView
from wpp.classic.showdown import Showdown, showdown
from wpp.core.agents import Agent, Decision, require_view
from wpp.core.checks import as_rng
from wpp.core.errors import WppError
from wpp.core.explain import Explanation, Ref, Step, words
from wpp.core.protocol import ActionValue
from wpp.core.registry import new_game
from wpp.core.selfplay import play_out
from wpp.core.standard_deck import CARDS, Card, format_cards
from wpp.poker.ranking import (
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

__all__ = [
    "PAT_HAND",
    "DiscardOption",
    "DrawAI",
    "DrawAnalysis",
    "DrawRound",
    "DrawRules",
    "Opponent",
    "RandomDiscarder",
    "StandPat",
    "choose_discard",
    "discard_words",
    "explain",
    "option_id",
    "play_draw",
    "review_values",
]



# ------------------------------------------------------------------------------ the rules


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
            raise WppError(f"weights has {CLASS_COUNT + 1} entries, the first one 0")
        total = sum(self.weights)
        if min(self.weights) < 0 or total == 0:
            raise WppError("weights are non-negative and not all zero")
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
def _opponent_weights() -> dict[str, tuple[int, ...]]:
    """The stored tables of :mod:`wpp.classic.opponents` (a data file of the package)."""
    text = resources.files("wpp.classic").joinpath(OPPONENTS_FILE).read_text(encoding="utf-8")
    return {name: tuple(w) for name, w in json.loads(text)["weights"].items()}


#: The data file (in the package) holding the drawing opponents' final-hand weights.
OPPONENTS_FILE: Final = "data/opponents.json"


@cache
def _drawing_opponent(rule_set: str) -> Opponent:
    return Opponent(
        "an opponent who draws (as this AI does against a dealt hand)",
        _opponent_weights()[rule_set],
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
class DrawAnalysis:
    """The AI's analysis of a hand: every legal discard, best first, with its odds.

    :meth:`explanation` tells it as the kit's shared :class:`~wpp.core.explain.Explanation`
    (what pages and lessons draw); ``str(analysis)`` is a text table; :meth:`to_records`
    gives a list of dicts and :meth:`to_dataframe` a pandas DataFrame (pandas is imported
    only then).
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
        """One sentence: what the AI keeps and why. It is :class:`~wpp.core.explain.Words`
        (a ``str``) whose card mentions are references, so a page can hide them."""
        b = self.best
        if not b.discard:
            action = words("stand pat with ", Ref(self.hand))
        else:
            n = len(b.discard)
            action = words("keep ", Ref(b.keep),
                           f" and draw {n} card{'s' if n > 1 else ''}")
        likely = max(Category, key=b.count)
        return words(
            "Best: ", action, f". It wins about {_in_100(b.equity)} times in 100 against "
            f"{self.opponent.description} (a tie counts half); the hand improves about "
            f"{_in_100(b.improve)} times in 100; most likely final hand: {likely.label} "
            f"({b.probability(likely):.0%})."
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

    def explanation(self, top: int = 8) -> Explanation:
        """The decision as the kit's shared explanation: the hand (step ``draw.hand``), the
        ``top`` best options as a table with the chosen row (``draw.options``; each row's id
        is :func:`option_id` of its discard) and the choice (``draw.choice``). Every mention
        of a card is a reference (cards in cells, :class:`~wpp.core.explain.Ref` in texts)."""
        b = self.best
        shown = self.options[:top]
        rows = [(o.keep, o.discard, len(o.discard), f"{float(o.equity):.0%}",
                 f"{float(o.improve):.0%}", max(Category, key=o.count).label) for o in shown]
        steps = [
            Step("The dealt hand", self.hand, verdict=words(Ref(self.hand, self.value.name)),
                 id="draw.hand"),
            Step("Every discard you may make, best first",
                 columns=("keep", "discard", "draw", "chance to win", "chance to improve",
                          "most likely hand"),
                 rows=rows, chosen_row=0, id="draw.options",
                 row_ids=tuple(option_id(o.discard) for o in shown),
                 verdict=(f"chance to win against {self.opponent.description} (a tie counts "
                          "half), counted over every possible draw"),
                 notes=(self.rules.describe(),)),
            Step("The choice", b.keep, highlight=b.discard, verdict=self.summary(),
                 id="draw.choice"),
        ]
        return Explanation("5-card draw: which cards to exchange", steps, choice=b.discard,
                           summary=discard_words(b.discard))


def _in_100(chance: Fraction) -> int:
    """A chance as a whole number of times in 100 ("wins about 40 times in 100")."""
    return round(float(chance) * 100)


def discard_words(discard: Sequence[Card]) -> str:
    """A discard in words, its cards a reference: ``"discard 6♣"``, or ``"stand pat"``."""
    return words("discard ", Ref(tuple(discard))) if discard else "stand pat"


def option_id(discard: Iterable[Card]) -> str:
    """The stable id of a discard option in an explanation's table: ``"discard 6C 8S"`` (the
    cards in the deck's order), ``"stand pat"`` for none.

    >>> from wpp.core.standard_deck import parse_cards
    >>> option_id(parse_cards("8S 6C")), option_id(())
    ('discard 6C 8S', 'stand pat')
    """
    cards = sorted(discard)
    return f"discard {format_cards(cards, ascii=True)}" if cards else "stand pat"


def _percent(n: int, total: int) -> str:
    return "-" if n == 0 else f"{100 * n / total:.2f}"


def explain(
    hand: str | Iterable[int],
    rules: DrawRules | None = None,
    opponent: Opponent | None = None,
) -> DrawAnalysis:
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
        raise WppError(f"a draw hand has {HAND_SIZE} cards, not {len(cards)}")
    rules = _check_rules(rules)
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
    return DrawAnalysis(cards, value, rules, opponent, tuple(options[i] for i in order))


def review_values(view: DrawView) -> list[ActionValue]:
    """5-card draw's evaluator for the game review (:mod:`wpp.core.review`): every legal
    discard's exact win chance from the player's view — this AI's enumeration of every draw
    (:func:`explain`) against its model of the opponent's final hand. No sampling: the
    interval is the value itself."""
    return [ActionValue(Discard(o.discard), float(o.equity), float(o.equity), float(o.equity))
            for o in explain(view.hand, view.rules).options]


def choose_discard(
    hand: str | Iterable[int],
    rules: DrawRules | None = None,
    opponent: Opponent | None = None,
) -> tuple[Card, ...]:
    """The AI's discard for this hand (the best option of :func:`explain`)."""
    return explain(hand, rules, opponent).best.discard


# ------------------------------------------------------------------------------ players


class DrawAI:
    """The exact-enumeration AI, as an agent of the kit: ``decide(view)`` analyses the hand
    (:func:`explain`) and says why; ``choose(view)`` plays the same discard. It keeps its
    last analysis in ``last`` for the curious (the terminal game prints it)."""

    name = "exact"

    def __init__(self, opponent: Opponent | None = None) -> None:
        self.opponent = opponent  # None: the default model for the rules of each round
        self.last: DrawAnalysis | None = None

    def analyse(self, view: DrawView) -> DrawAnalysis:
        """The full analysis of the view's hand under its rules."""
        view = require_view(view, DrawView, self.name)
        self.last = explain(view.hand, view.rules, self.opponent)
        return self.last

    def choose(self, view: DrawView) -> Discard:
        return Discard(self.analyse(view).best.discard)

    def decide(self, view: DrawView) -> Decision:
        analysis = self.analyse(view)
        return Decision(Discard(analysis.best.discard), analysis.explanation())


class StandPat:
    """Never draws (a baseline)."""

    name = "stand"

    def __init__(self, seed: int | None = None) -> None:
        del seed  # nothing random

    def choose(self, view: DrawView) -> Discard:
        require_view(view, DrawView, self.name)
        return Discard(())

    def decide(self, view: DrawView) -> Decision:
        return Decision(self.choose(view), Explanation.simple(
            "Stand pat", "stand pat", step_title="This player never exchanges a card"))


class RandomDiscarder:
    """Picks a legal discard uniformly at random (a baseline)."""

    name = "random"

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def choose(self, view: DrawView) -> Discard:
        view = require_view(view, DrawView, self.name)
        return self.rng.choice(view.legal_actions())

    def decide(self, view: DrawView) -> Decision:
        n = len(require_view(view, DrawView, self.name).legal_actions())
        action = self.choose(view)
        return Decision(action, Explanation.simple(
            "Random choice", discard_words(action.cards), action.cards,
            step_title=f"Pick one of {n} legal discards at random"))


# ------------------------------------------------------------------------------ a round


@dataclass(frozen=True, slots=True)
class DrawRound:
    """A played round: what was dealt, discarded and drawn, and the showdown."""

    dealt: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    drawn: tuple[tuple[Card, ...], ...]
    result: Showdown

    @classmethod
    def of(cls, state: DrawState) -> DrawRound:
        """The record of a finished round."""
        return cls(state.dealt, state.discards, state.drawn,
                   showdown([state.hand(s) for s in range(state.players)]))

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
    players: Sequence[Agent],
    rules: DrawRules | None = None,
    rng: random.Random | int | None = None,
    *,
    on_draw: Callable[[int, tuple[Card, ...], tuple[Card, ...]], None] | None = None,
) -> DrawRound:
    """Deal, let each player (in seat order) discard and draw, and show down: one round of
    the registered game ``draw`` played by agents (anything with ``choose(view)``).

    ``rng`` shuffles the deck (a seed, or a generator whose stream goes on from here).
    ``on_draw(seat, discarded, drawn)`` is called after each player's draw (the terminal
    game uses it to tell the human what they got).

    >>> round_ = play_draw([DrawAI(), StandPat()], rng=1)
    >>> len(round_.dealt), round_.winners in ((0,), (1,), (0, 1))
    (2, True)
    """
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise WppError(f"play_draw needs a list of agents, one per seat, not {players!r:.40}")
    n = len(players)
    rules = _check_rules(rules)
    stream = as_rng(rng)
    deck = list(CARDS)
    stream.shuffle(deck)
    history = new_game("draw", seed=0, players=n, deck=deck, **_flags(rules or DrawRules()))

    def narrate(event: Any, agent: Any) -> None:
        if on_draw is not None:
            on_draw(event.player, event.discarded, event.drawn)

    play_out(history, players, on_event=narrate if on_draw is not None else None)
    return DrawRound.of(history.state)


def _check_rules(rules: object) -> DrawRules:
    """``rules`` if they are :class:`DrawRules` (``None``: the defaults), else a
    ``WppError``."""
    if rules is None:
        return DrawRules()
    if not isinstance(rules, DrawRules):
        raise WppError(f"the rules of 5-card draw are a DrawRules, not {rules!r:.40}")
    return rules


def _flags(rules: DrawRules) -> dict[str, Any]:
    return {"max_discard": rules.max_discard, "ace_allows_four": rules.ace_allows_four}
