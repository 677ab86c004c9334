"""Lesson 2's quiz: questions of three formats, answers that lock, a score, a summary of the
rules missed, restart and shuffle.

Every answer is checked by the engine, never by a key written here:

* **does this beat that?** (:class:`~wpp.warpairs.teach.rules.Question`, yes or no) —
  :func:`wpp.warpairs.judge.judge`;
* **click every card that beats this** (:class:`PickQuestion`) — each card is judged against
  the table; the right answer is exactly the cards that beat it;
* **what may you do?** (:class:`ActionQuestion`, a position and a few moves: tick every legal
  one) — each move is tried on the position with :func:`wpp.warpairs.transitions.step`, and an
  illegal one is
  explained by the engine's refusal, which names its rule (drawing, passing, re-drawing, the
  pile, who leads).

A question's title never gives its answer: its *topic* (what it teaches) is shown only after
the answer. :class:`QuizRun` keeps the learner's first answer to each question (later clicks
change nothing), the order (shuffled with a seed, or as written), and at the end the score and
the rules of the questions missed.

>>> run = QuizRun(QUIZ_ALL)
>>> q = run.question
>>> fb = run.answer(q.answer_key())
>>> fb.correct, run.answer(not q.answer_key()).correct      # the first answer stays
(True, True)
>>> run.score()
(1, 1)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol

from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.warpairs.actions import Action, Draw, Pass, PlayCards, Redraw, Stop, TakeFromPile
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.phases import Phase
from wpp.warpairs.plays import Play
from wpp.warpairs.state import GameState
from wpp.warpairs.teach.rules import QUIZ, Feedback, Question
from wpp.warpairs.transitions import step

__all__ = ["QUIZ_ALL", "ActionQuestion", "Answer", "PickQuestion", "QuizItem", "QuizRun",
           "Verdicts"]

#: An answer: yes/no for a :class:`Question`, a set of cards or of option numbers otherwise.
Answer = bool | frozenset[int]

#: One option's judgement: (label, legal?, the engine's reason with its rule).
Verdicts = list[tuple[str, bool, str]]


class QuizItem(Protocol):
    """What the quiz asks of a question, whatever its format."""

    @property
    def topic(self) -> str: ...  # what it teaches, shown after the answer

    def prompt(self) -> str: ...

    def answer_key(self) -> Answer: ...

    def check(self, answer: Answer) -> Feedback: ...

    def rule_of(self) -> str: ...


class BeatQuestion:
    """A :class:`~wpp.warpairs.teach.rules.Question` ("does this beat that?") in the quiz's
    terms."""

    kind: Final = "yes-no"

    def __init__(self, q: Question) -> None:
        self.q = q
        self.topic = q.topic

    def prompt(self) -> str:
        return self.q.prompt()

    def answer_key(self) -> Answer:
        return self.q.answer

    def check(self, answer: Answer) -> Feedback:
        return self.q.check(bool(answer) if isinstance(answer, bool) else False)

    def rule_of(self) -> str:
        return self.q.verdict().rule

    def table_play(self) -> Play:
        return self.q.table_play()

    def played(self) -> Play:
        return self.q.played()


@dataclass(frozen=True, slots=True)
class PickQuestion:
    """"On this table, click every card of the hand that beats it" (singles)."""

    table: str
    hand: str
    topic: str
    kind: str = "pick-cards"

    def table_play(self) -> Play:
        return classify(self.table)

    def cards(self) -> tuple[Card, ...]:
        return tuple(sorted(parse_cards(self.hand)))

    def prompt(self) -> str:
        return f"On {format_cards(self.table_play().shown)}, click every card that beats it."

    def verdicts(self) -> Verdicts:
        """Each card of the hand judged on the table by the engine."""
        t = self.table_play()
        out = []
        for c in self.cards():
            v = judge(classify((c,)), t)
            out.append((str(c), v.legal, v.reason))
        return out

    def answer_key(self) -> Answer:
        return frozenset(i for i, (_, ok, _) in enumerate(self.verdicts()) if ok)

    def rule_of(self) -> str:
        return judge(classify(self.cards()[:1]), self.table_play()).rule

    def check(self, answer: Answer) -> Feedback:
        picked = answer if isinstance(answer, frozenset) else frozenset()
        key = self.answer_key()
        assert isinstance(key, frozenset)
        right = picked == key
        beats = [label for label, ok, _ in self.verdicts() if ok]
        text = (("Right" if right else "Not quite") + ": "
                + (f"{' '.join(beats)} beat{'s' if len(beats) == 1 else ''} it"
                   if beats else "no card beats it"))
        return Feedback(right, bool(key), self.rule_of(), text)


@dataclass(frozen=True, slots=True)
class ActionQuestion:
    """A position and a few moves: "tick every move P1 may make now"; the engine tries each."""

    situation: str
    state: GameState
    options: tuple[Action, ...]
    topic: str
    kind: str = "pick-moves"

    def prompt(self) -> str:
        return f"{self.situation} Tick every move you may make now."

    def verdicts(self) -> Verdicts:
        """Each option tried on the position by the engine: legal, or its refusal."""
        out = []
        for a in self.options:
            try:
                step(self.state, a, narrate=False)
            except WppError as err:
                out.append((str(a), False, str(err)))
            else:
                out.append((str(a), True, "legal now"))
        return out

    def answer_key(self) -> Answer:
        return frozenset(i for i, (_, ok, _) in enumerate(self.verdicts()) if ok)

    def rule_of(self) -> str:
        rules = [r for _, ok, why in self.verdicts() if not ok
                 for r in _rules_in(why)]
        return rules[0] if rules else "R14"

    def check(self, answer: Answer) -> Feedback:
        picked = answer if isinstance(answer, frozenset) else frozenset()
        key = self.answer_key()
        assert isinstance(key, frozenset)
        right = picked == key
        legal = [label for label, ok, _ in self.verdicts() if ok]
        text = ("Right" if right else "Not quite") + ": you may " + " or ".join(legal)
        return Feedback(right, bool(key), self.rule_of(), text)


def _rules_in(text: str) -> list[str]:
    return re.findall(r"\bR\d+\b", text)


def _pos(hand: str, *, table: Sequence[tuple[int, str]] = (), pile: str = "",
         phase: Phase = Phase.LEAD) -> GameState:
    """A position against P2's 4♠ 8♦ J♥ Q♣ (lesson 2's scenes use the same hands)."""
    return GameState.custom((hand, "4S 8D JH QC"), table=table, pile=pile, phase=phase)


def _questions() -> tuple[object, ...]:
    js = parse_cards("JS")[0]
    return (
        *(BeatQuestion(q) for q in QUIZ),
        PickQuestion("9D", "3C 9C 9H 10D KS 2H", "a single beats a single of a higher rank, or "
                     "of the same rank and a higher suit; a two beats only an ace (R8, R9)"),
        PickQuestion("AH", "AS KD QC 2C 3D", "only a higher ace or a two beats an ace (R9)"),
        ActionQuestion("P2 led the K♠; you hold 3♦ 5♣ 9♥; the pile shows 6♦ 10♠ J♠.",
                       _pos("3D 5C 9H", table=[(1, "KS")], pile="6D 10S JS", phase=Phase.ANSWER),
                       (Draw(), Pass(), TakeFromPile(js), PlayCards(parse_cards("9H"))),
                       "who cannot beat the table draws from the deck or takes one pile card; "
                       "only a leader may pass (R14, R16)"),
        ActionQuestion("A fresh trick: you lead, holding 3♦ 5♣ 9♥.",
                       _pos("3D 5C 9H"),
                       (Pass(), Draw(), PlayCards(parse_cards("3D")),
                        PlayCards(parse_cards("5C 9H"))),
                       "the leader plays any legal play or passes; nobody draws on a fresh "
                       "trick (R13, R16)"),
        ActionQuestion("P1 passed the lead to you: a fresh trick, you hold 4♠ 8♦ J♥ Q♣.",
                       GameState.custom(("3D 5C 9H", "4S 8D JH QC"), to_act=1, passed=True),
                       (Pass(), PlayCards(parse_cards("4S")), PlayCards(parse_cards("JH QC"))),
                       "after a pass the other player must lead: no pass back (R16)"),
        ActionQuestion("You just drew one deck card on P2's K♠ (no re-draw used yet).",
                       _after_draw(1),
                       (Draw(), Stop(), Redraw(), TakeFromPile(js)),
                       "after one deck card you may draw a second or stop; the re-draw comes "
                       "once a game, after drawing, in place of the cards drawn (R14, R15)"),
    )


def _after_draw(n: int) -> GameState:
    s = _pos("3D 5C 9H", table=[(1, "KS")], pile="6D 10S JS", phase=Phase.ANSWER)
    for _ in range(n):
        s, _e = step(s, Draw(), narrate=False)
    return s


#: Every question of the quiz, in the order written: yes/no first, then the other formats.
QUIZ_ALL: Final[tuple[QuizItem, ...]] = tuple(_questions())  # type: ignore[arg-type]


@dataclass
class QuizRun:
    """One learner's way through the quiz: order, first answers, score, rules missed."""

    questions: Sequence[QuizItem]
    order: list[int] = field(default_factory=list)
    position: int = 0
    answers: dict[int, Feedback] = field(default_factory=dict)   # question index → first answer

    def __post_init__(self) -> None:
        if not self.order:
            self.order = list(range(len(self.questions)))

    @property
    def index(self) -> int:
        """The question shown, as an index into ``questions``."""
        return self.order[self.position]

    @property
    def question(self) -> QuizItem:
        return self.questions[self.index]

    @property
    def finished(self) -> bool:
        """Has every question been answered?"""
        return len(self.answers) == len(self.questions)

    def answered(self) -> Feedback | None:
        """The first answer to the question shown, if any."""
        return self.answers.get(self.index)

    def answer(self, answer: Answer) -> Feedback:
        """Answer the question shown; only the first answer counts and stays."""
        if self.index not in self.answers:
            self.answers[self.index] = self.question.check(answer)
        return self.answers[self.index]

    def go(self, position: int) -> None:
        """Show the question at ``position`` in the order (clamped: no wrap-around)."""
        self.position = max(0, min(position, len(self.order) - 1))

    def score(self) -> tuple[int, int]:
        """(right, answered)."""
        return sum(f.correct for f in self.answers.values()), len(self.answers)

    def missed_rules(self) -> list[str]:
        """The rules of the questions answered wrong, in rule order, each once."""
        rules = {r for i, f in self.answers.items() if not f.correct
                 for r in _rules_in(self.questions[i].topic) or [f.rule]}
        return sorted(rules, key=lambda r: int(r[1:]))

    def restart(self, shuffle_seed: int | None = None) -> None:
        """Start again with no answers; shuffled with ``shuffle_seed``, else as written."""
        self.answers = {}
        self.position = 0
        self.order = list(range(len(self.questions)))
        if shuffle_seed is not None:
            random.Random(shuffle_seed).shuffle(self.order)


def cards_of(q: object) -> Iterable[Card]:
    """Every card a question shows (for checks: no card twice)."""
    if isinstance(q, BeatQuestion):
        return (*q.q.table_play().cards, *q.q.played().cards)
    if isinstance(q, PickQuestion):
        return (*q.table_play().cards, *q.cards())
    return ()

