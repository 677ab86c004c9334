"""Lesson 2, the rules: every fact the lesson shows, computed by the engine and tested here.

* :data:`RULES` — R1–R20 of ``wpp-rules.md`` in one line each, so a lesson can list them and
  a test can check that the lesson covers every one.
* :func:`inspect` — what a set of cards is as a play (mode, category, key and the rule that
  decides each), or why it is none: the "card picker" of the lesson.
* :func:`judge_hand` — every play a hand could put on a table, legal or not, with the reason
  and the rule: "which plays beat this, and which rule decides".
* :data:`QUIZ` — "does this beat that?" questions, answered by :func:`wpp.judge.judge`.
* :func:`scenes` — small hand-made positions (``GameState.custom``) for the rules of a game
  that a typical game rarely shows: passing, drawing, re-drawing, the hand limit, an empty
  deck, conceding, the turn limit.
* :func:`rules_used` — the rules one action of a game uses, for the walkthrough of a whole
  game (:mod:`wpp.teach.replay` records it).

>>> info = inspect(parse_cards("JC QD KH AS 2D"))
>>> info.play is not None and info.play.describe()
'a straight, 2♦ high (wrap-around)'
>>> inspect(parse_cards("7S 7H 9D 9C 3D")).rule
'R4'
>>> q = QUIZ[2]; q.check(True).correct, q.verdict().rule
(True, 'R9')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from wpp.actions import (
    Action,
    Concede,
    Draw,
    Mulligan,
    Pass,
    PlayCards,
    Redraw,
    Stop,
    TakeFromPile,
)
from wpp.cards import CARDS, Card, format_cards, parse_cards
from wpp.judge import Verdict, judge
from wpp.lookup import classify
from wpp.moves import plays_in_mode
from wpp.plays import Category, IllegalPlay, Mode, Play
from wpp.rules import DEFAULT_RULES, Rules
from wpp.state import EndReason, GameState, Phase, player_name, step

__all__ = [
    "KEY_RULES",
    "QUIZ",
    "RULES",
    "Feedback",
    "Frame",
    "Judged",
    "PlayInfo",
    "Question",
    "Scene",
    "inspect",
    "judge_hand",
    "legal_summary",
    "rules_used",
    "scenes",
    "tally",
]

#: Every rule of ``wpp-rules.md`` in one line (the numbers are the ones the engine cites).
RULES: Final[dict[str, str]] = {
    "R1": "one 52-card deck; ranks 2 < 3 < … < K < A; suits ♦ < ♣ < ♥ < ♠",
    "R2": "a card's order is its rank, then its suit: 7♠ > 7♣, 8♦ > 7♠",
    "R3": "cards are written 7S, 10h, TH, 7♠…; a bad or repeated card is refused",
    "R4": "a play is a single, a pair, or a poker hand of 3–5 cards, in 7 categories",
    "R5": "straights are 5 ranks in a row, plus four wrap-arounds (J-Q-K-A-2 … A-2-3-4-5)",
    "R6": "each play has a key that decides between plays of one category",
    "R7": "after the lead, every play of the trick is in the lead's mode and beats the table",
    "R8": "a higher poker category always wins; otherwise the higher key wins",
    "R9": "twos beat aces in every mode, and an ace may never go on a two",
    "R10": "16 cards to each player, 20 cards face down as the deck",
    "R11": "the mulligan: each player puts 3 cards face up in the pile",
    "R12": "whoever then holds the lowest card leads the first trick",
    "R13": "the leader of a fresh trick plays anything legal, or passes",
    "R14": "an answer beats the table, or draws (1 or 2 deck cards, or 1 pile card)",
    "R15": "once a game, right after deck draws: put them in the pile and draw as many anew",
    "R16": "the leader may pass once; the other player must then lead",
    "R17": "an empty hand wins at once; holding 26 cards after a draw loses",
    "R18": "an empty deck is rebuilt from the discards; then only the pile; then nothing",
    "R19": "the player to act may concede, and loses",
    "R20": "a game reaching the turn limit (1,000 actions) is a draw",
}

#: What decides between two plays of one category (R6), in words.
KEY_RULES: Final[dict[Category, str]] = {
    Category.SINGLE: "the card itself: rank first, then suit",
    Category.PAIR: "the rank, then the higher suit of the pair",
    Category.TWO_PAIR: "the higher pair's rank, then that pair's higher suit",
    Category.THREE_OF_A_KIND: "the rank of the three; suits never matter",
    Category.STRAIGHT: "the top card, rank and suit (a wrap-around's top is its last card)",
    Category.FLUSH: "the highest card, rank and suit",
    Category.FULL_HOUSE: "the rank of the three; suits never matter",
    Category.FOUR_OF_A_KIND: "the rank of the four; the kicker and suits never matter",
    Category.STRAIGHT_FLUSH: "the top card, rank and suit (a wrap-around's top is its last card)",
}


# --------------------------------------------------------------------------- what cards are

@dataclass(frozen=True, slots=True)
class PlayInfo:
    """What some cards are as a play, or why they are none."""

    cards: tuple[Card, ...]
    play: Play | None
    #: Why the cards are no play ("" when they are one).
    reason: str = ""
    #: The rule that decides: R4 (modes, categories), R5 (straights) or R3 (bad cards).
    rule: str = "R4"

    @property
    def is_play(self) -> bool:
        return self.play is not None

    def rows(self) -> list[tuple[str, str]]:
        """The facts as (label, value) rows, each naming its rule."""
        p = self.play
        if p is None:
            return [("cards", format_cards(self.cards) or "—"),
                    ("a play?", f"no — {self.reason}")]
        cat = p.category
        rows = [
            ("cards", format_cards(p.shown)),
            ("in words", p.describe()),
            ("mode (R4)", p.mode.label),
            ("category (R4)", cat.label if cat.mode is Mode.POKER else f"— ({cat.label})"),
            ("key (R6)", f"{p.key_text} — {KEY_RULES[cat]}"),
        ]
        if cat is Category.STRAIGHT or cat is Category.STRAIGHT_FLUSH:
            rows.append(("straight (R5)", "a wrap-around straight" if p.wrap else
                         "five ranks in a row"))
        return rows

    def summary(self) -> str:
        """One line: ``7♥ 7♠ — a pair of sevens (pair mode, key 7♠)`` or why not."""
        if self.play is None:
            return (f"{format_cards(self.cards)}: no play — {self.reason}" if self.cards
                    else "no cards picked")
        p = self.play
        return f"{format_cards(p.shown)} — {p.describe()} ({p.mode.label} mode, key {p.key_text})"


def inspect(cards: Iterable[Card], rules: Rules = DEFAULT_RULES) -> PlayInfo:
    """What ``cards`` are as a play (R4–R6), or why they are none, with the deciding rule."""
    hand = tuple(sorted(cards))
    if not hand:
        return PlayInfo((), None, "pick 1 to 5 cards", "R4")
    try:
        return PlayInfo(hand, classify(hand, rules), "", "R4")
    except IllegalPlay as err:
        why = str(err.args[0])
        return PlayInfo(hand, None, why, err.rule or "R4")


# --------------------------------------------------------------------------- beating a play

@dataclass(frozen=True, slots=True)
class Judged:
    """One play of a hand put on a table: legal or not, why, and the rule."""

    play: Play
    verdict: Verdict

    @property
    def legal(self) -> bool:
        return self.verdict.legal

    @property
    def rule(self) -> str:
        return self.verdict.rule


def _lowest(plays: Sequence[Play]) -> Play:
    return min(plays, key=lambda p: (p.category, p.order, p.cards))


def judge_hand(hand: Iterable[Card], table: Play | None,
               rules: Rules = DEFAULT_RULES) -> list[Judged]:
    """Every play of ``hand`` in the table's mode judged against ``table`` (lowest first),
    then the lowest play of each other mode, which R7 refuses.

    With ``table`` ``None`` (a fresh trick) every play leads (R13): the lowest play of each
    mode is listed.
    """
    cards = tuple(sorted(hand))
    out: list[Judged] = []
    if table is None:
        for mode in Mode:
            plays = plays_in_mode(cards, mode, rules)
            if plays:
                p = _lowest(plays)
                out.append(Judged(p, judge(p, None)))
        return out
    same = sorted(plays_in_mode(cards, table.mode, rules),
                  key=lambda p: (p.category, p.order, p.cards))
    out.extend(Judged(p, judge(p, table)) for p in same)
    for mode in Mode:
        if mode is not table.mode:
            plays = plays_in_mode(cards, mode, rules)
            if plays:
                p = _lowest(plays)
                out.append(Judged(p, judge(p, table)))
    return out


def tally(judged: Iterable[Judged]) -> dict[str, tuple[int, int]]:
    """How many plays each rule let through and refused: ``{rule: (legal, refused)}``,
    rules in number order."""
    ok: Counter[str] = Counter()
    no: Counter[str] = Counter()
    for j in judged:
        (ok if j.legal else no)[j.rule] += 1
    rules = sorted(set(ok) | set(no), key=lambda r: int(r[1:]))
    return {r: (ok[r], no[r]) for r in rules}


# --------------------------------------------------------------------------- the quiz

@dataclass(frozen=True, slots=True)
class Feedback:
    """The answer to one quiz question and whether the learner had it right."""

    correct: bool
    answer: bool
    rule: str
    text: str


@dataclass(frozen=True, slots=True)
class Question:
    """"Does ``play`` beat ``table``?" — both as card text; ``topic`` says what it teaches."""

    table: str
    play: str
    topic: str

    def table_play(self) -> Play:
        return classify(self.table)

    def played(self) -> Play:
        return classify(self.play)

    def verdict(self) -> Verdict:
        """The engine's judgement: legal or not, why, and the rule."""
        return judge(self.played(), self.table_play())

    @property
    def answer(self) -> bool:
        return self.verdict().legal

    def prompt(self) -> str:
        """The question in words, cards included."""
        return f"On {_words(self.table_play())}, may you play {_words(self.played())}?"

    def check(self, says_yes: bool) -> Feedback:
        """Score the learner's answer, and say why in the engine's words."""
        v = self.verdict()
        right = says_yes == v.legal
        head = ("Right" if right else "Not quite") + (": yes, it beats it — " if v.legal
                                                       else ": no, it does not — ")
        return Feedback(right, v.legal, v.rule, head + v.reason)


