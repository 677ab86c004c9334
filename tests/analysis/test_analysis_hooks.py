"""The analysis hooks of every registered game keep their promises, so the one tournament
and its metrics work for it as soon as it is registered (a new game is checked here with no
change to this file)."""

from __future__ import annotations

import math

import pytest

import wpp
from wpp.core import arena
from wpp.core.registry import game_def, registered_agents

CASES = [(g, n) for g in wpp.registered_games()
         for n in sorted({game_def(g).min_players, game_def(g).max_players})]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_hooks_of_every_game(game: str, players: int) -> None:
    agents = ["random" if "random" in registered_agents(game) else registered_agents(game)[0]]
    specs = arena.schedule(game, agents * players, 2, seed=17)
    definition = game_def(game)
    game_keys: set[str] | None = None
    for spec in specs:
        row, dec = arena.play_recorded(spec)
        n_moves = row["actions"]
        # every column holds one value per decision
        assert {len(v) for v in dec.values()} == {n_moves}
        assert sum(row[f"decisions_p{s + 1}"] for s in range(players)) == n_moves
        assert row["first_player"] in (-1, *range(players))
        assert row["winner"] in (-1, *range(players))
        keys = set(row)
        game_keys = keys if game_keys is None else game_keys
        assert keys == game_keys, "every game of a game gives the same columns"
        for i in range(n_moves):
            assert dec["branching"][i] >= 1
            assert dec["player"][i] in range(players)
            leads = [dec[f"lead_p{s + 1}"][i] for s in range(players)]
            assert all(math.isnan(x) for x in leads) or all(0 <= x <= 1 for x in leads)
            spread = dec["spread"][i]
            assert math.isnan(spread) or 0 <= spread <= 1
        returns = [row[f"return_p{s + 1}"] for s in range(players)]
        if definition.is_zero_sum(definition.rules(), players):
            assert abs(sum(returns)) < 1e-9
        best = [s for s, r in enumerate(returns) if r == max(returns)]
        assert row["winner"] == (best[0] if len(best) == 1 else -1)
    assert definition.first_player_label
