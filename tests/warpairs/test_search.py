"""The search AI: its worlds are drawn from the view alone (re-dealing the real hidden cards
changes none of its inputs nor its choice), its candidates are legal, it finds the sure win
the classic AI misses, its explanation's figures add up, bad options are refused, and it
plays legally in whole games."""

from __future__ import annotations

import json
import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, parse_cards
from wpp.warpairs.actions import Concede, Mulligan, PlayCards
from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.mulligan import mulligan_cards
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.search import (
    MAX_CANDIDATES,
    MULLIGAN_RACE_WORLDS,
    RACE_WORLDS,
    SIGNIFICANCE,
    SearchAgent,
    candidates,
    classic_playout,
    determinise,
    mulligan_candidates,
    search,
)
from wpp.warpairs.game import play_game
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step

CLASSIC = ClassicAgent()


def states_of_a_game(seed: int, mulligan: bool = False) -> list[GameState]:
    """Every state of a classic-vs-random game after the mulligan (with ``mulligan``: its
    two decisions too)."""
    s = GameState.new(seed)
    agents = (CLASSIC, RandomAgent(seed))
    out = []
    while s.phase is not Phase.OVER:
        if mulligan or s.phase is not Phase.MULLIGAN:
            out.append(s)
        s = step(s, agents[s.to_act].choose(s.view(s.to_act)), narrate=False)[0]
    return out


def check_state(s: GameState) -> None:
    """What must hold at every decision: worlds consistent with the view and drawn from it
    alone, candidates legal."""
    p = s.to_act
    view = s.view(p)
    world = determinise(view, random.Random(3))
    assert world.view(p) == view
    assert Counter(c for cards in world.locations().values() for c in cards) == Counter(CARDS)
    # The same worlds from a view of a re-dealt state: nothing hidden leaks in.
    other = s.redeal_hidden(p, random.Random(11))
    assert determinise(other.view(p), random.Random(3)) == world
    classic = classic_decision(view, explain=False)[0]
    if s.phase is Phase.MULLIGAN:
        picks = mulligan_candidates(view, classic)
        assert picks[0] == classic and len(set(picks)) == len(picks) <= MAX_CANDIDATES
        assert all(isinstance(a, Mulligan) and set(a.cards) <= set(view.hand) for a in picks)
        return
    cands = candidates(view, classic)
    legal = view.legal_actions()
    assert cands[0] == classic and len(set(cands)) == len(cands) <= max(MAX_CANDIDATES, 3)
    assert all(a in legal and not isinstance(a, Concede) for a in cands)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_worlds_and_candidates_come_from_the_view_alone(seed: int) -> None:
    for s in states_of_a_game(seed, mulligan=True):
        check_state(s)


def test_the_decision_is_the_same_whatever_the_real_hidden_cards() -> None:
    agent = SearchAgent(seed=4, playouts=40)
    for s in states_of_a_game(5)[:12]:
        p = s.to_act
        a = agent.decide(s.view(p))
        for k in range(3):
            other = s.redeal_hidden(p, random.Random(k))
            b = agent.decide(other.view(p))
            assert b.action == a.action
            assert str(b.explanation) == str(a.explanation)


def test_a_sure_win_wins_every_playout() -> None:
    # K♠ and a two (§8.2): lead the king; an ace is answered by the two.
    s = GameState.custom(("2D KS", "AH 9D"), to_act=0)
    r = search(s.view(0), random.Random(0), playouts=60)
    king = next(c for c in r.results if c.action == PlayCards(parse_cards("KS")))
    assert king.wins == king.playouts > 0
    chosen = next(c for c in r.results if c.action == r.chosen)
    assert chosen.wins == king.wins


