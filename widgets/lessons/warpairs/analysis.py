"""Lessons 6 and 7's controls, so a reader of the web page changes the run without code.

Lesson 7: play a match in the page — two agents, how many games, a seed — with a Run button
and a progress bar, and read the result at once. Lesson 6: :class:`FrequencyRunner`, how many
deals to simulate.

:class:`MatchRunner` opens on a stored result (:mod:`wpp.warpairs.teach.stored`, so the page opens
in seconds) and plays a new match only when asked, chunk by chunk, the bar moving after each
chunk. The result is a learner's table — who, against, games, won, score and its likely
range (:func:`wpp.warpairs.teach.tables.learner_head_to_head`; no rating scale) — and a
one-line takeaway. The computer players are named in words, each said in one line
(:data:`PLAYERS`).

>>> r = MatchRunner(games=4)
>>> r.run_button.click(); r.progress.value == r.progress.max == 4
True
>>> "score" in r.out.value and "games" in r.summary()
True
>>> f = FrequencyRunner(deals=50)
>>> f.run_button.click(); "100 hands from 50 deals" in f.summary()
True
"""

from __future__ import annotations

from html import escape
from typing import Final

import ipywidgets as w

from widgets.lessons.shared.base import Lesson, lesson_root, nav_button
from wpp.analysis.match import MatchResult, assemble, play_chunk, schedule
from wpp.analysis.stats import head_to_head
from wpp.warpairs.teach.tables import learner_head_to_head, match_takeaway
from wpp.warpairs.tournament_cli import agent_names

__all__ = ["PLAYERS", "FrequencyRunner", "MatchRunner", "miss_text"]

#: Games played between two moves of the progress bar.
CHUNK: Final = 10
#: Agents that search before every move: how many games they play a minute (measured on
#: the lesson's shared two-core machine), for the warning shown before a run.
SLOW_AGENTS: Final = {"search": 6.0}
#: What each computer player of the match runner is, in one line (a player not listed here
#: is shown by its name alone).
PLAYERS: Final = {
    "classic": "the classic AI: keeps poker hands together, holds twos and aces back",
    "counting": "the classic AI that also counts the cards already played",
    "greedy": "sheds as many cards as it can, with no plan",
    "noisy": "the classic AI, but now and then it plays a random move instead",
    "random": "any legal move, picked at random",
    "search": "looks ahead by playing many imagined games to the end (slow)",
}


class _Runner(Lesson):
    """A lesson widget that plays games on demand: a seed field, a Run button, a progress bar
    and an output panel, the same in every such page."""

    def _run_controls(self, seed: int, label: str, width: str, tip: str, total: int,
                      counted: str) -> None:
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=label,
                                     layout=w.Layout(width=width))
        self.run_button = nav_button("Run", tip)
        self.progress = w.IntProgress(value=0, min=0, max=total, description=counted,
                                      layout=w.Layout(width="360px"))
        self.progress.layout.display = "none"   # shown while playing only: no leftover bar
        self.out = w.HTML("")
        self.out.add_class("wpp-panel")
        self.run_button.on_click(lambda _b: self.run())

    def run(self) -> None:  # pragma: no cover - every runner plays something
        raise NotImplementedError


class MatchRunner(_Runner):
    """Two agents, a number of games and a seed; Run plays the match with a progress bar."""

    def __init__(self, first: str = "classic", second: str = "greedy", games: int = 100,
                 seed: int = 2024, result: MatchResult | None = None) -> None:
        names = list(agent_names())
        self.first = w.Dropdown(options=names, value=first, description="computer player")
        self.second = w.Dropdown(options=names, value=second, description="against")
        self.first.style.description_width = "initial"
        self.legend = w.HTML('<div class="wpp-muted">' + "<br>".join(
            f"<b>{escape(n)}</b>: {escape(PLAYERS[n])}" for n in names if n in PLAYERS)
            + "</div>")
        self.games = w.IntSlider(value=games, min=2, max=1000, step=2, description="games",
                                 continuous_update=False, layout=w.Layout(width="360px"))
        self._run_controls(seed, "first deal", "190px", "play the match: every deal twice, seats "
                           "swapped", games, "played")
        top = w.HBox([self.first, self.second])
        top.add_class("wpp-nav")
        bar = w.HBox([self.games, self.seed, self.run_button])
        bar.add_class("wpp-nav")
        self.note = w.HTML("")
        self.note.add_class("wpp-feedback")
        for d in (self.first, self.second, self.games):
            d.observe(lambda _c: self._warn(), names="value")
        self.root = lesson_root([top, self.legend, bar, self.note, self.progress, self.out])
        self._warn()
        self.result: MatchResult | None = None
        self.line = "no match played yet"
        if result is not None:
            self.progress.value = self.progress.max = len(result.games)
            self.show(result, first, second)
        else:
            self.out.value = ('<div class="wpp-muted">Choose two computer players and press '
                              "Run.</div>")

    def _warn(self) -> None:
        """Say how long a match with a slow agent will take, before Run is pressed."""
        slow = {str(self.first.value), str(self.second.value)} & set(SLOW_AGENTS)
        if not slow:
            self.note.value = ""
            return
        name = sorted(slow)[0]
        minutes = int(self.games.value) / SLOW_AGENTS[name]
        self.note.value = (f"The {escape(name)} AI looks ahead before every move: it takes "
                           f"about a minute for 6 games, so {int(self.games.value)} games "
                           f"take about {max(1, round(minutes))} minute(s).")

    def run(self) -> None:
        """Play the match chosen, chunk by chunk, and show it."""
        a, b = str(self.first.value), str(self.second.value)
        if a == b:
            self.out.value = ('<div class="wpp-no">Choose two different computer players '
                              "(a match of a player against itself is in the questions "
                              "above).</div>")
            return
        n = int(self.games.value) // 2 * 2
        specs = schedule("warpairs", (a, b), n, int(self.seed.value))
        self.progress.max, self.progress.value = n, 0
        self.progress.layout.display = ""
        self.run_button.disabled = True
        chunks = []
        try:
            for i in range(0, n, CHUNK):
                chunks.append(play_chunk(specs[i:i + CHUNK]))
                self.progress.value = min(i + CHUNK, n)
        finally:
            self.run_button.disabled = False
            self.progress.layout.display = "none"
        self.show(assemble(chunks, "warpairs"), a, b)

    def show(self, result: MatchResult, a: str, b: str) -> None:
        """Show a match's result between ``a`` and ``b``."""
        self.result = result
        table = head_to_head(result.games)
        self.line = str(match_takeaway(table, a, b))
        shown = learner_head_to_head(table)
        self.out.value = (f'<div class="wpp-narration"><b>{escape(self.line)}</b></div>'
                          + shown.to_html(index=False, classes="wpp-cands"))

    def summary(self) -> str:
        games = 0 if self.result is None else len(self.result.games)
        return f"match runner: {games} games — {self.line}"


