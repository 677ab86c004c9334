"""Lesson 2, the rules, as things to click:

* :class:`CardText` — type cards as text and see them, or why the text is no card (R1–R3);
* :class:`PlayInspector` — pick cards and see at once what play they make (R4–R6);
* :class:`BeatExplorer` — put a play on the table and see which plays of a hand beat it, and
  which rule decides each (R7–R9);
* :class:`Quiz` — three formats of questions, answers that lock, feedback in the engine's
  words, a summary of the rules missed, restart and shuffle;
* :class:`SceneViewer` — small hand-made positions for the rules of a game (R13–R20);
* :class:`GameWalkthrough` — a whole game, move by move, with the rules each move uses.

The facts come from :mod:`wpp.warpairs.teach.rules`; these classes only draw them.

>>> q = Quiz()
>>> q.yes_button.click(); q.summary()
'quiz: question 1 of 19, 1 right of 1 answered'
>>> p = PlayInspector("7S 7H 9D 9C 3D"); p.summary()
'3♦ 7♥ 7♠ 9♦ 9♣: no play — two pair is always played as 4 cards, without a kicker (R4)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import Final

import ipywidgets as w

from widgets.lessons.shared.base import (
    Lesson,
    SeedField,
    lesson_root,
    nav_button,
    report_answer,
    table_html,
)
from widgets.lessons.shared.commit import skip_button
from widgets.lessons.shared.picker import CardPicker
from widgets.lessons.warpairs.board import GameNav, board_html, rule_badges
from widgets.parts.faces import cards_html
from wpp.core.standard_deck import CardParseError, format_cards, parse_cards
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.lookup import classify
from wpp.warpairs.teach.quiz import (
    QUIZ_ALL,
    ActionQuestion,
    Answer,
    BeatQuestion,
    PickQuestion,
    QuizItem,
    QuizRun,
)
from wpp.warpairs.teach.replay import RecordedGame
from wpp.warpairs.teach.rules import (
    RULES,
    PlayInfo,
    Scene,
    group_judged,
    inspect,
    judge_hand,
    scenes,
)

__all__ = ["BeatExplorer", "CardText", "GameWalkthrough", "PlayInspector", "Quiz",
           "SceneViewer"]


def _rules_list(rules: Sequence[str]) -> str:
    return "".join(f"<div>{rule_badges((r,))} {escape(RULES[r])}</div>" for r in rules)


# --------------------------------------------------------------------------- cards as text

class CardText(Lesson):
    """A text box: type cards (``7S 10h TH 7♠``…) and see them drawn, or the parser's
    reason for refusing the text (R3)."""

    def __init__(self, text: str = "7S 10h QD 2c A♠") -> None:
        self.box = w.Text(value=text, description="cards", continuous_update=True,
                          layout=w.Layout(width="420px"))
        self.out = w.HTML("")
        self.out.add_class("wpp-panel")
        self.box.observe(lambda _c: self._render(), names="value")
        self.root = lesson_root([self.box, self.out])
        self._render()

    def _render(self) -> None:
        try:
            cards = parse_cards(self.box.value)
        except CardParseError as err:
            self.message = f"refused: {err}"
            self.out.value = f'<span class="wpp-no">{escape(self.message)}</span> ' + \
                rule_badges(("R3",))
            return
        self.message = format_cards(cards) if cards else "no cards"
        ordered = sorted(cards)
        self.out.value = (f"<div>as written: {cards_html(cards, 40)}</div>"
                          f"<div>in card order (R2): {cards_html(ordered, 40)}</div>")

    def summary(self) -> str:
        return f"cards from text: {self.message}"


# --------------------------------------------------------------------------- what is a play

PRESETS: Final[tuple[tuple[str, str], ...]] = (
    ("a single card", "7S"),
    ("a pair", "7H 7S"),
    ("two pair (4 cards)", "5D 5C 9H 9S"),
    ("two pair + a kicker: no play", "5D 5C 9H 9S 3C"),
    ("three of a kind", "8D 8C 8S"),
    ("three of a kind + 2 kickers: no play", "8D 8C 8S 3H 5C"),
    ("a straight", "4H 5S 6D 7C 8H"),
    ("a wrap-around straight, 2 high", "JC QD KH AS 2D"),
    ("A-2-3-4-5: 5 high", "AD 2C 3H 4S 5D"),
    ("a flush", "3H 7H 9H JH KH"),
    ("a full house", "6D 6C 6S QH QS"),
    ("four of a kind with a kicker", "7S 7H 7D 7C 3D"),
    ("a straight flush", "9S 10S JS QS KS"),
    ("two cards of two ranks: no play", "7C 8H"),
)


class PlayInspector(Lesson):
    """Pick up to 5 cards (or a preset) and see their mode, category and key — or why they
    are no play — with the rule that says so."""

    def __init__(self, cards: str = "JC QD KH AS 2D") -> None:
        self.picker = CardPicker(limit=5)
        self.presets = w.Dropdown(options=[("— examples —", "")] + [
            (label, text) for label, text in PRESETS], value="", description="try")
        self.clear_button = nav_button("Clear", "pick no cards")
        self.out = w.HTML("")
        self.out.add_class("wpp-panel")
        self.picker.on_change(lambda _cards: self._render())
        self.picker.on_refuse(lambda _why: self._render())
        self.presets.observe(self._preset, names="value")
        self.clear_button.on_click(lambda _b: self.picker.clear())
        bar = w.HBox([self.presets, self.clear_button])
        bar.add_class("wpp-nav")
        self.root = lesson_root([bar, self.picker.box, self.out])
        self.picker.set_selected(parse_cards(cards))

    def _preset(self, change: dict[str, object]) -> None:
        text = change["new"]
        if isinstance(text, str) and text:
            self.picker.set_selected(parse_cards(text))
            # Back to the placeholder: no stale label, and the same example can be chosen
            # again after the cards were changed by hand.
            self.presets.value = ""

    @property
    def info(self) -> PlayInfo:
        """What the picked cards are."""
        return inspect(self.picker.selected)

    def _render(self) -> None:
        info = self.info
        pics = cards_html(info.play.shown if info.play else info.cards, 50) if info.cards \
            else '<span class="wpp-muted">click cards above</span>'
        if info.play is None:
            verdict = (f'<div class="wpp-no">No play: {escape(info.reason)}</div>'
                       f"{rule_badges((info.rule,))}")
            body = verdict
        else:
            rows = "".join(f"<tr><td>{escape(k)}</td><td>{escape(v)}</td></tr>"
                           for k, v in info.rows()[1:])
            body = (f'<div class="wpp-ok">{escape(info.play.describe())}</div>'
                    f'<table class="wpp-facts">{rows}</table>')
        refused = ""
        if self.picker.refusal:
            refused = (f'<div class="wpp-no">Refused: a play is {escape(self.picker.refusal)} '
                       f"</div>{rule_badges(('R4',))}")
        self.out.value = f"<div>{pics}</div>{refused}{body}"

    def summary(self) -> str:
        return self.info.summary()


# --------------------------------------------------------------------------- what beats what

TABLES: Final[tuple[tuple[str, str], ...]] = (
    ("the A♠", "AS"),
    ("the 9♥", "9H"),
    ("a pair of sevens, 7♦ 7♠", "7D 7S"),
    ("a pair of aces, A♥ A♠", "AH AS"),
    ("two pair, aces and fives", "AH AS 5D 5C"),
    ("three nines", "9D 9C 9H"),
    ("a straight, 10 to A", "10D JC QH KS AD"),
    ("a flush, Q♥ high", "3H 5H 8H 10H QH"),
    ("a full house, twos over nines", "2D 2C 2H 9D 9C"),
)

#: Rows of plays shown at most (a big hand has dozens of poker plays).
MAX_ROWS: Final = 40


def _decided(rule: str, yes: int, no: int) -> str:
    """How many plays ``rule`` decides, and how many of them beat the table, in words:
    ``"R8 for 14 plays (none beats it)"``."""
    n = yes + no
    beat = ("none beats it" if yes == 0 else "it beats it" if n == 1 else
            "all beat it" if no == 0 else f"{yes} beat{'s' if yes == 1 else ''} it")
    return f"{rule} for {n} play{'s' if n != 1 else ''} ({beat})"


class BeatExplorer(Lesson):
    """Choose the play on the table and a hand (a seeded deal): every play of the hand is
    judged against the table — beats it or not, why, and under which rule."""

    def __init__(self, table: str = "AS", seed: int = 10) -> None:
        options = [(label, text) for label, text in TABLES]
        if table not in [t for _, t in options]:
            options.insert(0, (str(classify(table)), table))
        self.tables = w.Dropdown(options=options, value=table, description="table")
        self.seed = SeedField(seed, lambda _s: self._render(), label="Deal this hand")
        self.out = w.HTML("")
        self.out.add_class("wpp-panel")
        self.tables.observe(lambda _c: self._render(), names="value")
        choice = w.HBox([self.tables])
        choice.add_class("wpp-choice")
        self.root = lesson_root([choice, self.seed.box, self.out])
        self._render()

    def _render(self) -> None:
        table = classify(self.tables.value)
        hand = tuple(sorted(c for c in deal(self.seed.seed)[:DEAL_SIZE]
                            if c not in set(table.cards)))
        judged = judge_hand(hand, table)
        self.judged = judged
        self.rows = grouped = group_judged(judged)
        # Everything counted in the same unit: different plays (the table's rows); the ways
        # to choose their cards from the hand are said once, beside.
        ok = sum(j.legal for j, _ in grouped)
        ways_ok, all_ways = sum(n for j, n in grouped if j.legal), sum(n for _, n in grouped)
        counts: dict[str, list[int]] = {}
        for j, _n in grouped:
            counts.setdefault(j.rule, [0, 0])[0 if j.legal else 1] += 1
        self.line = (f"{ok} of the {len(grouped)} different plays your hand can make beat "
                     f"{table.describe()} ({ways_ok} of {all_ways} if every way to pick their "
                     "cards counts). The rule that decides: "
                     + ", ".join(_decided(r, a, b) for r, (a, b) in counts.items()) + ".")
        rows = []
        legal_rows = []
        for i, (j, n) in enumerate(grouped[:MAX_ROWS]):
            if j.legal:
                legal_rows.append(i)
            ways = f" <span class=\"wpp-muted\">({n} ways)</span>" if n > 1 else ""
            rows.append([cards_html(j.play.shown, 26), escape(j.play.describe()) + ways,
                         '<span class="wpp-ok">yes</span>' if j.legal else
                         '<span class="wpp-no">no</span>', rule_badges((j.rule,)),
                         escape(j.verdict.reason)])
        more = (f'<div class="wpp-muted">… and {len(grouped) - MAX_ROWS} more plays that do '
                "not beat it</div>" if len(grouped) > MAX_ROWS else "")
        self.out.value = (
            f"<div><b>On the table:</b> {cards_html(table.shown, 44)} "
            f"{escape(table.describe())} ({escape(table.mode.label)} mode)</div>"
            f"<div><b>Your hand:</b> {cards_html(hand, 30)}</div>"
            f"<div class='wpp-narration'>{escape(self.line)} The plays that beat it come "
            "first.</div>"
            + table_html(("play", "in words", "beats it?", "rule", "why"), rows,
                         legal=legal_rows) + more)

    def summary(self) -> str:
        return f"beat explorer, deal {self.seed.seed}: {self.line}"


# --------------------------------------------------------------------------- the quiz

def _toggle(label: str) -> w.ToggleButton:
    b = w.ToggleButton(value=False, description=label, layout=w.Layout(width="auto"))
    b.add_class("wpp-answer")
    return b


class Quiz(Lesson):
    """The quiz (:mod:`wpp.warpairs.teach.quiz`): a question at a time — yes/no, click every card
    that beats the table, tick every legal move of a position. The first answer locks (later clicks
    change nothing); the engine says why, citing the rule; after the last question, the score
    and the rules missed, with Restart and Shuffle. Titles never give the answer away.
    Next waits until the question is answered; the small **Skip** shows the answer, marked
    as skipped, and records nothing for the class (:mod:`widgets.lessons.shared.commit`)."""

    def __init__(self, questions: Sequence[QuizItem] = QUIZ_ALL, shuffle_seed: int = 1) -> None:
        self.run = QuizRun(questions)
        self.questions = tuple(questions)
        self.shuffle_seed = shuffle_seed
        self.yes_button = w.Button(description="Yes, it beats it")
        self.no_button = w.Button(description="No, it does not")
        self.check_button = w.Button(description="Check my answer")
        for b in (self.yes_button, self.no_button, self.check_button):
            b.add_class("wpp-answer")
        self.back_button = nav_button("◀ Previous question")
        self.next_button = nav_button("Next question ▶")
        self.skip_button = skip_button()
        self.skipped: set[int] = set()
        self.restart_button = nav_button("Restart", "answer every question again, in order")
        self.shuffle_button = nav_button("Shuffle and restart",
                                         "answer every question again, in another order")
        self.question = w.HTML("")
        self.question.add_class("wpp-panel")
        self.options = w.HBox([])
        self.options.add_class("wpp-inline")
        self.feedback = w.HTML("")
        self.feedback.add_class("wpp-feedback")
        self.score = w.HTML("")
        self.end = w.HTML("")
        self.end.add_class("wpp-panel")
        self.toggles: list[w.ToggleButton] = []
        self.yes_button.on_click(lambda _b: self.answer(True))
        self.no_button.on_click(lambda _b: self.answer(False))
        self.check_button.on_click(lambda _b: self.answer(frozenset(
            i for i, t in enumerate(self.toggles) if t.value)))
        self.back_button.on_click(lambda _b: self.go(self.run.position - 1))
        self.next_button.on_click(lambda _b: self.forward())
        self.skip_button.on_click(lambda _b: self.skip())
        self.restart_button.on_click(lambda _b: self.restart(shuffle=False))
        self.shuffle_button.on_click(lambda _b: self.restart(shuffle=True))
        answers = w.HBox([self.yes_button, self.no_button, self.check_button,
                          self.skip_button])
        answers.add_class("wpp-nav")
        nav = w.HBox([self.back_button, self.next_button, self.score, self.restart_button,
                      self.shuffle_button])
        nav.add_class("wpp-nav")
        self.root = lesson_root([self.question, self.options, answers, self.feedback, nav,
                                 self.end])
        self.go(0)

    @property
    def index(self) -> int:
        """The question shown (its index in ``questions``)."""
        return self.run.index

    @property
    def answers(self) -> dict[int, bool]:
        """Question index → was the learner's first answer right?"""
        return {i: f.correct for i, f in self.run.answers.items()}

    def go(self, position: int) -> None:
        """Show the question at ``position`` in the current order (no wrap-around)."""
        self.run.go(position)
        q = self.run.question
        n = len(self.questions)
        head = (f'<div class="wpp-step-head">Question {self.run.position + 1} of {n}</div>')
        if isinstance(q, BeatQuestion):
            t, p = q.table_play(), q.played()
            body = (f"<div>On the table: {cards_html(t.shown, 44)} {escape(t.describe())}</div>"
                    f"<div>Can you play: {cards_html(p.shown, 44)} {escape(p.describe())}?"
                    "</div>")
            self.toggles = []
        elif isinstance(q, PickQuestion):
            t = q.table_play()
            body = (f"<div>On the table: {cards_html(t.shown, 44)}</div>"
                    "<div><b>Click every card of your hand that beats it</b>, then check.</div>")
            self.toggles = [_toggle(str(c)) for c in q.cards()]
        else:
            assert isinstance(q, ActionQuestion)
            body = (f"<div>{escape(q.situation)}</div>{board_html(q.state)}"
                    "<div><b>Tick every move you may make now</b>, then check.</div>")
            self.toggles = [_toggle(str(a)) for a in q.options]
        self.question.value = head + body
        self.options.children = tuple(self.toggles)
        yes_no = isinstance(q, BeatQuestion)
        for b, show in ((self.yes_button, yes_no), (self.no_button, yes_no),
                        (self.check_button, not yes_no)):
            b.layout.display = "" if show else "none"
        self._show_answer()

    def forward(self) -> None:
        """The next question; after the last, the summary."""
        if self.run.position + 1 < len(self.questions):
            self.go(self.run.position + 1)
        else:
            self._show_answer()

    @property
    def done(self) -> bool:
        """Is the question shown answered or skipped?"""
        return self.run.answered() is not None or self.run.index in self.skipped

    def skip(self) -> None:
        """Skip the question shown: its answer is shown, marked as skipped; it does not
        count in the score and nothing is recorded for the class."""
        if self.done:
            return
        self.skipped.add(self.run.index)
        self._show_answer()

    def answer(self, answer: Answer) -> None:
        """The learner answers the question shown (only a first answer counts; a skipped
        question takes no answer)."""
        if self.run.index in self.skipped:
            return
        first = self.run.answered() is None
        self.run.answer(answer)
        self._show_answer()
        fb = self.run.answered()
        if first and fb is not None:
            q = self.run.question
            report_answer(f"quiz {self.run.index + 1} · {q.topic}", self._answer_text(answer),
                          fb.correct, f"Quiz question {self.run.index + 1}: {q.topic}",
                          lesson="02")

    def _answer_text(self, answer: Answer) -> str:
        """The learner's answer in words (for the class view): yes / no, or the cards or
        moves ticked."""
        if isinstance(answer, bool):
            return "yes" if answer else "no"
        ticked = [str(self.toggles[i].description) for i in sorted(answer)
                  if 0 <= i < len(self.toggles)]
        return ", ".join(ticked) or "none"

    def restart(self, *, shuffle: bool) -> None:
        """Start over: no answers; in order, or shuffled (a new order each time)."""
        if shuffle:
            self.shuffle_seed += 1
        self.skipped = set()
        self.run.restart(self.shuffle_seed if shuffle else None)
        self.go(0)

    def _show_answer(self) -> None:
        fb = self.run.answered()
        q = self.run.question
        skipped = fb is None and self.run.index in self.skipped
        locked = self.done
        for b in (self.yes_button, self.no_button, self.check_button, *self.toggles):
            b.disabled = locked
        self.skip_button.layout.display = "none" if locked else ""
        if skipped:
            fb = q.check(q.answer_key())      # the right answer, said as the engine says it
        if fb is None:
            self.feedback.value = ""
        else:
            cls = "wpp-ok" if fb.correct else "wpp-no"
            extra = ""
            if isinstance(q, PickQuestion | ActionQuestion):
                rows = [[escape(label), '<span class="wpp-ok">yes</span>' if ok else
                         '<span class="wpp-no">no</span>', escape(why)]
                        for label, ok, why in q.verdicts()]
                extra = table_html(("", "legal?", "the engine says"), rows)
            said = (f'<span class="{cls}">{escape(fb.text)}</span>' if not skipped else
                    "Skipped — the answer: "
                    + escape(re.sub(r"^(?:Right|Not quite)\W*", "", fb.text)))
            self.feedback.value = (f"{said}"
                                   f'<div class="wpp-muted">This question was about: '
                                   f"{escape(q.topic)}</div>{extra}")
        right, answered = self.run.score()
        self.score.value = f"score: <b>{right}</b> of {answered}"
        self.back_button.disabled = self.run.position == 0
        last = self.run.position + 1 >= len(self.questions)
        self.next_button.description = "See my score ▶" if last else "Next question ▶"
        self.next_button.disabled = not locked
        everything = len(self.run.answers) + len(self.skipped) >= len(self.questions)
        self.end.value = self._end_html() if everything and last else ""
        self.end.layout.display = "" if self.end.value else "none"

    def _end_html(self) -> str:
        right, answered = self.run.score()
        missed = self.run.missed_rules()
        review = ("".join(f"<div>{rule_badges((r,))} {escape(RULES[r])}</div>" for r in missed)
                  if missed else "<div>Nothing to review: every answer was right.</div>")
        skipped = f" ({len(self.skipped)} skipped)" if self.skipped else ""
        return (f'<div class="wpp-step-head">The end: {right} right of {answered}{skipped}'
                f"</div><div>Rules to review ({len(missed)}) — read them again in "
                f'<a href="#the-rules-card">the rules card</a> or '
                f'<a href="#appendix-the-rules">the rules table</a>:</div>{review}'
                "<div>Press <b>Restart</b> to try again, or <b>Shuffle and restart</b> for "
                "another order.</div>")

    def summary(self) -> str:
        right, answered = self.run.score()
        end = " — finished" if self.run.finished else ""
        return (f"quiz: question {self.run.position + 1} of {len(self.questions)}, "
                f"{right} right of {answered} answered"
                + (f", {len(self.skipped)} skipped" if self.skipped else "") + end)


