"""The ladder's ratings: Bradley–Terry with a bootstrap over deals recovers known strengths
from synthetic games, the seatings of a deal are fair to both levels, and a game's score is
the pairwise comparison of returns."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.analysis.ratings import Result, _score, main, pairings, play_deal, rate, seatings
from wpp.core.errors import WppError
from wpp.core.ladder import ladder


def _synthetic(elo: list[float], deals: int, seed: int) -> list[Result]:
    """Every pair of levels on ``deals`` deals, two games each (seats swapped), each won
    with the Bradley–Terry chance of the true Elo gap."""
    rng = random.Random(seed)
    keys = [f"L{i}" for i in range(len(elo))]
    out: list[Result] = []
    for deal in range(deals):
        for a, b in pairings(keys):
            p = 1 / (1 + 10 ** ((elo[keys.index(b)] - elo[keys.index(a)]) / 400))
            out.extend(Result(deal, a, b, float(rng.random() < p)) for _ in range(2))
    return out


@settings(max_examples=12, deadline=None)
@given(gaps=st.lists(st.floats(100, 300), min_size=2, max_size=4),
       ref=st.integers(0, 4), seed=st.integers(0, 2**32))
def test_bradley_terry_recovers_known_strengths(gaps: list[float], ref: int,
                                                seed: int) -> None:
    truth = [0.0]
    for g in gaps:
        truth.append(truth[-1] + g)
    ref %= len(truth)
    truth = [t - truth[ref] for t in truth]  # the reference at 0
    keys = [f"L{i}" for i in range(len(truth))]
    rates = rate(_synthetic(truth, 300, seed), keys, keys[ref], bootstrap=60, seed=seed)
    estimates = [rates[k].rating for k in keys]
    assert estimates == sorted(estimates), (truth, estimates)  # the order is recovered
    assert rates[keys[ref]].rating == 0.0
    for k, t in zip(keys, truth, strict=True):
        r = rates[k]
        # 300 deals × 2 games per pair: a standard error of 15–40 Elo, so 100 is generous
        # but far below the gaps (≥ 100 each, the ends up to 1,200 apart).
        assert abs(r.rating - t) < 100, (k, t, r)
        assert r.low <= r.rating + 1e-9 and r.rating <= r.high + 1e-9
        assert r.games == 300 * 2 * (len(keys) - 1)


def test_equal_strengths_rate_near_zero_with_an_interval_around_it() -> None:
    rates = rate(_synthetic([0.0, 0.0, 0.0], 400, 7), ["L0", "L1", "L2"], "L1", seed=1)
    for r in rates.values():
        assert abs(r.rating) < 60 and r.low <= 0 <= r.high


def test_the_bootstrap_resamples_deals_not_games() -> None:
    """Two games of a deal that always agree (both won or both lost) carry one deal's
    information: the interval is as wide as for one game per deal, wider than if the games
    were independent."""
    rng = random.Random(3)
    together, apart = [], []
    for deal in range(200):
        won = float(rng.random() < 0.6)
        together += [Result(deal, "a", "b", won)] * 2
        apart += [Result(deal, "a", "b", won), Result(deal + 1000, "a", "b",
                                                       float(rng.random() < 0.6))]
    width = {name: (lambda r: r.high - r.low)(rate(res, ["a", "b"], "b", seed=2)["a"])
             for name, res in (("together", together), ("apart", apart))}
    assert width["together"] > 1.2 * width["apart"]


def test_a_bad_reference_or_level_is_the_kits_error() -> None:
    with pytest.raises(WppError, match="reference 'z'"):
        rate([Result(0, "a", "b", 1.0)], ["a", "b"], "z")
    with pytest.raises(WppError, match="not rated"):
        rate([Result(0, "a", "c", 1.0)], ["a", "b"], "a")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seating_is_fair_to_both_levels(players: int) -> None:
    """Across a deal's seatings each level holds every seat equally often."""
    plans = seatings(players)
    assert len(set(plans)) == len(plans)
    for seat in range(players):
        held = [plan[seat] for plan in plans]
        assert held.count(0) == held.count(1)
    for plan in plans:  # both levels at the table, alternating
        assert 0 in plan and 1 in plan


def test_a_games_score_compares_every_seat_of_one_level_with_every_seat_of_the_other() -> None:
    assert _score([1.0, -1.0], (0, 1)) == 1.0
    assert _score([1.0, -1.0], (1, 0)) == 0.0
    assert _score([0.0, 0.0], (0, 1)) == 0.5
    # A in seats 1 and 3: 1st and 4th of four; B 2nd and 3rd: A wins 2 of 4 comparisons.
    assert _score([4.0, 3.0, 2.0, 1.0], (0, 1, 1, 0)) == 0.5
    assert _score([4.0, 3.0, 2.0, 1.0], (0, 0, 1, 1)) == 1.0


def test_pairings_span_keeps_neighbours_only() -> None:
    assert len(pairings("abcde")) == 10
    assert pairings("abcde", span=1) == [("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")]


def test_a_deal_is_played_in_every_seating_and_replays_the_same() -> None:
    first = play_deal("pairs", "beginner", "pipmc", 11)
    assert len(first) == len(seatings(4)) and first == play_deal("pairs", "beginner",
                                                                 "pipmc", 11)
    assert all(0 <= r.score <= 1 for r in first)


def test_the_command_measures_writes_and_shows_a_ladder(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    out = tmp_path / "ladder.json"
    log = tmp_path / "games.jsonl"
    assert main(["--game", "draw", "--deals", "3", "--out", str(out), "--log", str(log)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert [row["key"] for row in doc["levels"]] == [lv.key for lv in ladder("draw")]
    assert doc["games"] == 3 * 3 * 2 and doc["deals_per_pair"] == 3
    assert "| Beginner |" in capsys.readouterr().out
    # A rerun reads the logged games instead of playing them again: the same scores.
    assert main(["--game", "draw", "--deals", "3", "--out", str(out), "--log", str(log)]) == 0
    again = json.loads(out.read_text(encoding="utf-8"))
    assert again["pairs"] == doc["pairs"] and len(log.read_text().splitlines()) == 9
    # A shorter run is fitted from the first deals of the log, playing nothing.
    assert main(["--game", "draw", "--deals", "2", "--out", str(out), "--log", str(log)]) == 0
    short = json.loads(out.read_text(encoding="utf-8"))
    assert short["games"] == 2 * 3 * 2 and len(log.read_text().splitlines()) == 9


@pytest.mark.parametrize("args, message", [
    (["--game", "chess"], "unknown game"),
    (["--game", "draw", "--deals", "0"], "deals per pair"),
    (["--game", "draw", "--players", "9"], "seats"),
    (["--game", "draw", "--span", "0"], "span"),
])
def test_bad_arguments_are_reported_not_raised(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err
