"""What to play: the classic AI's decision list (section 6.3) and its aggressive play (6.32).

**Leading** a fresh trick (any mode), the AI goes down this list and plays the first item it
finds (6.3)::

    straight, flush, 5-card "do I win", three of a kind, two pair, full house,
    four of a kind, straight flush, pairs, singles, (draw)

* Poker hands come from the segments (:mod:`wpp.warpairs.ai.segment`); the lowest of a kind is
played.
* **Three of a kind** is played only when the AI holds more sets than pairs, or no pairs at
  all; otherwise the sets are kept for full houses.
* **Two pair** is played only when a higher poker hand (a set, four of a kind, or a straight
  or flush not yet played) is left to play after it; the two lowest pairs are used.
* **Full house**: the lowest set with the lowest pair (or two cards of another set).
* **Four of a kind** takes a kicker (3.8): the lowest outlier, else a card of a set, else a card
  of a pair, else it is played as four cards.
* **Pairs** and **singles** use only the pairs and outliers segments (6.32); a lead of singles
  with no outliers left uses the power cards: the lowest card of the 2/K/A rank held most
  often (twos first on a tie, then kings), as the original did.
* The 5-card "do I win" check is made first, and for any hand size: if the whole hand is one
  legal play the AI plays it and wins at once (the description places the 5-card check
  third; a whole-hand play can never be worse, so it moved up — see ``docs/ai.md``).
* A leader may not draw (R13), so the list always ends in a play.

**Following** a play, the AI is locked into the trick's mode and uses only that mode's
items, each time the *lowest* play of the item that beats the table (judged by the engine):

* poker mode: the poker items above, in the same order and with the same conditions (an item
  whose category is below the table's is skipped: it cannot beat it, R8);
* pair mode: the lowest pair of the pairs segment that beats; else, **aggressively** (6.32),
  a pair of twos, kings or aces — only when the opponent holds
  :data:`AGGRESSIVE_OPPONENT_CARDS` cards or fewer, or the AI's hand has at most
  :data:`AGGRESSIVE_MAX_OUTLIERS` outlier (its other cards then go out in pairs and poker
  hands once it holds the lead); otherwise it draws;
* single mode: on an **ace**, a two or a higher ace (see below); when the opponent holds
  :data:`POWER_SINGLES_OPPONENT_CARDS` cards or fewer, only 2/K/A cards if one beats — the one
  the fewest unseen cards beat (6.32); else the lowest outlier that beats (the highest, when
  the opponent holds fewer cards than the AI, as the original did); else the lowest
  2/K/A card that beats;
* **on aces** (singles or pairs): a higher ace holds the trick best (only a two beats it) but
  a two has no other use; the AI plays the higher ace when it is behind (it holds at least as
  many cards as the opponent) and the opponent holds more than
  :data:`DESPERATE_OPPONENT_CARDS` cards, otherwise the two — the original's behaviour;
* in every mode, when the opponent holds :data:`DESPERATE_OPPONENT_CARDS` cards or fewer, or
  drawing would reach the hand limit (R17), any legal answer beats drawing: the one using the
  fewest power cards, lowest first;
* else the AI draws (see :mod:`wpp.warpairs.ai.drawing`).

**The opponent holds one card** (leading): a pair or poker hand cannot be answered with one
card, so before leading a single the AI leads any pair or poker hand it has; if it has none
it leads the single the fewest unseen cards beat. (The description is silent here.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from wpp.core.explain import Ref, Text, Words, words
from wpp.core.standard_deck import Card
from wpp.warpairs.ai.hand import POWER_ORDER, beaten_by, cards_text, is_power
from wpp.warpairs.ai.segment import Segments
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.plays import Category, IllegalPlay, Mode, Play
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = [
    "AGGRESSIVE_MAX_OUTLIERS",
    "AGGRESSIVE_OPPONENT_CARDS",
    "DESPERATE_OPPONENT_CARDS",
    "ITEM_IDS",
    "POWER_SINGLES_OPPONENT_CARDS",
    "Context",
    "PlayPlan",
    "Row",
    "plan_play",
]

#: 6.32, pairs: a pair of 2s, kings or aces is played when the opponent holds this many or fewer.
AGGRESSIVE_OPPONENT_CARDS: Final = 4
#: 6.32, pairs: … or when the AI holds this many outliers or fewer.
AGGRESSIVE_MAX_OUTLIERS: Final = 1
#: 6.32, singles: with the opponent at this many cards or fewer, answer with 2/K/A cards.
POWER_SINGLES_OPPONENT_CARDS: Final = 3
#: With the opponent at this many cards or fewer, any legal answer is better than drawing.
DESPERATE_OPPONENT_CARDS: Final = 2

#: One row of the decision list: (item, cards considered, outcome).
Row = tuple[str, tuple[Card, ...], Text]


@dataclass(frozen=True, slots=True)
class Context:
    """What the decision list looks at: the hand and its segments, the table, the opponent's
    hand size, and whether a draw would reach the hand limit."""

    hand: tuple[Card, ...]
    segments: Segments
    table: Play | None
    opponent: int
    rules: Rules = DEFAULT_RULES
    draw_loses: bool = False


@dataclass(frozen=True, slots=True)
class PlayPlan:
    """The decision list's outcome: the cards to play (``None``: draw), the list's rows with
    their items' stable ids (:data:`ITEM_IDS`), the index of the row that decided, and a
    one-line reason."""

    cards: tuple[Card, ...] | None
    rows: tuple[Row, ...]
    decided: int
    reason: Text
    play: Play | None = None
    row_ids: tuple[str, ...] = ()

    @property
    def decided_by(self) -> str:
        """The id of the item that decided (``"draw"`` when nothing did)."""
        return self.row_ids[self.decided]


class _Ctx:
    """Working state of one pass down the list."""

    __slots__ = ("c", "play")

    def __init__(self, c: Context) -> None:
        self.c = c
        self.play: Play | None = None

    def legal(self, cards: tuple[Card, ...]) -> bool:
        """True if ``cards`` may go on the table now; remembers the play as it would lie."""
        try:
            p = classify(cards, self.c.rules)
        except IllegalPlay:
            return False
        v = judge(p, self.c.table)
        if v.table is None:
            return False
        self.play = v.table
        return True

    def first_legal(self, options: Sequence[tuple[Card, ...]]) -> tuple[Card, ...] | None:
        for o in options:
            if self.legal(o):
                return o
        return None


Found = tuple[tuple[Card, ...] | None, Text, tuple[Card, ...]]
Item = Callable[[_Ctx], Found]


def _beat_word(x: _Ctx) -> str:
    return "" if x.c.table is None else " that beats the table"


def _table_words(x: _Ctx) -> Ref | str:
    t = x.c.table
    return Ref(t.cards, t.describe()) if t is not None else "it"


def _none_beats(x: _Ctx, what: str, options: Sequence[tuple[Card, ...]]) -> Found:
    cards = tuple(c for o in options for c in o)
    if not options:
        return None, f"no {what}", ()
    return None, Words((f"no {what} beats ", _table_words(x))), cards


def _lowest(x: _Ctx, what: str, options: Sequence[tuple[Card, ...]]) -> Found:
    got = x.first_legal(options)
    if got is None:
        return _none_beats(x, what, options)
    return got, f"the lowest {what}{_beat_word(x)}", tuple(c for o in options for c in o)


# --- the items ---------------------------------------------------------------------------

def _win_now(x: _Ctx) -> Found:
    hand = x.c.hand
    if not 1 <= len(hand) <= 5:
        return None, f"{len(hand)} cards cannot all go in one play", ()
    if x.legal(hand):
        assert x.play is not None
        return hand, words("the whole hand is ", Ref(hand, x.play.describe()),
                           ": playing it wins the game"), hand
    return None, "the whole hand is not one play that may go on the table", hand


def _five_card(x: _Ctx) -> Found:
    return None, "made first, for any hand size (row 1)", ()


def _straight(x: _Ctx) -> Found:
    return _lowest(x, "straight", list(x.c.segments.straights))


def _flush(x: _Ctx) -> Found:
    return _lowest(x, "flush", list(x.c.segments.flushes))


def _trips(x: _Ctx) -> Found:
    s = x.c.segments
    nt, np_ = len(s.trips), len(s.pairs)
    if not nt:
        return None, "no three of a kind", ()
    if not (nt > np_ or np_ == 0):
        return None, (f"{nt} three of a kind vs {np_} pairs: sets are played only with more "
                      "sets than pairs or no pairs; kept for full houses"), tuple(
                          c for t in s.trips for c in t)
    return _lowest(x, "three of a kind", list(s.trips))


def _two_pair(x: _Ctx) -> Found:
    s = x.c.segments
    if len(s.pairs) < 2:
        return None, "fewer than two pairs", tuple(c for p in s.pairs for c in p)
    higher = len(s.trips) + len(s.quads) + len(s.straights) + len(s.flushes) + len(
        s.straight_flushes)
    pairs_cards = tuple(c for p in s.pairs for c in p)
    if not higher:
        return None, ("two pair is played only with a higher poker hand to play after it; "
                      "there is none"), pairs_cards
    low = s.pairs[0]
    options = [tuple(sorted(low + hi)) for hi in s.pairs[1:]]
    return _lowest(x, "two pair", options)


def _full_house(x: _Ctx) -> Found:
    s = x.c.segments
    if not s.trips:
        return None, "no three of a kind", ()
    options: list[tuple[Card, ...]] = []
    for t in s.trips:
        if s.pairs:
            options.append(tuple(sorted(t + s.pairs[0])))
        else:
            other = next((o for o in s.trips if o != t), None)
            if other is not None:
                options.append(tuple(sorted(t + other[:2])))
    if not options:
        return None, "a full house needs a pair or a second three of a kind", ()
    return _lowest(x, "full house", options)


def _kicker(s: Segments) -> tuple[Card, ...]:
    if s.outliers:
        return (s.outliers[0],)
    if s.trips:
        return (s.trips[0][0],)
    if s.pairs:
        return (s.pairs[0][0],)
    return ()


def _quads(x: _Ctx) -> Found:
    s = x.c.segments
    options = [tuple(sorted(q + _kicker(s))) for q in s.quads]
    options += [q for q in s.quads]  # without a kicker, if the kicker made it illegal
    return _lowest(x, "four of a kind", options)


def _straight_flush(x: _Ctx) -> Found:
    return _lowest(x, "straight flush", list(x.c.segments.straight_flushes))


def _pairs(x: _Ctx) -> Found:
    return _lowest(x, "pair of the pairs segment", list(x.c.segments.pairs))


def _power_pairs(s: Segments) -> list[tuple[Card, ...]]:
    by_rank: dict[int, list[Card]] = {}
    for c in s.power:
        by_rank.setdefault((c >> 2) + 2, []).append(c)
    out: list[tuple[Card, ...]] = []
    for cs in by_rank.values():
        for i, a in enumerate(cs):
            for b in cs[i + 1:]:
                out.append((a, b))
    out.sort(key=lambda p: (0 if (p[0] >> 2) + 2 == 2 else 1, p[1], p[0]))
    return out


def _prefer_ace(x: _Ctx) -> bool:
    """On an ace: a higher ace rather than a two? (see :func:`_on_aces`)."""
    return x.c.opponent > DESPERATE_OPPONENT_CARDS and len(x.c.hand) >= x.c.opponent


def _on_aces(x: _Ctx, options: Sequence[tuple[Card, ...]]) -> Found:
    """Answer a play of aces with twos or higher aces (singles or pairs).

    A higher ace holds the trick better (only a two beats it) while a two invites almost any
    answer, but a two has no other use. So the AI plays the higher ace(s) when it is behind
    (it holds at least as many cards as the opponent) and the opponent is not close to out;
    otherwise the two(s), keeping the ace for the next answer. This is the original
    program's behaviour, simplified.
    """
    legal = [o for o in options if x.legal(o)]
    twos = [o for o in legal if (o[0] >> 2) + 2 == 2]
    aces = [o for o in legal if (o[0] >> 2) + 2 == 14]
    seen = tuple(c for o in options for c in o)
    if not legal:
        return _none_beats(x, "two or higher ace", options)
    behind = _prefer_ace(x)
    first, second = (aces, twos) if behind else (twos, aces)
    got = (first or second)[0]
    x.legal(got)
    kind = "ace" if (got[0] >> 2) + 2 == 14 else "two"
    why: Text
    if behind:
        why = (f"aces on the table; the AI holds {len(x.c.hand)} cards, the opponent "
               f"{x.c.opponent}: a higher {kind} keeps the trick best" if kind == "ace" else
               "aces on the table: no higher ace, so a two (twos beat aces, R9)")
    else:
        why = ("aces on the table: twos beat aces (R9), and the ace is kept for the next "
               "answer" if kind == "two" else "aces on the table: no two, so a higher ace")
    return got, why, seen


def _aggressive_pair(x: _Ctx) -> Found:
    s = x.c.segments
    options = _power_pairs(s)
    if not options:
        return None, "no pair of twos, kings or aces", ()
    opp, outl = x.c.opponent, len(s.outliers)
    if opp > AGGRESSIVE_OPPONENT_CARDS and outl > AGGRESSIVE_MAX_OUTLIERS:
        return None, (f"the opponent holds {opp} cards (> {AGGRESSIVE_OPPONENT_CARDS}) and "
                      f"the AI {outl} outliers (> {AGGRESSIVE_MAX_OUTLIERS}): keep the "
                      "power cards"), tuple(c for p in options for c in p)
    why = (f"the opponent holds only {opp} cards" if opp <= AGGRESSIVE_OPPONENT_CARDS
           else f"only {outl} outlier{'s' if outl != 1 else ''} left")
    t = x.c.table
    if t is not None and t.key_rank == 14:
        got, how, seen = _on_aces(x, options)
        return got, (words(why, ": ", how) if got else how), seen
    got = x.first_legal(options)
    if got is None:
        return _none_beats(x, "pair of twos, kings or aces", options)
    return got, f"{why}: play the lowest 2/K/A pair that beats the table", tuple(
        c for p in options for c in p)


def _ace_single(x: _Ctx) -> Found:
    t = x.c.table
    if t is None or t.key_rank != 14:
        return None, "the table is not an ace", ()
    options = [(c,) for c in x.c.segments.power if c < 4 or c >= 48]
    if not options:
        return None, "no two and no ace", ()
    return _on_aces(x, options)


def _power_singles_close(x: _Ctx) -> Found:
    opp = x.c.opponent
    power = x.c.segments.power
    if opp > POWER_SINGLES_OPPONENT_CARDS:
        return None, f"the opponent holds {opp} cards (> {POWER_SINGLES_OPPONENT_CARDS})", ()
    if not power:
        return None, "no twos, kings or aces", ()
    ok = [c for c in power if x.legal((c,))]
    if not ok:
        return _none_beats(x, "2/K/A card", [(c,) for c in power])
    best = min(ok, key=lambda c: (beaten_by(c, x.c.hand), c))
    x.legal((best,))
    return (best,), (f"the opponent holds {opp} cards: the 2/K/A card the fewest unseen cards "
                     f"beat ({beaten_by(best, x.c.hand)})"), power


def _outliers_single(x: _Ctx) -> Found:
    s = x.c.segments
    if x.c.table is None and x.c.opponent == 1:
        best = min(x.c.hand, key=lambda c: (beaten_by(c, x.c.hand), c))
        x.legal((best,))
        return (best,), ("the opponent holds one card: lead the single the fewest unseen cards "
                         f"beat ({beaten_by(best, x.c.hand)})"), x.c.hand
    if not s.outliers:
        return None, "no outliers", ()
    if x.c.table is None:
        x.legal((s.outliers[0],))
        return (s.outliers[0],), "the lowest outlier", s.outliers
    options = [(c,) for c in s.outliers]
    if x.c.opponent < len(x.c.hand):
        options.reverse()
        got = x.first_legal(options)
        if got is None:
            return _none_beats(x, "outlier", options)
        return got, "the opponent holds fewer cards: the highest outlier that beats", s.outliers
    return _lowest(x, "outlier", options)


def _one_card_lead(x: _Ctx) -> Found:
    if x.c.opponent != 1:
        return None, f"the opponent holds {x.c.opponent} cards, not one", ()
    plays = [p for p in all_plays(x.c.hand, x.c.rules) if p.mode is not Mode.SINGLE]
    if not plays:
        return None, "the opponent holds one card, but no pair or poker hand can be led", ()
    best = min(plays, key=lambda p: (_power_count(p), p.order, p.cards))
    x.legal(best.cards)
    return best.cards, ("the opponent holds one card and cannot answer a pair or a poker "
                        "hand"), best.cards


def _power_single(x: _Ctx) -> Found:
    s = x.c.segments
    if not s.power:
        return None, "no twos, kings or aces", ()
    if x.c.table is None:
        counts: dict[int, int] = {}
        for c in s.power:
            counts[(c >> 2) + 2] = counts.get((c >> 2) + 2, 0) + 1
        r = min(counts, key=lambda k: (-counts[k], POWER_ORDER[k]))
        card = next(c for c in s.power if (c >> 2) + 2 == r)
        x.legal((card,))
        return (card,), ("only twos, kings and aces left: the lowest card of the rank held "
                         "most often"), s.power
    return _lowest(x, "2/K/A card", [(c,) for c in s.power])


def _power_count(p: Play) -> int:
    return sum(1 for c in p.cards if is_power(c))


def _desperate(x: _Ctx) -> Found:
    c = x.c
    if c.table is None:
        return None, "leading", ()
    if not (c.opponent <= DESPERATE_OPPONENT_CARDS or c.draw_loses):
        return None, (f"the opponent holds {c.opponent} cards (> {DESPERATE_OPPONENT_CARDS}) "
                      "and a draw is safe"), ()
    plays = answers(c.hand, c.table, c.rules)
    why = ("a draw would reach the hand limit (R17)" if c.draw_loses
           else f"the opponent holds only {c.opponent} cards")
    if not plays:
        return None, f"{why}, but nothing in the hand beats the table", ()
    best = min(plays, key=lambda p: (_power_count(p), p.category, p.order, p.cards))
    x.play = best
    return best.cards, f"{why}: any answer beats drawing — the one with the fewest power cards", \
        tuple(sorted({card for p in plays for card in p.cards}))


def _gate(category: Category, item: Item) -> Item:
    """In poker mode, an item whose category is below the table's cannot beat it (R8)."""
    def gated(x: _Ctx) -> Found:
        t = x.c.table
        if t is not None and t.mode is Mode.POKER and category < t.category:
            return None, f"a {category.label} cannot beat a {t.category.label} (R8)", ()
        return item(x)
    return gated


