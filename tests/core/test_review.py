"""The game review (wpp.core.review), for every registered game, at small budgets.

One row per decision of the player; losses are never negative and are the best value minus
the played one's; the same seed gives the same table; a game played by the reviewer's own
choices reviews as all "best"; re-dealing every card the player could not see gives the same
table (the review reads no hidden card); bad input is the kit's error.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wpp
from wpp.core.explain import Explanation
from wpp.core.history import History
from wpp.core.registry import default_agent, game_def, make_agent
from wpp.core.review import (
    COLUMNS,
    VERDICTS,
    Position,
    decision_rng,
    decisions,
    evaluator,
    review_game,
    review_positions,
    review_run,
    verdict_of,
)

GAMES = wpp.registered_games()


def small(name: str) -> dict[str, Any]:
    """The smallest budget that still compares a few actions in a couple of worlds."""
    return {k: min(v, 2 if k == "worlds" else 4)
            for k, v in evaluator(game_def(name)).budget.items()}


def played(name: str, seed: int = 3) -> History[Any, Any]:
    """A finished seeded game between the game's default agents."""
    h = wpp.new_game(name, seed=seed)
    agents = [make_agent(name, default_agent(name), seed=seed + s) for s in range(h.players)]
    while not h.is_over:
        p = h.to_act
        h.apply(agents[p].choose(h.view(p)))
    return h


def plain(table: Any) -> list[dict[str, Any]]:
    """A table's rows as comparable values (the explanations as their text)."""
    rows: list[dict[str, Any]] = table.to_dict("records")
    for r in rows:
        r["explanation"] = str(r["explanation"])
    return rows


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> tuple[str, History[Any, Any], Any]:
    name = request.param
    h = played(name)
    return name, h, review_game(h, 0, seed=5, **small(name))


def test_one_row_per_decision(game: tuple[str, History[Any, Any], Any]) -> None:
    name, h, review = game
    d = game_def(name)
    mine = [i for i, s in enumerate(h.states[:-1]) if d.to_act(s) == 0]
    table = review.table
    assert list(table["move"]) == mine and mine
    assert list(table.columns) == list(COLUMNS)
    assert list(table["action"]) == [str(h.actions[i]) for i in mine]
    assert set(table["verdict"]) <= set(VERDICTS)
    assert review.unit == d.review_unit and review.thresholds == d.review_thresholds
    assert all(isinstance(e, Explanation) for e in table["explanation"])
    # numbered as the pages number moves, from 1 (it said "Move 1" beside the page's "Move 2")
    assert [str(e.title) for e in table["explanation"]] == [f"Move {m + 1}" for m in mine]


def test_a_review_taken_step_by_step_is_the_same_review(
        game: tuple[str, History[Any, Any], Any]) -> None:
    """The page's way (one decision a step, the page's own work between): each step values
    one decision, the progress goes 0, 1, … n, and the end is the review at once."""
    name, h, review = game
    run = review_run(h, 0, seed=5, **small(name))
    n = len(decisions(h, 0))
    assert run.total == n and run.done == 0 and not run.finished
    for k in range(1, n + 1):
        assert run.step() is (k < n) and run.done == k
    assert run.finished and not run.step() and run.done == n
    assert run.review is not None
    assert plain(run.review.table) == plain(review.table) and run.review.result == review.result
    seen: list[tuple[int, int]] = []
    again = review_run(h, 0, seed=5, **small(name)).run(lambda d, t: seen.append((d, t)))
    assert seen == [(k, n) for k in range(n + 1)] and plain(again.table) == plain(review.table)


def test_losses_are_best_minus_played(game: tuple[str, History[Any, Any], Any]) -> None:
    name, _, review = game
    strict = game_def(name).review_strict  # Pokeros: the two intervals apart
    for r in review.rows:
        assert r.loss >= -1e-9
        assert math.isclose(r.loss, r.best_value - r.value, abs_tol=1e-12)
        assert r.low - 1e-9 <= r.value <= r.high + 1e-9
        clear = r.best_low > r.high if strict else r.best_value > r.high
        assert r.verdict == verdict_of(r.loss, review.thresholds, r.best == r.action, clear)
        if not clear:  # a loss within the noise is never called a mistake
            assert r.verdict in ("best", "good")
        assert r.compared >= 1


def test_result_and_words(game: tuple[str, History[Any, Any], Any]) -> None:
    name, h, review = game
    assert review.result == game_def(name).review_value(h.returns(), 0)
    text = review.describe()
    assert review.unit in text and "hidden cards" in text
    assert all(f"{t:g}" in text for t in review.thresholds)


def test_same_seed_same_table(game: tuple[str, History[Any, Any], Any]) -> None:
    name, h, review = game
    again = review_game(h, 0, seed=5, **small(name))
    assert plain(again.table) == plain(review.table)


