"""Lesson 7's guesses: who wins more, classic or greedy? does leading first help? how long is
a game? how many choices does a player have? Each figure and table is drawn only after the
learner locks in a guess (the games are the stored ones of :mod:`wpp.warpairs.teach.stored`;
the reveals are computed at the commit).

>>> g = AnalysisGuesses()
>>> g.quiz.choose(2); g.quiz.commit(); "classic scores" in g.quiz.reveal.box.children[0].value
True
"""

from __future__ import annotations

from html import escape

import pandas as pd

from widgets.lessons.shared.base import Lesson, query_int
from widgets.lessons.shared.commit import Guess, GuessList, figure_html
from wpp.analysis import plots
from wpp.analysis.match import MatchResult
from wpp.analysis.report import compare
from wpp.analysis.stats import branching_by_phase, game_length, head_to_head
from wpp.warpairs.random_games import summarize
from wpp.warpairs.teach import stored
from wpp.warpairs.teach.tables import (
    branching_takeaway,
    compare_takeaway,
    learner_head_to_head,
    length_takeaway,
    match_takeaway,
    readable_compare,
    readable_lengths,
)

__all__ = ["REMEMBER", "SCORE_AXIS", "AnalysisGuesses", "frame_html"]

#: What to remember: it answers questions 3 and 4, so the notebook shows it only after the
#: questions (:class:`~widgets.lessons.shared.commit.AfterGuesses`).
REMEMBER = (
    '<div class="wpp-narration"><p><b>What to remember.</b> A difference is real only when '
    'its range stays clear of "even"; more games narrow the range (four times the games, '
    "half the width). Skill makes WarPairsPoker shorter, and after the mulligan a player "
    "usually has only a handful of real choices.</p></div>")

#: The score chart's axis, in a learner's words.
SCORE_AXIS = "score (a win counts 1, a draw ½), with its likely range"

MIRRORS = ("random vs random", "classic vs classic")
#: The columns of the tables of questions 3 and 4, in words (the rest are left out).
LENGTH_WORDS = {"mean [95% interval]": "average [likely range]", "min": "shortest",
                "median": "typical (median)", "max": "longest"}
BRANCHING_WORDS = {"decisions": "decisions", "median": "typical (median)", "max": "most",
                   "forced": "share with one choice"}


def frame_html(df: pd.DataFrame, index: bool = True) -> str:
    """A table for the page: whole, never cut with "…", numbers rounded; no label row for
    the index (its names, such as "match" or "phase", are the analysts')."""
    df = df.copy()
    df.index.names = [None] * df.index.nlevels
    df.columns.name = None
    return str(df.to_html(index=index, classes="wpp-cands", na_rep="",
                          float_format=lambda x: f"{x:.3g}", max_rows=None, max_cols=None))


def _line(text: object) -> str:
    return f'<div class="wpp-narration"><b>{escape(str(text))}</b></div>'


