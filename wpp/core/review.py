"""A game review for any registered game: which of a player's decisions cost them, by how
much, and what was better — from what the player could know at the time.

:func:`review_game` walks a finished (or unfinished) game's history and, at every decision
of one player, asks the game's definition for the value of the actions worth comparing
(:meth:`~wpp.core.protocol.GameDef.evaluate_actions`: by default Monte Carlo over re-deals of
the cards the player could not see, finished with random legal moves; a game may name a
better one built on its AIs, a :class:`~wpp.core.protocol.ReviewHook` ``REVIEW`` in its
registration module — 5-card draw's exact enumeration, WarPairsPoker's search candidates
played out by the classic AI). The values are in the game's unit
(:attr:`~wpp.core.protocol.GameDef.review_unit`: "win chance" or "expected points"); a
decision's *loss* is the best value minus the played action's, and its verdict comes from the
game's thresholds (:attr:`~wpp.core.protocol.GameDef.review_thresholds`).

The review never reads the hidden cards: each decision is evaluated from the real state only
through the game's own re-deal of what the player could not see (or its view), and the
random source of each decision is seeded from the review's ``seed`` and the move number
alone — so re-dealing the hidden cards gives the same table (the twin test in
``tests/core/test_review.py``), and the same seed gives the same table.

This module is game-neutral: it imports no game's package and reaches each game through its
definition and the registry. pandas and matplotlib are imported only when a table or a chart
is asked for.

>>> import wpp
>>> g = wpp.new_game("pairs", seed=4)
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> r = wpp.review_game(g, 0, worlds=4)
>>> r.unit, list(r.table.columns[:4])
('win chance', ['move', 'action', 'best', 'value'])
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from wpp.core.checks import check_count, check_seed, fold_seed
from wpp.core.errors import WppError
from wpp.core.explain import Explanation, Step
from wpp.core.history import History, seat_name
from wpp.core.protocol import ActionValue, GameDef, Policy, ReviewHook

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

__all__ = ["MAX_REVIEW_BUDGET", "SECOND_LOOK", "VERDICTS", "Position", "Review", "ReviewRow",
           "ReviewRun", "amount_words", "evaluate_position", "evaluator", "figure_words",
           "is_clear", "range_words", "review_decision", "review_game", "review_method",
           "review_positions", "review_row", "review_run", "verdict_of"]

#: The largest value of any review budget (``worlds``, ``actions``…): the search AI's bound on
#: its playouts (:data:`wpp.warpairs.ai.search.MAX_PLAYOUTS`), checked by the same validator
#: (:func:`~wpp.core.checks.check_count`), so ``worlds=10**9`` is refused at once instead of
#: running for days, and a float (``inf``, ``nan``) is never a budget.
MAX_REVIEW_BUDGET: Final = 10_000

#: The budget's name of the second look's re-deals (:func:`review_decision`).
SECOND_LOOK: Final = "second_look"

#: The verdicts, from the best decision to the worst.
VERDICTS: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")

#: The table's columns, in order.
COLUMNS = ("move", "action", "best", "value", "best_value", "loss", "verdict", "low", "high",
           "best_low", "best_high", "compared", "explanation")


@dataclass(frozen=True, slots=True)
class Position:
    """One decision to review: its index in the history's actions, the state before it
    (the whole truth: the review reads it only through the game's re-deal and view) and the
    action played."""

    move: int
    state: Any
    action: Any


@dataclass(frozen=True, slots=True)
class ReviewRow:
    """One reviewed decision: the played action and the best one, their values and
    intervals in the game's unit, the loss, the verdict and the explanation."""

    move: int
    action: Any
    best: Any
    value: float
    low: float
    high: float
    best_value: float
    best_low: float
    best_high: float
    loss: float
    verdict: str
    compared: int
    explanation: Explanation


@dataclass(frozen=True)
class Review:
    """A game review of one player: :attr:`table` (one row per decision), the game's
    :attr:`unit` and :attr:`thresholds`, :meth:`describe` and :meth:`chart`."""

    game: str
    title: str
    player: int
    unit: str
    #: The loss at which "good", "inaccuracy", "mistake" and "blunder" begin (below the
    #: first: "best").
    thresholds: tuple[float, float, float, float]
    budget: dict[str, Any]
    seed: int
    agent: str | None
    method: str
    rows: tuple[ReviewRow, ...]
    #: The player's result in :attr:`unit` if the game is over, else NaN.
    result: float = math.nan
    #: How many actions the game has (the chart's last move).
    moves: int = 0
    notes: tuple[str, ...] = field(default=())
    #: When a loss counts as within the noise, in words (the game's
    #: :attr:`~wpp.core.protocol.GameDef.review_strict`).
    noise_rule: str = "the best value inside the played action's 95% interval"
    #: Whether that rule is the game's strict one (the two intervals apart): a page says it
    #: in its own words.
    strict: bool = False

    @property
    def table(self) -> pd.DataFrame:
        """One row per decision of the player (pandas, imported now): ``move`` (its index
        in the history's actions), ``action`` and ``best`` (text), ``value``, ``best_value``,
        ``loss`` (their difference, ≥ 0 up to noise), ``verdict``, the 95% intervals ``low``
        / ``high`` (and ``best_low`` / ``best_high``; equal to the value where it is exact),
        ``compared`` (how many actions were valued) and ``explanation``."""
        import pandas as pd

        return pd.DataFrame(
            [{"move": r.move, "action": str(r.action), "best": str(r.best), "value": r.value,
              "best_value": r.best_value, "loss": r.loss, "verdict": r.verdict, "low": r.low,
              "high": r.high, "best_low": r.best_low, "best_high": r.best_high,
              "compared": r.compared, "explanation": r.explanation} for r in self.rows],
            columns=list(COLUMNS))

    def counts(self) -> dict[str, int]:
        """How many decisions got each verdict."""
        return {v: sum(r.verdict == v for r in self.rows) for v in VERDICTS}

    def describe(self) -> str:
        """The review in words: what was measured, how, the thresholds, and the decisions
        that cost the most."""
        t = self.thresholds
        lines = [
            f"Review of {seat_name(self.player)}'s {len(self.rows)} decisions in "
            f"{self.title}, in {self.unit}.",
            f"Each decision is judged from what {seat_name(self.player)} could know then, "
            f"never from the hidden cards: {self.method}.",
            f"Loss = the best action's value − the played one's. Verdicts: best below "
            f"{t[0]:g}, good from {t[0]:g}, inaccuracy from {t[1]:g}, mistake from {t[2]:g}, "
            f"blunder from {t[3]:g} ({self.unit}); a loss within the estimate's noise ("
            f"{self.noise_rule}) is at worst good.",
            "Counts: " + ", ".join(f"{v} {n}" for v, n in self.counts().items()) + ".",
        ]
        worst = sorted((r for r in self.rows if r.verdict not in ("best", "good")),
                       key=lambda r: -r.loss)[:5]
        for r in worst:
            lines.append(f"  move {r.move + 1}: {r.action} ({r.value:.3f}) — {r.verdict}, "
                         f"better {r.best} ({r.best_value:.3f}), loss {r.loss:.3f}")
        if not math.isnan(self.result):
            lines.append(f"Result: {self.result:g} {self.unit}.")
        lines.extend(self.notes)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()

    def chart(self, *, heading: str = "", small: bool = False) -> Figure:
        """The player's estimated standing after each of their moves (the played action's
        value, with its interval as a band), the best action's value as open circles, the
        mistakes and blunders marked, and the result if the game is over (matplotlib,
        imported now; the figure is not shown). ``heading``: the title (default: the game's
        and the seat's name). ``small``: drawn for a phone's width (about 370 px at 80 dpi,
        shown unscaled): larger type, fewer ticks, the legend under the plot."""
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator

        fig = Figure(figsize=(4.6, 3.9) if small else (8, 3.2))
        ax = fig.add_subplot()
        xs = [r.move + 1 for r in self.rows]  # numbered as the list and the pages, from 1
        ax.plot(xs, [r.value for r in self.rows], "-o", ms=4 if small else 3,
                label="after your move")
        ax.fill_between(xs, [r.low for r in self.rows], [r.high for r in self.rows],
                        alpha=0.2, label="likely range")
        ax.scatter(xs, [r.best_value for r in self.rows], facecolors="none",
                   edgecolors="green", s=18, label="best move's value")
        colours = {"inaccuracy": "gold", "mistake": "orange", "blunder": "red"}
        for verdict, colour in colours.items():
            bad = [r for r in self.rows if r.verdict == verdict]
            if bad:
                ax.scatter([r.move + 1 for r in bad], [r.value for r in bad], color=colour,
                           s=40, zorder=3, label=verdict)
        if not math.isnan(self.result):
            ax.scatter([self.moves + 1], [self.result], marker="*", s=120, color="black",
                       zorder=3, label="result")
        ax.set_xlabel("move", fontsize=12 if small else None)
        # whole moves only (no "move 1.2"); on a phone five ticks at most
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5 if small else "auto", integer=True))
        ax.set_ylabel(self.unit, fontsize=12 if small else None)
        if self.unit == "win chance":  # a chance read as a percentage, as the rows say it
            from matplotlib.ticker import PercentFormatter

            ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        title = heading or f"{self.title}: {seat_name(self.player)}'s standing, move by move"
        if small:
            ax.yaxis.set_major_locator(MaxNLocator(nbins=4))
            ax.tick_params(labelsize=11)
            ax.set_title(title, fontsize=12, wrap=True)
            ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=2,
                      frameon=False)
        else:
            ax.set_title(title)
            ax.legend(fontsize="small", loc="best")
        fig.tight_layout()
        return fig