# --------------------------------------------------------------------------- scenes

class SceneViewer(Lesson):
    """Choose a rule's scene; step through its actions (Next / Back) and watch the board,
    the engine's narration and what the player to act may do next."""

    def __init__(self, start: int = 0) -> None:
        self.scenes: tuple[Scene, ...] = scenes()
        self.choice = w.Dropdown(options=[(f"{s.rule} · {s.title}", i)
                                          for i, s in enumerate(self.scenes)],
                                 value=start, description="scene")
        self.back_button = nav_button("◀ Back")
        self.next_button = nav_button("Next ▶")
        self.label = w.HTML("")
        self.label.add_class("wpp-nav-label")
        self.text = w.HTML("")
        self.board = w.HTML("")
        self.story = w.HTML("")
        self.story.add_class("wpp-panel")
        self.choice.observe(lambda _c: self.show(self.choice.value), names="value")
        self.back_button.on_click(lambda _b: self.go(self.frame - 1))
        self.next_button.on_click(lambda _b: self.go(self.frame + 1))
        nav = w.HBox([self.back_button, self.label, self.next_button])
        nav.add_class("wpp-nav")
        choice = w.HBox([self.choice])
        choice.add_class("wpp-choice")
        self.root = lesson_root([choice, self.text, nav, self.board, self.story])
        self.show(start)

    def show(self, index: int) -> None:
        """Show scene ``index`` from its start."""
        self.scene = self.scenes[index]
        self.frames = self.scene.frames()
        if self.choice.value != index:
            self.choice.value = index
        self.text.value = (f"<div>{rule_badges((self.scene.rule,))} "
                           f"<b>{escape(RULES[self.scene.rule])}</b></div>"
                           f"<div>{escape(self.scene.text)}</div>")
        self.go(0)

    def go(self, frame: int) -> None:
        """Show the position after ``frame`` actions of the scene."""
        self.frame = max(0, min(frame, len(self.frames) - 1))
        f = self.frames[self.frame]
        self.label.value = f"{self.frame} of {len(self.frames) - 1} actions"
        self.board.value = board_html(f.state)
        said = "The position." if self.frame == 0 else f"{f.narration}."
        self.story.value = (f'<div class="wpp-narration">{escape(said)} {rule_badges(f.rules)}'
                            f'</div><div class="wpp-muted">{escape(f.next_options)}</div>')
        self.back_button.disabled = self.frame == 0
        self.next_button.disabled = self.frame + 1 >= len(self.frames)

    def summary(self) -> str:
        f = self.frames[self.frame]
        said = "the position" if self.frame == 0 else f.narration
        return f"scene {self.scene.rule} · {self.scene.title}: {said}"


