"""The shared game page (:mod:`widgets.page`), driven by plain clicks on a plain board
(:class:`~widgets.page.list_board.ListBoard`) for the draw game and Pairs: turns, refusals,
Hint, Why? in public terms, the hidden seed, save/open, reload, and the review's boards."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widgets.page.game_page import GamePage
from widgets.page.list_board import ListBoard
from widgets.testing import walk
from wpp.core.registry import new_game
from wpp.services.game_store import GameStore


class RecordingBoard(ListBoard):
    """A list board that remembers every draw (view, legal, last, others, active)."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        self.draws: list[tuple[Any, list[Any], Any, Any, bool]] = []

    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        self.draws.append((view, list(legal), last, others, active))
        super().draw(view, legal=legal, last=last, others=others, active=active)


def widget_values(page: GamePage[Any]) -> str:
    """Every synced trait of the page's widgets (what a browser could read)."""
    return json.dumps([x.get_state() for x in walk(page.root)], default=str,
                      ensure_ascii=False)


def play_out(page: GamePage[Any]) -> None:
    """The person plays the first legal action until the game ends."""
    for _ in range(500):
        if page.history.is_over:
            return
        page.board.buttons[0].click()
    raise AssertionError("the game did not end")


def test_turns_the_person_moves_and_the_computer_answers() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=3)
    assert "Your turn</b>: choose" in page.status.value and "(P1)" not in page.status.value
    before = len(page.history.actions)
    page.board.buttons[0].click()
    h = page.history
    assert len(h.actions) >= before + 1
    assert h.is_over or h.to_act == 0  # the computer answered at once (no event loop)
    assert h.events[before].player == 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), junk=st.sampled_from(["nonsense", 17, None, ("x",)]))
def test_refusals_leave_the_game_unchanged(seed: int, junk: object) -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=seed)
    saved = page.history.to_json()
    page.request(junk)
    assert page.notes.html.value.startswith("Refused: ")
    assert page.history.to_json() == saved
    page.redo()  # nothing to redo: refused, unchanged
    assert "nothing to redo" in page.notes.html.value
    assert page.history.to_json() == saved


def test_hint_selects_the_move_the_chosen_ai_recommends() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=5)
    page.hints.dropdown.value = "expected"
    page.show_hint()
    board = page.board
    assert isinstance(board, ListBoard)
    assert board.selected is not None and board.selected in board.actions
    assert [b.button_style for b in board.buttons].count("info") == 1
    # the chosen AI by the page's name for it (its ladder level), the person as "you"
    assert "Hint for you from Strong player" in page.side.view.html.value
    assert "selected for you" in page.notes.html.value
    page.board.buttons[board.actions.index(board.selected)].click()  # the person plays it
    assert page.history.events[0].player == 0


def test_why_shows_only_the_move_for_a_game_with_no_public_form() -> None:
    # (Pokeros: Pairs now offers a public form, wpp.pairs.public — branch boards)
    page = GamePage.for_game("pokeros", board=ListBoard("pokeros"), seed=7,
                             seats={1: "greedy"})
    page.board.buttons[0].click()
    decisions = page.session.computer_decisions()
    assert decisions and not page.history.is_over
    page.show_why()
    html = page.side.view.html.value
    k, _seat, full = decisions[-1]
    # the move as the narration tells it, the seat in the page's words (not "P2")
    said = page.history.events[k].text_for(0)
    assert said.startswith("P2 ") and "The computer " + said[3:] in html
    assert not re.search(r"\bP2\b", html)
    for step in full.steps:  # none of the computer's own reasoning is shown
        assert str(step.title) not in html
    assert "its reasoning reads its own cards" in html
    page.practice_box.value = True   # practice (asks first during a game)
    page.confirm.yes.click()
    page.show_why()
    page.show_why()
    assert str(full.steps[0].title) in page.side.view.html.value
    assert "PRACTICE" in page.mode_mark.value