def amount_words(value: float, unit: str) -> str:
    """``value`` in ``unit`` as a player reads it, rounded: a "win chance" (a probability)
    in whole percent, points to two decimals at most (issue 38: "0.354", "2.48 points").

    >>> amount_words(0.354, "win chance"), amount_words(0.004, "win chance")
    ('35% win chance', 'less than 1% win chance')
    >>> amount_words(2.48, "expected points"), amount_words(1.0, "expected points")
    ('2.5 points', '1 point')
    >>> amount_words(-0.354, "expected points"), amount_words(0.004, "expected points")
    ('−0.35 points', 'less than 0.01 points')
    """
    if unit == "win chance":
        pct = round(value * 100)
        return "less than 1% win chance" if value >= 0 and pct < 1 else f"{pct}% win chance"
    if 0 <= value < 0.005:
        return "less than 0.01 points"
    text = figure_words(value, unit)
    return f"{text} point{'' if text == '1' else 's'}"


def figure_words(value: float, unit: str) -> str:
    """``value`` as a table's figure: "68%" for a win chance, "2.5" or "0.35" in points.

    >>> figure_words(0.684, "win chance"), figure_words(2.48, "expected points")
    ('68%', '2.5')
    """
    if unit == "win chance":
        return f"{round(value * 100)}%"
    text = f"{value:.1f}" if abs(value) >= 1 else f"{value:.2f}"
    return text.rstrip("0").rstrip(".").replace("-", "−") if "." in text else text


