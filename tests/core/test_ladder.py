"""Every game's opponent ladder: declared levels that make agents that play, stored ratings
of exactly those levels, labels for the page's chooser, the kit's error for a bad key, and
the registry's check of a registration's ``LADDER``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wpp
from wpp.core.errors import WppError
from wpp.core.ladder import (
    Level,
    data_path,
    declared,
    ladder,
    ladder_measurement,
    level,
    level_label,
    make_level_agent,
    reference_level,
)
from wpp.core.registry import _check_ladder, default_agent, game_def, registered_agents

GAMES = wpp.registered_games()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_ladder_from_random_play_to_its_strongest_ai(game: str) -> None:
    levels = ladder(game)
    assert len(levels) >= 3
    assert levels[0].agent == "random"  # a true beginner's opponent
    assert len({lv.key for lv in levels}) == len(levels)
    assert len({lv.name for lv in levels}) == len(levels)
    refs = [lv for lv in levels if lv.is_reference]
    assert len(refs) == 1 and refs[0].agent == default_agent(game)
    assert reference_level(game) == refs[0]
    for lv in levels:
        assert lv.agent in registered_agents(game) and lv.description
        assert lv.reference == default_agent(game)


@pytest.mark.parametrize("game", GAMES)
def test_each_level_makes_an_agent_that_plays_a_legal_move(game: str) -> None:
    g = wpp.new_game(game, seed=5)
    view = g.view(g.to_act)
    for lv in ladder(game):
        agent = make_level_agent(game, lv.key, seed=1)
        assert agent.choose(view) in g.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_ratings_name_exactly_the_declared_levels(game: str) -> None:
    doc = json.loads(data_path(game).read_text(encoding="utf-8"))
    stored = [(row["key"], row["agent"], row["budget"]) for row in doc["levels"]]
    assert stored == [(key, agent, budget) for key, _, agent, budget, _ in declared(game)]
    assert doc["game"] == game and doc["reference_agent"] == default_agent(game)
    for key in ("measured", "load", "deals_per_pair", "games", "interval", "seatings"):
        assert key in doc, key
    for lv in ladder(game):  # every level is rated, the reference at 0
        assert lv.rating is not None and lv.low is not None and lv.high is not None
        assert lv.low <= lv.rating <= lv.high and lv.games > 0
        assert (lv.rating == 0) == lv.is_reference
    measurement = ladder_measurement(game)
    assert measurement is not None and "pairs" not in measurement


@pytest.mark.parametrize("game", GAMES)
def test_the_stored_ratings_climb_the_ladder(game: str) -> None:
    ratings = [lv.rating for lv in ladder(game)]
    assert all(r is not None for r in ratings)
    assert ratings == sorted(ratings), ratings  # type: ignore[type-var]


def test_labels_give_the_rating_against_the_reference_in_words() -> None:
    lv = Level("beginner", "Beginner", "random", {}, "plays at random", "classic",
               -404.7, -450.0, -380.0, 600)
    assert level_label(lv) == "Beginner — about −400 against the classic AI"
    assert level_label(Level("x", "Expert", "search", {}, "d", "classic", 83.0)) == \
        "Expert — about +80 against the classic AI"
    assert level_label(Level("c", "Classic AI", "classic", {}, "d", "classic", 0.0)) == \
        "Classic AI — the reference"
    assert level_label(Level("n", "New", "noisy", {"rate": 0.1}, "d", "classic")) == \
        "New — not rated yet"
    for game in GAMES:
        for lv in ladder(game):
            assert level_label(lv).startswith(lv.name + " — ")
    # The reference is named as people know it, not by its agent's key.
    assert level_label(ladder("pairs")[0]).endswith("against the CardStock AI")
    assert level_label(ladder("warpairs")[0]).endswith("against the classic AI")


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_level_key_is_the_kits_error_naming_it_and_the_levels(game: str) -> None:
    for bad in ("nonsense", "", 3, None):
        with pytest.raises(WppError) as err:
            make_level_agent(game, bad)  # type: ignore[arg-type]
        assert repr(bad)[:10] in str(err.value)
        assert all(lv.key in str(err.value) for lv in ladder(game))
        with pytest.raises(WppError):
            level(game, bad)  # type: ignore[arg-type]


def test_an_unknown_game_is_the_kits_error() -> None:
    with pytest.raises(WppError, match="unknown game"):
        ladder("chess")
    with pytest.raises(WppError, match="unknown game"):
        make_level_agent("chess", "beginner")


def test_a_bad_seed_is_the_kits_error() -> None:
    with pytest.raises(WppError, match="seed"):
        make_level_agent("draw", "beginner", seed=-1)


AGENTS: dict[str, Any] = {"classic": lambda seed=0: None, "random": lambda seed=0: None,
                          "noisy": lambda seed=0, *, rate=0.2: None}
GOOD: tuple[Any, ...] = ("beginner", "Beginner", "random", {}, "random play")
REF: tuple[Any, ...] = ("classic", "Classic", "classic", {}, "the reference")


@pytest.mark.parametrize("ladder_value, message", [
    ((), "non-empty tuple"),
    ([GOOD, REF], "non-empty tuple"),
    ((GOOD, ("a", "A", "random")), "is \\(key"),
    ((GOOD, ("a", "A", "random", [], "d")), "is \\(key"),
    ((GOOD, GOOD, REF), "not a new lower-case word"),
    ((GOOD, ("Bad Key", "B", "random", {}, "d"), REF), "not a new lower-case word"),
    ((GOOD, ("b", "Beginner", "random", {}, "d"), REF), "new name"),
    ((GOOD, ("b", "B", "random", {}, " "), REF), "description"),
    ((GOOD, ("b", "B", "search", {}, "d"), REF), "names agent 'search'"),
    ((GOOD, ("b", "B", "noisy", {"rat": 0.1}, "d"), REF), "options it does not take"),
    ((GOOD, ("b", "B", "classic", {"x": 1}, "d")), "options it does not take"),
    ((GOOD,), "default agent 'classic'"),
])
def test_the_registry_checks_a_declared_ladder(ladder_value: Any, message: str) -> None:
    with pytest.raises(RuntimeError, match=message):
        _check_ladder("wpp.x.registration", ladder_value, AGENTS)


def test_a_well_formed_ladder_passes_the_check_and_none_is_allowed() -> None:
    _check_ladder("wpp.x.registration", (GOOD, ("n", "N", "noisy", {"rate": 0.3}, "d"), REF),
                  AGENTS)
    _check_ladder("wpp.x.registration", None, AGENTS)


def test_a_game_without_a_ladder_gets_random_play_and_its_default_ai(
        monkeypatch: pytest.MonkeyPatch) -> None:
    module = wpp.core.registry.registration("draw")
    monkeypatch.delattr(module, "LADDER")
    rungs = declared("draw")
    assert [r[2] for r in rungs] == ["random", default_agent("draw")]
    assert game_def("draw").name == "draw"
