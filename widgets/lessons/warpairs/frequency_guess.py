"""Lesson 6's guesses: how often is a straight dealt? four of a kind? what does the mulligan
keep? The learner commits to a guess; only then are the figure, the one-line reading and the
table drawn (from a simulation run when the page opened, kept out of every widget until the
commit: the reveal is computed at the commit).

>>> g = FrequencyGuesses(deals=40)
>>> g.quiz.summary()
'3 question(s) to answer before the reveal; 0 answered'
>>> g.quiz.choose(3); g.quiz.commit(); "straight" in g.quiz.reveal.box.children[0].value
True
"""

from __future__ import annotations

from html import escape
from typing import Any, Final

import pandas as pd

from widgets.lessons.shared.base import Lesson, query_int
from widgets.lessons.shared.commit import Guess, GuessList, figure_html
from wpp.warpairs import frequencies as freq
from wpp.warpairs.teach.tables import ladder_crosstab, share_takeaway

__all__ = ["REMEMBER", "FrequencyGuesses", "cell", "share_table_html"]

#: What to remember: it answers the questions, so the notebook shows it only after them
#: (:class:`~widgets.lessons.shared.commit.AfterGuesses`).
REMEMBER: Final = (
    '<div class="wpp-narration"><p><b>What to remember.</b> With 16 cards, poker hands that '
    "are rare in five cards are common — almost every deal holds two pair, a flush and a "
    "straight. The mulligan keeps far fewer of them, because it keeps only what helps it shed "
    "cards.</p></div>")

#: The answers offered for "how often?", each with the range of shares it stands for.
BUCKETS: Final = (("about 1 deal in 100 or fewer", 0.0, 0.03),
                  ("about 1 deal in 10", 0.03, 0.2),
                  ("about half the deals", 0.2, 0.75),
                  ("more than 3 deals in 4", 0.75, 1.01))


def cell(table: pd.DataFrame, row: str, column: str) -> float:
    """One number of a share table (``row`` a category, ``column`` e.g. ``"exact"``)."""
    return float(table[column].to_dict()[row])


def _bucket(share: float) -> int:
    return next(i for i, (_, lo, hi) in enumerate(BUCKETS) if lo <= share < hi)


def share_table_html(table: pd.DataFrame, exact: bool = True) -> str:
    """A share table in words: each category's share of hands as a percentage, its likely
    range and (if known) the exact value — no index column, no raw fractions."""
    rows = []
    for name, r in table.iterrows():
        cells = [f"<b>{escape(str(name))}</b>", f"{int(r['count'])} of {int(r['hands'])}",
                 f"{r['share']:.1%}", f"{r['low']:.1%} to {r['high']:.1%}"]
        if exact and "exact" in table:
            cells.append(f"{r['exact']:.1%}")
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    heads = ["", "hands", "share", "likely range (95%)"] + (["exact"] if exact and "exact"
                                                             in table else [])
    head = "".join(f"<td><b>{h}</b></td>" for h in heads)
    return f'<table class="wpp-facts"><tr>{head}</tr>{"".join(rows)}</table>'


def _crosstab_html(hands: pd.DataFrame) -> str:
    t = ladder_crosstab(hands)
    head = "".join(f"<td><b>{escape(str(c))}</b></td>" for c in t.columns)
    rows = "".join(f"<tr><td><b>{escape(str(i))}</b></td>"
                   + "".join(f"<td>{int(v)}</td>" for v in r) + "</tr>"
                   for i, r in t.iterrows())
    return (f'<table class="wpp-facts"><tr><td><i>best hand ↓ · the mulligan keeps →</i></td>'
            f"{head}</tr>{rows}</table>")


class FrequencyGuesses(Lesson):
    """Three guesses about ``deals`` simulated deals (``?seed=`` in the address sets the
    first deal)."""

    def __init__(self, deals: int = 300, seed: int = 1) -> None:
        self.seed = query_int("seed", seed)
        self.deals = deals
        self.hands = freq.simulate(deals, seed=self.seed, progress=False)
        self.holds = freq.holds_table(self.hands)
        self.kept = freq.mulligan_table(self.hands)
        labels = tuple(b[0] for b in BUCKETS)
        straight = cell(self.holds, "straight", "exact")
        quads = cell(self.holds, "four of a kind", "exact")
        kept = cell(self.kept, "straight", "share")
        self.quiz = GuessList([
            Guess("A player is dealt 16 cards. How often can those 16 cards make a "
                  "<b>straight</b> (five cards in a row, like 5 6 7 8 9)?", labels,
                  self._straight, answer=_bucket(straight)),
            Guess("And <b>four of a kind</b> (four cards of one rank)?", labels,
                  self._holds, answer=_bucket(quads)),
            Guess("The classic AI's mulligan (lesson 3) puts three cards in the pile and keeps "
                  "at most one straight or flush. How often does it keep a <b>straight</b>?",
                  labels, self._kept, answer=_bucket(kept)),
        ], "Guess first", lesson="06", deal=f"seed {self.seed}")
        self.root = self.quiz.root

    def _straight(self, _choice: int) -> str:
        def r(column: str) -> float:
            return cell(self.holds, "straight", column)

        inside = r("low") <= r("exact") <= r("high")
        gap = (f"A sample of {r('hands'):.0f} hands varies by about "
               f"±{(r('high') - r('low')) / 2:.0%} from one run to the next (its likely range is "
               f"{r('low'):.1%} to {r('high'):.1%}), so "
               + ("the gap between the two is chance. " if inside else
                  "this run landed just outside: a 95% range misses about 1 time in 20. "))
        return (f'<div class="wpp-narration">In {r("hands"):.0f} simulated hands, '
                f"{r('count'):.0f} could make a straight: {r('share'):.0%}. Counting every "
                f"possible hand exactly gives <b>{r('exact'):.1%}</b>. {gap}Sixteen cards are "
                "a lot: with 16 of 52 cards, five ranks in a row are hard to miss.</div>")

    def _holds(self, _choice: int) -> str:
        line = share_takeaway(self.holds, "A 16-card hand can make")
        return (f'<div class="wpp-narration">{escape(str(line))}</div>'
                + figure_html(freq.holds_figure(self.holds))
                + share_table_html(self.holds)
                + '<div class="wpp-muted">The likely range is where chance alone could move '
                  "the share with this many hands. A 95% range misses the exact value about "
                  "1 time in 20: in a table of seven rows, one miss now and then is chance, "
                  "not a mistake.</div>")

    def _kept(self, _choice: int) -> str:
        line = share_takeaway(self.kept, "The mulligan keeps")
        return (f'<div class="wpp-narration">{escape(str(line))}</div>'
                + figure_html(freq.mulligan_figure(self.kept))
                + share_table_html(self.kept, exact=False)
                + "<p>Nearly every hand <i>holds</i> a straight or a flush, but the mulligan "
                  "keeps one far less often: it never keeps one with twos, kings or aces, and "
                  "only when it leaves fewer odd cards. Side by side, each hand's best poker "
                  "hand against what the mulligan kept (numbers of hands):</p>"
                + _crosstab_html(self.hands))

    def summary(self) -> str:
        return f"{self.deals} deals from seed {self.seed}: " + self.quiz.summary()

    def shares(self) -> dict[str, Any]:
        """The simulated shares (for tests): category → share of hands."""
        return {str(k): float(v) for k, v in self.holds["share"].items()}