def range_words(low: float, high: float, unit: str) -> str:
    """A value's likely range (its 95% interval) as a player reads it: "68%–82%", or in
    points "1.2 to 3.4"; one figure where it is exact.

    >>> range_words(0.684, 0.816, "win chance"), range_words(1.24, 3.4, "expected points")
    ('68%–82%', '1.2 to 3.4')
    >>> range_words(0.5, 0.5, "win chance")
    'exactly 50%'
    """
    a, b = figure_words(low, unit), figure_words(high, unit)
    if a == b:
        return f"exactly {a}" if low == high else f"about {a}"
    return f"{a}–{b}" if unit == "win chance" else f"{a} to {b}"


def verdict_of(loss: float, thresholds: Sequence[float], is_best: bool = False,
               clear: bool = True) -> str:
    """The verdict of a decision that lost ``loss`` against the best action; ``clear``:
    whether the loss stands out of the estimate's noise (the best action's value lies above
    the played action's 95% interval) — a loss within the noise is at worst ``good``, since
    the review cannot tell that the played action was worse.

    >>> [verdict_of(x, (0.02, 0.05, 0.1, 0.2)) for x in (0.0, 0.03, 0.07, 0.15, 0.5)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    >>> verdict_of(0.5, (0.02, 0.05, 0.1, 0.2), clear=False)
    'good'
    """
    if is_best:
        return "best"
    for i in range(len(thresholds), 0, -1):
        if loss >= thresholds[i - 1]:
            return VERDICTS[i] if clear or i == 1 else "good"
    return "best"


