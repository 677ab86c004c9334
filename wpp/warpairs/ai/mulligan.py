"""The mulligan: which 3 of the 16 dealt cards go to the pile (section 6.1).

Rules implemented (the game's description, 6.1):

1. Twos, kings and aces are never used in the mulligan's poker hands, and never discarded
   while anything else can be (they are the cards that win tricks late in a game).
2. **Candidates.** The hand as it is ("no poker hand"), and every viable straight or flush
   (see :mod:`wpp.warpairs.ai.pokerhands`): no twos, kings or aces, four of a kind never broken, and
   no poker hand that breaks up three or more pairs. **At most one** straight or flush per
   candidate.
3. **Discard.** For each candidate, the cards outside its poker hand are grouped by rank;
   *outliers* are the cards held once. The 3 lowest outliers are discarded.
4. **Score.** The *number of outliers* left after the discard (the main tiebreaker) and the
   *strength of outliers* — the sum of their ranks, i.e. all outliers minus the three lowest
   (the second tiebreaker, higher is better). Fewest outliers wins; then the highest strength.
5. **Fallback** when fewer than 3 outliers are free: every way of discarding 3 cards by rank
   is scored the same way — this covers breaking up pairs, the lowest card of a three of a
   kind and a whole three of a kind. Only when fewer than 3 ordinary cards are left are
   twos, kings and aces given up (twos first, then kings, then aces: twos only beat aces),
   and four of a kind is broken only after that.
6. Where the description's two tiebreakers tie, the candidate that **discards the lower
   cards** wins (the pile is face up and the opponent may take from it), then the stronger
   poker hand. The description is silent there; this matches the original program on its
   reference deals.

It always returns exactly 3 cards the player holds. Suits are chosen last: the discard takes
the lowest suit of each rank, so the cards kept are the higher ones.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations
from typing import Final

from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, words
from wpp.core.standard_deck import Card, Suit
from wpp.warpairs.ai.hand import POWER_ORDER, RANK_SUM
from wpp.warpairs.ai.pokerhands import STRAIGHT_WINDOWS, Groups, Plan, cards_for, find_plans, group
from wpp.warpairs.ai.segment import RANK_PLURALS, RANK_SYMBOLS, grouping_steps, ranks_words

__all__ = [
    "MULLIGAN_CARDS",
    "Candidate",
    "Discard",
    "MulliganAnalysis",
    "analyse_mulligan",
    "mulligan",
    "mulligan_cards",
]

#: How many cards the mulligan puts in the pile (R11).
MULLIGAN_CARDS: Final = 3

Key = tuple[int, int, int, int, int, int]

#: The fallback's options an explanation shows (the best ones).
_SHOWN_OPTIONS: Final = 12


@dataclass(frozen=True, slots=True)
class Discard:
    """One way of discarding: ``ranks`` is ``((rank, how many), …)`` of ordinary cards;
    ``extra`` holds power cards or four-of-a-kind cards, given up only when nothing else
    is left (``level`` 1 for power cards, 2 for breaking four of a kind)."""

    ranks: tuple[tuple[int, int], ...]
    extra: tuple[Card, ...]
    level: int
    outliers: int  # mask of outlier ranks left after the discard
    how: Text      # the discard in words; empty unless the analysis is recorded

    @property
    def n_outliers(self) -> int:
        return self.outliers.bit_count()

    @property
    def strength(self) -> int:
        return RANK_SUM[self.outliers]

    @property
    def rank_sum(self) -> int:
        return sum(r * k for r, k in self.ranks) + sum((c >> 2) + 2 for c in self.extra)

    def key(self) -> tuple[int, int, int, int, tuple[int, ...]]:
        """Smaller is better: no power cards, fewest outliers, most strength, lowest cards."""
        flat = tuple(r for r, k in self.ranks for _ in range(k))
        return (self.level, self.n_outliers, -self.strength, self.rank_sum, flat)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A candidate of step 2: a poker hand (or none) and its best discard."""

    plan: Plan | None
    broken: int
    discard: Discard | None        # None when the candidate is not allowed
    hand_cards: tuple[Card, ...]   # the poker hand's cards
    cards: tuple[Card, ...]        # the 3 discarded cards
    options: tuple[Discard, ...]   # the fallback's options, best first (empty if not needed)

    @property
    def valid(self) -> bool:
        return self.discard is not None

    def key(self) -> Key:
        """Smaller is better (see the module docs, rules 4 and 6)."""
        d = self.discard
        if d is None:
            return (9, 99, 0, 0, 0, 0)
        cat = int(self.plan.category) if self.plan else 0
        top = self.plan.top if self.plan else 0
        return (d.level, d.n_outliers, -d.strength, d.rank_sum, -cat, -top)

    def label(self) -> str:
        return self.plan.label() if self.plan else "no poker hand"

    def label_words(self) -> Text:
        """:meth:`label`, the poker hand a reference to its cards."""
        return words(Ref(self.hand_cards, self.plan.label())) if self.plan else "no poker hand"


