"""The same cards judged by classic poker and by WarPairsPoker, side by side.

WarPairsPoker borrows poker's hand names but not its ranking, and learners who know one game
trip over exactly the places where the other differs. This module puts the two judgements
next to each other so a lesson can *show* each difference instead of stating it:

* :func:`side_by_side` — one hand: its classic name (five cards; a shorter hand is no
  classic hand) and the WarPairsPoker play the very same cards make, or why they make none,
  with notes naming each difference that applies (suits, twos, wraps, the ladder…).
* :func:`duel` — two hands from one deck: who wins the classic showdown (or a split pot),
  and in WarPairsPoker which hand may be played on the other (R7–R9). That relation is not
  "who wins": neither may go on the other (different modes), or — twos beat aces — both.
* :data:`EXAMPLES` — a curated list of teaching examples, each with the outcomes it claims
  under both rule sets; the tests check every claim against the two engines.

A hand may carry *kickers*: cards only classic poker counts. A WarPairsPoker play never
has them (two pair is 4 cards, trips 3), so ``side_by_side("KS KH QD QC", kickers="5D")``
compares the two pair as each game would actually hold it.

>>> c = side_by_side("JC QD KH AS 2D")
>>> c.classic_text, c.wpp_text
('High Card, Ace-King-Queen-Jack-Two', 'a straight, 2♦ high (wrap-around)')
>>> d = duel("2D 2C 2H 9S 9H", "AD AC AH 3S 3H")
>>> d.classic, d.wpp
('second', 'first')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Literal

from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.poker.ranking import Category as ClassicCategory
from wpp.poker.ranking import HandValue, evaluate
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.plays import Category, IllegalPlay, Play

__all__ = [
    "EXAMPLES",
    "LADDER",
    "ClassicOutcome",
    "Comparison",
    "Duel",
    "Example",
    "WppOutcome",
    "duel",
    "ladder_rows",
    "side_by_side",
]

#: Who wins the classic showdown: a hand, a split pot, or no showdown (a hand is not 5 cards).
ClassicOutcome = Literal["first", "second", "split", "n/a"]
#: Which hand may be played on the other in WarPairsPoker (R7–R9).
WppOutcome = Literal["first", "second", "both", "neither"]

_TWO, _ACE = 2, 14

#: The classic categories and what the same cards are in WarPairsPoker, low to high.
LADDER: Final[tuple[tuple[ClassicCategory, str], ...]] = (
    (ClassicCategory.HIGH_CARD, "no play (five unrelated cards); one card alone is a single"),
    (ClassicCategory.ONE_PAIR, "no play with kickers; the pair alone is a pair-mode play"),
    (ClassicCategory.TWO_PAIR, "no play with a kicker; the 4 cards are the LOWEST poker play"),
    (ClassicCategory.THREE_OF_A_KIND, "no play with kickers; the 3 cards are poker step 2"),
    (ClassicCategory.STRAIGHT, "straight, step 3; plus four wrap-arounds (J-Q-K-A-2 …)"),
    (ClassicCategory.FLUSH, "flush, step 4; the top card's suit breaks ties"),
    (ClassicCategory.FULL_HOUSE, "full house, step 5; twos full beat aces full"),
    (ClassicCategory.FOUR_OF_A_KIND, "four of a kind, step 6, with or without the kicker"),
    (ClassicCategory.STRAIGHT_FLUSH, "straight flush, step 7; wraps count too"),
)


def ladder_rows() -> list[dict[str, str | int]]:
    """The two ladders as rows (for a table): classic step, name, and the WarPairsPoker view."""
    return [{"classic step": int(cat), "classic hand": cat.label, "in WarPairsPoker": wpp}
            for cat, wpp in LADDER]


def _cards(x: str | Iterable[Card]) -> tuple[Card, ...]:
    return parse_cards(x) if isinstance(x, str) else tuple(x)


@dataclass(frozen=True, slots=True)
class Comparison:
    """One hand under both rule sets.

    ``cards`` are what WarPairsPoker judges; classic poker judges ``cards + kickers`` when
    that is five cards (``classic`` is ``None`` otherwise: a poker hand is five cards).
    ``play`` is the WarPairsPoker play, or ``None`` with the reason in ``wpp_text``.
    ``notes`` name, in words, each difference between the games that these cards show.
    """

    cards: tuple[Card, ...]
    kickers: tuple[Card, ...]
    classic: HandValue | None
    classic_text: str
    play: Play | None
    wpp_text: str
    notes: tuple[str, ...]

    @property
    def shown(self) -> tuple[Card, ...]:
        """The cards as a person reads them: a wrap straight as J Q K A 2 (else as given)."""
        return self.play.shown if self.play is not None else self.cards

    @property
    def agree(self) -> bool:
        """Both games see the same hand: five cards, one category name (e.g. a flush)."""
        return (self.classic is not None and self.play is not None and not self.kickers
                and self.classic.category.label.lower() == self.play.category.label)

    def summary(self) -> str:
        """One line: the cards, then each game's judgement."""
        kick = f" (+{format_cards(self.kickers)})" if self.kickers else ""
        return (f"{format_cards(self.shown)}{kick}: classic — {self.classic_text}; "
                f"WarPairsPoker — {self.wpp_text}")