def test_search_overrules_the_classic_ai_where_playouts_show_it_loses() -> None:
    # Game 17 (classic against random): P1 holds 2♦ K♠ A♣ and leads. The classic AI leads
    # its power cards' most common rank, twos first: 2♦, which almost anything beats.
    s = next(x for x in states_of_a_game(17)
             if x.to_act == 0 and x.phase is Phase.LEAD and x.hands[0] == parse_cards("2D KS AC"))
    view = s.view(0)
    assert CLASSIC.choose(view) == PlayCards(parse_cards("2D"))
    d = SearchAgent(seed=0, playouts=200).decide(view)
    assert d.action != CLASSIC.choose(view)
    table = d.explanation.step("search.candidates")
    assert table is not None and table.chosen_row is not None
    classic_row = next(i for i, row in enumerate(table.rows) if row[0] == parse_cards("2D"))
    assert table.rows[table.chosen_row][2] > table.rows[classic_row][2]
    # It says where it disagrees with the classic AI, and shows one world where it matters:
    # the search's line wins it, the classic line loses it.
    assert d.explanation.step("search.classic") is not None
    sample = d.explanation.step("search.sample")
    other = d.explanation.step("search.sample_classic")
    assert sample is not None and other is not None
    assert isinstance(d.action, PlayCards) and sample.rows[0][2] == d.action.cards
    assert other.rows[0][2] == parse_cards("2D")
    assert str(sample.verdict).endswith("wins this practice game")


def test_the_explanation_tables_the_candidates_with_intervals() -> None:
    s = states_of_a_game(2)[1]
    view = s.view(s.to_act)
    r = search(view, random.Random(1), playouts=50, trace=True)
    d = SearchAgent(seed=1, playouts=50).decide(view)
    data = d.explanation.to_json()
    assert json.loads(json.dumps(data)) == data
    table = d.explanation.step("search.candidates")
    assert table is not None
    if r.worlds:
        assert table.columns[:5] == ("move", "games", "wins", "wins about", "give or take")
        assert len(table.rows) == len(r.results)
        assert table.chosen_row is not None
        if isinstance(d.action, PlayCards):
            assert table.rows[table.chosen_row][0] == d.action.cards
        index = next(i for i, c in enumerate(r.results) if c.action == r.chosen)
        if r.chosen != r.classic:  # overruled only on a significant sign test
            better, worse = r.paired[index]
            assert better - worse >= SIGNIFICANCE * math.sqrt(better + worse) > 0
        for i, c in enumerate(r.results):
            if i and r.paired[i][0] == 0:  # never better than the classic choice: raced out
                assert c.playouts <= RACE_WORLDS
            iv = c.rate
            assert iv.low <= c.wins / c.playouts <= iv.high
            assert c.playouts <= r.worlds
        assert r.results[0].playouts == r.worlds  # the classic choice runs in every world


def test_the_budget_in_playouts_is_kept_and_deterministic() -> None:
    s = GameState.custom(("3D 5C 9H 9S KS", "4C 6D 7H QD"), to_act=0)
    view = s.view(0)
    r1 = search(view, random.Random(9), playouts=90)
    r2 = search(view, random.Random(9), playouts=90)
    assert r1 == r2
    spent = sum(c.playouts for c in r1.results)
    assert spent <= 90 and r1.results[0].playouts == r1.worlds
    assert all(c.playouts <= r1.worlds for c in r1.results)
    timed = search(view, random.Random(9), seconds=0.05)
    assert timed.worlds >= 1 and timed.chosen in view.legal_actions()


def test_classic_playout_ends_every_game() -> None:
    for seed in range(5):
        final = classic_playout(GameState.new(seed))
        assert final.phase is Phase.OVER


@pytest.mark.parametrize("bad", [{"playouts": 0}, {"playouts": "many"}, {"playouts": True},
                                 {"seconds": 0}, {"seconds": -1.0}, {"seconds": "1"},
                                 {"checks": -1}, {"checks": 1.5}, {"checks": False}])
def test_bad_budgets_are_the_kits_error(bad: dict[str, object]) -> None:
    with pytest.raises(WppError):
        SearchAgent(**bad)  # type: ignore[arg-type]


