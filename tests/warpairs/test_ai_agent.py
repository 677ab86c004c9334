"""ClassicAgent as a player: every action legal in every state (real games and random
positions, big hands, an exhausted deck), decisions that depend on the view alone, and
explanations that print, serialise and tabulate."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.agents import Agent
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan, PlayCards
from wpp.warpairs.ai import ClassicAgent
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import Game
from wpp.warpairs.moves import all_plays
from wpp.warpairs.phases import Phase
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step

AI = ClassicAgent()


def replace(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with some fields changed (named tuple or dataclass)."""
    if hasattr(state, "_replace"):
        return state._replace(**changes)  # type: ignore[no-any-return]
    return dataclasses.replace(state, **changes)  # type: ignore[type-var]


def check_decision(state: GameState) -> None:
    view = state.view(state.to_act)
    d = AI.decide(view)
    legal = view.legal_actions()
    assert d.action in legal, f"{d.action} not legal in\n{view}\n{d.explanation}"
    assert AI.choose(view) == d.action
    assert str(d.explanation)
    data = d.explanation.to_json()
    assert json.loads(json.dumps(data)) == data


def test_the_registry_makes_the_classic_agent() -> None:
    agent = make_agent("classic")
    assert isinstance(agent, ClassicAgent) and agent.name == "classic"
    assert isinstance(agent, Agent)


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(["ai", "p1", "p2"]))
def test_every_action_is_legal_through_real_games(seed: int, seats: str) -> None:
    agents: list[Any] = [AI, AI]
    if seats != "ai":
        agents[0 if seats == "p2" else 1] = RandomAgent(seed)
    g = Game(seed, history=False)
    while not g.is_over:
        p = g.to_act
        if agents[p] is AI:
            check_decision(g.state)
            g.apply(AI.choose(g.view(p)))
        else:
            g.apply(agents[p].choose(g.view(p)))


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """A random position after the mulligan: hands of 1–25 cards, maybe a play to answer,
    a pile, and a deck that may be full, empty with discards, or empty with nothing left."""
    perm = draw(st.permutations(range(52)))
    cards = [CARDS[i] for i in perm]
    a = draw(st.integers(min_value=1, max_value=25))
    b = draw(st.integers(min_value=1, max_value=min(25, 51 - a)))
    h0, h1, rest = cards[:a], cards[a:a + b], cards[a + b:]
    table: list[tuple[int, tuple[Card, ...]]] = []
    phase = Phase.LEAD
    if rest and draw(st.booleans()):
        plays = all_plays(rest[:7])
        p = plays[draw(st.integers(min_value=0, max_value=len(plays) - 1))]
        table = [(1, p.cards)]
        rest = [x for x in rest if x not in set(p.cards)]
        phase = Phase.ANSWER
    k = draw(st.integers(min_value=0, max_value=min(10, len(rest))))
    pile, rest = rest[:k], rest[k:]
    deck_kind = draw(st.sampled_from(["full", "discards", "empty"]))
    rules = Rules()
    if deck_kind == "full":
        deck, discards = rest, []
    elif deck_kind == "discards":
        deck, discards = [], rest
    else:
        deck, discards = [], rest
        rules = Rules(empty_deck=EmptyDeck.PILE_ONLY)
    return GameState.custom(
        (h0, h1), to_act=0, phase=phase, table=table, pile=pile, discards=discards, deck=deck,
        redraw_used=(draw(st.booleans()), draw(st.booleans())), rules=rules)


@settings(max_examples=120)
@given(positions())
def test_every_action_is_legal_from_random_positions(state: GameState) -> None:
    """From the position, the AI plays both seats for up to 40 actions."""
    for _ in range(40):
        if state.is_over:
            break
        check_decision(state)
        state, _ = step(state, AI.choose(state.view(state.to_act)))


