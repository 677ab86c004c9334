"""The fast random-game path plays exactly the games the engine plays with RandomAgents."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.__main__ import main
from wpp.core.errors import WppError
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import Game, play_game
from wpp.warpairs.phases import EndReason
from wpp.warpairs.random_games import (
    RandomGameResult,
    play_random_game,
    play_random_games,
    summarize,
)
from wpp.warpairs.rules import EmptyDeck, Rules


def engine_game(seed: int, rules: Rules, agent_seeds: tuple[int, int]) -> Game:
    return play_game((RandomAgent(agent_seeds[0]), RandomAgent(agent_seeds[1])), seed, rules)


def assert_same_game(fast: RandomGameResult, game: Game) -> None:
    """Action by action, then the end: the first divergence is named."""
    engine_actions = [e.action for e in game.events]
    for number, (a, b) in enumerate(zip(fast.history, engine_actions, strict=False)):
        assert a == b, f"action {number}: fast path {a}, engine {b}"
    assert len(fast.history) == len(engine_actions) == fast.actions
    s = game.state
    assert (fast.winner, fast.end_reason, fast.actions, fast.reshuffles) == \
        (s.winner, s.end_reason, s.actions, s.reshuffles)
    if s.actions > 2:  # the first action after the two mulligans is the first leader's
        assert fast.first_leader == game.events[2].player


@given(st.integers(0, 2**32), st.tuples(st.integers(0, 2**32), st.integers(0, 2**32)),
       st.from_type(Rules))
def test_same_game_as_the_engine_under_any_rules(seed: int, agent_seeds: tuple[int, int],
                                                 rules: Rules) -> None:
    fast = play_random_game(seed, rules, agent_seeds, record=True)
    assert_same_game(fast, engine_game(seed, rules, agent_seeds))


@pytest.mark.parametrize(("rules", "seeds"), [
    (Rules(), range(400)),
    (Rules(wraps=False), range(150)),
    (Rules(empty_deck=EmptyDeck.PILE_ONLY), range(150)),
    (Rules(hand_limit=None, empty_deck=EmptyDeck.PILE_ONLY), range(100)),
    (Rules(hand_limit=17, turn_limit=40), range(150)),
])
def test_same_games_over_many_seeds(rules: Rules, seeds: range) -> None:
    ends: Counter[EndReason] = Counter()
    for seed in seeds:
        fast = play_random_game(seed, rules, record=True)
        assert_same_game(fast, engine_game(seed, rules, (seed, seed + 1)))
        ends[fast.end_reason] += 1
    assert ends[EndReason.EMPTIED_HAND] > 0


def test_the_sweep_reaches_every_way_a_random_game_ends() -> None:
    """The seeds above are not all easy games: some reshuffle, some end at the hand limit
    or the turn limit (a random agent never concedes)."""
    results = [*play_random_games(150, rules=Rules(hand_limit=17, turn_limit=40)),
               *play_random_games(400)]
    assert {r.end_reason for r in results} == {EndReason.EMPTIED_HAND, EndReason.HAND_LIMIT,
                                               EndReason.TURN_LIMIT}
    assert any(r.reshuffles for r in results)


def test_history_is_recorded_only_when_asked() -> None:
    assert play_random_game(3).history == ()
    recorded = play_random_game(3, record=True)
    assert recorded._replace(history=()) == play_random_game(3)
    game = Game(3)
    for action in recorded.history:  # every recorded action is legal in the engine
        game.apply(action)
    assert game.is_over and game.state.winner == recorded.winner


def test_play_random_games_counts_from_the_seed() -> None:
    assert [r.seed for r in play_random_games(3, seed=10)] == [10, 11, 12]
    assert list(play_random_games(0)) == []


@pytest.mark.parametrize(("call", "error", "words"), [
    (lambda: play_random_game("7"), ValueError, "whole number"),  # type: ignore[arg-type]
    (lambda: play_random_game(True), ValueError, "whole number"),
    (lambda: play_random_game(1, "wraps"), WppError, "Rules"),  # type: ignore[arg-type]
    (lambda: play_random_game(1, agent_seeds=(1,)), ValueError,  # type: ignore[arg-type]
     "one seed per player"),
    (lambda: play_random_game(1, agent_seeds=5), ValueError,  # type: ignore[arg-type]
     "one seed per player"),
    (lambda: play_random_game(1, agent_seeds=(1, "b")), ValueError,  # type: ignore[arg-type]
     "agent's seed"),
    (lambda: list(play_random_games(-1)), WppError, "number of games.*not -1"),
    (lambda: play_random_game(-1), WppError, "from 0 to 2\\*\\*63 - 1, not -1"),
    (lambda: list(play_random_games(2, 2**63 - 1)), WppError, "last seed"),
    (lambda: list(play_random_games("3")), ValueError, "number of games"),  # type: ignore[arg-type]
    (lambda: list(play_random_games(3, 2.5)), ValueError, "first seed"),  # type: ignore[arg-type]
])
def test_bad_input_is_refused_with_a_reason(call: object, error: type[Exception],
                                            words: str) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]


def test_summary_counts_every_game_once() -> None:
    results = list(play_random_games(300, rules=Rules(hand_limit=17, turn_limit=40)))
    s = summarize(results)
    assert s.games == 300 == sum(s.wins) + s.draws == sum(s.end_reasons.values())
    assert s.draws == s.end_reasons[EndReason.TURN_LIMIT]
    assert s.first_leader_wins == sum(r.winner == r.first_leader for r in results)
    assert s.max_actions == max(r.actions for r in results) <= 40
    assert s.median_actions <= s.p95_actions <= s.max_actions
    assert str(summarize([])) == "no games"


def test_command_line_sums_up_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["random-games", "--games", "60", "--seed", "5", "--no-wraps"]) == 0
    one = capsys.readouterr().out
    assert "60 random-vs-random games, deals 5 to 64" in one and "wraps=False" in one
    assert str(summarize(play_random_games(60, 5, Rules(wraps=False)))) in one
    # Two processes play the same deals and sum up to the same figures.
    assert main(["random-games", "--games", "60", "--seed", "5", "--no-wraps",
                 "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one.split("\n\n")[1] == two.split("\n\n")[1]


@pytest.mark.parametrize("args", [["--games", "0"], ["--workers", "0"],
                                  ["--hand-limit", "3"], ["--turn-limit", "1"]])
def test_command_line_refuses_bad_arguments(args: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["random-games", *args])
    except SystemExit as stop:  # refused by the parser itself
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert "random-games" in err and args[0].lstrip("-").split("-")[0] in err
    assert len(err.strip().splitlines()) == 1
