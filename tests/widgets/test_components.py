"""The page's components, one by one, with plain calls: each is small and game-agnostic, so
each is tested here without an app (the app's own tests click them in place)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.parts.banner import GameOverBanner
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.explain_panel import ExplainPanel, Hint, PanelText
from widgets.parts.game_log import GameLogView
from widgets.parts.hint_chooser import HintChooser
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from widgets.parts.saved_game import open_save
from widgets.parts.selection import CardSelection
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.registry import make_agent, new_game


def test_the_banner_shows_words_and_reports_its_buttons() -> None:
    banner, clicked = GameOverBanner((("new", "New game"), ("review", "Review"))), []
    banner.on("review", lambda: clicked.append("review"))
    banner.show("You <win>", "P2 is out of cards", "Session: 1–0")
    assert banner.box.layout.display == "flex" and "&lt;win&gt;" in banner.text.value
    banner.buttons["review"].click()
    assert clicked == ["review"]
    assert "wpp-banner-new" in banner.buttons["new"]._dom_classes
    banner.hide()
    assert banner.box.layout.display == "none" and banner.text.value == ""


def test_the_confirm_bar_does_the_action_only_on_yes() -> None:
    bar, done, answers = ConfirmBar(), [], []
    bar.on_answer(lambda yes, action: (answers.append(yes), action() if yes and action
                                       else None))
    bar.ask("Deal a new game?", lambda: done.append("dealt"))
    assert bar.box.layout.display == "" and "Deal a new game?" in bar.text.value
    bar.no.click()
    assert done == [] and bar.pending is None and bar.box.layout.display == "none"
    bar.ask("Deal a new game?", lambda: done.append("dealt"))
    bar.yes.click()
    assert done == ["dealt"] and answers == [False, True]
    bar.yes.click()  # no question pending: "Yes" does nothing more
    assert done == ["dealt"]


def test_a_refusal_goes_stale_at_any_move_a_note_at_a_persons_move() -> None:
    moment = [0, 0]
    line = MessageLine(lambda: (moment[0], moment[1]))
    line.say("Auto-mulligan: 2♣ 3♣ 4♣.", info=True)
    line.render()
    moment[1] += 1  # the computer moved: a note stays
    line.render()
    assert "Auto-mulligan" in line.html.value and "wpp-info" in line.html.value
    moment[0] += 1  # a person moved: it goes
    line.render()
    assert line.html.value == ""
    line.refuse("no cards selected")
    assert line.html.value == "Refused: no cards selected"
    line.drop_refusal()
    assert line.html.value == ""


@given(st.lists(st.integers(0, 30), min_size=1, max_size=12, unique=True),
       st.lists(st.sampled_from([-1, 1]), max_size=20))
def test_the_arrows_keep_one_card_of_the_hand_selected(hand: list[int],
                                                       steps: list[int]) -> None:
    hand.sort()
    s = CardSelection()
    for step in steps:
        s.move(hand, step)
        assert len(s.cards) == 1 and s.cards <= set(hand) and s.touched in s.cards


@given(st.lists(st.integers(0, 9), max_size=20))
def test_toggling_a_card_twice_changes_nothing(cards: list[int]) -> None:
    s = CardSelection()
    for c in cards:
        s.toggle(c)
    odd = {c for c in set(cards) if cards.count(c) % 2}
    assert s.cards == odd


def test_the_panel_shows_one_thing_at_a_time_and_the_review_stays_in_range() -> None:
    p = ExplainPanel()
    e = Explanation("Answer", [], summary="play the nines")
    p.keep_hint(Hint(0, "P1", "Club player", e))
    p.render()
    assert p.open == "hint" and "Hint for P1 from Club player" in p.view.html.value
    p.forget_hint()
    p.start_review()
    for _ in range(5):
        assert p.step_review(1, 3)
    p.render(review=lambda k: PanelText(f"move {k + 1}"), moves=3)
    assert p.review_at == 2 and "move 3" in p.view.html.value
    assert p.review_next.disabled and not p.review_prev.disabled
    assert p.review_nav.layout.display == "flex"
    p.toggle("rules")
    p.render(rules="<p>R1</p>")
    assert p.view.html.value == "<p>R1</p>" and p.review_nav.layout.display == "none"
    assert not p.step_review(1, 3)  # not reviewing: the cursor does not move


def test_the_log_numbers_lines_as_in_the_whole_game() -> None:
    log = GameLogView(lines=3)
    log.show(list(range(10)), lambda n: f"move <{n}>", reveal="<div>held</div>")
    assert log.html.value.count("<li") == 3 and "<li value=8>move &lt;7&gt;" in log.html.value
    assert log.html.value.endswith("<div>held</div>")


def test_the_pacer_cancels_moves_already_scheduled() -> None:
    async def run() -> list[str]:
        pacer, seen = ComputerPacer(delay=0.01), []
        pacer.later(lambda: seen.append("first"))
        pacer.cancel()
        pacer.later(lambda: seen.append("second"))
        assert seen == []  # a running loop: the moves wait
        await asyncio.sleep(0.05)
        return seen

    assert asyncio.run(run()) == ["second"]


def test_a_save_of_another_game_or_an_edited_one_is_refused() -> None:
    text = new_game("warpairs", seed=5).to_json()
    assert open_save(text, "warpairs").seed == 5
    with pytest.raises(WppError, match="not of Pairs"):
        open_save(text, "pairs", "Pairs")
    with pytest.raises(WppError):
        open_save(text.replace('"seed": 5', '"seed": 6'), "warpairs")
    with pytest.raises(WppError):
        open_save("not json", "warpairs")


def test_the_hint_chooser_refuses_what_is_not_an_agent_of_the_game() -> None:
    fallback = make_agent("warpairs", "random")
    chooser = HintChooser("warpairs", fallback)
    chooser.dropdown.value = "greedy"
    assert chooser.name() == "greedy" and chooser.agent() is chooser.agent()
    chooser.dropdown.options = (*chooser.dropdown.options, "no-such-ai")
    chooser.dropdown.value = "no-such-ai"
    assert chooser.name() == "classic"


def test_the_app_keeps_its_public_names_on_its_components() -> None:
    from widgets.games.warpairs.app import App

    app = App(seed=1, agent="random")
    assert (app.banner, app.banner_text) == (app.end.box, app.end.text)
    assert (app.confirm_box, app.confirm_text, app.confirm_yes) == (
        app.confirm.box, app.confirm.text, app.confirm.yes)
    assert (app.why_button, app.hint_button, app.panel, app.review_next) == (
        app.side.why_button, app.side.hint_button, app.side.view, app.side.review_next)
    assert app.message is app.notes.html and app.selected is app.selection.cards
    assert app.log is app.game_log.html and app.top is app.board.top
    app.game.apply(app.game.legal_actions()[0])
    assert app.game.actions
    app.end.buttons["new"].click()  # the banner's buttons are wired to the page's deals
    assert not app.game.actions
