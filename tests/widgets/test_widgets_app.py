"""The app driven by clicks, without a browser: whole games, refusals, the options menu.

Each test builds an :class:`~widgets.games.warpairs.app.App`, clicks its widgets with
``button.click()`` (the
same handlers a click in the page reaches) and checks the game in the kernel.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest

from widgets.games.warpairs.app import App
from widgets.parts.plain_words import plain
from widgets.testing import click_action
from wpp.core.standard_deck import parse_cards
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan, Pass, PlayCards
from wpp.warpairs.lookup import why_not
from wpp.warpairs.phases import Phase

SEEDS = (1, 2, 3)


def text(widget: w.HTML) -> str:
    """What an HTML widget says, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def classic_available() -> bool:
    try:
        make_agent("classic")
    except ImportError:
        return False
    return True


AGENT = "classic" if classic_available() else "random"


def play_out(app: App, max_actions: int = 600) -> int:
    """Play the person's seat with the classic AI's choices, carried out by clicks; return
    how many actions the person made."""
    me = app.human_seat()
    assert me is not None
    chooser = make_agent(AGENT)
    made = 0
    while not app.game.is_over and made < max_actions:
        assert app.game.to_act == me, "after a click it must be the person's turn again"
        before = app.game.state.actions
        action = chooser.decide(app.game.view(me)).action
        click_action(app, action)
        assert app.game.state.actions > before, f"{action} was not made: {app.message.value}"
        assert app.game.actions[before] == action, "the clicks made another action"
        made += 1
    return made


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_game_against_the_computer_by_clicking(seed: int) -> None:
    app = App(seed=seed, agent=AGENT)
    assert app.agent_note == "" or AGENT == "random"
    made = play_out(app)
    g = app.game
    assert g.is_over and made > 0
    # Both players moved, and the log narrates every action.
    assert {e.player for e in g.events} == {0, 1}
    assert app.log.value.count("<li") == min(len(g.events), 14)
    # Game over: every card face up, the result in the banner (said once), the seed in the
    # Seed box's grey hint (not in the headline: the walk-through's 19-digit number).
    assert all(b.card is not None for b in app.top.visible_buttons())
    assert str(g.seed) in app.seed_box.placeholder and str(g.seed) not in app.status.value
    assert ("You win" in app.end.text.value) == (g.winner == 0)
    assert app.bar.visible_kinds() == []


def test_the_first_screen_offers_the_mulligan_only() -> None:
    app = App(seed=5, agent=AGENT)
    assert app.game.phase is Phase.MULLIGAN and app.game.to_act == 0
    assert app.bar.visible_kinds() == ["mulligan", "concede"]
    assert app.top.count == 16 and {b.description for b in app.top.visible_buttons()} == {" "}
    faces = [b.card for b in app.bottom.visible_buttons()]
    assert faces == sorted(app.game.view(0).hand)  # sorted by value, all face up
    assert "Your turn" in app.status.value and "mulligan" in app.prompt.value


def test_selecting_raises_the_card_and_a_second_click_lowers_it() -> None:
    app = App(seed=5, agent=AGENT)
    b = app.bottom.visible_buttons()[4]
    b.click()
    assert "wpp-selected" in b._dom_classes and b.card in app.selected
    b.click()
    assert "wpp-selected" not in b._dom_classes and not app.selected


def lead_position(seed: int = 0) -> App:
    """An app where the person (P1) leads the first trick."""
    for s in range(seed, seed + 200):
        app = App(seed=s, agent=AGENT)
        hand = sorted(app.game.view(0).hand)
        click_action(app, Mulligan(hand[-3:]))
        if app.game.to_act == 0 and app.game.phase is Phase.LEAD:
            return app
    raise AssertionError("no deal where P1 leads")


def test_a_refused_play_shows_the_engines_reason_and_changes_nothing() -> None:
    app = lead_position()
    state = app.game.state
    hand = sorted(app.game.view(0).hand)
    # Two cards of different ranks are no play (R4).
    a, b = next((x, y) for x in hand for y in hand if x.rank != y.rank)
    app.bottom.button_for(a).click()
    app.bottom.button_for(b).click()
    assert "two cards must be a pair" in app.selection_info.value  # told before playing
    app.bar.buttons["play"].click()
    assert app.game.state == state
    assert "Refused" in app.message.value and "two cards must be a pair" in app.message.value
    assert "R4" not in app.message.value   # the rule in words; its number in Rules & keys
    # Nothing selected: refused too, with its reason.
    app.keypad.press("clear")
    app.bar.buttons["play"].click()
    assert "no cards selected" in app.message.value and app.game.state == state