def miss_text(misses: int, rows: int) -> str:
    """What the number of likely ranges missing the exact value means, honestly: a 95%
    range misses about 1 time in 20, so a miss now and then is chance — said only when a
    range does miss; when none does, the sentence says they agree.

    >>> miss_text(1, 7)[:60]
    '1 of the 7 likely ranges misses the exact value. That is cha'
    >>> "chance" in miss_text(0, 7)
    False
    """
    if misses == 0:
        return ("Every likely range holds the exact value: the simulation and the exact count "
                "agree. Each is a 95% range, so now and then one will miss, about 1 time in "
                "20.")
    head = (f"{misses} of the {rows} likely ranges {'misses' if misses == 1 else 'miss'} the "
            "exact value.")
    return (f"{head} That is chance, not a mistake: each range is a 95% range, so it misses "
            f"the exact value about 1 time in 20 — with {rows} ranges, about one run in three "
            "has a miss somewhere. Press Run with another first deal and the miss moves.")


class FrequencyRunner(_Runner):
    """Lesson 6's control: how many deals to simulate (and the first seed), Run with a
    progress bar, then the shares of each poker hand with their intervals and the exact
    values — so a reader of the web page can ask for tighter intervals without code."""

    def __init__(self, deals: int = 300, seed: int = 1) -> None:
        self.deals = w.IntSlider(value=deals, min=50, max=5000, step=50, description="deals",
                                 continuous_update=False, layout=w.Layout(width="360px"))
        self._run_controls(seed, "first deal", "190px", "deal and count again", deals, "dealt")
        bar = w.HBox([self.deals, self.seed, self.run_button])
        bar.add_class("wpp-nav")
        self.root = lesson_root([bar, self.progress, self.out])
        self.progress.layout.display = "none"   # shown while dealing only: no leftover bar
        self.line = "not run yet"
        self.out.value = ('<div class="wpp-muted">Choose how many deals and press Run (5,000 '
                          "deals take about ten seconds).</div>")

    def run(self) -> None:
        """Deal, count and show the shares, chunk by chunk."""
        import pandas as pd

        from widgets.lessons.warpairs.frequency_guess import share_table_html
        from wpp.warpairs import frequencies as freq

        n, first = int(self.deals.value), int(self.seed.value)
        self.progress.max, self.progress.value = n, 0
        self.progress.layout.display = ""
        parts = []
        step = 50
        try:
            for i in range(0, n, step):
                parts.append(freq.simulate(min(step, n - i), seed=first + i, progress=False))
                self.progress.value = min(i + step, n)
        finally:
            self.progress.layout.display = "none"
        hands = pd.concat(parts, ignore_index=True)
        table = freq.holds_table(hands)
        width = float((table["high"] - table["low"]).max())
        self.misses = int(((table["exact"] < table["low"]) | (table["exact"] > table["high"]))
                          .sum())
        self.line = (f"{len(hands)} hands from {n} deals: the widest likely range is "
                     f"{width:.1%} wide")
        self.out.value = (f'<div class="wpp-narration"><b>{escape(self.line)}</b></div>'
                          + share_table_html(table)
                          + f"<p>{escape(miss_text(self.misses, len(table)))}</p>")

    def summary(self) -> str:
        return f"frequency runner: {self.line}"