def _notes(cards: tuple[Card, ...], value: HandValue | None, play: Play | None) -> list[str]:
    notes: list[str] = []
    ranks = {c.rank for c in cards}
    if value is None:
        notes.append("Classic poker ranks only five-card hands: add kickers to make one.")
    if play is None:
        if value is not None and value.category in (ClassicCategory.TWO_PAIR,
                                                    ClassicCategory.THREE_OF_A_KIND,
                                                    ClassicCategory.ONE_PAIR):
            notes.append(f"{value.category.label} is a hand in poker, but in WarPairsPoker "
                         "kickers make it no play (R4).")
        return notes
    cat = play.category
    if play.wrap:
        is_straight = value is not None and value.category in (
            ClassicCategory.STRAIGHT, ClassicCategory.STRAIGHT_FLUSH)
        if not is_straight:
            notes.append("A wrap-around straight exists only in WarPairsPoker (R5): in poker an "
                         "ace may only end 10-J-Q-K-A or start A-2-3-4-5.")
        if cat is Category.STRAIGHT_FLUSH and value is not None \
                and value.category is ClassicCategory.FLUSH:
            notes.append("So these cards are a straight flush in WarPairsPoker but only a "
                         "flush in poker.")
    if cat is Category.TWO_PAIR:
        notes.append("Two pair is 4 cards and the LOWEST poker play in WarPairsPoker (R4); "
                     "in poker it is a five-card hand above one pair and high card.")
    if cat is Category.FOUR_OF_A_KIND and len(cards) == 4:
        notes.append("Four of a kind is a play with or without a kicker in WarPairsPoker; "
                     "in poker it needs a fifth card.")
    if isinstance(play.key, Card) and len(cards) > 1 and cat is not Category.SINGLE:
        notes.append(f"Suits matter in WarPairsPoker: the key is the {play.key} "
                     "(♦ < ♣ < ♥ < ♠, R2, R6); in poker suits never rank, and equal ranks "
                     "split the pot.")
    if play.key_rank == _TWO or (_TWO in ranks and cat in (Category.TWO_PAIR, Category.FLUSH,
                                                            Category.STRAIGHT_FLUSH)):
        notes.append("Twos beat aces in WarPairsPoker (R9); in poker a two is the lowest "
                     "rank (except in the A-2-3-4-5 straight).")
    return notes


def side_by_side(cards: str | Iterable[Card], kickers: str | Iterable[Card] = ()) -> Comparison:
    """Judge ``cards`` by both rule sets (classic poker adds ``kickers`` to make five).

    >>> c = side_by_side("9S 9H 9D KC 4D")
    >>> c.classic_text
    'Three of a Kind, Nines, King-Four kickers'
    >>> c.wpp_text
    'no play: three of a kind is always played as 3 cards, without kickers (R4)'
    >>> side_by_side("7S 7H 9D 9C").classic_text
    'no classic hand: 4 cards (poker hands are 5)'
    """
    hand, extra = _cards(cards), _cards(kickers)
    if set(hand) & set(extra) or len(set(hand)) != len(hand) or len(set(extra)) != len(extra):
        raise WppError("a card may appear only once in a hand and its kickers")
    n = len(hand) + len(extra)
    value = evaluate(hand + extra) if n == 5 else None
    classic_text = (value.name if value is not None
                    else f"no classic hand: {n} card{'s' if n != 1 else ''} (poker hands are 5)")
    play: Play | None
    try:
        play = classify(hand)
        wpp_text = play.describe()
    except IllegalPlay as err:
        play = None
        wpp_text = "no play: " + str(err.args[0])
    return Comparison(hand, extra, value, classic_text, play, wpp_text,
                      tuple(_notes(hand, value, play)))