def test_a_play_that_does_not_beat_the_table_is_refused_with_the_rule() -> None:
    app = lead_position()
    me = app.human_seat()
    # Lead our highest single so the computer answers; then find a low card to try.
    while not app.game.is_over:
        view = app.game.view(me)
        if view.phase is Phase.ANSWER and view.table is not None and view.table.mode.label == (
                "single"):
            refused = [(c, why_not([c], view.table)) for c in view.hand]
            refused = [(c, why) for c, why in refused if why is not None]
            if refused:
                card, why = refused[0]
                state = app.game.state
                click_action(app, PlayCards([card]))
                # the engine's reason in its words, its rule's number left to Rules & keys
                assert "Refused" in text(app.message) and plain(str(why)) in text(app.message)
                assert re.search(r"\(R\d+\)", str(why)) and "(R" not in text(app.message)
                assert app.game.state == state
                return
        action = make_agent(AGENT).decide(view).action
        click_action(app, action)
    pytest.skip("no single trick to answer in this deal")


def test_undo_redo_and_replay() -> None:
    app = lead_position()
    start = app.game.state
    hand = sorted(app.game.view(0).hand)
    click_action(app, PlayCards([hand[0]]))
    assert app.game.state.actions > start.actions
    after = app.game.state
    app.menu.undo.click()       # against the computer: practice, and a forfeit — asked first
    assert app.game.state == after and "forfeit" in app.confirm_box.children[0].value
    app.confirm_yes.click()
    assert app.game.state == start and app.game.to_act == 0  # back to the person's decision
    assert "Undo was used" in app.mode_mark.value
    app.menu.redo.click()
    assert app.game.state == after
    app.keys.press("undo")          # the page's key (Shift+U)
    assert app.game.state == start
    seed = app.game.seed
    app.menu.replay.click()          # a game in progress: it asks first
    assert app.game.state == start and app.confirm_box.layout.display != "none"
    app.confirm_yes.click()
    assert app.game.seed == seed and app.game.phase is Phase.MULLIGAN
    assert not app.game.can_undo and app.menu.undo.disabled
    app.menu.undo.click()
    assert "nothing to undo" in app.message.value


def test_auto_mulligan_and_why_explain_the_computers_mulligan() -> None:
    app = App(seed=8, agent=AGENT, auto_mulligan=True)
    assert app.game.phase is not Phase.MULLIGAN  # both mulligans made at once
    assert app.game.state.mulligans[0] is not None
    assert "chose for you: mulligan" in app.message.value
    app.why_button.click()
    html = app.panel.html.value
    assert "Why the computer" in html and "Move 2" in html  # P2's mulligan is action 2
    assert "<ol" in html and "wpp-step" in html


def test_hint_selects_the_suggested_cards_and_explains() -> None:
    app = App(seed=9, agent=AGENT)
    app.hint_button.click()
    assert len(app.selected) == 3 and "Hint" in app.message.value
    assert "wpp-expl" in app.panel.html.value
    app.keypad.press("enter")  # Enter makes the mulligan the hint selected
    assert app.game.state.mulligans[0] is not None


def test_hotkeys_move_the_selection_and_play() -> None:
    app = lead_position()
    hand = sorted(app.game.view(0).hand)
    app.keypad.press("right")  # nothing selected: the first card
    assert app.selected == {hand[0]}
    app.keypad.press("right")
    assert app.selected == {hand[1]}
    app.keypad.press("left")
    assert app.selected == {hand[0]}
    # Card keys click slot classes: slot 1 is the second card.
    slot1 = next(b for b in app.bottom.visible_buttons() if "wpp-slot-1" in b._dom_classes)
    assert slot1.card == hand[1]
    app.keypad.press("clear")
    assert not app.selected
    app.keypad.press("right")
    app.keypad.press("enter")
    assert app.game.actions[-1] == PlayCards([hand[0]]) or app.game.state.actions > 2


def test_options_show_tricks_rules_and_concede_asks_twice() -> None:
    app = lead_position()
    app.menu.show_last.value = True
    assert "Last trick" in app.table.html.value
    app.menu.show_trick.value = False
    assert "This trick" not in app.table.html.value
    app.menu.rules.click()
    assert "quick reference" in app.panel.html.value
    app.menu.concede.click()
    assert not app.game.is_over and "again" in app.selection_info.value
    app.menu.concede.click()
    assert app.game.is_over and app.game.winner == 1
    assert "conceded" in app.end.text.value


