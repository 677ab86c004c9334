"""The match (wpp.core.matches): it ends exactly when its rule says, names the right winner,
counts each game once, survives its own save data and refuses damaged data — checked against
a plain recomputation from the games' returns, over random rules and random games."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.matches import DEFAULT_RULE, Match, MatchRule
from wpp.core.registry import match_rule, registered_games

RULES = st.one_of(
    st.builds(MatchRule, st.just("wins"), hands=st.integers(0, 7),
              first_to=st.integers(1, 4)),
    st.builds(MatchRule, st.just("points"), hands=st.integers(1, 7),
              forfeit_points=st.sampled_from([0.0, 1.0, 6.0]), placing=st.booleans()))


def game_returns(players: int) -> st.SearchStrategy[tuple[float, ...]]:
    return st.lists(st.sampled_from([-1.0, 0.0, 1.0, 2.5, -3.0]), min_size=players,
                    max_size=players).map(tuple)


@st.composite
def matches(draw: Any) -> tuple[MatchRule, int, list[tuple[float, ...]]]:
    rule = draw(RULES)
    players = draw(st.integers(2, 4))
    games = draw(st.lists(game_returns(players), max_size=20))
    return rule, players, games


def expected_end(rule: MatchRule, players: int, games: list[tuple[float, ...]]
                 ) -> tuple[int | None, list[float]]:
    """The plain recomputation: after which game the match ends (None: not yet), and the
    tallies at its end (or after every game)."""
    tally = [0.0] * players
    factor = players - 1 if rule.placing else 1
    for n, r in enumerate(games, start=1):
        if rule.count == "points":
            tally = [t + x * factor for t, x in zip(tally, r, strict=True)]
            if n == rule.hands:
                return n, tally
        else:
            top = [s for s in range(players) if r[s] == max(r)]
            if len(top) == 1:
                tally[top[0]] += 1
            if max(tally) >= rule.first_to or n == rule.hands:
                return n, tally
    return None, tally


@given(matches())
def test_a_match_ends_exactly_when_its_rule_says_with_the_right_winner(
        case: tuple[MatchRule, int, list[tuple[float, ...]]]) -> None:
    rule, players, games = case
    end, tally = expected_end(rule, players, games)
    m = Match(rule, players)
    for n, r in enumerate(games, start=1):
        was_over = m.over
        m.record(f"g{n}", r)
        m.record(f"g{n}", r)                      # counted once
        if was_over:
            assert m.played == end                # nothing counts after the end
        assert m.over == (end is not None and n >= end)
    assert m.played == (end if end is not None else len(games))
    assert m.tally == tally
    if m.over:
        best = max(tally)
        assert m.winners() == [s for s in range(players) if tally[s] == best]
    assert Match.load(m.dump(), rule, players) == m


@given(RULES, st.integers(0, 3))
def test_a_forfeit_is_a_game_played_and_lost(rule: MatchRule, wins_before: int) -> None:
    m = Match(rule, 2)
    for n in range(wins_before):
        m.record(f"w{n}", (1.0, -1.0))
    if m.over:
        return
    before, played = list(m.tally), m.played
    m.forfeit("left", person=0, practice=False)
    m.forfeit("left", person=0, practice=False)   # counted once
    assert m.played == played + 1
    if rule.count == "points":   # two seats: a placing point is a point
        assert m.tally == [before[0] - rule.forfeit_points, before[1]]
    else:
        assert m.tally == [before[0], before[1] + 1]
    m.forfeit("practice", person=0, practice=True)
    assert m.played == played + 1                 # practice never counts


@pytest.mark.parametrize("data", [None, "x", {"played": -1}, {"tally": [1.0]},
                                  {"tally": ["a", 1]}, {"seen": [1, 2]}, {"number": 0},
                                  {"played": True}, {"tally": [1e300, 0]}])
def test_damaged_match_data_gives_a_fresh_match(data: object) -> None:
    m = Match.load(data, DEFAULT_RULE, 2)
    assert m == Match(DEFAULT_RULE, 2)


@pytest.mark.parametrize("bad", [dict(count="most"), dict(count="wins"),
                                 dict(count="points"), dict(count="wins", first_to=200),
                                 dict(count="points", hands=3, forfeit_points=-1),
                                 dict(count="points", hands=3, unit="round")])
def test_a_bad_rule_is_the_kits_error(bad: dict[str, Any]) -> None:
    with pytest.raises(WppError):
        MatchRule(**bad)


def test_every_game_declares_a_match_that_can_end() -> None:
    for game in registered_games():
        rule = match_rule(game)
        assert rule.hands or rule.first_to, game
        assert rule.words()


def test_placings_count_as_whole_placing_points() -> None:
    """Pairs' returns are placings scaled to 0…1 (1/3, 2/3 with four seats): the match
    counts them as 3, 2, 1, 0 so its score reads in whole numbers."""
    rule = MatchRule("points", hands=2, placing=True)
    m = Match(rule, 4)
    m.record("a", (1.0, 0.0, 1 / 3, 2 / 3))
    m.record("b", (0.0, 1.0, 2 / 3, 1 / 3))
    assert m.tally == [3.0, 3.0, 3.0, 3.0] and m.over and len(m.winners()) == 4
    f = Match(rule, 4)
    f.forfeit("c", person=0, practice=False)
    assert f.tally == [-3.0, 0.0, 0.0, 0.0]