def decision_rng(seed: int, move: int) -> random.Random:
    """The random source of the decision at ``move``: from the review's seed and the move
    number alone, so one decision's values do not depend on the others."""
    return random.Random(f"wpp-review:{seed}:{move}")


def second_look_rng(seed: int, move: int) -> random.Random:
    """The random source of the second look at ``move``: from the review's seed and the move
    alone, independent of the first look's (:func:`decision_rng`)."""
    return random.Random(f"wpp-review-second-look:{seed}:{move}")


def evaluator(game: GameDef[Any, Any, Any, Any]) -> ReviewHook:
    """The evaluator the review uses for ``game``: the ``REVIEW`` its registration module
    names (an evaluator built on the game's AIs), else the definition's own
    :meth:`~wpp.core.protocol.GameDef.evaluate_actions`, :meth:`~wpp.core.protocol.GameDef.
    review_method` and :attr:`~wpp.core.protocol.GameDef.review_budget`."""
    from wpp.core.registry import registration  # finds the game's registration module

    try:
        hook = getattr(registration(game.name), "REVIEW", None)
    except WppError:  # a definition the registry does not know: its own evaluator
        hook = None
    if isinstance(hook, ReviewHook):
        return hook
    return ReviewHook(game.evaluate_actions, game.review_method, dict(game.review_budget))


def _check_budget(game: GameDef[Any, Any, Any, Any], budget: dict[str, Any]) -> dict[str, Any]:
    known = evaluator(game).budget
    unknown = sorted(set(budget) - set(known))
    if unknown:
        raise WppError(f"the review of {game.title} has no budget {', '.join(unknown)}; its "
                       f"budget is {', '.join(f'{k}={v}' for k, v in known.items())}")
    for k, v in budget.items():
        check_count(v, f"the review's {k}", 1, MAX_REVIEW_BUDGET)
    return {**known, **budget}


def _policy(game: GameDef[Any, Any, Any, Any], agent: str | None,
            seed: int) -> Policy | None:
    """The playout policy of agent ``agent`` of the game (each seat its own agent, deciding
    from its view), or ``None``: the evaluator's own."""
    if agent is None:
        return None
    from wpp.core.registry import make_agent  # the registry finds the game's agents

    agents: dict[int, Any] = {}

    def policy(state: Any, rng: random.Random) -> Any:
        seat = game.to_act(state)
        if seat not in agents:
            agents[seat] = make_agent(game.name, agent, seed=fold_seed(seed * 101 + seat))
        return agents[seat].choose(game.view(state, seat))

    make_agent(game.name, agent, seed=seed)  # refuses an unknown agent (WppError)
    return policy


def evaluate_position(game: GameDef[Any, Any, Any, Any], position: Position, player: int, *,
                      seed: int = 0, agent: str | None = None,
                      budget: dict[str, Any] | None = None) -> list[ActionValue]:
    """The values of the actions compared at one decision, exactly as the review computes
    them (its random source from ``seed`` and the move number)."""
    b = _check_budget(game, budget or {})
    check_seed(seed, "the review's seed")
    rng = decision_rng(seed, position.move)
    policy = _policy(game, agent, fold_seed(seed * 7919 + position.move))
    values = evaluator(game).evaluate(position.state, player, rng, b, (position.action,),
                                      policy)
    if not values:
        raise WppError(f"{game.title}'s evaluator valued no action at move {position.move}")
    return values