#: The decision list's items: (stable id, name shown, the item). Lessons and tools read the
#: id of the item that decided (:attr:`PlayPlan.decided_by`, the ``row_ids`` of the list's
#: explanation step), never its name.
ListItem = tuple[str, str, Item]

_LEAD: Final[tuple[ListItem, ...]] = (
    ("win_now", "do I win? (the whole hand in one play)", _win_now),
    ("straight", "straight", _gate(Category.STRAIGHT, _straight)),
    ("flush", "flush", _gate(Category.FLUSH, _flush)),
    ("five_card_check", "5-card “do I win” check", _five_card),
    ("three_of_a_kind", "three of a kind", _gate(Category.THREE_OF_A_KIND, _trips)),
    ("two_pair", "two pair", _gate(Category.TWO_PAIR, _two_pair)),
    ("full_house", "full house", _gate(Category.FULL_HOUSE, _full_house)),
    ("four_of_a_kind", "four of a kind", _gate(Category.FOUR_OF_A_KIND, _quads)),
    ("straight_flush", "straight flush", _gate(Category.STRAIGHT_FLUSH, _straight_flush)),
    ("pairs", "pairs", _pairs),
    ("one_card_left", "opponent holds one card: any pair or poker hand", _one_card_lead),
    ("singles", "singles", _outliers_single),
    ("power_singles", "singles: 2s, kings, aces", _power_single),
)
_DESPERATE: Final[ListItem] = ("any_answer", "any answer (opponent close to out)", _desperate)
_POKER: Final = (*_LEAD[:9], _DESPERATE)
_PAIR: Final[tuple[ListItem, ...]] = (
    _LEAD[0],
    ("pairs", "pairs", _pairs),
    ("power_pair", "a pair of 2s, kings or aces (6.32)", _aggressive_pair),
    _DESPERATE,
)
_SINGLE: Final[tuple[ListItem, ...]] = (
    _LEAD[0],
    ("on_aces", "an ace on the table: a two or a higher ace", _ace_single),
    ("power_singles_close", "2s, kings, aces: opponent close to out (6.32)",
     _power_singles_close),
    ("singles", "singles: outliers", _outliers_single),
    ("power_singles", "singles: 2s, kings, aces", _power_single),
    _DESPERATE,
)
#: Every item id, with the rows the list may add at its end: ``draw`` (nothing beats the
#: table, 6.31) and ``lowest_card`` (a leader found nothing: a safety net).
ITEM_IDS: Final = frozenset({i for items in (_LEAD, _POKER, _PAIR, _SINGLE) for i, _, _ in items}
                            | {"draw", "lowest_card"})


