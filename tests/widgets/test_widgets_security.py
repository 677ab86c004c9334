"""Hidden information stays in the kernel, and a page that cheats gets nowhere.

Two kinds of test:

* **Leaks**: during whole games against the computer (the person also asking "Why?" and
  "Hint" at every turn), the synced state of every widget of the app, and every message the
  widgets send, is searched for the computer's unseen cards and the deck in every text form.
* **Tampering**: messages are fed to the widgets exactly as the page would send them
  (``update`` of any trait, a ``click`` on any button, hidden or disabled); none makes an
  illegal move, and none changes the game except through the engine.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest

from widgets.games.warpairs.app import App
from widgets.parts.card_button import BACK_TIP
from widgets.testing import click_action, leaks, secret_cards, synced_states
from wpp.warpairs import make_agent
from wpp.warpairs.actions import Mulligan
from wpp.warpairs.phases import Phase

try:
    make_agent("classic")
    AGENT = "classic"
except ImportError:  # pragma: no cover - until the classic AI lands
    AGENT = "random"


@pytest.fixture()
def sent() -> Iterator[list[str]]:
    """Every message the widgets send to the page, as JSON text."""
    messages: list[str] = []
    original = w.Widget._send

    def record(self: w.Widget, msg: dict[str, Any], buffers: Any = None) -> None:
        messages.append(json.dumps(msg, ensure_ascii=False, default=str))
        original(self, msg, buffers)

    w.Widget._send = record
    try:
        yield messages
    finally:
        w.Widget._send = original


def from_page_update(widget: w.Widget, **state: Any) -> None:
    """What the kernel does with an ``update`` message from the page."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})


def from_page_click(widget: w.Widget) -> None:
    """What the kernel does with a click message from the page (for any button at all)."""
    widget._handle_msg({"content": {"data": {"method": "custom",
                                             "content": {"event": "click"}}}, "buffers": []})


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_no_unseen_card_reaches_the_page_during_a_game(seed: int, sent: list[str]) -> None:
    app = App(seed=seed, agent=AGENT)
    me = 0
    chooser = make_agent(AGENT)
    steps = 0
    while not app.game.is_over:
        secret = secret_cards(app.game, 1)
        assert secret, "the computer always has unseen cards while the game runs"
        # Open every panel: the state and the messages must still hide the secret cards.
        app.why_button.click()
        state = synced_states(app)
        assert leaks(state, secret) == [], f"step {steps}: the page state names secret cards"
        app.why_button.click()
        app.hint_button.click()
        state = synced_states(app)
        assert leaks(state, secret) == [], f"step {steps}: the hint names secret cards"
        assert leaks("\n".join(sent), secret) == [], f"step {steps}: a message named them"
        sent.clear()
        click_action(app, chooser.decide(app.game.view(me)).action)
        steps += 1
        if not app.game.is_over:
            # The messages of this step carried its new public facts only.
            assert leaks("\n".join(sent), secret_cards(app.game, 1)) == []
    # Once the game is over all is shown — and the search finds the computer's cards, so it
    # could have found them earlier.
    final = app.game.state.hands[1]
    if final:
        assert leaks(synced_states(app), final)


def test_the_leak_search_finds_every_form() -> None:
    from wpp.core.standard_deck import parse_cards

    cards = parse_cards("10H 7S")
    assert leaks('{"a": "7♠"}', cards) == ["7♠"]
    assert leaks("<b>7S</b> TH", cards) == ["TH", "7S"] or sorted(leaks("<b>7S</b> TH", cards)) \
        == ["7S", "TH"]
    assert leaks("17S 7SX 10♦", cards) == []


def test_a_face_down_card_tells_nothing_even_when_the_page_renames_it() -> None:
    app = App(seed=21, agent=AGENT)
    back = app.top.visible_buttons()[0]
    assert back.card is None and back.description == " " and back.tooltip == BACK_TIP
    assert back._dom_classes == ("wpp-card", "wpp-back")
    state = app.game.state
    from_page_update(back, description="A\n♠", disabled=False)
    from_page_click(back)
    assert app.game.state == state and not app.selected
    # The next redraw puts the truth back.
    app.refresh()
    assert back.description == " "


def test_renaming_a_card_button_selects_the_card_it_really_shows() -> None:
    app = App(seed=22, agent=AGENT)
    b = app.bottom.visible_buttons()[0]
    real = b.card
    secret = sorted(secret_cards(app.game, 1))[0]
    from_page_update(b, description=f"{secret.rank.symbol}\n{secret.suit.symbol}",
                     tooltip=str(secret))
    from_page_click(b)
    assert app.selected == {real} and secret not in app.selected


def test_faking_selected_classes_selects_nothing() -> None:
    app = App(seed=23, agent=AGENT)
    state = app.game.state
    for b in app.bottom.visible_buttons()[:3]:
        from_page_update(b, _dom_classes=[*b._dom_classes, "wpp-selected"])
    from_page_click(app.bar.buttons["mulligan"])
    assert app.game.state == state
    assert "exactly 3 cards, not 0" in app.message.value


def test_hidden_and_disabled_buttons_only_ask_the_engine() -> None:
    app = App(seed=24, agent=AGENT)
    state = app.game.state
    # During the mulligan nothing but the mulligan is legal: every other button is refused.
    for kind in ("play", "draw", "more", "stop", "redraw", "pass"):
        b = app.bar.buttons[kind]
        assert b.layout.display == "none"
        from_page_update(b.layout, display=None)
        from_page_click(b)
        assert app.game.state == state, kind
        assert "Refused" in app.message.value, kind
    # Get to a trick: the pile is not clickable while leading; forcing it changes nothing.
    click_action(app, Mulligan(sorted(app.game.view(0).hand)[-3:]))
    while app.game.phase is not Phase.LEAD or app.game.to_act != 0:
        if app.game.is_over:
            pytest.skip("the game ended before P1 led")
        click_action(app, make_agent(AGENT).decide(app.game.view(0)).action)
    state = app.game.state
    pile_button = app.pile.buttons[0]
    assert pile_button.disabled
    from_page_update(pile_button, disabled=False)
    from_page_click(pile_button)
    # each refusal says its rule in words (the rule's number is the engine's, not the page's)
    assert app.game.state == state and "instead of beating the table" in app.message.value
    from_page_click(app.bar.buttons["draw"])
    assert app.game.state == state and "may not draw" in app.message.value
    from_page_click(app.bar.buttons["stop"])
    assert app.game.state == state and "nothing has been drawn" in app.message.value


def test_menu_values_from_the_page_are_checked() -> None:
    app = App(seed=25, agent=AGENT)
    seat = app.menu.seats.dropdowns[1]
    before = seat.index
    from_page_update(seat, index=99)  # out of range: refused (and logged) by the kernel's
    assert app.computer == 1 and seat.index == before  # trait validation
    from_page_update(app.menu.seed, value="<script>alert(1)</script>")
    from_page_click(app.menu.new_game)
    assert "<script>" not in app.message.value and "&lt;script&gt;" in app.message.value
    assert app.game.seed == 25


def test_unknown_keys_and_actions_do_nothing() -> None:
    app = App(seed=26, agent=AGENT)
    state = app.game.state
    app._on_action("teleport")
    app.board.input.on_key("nothing")
    assert app.game.state == state