def _words(p: Play) -> str:
    cards = format_cards(p.shown)
    return cards if p.category is Category.SINGLE else f"{cards} ({p.describe()})"


#: The quiz: one question per idea of R7–R9 (from the rules' conformance examples).
QUIZ: Final[tuple[Question, ...]] = (
    Question("7C", "7S", "same rank: the suit decides (R2, R8)"),
    Question("8D", "7S", "rank before suit (R2, R8)"),
    Question("AS", "2D", "twos beat aces (R9)"),
    Question("2D", "AS", "an ace on a two (R9)"),
    Question("7D 7S", "7C 7H", "a pair's key is its higher suit (R6)"),
    Question("AH AS", "2D 2C", "twos beat aces, in pairs too (R9)"),
    Question("9C 9D", "9H 9S 9C", "the mode of a trick (R7)"),
    Question("9D 9C 9H", "KD KC QH QS", "categories: three of a kind beats two pair (R8)"),
    Question("2D 2C 2H 9D 9C", "3D 3C 3H 3S", "a higher category always wins (R8)"),
    Question("2D 2C 2H 9D 9C", "AD AC AH 3D 3C", "full houses: an ace on a two (R9)"),
    Question("10D JD QH KS AD", "JC QD KH AS 2D", "a wrap-around straight's top is the 2 (R5, R9)"),
    Question("4D 5C 6H 7S 8C", "4H 5D 6C 7D 8D", "straights: the top card's suit (R6)"),
    Question("AH AS 5D 5C", "2D 2C 9H 9S", "two pair holding twos on aces (R9)"),
)


