""""Review with the computer" on the game page, for any game: after a game, the kit's game
review (:func:`wpp.review_game`) of the person's decisions runs in the background with a
progress bar; each decision joins the list as soon as it is valued (a WarPairsPoker game's
review takes 4 to 7 s of one core in all, its first decision well under 2 s: the person reads
and opens the first rows while the rest are valued), then the page adds its chart and its
summary; choosing a row shows the board at that move, the person's choice and the better one,
with the AI's reasons.

The review is taken one decision at a time (:class:`wpp.core.review.ReviewRun`), by one
method, :meth:`ComputerReview.advance`, whoever drives it: on the server a thread of its own
(the page stays live while it thinks); in the browser alone (the static site's Pyodide, which
has no second thread) a task on the page's event loop that lets the browser breathe between
two decisions, so the progress bar moves and the page answers clicks meanwhile; in a test,
the caller at once. A new game forgets a review under way (its steps stop at the next
decision and show nothing).

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

import asyncio
import base64
import io
import sys
from collections.abc import Callable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any, Final

import ipywidgets as w

from wpp.core.history import History
from wpp.core.review import Review, ReviewRow, ReviewRun, amount_words, review_run

if TYPE_CHECKING:
    import threading

#: Python in the browser alone (the static site's Pyodide): no thread to think in.
IN_BROWSER: Final = sys.platform == "emscripten"

__all__ = ["PHONE_WIDTH", "ComputerReview", "chart_html", "loss_words", "row_label"]


#: Below this width (CSS pixels) the page shows the phone's chart (see :func:`chart_html`).
PHONE_WIDTH: Final = 600


def png(fig: Any) -> str:
    """A matplotlib figure as a ``data:`` address of a PNG at 80 dpi."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def chart_html(review: Review) -> str:
    """The review's chart, titled for the player ("your standing"), as one ``<picture>``:
    the wide chart, and for a screen narrower than :data:`PHONE_WIDTH` one drawn for it —
    larger type, fewer ticks, the legend under the plot, about as wide as a phone so it is
    shown unscaled (the wide one shrunk to 390 px had 5-pixel type)."""
    heading = f"{review.title}: your standing, move by move"
    wide = png(review.chart(heading=heading))
    small = png(review.chart(heading="Your standing, move by move", small=True))
    return (f'<picture><source media="(max-width: {PHONE_WIDTH}px)" srcset="{small}">'
            f'<img src="{wide}" alt="your standing move by move, in {escape(review.unit)}, '
            'with the mistakes marked" style="max-width: 100%; height: auto"></picture>')


def loss_words(loss: float, unit: str) -> str:
    """What a decision lost, in words a player reads, rounded: in ``unit`` "win chance" (a
    probability) "loses 35% win chance"; in points "loses 0.35 points" (a raw "(−0.354)"
    said nothing to a newcomer).

    >>> loss_words(0.354, "win chance"), loss_words(0.004, "win chance")
    ('loses 35% win chance', 'loses less than 1% win chance')
    >>> loss_words(0.354, "expected points"), loss_words(1.0, "expected points")
    ('loses 0.35 points', 'loses 1 point')
    >>> loss_words(2.48, "expected points")        # rounded as a player reads it
    'loses 2.5 points'
    """
    return f"loses {amount_words(loss, unit)}"


def close_call_words(review: Review) -> str:
    """When the review calls a move good at worst, in a player's words: the engine's rule
    (:attr:`~wpp.core.review.Review.noise_rule`: "the best value inside the played action's
    95% interval") said plainly — the better move does better only by as much as chance
    explains in the practice deals. A strict game's rule (the two moves' likely ranges must
    be apart) also says what it costs."""
    if review.strict:
        return ("A move is called good at worst when it is too close to call: the better "
                "move's likely range and yours overlap, so chance in these few practice "
                "deals could explain the gap. This may call a real but smaller mistake good "
                "(checked against a stronger judge, the review finds about two in three).")
    return ("A move is called good at worst when it is too close to call: the better move "
            "does only a little better, within what chance explains in the practice deals.")


def row_label(row: ReviewRow, describe: Callable[[Any], str] = str,
              unit: str = "win chance") -> str:
    """A row of the list: the move, the verdict, the person's action and the better one
    with what the choice lost (:func:`loss_words`, in the game's review ``unit``)."""
    text = f"Move {row.move + 1}: {row.verdict} — you: {describe(row.action)}"
    if row.best != row.action:
        text += f"; better: {describe(row.best)} ({loss_words(row.loss, unit)})"
    return text


