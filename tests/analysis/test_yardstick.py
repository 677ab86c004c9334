"""The yardstick (wpp.analysis.yardstick): the turned-losses share and its bootstrap
interval on synthetic results whose answer is known, and one tiny real run."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.analysis.yardstick import (
    Paired,
    main,
    parse_agent,
    play_pairs,
    play_rows,
    read_rows,
    turned_losses,
    yardstick,
)
from wpp.core.errors import WppError

SCORES = st.sampled_from((0.0, 0.5, 1.0))


def synthetic(lost: int, saved: int, won: int) -> list[Paired]:
    """``lost`` games the base lost (``saved`` of them won by the challenger) and ``won``
    games the base won, one deal each."""
    pairs = [Paired(i, 0, 0.0, 1.0 if i < saved else 0.0) for i in range(lost)]
    pairs += [Paired(lost + i, 0, 1.0, 0.0) for i in range(won)]
    return pairs


@given(lost=st.integers(1, 60), data=st.data(), won=st.integers(0, 40))
@settings(max_examples=60, deadline=None)
def test_the_share_is_saved_over_lost(lost: int, data: st.DataObject, won: int) -> None:
    saved = data.draw(st.integers(0, lost))
    pairs = synthetic(lost, saved, won)
    assert turned_losses(pairs) == pytest.approx(saved / lost)
    y = yardstick(pairs, resamples=300, seed=1)
    assert (y.lost, y.saved, y.deals, y.games) == (lost, saved, lost + won, lost + won)
    assert y.share.low <= y.share.estimate <= y.share.high
    assert y.share.low >= 0.0 and y.share.high <= 1.0
    if saved in (0, lost):  # every resample gives the same share: no width
        assert y.share.low == y.share.high == saved / lost


def test_a_draw_saves_and_games_the_base_won_do_not_count() -> None:
    pairs = [Paired(0, 0, 0.0, 0.5), Paired(0, 1, 0.5, 0.0), Paired(1, 0, 1.0, 0.0),
             Paired(1, 1, 0.0, 0.0)]
    assert turned_losses(pairs) == 0.5  # 2 lost (deal 0 seat 0, deal 1 seat 1), 1 drawn
    assert math.isnan(turned_losses([Paired(0, 0, 1.0, 0.0)]))


def test_the_interval_narrows_with_deals_and_covers_the_truth() -> None:
    # True share 0.3: 3 of every 10 losses saved, spread over deals.
    small = yardstick(synthetic(20, 6, 0), seed=2)
    big = yardstick(synthetic(2000, 600, 0), seed=2)
    assert big.share.high - big.share.low < (small.share.high - small.share.low) / 5
    assert big.share.low < 0.3 < big.share.high


def test_the_seats_of_a_deal_are_resampled_together() -> None:
    # Every deal has one loss saved and one not: each resample's share is exactly 1/2, so
    # resampling deals (not games) gives a zero-width interval.
    pairs = [p for d in range(30) for p in (Paired(d, 0, 0.0, 1.0), Paired(d, 1, 0.0, 0.0))]
    y = yardstick(pairs, seed=3)
    assert y.share.low == y.share.high == 0.5


def test_scores_and_refusals() -> None:
    y = yardstick(synthetic(10, 5, 10))
    assert y.score.estimate == pytest.approx(5 / 20) and y.base_score.estimate == 0.5
    with pytest.raises(WppError, match="at least one deal"):
        yardstick([])
    with pytest.raises(WppError, match="confidence"):
        yardstick(synthetic(3, 1, 0), confidence=1.5)
    assert parse_agent("noisy:rate=0.1") == ("noisy", {"rate": 0.1})
    with pytest.raises(WppError, match="KEY=VALUE"):
        parse_agent("noisy:rate")


def test_a_real_run_pairs_each_deal_and_seat() -> None:
    pairs, cpu = play_pairs("warpairs", "greedy", "random", range(2))
    assert [(p.deal, p.seat) for p in pairs] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(p.base in (0.0, 0.5, 1.0) and p.other in (0.0, 0.5, 1.0) for p in pairs)
    assert cpu >= 0.0
    # The same agent on both sides plays the very same games: nothing is turned.
    same, _ = play_pairs("warpairs", "classic", "random", range(2))
    assert all(p.base == p.other for p in same)


def test_the_command_line_appends_rows_and_refuses_bad_agents(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "y.csv"
    args = ["--game", "warpairs", "--agent", "greedy", "--opponent", "noisy:rate=0.4",
            "--deals", "1", "--out", str(out)]
    assert main(args) == 0 and main([*args, "--seed", "1"]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("run,game,agent,base_agent,opponent,deal,seat,base_score")
    assert len(lines) == 1 + 2 + 2  # one header, two seats a deal, two runs
    assert "greedy against noisy:rate=0.4" in capsys.readouterr().out
    assert main(["--agent", "nobody", "--deals", "1", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'nobody'" in err and "Traceback" not in err


def test_lost_only_plays_the_challenger_where_the_base_lost_and_nowhere_else() -> None:
    full, _ = play_pairs("warpairs", "greedy", "classic", range(4))
    lean, cpu = play_pairs("warpairs", "greedy", "classic", range(4), lost_only=True)
    assert [(p.deal, p.seat, p.base) for p in lean] == [(p.deal, p.seat, p.base) for p in full]
    for f, p in zip(full, lean, strict=True):
        assert (p.other == f.other) if f.lost else math.isnan(p.other)
    assert turned_losses(lean) == turned_losses(full) or (
        math.isnan(turned_losses(lean)) and math.isnan(turned_losses(full)))
    assert math.isnan(cpu) or cpu >= 0.0
    # No score from the lost games alone (it would be biased); the share is still there.
    y = yardstick([Paired(0, 0, 0.0, 1.0), Paired(0, 1, 1.0, math.nan)])
    assert math.isnan(y.score.estimate) and y.share.estimate == 1.0 and y.games == 2
    assert "score not measured" in y.describe()
    assert yardstick([Paired(0, 0, 0.0, 1.0), Paired(0, 1, 1.0, 0.0)]).score.estimate == 0.5


def test_the_same_rows_here_in_processes_and_on_dask() -> None:
    distributed = pytest.importorskip("distributed")
    args = ("warpairs", "greedy", ["random", "classic"], range(3))
    here = play_rows(*args)
    assert [(r.opponent, r.pair.deal, r.pair.seat) for r in here][:4] == [
        ("random", 0, 0), ("random", 0, 1), ("classic", 0, 0), ("classic", 0, 1)]
    assert [r.pair for r in play_rows(*args, workers=2)] == [r.pair for r in here]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = play_rows(*args, client=client)
    assert [(r.opponent, r.pair) for r in on_dask] == [(r.opponent, r.pair) for r in here]


def test_the_stored_rows_make_the_table(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "y.csv"
    args = ["--agent", "greedy", "--opponent", "random", "classic", "--deals", "2",
            "--out", str(out), "--lost-only"]
    assert main(args) == 0
    capsys.readouterr()
    stored = read_rows(out, "warpairs", "greedy", "classic")
    assert sorted(stored) == ["classic", "random"]
    assert all(len(rows) == 4 for rows, _ in stored.values())  # 2 deals x 2 seats
    assert main(["--agent", "greedy", "--out", str(out), "--table"]) == 0
    printed = capsys.readouterr().out
    assert "| random | 2 (4) |" in printed and "| classic | 2 (4) |" in printed
    # A second run of the same deals adds rows but the table counts each deal once.
    assert main(args) == 0
    assert all(len(rows) == 4 for rows, _ in read_rows(out, "warpairs", "greedy",
                                                       "classic").values())
    # --wall 0: nothing played, nothing appended.
    before = out.read_text(encoding="utf-8")
    assert main([*args, "--seed", "9", "--wall", "0"]) == 0
    assert out.read_text(encoding="utf-8") == before
