"""Properties of whole games, over random seeds and random play (hypothesis)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wpp.core.errors import GameFileError, IllegalAction
from wpp.core.history import _file_digest
from wpp.core.standard_deck import CARDS
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, Redraw, Stop, TakeFromPile
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import Game, play_game
from wpp.warpairs.phases import Phase
from wpp.warpairs.rules import DEFAULT_RULES, EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

seeds = st.integers(0, 2**32 - 1)
rules_st = st.sampled_from([
    Rules(), Rules(wraps=False), Rules(empty_deck=EmptyDeck.PILE_ONLY),
    Rules(hand_limit=None, turn_limit=300), Rules(hand_limit=17),
])


def random_game(seed: int, rules: Rules = DEFAULT_RULES,
                max_actions: int = 400) -> Iterator[Game]:
    """Yield the game after each random action (never conceding)."""
    g = Game(seed, rules)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    yield g
    while not g.is_over and g.state.actions < max_actions:
        g.apply(agents[g.to_act].choose(g.view(g.to_act)))
        yield g


def view_cards(v: View) -> set[int]:
    """Cards the view shows where they are *now*. (The last trick and the mulligans are a
    record of what both players saw; after a reshuffle or a pile draw those cards may be in
    the deck or the opponent's hand, which is no secret: only the deck's order is.)"""
    cards: set[int] = set(v.hand) | set(v.pile) | set(v.discards) | set(v.drawn)
    for tp in v.trick:
        cards |= set(tp.play.cards)
    return cards


@given(seeds, rules_st)
def test_every_card_is_always_in_exactly_one_place(seed: int, rules: Rules) -> None:
    for g in random_game(seed, rules):
        everywhere = [c for cards in g.state.locations().values() for c in cards]
        assert sorted(everywhere) == list(CARDS)


@given(seeds)
def test_views_never_show_the_opponents_cards_or_the_deck(seed: int) -> None:
    assert "seed" not in View._fields and "deck" not in View._fields
    for g in random_game(seed):
        s = g.state
        for p in (0, 1):
            secret = set(s.hands[1 - p]) | set(s.deck)
            if s.phase is Phase.MULLIGAN and s.mulligans[1 - p]:
                secret |= set(s.mulligans[1 - p] or ())
            v = s.view(p)
            assert not view_cards(v) & secret
            if s.phase is Phase.MULLIGAN:
                assert v.mulligans == (None, None)  # the other's choice stays secret


@given(seeds, st.data())
def test_same_view_gives_same_legal_actions_whatever_is_hidden(seed: int,
                                                               data: st.DataObject) -> None:
    """Swap the opponent's hand with deck cards: the player's view and options are unchanged."""
    games = list(random_game(seed, max_actions=60))
    s = data.draw(st.sampled_from([g.state for g in games]))
    if s.is_over:
        return
    p = s.to_act
    other = s.redeal_hidden(p, data.draw(st.randoms(use_true_random=False)))
    assert sorted(other.deck + other.hands[1 - p]) == sorted(s.deck + s.hands[1 - p])
    assert other.view(p) == s.view(p)
    assert other.legal_actions() == s.legal_actions()


@given(seeds, st.data())
def test_legal_actions_are_accepted_and_illegal_ones_change_nothing(seed: int,
                                                                   data: st.DataObject) -> None:
    rng = random.Random(seed)
    for g in random_game(seed, max_actions=150):
        if g.is_over:
            break
        legal = g.legal_actions()
        before = g.state
        for action in rng.sample(legal, min(3, len(legal))):
            step(before, action)  # must not raise
        for bad in _illegal_candidates(g.state, rng):
            if bad in legal:
                continue
            with pytest.raises(IllegalAction) as err:
                g.apply(bad)
            assert str(err.value)  # always a reason
            assert g.state is before  # untouched


def _illegal_candidates(s: GameState, rng: random.Random) -> list[Action]:
    cards = list(CARDS)
    out: list[Action] = [Stop(), Redraw(), TakeFromPile(rng.choice(cards))]
    for n in (1, 2, 3, 4, 5):
        out.append(PlayCards(rng.sample(cards, n)))
        hand = s.hands[s.to_act]
        if len(hand) >= n:
            out.append(PlayCards(rng.sample(hand, n)))
    out.append(Mulligan(rng.sample(cards, 3)))
    return out


@given(seeds, st.integers(0, 120))
def test_undo_restores_the_identical_state_and_redo_replays(seed: int, n: int) -> None:
    states = [g.state for g in random_game(seed, max_actions=n)]
    g = Game(seed)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    while not g.is_over and g.state.actions < n:
        g.apply(agents[g.to_act].choose(g.view(g.to_act)))
    final = g.state
    k = len(g.actions)
    for i in range(k):
        g.undo()
        assert g.state == states[k - 1 - i]
    assert g.state == Game(seed).state
    g.redo(k)
    assert g.state == final


@given(seeds, st.integers(0, 200), rules_st)
def test_json_round_trip_is_identity(seed: int, n: int, rules: Rules) -> None:
    g = Game(seed, rules)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    while not g.is_over and g.state.actions < n:
        g.apply(agents[g.to_act].choose(g.view(g.to_act)))
    loaded = Game.from_json(g.to_json())
    assert loaded.state == g.state and loaded.actions == g.actions
    assert loaded.log(None) == g.log(None)


def _resealed(doc: dict[str, Any]) -> str:
    """An edited file with its file digest recomputed: only the replay can catch the edit."""
    doc["digest"] = _file_digest(doc)
    return json.dumps(doc)


def test_tampered_saves_are_rejected_with_a_reason() -> None:
    g = play_game((RandomAgent(1), RandomAgent(2)), seed=9)
    for edit in (
        lambda d: d.__setitem__("final", "0" * 64),
        lambda d: d["actions"].__setitem__(5, {"type": "play", "cards": "AS"}),
        lambda d: d.__setitem__("actions", d["actions"][:-3]),
        lambda d: d["rules"].__setitem__("turn_limit", 40),
        lambda d: d.__setitem__("seed", 10),
    ):
        doc = json.loads(g.to_json())
        edit(doc)
        with pytest.raises(GameFileError, match="edited"):
            Game.from_json(json.dumps(doc))
    # Edits whose file digest was recomputed are caught by the replay.
    doc = json.loads(g.to_json())
    doc["final"] = "0" * 64
    with pytest.raises(GameFileError, match="inconsistent file"):
        Game.from_json(_resealed(doc))
    doc = json.loads(g.to_json())
    doc["actions"][5] = {"type": "play", "cards": "AS"}
    with pytest.raises(GameFileError, match="action 6"):
        Game.from_json(_resealed(doc))
    doc = json.loads(g.to_json())
    doc["actions"] = doc["actions"][:-3]
    with pytest.raises(GameFileError, match="inconsistent"):
        Game.from_json(_resealed(doc))
    doc = json.loads(g.to_json())
    doc["version"] = 99
    with pytest.raises(GameFileError, match="version"):
        Game.from_json(json.dumps(doc))
    with pytest.raises(GameFileError, match="invalid JSON"):
        Game.from_json("{not json")


@given(seeds)
def test_same_seed_same_game(seed: int) -> None:
    a = play_game((RandomAgent(seed), RandomAgent(seed + 1)), seed)
    b = play_game((RandomAgent(seed), RandomAgent(seed + 1)), seed)
    assert a.actions == b.actions and a.state == b.state and a.log(0) == b.log(0)


def test_concede_is_always_legal_until_the_end() -> None:
    for g in random_game(4):
        if not g.is_over:
            assert g.legal_actions()[-1] == Concede()
        else:
            assert g.legal_actions() == []


@pytest.mark.slow
def test_ten_thousand_random_games_terminate_without_error() -> None:
    ends: dict[str, int] = {}
    for seed in range(10_000):
        g = play_game((RandomAgent(seed), RandomAgent(~seed)), seed, history=False)
        assert g.is_over and g.state.end_reason is not None
        ends[g.state.end_reason.name] = ends.get(g.state.end_reason.name, 0) + 1
    assert sum(ends.values()) == 10_000
    assert ends.get("EMPTIED_HAND", 0) > 9_000  # random play nearly always ends by a win