# --------------------------------------------------------------------------- a whole game

class GameWalkthrough(Lesson):
    """A whole game between two classic AIs, every card face up, move by move (slider or
    Back / Next): the board, what happened, and the rules the move used. The list below
    fills in as the game uses more of the rules."""

    def __init__(self, seed: int = 22) -> None:
        self.nav = GameNav(seed, 0, self._render)
        self.seed, self.slider = self.nav.seed, self.nav.slider
        self.back_button, self.next_button = self.nav.back_button, self.nav.next_button
        self.board = w.HTML("")
        self.story = w.HTML("")
        self.story.add_class("wpp-panel")
        self.used = w.HTML("")
        self.root = lesson_root([self.seed.box, self.nav.box, self.story, self.board, self.used])
        self.load(self.seed.seed)

    @property
    def game(self) -> RecordedGame:
        """The game shown."""
        return self.nav.game

    def load(self, seed: int) -> None:
        """Play deal ``seed`` and show it from the deal."""
        self.nav.load(seed)

    def go(self, position: int) -> None:
        """Show the game after ``position`` moves (0: the deal)."""
        self.nav.go(position)

    def _render(self) -> None:
        pos = int(self.slider.value)
        state = self.game.state_at(pos)
        if pos == 0:
            text = ("The deal (R10): 16 cards to each player, 20 face down in the deck. "
                    "Press Next to see the mulligans.")
            rules: tuple[str, ...] = ("R10",)
            self.line = "the deal"
        else:
            m = self.game.moves[pos - 1]
            text = f"{m.headline()} — {m.narration}."
            rules = m.rules
            self.line = m.headline()
        self.board.value = board_html(state)
        self.story.value = (f'<div class="wpp-narration">{escape(text)}</div>'
                            f"{_rules_list(rules)}")
        seen = {"R10"} | {r for m in self.game.moves[:pos] for r in m.rules}
        ordered = sorted(seen, key=lambda r: int(r[1:]))
        self.used.value = (f'<div class="wpp-muted">Rules used so far ({len(ordered)} of 20): '
                           f"{rule_badges(ordered)}</div>")
        self.nav.update_buttons()

    def summary(self) -> str:
        return (f"walkthrough of deal {self.game.seed} ({len(self.game.moves)} moves, "
                f"{self.game.result()}): {self.line}")