def test_twin_same_table(game: tuple[str, History[Any, Any], Any]) -> None:
    """Every position's hidden cards re-dealt (the game's own re-deal): what the player could
    see is the same, so the table must be."""
    name, h, review = game
    d = game_def(name)
    rng = random.Random(2024)
    real = decisions(h, 0)
    twins = [Position(p.move, d.redeal_hidden(p.state, 0, rng), p.action) for p in real]
    assert any(t.state != p.state for t, p in zip(twins, real, strict=True))
    for t, p in zip(twins, real, strict=True):
        assert d.view(t.state, 0) == d.view(p.state, 0)
    twin = review_positions(d, twins, 0, seed=5, result=review.result,
                            moves=len(h.actions), **small(name))
    assert plain(twin.table) == plain(review.table)


@pytest.mark.parametrize("name", GAMES)
def test_reviewers_own_choices_are_best(name: str) -> None:
    """P1 plays, at every decision, the action the review's evaluator values most (with the
    review's seed and budget): the review must call every one of them best."""
    d = game_def(name)
    budget = {**evaluator(d).budget, **small(name)}
    h = wpp.new_game(name, seed=11)
    others = [make_agent(name, default_agent(name), seed=s) for s in range(h.players)]
    while not h.is_over:
        p = h.to_act
        if p == 0:
            values = evaluator(d).evaluate(h.state, 0, decision_rng(7, len(h.actions)), budget,
                                           (), None)
            h.apply(max(values, key=lambda v: v.value).action)
        else:
            h.apply(others[p].choose(h.view(p)))
    review = review_game(h, 0, seed=7, **small(name))
    assert review.rows and {r.verdict for r in review.rows} == {"best"}


def test_draws_exact_agent_is_best() -> None:
    """5-card draw's exact AI maximises the exact win chance the review uses."""
    for seed in range(4):
        h = played("draw", seed)
        assert {r.verdict for r in review_game(h, 0).rows} == {"best"}
        assert review_game(h, 0).rows[0].low == review_game(h, 0).rows[0].high


def test_agent_playouts() -> None:
    h = played("pairs", 2)
    r = review_game(h, 0, "random", worlds=2)
    assert r.agent == "random" and "random agent" in r.method
    assert len(r.rows) == len(decisions(h, 0))


def test_thresholds_stated_for_every_game() -> None:
    for name in GAMES:
        d = game_def(name)
        t = d.review_thresholds
        assert len(t) == 4 and 0 < t[0] < t[1] < t[2] < t[3], name
        assert d.review_unit and set(evaluator(d).budget) >= {"worlds"}


@given(st.lists(st.floats(0, 10), min_size=2, max_size=8))
def test_verdicts_grow_with_the_loss(losses: list[float]) -> None:
    t = (0.02, 0.05, 0.10, 0.20)
    ranks = [VERDICTS.index(verdict_of(x, t)) for x in sorted(losses)]
    assert ranks == sorted(ranks)


def test_chart_is_a_figure() -> None:
    h = played("pairs", 1)
    review = review_game(h, 0, worlds=2)
    fig = review.chart()
    assert type(fig).__name__ == "Figure" and fig.axes[0].get_ylabel() == "win chance"
    # its moves are numbered as the list's rows ("Move 1" is x = 1), the result one after
    xs = list(fig.axes[0].lines[0].get_xdata())
    assert xs == [r.move + 1 for r in review.rows]



def test_chart_moves_are_whole_numbers() -> None:
    review = review_game(played("draw", 1), 1)   # one decision: matplotlib ticked 1.0, 1.2, …
    fig = review.chart()
    fig.canvas.draw()
    assert all(float(t).is_integer() for t in fig.axes[0].get_xticks())


@pytest.mark.parametrize("bad", [9, -1, "0", True, 0.0, None])
def test_bad_player_is_the_kits_error(bad: Any) -> None:
    h = played("pairs", 1)
    with pytest.raises(wpp.WppError):
        review_game(h, bad)


@pytest.mark.parametrize("bad", [None, "a game", 3, game_def("pairs")])
def test_not_a_history_is_the_kits_error(bad: Any) -> None:
    with pytest.raises(wpp.WppError, match="history"):
        review_game(bad, 0)


def test_bad_budget_agent_or_seed_is_the_kits_error() -> None:
    h = played("pairs", 1)
    for kwargs in ({"worlds": 0}, {"worlds": 1.5}, {"playouts": 3}, {"seed": "x"}):
        with pytest.raises(wpp.WppError):
            review_game(h, 0, **kwargs)
    with pytest.raises(wpp.WppError, match="agent"):
        review_game(h, 0, "nobody", worlds=1)


def test_a_game_without_its_past_cannot_be_reviewed() -> None:
    h: History[Any, Any] = History(game_def("pairs"), seed=1, history=False)
    h.apply(h.legal_actions()[0])
    with pytest.raises(wpp.WppError, match="no history"):
        review_game(h, 0)


def test_the_description_states_the_games_noise_rule(
        game: tuple[str, History[Any, Any], Any]) -> None:
    name, _, review = game
    words = ("intervals overlapping" if game_def(name).review_strict
             else "inside the played action's 95% interval")
    assert "a loss within the estimate's noise (the" in review.describe()
    assert words in review.describe()
