"""Lesson 12's question: which of two moves wins more often? The learner commits; then both
moves are played to the end in the same re-deals of the hidden cards, as the search AI does
(:func:`wpp.warpairs.teach.duel.duel`), and the wins are shown. A budget switch sets how many
re-deals are played, and "Play them again" replays the shown question at the new budget: a
small budget can give the wrong answer, a large one settles it. ``takeaways`` (the lesson's
conclusions, HTML) are not in the page until every question is answered or skipped.

>>> quiz = WhichMoveWins(budget=20)
>>> quiz.again_button.disabled                 # nothing to play again before the answer
True
>>> quiz.quiz.choose(0); quiz.quiz.commit()
>>> "re-deals" in quiz.quiz.reveal.box.children[0].value, quiz.again_button.disabled
(True, False)
"""

from __future__ import annotations

from functools import lru_cache, partial
from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, nav_button, query_int
from widgets.lessons.shared.commit import Guess, GuessList
from widgets.parts.address import address_or_later
from widgets.parts.faces import cards_html
from widgets.parts.when_reached import WhenReached
from wpp.core.standard_deck import Card
from wpp.warpairs.teach.duel import Duel, DuelPosition, duel, duel_positions

__all__ = ["BUDGETS", "TAKEAWAYS", "WhichMoveWins", "play_and_review", "position_html"]

#: The budgets offered: re-deals per move.
BUDGETS = (20, 100, 400)

#: Lesson 12's conclusions, shown once every question is answered or skipped.
TAKEAWAYS = """<ul>
<li>Rules of thumb are right most of the time; looking ahead finds the exceptions, position by
position.</li>
<li>A computer that looks ahead needs a <b>budget</b>: with too few re-deals, luck can make the
worse move look better. When the two ranges overlap, the page cannot tell the moves apart.</li>
<li>The search AI reads the game as a player would: from the opponent's mulligan, plays and
draws, it prefers re-deals that explain what the opponent did.</li>
</ul>"""


def position_html(p: DuelPosition) -> str:
    """What the player deciding can see: their hand, how many cards the opponent holds
    (not which), the deck and the discards."""
    s = p.state
    mine = s.hands[p.player]
    theirs = len(s.hands[1 - p.player])
    return (f'<div class="wpp-board"><div><b>Your hand</b> {cards_html(mine, 38)}</div>'
            f'<div class="wpp-mid">You lead: nothing is on the table. The opponent holds '
            f"<b>{theirs}</b> cards you cannot see · deck <b>{len(s.deck)}</b> · discards "
            f"<b>{len(s.discards)}</b></div></div>")


def _move_words(m: object) -> str:
    cards: tuple[Card, ...] = getattr(m, "cards", ())
    return "lead the " + " ".join(str(c) for c in cards) if cards else str(m)


@lru_cache(maxsize=64)
def _duel(index: int, worlds: int, seed: int) -> Duel:
    """Position ``index``'s two moves played out in ``worlds`` re-deals from ``seed``: the
    same numbers every time, so the reveal and the class view's verdict compute them once."""
    p = duel_positions()[index]
    return duel(p.state.view(p.player), p.moves, worlds=worlds, seed=seed)


