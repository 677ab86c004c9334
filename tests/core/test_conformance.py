"""The conformance suite: what every registered game of the kit must do.

Each test runs once per game of :func:`wpp.registered_games` (and, where it matters, per
player count the game allows), so a game that registers itself
(``wpp/<game>/registration.py``) is checked
here without a line of test code of its own:

* random play reaches the end without an error, with the same legal actions from the state
  and from the acting player's view, every card where it can be counted (card conservation),
  and returns with one value per seat (summing to zero in a zero-sum game);
* undo all the way back gives the deal again and redo gives the same game (undo identity);
* a save file loads back to the same game, and any edited field is refused;
* the same seed deals the same game; different seeds deal different games;
* re-dealing the hidden cards for a player changes nothing that player sees (views hide what
  they must) and, somewhere in a game, does change what the player cannot see;
* the narration hides what the views hide: in a twin game — the same actions on a deck with
  some cards exchanged — each player reads the same narration (public events and their own
  private ones) for as long as every view of theirs is the same as in the game;
* every registered agent picks a legal action from a view alone, ``decide`` and ``choose``
  agree, and a seeded agent plays the same game twice;
* bad input — an unknown flag, a wrong player count, something that is not an action, a
  garbage file — is the kit's own error and changes nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History
from wpp.core.registry import game_def

GAMES = wpp.registered_games()
#: Enough for any of the kit's games to end (WarPairsPoker's turn limit is 1,000 actions).
MAX_ACTIONS = 20_000
#: Hypothesis examples per game for the whole-game properties (each plays complete games).
GAME_EXAMPLES = settings(max_examples=12, deadline=None,
                         suppress_health_check=[HealthCheck.too_slow])


def seat_counts(name: str) -> list[int]:
    """The smallest, default and largest player counts of game ``name``."""
    game = game_def(name)
    return sorted({game.min_players, game.default_players, game.max_players})


GAME_SEATS = [(name, n) for name in GAMES for n in seat_counts(name)]


def random_action(history: History[Any, Any], rng: random.Random) -> Any:
    """A random legal action, but one that ends the game at once (conceding, say) only one
    time in ten when there is another, so that random games get deep into the game."""
    legal = history.legal_actions()
    action = rng.choice(legal)
    for _ in range(20):
        if len(legal) == 1 or rng.random() < 0.1:
            break
        after, _event = history.game.step(history.state, action, False)
        if not history.game.is_over(after):
            break
        action = rng.choice(legal)
    return action


def random_walk(history: History[Any, Any], rng: random.Random,
                limit: int = MAX_ACTIONS) -> Iterator[Any]:
    """Play random legal actions (:func:`random_action`) until the game ends, yielding the
    state after each one."""
    for _ in range(limit):
        if history.is_over:
            return
        history.apply(random_action(history, rng))
        yield history.state
    raise AssertionError(f"{history.name} did not end within {limit} actions")


def test_the_kit_registers_its_games() -> None:
    assert GAMES[0] == "warpairs"
    assert "draw" in GAMES
    for name in GAMES:
        game = game_def(name)
        assert game.name == name
        assert 2 <= game.min_players <= game.default_players <= game.max_players <= 6
        assert game.title and game.blurb
        assert wpp.registered_agents(name), f"{name} has no agent"


@pytest.mark.parametrize(("name", "players"), GAME_SEATS)
@GAME_EXAMPLES
@given(seed=st.integers(0, 2**31))
def test_random_play_reaches_the_end_keeping_every_card(name: str, players: int,
                                                        seed: int) -> None:
    history = wpp.new_game(name, seed=seed, players=players)
    game = history.game
    deck = game.full_deck(history.state)
    assert game.cards(history.state) == deck
    rng = random.Random(seed)
    while not history.is_over:
        actor = history.to_act
        legal = history.legal_actions()
        assert legal, f"{name}: nobody can act but the game is not over"
        view = history.view(actor)
        assert view.player == actor and view.my_turn
        assert list(view.legal_actions()) == list(legal), "the view and the state disagree"
        for other in range(players):
            if other != actor:
                assert not history.view(other).my_turn
        event = history.apply(random_action(history, rng))
        assert event.player == actor
        for viewer in (None, *range(players)):
            assert isinstance(event.text_for(viewer), str) and event.text_for(viewer)
        assert game.cards(history.state) == deck, "a card appeared or vanished"
        assert len(history.actions) <= MAX_ACTIONS
    assert history.legal_actions() == []
    returns = history.returns()
    assert len(returns) == players
    if game.is_zero_sum(history.state.rules, players):
        assert sum(returns) == pytest.approx(0)
    assert isinstance(history.outcome, str) and history.outcome


@pytest.mark.parametrize(("name", "players"), GAME_SEATS)
@GAME_EXAMPLES
@given(seed=st.integers(0, 2**31), cut=st.floats(0, 1))
def test_undo_gives_back_every_state_and_redo_the_same_game(name: str, players: int,
                                                            seed: int, cut: float) -> None:
    history = wpp.new_game(name, seed=seed, players=players)
    for _ in random_walk(history, random.Random(seed)):
        pass
    states, actions = history.states, history.actions
    back = int(len(actions) * cut)
    history.undo(back)
    assert history.state == states[len(actions) - back]
    assert history.actions == actions[:len(actions) - back]
    history.undo(len(history.actions))
    assert history.state == states[0] and not history.can_undo
    history.redo(len(actions))
    assert history.state == states[-1] and history.actions == actions and history.is_over


@pytest.mark.parametrize(("name", "players"), GAME_SEATS)
@GAME_EXAMPLES
@given(seed=st.integers(0, 2**63 - 1), stop=st.floats(0, 1))
def test_a_save_file_loads_back_to_the_same_game(name: str, players: int, seed: int,
                                                 stop: float) -> None:
    history = wpp.new_game(name, seed=seed, players=players)
    states = list(random_walk(history, random.Random(seed)))
    history.undo(len(states) - int(len(states) * stop))
    loaded = wpp.load_game(history.to_json())
    assert type(loaded) is type(history)
    assert (loaded.name, loaded.seed, loaded.players) == (name, seed, players)
    assert loaded.state == history.state and loaded.actions == history.actions
    assert loaded.to_json() == history.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_save_file_is_refused(name: str) -> None:
    history = wpp.new_game(name, seed=11)
    for _ in zip(range(12), random_walk(history, random.Random(11)), strict=False):
        pass
    doc = json.loads(history.to_json())
    edits: list[tuple[str, Any]] = [("seed", doc["seed"] + 1), ("players", doc["players"] + 1),
                                    ("actions", doc["actions"][:-1]), ("game", "nothing"),
                                    ("version", 99), ("final", "0" * 64)]
    for flag, value in doc["rules"].items():
        changed = (not value if isinstance(value, bool) else
                   value + 1 if isinstance(value, int) else None)
        if changed is not None:
            edits.append(("rules", {**doc["rules"], flag: changed}))
    edits.append(("rules", dict(list(doc["rules"].items())[1:])))  # a field deleted
    for field, value in edits:
        edited = {**doc, field: value}
        with pytest.raises(GameFileError):
            wpp.load_game(json.dumps(edited))
    assert wpp.load_game(json.dumps(doc)).state == history.state


@pytest.mark.parametrize("garbage", ["", "{", "[]", "null", '{"format": "wpp-save"}',
                                     "[" * 10_000 + "]" * 10_000, b"\xff\xfe", 42])
def test_garbage_is_not_a_save_file(garbage: Any) -> None:
    with pytest.raises(GameFileError):
        wpp.load_game(garbage)


@pytest.mark.parametrize(("name", "players"), GAME_SEATS)
def test_the_same_seed_deals_the_same_game(name: str, players: int) -> None:
    def play(seed: int) -> tuple[Any, ...]:
        history = wpp.new_game(name, seed=seed, players=players)
        return tuple(random_walk(history, random.Random(5)))

    assert play(3) == play(3)
    assert wpp.new_game(name, seed=3, players=players).state == \
        wpp.new_game(name, seed=3, players=players).state
    deals = {wpp.new_game(name, seed=s, players=players).state for s in range(8)}
    assert len(deals) > 1, "different seeds dealt the same game"


@pytest.mark.parametrize(("name", "players"), GAME_SEATS)
@GAME_EXAMPLES
@given(seed=st.integers(0, 2**31))
def test_redealing_the_hidden_cards_changes_nothing_a_player_sees(name: str, players: int,
                                                                  seed: int) -> None:
    history = wpp.new_game(name, seed=seed, players=players)
    game = history.game
    rng = random.Random(seed)
    changed = 0
    for state in [history.state, *random_walk(history, random.Random(seed))]:
        for player in range(players):
            redealt = game.redeal_hidden(state, player, rng)
            assert game.view(redealt, player) == game.view(state, player), \
                f"{name}: re-dealing what P{player + 1} cannot see changed their view"
            assert game.cards(redealt) == game.full_deck(state)
            assert game.to_act(redealt) == game.to_act(state)
            assert game.is_over(redealt) == game.is_over(state)
            changed += redealt != state
    assert changed, f"{name}: re-dealing never changed a hidden card in a whole game"


def twin_narration(name: str, players: int, seed: int, twins: int) -> tuple[int, int]:
    """Play a random game of ``name`` dealt from a shuffled deck, then replay its actions on
    ``twins`` decks with two or three cards exchanged. For each player, as long as every view
    of theirs (before and after each action) is the same in both games, the narration they
    read of that action must be the same too: a difference would tell them a hidden card.
    Returns how many actions were compared and how many twins differed somewhere in their
    hidden cards while their views were equal (so that the check has something to check)."""
    rng = random.Random(seed)
    start = wpp.new_game(name, seed=seed, players=players)
    deck = list(start.game.full_deck(start.state).elements())
    rng.shuffle(deck)
    history = wpp.new_game(name, seed=seed, players=players, deck=deck)
    for _ in random_walk(history, rng):
        pass
    states, actions, events = history.states, history.actions, history.events
    compared = hidden_differences = 0
    for _ in range(twins):
        order = list(deck)
        spots = rng.sample(range(len(order)), rng.choice((2, 3)))
        cards = [order[i] for i in spots]
        for i, c in zip(spots, cards[1:] + cards[:1], strict=True):
            order[i] = c
        if order == deck:
            continue
        for viewer in range(players):
            twin = wpp.new_game(name, seed=seed, players=players, deck=order)
            for k, action in enumerate(actions):
                if twin.view(viewer) != history.game.view(states[k], viewer):
                    break
                try:
                    event = twin.apply(action)
                except WppError:
                    break     # the action named a card the twin holds elsewhere
                if twin.view(viewer) != history.game.view(states[k + 1], viewer):
                    break     # the viewer may tell the games apart from here: stop
                hidden_differences += twin.state != states[k + 1]
                assert event.text_for(viewer) == events[k].text_for(viewer), (
                    f"{name}: P{viewer + 1} reads a different narration of action {k + 1} "
                    f"in a game they cannot tell apart: {events[k].text_for(viewer)!r} / "
                    f"{event.text_for(viewer)!r}")
                compared += 1
    return compared, hidden_differences


@pytest.mark.parametrize("name", GAMES)
def test_the_narration_names_no_hidden_card(name: str) -> None:
    compared = hidden = 0
    for seed in range(6):
        c, h = twin_narration(name, game_def(name).default_players, seed, twins=25)
        compared, hidden = compared + c, hidden + h
    assert compared > 50 and hidden > 10, (compared, hidden)


AGENT_CASES = [(name, n, agent) for name, n in GAME_SEATS
               for agent in wpp.registered_agents(name)]


def agent_game(name: str, players: int, agent: str, seed: int, agent_seed: int) -> Any:
    """The actions of a game of ``name`` with ``agent`` in every seat, each seat seeded
    from ``agent_seed``; each action checked legal."""
    agents = [wpp.make_agent(name, agent, seed=agent_seed + p) for p in range(players)]
    history = wpp.new_game(name, seed=seed, players=players)
    while not history.is_over:
        action = agents[history.to_act].choose(history.view(history.to_act))
        assert action in history.legal_actions(), f"{agent} played illegally"
        history.apply(action)
    return history.actions


@pytest.mark.parametrize(("name", "players", "agent"), AGENT_CASES)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_agent_plays_legally_from_a_view_and_deterministically(
        name: str, players: int, agent: str, seed: int) -> None:
    assert agent_game(name, players, agent, seed, 7) == agent_game(name, players, agent, seed, 7), \
        f"{name}/{agent} is not deterministic for a seed"
    history = wpp.new_game(name, seed=seed, players=players)
    a, b = (wpp.make_agent(name, agent, seed=9) for _ in range(2))
    decision = a.decide(history.view(history.to_act))
    assert decision.action == b.choose(history.view(history.to_act))
    assert decision.action in history.legal_actions()
    assert decision.explanation is not None


@pytest.mark.parametrize("name", GAMES)
def test_bad_input_is_the_kits_own_error_and_changes_nothing(name: str) -> None:
    game = game_def(name)
    with pytest.raises(WppError, match="no_such_flag"):
        wpp.new_game(name, no_such_flag=True)
    for players in (game.min_players - 1, game.max_players + 1, "2", 2.0):
        with pytest.raises(WppError):
            wpp.new_game(name, players=players)  # type: ignore[arg-type]
    for seed in (2**70, "7", 1.5):
        with pytest.raises(WppError):
            wpp.new_game(name, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(WppError, match="nobody"):
        wpp.make_agent(name, "nobody")
    history = wpp.new_game(name, seed=2)
    before = history.state
    for junk in (None, "fold", 99, (None,), ("7S",), object()):
        with pytest.raises(WppError):
            history.apply(junk)
        assert history.state == before and history.actions == ()
    with pytest.raises(WppError):
        history.view(history.players)