class ComputerReview:
    """The review's widgets (``box``): a progress bar, a note, the chart and the list of
    decisions (``rows``, one choice per decision: choosing a row calls ``on_row(row)``)."""

    def __init__(self, on_row: Callable[[ReviewRow], None],
                 describe: Callable[[Any], str] = str) -> None:
        self.on_row = on_row
        self.describe = describe
        #: The game's review unit ("win chance", "expected points"), set by :meth:`start`.
        self.unit = "win chance"
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
        # box cut long rows off at a phone's right edge), all shown: no box of its own to
        # scroll (Pairs' list was cut after seven rows).
        self.rows = w.RadioButtons(options=[], description="Decisions",
                                   tooltip="choose a decision to see the board at that move",
                                   layout=w.Layout(width="100%"))
        self.rows.add_class("wpp-review-rows")
        self.rows_box = w.Box([self.rows], layout=w.Layout(width="100%"))
        self.rows_box.add_class("wpp-review-list")
        self.box = w.VBox([self.progress, self.note, self.chart, self.rows_box],
                          layout=w.Layout(display="none"))
        self.box.add_class("wpp-computer-review")
        self.review: Review | None = None
        #: The rows listed so far (those of the review under way as they come, then the
        #: finished review's): what a choice in :attr:`rows` opens.
        self.listed: list[ReviewRow] = []
        #: The review under way (``None``: none, or it finished, failed or was forgotten).
        self.current: ReviewRun | None = None
        self.thread: threading.Thread | None = None
        self.task: asyncio.Future[None] | None = None
        self.rows.observe(self._chosen, names="value")

    @property
    def running(self) -> bool:
        """A review is under way."""
        return self.current is not None

    def hide(self) -> None:
        """A new game: forget the review (one under way stops at its next decision)."""
        self.current = None
        self.review = None
        self.box.layout.display = "none"
        self.listed = []
        self.rows.options = []
        self.chart.value = ""
        self.note.value = ""

    def start(self, history: History[Any, Any], player: int, *, threaded: bool = True,
              budget: Mapping[str, int] | None = None) -> None:
        """Review ``player``'s decisions in ``history``: in the background unless not
        ``threaded`` (then at once)."""
        if self.running:
            return
        self.hide()
        self.box.layout.display = ""
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        self.note.value = ("The computer is reviewing your decisions… each one is listed "
                           "below as soon as it is valued: choose one to see the board.")
        try:
            run = review_run(history, player, None, **dict(budget or {}))
        except Exception as err:  # the page must survive an evaluator's bug
            self._failed(err)
            return
        self.current = run
        self.unit = str(getattr(history.game, "review_unit", "win chance"))
        self._progress(run)
        if run.finished:  # no decision to review
            self.advance(run)
        elif not threaded:
            while self.advance(run):
                pass
        elif IN_BROWSER:
            self.task = asyncio.get_event_loop().create_task(self._stepped(run))
        else:
            import threading  # only where a thread can run (not in the browser)

            self.thread = threading.Thread(target=self._threaded, args=(run,), daemon=True)
            self.thread.start()

    def advance(self, run: ReviewRun) -> bool:
        """One decision of ``run`` valued and the progress bar moved, or the review shown when
        it is finished; whether to go on (not once it is finished, failed or forgotten)."""
        if self.current is not run:
            return False
        try:
            run.step()
        except Exception as err:  # the page must survive an evaluator's bug
            self.current = None
            self._failed(err)
            return False
        if self.current is not run:  # a new game while this decision was valued
            return False
        self._list(run.rows)  # the row first: the bar never counts one not listed yet
        self._progress(run)
        if run.review is None:
            return True
        self.current = None
        self.show(run.review)
        return False

    def _threaded(self, run: ReviewRun) -> None:
        while self.advance(run):
            pass

    async def _stepped(self, run: ReviewRun) -> None:
        """The browser's way: a decision, then a pause for the page's own events (the
        progress bar drawn, a click answered), until the review is done."""
        while self.advance(run):
            await asyncio.sleep(0)

    def _failed(self, err: Exception) -> None:
        self.progress.layout.display = "none"
        self.note.value = (f'<span class="wpp-refusal">The review failed '
                           f"({escape(type(err).__name__)}).</span>")

    def _list(self, rows: list[ReviewRow] | tuple[ReviewRow, ...]) -> None:
        """List the rows valued so far that are not listed yet (a choice made meanwhile is
        kept)."""
        if len(rows) == len(self.listed) and all(
                a is b for a, b in zip(rows, self.listed, strict=True)):
            return
        self.listed = list(rows)
        chosen = self.rows.value
        self.rows.options = [(row_label(r, self.describe, self.unit), i)
                             for i, r in enumerate(rows)]
        self.rows.value = chosen if isinstance(chosen, int) and chosen < len(rows) else None

    def _progress(self, run: ReviewRun) -> None:
        self.progress.max = max(1, run.total)
        self.progress.value = run.done
        self.progress.description = f"{run.done}/{run.total}"

    def show(self, review: Review) -> None:
        """Show a finished review: its chart, its rows and (last) its description."""
        self.review = review
        self.progress.layout.display = "none"
        counts = ", ".join(f"{v} {n}" for v, n in review.counts().items() if n)
        n = len(review.rows)
        try:
            self.chart.value = chart_html(review)
        except Exception:  # no chart is better than no review
            # The browser alone has no matplotlib (its build comes only from Pyodide's CDN).
            self.chart.value = ("<i>The move-by-move chart is drawn only on the kit's "
                                "server.</i>" if IN_BROWSER else "")
        self._list(review.rows)
        # The note last: once it says "reviewed", the chart and the list are there.
        self.note.value = (f"<b>{n} decision{'' if n == 1 else 's'} reviewed</b> "
                           f"({escape(counts)}), "
                           f"in {escape(review.unit)}. Judged from what you could know then: "
                           f"{escape(review.method)}. {escape(close_call_words(review))} "
                           "Choose a decision to see the board.")

    def _chosen(self, change: dict[str, Any]) -> None:
        k = change["new"]
        if not isinstance(k, int) or not 0 <= k < len(self.listed):
            return
        self.on_row(self.listed[k])