@dataclass(frozen=True, slots=True)
class MulliganAnalysis:
    """The mulligan with every candidate considered."""

    groups: Groups
    candidates: tuple[Candidate, ...]
    chosen: Candidate

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.chosen.cards


def _how(g: Groups, r: int, k: int, held: int) -> Words:
    """Discarding ``k`` of the ``held`` cards of rank ``r`` in words; the rank is a reference
    to the hand's cards of that rank."""
    name = Ref(g.by_rank[r], RANK_PLURALS[r])
    if held == 1:
        return words("the outlier ", Ref(g.by_rank[r], RANK_SYMBOLS[r]))
    if held == k:
        return words("the pair of ", name) if k == 2 else words("all three ", name)
    if held == 2:
        return words("one of the pair of ", name)
    if k == 1:
        return words("the lowest of three ", name)
    return words("two of three ", name)


def _join(items: list[Words]) -> Words:
    """``a, b, c``."""
    parts: list[Text] = []
    for i, w in enumerate(items):
        parts += [", "] if i else []
        parts.append(w)
    return words(*parts)


def _options(counts: dict[int, int], outl: int) -> list[Discard]:
    """Every way to discard 3 ordinary cards by rank from ``counts`` (rank → cards held), in
    no particular order, without ``how`` (:func:`_worded` adds it to those shown)."""
    ranks = sorted(counts)
    picks: list[dict[int, int]] = [{a: 1, b: 1, c: 1} for a, b, c in combinations(ranks, 3)]
    for r in ranks:
        if counts[r] >= 2:
            picks.extend({r: 2, o: 1} for o in ranks if o != r)
        if counts[r] >= 3:
            picks.append({r: 3})
    out = []
    for pick in picks:
        o = outl
        for r, k in pick.items():
            left = counts[r] - k
            if left == 1:
                o |= 1 << r
            else:
                o &= ~(1 << r)
        out.append(Discard(tuple(sorted(pick.items())), (), 0, o, ""))
    return out


def _worded(g: Groups, counts: dict[int, int], d: Discard) -> Discard:
    """``d`` with its ``how`` in words."""
    return replace(d, how=_join([_how(g, r, k, counts[r]) for r, k in d.ranks]))


def _power_order(c: Card) -> tuple[int, int]:
    r = (c >> 2) + 2
    return (POWER_ORDER[r], int(c))