def review_method(game: GameDef[Any, Any, Any, Any], budget: dict[str, Any],
                  agent: str | None = None) -> str:
    """How the review values a decision, in words: the evaluator's sentence, and its second
    look if its budget has one."""
    method = evaluator(game).method(budget, agent)
    if budget.get(SECOND_LOOK):
        method += (f"; where your move seems to lose a mistake's worth or more, it is played "
                   f"again against the better one in {budget[SECOND_LOOK]} fresh deals, and "
                   f"that second look gives the verdict")
    return method


def review_decision(game: GameDef[Any, Any, Any, Any], position: Position, player: int, *,
                    seed: int = 0, agent: str | None = None,
                    budget: dict[str, Any] | None = None) -> ReviewRow:
    """One decision's row, as the review gives it: the evaluator's values of the actions
    compared (:func:`evaluate_position`) and, where the played action seems to lose at least
    a mistake's worth (the game's third threshold) and the budget has a ``second_look``, a
    second look: the played action and that best one valued again in ``second_look`` fresh
    re-deals (:func:`second_look_rng`), whose row — values, loss, verdict, by the same noise
    rule — is the decision's.

    Why: the best of several noisy estimates is biased upwards (the winner's curse), and a
    small budget's intervals may be too wide to tell a real loss from noise; values got
    again on fresh deals for just the two actions are unbiased and narrower, at the cost of
    the few decisions that look bad (WarPairsPoker's false mistakes, Pokeros' missed ones;
    the README's review section)."""
    b = _check_budget(game, budget or {})
    method = review_method(game, b, agent)
    values = evaluate_position(game, position, player, seed=seed, agent=agent, budget=b)
    first = review_row(game, position, values, game.review_unit, game.review_thresholds,
                       method)
    worlds = int(b.get(SECOND_LOOK, 0))
    if not worlds or first.best == first.action or first.loss < game.review_thresholds[2]:
        return first
    hook = evaluator(game)
    compare = hook.compare or game.playout_values
    policy = _policy(game, agent, fold_seed(seed * 7919 + position.move))
    again = compare(position.state, player, second_look_rng(seed, position.move),
                    (position.action, first.best), worlds, policy)
    second = review_row(game, position, again, game.review_unit, game.review_thresholds,
                        method)
    look = second.explanation.steps[0]
    step = Step(f"A second look: the two moves in {worlds} fresh practice deals, valued in "
                f"{game.review_unit}", columns=look.columns, rows=look.rows,
                chosen_row=look.chosen_row, id="review.second_look", verdict=look.verdict,
                notes=("The first look's best move may just have been lucky in its deals; "
                       "these values, from other deals, give the verdict.",))
    explanation = Explanation(first.explanation.title,
                              [*first.explanation.steps, step],
                              summary=second.explanation.summary)
    return ReviewRow(second.move, second.action, second.best, second.value, second.low,
                     second.high, second.best_value, second.best_low, second.best_high,
                     second.loss, second.verdict, first.compared, explanation)


def is_clear(game: GameDef[Any, Any, Any, Any], better: ActionValue,
             played: ActionValue) -> bool:
    """Whether ``better``'s value stands out of the estimate's noise against ``played``'s:
    above the played action's 95% interval, or — for a game whose
    :attr:`~wpp.core.protocol.GameDef.review_strict` is set — with the two intervals apart."""
    if game.review_strict:
        return better.low > played.high
    return better.value > played.high


