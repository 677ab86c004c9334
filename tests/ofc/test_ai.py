"""pyOFC's AI and the expected-points AI: their candidates, ratings, budgets, reproducibility
and explanations."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, parse_cards
from wpp.ofc.board import EMPTY_BOARD, fouls
from wpp.ofc.expected import ExpectedPointsAI
from wpp.ofc.fast import FOUL_VALUE
from wpp.ofc.game import OfcView
from wpp.ofc.pyofc import PyOfcAI, compat_ratings, effective_sample_size, run_rollouts


def opening(seed: int = 1) -> OfcView:
    view = wpp.new_game("ofc", seed=seed).view(0)
    assert isinstance(view, OfcView)
    return view


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(3, FOUL_VALUE), min_size=1, max_size=30))
def test_compat_ratings_are_pyofcs_running_average_loop(values: list[int]) -> None:
    rating = 0
    for k, v in enumerate(values, start=1):           # pyOFC's update, as the reference states
        rating = v if k == 1 else rating + v // (k - 1) + 1
    assert compat_ratings(np.array([values])).tolist() == [rating]


def test_the_running_average_is_worth_few_rollouts() -> None:
    assert 14 < effective_sample_size(100) < 15 < 27 < effective_sample_size(1000) < 28
    assert effective_sample_size(1) == 1


def test_rollout_values_are_row_rank_sums_or_the_weighted_foul() -> None:
    board = (parse_cards("AS AH AD"), parse_cards("2S 3D"), ())
    deck = [c for c in CARDS if c not in board[0] + board[1]]
    r = run_rollouts([board], deck, np.random.default_rng(3), passes=200)
    assert r.values.shape == (1, 200)
    assert (r.values[r.fouls] == FOUL_VALUE).all()
    assert (r.values[~r.fouls] < 3 * 7463).all()
    assert r.fouls.mean() > 0.5
    timed = run_rollouts([board, board], deck, np.random.default_rng(3), move_time=0.02)
    assert timed.passes >= 1 and timed.values.shape[0] == 2


def test_pyofc_picks_the_lowest_rating_and_is_reproducible() -> None:
    view = opening()
    a, b = PyOfcAI(seed=5, passes=30), PyOfcAI(seed=5, passes=30)
    decision = a.decide(view)
    assert decision.action == b.choose(view)
    assert decision.action in view.legal_actions()
    e = decision.explanation
    assert e.step_ids == ("pyofc.cards", "pyofc.candidates", "pyofc.rollouts", "pyofc.table",
                          "pyofc.runnerup")
    table = e.step("pyofc.table")
    assert table is not None and table.rows[table.chosen_row or 0][-1] is True
    ratings = [row[3] for row in table.rows]
    assert ratings == sorted(ratings)
    assert "significant" in str(e.step("pyofc.runnerup").verdict)  # type: ignore[union-attr]


def test_pyofc_compat_explains_its_effective_sample_size() -> None:
    e = PyOfcAI(seed=1, passes=50, pyofc_compat=True).decide(opening()).explanation
    step = e.step("pyofc.rollouts")
    assert step is not None and "effective sample size" in str(step.notes[0])


def test_one_open_row_needs_no_simulation() -> None:
    g = wpp.new_game("ofc", seed=2)
    ai = PyOfcAI(seed=0, passes=5)
    while not g.is_over:
        view = g.view(g.to_act)
        d = ai.decide(view)
        open_rows = [i for i in range(3) if len(view.board[i]) < (3, 5, 5)[i]]
        if len(open_rows) == 1:
            assert d.explanation.step("pyofc.only") is not None
        g.apply(d.action)


def test_pyofc_avoids_fouls_far_better_than_random() -> None:
    fouled = {"pyofc": 0, "random": 0}
    for seed in range(6):
        for name in fouled:
            g = wpp.new_game("ofc", seed=seed)
            agents = [wpp.make_agent("ofc", name, seed=seed, **({"passes": 30}
                                                                 if name == "pyofc" else {}))
                      for _ in range(2)]
            while not g.is_over:
                g.apply(agents[g.to_act].choose(g.view(g.to_act)))
            fouled[name] += sum(fouls(b) for b in g.state.boards)
    assert fouled["pyofc"] <= 4 < 8 <= fouled["random"]


@pytest.mark.parametrize("options", [{"passes": 0}, {"move_time": 0}, {"move_time": "1"},
                                     {"five_card_time": 1000}, {"passes": 1.5}])
def test_bad_pyofc_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(WppError):
        wpp.make_agent("ofc", "pyofc", **options)


def test_expected_explains_points_and_a_paired_runner_up() -> None:
    view = opening(3)
    d = ExpectedPointsAI(seed=2, passes=12).decide(view)
    assert d.action == ExpectedPointsAI(seed=2, passes=12).choose(view)
    assert d.action in view.legal_actions()
    assert d.explanation.step_ids == ("expected.cards", "expected.deals", "expected.table",
                                      "expected.runnerup")
    table = d.explanation.step("expected.table")
    assert table is not None
    points = [row[3] for row in table.rows]
    assert points == sorted(points, reverse=True) and table.rows[0][-1] is True
    assert "paired over the same deals" in str(
        d.explanation.step("expected.runnerup").verdict)  # type: ignore[union-attr]


def test_expected_spends_its_budget_and_refuses_bad_options() -> None:
    import time

    ai = ExpectedPointsAI(seed=1, move_time=0.05)
    start = time.process_time()
    ai.choose(opening())
    assert 0.03 < time.process_time() - start < 0.5
    for options in ({"passes": 1}, {"arrangements": 0}, {"foul_penalty": -1}):
        with pytest.raises(WppError):
            wpp.make_agent("ofc", "expected", **options)


def test_the_empty_board_is_what_an_opening_view_shows() -> None:
    assert opening().board == EMPTY_BOARD