def plan_play(c: Context) -> PlayPlan:
    """Go down the decision list for this context (lead or follow) and say what to play."""
    if c.table is None:
        items = _LEAD
    elif c.table.mode is Mode.POKER:
        items = _POKER
    elif c.table.mode is Mode.PAIR:
        items = _PAIR
    else:
        items = _SINGLE
    x = _Ctx(c)
    rows: list[Row] = []
    ids: list[str] = []
    chosen: tuple[Card, ...] | None = None
    reason: Text = ""
    decided = -1
    for i, (item_id, name, item) in enumerate(items):
        ids.append(item_id)
        if chosen is not None:
            rows.append((name, (), "not reached"))
            continue
        cards, why, seen = item(x)
        if cards is not None:
            chosen, reason, decided = cards, why, i
            rows.append((name, cards, Words(("PLAY: ", why)) if isinstance(why, str)
                         else Words(("PLAY: ", *why.parts))))
        else:
            rows.append((name, seen, why))
    if chosen is None:
        if c.table is None:
            # Unreachable in practice (singles always find a card); a leader may not draw.
            low = min(c.hand)
            x.legal((low,))
            chosen, reason, decided = (low,), "nothing else found: lead the lowest card", len(rows)
            rows.append(("lead the lowest card", chosen, words("PLAY: ", reason)))
            ids.append("lowest_card")
        else:
            decided = len(rows)
            reason = "nothing in the list beats the table: draw (6.31)"
            rows.append(("draw", (), reason))
            ids.append("draw")
    return PlayPlan(chosen, tuple(rows), decided, reason, x.play if chosen else None, tuple(ids))


def describe_play(cards: tuple[Card, ...], rules: Rules = DEFAULT_RULES) -> Words:
    """``5♣ 5♥ (a pair of fives)`` — cards with their play in words."""
    try:
        return Words((Ref(cards), " (", Ref(cards, classify(cards, rules).describe()), ")"))
    except IllegalPlay:
        return words(Ref(cards, cards_text(cards)))