def review_row(game: GameDef[Any, Any, Any, Any], position: Position,
               values: list[ActionValue], unit: str,
               thresholds: tuple[float, float, float, float], method: str) -> ReviewRow:
    """One decision's row from its valued actions: the best, the loss and the verdict (the
    noise rule of :func:`verdict_of`). Public so that the judge of
    :mod:`wpp.analysis.judge` gives its verdicts by the very same rule."""
    mine = next((v for v in values if v.action == position.action), None)
    if mine is None:
        raise WppError(f"{game.title}'s evaluator did not value the played action "
                       f"{position.action} at move {position.move}")
    best = max(values, key=lambda v: v.value)
    if best.value <= mine.value:
        best = mine  # ties go to the played action
    loss = best.value - mine.value
    verdict = verdict_of(loss, thresholds, best is mine, clear=is_clear(game, best, mine))
    order = sorted(range(len(values)), key=lambda i: -values[i].value)
    # In a player's words (issue 38: "95% interval [0.684, 0.816]", "lost 0.354"): values
    # rounded in the unit, the 95% interval named "likely range" (the review's table keeps
    # the numbers: :attr:`Review.table`).
    rows = [(str(values[i].action), figure_words(values[i].value, unit),
             range_words(values[i].low, values[i].high, unit)) for i in order]
    chosen = next(j for j, i in enumerate(order) if values[i].action == position.action)
    step = Step(f"The moves compared, valued in {unit}", columns=("move", unit,
                                                                    "likely range"),
                rows=rows, chosen_row=chosen, id="review.values",
                verdict=(f"{verdict}: {position.action} is the best here" if best is mine
                         else f"{verdict}: {position.action} loses "
                              f"{amount_words(loss, unit)} against {best.action}"),
                notes=(f"From what you could know then: {method}.",))
    summary = (f"{position.action} is the best here" if best is mine
               else f"{verdict}: {best.action} was better by {amount_words(loss, unit)}")
    # Titled as the pages number moves (from 1); the table's ``move`` is the history's index.
    explanation = Explanation(f"Move {position.move + 1}", [step], summary=summary)
    return ReviewRow(position.move, position.action, best.action, mine.value, mine.low,
                     mine.high, best.value, best.low, best.high, loss, verdict, len(values),
                     explanation)


class ReviewRun:
    """A review taken one decision at a time: :meth:`step` values the next decision,
    :attr:`done` of :attr:`total` are valued, and :attr:`review` is the finished
    :class:`Review` once :attr:`finished`. A page steps it between its own work (the
    browser's Python has no second thread; see ``widgets.page.computer_review``);
    :meth:`run` takes every step at once. Built by :func:`review_run` (a history) or directly
    from positions; every budget, seed and agent is checked when it is built, before any
    work."""

    def __init__(self, game: GameDef[Any, Any, Any, Any], positions: Sequence[Position],
                 player: int, agent: str | None = None, *, seed: int = 0,
                 result: float = math.nan, moves: int = 0, **budget: int) -> None:
        self.game = game
        self.positions = tuple(positions)
        self.player = player
        self.agent = agent
        self.seed = seed
        self.result = result
        self.moves = moves
        self.budget = _check_budget(game, budget)
        check_seed(seed, "the review's seed")
        _policy(game, agent, seed)  # refuses an unknown agent before any work
        self.method = review_method(game, self.budget, agent)
        self.rows: list[ReviewRow] = []
        self.review: Review | None = None
        if not self.positions:
            self._finish()

    @property
    def total(self) -> int:
        """How many decisions the review values."""
        return len(self.positions)

    @property
    def done(self) -> int:
        """How many of them are valued so far."""
        return len(self.rows)

    @property
    def finished(self) -> bool:
        """Every decision is valued (:attr:`review` is the review)."""
        return self.review is not None

    def step(self) -> bool:
        """Value the next decision; whether any is left after it (``False`` once
        :attr:`finished`: a step then does nothing)."""
        if self.review is not None:
            return False
        p = self.positions[len(self.rows)]
        self.rows.append(review_decision(self.game, p, self.player, seed=self.seed,
                                         agent=self.agent, budget=self.budget))
        if len(self.rows) == len(self.positions):
            self._finish()
        return self.review is None

    def _finish(self) -> None:
        g = self.game
        noise = ("the two actions' 95% intervals overlapping: with this few re-deals nothing "
                 "less can be told apart, so this review may call a real but smaller mistake "
                 "good (checked against a stronger judge, it finds about two in three)"
                 if g.review_strict
                 else "the best value inside the played action's 95% interval")
        self.review = Review(g.name, g.title, self.player, g.review_unit, g.review_thresholds,
                             self.budget, self.seed, self.agent, self.method, tuple(self.rows),
                             self.result, self.moves, noise_rule=noise,
                             strict=bool(g.review_strict))

    def run(self, progress: Callable[[int, int], None] | None = None) -> Review:
        """Take every step left; ``progress``, if given, is called with (decisions done,
        decisions in all) before the first and after each one. The review."""
        if progress is not None:
            progress(self.done, self.total)
        while self.review is None:
            self.step()
            if progress is not None:
                progress(self.done, self.total)
        return self.review