def test_the_seed_is_in_no_widget_before_the_end() -> None:
    seed = 739184265
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=seed)
    while not page.history.is_over:
        assert str(seed) not in widget_values(page)
        page.board.buttons[0].click()
    # The walk-through: a 19-digit seed and the result a second time in the headline. The
    # seed is now the Seed box's grey hint (not its value: New game stays random), the result
    # only in the banner.
    assert str(seed) not in page.status.value and "Game over" in page.status.value
    assert page.seed_box.placeholder == f"this game: {seed}" and page.seed_box.value == ""
    assert "You win" not in page.status.value and "wins" not in page.status.value
    assert page.end.box.layout.display == "flex"
    assert "Session: you won" in page.end.text.value


def test_a_random_seed_by_default() -> None:
    seeds = {GamePage.for_game("draw", board=ListBoard("draw")).history.seed for _ in range(4)}
    assert len(seeds) > 1


def test_save_during_a_game_is_refused_then_save_and_open_round_trip() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=11)
    page.board.buttons[0].click()
    page.save()
    assert page.save_link.value == "" and "Refused" in page.notes.html.value
    play_out(page)
    page.save()
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", page.save_link.value)
    assert data is not None
    text = base64.b64decode(data.group(1)).decode()
    assert text == page.history.to_json()
    other = GamePage.for_game("pairs", board=ListBoard("pairs"))
    other.open_saved(text)
    assert other.history.actions == page.history.actions and other.history.is_over
    edited = text.replace('"seed": 11', '"seed": 12')
    assert edited != text
    before = other.history.to_json()
    other.open_saved(edited)
    assert "cannot open this file" in other.notes.html.value
    assert other.history.to_json() == before
    other.open_saved(new_game("draw", seed=1).to_json())   # another game's file
    assert "not of Pairs" in other.notes.html.value


def test_a_reload_continues_the_game_and_a_wrong_key_starts_afresh(
        tmp_path: Path, preheated_request: Any) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), store=store,
                             seats={0: "person", 1: "random"})
    page.board.buttons[0].click()
    query = page.keeper.query()
    assert "key=" in query and page.keeper.key in page.address.value
    again = GamePage.for_game("pairs", board=ListBoard("pairs"), store=store, query=query)
    assert again.history.actions == page.history.actions
    assert again.history.seed == page.history.seed
    assert again.chooser.choice(1) == "agent:random"
    assert again.notes.html.value == ""
    wrong = GamePage.for_game("pairs", board=ListBoard("pairs"), store=store,
                              query="game=pairs&key=" + "A" * 24)
    assert wrong.history.to_json() != page.history.to_json()
    assert "No game is kept" in wrong.notes.html.value
    assert wrong.keeper.key != "A" * 24
    # A pre-heated page (its kernel started before the request) reads the same address
    # once Voilà hands it the request: it continues the game too.
    with preheated_request(query):
        served = GamePage.from_env("pairs", board=ListBoard("pairs"), store=store)
    assert served.history.actions == page.history.actions
    assert served.keeper.key == page.keeper.key
    other_game = GamePage.for_game("draw", board=ListBoard("draw"), store=store, query=query)
    assert other_game.history.name == "draw"
    assert "No game is kept" in other_game.notes.html.value


def test_the_review_draws_the_board_as_it_was_at_each_move() -> None:
    board = RecordingBoard("pairs")
    page = GamePage.for_game("pairs", board=board, seed=2)
    page.show_review()
    assert "Refused" in page.notes.html.value   # not during the game
    play_out(page)
    h = page.history
    page.end.buttons["review"].click()
    for k in range(min(4, len(h.actions))):
        view, legal, last, others, active = board.draws[-1]
        assert not active and legal == []
        assert view == h.game.view(h.states[k + 1], 0)
        assert last == h.actions[k]
        assert others is not None and others[1] == h.game.view(h.states[k + 1], 1)
        assert f"move {k + 1} of {len(h.actions)}" in page.side.view.html.value
        page.side.review_next.click()