class AnalysisGuesses(Lesson):
    """Four guesses about stored games between computer players (``games`` per match;
    ``?seed=`` in the address picks the first deal: then the games are played, not read)."""

    def __init__(self, games: int = 100, seed: int = 2024) -> None:
        self.seed = query_int("seed", seed)
        self.games = games
        self.tournament = stored.round_robin(["classic", "greedy", "random"], games, self.seed)
        mirror = 2 * games
        self.matches: dict[str, MatchResult] = {
            "random vs random": stored.match(["random", "random"], mirror, self.seed,
                                             duplicate=False),
            "classic vs classic": stored.match(["classic", "classic"], mirror, self.seed,
                                               duplicate=False),
            "classic vs random": self.tournament.between("classic", "random"),
            "classic vs greedy": self.tournament.between("classic", "greedy"),
        }
        self.quiz = GuessList([
            Guess("Three computer players meet, 100 games per pair: <b>random</b> (any legal "
                  "move), <b>greedy</b> (sheds as many cards as it can, with no plan) and the "
                  "<b>classic AI</b> (keeps poker hands together, holds twos and aces back). "
                  "Classic against greedy: who wins more?",
                  ("greedy wins more", "about even", "classic wins clearly more"),
                  self._who_wins, answer=2),
            Guess("The player with the lowest card after the mulligan <b>leads first</b>. "
                  "Between two equal players, who wins more: the first leader or the second?",
                  ("the first leader", "the second leader",
                   "no difference these games can see"), self._first, answer=2),
            Guess("A game between two classic AIs, and one between two random players: which "
                  "is longer?", ("the classic AIs' games, clearly", "about the same",
                                 "the random players' games, about three times longer"),
                  self._length, answer=2),
            Guess("At a typical decision after the mulligan, how many choices does a player "
                  "have?", ("1 or 2", "about 4 to 8", "more than 50"), self._branching,
                  answer=1),
        ], "Guess first", lesson="07", deal=f"seed {self.seed}")
        self.root = self.quiz.root

    def _who_wins(self, _choice: int) -> str:
        results = head_to_head(self.tournament.games)
        return (_line(match_takeaway(results, "classic", "greedy"))
                + figure_html(plots.win_rates(results, xlabel=SCORE_AXIS))
                + frame_html(learner_head_to_head(results), index=False)
                + "<p>A bar whose range stays clear of the dashed line at ½ is a real "
                  "difference, not luck. Random loses practically every game: emptying a hand "
                  "takes a plan. Classic beats greedy clearly: keeping poker hands together and "
                  "holding twos and aces back is worth more than shedding cards fast. With 100 "
                  "games the range is still about ±8 points wide.</p>")

    def _first(self, _choice: int) -> str:
        table = compare(self.matches)
        text = str(summarize(stored.random_games(5000, 2024)))
        first = next(ln for ln in text.splitlines() if "first leader" in ln)
        first = first.replace(" (R12)", "")
        return (_line(compare_takeaway(table, MIRRORS)) + frame_html(readable_compare(table))
                + "<p>In brackets: each figure's likely range. Read the first two rows: "
                  "between equal players the first leader wins about half the games. With 200 "
                  "games the range is about ±7 points wide, so "
                  "any advantage is small. Five thousand games between random players narrow "
                  f"it: {escape(first)} (in brackets: the likely range) — leading first is, if "
                  "anything, a small <i>disadvantage</i> in random play.</p>")

    def _length(self, _choice: int) -> str:
        lengths = pd.DataFrame({k: game_length(r.games) for k, r in self.matches.items()}).T
        return (_line(length_takeaway(lengths, "classic vs classic", "random vs random"))
                + figure_html(plots.game_lengths({k: r.games["actions"]
                                                  for k, r in self.matches.items()}))
                + frame_html(readable_lengths(lengths).rename(columns=LENGTH_WORDS))
                + "<p>Length counts every decision of either player. Random players draw and "
                  "take pile cards as often as they play, so their hands shrink slowly. Skill "
                  "makes this game <i>shorter</i>: playing well means emptying your hand "
                  "sooner.</p>")

    def _branching(self, _choice: int) -> str:
        by_phase = pd.concat({m: branching_by_phase(self.matches[m].decisions)
                              .set_index("phase") for m in MIRRORS})
        line = branching_takeaway(by_phase)
        by_phase["forced"] = by_phase["forced"].map(lambda x: f"{x:.0%}")
        by_phase = by_phase.rename(columns=BRANCHING_WORDS)[list(BRANCHING_WORDS.values())]
        return (_line(line)
                + figure_html(plots.branching_by_turn_figure(
                    {m: self.matches[m].decisions for m in MIRRORS}, min_games=20,
                    max_move=80, median=True))
                + frame_html(by_phase)
                + "<p>The mulligan offers 560 ways to choose 3 cards of 16. After it, a lead "
                  "offers every single, pair and poker hand of the hand, an answer only the "
                  "plays that beat the table (or drawing), and after a deck card at most "
                  "three options. Real choices, but far fewer than the hand's size "
                  "suggests.</p>")

    def summary(self) -> str:
        return f"games of seed {self.seed}: " + self.quiz.summary()
