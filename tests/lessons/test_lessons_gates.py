"""Lessons 6, 7, 8 and 13 hold back what answers their questions (issue 27): a learner's
walk-through found ``<details>`` panels "open it once you have answered …" that opened at any
time, and a Run button that showed the whole frequency table before the guesses. Each such
part is now made only once the questions (or the drills) are answered or skipped: before,
its text is in no widget string of the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from widgets.lessons.shared.commit import AfterGuesses, GuessList, Note, widget_strings

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
MINE = ("06_hand_frequencies", "07_analysing_the_game", "08_classic_poker", "13_strategy")


def text(widget: Any) -> str:
    return "\n".join(widget_strings(widget.root))


def finish(quiz: GuessList) -> None:
    """Answer every question of ``quiz`` with its first choice (the last one skipped)."""
    for i in range(quiz.count):
        quiz.go(i)
        if i == quiz.count - 1:
            quiz.skip()
        else:
            quiz.choose(0)
            quiz.commit()


@pytest.mark.parametrize("name", MINE)
def test_no_panel_that_asks_to_be_opened_later(name: str) -> None:
    """A ``<details>`` that says "open it once you have answered" opens at any time: the
    lessons hold such parts back instead (what they hold is made after the answers)."""
    cells = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text("utf-8"))["cells"]
    for c in cells:
        if c["cell_type"] == "markdown":
            s = "".join(c["source"])
            assert not re.search(r"<details>.*open it (once|after)", s, re.S | re.I), s[:80]


def test_08_the_ranking_and_the_differences_come_after_the_three_guesses() -> None:
    from widgets.lessons.draw.classic_poker import (
        DIFFERENCES_NOTE,
        RANKING_NOTE,
        ClassicGuesses,
        ClassicRanking,
        SideBySideView,
    )

    g = ClassicGuesses()
    ranking = g.then(ClassicRanking, lead=RANKING_NOTE)
    both = g.then(SideBySideView, lead=DIFFERENCES_NOTE, cards="10S 10H 10D 4C 4S")
    for held in ("low to high", "Twos beat aces", "Wrap-around straights", "7,462 classes"):
        assert held not in text(ranking) + text(both) + text(g)
    finish(g.quiz)
    assert "low to high" in text(ranking) and "7,462 classes" in text(ranking)
    assert "Twos beat aces" in text(both) and "Full House" in text(both)


def test_06_the_run_and_what_to_remember_come_after_the_three_guesses() -> None:
    from widgets.lessons.warpairs.analysis import FrequencyRunner
    from widgets.lessons.warpairs.frequency_guess import REMEMBER, FrequencyGuesses

    g = FrequencyGuesses(deals=40)
    runner = AfterGuesses(g.quiz, FrequencyRunner, deals=50)
    remember = AfterGuesses(g.quiz, Note, html=REMEMBER)
    before = text(runner) + text(remember)
    assert "Run" not in before and "almost every deal" not in before
    assert runner.part is None and remember.part is None
    finish(g.quiz)
    assert isinstance(runner.part, FrequencyRunner) and "Run" in text(runner)
    assert "almost every deal holds two pair" in text(remember)


def test_06_question_one_says_how_much_a_sample_varies() -> None:
    """Regression: "89% … exactly 85.9%" with no word on the gap."""
    from widgets.lessons.warpairs.frequency_guess import FrequencyGuesses, cell

    g = FrequencyGuesses(deals=60)
    g.quiz.choose(0)
    g.quiz.commit()
    shown = text(g)
    half = (cell(g.holds, "straight", "high") - cell(g.holds, "straight", "low")) / 2
    assert f"varies by about ±{half:.0%}" in shown


def test_13_drill_titles_name_no_card() -> None:
    """Regression: "K♠ and any two" above "One lead wins whatever P2 does: which?" said the
    answer; a title now names the position only."""
    from wpp.warpairs.teach.drills import STRATEGY

    titles = [d.title for d in STRATEGY]
    assert len(set(titles)) == len(titles), "the class view tells drills apart by title"
    for t in titles:
        assert not re.search(r"[♠♥♦♣]|\btwos?\b|\baces?\b|\bkings?\b", t, re.I), t


def test_13_the_author_s_sure_wins_come_after_every_drill() -> None:
    from widgets.lessons.warpairs.after_drills import AUTHOR_WINS, DrillPad, DrillsDone
    from wpp.warpairs.teach.drills import STRATEGY, winning_moves

    pad = DrillPad(STRATEGY)
    later = DrillsDone(pad).then(Note, html=AUTHOR_WINS)
    assert "sure wins in singles" not in text(pad) + text(later)
    for i in range(len(STRATEGY)):
        assert later.part is None and "any card but a two" not in text(later)
        pad.go(i)
        if i % 2:
            pad.skip()
        else:                                          # a first move counts as done
            pad.move(winning_moves(pad.drill.state)[0])
    assert later.part is not None and "any card but a two" in text(later)


def test_07_the_match_and_what_to_remember_come_after_the_four_guesses() -> None:
    from widgets.lessons.warpairs.analysis import MatchRunner
    from widgets.lessons.warpairs.analysis_guess import REMEMBER, AnalysisGuesses

    g = AnalysisGuesses()
    runner = g.quiz.then(MatchRunner, games=4)
    remember = g.quiz.then(Note, html=REMEMBER)
    before = text(runner) + text(remember)
    assert "Run" not in before and "handful of real choices" not in before
    finish(g.quiz)
    assert isinstance(runner.part, MatchRunner) and "handful of real choices" in text(remember)


#: Words of the research tables that a learner's page of lesson 7 must not show.
RESEARCH = re.compile(r"\belo\b|wilson|no bound|clean sweep|<th>(?:match|phase|agent)</th>",
                      re.I)


def test_07_the_reveals_show_a_learner_s_tables() -> None:
    """Regression: question 1 showed the research table (agent, opponent, elo low, "no bound
    (clean sweep)"), questions 2 and 4 a stray "match" / "phase" label row."""
    from widgets.lessons.warpairs.analysis_guess import AnalysisGuesses

    g = AnalysisGuesses()
    for i in range(4):
        g.quiz.go(i)
        g.quiz.choose(0)
        g.quiz.commit()
        shown = text(g)
        assert not RESEARCH.search(shown), (i, RESEARCH.search(shown))
        if i == 0:
            for column in ("who", "against", "games", "won", "score", "likely range"):
                assert f"<th>{column}</th>" in shown, column


def test_07_the_choices_chart_shows_the_medians_the_sentence_gives() -> None:
    """Regression: the chart plotted "legal actions (mean)" under a sentence of medians."""
    import numpy as np
    import pandas as pd

    from wpp.analysis import plots

    d = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "move": [1, 2, 1, 2, 1, 2],
                      "branching": [2, 9, 4, 1, 30, 5], "phase": ["lead", "answer"] * 3})
    ax = plots.branching_by_turn_figure({"m": d}, min_games=1, median=True).axes[0]
    assert "median" in ax.get_ylabel()
    assert np.asarray(ax.lines[0].get_ydata(), dtype=float).tolist() == [4.0, 5.0]


