"""Issue 34 on the shared game page (no browser): a scored game stays honest, and no
traceback reaches a page.

* whatever shows what a scored game hides — open hands (in this tab or a second tab on the
  same address), Undo against the computer, a save file opened, a replayed or chosen deal —
  makes the game practice, says why in the mode mark and is kept with the game;
* a scored game left before its end (a new deal at the deal itself, practice, Undo) counts
  as a forfeit; Undo after the end is refused;
* the session's score counts a game once by its identity, and survives a reload;
* two tabs on one key: the stale writer is refused by the store's version and follows;
* a budget sent over the websocket (Infinity, a huge number) is refused, nothing kept;
* a failing widget callback shows the kit's panel; its traceback goes to the log only.
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from tests.widgets.test_game_page import play_out
from widgets.page.game_page import GamePage
from widgets.page.list_board import ListBoard
from widgets.testing import walk
from wpp.services.game_store import GameStore


def page_on(store: GameStore, query: str = "", seed: int = 3, **settings: Any
            ) -> GamePage[ListBoard]:
    return GamePage.for_game("pairs", board=ListBoard("pairs"), seed=seed, store=store,
                             query=query, **settings)


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    return GameStore(tmp_path / "games.sqlite3")




def won_draw_save() -> str:
    """A finished 5-card draw game the person won (standing pat), as a save file."""
    for seed in range(200):
        page = GamePage.for_game("draw", board=ListBoard("draw"), seed=seed)
        page.board.buttons[0].click()
        if page.history.is_over and page.score.you == 1:
            return page.history.to_json()
    raise AssertionError("no won deal in 200 seeds")


def test_open_hands_in_a_second_tab_makes_the_first_tabs_game_practice(store: GameStore
                                                                        ) -> None:
    first = page_on(store)
    first.board.buttons[0].click()
    assert not first.practice and not first.history.is_over
    second = page_on(store, first.keeper.query())          # a duplicated tab
    assert second.history.to_json() == first.history.to_json()
    second.practice_box.value = True
    assert not second.practice                              # asked first: a forfeit
    second.confirm.yes.click()
    assert second.practice and "open hands" in second.mode_mark.value
    assert first.follow()                                   # its poll (an event loop) or…
    assert first.practice and "PRACTICE — open hands" in first.mode_mark.value
    assert first.score.computer == 1                        # the forfeit, counted once
    third = page_on(store, first.keeper.query())            # a reload sees it too
    assert third.practice and "PRACTICE" in third.mode_mark.value


def test_a_stale_tab_is_refused_and_follows_the_kept_game(store: GameStore) -> None:
    first = page_on(store)
    second = page_on(store, first.keeper.query())
    first.board.buttons[0].click()                          # first tab moves (kept)
    kept = first.history.to_json()
    second.board.buttons[-1].click()                        # the other tab chooses too
    assert second.history.to_json() == kept                 # refused: it follows
    assert "another tab" in second.notes.html.value
    assert store.get(first.keeper.key)[0].to_json() == kept  # nothing replaced


def test_practice_in_the_other_tab_reaches_a_tab_at_its_next_move(store: GameStore
                                                                   ) -> None:
    first = page_on(store)
    second = page_on(store, first.keeper.query())
    second.practice_box.value = True
    second.confirm.yes.click()
    first.board.buttons[0].click()                          # stale: refused, follows
    assert first.practice and first.history.actions == second.history.actions
    assert "another tab" in first.notes.html.value
    assert store.get(first.keeper.key)[1]["practice"] is True


def test_undo_against_the_computer_makes_practice_and_is_kept(store: GameStore) -> None:
    page = page_on(store)
    page.board.buttons[0].click()
    moved = len(page.history.actions)
    page.undo()
    assert len(page.history.actions) == moved              # asked first
    assert "forfeit" in page.confirm.text.value
    page.confirm.yes.click()
    assert len(page.history.actions) < moved
    assert page.practice and "Undo was used" in page.mode_mark.value
    assert page.score.computer == 1 and page.score.forfeits == 1
    again = page_on(store, page.keeper.query())
    assert again.practice and "Undo was used" in again.mode_mark.value
    play_out(again)
    assert again.score.computer == 1 and again.score.practice == 0  # counted once


def test_undo_after_the_end_is_refused() -> None:
    page = GamePage.for_game("draw", board=ListBoard("draw"), seed=4)
    page.board.buttons[0].click()
    assert page.history.is_over and page.undo_button.disabled
    saved = page.history.to_json()
    page.undo()
    assert "Refused: the game is over" in page.notes.html.value
    assert page.history.to_json() == saved


def test_a_save_file_opened_three_times_counts_once_as_practice() -> None:
    text = won_draw_save()
    page = GamePage.for_game("draw", board=ListBoard("draw"), seed=1)
    page.board.buttons[0].click()                           # this page's own game
    counted = page.score.you + page.score.computer + page.score.draws
    for _ in range(3):
        page.open_saved(text)
        assert "opened from a save file" in page.mode_mark.value
    assert page.score.practice == 1
    assert page.score.you + page.score.computer + page.score.draws == counted


def test_a_won_game_reopened_from_its_save_is_not_counted_again() -> None:
    text = won_draw_save()
    seed = json.loads(text)["seed"]
    page = GamePage.for_game("draw", board=ListBoard("draw"), seed=seed)
    page.board.buttons[0].click()
    assert page.score.you == 1
    for _ in range(3):
        page.open_saved(text)
    assert (page.score.you, page.score.computer, page.score.practice) == (1, 0, 0)


def test_a_new_deal_before_the_first_move_of_a_scored_game_is_a_forfeit() -> None:
    page = GamePage.for_game("pairs", board=ListBoard("pairs"), seed=3)
    deal = page.history.to_json()
    page.new_button.click()
    assert page.history.to_json() == deal and "forfeit" in page.confirm.text.value
    page.confirm.yes.click()
    assert page.history.seed != 3 and page.score.computer == 1 and page.score.forfeits == 1


def test_a_reload_before_the_first_move_shows_the_same_deal(store: GameStore) -> None:
    page = page_on(store, seed=None)  # type: ignore[arg-type]
    again = page_on(store, page.keeper.query(), seed=None)  # type: ignore[arg-type]
    assert again.history.to_json() == page.history.to_json()


def test_replayed_and_chosen_deals_are_practice() -> None:
    page = GamePage.for_game("draw", board=ListBoard("draw"), seed=4)
    page.board.buttons[0].click()
    page.replay()
    assert "a replayed deal" in page.mode_mark.value
    page.seed_box.value = "4"
    page.new_game()
    assert "chosen by its seed" in page.mode_mark.value
    page.seed_box.value = ""
    page.new_game()
    assert not page.practice and page.mode_mark.value == ""


def test_the_score_survives_a_reload(store: GameStore) -> None:
    page = page_on(store)
    play_out(page)
    page.new_game()                                        # after the end: no question
    play_out(page)
    text = page.score.text()
    assert " of 2 " in text
    again = page_on(store, page.keeper.query())
    assert again.score.text() == text


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), 1e300, -5.0])
def test_a_budget_from_the_websocket_is_checked_and_nothing_kept(store: GameStore,
                                                                 value: float) -> None:
    page = page_on(store, seats={1: "agent:pipmc", 2: "agent:pipmc", 3: "agent:pipmc"})
    box = page.chooser.budgets[1]
    before = box.value
    box.set_state({"value": value})                         # as a message from the page
    assert page.notes.html.value.startswith("Refused: the playouts budget is a number")
    assert box.value == before
    kept = store.get(page.keeper.key)[1]
    assert all(0 < b <= 500 for b in kept["budgets"].values())
    again = page_on(store, page.keeper.query())             # the address still opens
    assert again.history.to_json() == page.history.to_json()


class FakeShell:
    """What ipywidgets' dispatcher needs of IPython's shell: ``showtraceback`` formats the
    exception being handled and hands it to ``_showtraceback`` (which ipykernel publishes
    on iopub: here, recorded)."""

    def __init__(self, msg_type: str = "comm_msg") -> None:
        self.published: list[list[str]] = []
        self.msg_type = msg_type

    def _showtraceback(self, etype: Any, evalue: Any, stb: list[str]) -> None:
        self.published.append(stb)

    def showtraceback(self) -> None:
        etype, evalue, tb = sys.exc_info()
        self._showtraceback(etype, evalue, traceback.format_exception(etype, evalue, tb))

    def get_parent(self) -> dict[str, Any]:
        return {"header": {"msg_type": self.msg_type}}


def test_a_failing_callback_shows_the_panel_and_logs_the_traceback_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets.page import faults

    shell, logged = FakeShell(), list[str]()
    monkeypatch.setattr("ipywidgets.widgets.widget.get_ipython", lambda: shell)
    monkeypatch.setattr(faults, "server_log", logged.append)
    page = GamePage.for_game("draw", board=ListBoard("draw"), seed=4)
    faults.install_hook(shell)

    def broken(_b: Any) -> None:
        raise OverflowError("cannot convert float infinity to integer (/srv/secret/path.py)")

    page.save_button.on_click(broken)
    page.save_button.click()
    assert shell.published == []                            # nothing on iopub
    assert len(logged) == 1 and "Traceback" in logged[0] and "secret/path" in logged[0]
    panel = page.fault_panel
    assert panel.layout.display != "none" and "Something went wrong" in panel.value
    ref = panel.value.split("<code>")[1].split("</code>")[0]
    assert ref in logged[0]
    state = json.dumps([x.get_state() for x in walk(page.root)], default=str)
    assert "Traceback" not in state and "secret/path" not in state
    shell.msg_type = "execute_request"                      # a cell's own error: IPython's
    try:
        raise ValueError("in a cell")
    except ValueError:
        shell.showtraceback()
    assert len(shell.published) == 1


def test_the_hook_is_installed_on_the_current_shell_when_a_page_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets.page import faults

    shell = FakeShell()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    GamePage.for_game("draw", board=ListBoard("draw"), seed=4)
    assert getattr(shell, "_wpp_fault_hook", False)
    button = w.Button()
    monkeypatch.setattr("ipywidgets.widgets.widget.get_ipython", lambda: shell)
    monkeypatch.setattr(faults, "server_log", lambda _t: None)
    button.on_click(lambda _b: 1 / 0)
    button.click()
    assert shell.published == []