@dataclass(frozen=True, slots=True)
class Duel:
    """Two hands from one deck, under both rule sets.

    ``classic``: which hand wins the showdown (``"split"`` for an exact tie, ``"n/a"`` if a
    hand is not five cards). ``wpp``: which hand may be played on the other — ``"both"`` and
    ``"neither"`` are possible (R7, R9). ``first_on_second`` and ``second_on_first`` say why,
    in the engine's words.
    """

    first: Comparison
    second: Comparison
    classic: ClassicOutcome
    wpp: WppOutcome
    first_on_second: str
    second_on_first: str

    @property
    def agree(self) -> bool:
        """Both games pick the same winner (a WarPairsPoker "both"/"neither" never agrees)."""
        return self.classic == self.wpp

    def summary(self) -> str:
        """One line per game: the outcome in words."""
        classic = {"first": "the first hand wins", "second": "the second hand wins",
                   "split": "a split pot (exact tie)", "n/a": "no showdown (not 5 cards)"}
        wpp = {"first": "only the first may be played on the second",
               "second": "only the second may be played on the first",
               "both": "each may be played on the other",
               "neither": "neither may be played on the other"}
        return f"classic: {classic[self.classic]}; WarPairsPoker: {wpp[self.wpp]}"


def _on(play: Play | None, table: Play | None, name: str, other: str) -> tuple[bool, str]:
    if play is None:
        return False, f"the {name} hand is no play"
    if table is None:
        return False, f"the {other} hand is no play, so nothing is played on it"
    v = judge(play, table)
    return v.legal, ("yes: " if v.legal else "no: ") + v.reason


def duel(first: str | Iterable[Card], second: str | Iterable[Card],
         kickers: tuple[str | Iterable[Card], str | Iterable[Card]] = ((), ())) -> Duel:
    """Compare two hands (disjoint cards, as dealt from one deck) under both rule sets.

    >>> d = duel("4D 5C 6H 7S 8C", "4H 5D 6C 7D 8D")   # same ranks: poker splits, suits decide
    >>> d.classic, d.wpp
    ('split', 'first')
    """
    a = side_by_side(first, kickers[0])
    b = side_by_side(second, kickers[1])
    if set(a.cards + a.kickers) & set(b.cards + b.kickers):
        raise WppError("two hands from one deck share no card")
    classic: ClassicOutcome
    if a.classic is None or b.classic is None:
        classic = "n/a"
    elif a.classic.strength == b.classic.strength:
        classic = "split"
    else:
        classic = "first" if a.classic.strength > b.classic.strength else "second"
    ab, ab_why = _on(a.play, b.play, "first", "second")
    ba, ba_why = _on(b.play, a.play, "second", "first")
    wpp: WppOutcome = ("both" if ab and ba else "first" if ab else "second" if ba
                       else "neither")
    return Duel(a, b, classic, wpp, ab_why, ba_why)


@dataclass(frozen=True, slots=True)
class Example:
    """A curated teaching example and what it claims.

    With ``second`` it is a duel and ``classic``/``wpp`` are the claimed outcomes (see
    :class:`Duel`); without, it is one hand and they are the claimed classic category label
    (``"-"``: no classic hand) and WarPairsPoker category label (``"-"``: no play).
    ``agree`` is the claim that both games say the same (most examples disagree).
    """

    title: str
    point: str
    first: str
    classic: str
    wpp: str
    second: str | None = None
    kickers: tuple[str, str] = ("", "")
    agree: bool = False

    def run(self) -> Comparison | Duel:
        """Judge the example's cards now (by both engines)."""
        if self.second is None:
            return side_by_side(self.first, self.kickers[0])
        return duel(self.first, self.second, self.kickers)

    def found(self) -> tuple[str, str]:
        """What the engines say, in the form of the claim: (classic, wpp)."""
        r = self.run()
        if isinstance(r, Duel):
            return r.classic, r.wpp
        return (r.classic.category.label if r.classic else "-",
                r.play.category.label if r.play else "-")

    def found_agree(self) -> bool:
        """Whether the engines agree on this example (compare with the claim ``agree``)."""
        return self.run().agree


