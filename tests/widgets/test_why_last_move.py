"""Why? explains the moves "Last move" shows (issue 38): in Pairs of 4 seats with three
computers, a walk-through read "Last move: Computer 3 hits a 7" while Why? opened on
"Computer 1 folded" — the panel listed the whole run of computer moves since the person's,
the oldest first. Why? is the last computer seat's own turn, ending on the last move."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.page.reasons import last_turn, public_form, why_items
from widgets.page.seat_words import seat_words
from wpp.core.registry import make_agent, new_game
from wpp.core.session import Session


def _played(seed: int, turns: int) -> Session:
    """Pairs of 4: the person at seat 0 (always the first legal move), computers elsewhere."""
    session = Session(new_game("pairs", seed=seed, players=4),
                      {seat: make_agent("pairs", "random") for seat in (1, 2, 3)})
    session.play_computer()
    for _ in range(turns):
        if session.history.is_over or session.human_to_act is None:
            break
        session.human_apply(session.history.legal_actions()[0])
        session.play_computer()
    return session


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 12))
def test_why_explains_the_last_computers_moves_only(seed: int, turns: int) -> None:
    session = _played(seed, turns)
    events = session.history.events
    computer_moves = [k for k, e in enumerate(events) if session.is_computer(e.player)]
    if not computer_moves:
        return
    last = computer_moves[-1]
    seat = events[last].player
    run = last_turn(session)
    expected = [last]
    while expected[0] > 0 and events[expected[0] - 1].player == seat:
        expected.insert(0, expected[0] - 1)
    assert run == expected
    items = why_items(session, 0, open_hands=False, public=public_form("pairs"))
    assert len(items) == len(run)
    # Every item speaks of that computer, and the newest one is the move "Last move" shows.
    name = seat_words(session, seat)
    for _, explanation in items:
        assert explanation.title.startswith(name.capitalize()) or name in str(
            explanation.summary), (explanation.title, name)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_run_of_three_computers_is_explained_by_the_last_one(seed: int) -> None:
    """The walk-through's case: three computers move after the person; Why? is the third."""
    session = _played(seed, 1)
    events = session.history.events
    assert session.is_computer(events[-1].player)
    run = last_turn(session)
    assert {events[k].player for k in run} == {events[-1].player}
    assert run[-1] == len(events) - 1
