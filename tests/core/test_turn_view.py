"""The kit's :class:`~wpp.core.views.TurnView` (``my_turn``, ``is_over``), checked
exhaustively on its inputs and against every registered game's views: whatever a game's view
derives from, it agrees with the game's own ``to_act`` and ``is_over`` at every position of
random play."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product

import pytest

import wpp
from wpp.core.registry import game_def
from wpp.core.views import TurnView


@dataclass(frozen=True, slots=True)
class _View(TurnView):
    player: int
    to_act: int
    over: bool


def test_my_turn_is_the_players_turn_while_the_game_goes_on() -> None:
    for player, to_act, over in product(range(3), range(3), (False, True)):
        view = _View(player, to_act, over)
        assert view.my_turn == (to_act == player and not over)
        assert view.is_over is over
    assert not hasattr(_View(0, 0, False), "__dict__")  # slots stay slots


@pytest.mark.parametrize("name", wpp.registered_games())
def test_every_views_turn_agrees_with_the_game(name: str) -> None:
    game = game_def(name)
    h = wpp.new_game(name, seed=11)
    rng = random.Random(11)
    for _ in range(400):
        for seat in range(h.players):
            view = h.view(seat)
            assert view.my_turn == (not h.is_over and game.to_act(h.state) == seat)
        if h.is_over:
            break
        h.apply(rng.choice(h.legal_actions()))
    for seat in range(h.players):
        assert not h.view(seat).my_turn or not h.is_over


def test_three_games_take_it_from_the_kit() -> None:
    from wpp.ofc.game import OfcView
    from wpp.pairs.state import PairsView
    from wpp.pokeros.game import PokerosView

    for view in (OfcView, PairsView, PokerosView):
        assert issubclass(view, TurnView) and "my_turn" not in vars(view)
