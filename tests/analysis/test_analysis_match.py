"""Recorded games: the schedule, duplicate deals, and counts that must add up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

import pandas as pd
import pytest

from wpp.analysis.match import (
    GameSpec,
    decisions_columns,
    decisions_path,
    games_columns,
    play_recorded,
    schedule,
)
from wpp.analysis.tournament import round_robin, run_match
from wpp.core.agents import Decision
from wpp.warpairs import registration as warpairs_game
from wpp.warpairs.actions import Action
from wpp.warpairs.ai.greedy import GreedyAgent
from wpp.warpairs.game import Game, play_game
from wpp.warpairs.game_stats import CATEGORY_COLUMNS, MODE_COLUMNS, lead_estimate
from wpp.warpairs.game_stats import GAME_COLUMNS as WPP_COLUMNS
from wpp.warpairs.rules import Rules
from wpp.warpairs.tournament_cli import agent_names, make
from wpp.warpairs.view import View

#: WarPairsPoker's tables: the generic columns, then its own (its analysis hooks).
GAME_COLUMNS = (*games_columns(2), *WPP_COLUMNS)
DECISION_COLUMNS = (*decisions_columns(2), "phase", "hand_p1", "hand_p2")


@pytest.fixture(scope="module")
def match() -> Iterator[tuple[pd.DataFrame, pd.DataFrame]]:
    r = run_match("warpairs", ("greedy", "random"), games=30, seed=100, progress=False)
    yield r.games, r.decisions


def test_schedule_duplicates_and_alternates() -> None:
    a, b = "random", "greedy"
    specs = schedule("warpairs", (a, b), 6, seed=5)
    assert [(s.index, s.seed, s.copy, s.agents) for s in specs[:2]] == [
        (0, 5, 0, (a, b)), (1, 5, 1, (b, a))]
    assert [s.seed for s in specs] == [5, 5, 6, 6, 7, 7]
    plain = schedule("warpairs", (a, b), 3, seed=5, duplicate=False)
    assert [(s.seed, s.agents[0]) for s in plain] == [(5, a), (6, b), (7, a)]
    with pytest.raises(ValueError, match="even"):
        schedule("warpairs", (a, b), 5)
    with pytest.raises(ValueError):
        schedule("warpairs", (a, b, "classic"), 4)
    with pytest.raises(ValueError, match="unknown agent"):
        schedule("warpairs", (a, "nobody"), 4)


class Spy:
    """A greedy agent that notes the hand it is dealt (its first view)."""

    name = "spy"
    hands: ClassVar[list[tuple[int, tuple[int, ...]]]] = []

    def __init__(self, seed: int | None = None) -> None:
        self.inner = GreedyAgent(seed)
        self.seen = False

    def choose(self, view: View) -> Action:
        if not self.seen:
            self.seen = True
            Spy.hands.append((view.player, tuple(view.hand)))
        return self.inner.choose(view)

    def decide(self, view: View) -> Decision:
        return Decision(self.choose(view), self.inner.decide(view).explanation)


def test_duplicate_deals_really_swap_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(warpairs_game.AGENTS, "spy", Spy)
    Spy.hands = []
    result = run_match("warpairs", ("spy", "random"), games=4, seed=21, progress=False)
    g = result.games
    assert g["agent_p1"].tolist() == ["spy", "random", "spy", "random"]
    assert g["agent_p2"].tolist() == ["random", "spy", "random", "spy"]
    assert g["seed"].tolist() == [21, 21, 22, 22]
    # The same deal each time: in the swapped copy the spy holds the other seat's hand.
    for k, seed in enumerate((21, 22)):
        dealt = Game(seed).state.hands
        (seat0, hand0), (seat1, hand1) = Spy.hands[2 * k], Spy.hands[2 * k + 1]
        assert (seat0, seat1) == (0, 1)
        assert hand0 == dealt[0] and hand1 == dealt[1] and hand0 != hand1


def test_columns_and_types(match: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    games, decisions = match
    assert tuple(games.columns) == GAME_COLUMNS
    assert tuple(decisions.columns) == DECISION_COLUMNS
    assert games["game"].tolist() == list(range(30))
    assert set(decisions["game"]) == set(range(30))
    assert games["winner"].isin([0, 1]).all()


def test_counts_add_up(match: tuple[pd.DataFrame, pd.DataFrame]) -> None:
    g, d = match
    assert (g["decisions_p1"] + g["decisions_p2"] == g["actions"]).all()
    assert (d.groupby("game").size().to_numpy() == g["actions"].to_numpy()).all()
    assert (g[list(MODE_COLUMNS)].sum(axis=1) == g["tricks"]).all()
    assert (g[list(CATEGORY_COLUMNS)].sum(axis=1) == g["plays_p1"] + g["plays_p2"]).all()
    for p in ("p1", "p2"):
        # 16 dealt − 3 to the pile − cards played + cards taken (a re-draw swaps n for n)
        expected = (13 - g[f"cards_played_{p}"] + g[f"deck_draws_{p}"] + g[f"pile_takes_{p}"])
        assert (g[f"final_hand_{p}"] == expected).all()
    winners = g["winner"].to_numpy()
    finals = g[["final_hand_p1", "final_hand_p2"]].to_numpy()
    assert all(finals[i, w] == 0 for i, w in enumerate(winners))  # all won by emptying
    assert ((d["phase"] == "mulligan") == (d["move"] < 2)).all()
    assert (d.loc[d["phase"] == "mulligan", "branching"] == 560).all()
    assert d["spread"].between(0, 1).all()


def test_the_recorder_does_not_change_the_game() -> None:
    # The same spec played by the plain self-play loop ends the same way.
    for spec in schedule("warpairs", ("random", "greedy"), 4, seed=3):
        row, decisions = play_recorded(spec)
        agents = [make(n, (spec.seed * 2 + spec.copy) * 2 + s) for s, n in enumerate(spec.agents)]
        game = play_game(agents, spec.seed, history=True)
        s = game.state
        assert (row["winner"], row["actions"]) == (s.winner, s.actions)
        assert (row["final_hand_p1"], row["final_hand_p2"]) == (len(s.hands[0]), len(s.hands[1]))
        assert decisions["action"] == [a.kind for a in game.actions]
        # The first leader is the one who acted right after the two mulligans.
        assert row["first_leader"] == decisions["player"][2]
        # Branching is the legal actions less Concede, replayed move by move.
        replay = Game(spec.seed)
        for i, action in enumerate(game.actions):
            if i >= 2:
                assert decisions["branching"][i] == len(replay.legal_actions()) - 1
            replay.apply(action)


def test_rules_reach_the_games() -> None:
    spec = GameSpec(0, 9, 0, ("random", "random"), "warpairs", Rules(turn_limit=10))
    row, _ = play_recorded(spec)
    assert (row["winner"], row["winner_agent"], row["actions"]) == (-1, "draw", 10)
    assert row["end_reason"] == "reached the turn limit"


def test_round_robin_plays_every_pair_on_the_same_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(warpairs_game.AGENTS, "greedy2", GreedyAgent)
    r = round_robin("warpairs", ("random", "greedy", "greedy2"), 4, seed=8, progress=False)
    g = r.games
    assert g["game"].tolist() == list(range(12))
    pairs = [tuple(sorted(x)) for x in zip(g["agent_p1"], g["agent_p2"], strict=True)]
    assert pairs == [("greedy", "random")] * 4 + [("greedy2", "random")] * 4 \
        + [("greedy", "greedy2")] * 4
    assert g["seed"].tolist() == [8, 8, 9, 9] * 3
    # Two identical deterministic agents on the same deals: the games mirror each other.
    mirror = g[g["agent_p1"].str.startswith("greedy") & g["agent_p2"].str.startswith("greedy")]
    assert mirror["winner"].tolist()[0::2] == mirror["winner"].tolist()[1::2]
    with pytest.raises(ValueError, match="distinct"):
        round_robin("warpairs", ("random", "random"), 2, progress=False)


def test_agents_by_name() -> None:
    assert {"random", "classic", "greedy"} <= set(agent_names())
    assert make("random", 1).name == "random"
    with pytest.raises(ValueError, match="unknown agent"):
        make("grandmaster")


def test_lead_estimate_and_paths() -> None:
    assert lead_estimate(3, 9) == 0.75 and lead_estimate(9, 3) == 0.25
    assert decisions_path("a/b.csv") == "a/b.decisions.csv"
    assert decisions_path("results") == "results.decisions"
