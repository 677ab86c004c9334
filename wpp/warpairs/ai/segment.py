"""The segment: a hand of any size sorted into the 8 segments the AI decides with (section 6.2).

The 8 segments, in the description's order::

    [2s, kings, aces] [outliers] [pairs] [three of a kind] [four of a kind]
    [straights] [flushes] [straight flushes]

Rules implemented (6.2, with 6.1's rules for poker hands, see :mod:`wpp.warpairs.ai.pokerhands`):

1. Twos, kings and aces go to the first segment and are never used in the poker hands.
2. The other cards are grouped by rank. A rank held once is an **outlier**.
3. The AI looks for straights and flushes among the other cards (never breaking four of a
   kind, never breaking three or more pairs per poker hand) and keeps **up to two** of them:
   none, one, or two (two straights, two flushes, or one of each).
4. Every choice is scored like the mulligan's candidates: **fewest outliers** left first,
   then the highest **strength of outliers** (the sum of their ranks). Where both tie the
   stronger poker hands win (a straight flush over a flush over a straight, then higher top
   cards) — the description is silent there.
5. The chosen poker hands are removed and the remaining cards are regrouped: singles are
   outliers, then pairs, three of a kind and four of a kind. A straight or flush whose five
   cards turn out to share a suit and run in sequence goes to the straight-flush segment.

It never fails and never loses a card: every card of the hand lands in exactly one segment,
for any hand size (the original crashed on ~1 % of 13-card hands and ~10 % of 20-card ones).

Suits are chosen after the ranks: a flush uses its suit; a straight takes the lowest suit of
each rank, so the single or pair left behind keeps the higher suits.

For very big hands with many possible flushes only the :data:`MAX_PAIRED` best single
poker hands are tried in pairs, so a segment stays fast at any size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, words
from wpp.core.standard_deck import Card, Rank
from wpp.warpairs.ai.hand import RANK_SUM, mask_ranks
from wpp.warpairs.ai.pokerhands import Groups, Plan, cards_for, find_plans, group
from wpp.warpairs.plays import Category

__all__ = [
    "MAX_PAIRED",
    "SEGMENT_NAMES",
    "Combo",
    "SegmentAnalysis",
    "Segments",
    "analyse",
    "segment",
    "segment_steps",
    "segments_for",
    "segments_of",
]

#: A rank's symbol by number ("10", "J"): explanations name ranks often, and the enum lookup
#: ``Rank(r)`` is slow.
RANK_SYMBOLS: Final = {int(r): r.symbol for r in Rank}
#: A rank's plural by number ("queens").
RANK_PLURALS: Final = {int(r): r.plural for r in Rank}

#: At most this many single straights/flushes (the best ones) are tried two at a time.
MAX_PAIRED: Final = 30

#: The segments' names, in the description's order.
SEGMENT_NAMES: Final = (
    "2s, kings, aces", "outliers", "pairs", "three of a kind", "four of a kind",
    "straights", "flushes", "straight flushes",
)

Group = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Segments:
    """A hand in the 8 segments of section 6.2 (each card in exactly one of them).

    Single cards are flat tuples (``power``, ``outliers``); the others are tuples of groups,
    each group a tuple of cards (a pair, a set, a straight…), lowest first.
    """

    power: tuple[Card, ...]
    outliers: tuple[Card, ...]
    pairs: tuple[Group, ...]
    trips: tuple[Group, ...]
    quads: tuple[Group, ...]
    straights: tuple[Group, ...]
    flushes: tuple[Group, ...]
    straight_flushes: tuple[Group, ...]

    def as_lists(self) -> list[tuple[Card, ...]]:
        """The description's shape: 8 flat lists of cards."""
        def flat(groups: tuple[Group, ...]) -> tuple[Card, ...]:
            return tuple(c for grp in groups for c in grp)
        return [self.power, self.outliers, flat(self.pairs), flat(self.trips),
                flat(self.quads), flat(self.straights), flat(self.flushes),
                flat(self.straight_flushes)]

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of every segment, sorted (equal to the hand)."""
        return tuple(sorted(c for seg in self.as_lists() for c in seg))

    def summary(self) -> str:
        """The segments in a few words, e.g. ``"3 outliers, 2 pairs, a straight"``."""
        parts = []
        for name, n in (("power card", len(self.power)), ("outlier", len(self.outliers)),
                        ("pair", len(self.pairs)), ("three of a kind", len(self.trips)),
                        ("four of a kind", len(self.quads)), ("straight", len(self.straights)),
                        ("flush", len(self.flushes)),
                        ("straight flush", len(self.straight_flushes))):
            if n:
                plural = name if n == 1 or name.startswith(("three", "four")) else (
                    name + ("es" if name.endswith("sh") else "s"))
                parts.append(f"{n} {plural}")
        return ", ".join(parts) or "no cards"


@dataclass(frozen=True, slots=True)
class Combo:
    """One choice of poker hands (none, one or two) and what it leaves."""

    plans: tuple[Plan, ...]
    outliers: int          # mask of outlier ranks left
    broken: tuple[int, ...]  # pairs/sets broken by each plan
    valid: bool

    @property
    def n_outliers(self) -> int:
        return self.outliers.bit_count()

    @property
    def strength(self) -> int:
        return RANK_SUM[self.outliers]

    def key(self) -> tuple[int, int, int, int]:
        """Smaller is better: fewest outliers, most strength, best poker hands."""
        return (self.outliers.bit_count(), -RANK_SUM[self.outliers],
                -sum(int(p.category) for p in self.plans), -sum(p.top for p in self.plans))

    def label(self) -> str:
        return " + ".join(p.label() for p in self.plans) or "no poker hand"

    def label_words(self, hands: list[tuple[Card, ...]]) -> Words:
        """:meth:`label` with each poker hand a reference to its cards (``hands``, from
        :func:`~wpp.warpairs.ai.pokerhands.cards_for`)."""
        if not self.plans:
            return Words(("no poker hand",))
        parts: list[str | Ref] = []
        for i, (p, h) in enumerate(zip(self.plans, hands, strict=True)):
            if i:
                parts.append(" + ")
            parts.append(Ref(h, p.label()))
        return Words(tuple(parts))


@dataclass(frozen=True, slots=True)
class SegmentAnalysis:
    """A segment with the choices that led to it (for explanations)."""

    groups: Groups
    segments: Segments
    chosen: Combo
    considered: tuple[Combo, ...]   # empty unless recorded
    n_plans: int


def _single(g: Groups, p: Plan) -> Combo:
    a = p.mask
    outl = (g.c1 & ~a) | (g.c2 & a)
    broken = p.broken(g)
    return Combo((p,), outl, (broken,), broken <= 2)


def _pair(g: Groups, p: Plan, q: Plan) -> Combo | None:
    a, b = p.mask, q.mask
    both = a & b
    if both & g.c1:
        return None  # a single card cannot go into two hands
    if both and p.suit >= 0 and p.suit == q.suit:
        return None  # two flushes of one suit cannot share a rank
    outl = (g.c1 & ~(a | b)) | (g.c2 & (a ^ b)) | (g.c3 & both)
    ba, bb = p.broken(g, b), q.broken(g, a)
    return Combo((p, q), outl, (ba, bb), ba <= 2 and bb <= 2)


def analyse(hand: tuple[Card, ...] | list[Card], *, record: bool = False) -> SegmentAnalysis:
    """Segment ``hand``; with ``record`` keep every choice considered (for explanations)."""
    g = group(hand)
    plans = find_plans(g)
    best = Combo((), g.c1, (), True)
    considered: list[Combo] = [best] if record else []
    best_key = best.key()
    singles: list[tuple[tuple[int, int, int, int, int], Plan]] = []
    for p in plans:
        c = _single(g, p)
        if record:
            considered.append(c)
        k = c.key()
        singles.append(((0 if c.valid else 1, *k), p))
        if c.valid and k < best_key:
            best, best_key = c, k
    if plans:
        if len(plans) > MAX_PAIRED:
            singles.sort(key=lambda t: t[0])
            pool = [p for _, p in singles[:MAX_PAIRED]]
        else:
            pool = plans
        for i, p in enumerate(pool):
            # A straight may be paired with itself: the same five ranks twice.
            for q in pool[i if p.suit < 0 else i + 1:]:
                c2 = _pair(g, p, q)
                if c2 is None:
                    continue
                if record:
                    considered.append(c2)
                if c2.valid:
                    k = c2.key()
                    if k < best_key:
                        best, best_key = c2, k
    return SegmentAnalysis(g, segments_for(g, best.plans), best, tuple(considered), len(plans))


def segments_for(g: Groups, plans: tuple[Plan, ...]) -> Segments:
    """The 8 segments of a hand when it keeps the poker hands ``plans``: the AI's regrouping,
    also for choices it did not make (the segment lesson shows every choice)."""
    hands, _, kept = cards_for(g, plans)
    by_rank: dict[int, list[Card]] = {}
    for c in kept:
        by_rank.setdefault((c >> 2) + 2, []).append(c)
    outliers: list[Card] = []
    pairs: list[Group] = []
    trips: list[Group] = []
    for r in sorted(by_rank):
        same = by_rank[r]
        if len(same) == 1:
            outliers.append(same[0])
        elif len(same) == 2:
            pairs.append(tuple(same))
        else:
            trips.append(tuple(same))
    quads = tuple(g.by_rank[r] for r in range(3, 13) if g.quads >> r & 1)
    straights: list[Group] = []
    flushes: list[Group] = []
    sflushes: list[Group] = []
    for p, cs in zip(plans, hands, strict=True):
        one_suit = len({c & 3 for c in cs}) == 1
        if p.category is Category.STRAIGHT_FLUSH or (p.suit < 0 and one_suit):
            sflushes.append(cs)
        elif p.suit < 0:
            straights.append(cs)
        else:
            flushes.append(cs)
    return Segments(g.power, tuple(outliers), tuple(pairs), tuple(trips), quads,
                    tuple(sorted(straights)), tuple(sorted(flushes)), tuple(sorted(sflushes)))


def segments_of(hand: tuple[Card, ...] | list[Card]) -> Segments:
    """The 8 segments of a hand, without an explanation (the fast path)."""
    return analyse(hand).segments


#: Rows of the candidates table shown at most (the best ones, the chosen one always).
_MAX_ROWS: Final = 12


def ranks_words(g: Groups, mask: int) -> Words:
    """The ranks of ``mask`` as ``"4 7 9"``, each rank a reference to the hand's cards of that
    rank (``"—"`` for none)."""
    parts: list[str | Ref] = []
    for r in mask_ranks(mask):
        if parts:
            parts.append(" ")
        parts.append(Ref(g.by_rank[r], RANK_SYMBOLS[r]))
    return Words(tuple(parts)) if parts else Words(("—",))


def grouping_steps(g: Groups, power_verdict: Text, outliers_verdict: str, prefix: str
                   ) -> tuple[tuple[Card, ...], list[Step]]:
    """The two steps the segment's and the mulligan's explanations open with: set aside the
    twos, kings and aces, then group the other cards by rank. Returns those other cards and
    the steps (ids ``<prefix>.power`` and ``<prefix>.groups``).

    ``power_verdict`` is the first step's verdict when the hand holds twos, kings or aces;
    ``outliers_verdict`` the second's, ``{}`` standing for the outliers ("3 outliers (4 7 9)").
    """
    steps = [Step("Set aside twos, kings and aces", g.power,
                  verdict=power_verdict if g.power else "no twos, kings or aces",
                  highlight=g.power, id=f"{prefix}.power")]
    rows: list[tuple[Cell, ...]] = []
    for label, mask in (("outliers (held once)", g.c1), ("pairs", g.c2),
                        ("three of a kind", g.c3), ("four of a kind", g.quads)):
        cards = tuple(c for r in range(3, 13) if mask >> r & 1 for c in g.by_rank[r])
        rows.append((label, cards, mask.bit_count()))
    power = set(g.power)
    ordinary = tuple(c for c in g.hand if c not in power)
    n = g.c1.bit_count()
    before, _, after = outliers_verdict.partition("{}")
    verdict = words(f"{before}{n} outlier{'s' if n != 1 else ''} (", ranks_words(g, g.c1),
                    f"){after}")
    steps.append(Step(
        "Group the other cards by rank", ordinary, ("group", "cards", "ranks"), rows,
        verdict=verdict, id=f"{prefix}.groups"))
    return ordinary, steps


def segment_steps(a: SegmentAnalysis) -> list[Step]:
    """The segment's story as explanation steps (needs ``analyse(..., record=True)``)."""
    g, s = a.groups, a.segments
    ordinary, steps = grouping_steps(
        g, Words((f"{len(g.power)} power card{'s' if len(g.power) != 1 else ''} (",
                  Ref(g.power), ") stay out of poker hands (6.2)")),
        "before any poker hand: {}", "segment")
    rows: list[tuple[Cell, ...]]
    if a.n_plans == 0:
        steps.append(Step(
            "Look for straights and flushes", ordinary,
            verdict="no straight or flush can be made without twos, kings, aces or breaking "
                    "four of a kind", id="segment.poker"))
    else:
        valid = sorted((c for c in a.considered if c.valid), key=Combo.key)
        rejected = [c for c in a.considered if not c.valid]
        shown = valid[:_MAX_ROWS]
        if a.chosen not in shown:
            shown.append(a.chosen)
        rows = []
        chosen_row: int | None = None
        for i, c in enumerate(shown):
            hands, _, _ = cards_for(g, c.plans)
            used: tuple[Card, ...] = tuple(x for h in hands for x in h)
            if c == a.chosen:
                chosen_row = i
            rows.append((c.label_words(hands), used, sum(c.broken), c.n_outliers, c.strength,
                         sum(int(p.category) for p in c.plans), sum(p.top for p in c.plans),
                         valid.index(c) + 1 if c in valid else None, c == a.chosen))
        notes = [f"{len(valid)} choices keep the rule; "
                 f"{len(rejected)} would break three or more pairs and are not allowed",
                 "fewest outliers wins, then the highest strength, then the higher category "
                 "sum (straight 3, flush 4, straight flush 7, added up), then the higher "
                 "top-card sum; the order column ranks them"]
        if len(valid) > len(shown):
            notes.append(f"the {len(shown)} best are shown")
        if a.n_plans > MAX_PAIRED:
            notes.append(f"{a.n_plans} single poker hands: the {MAX_PAIRED} best were tried "
                         "in pairs")
        chosen_hands = cards_for(g, a.chosen.plans)[0]
        chosen_cards = tuple(x for h in chosen_hands for x in h)
        steps.append(Step(
            "Look for straights and flushes (up to two)", ordinary,
            ("poker hands", "cards", "pairs broken", "outliers left", "strength of outliers",
             "category sum", "top-card sum", "order", "chosen"), rows,
            verdict=(words("keep ", a.chosen.label_words(chosen_hands),
                           f": {a.chosen.n_outliers} outlier"
                           f"{'s' if a.chosen.n_outliers != 1 else ''} left, strength "
                           f"{a.chosen.strength}") if a.chosen.plans else
                     "keep no poker hand: none leaves fewer outliers"),
            highlight=chosen_cards, chosen_row=chosen_row, notes=tuple(notes),
            id="segment.poker"))
    seg_rows: list[tuple[Cell, ...]] = [
        (name, cards, len(cards)) for name, cards in zip(SEGMENT_NAMES, s.as_lists(),
                                                         strict=True)]
    steps.append(Step("The 8 segments", g.hand, ("segment", "cards", "count"), seg_rows,
                      verdict=s.summary(), id="segment.segments"))
    return steps


def segment(hand: tuple[Card, ...] | list[Card]) -> tuple[Segments, Explanation]:
    """Segment a hand (6.2) and explain how: ``(segments, explanation)``."""
    a = analyse(hand, record=True)
    s = a.segments
    poker = tuple(c for h in (*s.straights, *s.flushes, *s.straight_flushes) for c in h)
    e = Explanation(words("Segment of ", Ref(a.groups.hand) if a.groups.hand else "an empty hand"),
                    segment_steps(a), poker, s.summary())
    return a.segments, e