def review_positions(game: GameDef[Any, Any, Any, Any], positions: Sequence[Position],
                     player: int, agent: str | None = None, *, seed: int = 0,
                     result: float = math.nan, moves: int = 0,
                     progress: Callable[[int, int], None] | None = None,
                     **budget: int) -> Review:
    """The review of ``player``'s decisions at ``positions`` (see :func:`review_game`, which
    lists them from a history; the twin test passes re-dealt states here). ``progress``, if
    given, is called with (decisions done, decisions in all) before the first and after each
    one (a page's progress bar)."""
    return ReviewRun(game, positions, player, agent, seed=seed, result=result, moves=moves,
                     **budget).run(progress)


def decisions(history: History[Any, Any], player: int) -> list[Position]:
    """The decisions of ``player`` in ``history``: each action they played, with the state
    before it."""
    game = history.game
    states, actions = history.states, history.actions
    return [Position(i, states[i], a) for i, a in enumerate(actions)
            if not game.is_over(states[i]) and game.to_act(states[i]) == player]


def review_game(history: History[Any, Any], player: int, agent: str | None = None, *,
                seed: int = 0, progress: Callable[[int, int], None] | None = None,
                **budget: int) -> Review:
    """Review ``player``'s decisions in ``history`` (any registered game's).

    At each decision the game's evaluator (:meth:`~wpp.core.protocol.GameDef.
    evaluate_actions`) values the actions worth comparing from what the player could know
    then; ``agent`` (a name of the game's agents) makes the evaluator finish its playouts
    with that agent for every seat instead of its own way. ``budget`` overrides the game's
    :attr:`~wpp.core.protocol.GameDef.review_budget` (e.g. ``worlds=64``); ``seed`` seeds
    every decision's random source, so the same seed gives the same table. ``progress``, if
    given, is called with (decisions done, decisions in all) as the review goes (a page's
    progress bar; see :func:`review_positions`).

    A history that is not a :class:`~wpp.core.history.History` with its past kept, a seat
    the game does not have, an unknown agent or budget, a budget outside 1 to
    :data:`MAX_REVIEW_BUDGET` or a seed outside 0 to 2**63 - 1 is a :class:`WppError`.
    """
    return review_run(history, player, agent, seed=seed, **budget).run(progress)


def review_run(history: History[Any, Any], player: int, agent: str | None = None, *,
               seed: int = 0, **budget: int) -> ReviewRun:
    """:func:`review_game` not yet run: a :class:`ReviewRun` to step one decision at a time
    (the same checks, made now; the same review at its end)."""
    if not isinstance(history, History):
        raise WppError(f"a review needs a game's history (wpp.new_game, wpp.load_game), "
                       f"not {type(history).__name__}")
    history.view(player)  # refuses a seat the game does not have
    deal = history.game.new(history.seed, history.players, history.rules, history.deck)
    if len(history.states) != len(history.actions) + 1 or history.states[0] != deal:
        raise WppError("this game keeps no history (history=False): it cannot be reviewed")
    game = history.game
    result = (game.review_value(history.returns(), player) if history.is_over
              else math.nan)
    return ReviewRun(game, decisions(history, player), player, agent, seed=seed,
                     result=result, moves=len(history.actions), **budget)
