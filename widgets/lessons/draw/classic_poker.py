"""The widgets of lesson 8, "Classic poker and WarPairsPoker".

Four lesson widgets, each a :class:`~widgets.lessons.shared.base.Lesson` (a ``root`` to show, a
one-line ``summary()`` that nbval compares), asking :mod:`wpp.poker.ranking`,
:mod:`wpp.warpairs.teach.versus_poker` and :mod:`wpp.classic` what to show so the notebook
stays glue:

* :class:`ClassicRanking` — pick five cards with card buttons; the classic name, the class
  number of 7,462, and the nine-step ladder with the hand's step marked.
* :class:`SideBySideView` — the same picked cards judged by both rule sets, with notes
  naming each difference (:func:`wpp.warpairs.teach.versus_poker.side_by_side`).
* :class:`Disagreements` — the curated examples
  (:data:`wpp.warpairs.teach.versus_poker.EXAMPLES`), one at a time: the cards, each
  game's verdict, and why they differ.
* :class:`DrawTable` — 5-card draw against the AI: deal a seed, click the cards you discard,
  draw; then the AI's hand is turned over with its discard and the table of every option it
  weighed (:func:`wpp.classic.draw.explain`), the showdown and the winner.

>>> from wpp.core.standard_deck import parse_cards
>>> r = ClassicRanking()
>>> r.summary()
'classic ranking: 7♠ 9♣ 9♥ K♦ K♠ — Two Pair, Kings and Nines, Seven kicker (class 4825 of 7,462)'
>>> r.picker.button_for(parse_cards("7S")[0]).click(); r.summary()
'classic ranking: 4 cards picked — pick 1 more'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, SeedField, lesson_root, nav_button, table_html
from widgets.lessons.shared.commit import AfterGuesses, Guess, GuessList
from widgets.lessons.shared.picker import CardPicker
from widgets.parts.faces import cards_html
from widgets.parts.hand import HandView
from wpp.classic.draw import (
    DiscardOption,
    DrawAI,
    DrawAnalysis,
    DrawRound,
    DrawRules,
    StandPat,
    discard_words,
    explain,
    play_draw,
)
from wpp.classic.game import Discard, DrawView
from wpp.core.agents import Decision
from wpp.core.explain import Explanation
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.poker.ranking import CLASS_COUNT, Category, HandValue, evaluate
from wpp.warpairs.teach.versus_poker import (
    EXAMPLES,
    Comparison,
    Duel,
    Example,
    duel,
    ladder_rows,
    side_by_side,
)

__all__ = ["DIFFERENCES_NOTE", "PRESETS", "RANKING_NOTE", "ClassicGuesses", "ClassicRanking",
           "Disagreements", "DrawTable", "LadderTable", "SideBySideView", "choice_words"]

#: One example hand of each classic category, low to high (the ranking's presets).
PRESETS: Final[tuple[tuple[str, str], ...]] = (
    ("High Card", "KS JH 8D 6C 3S"),
    ("One Pair", "QS QH 9D 5C 2S"),
    ("Two Pair", "KS KD 9C 9H 7S"),
    ("Three of a Kind", "8S 8H 8D KC 4S"),
    ("Straight", "5D 6C 7H 8S 9D"),
    ("Flush", "2H 6H 9H JH KH"),
    ("Full House", "10S 10H 10D 4C 4S"),
    ("Four of a Kind", "JS JH JD JC 3D"),
    ("Straight Flush", "5H 6H 7H 8H 9H"),
)

#: How classic poker ranks its hands: it answers question 1, so it is shown with the ranking,
#: after the three questions (:meth:`ClassicGuesses.then`).
RANKING_NOTE: Final = (
    '<div class="wpp-narration"><p><b>How classic poker ranks its hands.</b> A classic poker '
    "hand is <b>five cards</b>, in one of nine categories, low to high: high card, one pair, "
    "two pair, three of a kind, straight, flush, full house, four of a kind, straight flush. "
    "Within a category, ranks decide (a pair of kings beats a pair of queens; then the "
    "kickers), and <b>suits never rank</b>: two hands of the same ranks split the pot. The "
    "ace is high, or low only in the straight A-2-3-4-5 (the <i>wheel</i>, the lowest "
    "straight).</p><p>All 2,598,960 five-card hands fall into exactly <b>7,462 classes</b> — "
    "hands no rule can tell apart. The <i>class number</i> below runs from 1 (7-5-4-3-2 of "
    "mixed suits) to 7,462 (a royal flush).</p></div>")

#: The five differences between the games: they answer questions 2 and 3, so they are shown
#: with the side-by-side view, after the three questions.
DIFFERENCES_NOTE: Final = (
    '<div class="wpp-narration"><p><b>The five differences.</b> WarPairsPoker (lesson 2) '
    "differs from classic poker in five ways that change what a hand is:</p><ul>"
    "<li><b>Suits rank</b> ♦ &lt; ♣ &lt; ♥ &lt; ♠ (R1, R2) and decide between hands of the "
    "same ranks (the <i>key</i>, R6): what is a split pot in poker is a win in "
    "WarPairsPoker.</li>"
    "<li><b>Twos beat aces</b> (R9): a play keyed on a 2 beats one keyed on an ace.</li>"
    "<li><b>Wrap-around straights</b> (R5): J-Q-K-A-2, Q-K-A-2-3 and K-A-2-3-4 are straights, "
    "topped by their last card (J-Q-K-A-2 is <i>2-high</i>). In poker they are just high "
    "cards.</li>"
    "<li><b>Two pair is the lowest poker play</b> (R4) and is played as <b>4 cards</b>; three "
    "of a kind is played as 3. Kickers make them no play at all. One pair and high card are "
    "not poker plays.</li>"
    "<li><b>Four of a kind</b> may be played as 4 cards, or with any kicker.</li></ul></div>")

_CSS: Final = """<style>
.wpp-lesson .wpp-ladder td { padding: 1px 8px; }
.wpp-lesson .wpp-ladder tr.wpp-here td { background: #fff3c4; font-weight: bold; }
.wpp-lesson .wpp-duo { display: flex; gap: 12px; flex-wrap: wrap; }
.wpp-lesson .wpp-duo > div { flex: 1 1 300px; border: 1px solid #d9d2bd; border-radius: 8px;
  padding: 6px 10px; background: #fffdf6; }
.wpp-lesson .wpp-duo h4 { margin: 0 0 4px 0; color: #0d2b45; }
</style>"""


def _preset_box(picker: CardPicker, options: Sequence[tuple[str, str]], label: str,
                start: int) -> w.Dropdown:
    """A list of preset hands; choosing one picks its cards."""
    menu = w.Dropdown(options=[(name, cards) for name, cards in options], index=start,
                      description=label, layout=w.Layout(width="auto"))
    menu.observe(lambda ch: picker.set_selected(parse_cards(ch["new"])), names="value")
    return menu


def _refused_html(picker: CardPicker) -> str:
    """The picker's refusal of the last click (a 6th card), said out loud, or nothing."""
    return (f'<div class="wpp-no">Refused: a hand is {escape(picker.refusal)}</div>'
            if picker.refusal else "")


class ClassicRanking(Lesson):
    """Classic poker's ranking: pick five cards, see the name, class and step on the ladder."""

    def __init__(self, preset: int = 2) -> None:
        self.picker = CardPicker(limit=5)
        self.menu = _preset_box(self.picker, PRESETS, "example", preset)
        self.html = w.HTML("")
        self.html.add_class("wpp-panel")
        self.picker.on_change(lambda _c: self._render())
        self.picker.on_refuse(lambda _why: self._render())
        self.root = lesson_root([w.HTML(_CSS), self.menu, self.picker.box, self.html])
        self.picker.set_selected(parse_cards(PRESETS[preset][1]))

    def _render(self) -> None:
        cards = self.picker.selected
        rows = []
        here = evaluate(cards).category if len(cards) == 5 else None
        for cat in reversed(Category):
            cls = ' class="wpp-here"' if cat is here else ""
            mark = "◀ this hand" if cat is here else ""
            rows.append(f"<tr{cls}><td>{int(cat)}</td><td>{cat.label}</td><td>{mark}</td></tr>")
        ladder = f'<table class="wpp-ladder">{"".join(rows)}</table>'
        self.html.value = (f'<div class="wpp-step-head">{escape(self._head())}</div>'
                           f"{_refused_html(self.picker)}"
                           f"<div>{cards_html(cards, 40)}</div>{ladder}")

    def _head(self) -> str:
        cards = self.picker.selected
        if len(cards) < 5:
            return f"{len(cards)} cards picked — pick {5 - len(cards)} more"
        v = evaluate(cards)
        return f"{format_cards(cards)} — {v.name} (class {v.strength} of {CLASS_COUNT:,})"

    def summary(self) -> str:
        return f"classic ranking: {self._head()}"


def _comparison_html(c: Comparison) -> str:
    kick = (f"<div>+ kicker{'s' if len(c.kickers) > 1 else ''} for poker: "
            f"{cards_html(c.kickers, 30)}</div>" if c.kickers else "")
    verdict = ('<span class="wpp-ok">the same hand in both games</span>' if c.agree
               else '<span class="wpp-no">the games see different hands</span>')
    notes = "".join(f"<li>{escape(n)}</li>" for n in c.notes)
    return (f"<div>{cards_html(c.shown, 40)}</div>{kick}"
            f'<div class="wpp-duo"><div><h4>Classic poker</h4>{escape(c.classic_text)}</div>'
            f"<div><h4>WarPairsPoker</h4>{escape(c.wpp_text)}</div></div>"
            f'<div class="wpp-verdict">{verdict}</div>'
            + (f"<ul>{notes}</ul>" if notes else ""))


class SideBySideView(Lesson):
    """Pick up to five cards; both games judge them live, with the differences named."""

    def __init__(self, cards: str = "JC QD KH AS 2D") -> None:
        hands = [(e.title, e.first) for e in EXAMPLES if e.second is None and not e.kickers[0]]
        options = [("(your own cards)", cards), *hands]
        self.picker = CardPicker(limit=5)
        self.menu = _preset_box(self.picker, options, "example", 0)
        self.html = w.HTML("")
        self.html.add_class("wpp-panel")
        self.picker.on_change(lambda _c: self._render())
        self.picker.on_refuse(lambda _why: self._render())
        self.root = lesson_root([w.HTML(_CSS), self.menu, self.picker.box, self.html])
        self.picker.set_selected(parse_cards(cards))

    @property
    def comparison(self) -> Comparison:
        """Both judgements of the cards picked now."""
        return side_by_side(self.picker.selected)

    def _render(self) -> None:
        self.html.value = _refused_html(self.picker) + _comparison_html(self.comparison)

    def summary(self) -> str:
        return f"side by side: {self.comparison.summary()}"


class Disagreements(Lesson):
    """The curated examples, one at a time, with ◀ Back / Next ▶ and a list to jump."""

    def __init__(self, examples: Sequence[Example] = EXAMPLES) -> None:
        self.examples = tuple(examples)
        self.menu = w.Dropdown(options=[(f"{i + 1}. {e.title}", i)
                                        for i, e in enumerate(self.examples)],
                               value=0, layout=w.Layout(width="auto"))
        self.back = nav_button("◀ Back")
        self.next = nav_button("Next ▶")
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.menu.observe(lambda _c: self._render(), names="value")
        bar = w.HBox([self.back, self.next, self.menu])
        bar.add_class("wpp-nav")
        bar.add_class("wpp-choice")
        self.html = w.HTML("")
        self.html.add_class("wpp-panel")
        self.root = lesson_root([w.HTML(_CSS), bar, self.html])
        self._render()

    @property
    def index(self) -> int:
        return int(self.menu.value)

    def go(self, index: int) -> None:
        """Show example ``index`` (clamped to the list)."""
        self.menu.value = max(0, min(index, len(self.examples) - 1))

    def _render(self) -> None:
        e = self.examples[self.index]
        r = e.run()
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(self.examples) - 1
        head = (f'<div class="wpp-step-head">Example {self.index + 1} of {len(self.examples)}'
                f" — {escape(e.title)}</div>")
        if isinstance(r, Duel):
            body = (f"<div><b>First hand</b></div>{_comparison_html(r.first)}"
                    f"<div><b>Second hand</b></div>{_comparison_html(r.second)}"
                    f'<div class="wpp-duo"><div><h4>Classic showdown</h4>'
                    f"{escape(r.summary().split('; ')[0].removeprefix('classic: '))}</div>"
                    f"<div><h4>WarPairsPoker (R7–R9)</h4>"
                    f"first on second — {escape(r.first_on_second)}<br>"
                    f"second on first — {escape(r.second_on_first)}</div></div>")
        else:
            body = _comparison_html(r)
        self.html.value = f'{head}<div class="wpp-narration">{escape(e.point)}</div>{body}'

    def summary(self) -> str:
        e = self.examples[self.index]
        return (f"example {self.index + 1} of {len(self.examples)}: {e.title} — "
                f"{e.run().summary()}")


class _Chosen:
    """A draw player (an agent of the kit) that discards what the learner clicked."""

    name = "learner"

    def __init__(self, discard: Sequence[Card]) -> None:
        self.discard = Discard(tuple(discard))

    def choose(self, view: DrawView) -> Discard:
        return self.discard

    def decide(self, view: DrawView) -> Decision:
        return Decision(self.discard, Explanation.simple(
            "Your choice", discard_words(self.discard.cards), self.discard.cards))


_CATS: Final = tuple(Category)


def _move_words(o: DiscardOption) -> str:
    """An option in a newcomer's words: "keep all five", or "keep 9♣ 9♥ and draw 3 cards"."""
    if not o.discard:
        return "keep all five"
    n = len(o.discard)
    kept = format_cards(o.keep)
    return (f"keep {kept} and " if kept else "throw all away and ") + (
        f"draw {n} card{'s' if n > 1 else ''}")


def choice_words(e: DrawAnalysis) -> str:
    """The AI's best option in plain words: what it keeps, its chance to win, how often the
    hand improves and the likeliest final hand (no engine words such as "equity")."""
    b = e.best
    likely = max(_CATS, key=b.count)
    return (f"{_move_words(b)}: its chance to win is {float(b.equity):.0%} (a tie counts as "
            f"half a win), the hand improves {float(b.improve):.0%} of the time, and the "
            f"likeliest final hand is {likely.label.lower()} ({b.probability(likely):.0%})")


def explanation_html(e: DrawAnalysis, top: int = 8, mark: Sequence[Card] | None = None) -> str:
    """The AI's options as a table, best first (its choice marked); ``mark`` also lists the
    row of that discard when it is not among the ``top`` (the learner's own choice). The
    columns are in words: the chance to win, to improve, and to end with each hand (%)."""
    rows_at = list(range(min(top, len(e.options))))
    if mark is not None:
        mine = next(i for i, o in enumerate(e.options) if set(o.discard) == set(mark))
        if mine not in rows_at:
            rows_at.append(mine)
    columns = ["#", "keep", "throw away", "chance to win %", "improves %",
               *(c.label.lower() for c in _CATS)]
    rows = []
    for i in rows_at:
        o = e.options[i]
        probs = [("-" if not o.count(c) else f"{100 * o.probability(c):.1f}") for c in _CATS]
        rows.append([str(i + 1), escape(format_cards(o.keep) or "—"),
                     escape(format_cards(o.discard) or "nothing (keep all five)"),
                     f"{100 * float(o.equity):.1f}", f"{100 * float(o.improve):.1f}", *probs])
    chosen = [0] if mark is None else [rows_at.index(next(
        i for i in rows_at if set(e.options[i].discard) == set(mark)))]
    return table_html(columns, rows, chosen=chosen, legal=chosen)


class DrawTable(Lesson):
    """5-card draw against the AI: deal, click your discards, draw, see the AI's reasons."""

    def __init__(self, seed: int = 1, rules: DrawRules | None = None) -> None:
        self.rules = rules or DrawRules()
        self.seed = SeedField(seed, lambda _s: self.deal())
        self.draw_button = nav_button("Draw", "discard the raised cards and draw as many")
        self.draw_button.on_click(lambda _b: self.draw())
        bar = w.HBox([self.seed.box, self.draw_button])
        bar.add_class("wpp-nav")
        self.ai_view = HandView("AI")
        self.you = HandView("You")
        self.you.on_toggle(self._toggle)
        self.status = w.HTML("")
        self.status.add_class("wpp-feedback")
        self.result = w.HTML("")
        self.result.add_class("wpp-panel")
        self.ai = DrawAI()
        self.round: DrawRound | None = None
        self.discard: set[Card] = set()
        self.root = lesson_root([w.HTML(_CSS), bar, self.ai_view.box, self.you.box,
                                 self.status, self.result])
        self.deal()

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your five dealt cards (seat 1 of the seed's deal, as :func:`play_draw` deals it)."""
        return self._dealt[0]

    def deal(self) -> None:
        """Deal the seed's hands: yours face up, the AI's face down."""
        self._dealt = play_draw([StandPat(), StandPat()], self.rules, self.seed.seed).dealt
        self.round = None
        self.discard = set()
        self.result.value = ""
        self.draw_button.disabled = False
        self.ai_view.set_title("AI — 5 cards face down")
        self.ai_view.show_backs(5)
        self._show_mine("Click the cards you want to discard, then press Draw.")

    def _show_mine(self, message: str) -> None:
        done = self.round is not None
        self.you.set_title("You — " + (f"after the draw: {evaluate(self._final(0)).name}" if done
                                      else f"dealt {evaluate(self.hand).name}"))
        self.you.show(self._final(0) if done else self.hand, selected=set() if done
                      else self.discard, clickable=not done)
        self.status.value = escape(message)
        # No empty box: the status takes no room when it has nothing to say.
        self.status.layout.display = "" if message else "none"

    def _final(self, seat: int) -> tuple[Card, ...]:
        assert self.round is not None
        return self.round.result.hands[seat]

    def _toggle(self, card: Card) -> None:
        if self.round is not None:
            return
        if card in self.discard:
            self.discard.discard(card)
        else:
            want = (*self.discard, card)
            if not self.rules.allows(self.hand, want):
                self._show_mine(f"At most {self.rules.max_discard} cards may be discarded "
                                f"({self.rules.describe()})")
                return
            self.discard.add(card)
        n = len(self.discard)
        chosen = format_cards(sorted(self.discard)) if n else "nothing (you keep all five)"
        self._show_mine(f"Discarding {chosen}: press Draw.")

    def draw(self) -> None:
        """Your discard and the AI's, the draws, and the showdown (you draw first)."""
        if self.round is not None:
            return
        mine = tuple(c for c in self.hand if c in self.discard)
        self.round = play_draw([_Chosen(mine), self.ai], self.rules, self.seed.seed)
        self.draw_button.disabled = True
        r = self.round
        assert self.ai.last is not None
        self.ai_view.set_title(f"AI — after the draw: {evaluate(self._final(1)).name}")
        self.ai_view.show(self._final(1))
        winners = r.winners
        outcome = ("Split pot." if len(winners) > 1 else
                   "You win." if winners == (0,) else "The AI wins.")
        advice = explain(self.hand, self.rules)
        mine_rank = next(i for i, o in enumerate(advice.options) if set(o.discard) == set(mine))
        self._show_mine("")  # the outcome is said once, in the result below
        self.result.value = (
            f'<div class="wpp-step-head">{escape(outcome)}</div>'
            f"<div>You discarded {escape(format_cards(mine) or 'nothing')}, drew "
            f"{cards_html(r.drawn[0], 30) if r.drawn[0] else 'nothing'}.</div>"
            f"<div>The AI was dealt {cards_html(r.dealt[1], 30)} "
            f"({escape(evaluate(r.dealt[1]).name)}), discarded "
            f"{escape(format_cards(r.discards[1]) or 'nothing')} and drew "
            f"{cards_html(r.drawn[1], 30) if r.drawn[1] else 'nothing'}.</div>"
            f"<div><b>Why the AI drew as it did</b> — it chose to "
            f"{escape(choice_words(self.ai.last))}. Its table (best options first; the last "
            "columns are the chances, in %, of ending with each hand):</div>"
            f"{explanation_html(self.ai.last)}"
            f"<div><b>Your choice, in the AI's analysis of your hand:</b> option "
            f"{mine_rank + 1} of {len(advice.options)}; its best was to "
            f"{escape(_move_words(advice.best))}.</div>"
            f"{explanation_html(advice, top=3, mark=mine)}")

    def summary(self) -> str:
        head = f"draw table, seed {self.seed.seed}: "
        if self.round is None:
            chosen = format_cards(sorted(self.discard)) or "nothing"
            return (f"{head}you hold {format_cards(sorted(self.hand))} "
                    f"({evaluate(self.hand).name}), discarding {chosen}; the AI's hand face down")
        r = self.round
        who = ("split pot" if len(r.winners) > 1 else "you win" if r.winners == (0,)
               else "the AI wins")
        return (f"{head}you {format_cards(sorted(self._final(0)))} ({r.result.values[0].name}); "
                f"the AI drew {len(r.discards[1])} to {format_cards(sorted(self._final(1)))} "
                f"({r.result.values[1].name}) — {who}")


class LadderTable(Lesson):
    """The two ladders side by side, every row and column (never cut): classic poker's nine
    categories, low to high, and what the same cards are in WarPairsPoker (``wpp=False``:
    classic poker's ladder alone — WarPairsPoker's column answers the later questions)."""

    def __init__(self, wpp: bool = True) -> None:
        rows = ladder_rows()
        self.rows = rows
        head = ("step", "classic poker") + (("in WarPairsPoker",) if wpp else ())
        self.html = w.HTML(table_html(head, [
            [str(r["classic step"]), escape(str(r["classic hand"]))]
            + ([escape(str(r["in WarPairsPoker"]))] if wpp else []) for r in rows]))
        self.root = lesson_root([self.html])

    def summary(self) -> str:
        return f"the two ladders: {len(self.rows)} classic categories beside WarPairsPoker's"


def _straight_answer(c: Comparison) -> int:
    classic = c.classic is not None and c.classic.category is Category.STRAIGHT
    wpp = c.play is not None and c.play.category.label == "straight"
    return {(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}[
        (classic, wpp)]


class ClassicGuesses(Lesson):
    """Three questions before the lesson's widgets answer them — each answered by the two
    engines at the commit: which classic hand is higher (with the two ladders), whether a
    wrap-around is a straight, and which of two pairs wins. The widgets that would answer
    them wait: :meth:`then` makes each only once the three are answered or skipped."""

    STRAIGHT, FLUSH = "5C 6D 7H 8S 9C", "2H 7H 9H JH KH"
    WRAP = "JS QH KD AC 2C"
    TWOS, ACES = ("2D 2C", "9S 7H 4C"), ("AD AC", "8S 6H 3C")

    def __init__(self) -> None:
        straight, flush = evaluate(parse_cards(self.STRAIGHT)), evaluate(parse_cards(self.FLUSH))
        wrap = side_by_side(self.WRAP)
        twos = duel(self.TWOS[0], self.ACES[0], kickers=(self.TWOS[1], self.ACES[1]))
        both = ("yes, in both games", "only in classic poker", "only in WarPairsPoker",
                "in neither game")
        self.quiz = GuessList([
            Guess("In classic poker, which hand is higher?", ("the straight", "the flush",
                                                              "they tie"),
                  lambda _i: self._higher(straight, flush),
                  picture=(f"<div>{cards_html(parse_cards(self.STRAIGHT), 40)} &nbsp; or "
                           f"&nbsp; {cards_html(parse_cards(self.FLUSH), 40)}</div>"),
                  answer=0 if straight.strength > flush.strength else
                  1 if flush.strength > straight.strength else 2),
            Guess("Is this a straight?", both, lambda _i: self._wrap(wrap),
                  picture=f"<div>{cards_html(parse_cards(self.WRAP), 40)}</div>",
                  short=f"Is this a straight? {self.WRAP}",
                  answer=_straight_answer(wrap)),
            Guess("A pair of twos against a pair of aces (the other cards lower). In classic "
                  "poker, which hand wins the showdown?",
                  ("the pair of twos", "the pair of aces", "a split pot: they tie"),
                  lambda _i: self._twos(twos),
                  picture=(f"<div>{cards_html(parse_cards(' '.join(self.TWOS)), 40)} &nbsp; "
                           f"against &nbsp; {cards_html(parse_cards(' '.join(self.ACES)), 40)}"
                           "</div>"),
                  answer={"first": 0, "second": 1, "split": 2}.get(twos.classic)),
        ], "Guess first", lesson="08")
        self.root = self.quiz.root

    def then(self, make: Callable[..., Lesson], lead: str = "", **kwargs: Any
             ) -> AfterGuesses:
        """A part of the lesson that answers these questions (the ranking, both rule sets,
        the examples), with ``lead`` (HTML: the lesson's words that answer them) above it:
        made only once all three are answered or skipped."""
        return AfterGuesses(self.quiz, make, lead=lead, **kwargs)

    @staticmethod
    def _higher(straight: HandValue, flush: HandValue) -> str:
        high, low = (flush, straight) if flush.strength > straight.strength else (straight,
                                                                                 flush)
        return (f"<p>Classic poker says: <b>{escape(high.name)}</b> beats "
                f"<b>{escape(low.name)}</b>. The rarer a five-card hand, the higher it "
                "ranks. Classic poker's nine categories, low to high (WarPairsPoker's side "
                "comes after the last question, which it would answer):</p>"
                + str(LadderTable(wpp=False).html.value))

    @staticmethod
    def _wrap(c: Comparison) -> str:
        return (f"<p>Classic poker: <b>{escape(c.classic_text)}</b>. WarPairsPoker: "
                f"<b>{escape(c.wpp_text)}</b>.</p><p>WarPairsPoker lets a straight wrap "
                "around from the ace to the two (R5); classic poker does not.</p>")

    @staticmethod
    def _twos(d: Duel) -> str:
        return (f"<p>{escape(d.summary())}.</p><p>In classic poker the ace is the highest "
                "rank and the two the lowest. In WarPairsPoker the pairs are played alone (no "
                f"other cards), and: {escape(d.first_on_second)}; "
                f"{escape(d.second_on_first)}.</p><p>The two ladders side by side — classic "
                "poker's nine categories, low to high, and what the same cards are in "
                "WarPairsPoker:</p>" + str(LadderTable().html.value))

    def summary(self) -> str:
        return "classic poker, guess first: " + self.quiz.summary()