def mulligan_views(seed: int) -> list[tuple[GameState, int]]:
    """Both mulligan decisions of a deal: P1's, then P2's with P1's choice secret."""
    s = GameState.new(seed)
    out = []
    while s.phase is Phase.MULLIGAN:
        out.append((s, s.to_act))
        s = step(s, CLASSIC.choose(s.view(s.to_act)), narrate=False)[0]
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9))
def test_mulligan_worlds_come_from_the_view_alone(seed: int) -> None:
    for s, p in mulligan_views(seed):
        view = s.view(p)
        world = determinise(view, random.Random(seed))
        assert world.view(p) == view
        assert Counter(c for cards in world.locations().values() for c in cards) == Counter(CARDS)
        other = s.redeal_hidden(p, random.Random(seed + 1))
        assert determinise(other.view(p), random.Random(seed)) == world
        if p == 1:  # P1 already chose, secretly: in every world as the classic AI would
            chosen = world.mulligans[0]
            assert chosen is not None
            assert chosen == mulligan_cards(tuple(sorted((*world.hands[0], *chosen))))
        check_state(s)


def test_the_mulligan_is_searched_and_explained() -> None:
    view = GameState.new(3).view(0)
    d = SearchAgent(seed=1, playouts=120).decide(view)
    assert isinstance(d.action, Mulligan)
    table = d.explanation.step("search.candidates")
    assert table is not None and table.rows[0][0] == CLASSIC.choose(view).cards
    assert "put " in str(d.explanation.summary)
    # The mulligan's race is longer: a candidate never better than the classic choice stays
    # for MULLIGAN_RACE_WORLDS worlds, unless it is significantly worse before.
    r = search(view, random.Random(2), playouts=400)
    for c, (better, worse) in zip(r.results[1:], r.paired[1:], strict=True):
        if c.playouts < r.worlds and better == 0:
            assert c.playouts >= MULLIGAN_RACE_WORLDS or worse >= SIGNIFICANCE * math.sqrt(worse)
    # Without it, the agent plays the classic mulligan.
    assert SearchAgent(search_mulligan=False).choose(view) == CLASSIC.choose(view)


def test_the_search_overrules_a_classic_mulligan_that_loses() -> None:
    # Deal 2, P1: the classic AI keeps its low pairs 3♦ 3♥ and 4♦ 4♣ and discards 5♠ 6♥ 8♦;
    # putting the three lowest cards in the pile wins about twice as many playouts.
    view = GameState.new(2).view(0)
    classic = CLASSIC.choose(view)
    assert classic == Mulligan("5S 6H 8D")
    r = search(view, random.Random(0), playouts=400)
    assert r.chosen == Mulligan("3D 3H 4D") != r.classic
    wins = {c.action: c.wins for c in r.results}
    assert wins[r.chosen] > 1.5 * wins[classic]


def test_no_worlds_out_of_turn_or_after_the_game() -> None:
    s = GameState.new(1)
    s = step(s, CLASSIC.choose(s.view(0)), narrate=False)[0]
    with pytest.raises(WppError, match="its turn"):
        determinise(s.view(0), random.Random(0))  # P1 has chosen; P2 is choosing
    final = classic_playout(GameState.new(2))
    with pytest.raises(WppError, match="after it"):
        determinise(final.view(0), random.Random(0))


def _games(n: int, playouts: int, checks: int = 100) -> None:
    for seed in range(n):
        seat = seed % 2
        agents: list[object] = [CLASSIC, CLASSIC] if seed % 3 else [RandomAgent(seed)] * 2
        agents[seat] = SearchAgent(seed, playouts=playouts, checks=checks)
        g = play_game(agents, seed=seed, history=False)  # type: ignore[arg-type]
        assert g.is_over  # every action passed the engine's checks


def test_search_plays_whole_games() -> None:
    _games(6, playouts=8)


@pytest.mark.slow
def test_ten_thousand_games_of_worlds_and_candidates() -> None:
    """Legal in every state over 10,000 games: the search only ever plays a candidate, so
    checking the candidates and the worlds at every decision of 10,000 games covers it
    without running its playouts; 200 whole games with a small budget check the rest."""
    for seed in range(10_000):
        for s in states_of_a_game(seed, mulligan=True):
            check_state(s)
    _games(200, playouts=8)
