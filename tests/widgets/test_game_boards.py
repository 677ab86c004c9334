"""Every registered game's board on the shared game page, by plain calls (then each game's
own checks): each meets the Board contract, draws from views, turns clicks into the right
action, shows a selected action, answers keys for every legal action, says actions with the
card symbols, and draws the same widget tree when every card its player cannot see is
re-dealt."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import wpp
from widgets.page.board import Board
from widgets.site.room import board_for
from widgets.testing import every_game, page_tree, walk
from wpp.classic.game import Discard
from wpp.core.errors import WppError
from wpp.core.registry import game_def, registered_games
from wpp.ofc.board import ROWS, board_of
from wpp.pairs.state import FOLD, HIT
from wpp.pokeros.game import Place as PokerosPlace
from wpp.pokeros.game import cell_words

#: Every registered game's own board, found as its pages and rooms find it.
BOARDS: dict[str, Callable[[], Any]] = {
    game: (lambda game=game: board_for(game)) for game in registered_games()}  # type: ignore[misc]
#: An ASCII card ("4C", "10H"): words on the page use ♣♠♥♦.
ASCII_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def press(board: Any, key: str) -> None:
    """Press ``key`` as the page's key script does: click the visible, enabled element with
    the key's CSS class (nothing when there is none)."""
    answers = board.keys()
    (k,) = [k for k in answers if k.key == key]
    for widget in walk(board.root):
        if (isinstance(widget, w.Button) and k.css_class in widget._dom_classes
                and not widget.disabled and widget.layout.display != "none"):
            widget.click()
            return


def _played(name: str, seed: int, moves: int, players: int | None = None) -> wpp.History:  # type: ignore[type-arg]
    """A game of ``name`` some random moves in."""
    g = wpp.new_game(name, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _drawn(name: str, g: Any, seat: int | None = None) -> tuple[Any, list[Any]]:
    board = BOARDS[name]()
    sent: list[Any] = []
    board.on_choose(sent.append)
    seat = g.to_act if seat is None else seat
    board.draw(g.view(seat), legal=g.legal_actions() if g.to_act == seat else [])
    return board, sent


@pytest.mark.parametrize("name", every_game())
def test_each_board_meets_the_contract_and_keys_are_distinct(name: str) -> None:
    board = BOARDS[name]()
    assert isinstance(board, Board) and board.game == name
    answers = board.keys()
    keys = [k.key for k in answers]
    assert len(keys) == len(set(keys)) and all(k.does and k.css_class for k in answers)


@pytest.mark.parametrize("name", every_game("keys-on-controls"))
def test_every_keys_class_is_on_a_control_of_the_board(name: str) -> None:
    board = BOARDS[name]()
    answers = board.keys()
    g = wpp.new_game(name, seed=1)
    board.draw(g.view(g.to_act), legal=g.legal_actions())
    # once drawn, as a person presses them (a card's face replaced the new game template's
    # key classes when it was drawn: its keys 1-9 clicked nothing, while the classes the
    # buttons had before drawing passed this test)
    classes = {c for x in walk(board.root) for c in getattr(x, "_dom_classes", ())}
    # (Hint's mark appears only when needed; card buttons past a hand keep their keys' classes)
    assert {k.css_class for k in answers} - classes <= {"wpp-pairs-chosen"}


@pytest.mark.parametrize("name", every_game("refuses-other-views"))
def test_a_board_refuses_another_games_view(name: str) -> None:
    other = next(g for g in registered_games() if g != name)
    g = wpp.new_game(other, seed=1)
    with pytest.raises(WppError):
        BOARDS[name]().draw(g.view(0), legal=[])


@pytest.mark.parametrize("name", every_game())
def test_every_control_has_an_accessible_name(name: str) -> None:
    g = _played(name, 3, 1)
    board, _ = _drawn(name, g)
    board.select(g.legal_actions()[-1])
    for widget in walk(board.root):
        if isinstance(widget, w.Button) and widget.layout.display != "none":
            assert widget.description.strip() or widget.tooltip.strip(), widget


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(list(BOARDS)), st.integers(0, 10**6), st.integers(0, 12),
       st.integers(0, 2**32))
def test_the_board_is_the_same_when_hidden_cards_are_re_dealt(name: str, seed: int, moves: int,
                                                             twin: int) -> None:
    """Drawn from a view only: the twin state (every card the player cannot see re-dealt)
    draws the same widget tree."""
    g = _played(name, seed, moves)
    if g.is_over:
        return
    seat = g.to_act
    view = g.view(seat)
    other = game_def(name).view(g.redeal_hidden(seat, random.Random(twin)), seat)
    a, b = BOARDS[name](), BOARDS[name]()
    a.draw(view, legal=view.legal_actions())
    b.draw(other, legal=other.legal_actions())
    assert page_tree(a.root) == page_tree(b.root)


# --- 5-card draw -----------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 25))
@example(0, 0)  # standing pat: P, and Enter after Hint chose it
def test_draw_keys_and_clicks_make_every_discard(seed: int, pick: int) -> None:
    g = wpp.new_game("draw", seed=seed)
    legal = g.legal_actions()
    action = legal[pick % len(legal)]
    hand = g.view(0).hand
    board, sent = _drawn("draw", g)
    for c in action.cards:  # keys: the cards' places, then Enter (P: stand pat)
        press(board, str(hand.index(c) + 1))
    press(board, "Enter" if action.cards else "p")
    assert sent == [action]
    board.select(action)  # Hint: the cards raised, not sent; Enter sends them (or pat)
    assert sorted(board.chosen) == sorted(action.cards) and len(sent) == 1
    raised = [b.card for b in board.cards if "wpp-selected" in b._dom_classes]
    assert sorted(raised) == sorted(action.cards)
    press(board, "Enter")
    assert sent == [action, action]
    press(board, "p")
    assert sent[-1] == Discard(())
    assert not ASCII_CARD.search(board.describe(action))
    assert board.describe(Discard(())) == "stand pat"