def hidden_shuffle(state: GameState, player: int, rng: random.Random) -> GameState:
    """The same position for ``player``'s view, with the opponent's hand and the deck dealt
    differently: the cards ``player`` cannot see are shuffled between them."""
    other = 1 - player
    hidden = [*state.hands[other], *state.deck]
    rng.shuffle(hidden)
    n = len(state.hands[other])
    hands = list(state.hands)
    hands[other] = tuple(sorted(hidden[:n]))
    changes: dict[str, Any] = {"hands": (hands[0], hands[1]), "deck": tuple(hidden[n:])}
    if state.phase is Phase.MULLIGAN and state.mulligans[other] is not None:
        # The opponent's secret mulligan is hidden too: keep it, but out of the shuffle.
        return state
    return replace(state, **changes)


@settings(max_examples=40)
@given(st.integers(min_value=0, max_value=10**9))
def test_the_decision_depends_only_on_the_view(seed: int) -> None:
    rng = random.Random(seed)
    g = Game(seed, history=False)
    agents: list[Any] = [AI, RandomAgent(seed)] if seed % 2 else [AI, AI]
    checked = 0
    while not g.is_over:
        p = g.to_act
        s = g.state
        if agents[p] is AI and s.phase is not Phase.MULLIGAN:
            twin = hidden_shuffle(s, p, rng)
            assert twin.view(p) == s.view(p)
            if twin.hands != s.hands:
                checked += 1
            d1, d2 = AI.decide(s.view(p)), AI.decide(twin.view(p))
            assert d1.action == d2.action
            assert d1.explanation.to_json() == d2.explanation.to_json()
        g.apply(agents[p].choose(g.view(p)))
    assert checked or g.state.actions < 6


def test_mulligan_decision_is_a_legal_mulligan() -> None:
    g = Game(5)
    for _ in range(2):
        v = g.view(g.to_act)
        d = AI.decide(v)
        assert isinstance(d.action, Mulligan) and len(d.action.cards) == 3
        assert set(d.action.cards) <= set(v.hand)
        g.apply(d.action)
    assert g.phase is Phase.LEAD


def test_explanations_print_serialise_and_tabulate() -> None:
    g = Game(11)
    kinds: set[str] = set()
    while not g.is_over:
        v = g.view(g.to_act)
        d = AI.decide(v)
        e = d.explanation
        kinds.add(v.phase.value)
        text = str(e)
        assert e.title in text and all(s.title in text for s in e.steps)
        data = e.to_json()
        assert json.loads(json.dumps(data, ensure_ascii=False)) == data
        frames = e.to_frames()
        table_steps = [s for s in e.steps if s.has_table]
        assert len(frames) == len(table_steps)
        for f, s in zip(frames, table_steps, strict=True):
            assert list(f.columns) == list(s.columns) and len(f) == len(s.rows)
        for s in e.steps:
            assert s.title and s.verdict, s
            if s.chosen_row is not None:
                assert 0 <= s.chosen_row < len(s.rows)
        g.apply(d.action)
    assert {"mulligan", "lead", "answer"} <= kinds


def test_not_my_turn_is_refused() -> None:
    g = Game(1)
    v = g.view(1)
    try:
        AI.decide(v)
    except ValueError:
        pass
    else:  # pragma: no cover
        raise AssertionError("deciding out of turn must fail")


def test_an_illegal_heuristic_choice_falls_back_to_a_legal_play(monkeypatch: Any) -> None:
    import wpp.warpairs.ai.classic as classic
    from wpp.warpairs.ai.decide import PlayPlan

    def broken(context: Any) -> PlayPlan:
        return PlayPlan(context.hand[:1], (("broken", (), "test"),), 0, "a broken heuristic")

    monkeypatch.setattr(classic, "plan_play", broken)
    s = GameState.custom(("3D 5C 5H 9S", "KD KS 6C"), to_act=0, phase=Phase.ANSWER,
                         table=[(1, "4C 4H")])
    v = s.view(0)
    d = AI.decide(v)
    assert d.action == PlayCards(parse_cards("5C 5H"))
    assert "refuses" in str(d.explanation)
    assert AI.choose(v) == d.action
    s = GameState.custom(("3D 5C 5H 9S", "KD KS 6C"), to_act=0, phase=Phase.ANSWER,
                         table=[(1, "AC AH")])
    v = s.view(0)
    d = AI.decide(v)
    assert d.action in v.legal_actions() and "refuses" in str(d.explanation)
