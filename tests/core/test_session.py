"""The session controller with plain calls, on every registered game: people act only on
their turns, the computer only on its own, undo goes back to a person's decision, redo
replays up to the next one, and "Why?" keeps the computer's reasons for the line of play on
the board. Any sequence of operations keeps these true (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import WppError
from wpp.core.session import Session

GAMES = wpp.registered_games()


def session(game: str, seed: int, computer: int | None = 1) -> Session:
    agents = {} if computer is None else {
        computer: wpp.make_agent(game, wpp.core.registry.default_agent(game), seed=seed)}
    return Session(wpp.new_game(game, seed=seed), agents)


@pytest.mark.parametrize("game", GAMES)
def test_people_and_computer_act_only_on_their_turns(game: str) -> None:
    # The computer plays the seat that acts first (seat 0 in most games; Pairs' lowest card).
    s = session(game, 3, computer=wpp.new_game(game, seed=3).to_act)
    assert s.computer_to_act and s.human_to_act is None
    before = s.history.state
    with pytest.raises(WppError, match="computer's turn"):
        s.human_apply(s.history.legal_actions()[0])
    assert s.history.state == before
    s.computer_step()
    while not s.history.is_over:
        if s.computer_to_act:
            assert s.computer_step() is not None
        else:
            assert s.computer_step() is None and s.human_to_act == s.history.to_act
            s.human_apply(s.history.legal_actions()[-1])
    with pytest.raises(WppError, match="over"):
        s.human_apply(None)
    assert s.computer_step() is None and s.play_computer() == 0


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_changes_nothing(game: str) -> None:
    s = session(game, 5, computer=None)
    before = s.history.state
    for junk in (None, "x", 7):
        with pytest.raises(WppError):
            s.human_apply(junk)
    assert s.history.state == before and s.history.actions == ()


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_a_persons_decision_and_the_computers_answers(game: str) -> None:
    # The computer plays the seat after the first to act (seat 1 in most games), so that a
    # person's decision comes first and undo can reach the deal.
    first = wpp.new_game(game, seed=8)
    s = session(game, 8, computer=(first.to_act + 1) % first.players)
    rng = random.Random(8)
    while not s.history.is_over and len(s.history.actions) < 12:
        if s.computer_to_act:
            s.computer_step()
        else:
            s.human_apply(rng.choice(s.history.legal_actions()))
    while s.history.can_undo:
        s.undo()
        assert s.history.is_over or s.human_to_act is not None or not s.history.can_undo
    with pytest.raises(WppError, match="nothing to undo"):
        s.undo()
    while s.history.can_redo:
        s.redo()
    with pytest.raises(WppError, match="nothing to redo"):
        s.redo()


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), ops=st.lists(st.sampled_from(
    ["human", "computer", "undo", "redo", "hint"]), max_size=40))
def test_any_sequence_of_operations_keeps_the_session_sound(game: str, seed: int,
                                                            ops: list[str]) -> None:
    s = session(game, seed)
    rng = random.Random(seed)
    hint_agent = wpp.make_agent(game, "random", seed=seed)
    for op in ops:
        h = s.history
        before = (h.state, h.actions)
        try:
            if op == "human":
                s.human_apply(rng.choice(h.legal_actions()) if h.legal_actions() else None)
            elif op == "computer":
                s.computer_step()
            elif op == "undo":
                s.undo()
            elif op == "redo":
                s.redo()
            else:
                seat = s.human_to_act
                if seat is not None:
                    assert s.decide_for(seat, hint_agent).action in h.legal_actions()
                    assert (h.state, h.actions) == before  # a hint changes nothing
        except WppError:
            assert (h.state, h.actions) == before  # a refusal changes nothing
        # the computer's kept reasons are of moves on the board, by computer seats
        for index, seat, explanation in s.computer_decisions():
            assert index < len(s.history.actions) and s.is_computer(seat)
            assert explanation is not None
        # what the board shows replays from the deal
        assert wpp.load_game(s.history.to_json()).state == s.history.state


def test_seats_are_checked() -> None:
    with pytest.raises(WppError, match="no seat"):
        Session(wpp.new_game("warpairs"), {2: object()})
    s = session("warpairs", 1)
    with pytest.raises(WppError, match="does not play"):
        s.agent(0)