# --------------------------------------------------------------------------- the rules of a game

def legal_summary(state: GameState) -> str:
    """What the player to act may do now, in a few words (plays counted, not listed)."""
    if state.is_over:
        return "nothing: the game is over"
    acts = state.legal_actions()
    plays = sum(isinstance(a, PlayCards) for a in acts)
    pile = sum(isinstance(a, TakeFromPile) for a in acts)
    mulls = sum(isinstance(a, Mulligan) for a in acts)
    parts: list[str] = []
    if mulls:
        parts.append(f"choose a mulligan ({mulls} ways)")
    if plays:
        parts.append(f"{plays} play{'s' if plays != 1 else ''}")
    for kind, words in ((Pass, "pass"), (Draw, "draw a deck card"), (Stop, "stop"),
                        (Redraw, "re-draw")):
        if any(isinstance(a, kind) for a in acts):
            parts.append(words)
    if pile:
        parts.append(f"take a pile card ({pile})")
    if any(isinstance(a, Concede) for a in acts):
        parts.append("concede")
    return f"{player_name(state.to_act)} may: " + ", ".join(parts)


def rules_used(before: GameState, action: Action, after: GameState) -> tuple[str, ...]:
    """The rules an action applies, in number order: the mode of a lead, the judgement of an
    answer, drawing and its reshuffles, the end of the game…"""
    used: set[str] = set()
    if isinstance(action, Mulligan):
        used.add("R11")
        if after.phase is not Phase.MULLIGAN:
            used.add("R12")
    elif isinstance(action, PlayCards):
        table = before.table
        play = classify(action.cards, before.rules)
        if table is None:
            used.update(("R4", "R13"))
        else:
            used.update(("R7", judge(play, table).rule))
    elif isinstance(action, Pass):
        used.add("R16")
    elif isinstance(action, Draw | TakeFromPile | Stop):
        used.add("R14")
    elif isinstance(action, Redraw):
        used.add("R15")
    elif isinstance(action, Concede):
        used.add("R19")
    if after.reshuffles > before.reshuffles:
        used.add("R18")
    if after.end_reason in (EndReason.EMPTIED_HAND, EndReason.HAND_LIMIT):
        used.add("R17")
    elif after.end_reason is EndReason.TURN_LIMIT:
        used.add("R20")
    return tuple(sorted(used, key=lambda r: int(r[1:])))


