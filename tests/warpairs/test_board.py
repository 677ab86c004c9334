"""The mutable board: a state thawed and frozen again is the same state, and the engine's
``step`` is exactly thaw → the board's operation → freeze."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import IllegalAction
from wpp.warpairs.actions import Concede, Pass, PlayCards
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.board import Board
from wpp.warpairs.rules import Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import apply, step


@given(st.integers(0, 2**32), st.from_type(Rules))
@settings(max_examples=40, deadline=None)
def test_every_state_of_a_game_survives_thaw_and_freeze(seed: int, rules: Rules) -> None:
    assert Board.dealt(seed, rules).freeze() == GameState.new(seed, rules)
    state = GameState.new(seed, rules)
    agents = (RandomAgent(seed), RandomAgent(seed + 1))
    board = Board.thaw(state)  # one board for the whole game, as playouts keep it
    while True:
        assert Board.thaw(state).freeze() == state
        assert board.freeze() == state
        assert board.available() == state.deck_available()  # R18, as the views count it
        if state.is_over:
            break
        view = state.view(state.to_act)
        assert board.view(state.to_act) == view
        action = agents[state.to_act].choose(view)
        state, _ = step(state, action, narrate=False)
        apply(board, action)


def test_a_refused_action_leaves_the_board_as_it_was() -> None:
    state = GameState.new(3)
    board = Board.thaw(state)
    with pytest.raises(IllegalAction, match="R11"):
        apply(board, Pass())  # the mulligan comes first
    assert board.freeze() == state
    apply(board, Concede())
    assert board.freeze().is_over and board.freeze().actions == 1
    with pytest.raises(IllegalAction, match="over"):
        apply(board, Concede())


def test_the_narrated_side_effects_are_the_board_operations_notes() -> None:
    s = GameState.custom(("3D", "9S 9H"))  # P1 leads their last card
    after, event = step(s, PlayCards("3D"))
    assert after.is_over and after.winner == 0
    assert event.public == "P1 led 3♦; P1 has no cards left and wins (R17)"
    quiet, silent = step(s, PlayCards("3D"), narrate=False)
    assert quiet == after and silent.public == ""