def test_new_game_with_a_typed_seed_and_a_bad_seed() -> None:
    app = App(seed=1, agent=AGENT)
    app.menu.seed.value = "424242"
    app.menu.new_game.click()   # the scored deal on the page is left: a forfeit, asked first
    assert app.game.seed == 1 and "forfeit" in app.confirm_box.children[0].value
    app.confirm_yes.click()
    assert app.game.seed == 424242 and app.game.phase is Phase.MULLIGAN
    assert "chosen by its seed" in app.mode_mark.value  # a chosen deal is practice
    app.menu.seed.value = "not a number"
    app.menu.new_game.click()
    assert app.game.seed == 424242 and "whole number" in app.message.value
    app.menu.seed.value = ""
    app.menu.new_game.click()   # practice: nothing at stake, no question
    assert app.game.phase is Phase.MULLIGAN and app.game.seed != 424242


def test_computer_seat_can_change_and_the_computer_can_play_p1() -> None:
    app = App(seed=3, agent=AGENT, computer=0)
    # The computer (P1) made its mulligan; the person (P2) is asked for theirs.
    assert app.game.to_act == 1 and app.game.phase is Phase.MULLIGAN
    assert app.bottom.count == 16 and app.bottom.visible_buttons()[0].card is not None
    made = play_out(app)
    assert app.game.is_over and made > 0


def test_two_people_alternate_reveal_hides_the_other_hand() -> None:
    app = App(seed=6, agent=AGENT, computer=None, alternate=True)
    # P1 to act, but nothing is face up until P1 uncovers their hand.
    assert app.reveal_button.layout.display != "none"
    shown = app.bottom.visible_buttons() + app.top.visible_buttons()
    assert all(b.description.strip() == "" for b in shown)
    assert app.bar.visible_kinds() == []
    hand = sorted(app.game.view(0).hand)
    app.bottom.visible_buttons()[0].click()
    assert not app.selected  # a face-down card cannot be selected
    app.reveal_button.click()
    assert [b.card for b in app.bottom.visible_buttons()] == hand
    assert all(b.description.strip() == "" for b in app.top.visible_buttons())  # P2's stays down
    click_action(app, Mulligan(hand[:3]))
    # P2's turn: the curtain again; P1's hand is face down now.
    assert app.game.to_act == 1 and app.reveal_button.layout.display != "none"
    assert all(b.card is None for b in app.bottom.visible_buttons())
    assert app.reveal_button.description == "P2: show my hand"
    app.reveal_button.click()
    assert [b.card for b in app.top.visible_buttons()] == sorted(app.game.view(1).hand)
    click_action(app, Mulligan(sorted(app.game.view(1).hand)[:3]))
    assert app.game.phase is Phase.LEAD


def test_two_people_without_alternate_reveal_see_both_hands() -> None:
    app = App(seed=6, agent=AGENT)
    app.menu.seats.dropdowns[1].value = "person"
    assert app.computer is None
    assert [b.card for b in app.top.visible_buttons()] == sorted(app.game.view(1).hand)
    assert app.why_button.layout.display == "none"


def test_pass_is_offered_only_when_legal() -> None:
    app = lead_position()
    assert "pass" in app.bar.visible_kinds()
    n = app.game.state.actions
    app.bar.buttons["pass"].click()
    assert app.game.actions[n] == Pass()


def test_the_computer_waits_when_a_loop_runs() -> None:
    # Without a running event loop the computer moves at once even with a delay.
    app = App(seed=2, agent=AGENT, ai_delay=0.5)
    click_action(app, Mulligan(sorted(app.game.view(0).hand)[:3]))
    assert app.game.state.mulligans[1] is not None


def test_a_hidden_seed_and_a_refusal_for_the_computers_turn() -> None:
    app = App(agent=AGENT)
    assert app.menu.seed.value == ""  # a random seed is not shown while the game runs
    assert str(app.game.seed) not in app.status.value
    app.game.apply(Mulligan(sorted(app.game.view(0).hand)[:3]))  # behind the app's back:
    app._on_action("mulligan")                                    # now it is P2's turn
    assert "computer's turn" in text(app.message)


def test_parse_cards_in_tests_is_the_engines() -> None:
    assert parse_cards("7S")[0].ascii == "7S"


def test_new_game_during_a_game_asks_and_cancel_keeps_it() -> None:
    app = App(seed=21, agent=AGENT)
    hand = sorted(app.game.view(0).hand)
    click_action(app, Mulligan(hand[:3]))
    state = app.game.state
    app.menu.new_game.click()
    assert app.game.state == state and app.confirm_box.layout.display != "none"
    app.confirm_no.click()
    assert app.game.state == state and app.confirm_box.layout.display == "none"
    app.menu.new_game.click()
    app.confirm_yes.click()
    assert app.game.state.actions == 0 and app.game.phase is Phase.MULLIGAN