def test_draw_board_hides_other_hands_until_the_showdown() -> None:
    g = wpp.new_game("draw", seed=5, players=3)
    board, _ = _drawn("draw", g, seat=0)
    secret = [c for s in (1, 2) for c in g.state.dealt[s]]
    assert not any(str(c) in board.seats.value for c in secret)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    board.draw(g.view(0), legal=[])
    # the showdown: every hand (yours too) by its player's name, what it makes, who won
    shown = board.showdown.value
    assert all(str(c) in shown for s in (0, 1, 2) for c in g.state.hand(s))
    values = g.state.values()
    for s in (0, 1, 2):
        assert f"<b>{board.seat_name(s, 0)}</b>: {values[s].name}" in shown
    assert shown.count("wins the hand") + shown.count("splits the pot") == \
        len(g.state.winners())
    assert all(b.disabled for b in (board.go, board.pat))


def test_draw_board_after_the_discard_drops_its_prompt_and_its_buttons() -> None:
    """The walk-through: after the person's draw the title still said "(You may discard up
    to 3 cards.)" under the new cards, with Stand pat and Draw beside them."""
    g = wpp.new_game("draw", seed=3)
    board, _ = _drawn("draw", g, seat=g.to_act)
    me = g.to_act
    rule = g.view(me).rules.describe()
    assert rule in board.title.value and board.acts.layout.display == ""
    g.apply(g.legal_actions()[-1])
    board.draw(g.view(me), legal=[], active=False)
    assert rule not in board.title.value, board.title.value
    assert "you drew" in board.title.value or "stood pat" in board.title.value
    assert board.acts.layout.display == "none"
    assert board.showdown.value == ""  # the other seat has not drawn yet


# --- Pairs -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
def test_pairs_board_draws_every_seat_and_plays_by_keys(players: int) -> None:
    g = wpp.new_game("pairs", seed=players, players=players)
    board, sent = _drawn("pairs", g)
    assert board.table.value.count("<tr") == players
    for key, action in (("h", HIT), ("f", FOLD)):
        press(board, key)
        assert sent[-1] == action
    board.select(FOLD)
    assert "wpp-pairs-chosen" in board.fold._dom_classes
    press(board, "Enter")
    assert sent[-1] == FOLD and len(sent) == 3
    board.draw(g.view(g.to_act), legal=[])
    press(board, "h")
    assert len(sent) == 3 and board.hit.disabled
    assert board.describe(HIT).startswith("hit")


# --- OFC -------------------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 8), st.integers(0, 10**4))
def test_ofc_keys_make_every_placement(seed: int, moves: int, pick: int) -> None:
    g = _played("ofc", seed, moves)
    if g.is_over:
        return
    legal = g.legal_actions()
    action = legal[pick % len(legal)]
    board, sent = _drawn("ofc", g)
    for r, row in enumerate(ROWS):
        for c in getattr(action, row):
            left = [x for x in g.view(g.to_act).to_place if x not in board.pending]
            press(board, str(left.index(c) + 1))
            press(board, row[0])
            assert board.pending[c] == r
    press(board, "Enter")
    assert sent == [action]
    press(board, "u")
    assert len(board.pending) == len(action.top + action.middle + action.bottom) - 1
    board.select(action)
    board.place.click()
    assert sent == [action, action]
    assert not ASCII_CARD.search(board.describe(action))


def test_ofc_shows_a_foul_before_the_board_is_full() -> None:
    g = wpp.new_game("ofc", seed=2)
    view = g.view(g.to_act)
    board, _ = _drawn("ofc", g)
    assert "foul" not in board.boards.value
    other = 1 - view.player
    sure = board_of("AS AH AD", "", "2C 3D 5H 7S 9C")   # trips on top, high card below
    full = board_of("AS AH AD", "KS KH 4C 6D 8H", "2C 3D 5H 7S 9C")
    for b, words in ((sure, "will foul"), (full, "fouled")):
        boards = tuple(b if s == other else view.boards[s] for s in range(view.players))
        board.draw(replace(view, boards=boards), legal=[])
        assert words in board.boards.value
    board.draw(view, legal=g.legal_actions())
    assert "foul" not in board.boards.value


# --- Pokeros ---------------------------------------------------------------------------


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10), st.integers(0, 10**4))
def test_pokeros_keys_reach_every_placement_and_hint_selects_card_and_cell(
        seed: int, moves: int, pick: int) -> None:
    g = _played("pokeros", seed, moves)
    if g.is_over:
        return
    legal = g.legal_actions()
    action = legal[pick % len(legal)]
    board, sent = _drawn("pokeros", g)
    press(board, str(g.view(g.to_act).stash.index(action.card) + 1))
    assert board.selected == action.card
    for _ in range(len(board.lit_cells())):
        if board.target == action.cell:
            break
        press(board, "ArrowRight")
    press(board, "Enter")
    assert sent == [action]
    board.select(action)  # Hint: card and cell chosen, the preview shown, not sent
    assert (board.selected, board.target) == (action.card, action.cell) and len(sent) == 1
    assert f"{action.card} {cell_words(action.x, action.y)}" in board.preview.value
    target = board.grid.cell_button(action.cell)
    assert "pk-target" in target._dom_classes
    target.click()  # a second click on the chosen cell places it
    assert sent == [action, action]
    assert not ASCII_CARD.search(board.describe(action))
    with pytest.raises(WppError):
        board.select(PokerosPlace(action.card, 99, 99))
