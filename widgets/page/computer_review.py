""""Review with the computer" on the game page, for any game: after a game, the kit's game
review (:func:`wpp.review_game`) of the person's decisions runs in a background thread with a
progress bar; then the page shows its chart and the list of decisions, and choosing a row
shows the board at that move, the person's choice and the better one, with the AI's reasons.

The review judges each decision from what the person could know then (it says so in its
description); it is offered only when the game is over (or in practice), since the value of
the alternatives is advice.

>>> from wpp.core.registry import new_game
>>> g = new_game("draw", seed=4)
>>> _ = g.apply(g.legal_actions()[0]); _ = g.apply(g.legal_actions()[0])
>>> shown = []
>>> r = ComputerReview(on_row=lambda row: shown.append(row.move))
>>> r.start(g, 0, threaded=False)
>>> r.review is not None, r.progress.value == r.progress.max, len(r.rows.options) >= 1
(True, True, True)
>>> r.rows.value = 0; shown
[0]
"""

from __future__ import annotations

import base64
import io
import sys
import threading
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from wpp.core.history import History
from wpp.core.review import Review, ReviewRow, review_game

__all__ = ["ComputerReview", "row_label"]


def row_label(row: ReviewRow, describe: Callable[[Any], str] = str) -> str:
    """A row of the list: the move, the verdict, the person's action and the better one."""
    text = f"Move {row.move + 1}: {row.verdict} — you: {describe(row.action)}"
    if row.best != row.action:
        text += f"; better: {describe(row.best)} (−{row.loss:.3f})"
    return text


class ComputerReview:
    """The review's widgets (``box``): a progress bar, a note, the chart and the list of
    decisions (``rows``, one choice per decision: choosing a row calls ``on_row(row)``)."""

    def __init__(self, on_row: Callable[[ReviewRow], None],
                 describe: Callable[[Any], str] = str) -> None:
        self.on_row = on_row
        self.describe = describe
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Reviewing",
                                      tooltip="the computer reviews your decisions",
                                      layout=w.Layout(width="100%"))
        self.note = w.HTML("")
        self.note.add_class("wpp-review-note")
        # The chart as a data: image in HTML (an Image widget would make a blob: address
        # even while empty; the page asks nothing of anyone but its server).
        self.chart = w.HTML("")
        self.chart.add_class("wpp-review-chart")
        # One choice per decision, each label wrapped onto as many lines as it needs (a list
        # box cut long rows off at a phone's right edge), in a box that scrolls down.
        self.rows = w.RadioButtons(options=[], description="Decisions",
                                   tooltip="choose a decision to see the board at that move",
                                   layout=w.Layout(width="100%"))
        self.rows.add_class("wpp-review-rows")
        self.rows_box = w.Box([self.rows], layout=w.Layout(width="100%"))
        self.rows_box.add_class("wpp-review-list")
        self.rows_box.add_class("wpp-scroll")
        self.box = w.VBox([self.progress, self.note, self.chart, self.rows_box],
                          layout=w.Layout(display="none"))
        self.box.add_class("wpp-computer-review")
        self.review: Review | None = None
        self.thread: threading.Thread | None = None
        self.rows.observe(self._chosen, names="value")

    @property
    def running(self) -> bool:
        """A review is under way."""
        return self.thread is not None and self.thread.is_alive()

    def hide(self) -> None:
        """A new game: forget the review."""
        self.review = None
        self.box.layout.display = "none"
        self.rows.options = []
        self.chart.value = ""
        self.note.value = ""

    def start(self, history: History[Any, Any], player: int, *, threaded: bool = True,
              budget: Mapping[str, int] | None = None) -> None:
        """Review ``player``'s decisions in ``history`` (in a thread unless not
        ``threaded``)."""
        if self.running:
            return
        self.hide()
        self.box.layout.display = ""
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        self.note.value = "The computer is reviewing your decisions…"
        args = (history, player, dict(budget or {}))
        if threaded and sys.platform == "emscripten":
            # The static site (Pyodide) has no second thread: a review there would freeze
            # the page for its whole length, so the page says where it runs instead.
            self.progress.layout.display = "none"
            self.note.value = ("Review with the computer needs the kit's server (make play): "
                               "this page runs in your browser alone, which cannot think in "
                               "the background while the page stays live.")
            return
        if threaded:
            self.thread = threading.Thread(target=self._run, args=args, daemon=True)
            self.thread.start()
        else:
            self._run(*args)

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = done
        self.progress.description = f"{done}/{total}"

    def _run(self, history: History[Any, Any], player: int, budget: dict[str, int]) -> None:
        try:
            review = review_game(history, player, None, progress=self._progress, **budget)
        except Exception as err:  # the page must survive an evaluator's bug
            self.note.value = (f'<span class="wpp-refusal">The review failed '
                               f"({escape(type(err).__name__)}).</span>")
            return
        self.show(review)

    def show(self, review: Review) -> None:
        """Show a finished review: its description, chart and rows."""
        self.review = review
        self.progress.layout.display = "none"
        counts = ", ".join(f"{v} {n}" for v, n in review.counts().items() if n)
        n = len(review.rows)
        self.note.value = (f"<b>{n} decision{'' if n == 1 else 's'} reviewed</b> "
                           f"({escape(counts)}), "
                           f"in {escape(review.unit)}. Judged from what you could know then: "
                           f"{escape(review.method)}. Choose a decision to see the board.")
        try:
            fig = review.chart()
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=80)
            data = base64.b64encode(buf.getvalue()).decode("ascii")
            self.chart.value = (f'<img src="data:image/png;base64,{data}" alt="your standing '
                                f'move by move, in {escape(review.unit)}, with the mistakes '
                                'marked" style="max-width: 100%; height: auto">')
        except Exception:  # no chart is better than no review
            self.chart.value = ""
        self.rows.options = [(row_label(r, self.describe), i) for i, r in enumerate(review.rows)]
        self.rows.value = None

    def _chosen(self, change: dict[str, Any]) -> None:
        k = change["new"]
        if self.review is None or not isinstance(k, int) or not 0 <= k < len(self.review.rows):
            return
        self.on_row(self.review.rows[k])