def test_a_refusal_clears_when_it_no_longer_applies() -> None:
    app = App(seed=21, agent=AGENT)
    hand = sorted(app.game.view(0).hand)
    for c in hand[:2]:
        app.bottom.button_for(c).click()
    app.bar.buttons["mulligan"].click()
    assert "Refused" in app.message.value
    app.bottom.button_for(hand[2]).click()          # a new selection: the refusal is stale
    assert app.message.value == ""
    app.bar.buttons["mulligan"].click()
    assert app.game.state.mulligans[0] == tuple(hand[:3]) and app.message.value == ""


def test_a_seat_change_mid_game_asks_and_makes_it_practice() -> None:
    app = App(seed=22, agent=AGENT)
    click_action(app, Mulligan(sorted(app.game.view(0).hand)[:3]))
    assert all(b.card is None for b in app.top.visible_buttons())
    app.menu.seats.dropdowns[1].value = "person"
    assert app.computer == 1 and app.confirm_box.layout.display != "none"
    app.confirm_no.click()
    assert app.computer == 1 and app.menu.seats.choice(1) != "person" and not app.practice
    app.menu.seats.dropdowns[1].value = "person"
    app.confirm_yes.click()
    assert app.computer is None and app.practice
    assert "PRACTICE" in app.mode_mark.value
    assert [b.card for b in app.top.visible_buttons()] == sorted(app.game.view(1).hand)


def test_practice_shows_the_computers_hand_and_full_reasons() -> None:
    app = App(seed=23, agent=AGENT, practice=True)
    assert "PRACTICE" in app.mode_mark.value
    assert [b.card for b in app.top.visible_buttons()] == sorted(app.game.view(1).hand)
    click_action(app, Mulligan(sorted(app.game.view(0).hand)[:3]))
    app.why_button.click()
    assert "wpp-expl" in app.panel.html.value and "public terms" not in app.panel.html.value


def test_hint_asks_the_chosen_ai() -> None:
    app = App(seed=24, agent=AGENT)
    assert "random" in app.menu.hint_agent._options_values     # ids stay the values
    app.menu.hint_agent.value = "random"
    app.hint_button.click()
    shown = dict(zip(app.menu.hint_agent._options_values, app.menu.hint_agent._options_labels,
                     strict=True))["random"]                   # the page's words for it
    assert shown != "random" and f"from {shown.split(' — ')[0]}" in app.panel.html.value


def test_hint_from_the_search_ai_searches_the_mulligan() -> None:
    app = App(seed=2, agent=AGENT)
    app.menu.hint_agent.value = "search"
    app.hint_button.click()
    suggested = make_agent("search", seed=0).choose(app.game.view(0))
    assert isinstance(suggested, Mulligan) and app.selected == set(suggested.cards)
    panel = html.unescape(app.panel.html.value)
    assert "Tries each move in practice games" in panel
    assert "practice games played out to the end" in panel
    app.keypad.press("enter")
    assert app.game.state.mulligans[0] == suggested.cards


def test_the_computers_play_and_a_drawn_card_are_highlighted() -> None:
    fresh = drawn = False
    for seed in range(40):
        app = App(seed=seed, agent=AGENT)
        for _ in range(80):
            g = app.game
            if g.is_over:
                break
            view = g.view(0)
            last = g.events[-1] if g.events else None
            if last is not None and last.player == 1 and view.table is not None:
                assert "wpp-fresh" in app.table.html.value
                fresh = True
            elif view.table is not None and last is not None and last.player == 0:
                assert "wpp-fresh" not in app.table.html.value
            if view.phase is Phase.DRAWING:
                marked = {b.card for b in app.bottom.visible_buttons()
                          if "wpp-new" in b._dom_classes}
                assert marked == set(view.drawn) and marked
                drawn = True
            play_out(app, max_actions=1)
        if fresh and drawn:
            return
    raise AssertionError(f"not seen: fresh play {fresh}, drawn card {drawn}")


def test_conceding_at_the_mulligan_leaves_no_fresh_trick_on_the_table() -> None:
    app = App(seed=25, agent=AGENT)
    app.menu.concede.click()
    app.menu.concede.click()
    assert app.game.is_over
    assert "The game is over" in app.table.html.value
    assert "Fresh trick" not in app.table.html.value
    assert "The computer wins" in app.banner_text.value and app.banner.layout.display == "flex"
    assert "Session: you won 0 of 1 · the computer won 1" in app.banner_text.value