#: The teaching examples, in the lesson's order; every claim is checked by the tests.
EXAMPLES: Final[tuple[Example, ...]] = (
    Example("Suit order: a split pot in poker, not in WarPairsPoker",
            "Both are 8-high straights. Poker never ranks suits, so they split the pot; in "
            "WarPairsPoker the top card decides and 8♣ beats 8♦ (♦ < ♣ < ♥ < ♠).",
            "4D 5C 6H 7S 8C", "split", "first", second="4H 5D 6C 7D 8D"),
    Example("Suit order in flushes",
            "The same ranks in spades and hearts: a split pot in poker; in WarPairsPoker the "
            "A♠ beats the A♥.",
            "AS KS 9S 6S 3S", "split", "first", second="AH KH 9H 6H 3H"),
    Example("Twos beat aces",
            "In poker aces full beat twos full. In WarPairsPoker twos beat aces (R9), and "
            "aces may never be played on twos.",
            "2D 2C 2H 9S 9H", "second", "first", second="AD AC AH 3S 3H"),
    Example("Wrap-around straight against the ace-high straight",
            "J-Q-K-A-2 is only ace-high nothing in poker, so the straight wins. In "
            "WarPairsPoker it is a straight whose top card is the 2, and a two beats an ace.",
            "JC QD KH AS 2D", "second", "first", second="10D JH QC KC AD"),
    Example("A suited wrap: flush or straight flush?",
            "Five spades J-Q-K-A-2: a flush in poker, a straight flush in WarPairsPoker.",
            "JS QS KS AS 2S", "Flush", "straight flush"),
    Example("Three of a kind beats two pair — in both games",
            "Both games agree here. But in poker two pair is the third of nine steps (above "
            "one pair and high card); in WarPairsPoker it is the lowest poker play, and each "
            "hand is played without its kickers.",
            "KS KH QD QC", "second", "second", second="9S 9H 9D",
            kickers=("5D", "7C 4H"), agree=True),
    Example("Two pair against a pair",
            "In poker two pair beats one pair. In WarPairsPoker a pair is a pair-mode play and "
            "two pair a poker play: neither may answer the other (R7).",
            "KS KH QD QC", "first", "neither", second="AS AH",
            kickers=("5D", "8C 6D 3H")),
    Example("Twos inside two pair",
            "Poker: aces up beat nines up. WarPairsPoker: the aces may go on the nines (A♠ is "
            "the higher key), but a two pair holding twos also beats an ace-keyed one (R9): "
            "each may be played on the other.",
            "2D 2C 9H 9S", "second", "both", second="AH AS 5D 5C",
            kickers=("3C", "4D")),
    Example("Two pair with a kicker",
            "A complete poker hand, but no WarPairsPoker play: two pair is played as 4 cards.",
            "7S 7H 9D 9C 3D", "Two Pair", "-"),
    Example("Three of a kind with kickers",
            "A poker hand; in WarPairsPoker trips are played as 3 cards, without kickers.",
            "9S 9H 9D KC 4D", "Three of a Kind", "-"),
    Example("The 4-card two pair",
            "Four cards are no poker hand; in WarPairsPoker they are the lowest poker play.",
            "7S 7H 9D 9C", "-", "two pair"),
    Example("The 4-card four of a kind",
            "Poker needs a fifth card; WarPairsPoker plays four of a kind with or without one.",
            "7S 7H 7D 7C", "-", "four of a kind"),
    Example("The wheel: the same in both",
            "A-2-3-4-5 is a straight, five high, in both games.",
            "AS 2D 3C 4H 5S", "Straight", "straight", agree=True),
)