def _candidate(g: Groups, plan: Plan | None, record: bool) -> Candidate:
    mask = plan.mask if plan else 0
    broken = plan.broken(g) if plan else 0
    if broken > 2:
        hands = cards_for(g, (plan,))[0] if plan else [()]
        return Candidate(plan, broken, None, hands[0], (), ())
    counts: dict[int, int] = {}
    for r in range(3, 13):
        n = len(g.by_rank[r])
        if n and not g.quads >> r & 1:
            n -= mask >> r & 1
            if n:
                counts[r] = n
    outl = sum(1 << r for r, n in counts.items() if n == 1)
    options: list[Discard] = []
    if outl.bit_count() >= MULLIGAN_CARDS:
        low = sorted(r for r, n in counts.items() if n == 1)[:MULLIGAN_CARDS]
        left = outl & ~sum(1 << r for r in low)
        best = Discard(tuple((r, 1) for r in low), (), 0, left,
                       words("the 3 lowest outliers ", ranks_words(g, sum(1 << r for r in low)))
                       if record else "")
    elif sum(counts.values()) >= MULLIGAN_CARDS:
        if record:  # every option, best first, for the explanation's table
            options = [_worded(g, counts, o) for o in
                       sorted(_options(counts, outl), key=Discard.key)[:_SHOWN_OPTIONS]]
            best = options[0]
        else:  # the best alone (min keeps the first of equals, as the sort would)
            best = min(_options(counts, outl), key=Discard.key)
    else:
        # Fewer than 3 ordinary cards outside the poker hand: all of them, then power cards,
        # then cards of four of a kind.
        need = MULLIGAN_CARDS - sum(counts.values())
        spare = sorted(g.power, key=_power_order)
        quad_cards = [c for r in range(3, 13) if g.quads >> r & 1 for c in g.by_rank[r]]
        extra = (spare + quad_cards)[:need]
        if len(extra) < need:
            hands = cards_for(g, (plan,))[0] if plan else [()]
            return Candidate(plan, broken, None, hands[0], (), ())
        level = 2 if any(c in quad_cards for c in extra) else 1
        how = _join([*(_how(g, r, n, n) for r, n in sorted(counts.items())),
                     *(words("the ", Ref((c,))) for c in extra)]) if record else ""
        best = Discard(tuple(sorted(counts.items())), tuple(extra), level, 0, how)
    hands, discards, _ = cards_for(g, (plan,) if plan else (), dict(best.ranks))
    cards = tuple(sorted([*discards, *best.extra]))
    return Candidate(plan, broken, best, hands[0] if plan else (), cards,
                     tuple(options) if record else ())


def analyse_mulligan(hand: tuple[Card, ...] | list[Card], *, record: bool = False
                     ) -> MulliganAnalysis:
    """Choose the mulligan and keep every candidate (see the module docs); with ``record``
    the chosen candidate also carries the fallback's options and its discard in words
    (:attr:`Discard.how`), for :func:`mulligan`'s explanation. (Only the chosen candidate is
    worded: the others' words are never shown, and wording them all cost a third of an
    explained mulligan.)"""
    if len(hand) < MULLIGAN_CARDS:
        raise ValueError(f"a mulligan needs at least {MULLIGAN_CARDS} cards, not {len(hand)}")
    g = group(hand)
    cands = [_candidate(g, None, False)]
    cands.extend(_candidate(g, p, False) for p in find_plans(g, max_sets=MULLIGAN_CARDS))
    best = min(cands, key=Candidate.key)
    if record:
        i = cands.index(best)
        best = cands[i] = _candidate(g, best.plan, True)
    return MulliganAnalysis(g, tuple(cands), best)