def test_review_with_the_computer_shows_the_board_at_a_chosen_decision() -> None:
    board = RecordingBoard("draw")
    page = GamePage.for_game("draw", board=board, seed=4, review_budget={})
    play_out(page)
    page.review_with_computer(threaded=False)
    review = page.computer_review.review
    assert review is not None and len(review.rows) >= 1
    assert page.computer_review.chart.value  # the chart, as a PNG
    page.computer_review.rows.value = 0
    row = review.rows[0]
    view, _, _, _, active = board.draws[-1]
    assert not active and view == page.history.game.view(page.history.states[row.move], 0)
    assert row.verdict in page.side.view.html.value


def test_every_control_has_a_name() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=1)
    import ipywidgets as w

    for x in walk(page.root):
        if isinstance(x, w.Checkbox | w.Dropdown | w.Text | w.FloatText | w.Select):
            assert x.description, f"{type(x).__name__} without a name"
        if isinstance(x, w.Button) and x.layout.display != "none":
            assert x.description or x.tooltip, "a button without a name"


def test_keys_are_listed_and_pressed() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=1)
    assert "data-wpp-keys" in page.keys.map.value and "wpp-choice-0" in page.keys.map.value
    page.rules_button.click()
    assert "Shift+H" in page.side.view.html.value
    page.keys.press("hint")
    assert "Hint" in page.side.view.html.value


@pytest.mark.parametrize("choice", ["agent:search", "search"])
def test_opponents_any_agent_with_its_budget(choice: str) -> None:
    page = GamePage.for_game("warpairs", board=ListBoard("warpairs"), seed=1,
                             seats={0: "person", 1: choice}, budgets={1: 7})
    agent = page.session.agent(1)
    assert type(agent).__name__ == "SearchAgent"
    assert page.chooser.budgets[1].description == "playouts"
    assert page.chooser.budget(1) == 7


def test_warpairs_page_hides_its_seed_and_its_review_redraws_the_board() -> None:
    from widgets.games.warpairs.app import App
    from widgets.testing import click_action
    from wpp.warpairs import make_agent

    seed = 739184265
    app = App(seed=seed, agent="classic")
    person = make_agent("greedy", seed=1)
    for _ in range(300):
        if app.game.is_over:
            break
        assert str(seed) not in widget_values(app)
        click_action(app, person.choose(app.game.view(0)))
    assert app.game.is_over and str(seed) in app.seed_box.placeholder
    assert str(seed) not in app.status.value
    g = app.game
    app.end.buttons["review"].click()
    for k in (0, 1, 2):
        state = g.states[k + 1]
        for seat, hand in ((0, app.bottom), (1, app.top)):
            assert [b.card for b in hand.visible_buttons()] == sorted(state.hands[seat])
        assert not app.bar.visible_kinds()      # a past position takes no clicks
        app.review_next.click()
    # the banner's one Review also had the computer grade the decisions, in a thread
    thread = app.computer_review.thread
    assert thread is not None
    thread.join(120)
    review = app.computer_review.review
    assert review is not None and review.rows
    app.computer_review.rows.value = len(review.rows) - 1
    row = review.rows[-1]
    assert [b.card for b in app.bottom.visible_buttons()] == sorted(
        g.states[row.move].hands[0])


def test_warpairs_rules_panel_lists_the_keys_as_they_work() -> None:
    from widgets.games.warpairs.app import App

    app = App(seed=3, agent="random")
    app.menu.rules.click()
    html = app.panel.html.value
    assert "quick reference" in html and "move the selection to the card on the left" in html
    assert "move the selected card" not in html
    for key in ("Shift+H", "Shift+W", "Shift+U", "Shift+Y", "Shift+N", "Enter", "Esc"):
        assert key in html, key
