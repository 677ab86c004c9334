"""Hidden information by construction: during a live game, everything the page gets is
computable from the viewer's own view and the public history.

The property: take a game and its twin — the same public history, every card the viewer never
saw re-dealt by the engine's hidden re-deal (:func:`widgets.testing.twin_game`) — open both in
the app by the same code path (:meth:`App.start` on the games read back from their save files;
not "Open saved game", which makes a game practice: a save file holds the whole deal), and every
widget value and message the viewer gets is identical: the board, the status, the log, "Why?" (the
computer's move in public terms) and "Hint". Positions are the viewer's decision points of
games played by the classic AI against the classic, greedy and random agents.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from widgets.games.warpairs.app import App
from widgets.testing import as_dealt, never_seen, page_tree, twin_game
from wpp.core.registry import load_game
from wpp.warpairs import make_agent
from wpp.warpairs.game import Game

AGENTS = ("classic", "greedy", "random")


def positions(games: int, computer: int) -> Iterator[tuple[Game, int]]:
    """Every decision point of the person (the seat the computer does not play) in
    ``games`` games, as a game cut at that point."""
    viewer = 1 - computer
    for seed in range(games):
        people = make_agent(AGENTS[seed % len(AGENTS)], seed=seed)
        machine = make_agent("classic")
        g = Game(1000 + seed)
        while not g.is_over:
            if g.to_act == viewer:
                cut = Game(g.seed)
                for a in g.actions:
                    cut.apply(a)
                yield cut, viewer
            agent = machine if g.to_act == computer else people
            g.apply(agent.choose(g.view(g.to_act)))


def compare(a: App, b: App, where: str) -> None:
    ta, tb = page_tree(a.root), page_tree(b.root)
    assert ta == tb, f"the page tells the twins apart at {where}"


def check_twins(computer: int, games: int) -> int:
    """Open every position of ``games`` games and its twin; compare; return the count."""
    rng = random.Random(computer)
    a, b = App(seed=0, computer=computer), App(seed=0, computer=computer)
    checked = differ = 0
    for game, viewer in positions(games, computer):
        twin = twin_game(game, viewer, rng)
        assert [e.text_for(viewer) for e in twin.events] == [
            e.text_for(viewer) for e in game.events]
        assert twin.view(viewer) == game.view(viewer)
        differ += twin.state != game.state
        a.start(load_game(as_dealt(game).to_json()))
        b.start(load_game(twin.to_json()))
        where = f"game {game.seed}, action {len(game.actions)}"
        compare(a, b, where)
        a.show_why()
        b.show_why()
        compare(a, b, where + " (Why?)")
        a.show_hint()
        b.show_hint()
        compare(a, b, where + " (Hint)")
        checked += 1
    assert differ > checked * 0.9  # most twins really differ
    return checked


def test_twin_games_look_the_same_to_the_viewer_quick() -> None:
    assert check_twins(1, 3) >= 20


@pytest.mark.slow
def test_twin_games_look_the_same_to_the_viewer_over_1000_positions() -> None:
    # The size the issue asks for: ≥ 1,000 positions in all, from both seats.
    assert check_twins(1, 90) + check_twins(0, 20) >= 1000


def test_the_property_can_fail() -> None:
    """The comparison sees a card: a game and its twin differ once the game is over (all
    hands face up), so a page that showed hidden cards would be caught."""
    rng = random.Random(5)
    for game, viewer in positions(2, 1):
        if len(game.actions) > 6 and never_seen(game, viewer):
            break
    twin = twin_game(game, viewer, rng)
    assert twin.state != game.state
    a, b = App(seed=0, practice=True), App(seed=0, practice=True)
    a.open_saved(as_dealt(game).to_json())
    b.open_saved(twin.to_json())
    assert page_tree(a.root) != page_tree(b.root)   # open hands: the twins look different