def mulligan_cards(hand: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """The 3 cards to discard, without an explanation (the fast path)."""
    return analyse_mulligan(hand).cards


def _table_candidates(a: MulliganAnalysis) -> list[Candidate]:
    """The candidates worth a row: the baseline, every straight, the best flush of each suit
    (or one rejected flush, when a suit has no allowed one)."""
    rows: list[Candidate] = [a.candidates[0]]
    straights = [c for c in a.candidates if c.plan and c.plan.suit < 0]
    rows.extend(sorted(straights, key=lambda c: STRAIGHT_WINDOWS.index(c.plan.mask)
                       if c.plan else 0))
    for s in range(4):
        of_suit = [c for c in a.candidates if c.plan and c.plan.suit == s]
        if of_suit:
            rows.append(min(of_suit, key=Candidate.key))
    if a.chosen not in rows:
        rows.append(a.chosen)
    return rows


def mulligan(hand: tuple[Card, ...] | list[Card]) -> tuple[tuple[Card, ...], Explanation]:
    """Choose the 3 cards of the mulligan (6.1) and explain how: ``(cards, explanation)``."""
    a = analyse_mulligan(hand, record=True)
    g = a.groups
    ordinary, steps = grouping_steps(
        g, words(Ref(g.power), " are never used in the mulligan's poker hands and are kept"),
        "{}: cards that match no other card", "mulligan")
    rows: list[tuple[Cell, ...]] = []
    table = _table_candidates(a)
    chosen_row = None
    # The AI's order of the allowed candidates (1 = best): every tie-break is a column.
    order = {id(c): i for i, c in enumerate(sorted((c for c in table if c.valid),
                                                   key=Candidate.key), start=1)}
    for i, c in enumerate(table):
        if c is a.chosen:
            chosen_row = i
        d = c.discard
        rows.append((c.label_words(), c.hand_cards, c.broken,
                     c.cards if d else None,
                     d.n_outliers if d else None, d.strength if d else None,
                     d.rank_sum if d else None, order.get(id(c)), c is a.chosen))
    notes: list[Text] = ["outliers and strength are counted after the discard; fewest "
                         "outliers wins, then the highest strength, then the lowest rank sum "
                         "discarded (J=11, Q=12), then the higher poker hand (a flush over a "
                         "straight, then the higher top card); the order column ranks them"]
    for s in range(4):
        n = sum(1 for c in a.candidates if c.plan and c.plan.suit == s)
        if n > 1:
            notes.append(f"{n} ways to make a {Suit(s).symbol} flush were tried; the best "
                         "is shown")
    rejected = [c for c in table if not c.valid]
    if rejected:
        parts: list[Text] = ["not allowed: "]
        for i, c in enumerate(rejected):
            parts += ["; "] if i else []
            parts += [c.label_words(), f" (breaks {c.broken} pairs)" if c.broken > 2 else
                      " (leaves nothing to discard)"]
        notes.append(words(*parts))
    d = a.chosen.discard
    assert d is not None  # the baseline is always allowed
    steps.append(Step(
        "Poker hands it could keep: one straight or flush at most", ordinary,
        ("option", "poker hand", "pairs broken", "cards discarded", "outliers",
         "strength of outliers", "rank sum discarded", "order", "chosen"), rows,
        verdict=words(a.chosen.label_words(), f" leaves {d.n_outliers} outlier"
                      f"{'s' if d.n_outliers != 1 else ''} of strength {d.strength}: the best"),
        highlight=a.chosen.hand_cards, chosen_row=chosen_row, notes=tuple(notes),
        id="mulligan.candidates", rule="R11"))
    if a.chosen.options:
        opt_rows: list[tuple[Cell, ...]] = []
        for o in a.chosen.options:
            _, disc, _ = cards_for(g, (a.chosen.plan,) if a.chosen.plan else (),
                                       dict(o.ranks))
            opt_rows.append((tuple(disc), o.how, o.n_outliers, o.strength, o.rank_sum,
                             o is d))
        steps.append(Step(
            "Fewer than 3 outliers: break up pairs or three of a kind", ordinary,
            ("cards discarded", "how", "outliers", "strength of outliers",
             "rank sum discarded", "chosen"),
            opt_rows, highlight=a.chosen.cards,
            notes=("fewest outliers wins, then the highest strength, then the lowest rank sum "
                   "discarded, then the lower cards",),
            chosen_row=next((i for i, o in enumerate(a.chosen.options) if o is d), None),
            verdict=words("discard ", d.how, f": {d.n_outliers} outlier"
                          f"{'s' if d.n_outliers != 1 else ''} left, strength {d.strength}"),
            id="mulligan.fallback", rule="R11"))
    elif d.extra:
        steps.append(Step(
            "Too few ordinary cards: give up power cards", a.chosen.cards,
            highlight=d.extra,
            verdict=words("discard ", d.how, " (twos go first, then kings, then aces; four of "
                          "a kind is broken last)"), id="mulligan.power_cards", rule="R11"))
    summary = words("put ", Ref(a.cards), " in the pile")
    steps.append(Step("The mulligan", a.cards, highlight=a.cards,
                      verdict=words(summary, *(("; keep ", a.chosen.label_words())
                                               if a.chosen.plan else ())),
                      id="mulligan.choice", rule="R11"))
    return a.cards, Explanation("Mulligan", steps, a.cards, summary)