class WhichMoveWins(Lesson):
    """Positions with two moves: guess which wins more often, lock it in, then watch both
    played out in the same re-deals. ``?seed=`` in the address changes the re-deals."""

    def __init__(self, budget: int = 100, *, takeaways: str = TAKEAWAYS) -> None:
        # The address's ?seed= changes only the re-deals played at a reveal: the lesson is
        # built at once (in a pre-heated kernel, before its visitor came) and takes the seed
        # when the address comes (:meth:`_arrive`).
        query = address_or_later(self._arrive)
        self.seed = query_int("seed", 0, query=query) if query is not None else 0
        self.positions = duel_positions()
        self.budget = w.ToggleButtons(options=[(f"{b} re-deals", b) for b in BUDGETS],
                                      value=budget if budget in BUDGETS else BUDGETS[1],
                                      description="budget")
        self.again_button = nav_button("Play them again at this budget",
                                       "replay both moves with the budget chosen")
        #: The budget the class view's verdicts are judged at (the page's first).
        self.reference = int(self.budget.value)
        guesses = [Guess(f"<b>{escape(p.title)}.</b> {escape(p.note)} Which move wins more "
                         "often?", tuple(_move_words(m) for m in p.moves),
                         partial(self._reveal, i), picture=position_html(p),
                         judge=partial(self._judge, i),
                         short=f"{p.title}: which move wins more often?")
                   for i, p in enumerate(self.positions)]
        bar = w.HBox([self.budget, self.again_button])
        bar.add_class("wpp-nav")
        self.quiz = GuessList(guesses, "Which move wins more often?", top=[bar],
                              lesson="12", deal=f"seed {self.seed}")
        self.again_button.on_click(lambda _b: self.quiz.redraw())
        # Replaying needs a reveal to replay: the button waits for the shown question's answer.
        self.quiz.on_nav(self._sync_again)
        self._sync_again()
        self._takeaways = takeaways
        n = len(self.positions)
        #: The lesson's conclusions: a line saying they wait, until every question is done.
        self.after = w.HTML(f'<div class="wpp-muted">What to take away opens once you have '
                            f"answered the {n} questions (or skipped them).</div>"
                            if takeaways else "")
        self.quiz.on_done(self._open_takeaways)
        self.quiz.root.children = (*self.quiz.root.children, self.after)
        self.root = self.quiz.root

    def _arrive(self, query: str) -> None:
        """The page's address came after the lesson was built: its seed, if another, sets
        the re-deals of every reveal from now on (none is shown yet: the learner commits
        first) and the deal the class view files the answers under."""
        self.seed = query_int("seed", self.seed, query=query)
        self.quiz.deal = f"seed {self.seed}"

    def _open_takeaways(self) -> None:
        if self._takeaways and self.quiz.finished:
            self.after.value = (f'<div class="wpp-panel"><div class="wpp-lesson-title">What to '
                                f"take away</div>{self._takeaways}</div>")

    def _sync_again(self) -> None:
        self.again_button.disabled = not self.quiz.done

    def _judge(self, index: int, chosen: int) -> bool | None:
        """Whether ``chosen`` is the move that wins more often, for the class view: judged
        in the re-deals of the page's first budget (:attr:`reference`) and seed whatever
        budget is shown, so the students of one deal are marked by the same verdict (the
        reveal of the default budget says the same); ``None`` when the two moves won equally
        often."""
        d = _duel(index, self.reference, self.seed)
        if d.wins[0] == d.wins[1]:
            return None
        return (0 if d.wins[0] > d.wins[1] else 1) == chosen

    def _reveal(self, index: int, chosen: int) -> str:
        p = self.positions[index]
        n = int(self.budget.value)
        d = _duel(index, n, self.seed)
        rows = ""
        for i, m in enumerate(p.moves):
            r = d.rate(i)
            mark = " ◀ your guess" if i == chosen else ""
            rows += (f"<tr><td><b>{escape(_move_words(m))}</b>{mark}</td>"
                     f"<td>{d.wins[i]:g} of {n}</td><td>{r.estimate:.0%}</td>"
                     f"<td>{r.low:.0%} to {r.high:.0%}</td><td>{d.better[i]}</td></tr>")
        if d.wins[0] == d.wins[1]:
            verdict = "In these re-deals the two moves won equally often."
        else:
            top = 0 if d.wins[0] > d.wins[1] else 1
            verdict = (f"In these {n} re-deals, <b>{escape(_move_words(p.moves[top]))}</b> "
                       "won more often" + (" — as you guessed." if top == chosen else "."))
        overlap = d.rate(0).high >= d.rate(1).low and d.rate(1).high >= d.rate(0).low
        caution = (" The two ranges overlap: with this budget, chance could still swap "
                   "them — try a bigger budget." if overlap else
                   " The ranges do not overlap: a bigger budget would not change the answer.")
        return (f'<div class="wpp-narration">{verdict}</div><table class="wpp-facts">'
                "<tr><td></td><td><b>wins</b></td><td><b>win rate</b></td><td><b>likely "
                "range</b> (95%)</td><td><b>re-deals where it did better</b></td></tr>"
                f"{rows}</table><div class=\"wpp-muted\">Each re-deal gives the opponent and "
                "the deck a random set of the cards you cannot see; both moves are then played "
                f"to the end by the classic AI on both sides.{caution}</div>")

    def summary(self) -> str:
        return (f"which move wins, {len(self.positions)} positions, budget "
                f"{self.budget.value} re-deals: " + self.quiz.summary())


def play_and_review() -> WhenReached:
    """Lesson 12's game: the game page against the classic AI, its Hint asking the search AI
    of the lesson, built when the learner reaches it (:class:`WhenReached`: the lesson's
    questions are usable at once instead of after the browser drew a whole game page)."""
    from widgets.games.warpairs.app import App
    from widgets.parts.hotkeys import hotkeys_html

    def build() -> App:
        page = App(ai_delay=0.5)
        page.hints.dropdown.value = "search"
        return page

    return WhenReached(build, label="Play a game against the classic AI",
                       note="<p>The game opens here when you scroll to it (or press the "
                            "button).</p>", html=hotkeys_html())
