"""5-card draw's board in the review: a past position shows what the viewer chose then (the
cards raised, in words), not the discard's prompt with its buttons disabled (walk-through:
"— waiting (You may discard up to 3 cards.)" under a past position)."""

from __future__ import annotations

import html
import random

import pytest

import wpp
from widgets.games.draw.board import DrawBoard
from wpp.core.standard_deck import format_cards


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("viewer", [0, 1])
def test_a_past_position_shows_the_choice_made_then(seed: int, viewer: int) -> None:
    g = wpp.new_game("draw", seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    mine = next(i for i, e in enumerate(g.events) if e.player == viewer)
    chosen = g.view(viewer).my_discard
    assert chosen is not None
    board = DrawBoard()
    for k in range(mine + 1):  # every position before the viewer's discard
        board.read_history(g, viewer, k)
        board.draw(g.game.view(g.states[k], viewer), legal=[], active=False)
        title = board.title.value
        assert "You may discard" not in title and "waiting" not in title, (k, title)
        said = f"threw away {format_cards(chosen)}" if chosen else "stood pat"
        assert f"at move {mine + 1} you {said}" in title, (k, title)
        assert sorted(board.chosen) == sorted(chosen), (k, board.chosen)
        assert board.acts.layout.display == "none"
    # the live game again: a fresh deal's prompt and buttons come back
    live = wpp.new_game("draw", seed=seed)
    board.read_history(live, live.to_act, 0)
    board.draw(live.view(live.to_act), legal=live.legal_actions())
    rule = live.view(live.to_act).rules.describe()
    assert rule and rule in html.unescape(board.title.value), board.title.value
    assert board.acts.layout.display != "none" and board.chosen == []
    assert not board.pat.disabled