def test_07_the_match_runner_says_what_each_player_is() -> None:
    from widgets.lessons.warpairs.analysis import PLAYERS, MatchRunner

    r = MatchRunner(games=4)
    shown = re.sub(r"<style\b.*?</style>", "", text(r), flags=re.S)
    assert r.first.description == "computer player"
    assert not re.search(r"\bagents?\b", shown, re.I), re.search(r".{40}\bagents?\b.{40}", shown)
    for name in r.first.options:
        assert name in PLAYERS and PLAYERS[name] in shown, name
    r.run_button.click()
    assert not RESEARCH.search(r.out.value) and "likely range" in r.out.value


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_08_the_draw_result_is_in_a_newcomer_s_words(seed: int) -> None:
    """Regression: "Equity 0.480 … improves with probability 0.287", columns "HC 1P 2P 3K
    ST FL FH 4K SF", "stand pat"."""
    from tests.lessons.test_lessons_words import DEVELOPER_WORDS
    from widgets.lessons.draw.classic_poker import DrawTable

    research = dict(DEVELOPER_WORDS)["research words"]
    t = DrawTable(seed=seed)
    t.draw()                                  # nothing discarded: the learner keeps all five
    shown = t.result.value
    assert not research.search(shown), research.search(shown)
    assert "<b>Why the AI drew as it did</b> — it chose to " in shown
    assert "chance to win" in shown and "keep all five" in shown
    for hand in ("high card", "one pair", "three of a kind", "straight flush"):
        assert f"<th>{hand}</th>" in shown, hand
    assert not re.search(r"<th>(?:HC|1P|SF)</th>", shown)