@dataclass(frozen=True, slots=True)
class Frame:
    """One moment of a scene: the state, what just happened, and what may happen next."""

    state: GameState
    narration: str
    next_options: str
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Scene:
    """A hand-made position and a few actions from it that show one rule at work."""

    rule: str
    title: str
    text: str
    start: GameState
    actions: tuple[Action, ...] = field(default=())

    def frames(self) -> list[Frame]:
        """The start, then the state after each action (the engine narrates each one)."""
        out = [Frame(self.start, "the position", legal_summary(self.start))]
        s = self.start
        for a in self.actions:
            after, event = step(s, a)
            out.append(Frame(after, event.private, legal_summary(after),
                             rules_used(s, a, after)))
            s = after
        return out


def _all_but(*groups: str) -> str:
    """Every card not named in ``groups`` (card texts), as text: the rest of the deck."""
    named = {c for g in groups for c in parse_cards(g)}
    return format_cards((c for c in CARDS if c not in named), ascii=True)


def scenes() -> tuple[Scene, ...]:
    """Small positions for the rules of a game (R13–R20), each with the actions to step."""
    p1, p2 = "3D 5C 9H", "4S 8D JH QC"
    twenty_five = ("3D 3C 4D 4C 5D 5C 6D 6C 7D 7C 8D 8C 9D 9C 10D 10C JD JC QD QC "
                   "3H 4H 5H 6H 7H")
    return (
        Scene("R13", "Leading a fresh trick",
              "The leader may play any legal play: a single, a pair or a poker hand. Its "
              "mode is the trick's mode.",
              GameState.custom((p1 + " 9S", p2)), (PlayCards("9H 9S"),)),
        Scene("R16", "Passing the lead",
              "P1 leads but passes. P2 must now lead: no pass back, and no draw.",
              GameState.custom((p1, p2)), (Pass(), PlayCards("4S"))),
        Scene("R14", "Cannot beat? Draw",
              "P1 cannot beat the K♠: it draws one deck card, then may take a second or stop. "
              "The draw ends the trick and P2, who played last, leads.",
              GameState.custom((p1, p2), phase=Phase.ANSWER, table=[(1, "KS")],
                               pile="6D 10S JS"),
              (Draw(), Stop())),
        Scene("R14", "Or take one card from the face-up pile",
              "Instead of the deck, P1 takes the J♠ it can see in the pile.",
              GameState.custom((p1, p2), phase=Phase.ANSWER, table=[(1, "KS")],
                               pile="6D 10S JS"),
              (TakeFromPile(parse_cards("JS")[0]),)),
        Scene("R15", "The re-draw, once a game",
              "P1 draws two deck cards, dislikes them, and re-draws: both go face up to the "
              "pile and two new cards come. That ends the turn.",
              GameState.custom((p1, p2), phase=Phase.ANSWER, table=[(1, "KS")],
                               deck="6S 7S 10H QH " + _all_but(p1, p2, "KS", "6S 7S 10H QH")),
              (Draw(), Draw(), Redraw())),
        Scene("R17", "An empty hand wins",
              "P1 holds one card and leads it: its hand is empty and it wins at once.",
              GameState.custom(("9H", p2)), (PlayCards("9H"),)),
        Scene("R17", "The hand limit",
              "P1 holds 25 cards and cannot beat the K♠. Drawing makes 26: P1 loses.",
              GameState.custom((twenty_five, "2S AS AH JH"), phase=Phase.ANSWER,
                               table=[(1, "KS")]),
              (Draw(),)),
        Scene("R18", "An empty deck",
              "The deck is empty when P1 draws: the discards of finished tricks are shuffled "
              "into a new deck first.",
              GameState.custom((p1, p2), phase=Phase.ANSWER, table=[(1, "KS")], deck="",
                               discards=_all_but(p1, p2, "KS")),
              (Draw(), Stop())),
        Scene("R19", "Conceding",
              "The player to act may concede at any time, and loses.",
              GameState.custom((p1, p2), phase=Phase.ANSWER, table=[(1, "KS")]),
              (Concede(),)),
        Scene("R20", "The turn limit",
              "With a turn limit of 2 actions (the real one is 1,000), the game stops after "
              "the second action: a draw, so that no simulation runs forever.",
              GameState.custom((p1, p2), rules=Rules(turn_limit=2)),
              (Pass(), PlayCards("4S"))),
    )
