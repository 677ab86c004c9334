"""Helpers for tests that drive the app as a person would: by clicking its widgets.

:func:`click_action` turns an engine action into the clicks that make it (card buttons, then
an action button; a pile card; …), so a test can let an agent choose and the *widgets* carry
the move out. :func:`synced_states` collects every synced trait of the app's widget tree, the
state a page could read, and :func:`secret_cards` / :func:`leaks` say which of the computer's
cards must not appear in it.

>>> from widgets.app import App
>>> app = App(seed=4, agent="random")
>>> hand = sorted(app.game.view(0).hand)
>>> click_action(app, Mulligan(hand[:3]))
>>> app.game.state.mulligans[0] == tuple(hand[:3])
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as w

from widgets.action_bar import button_kind
from widgets.app import App
from wpp.actions import Action, Mulligan, PlayCards, TakeFromPile
from wpp.cards import Card
from wpp.game import Game

__all__ = ["card_forms", "click_action", "leaks", "secret_cards", "synced_states", "walk"]


def click_action(app: App, action: Action) -> None:
    """Make ``action`` for the player to act by clicking the app's widgets."""
    if isinstance(action, TakeFromPile):
        for button in app.pile.buttons:
            if button.card == action.card:
                button.click()
                return
        raise AssertionError(f"{action.card} is not in the pile")
    if isinstance(action, Mulligan | PlayCards):
        hand = app.hand_view(app.game.to_act)
        for c in sorted(app.selected):          # start from an empty selection
            b = hand.button_for(c)
            assert b is not None, f"{c} is selected but not shown"
            b.click()
        for c in action.cards:
            b = hand.button_for(c)
            assert b is not None, f"{c} is not a button of the acting hand"
            b.click()
    kind = button_kind(action, app.game.phase)
    if kind is None:  # pragma: no cover
        raise AssertionError(f"no clicks for {action!r}")
    app.bar.buttons[kind].click()
    if kind == "concede":
        app.bar.buttons[kind].click()   # it asks again


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    """``widget`` and every widget it holds (children, layout, style…), each once."""
    seen: set[str] = set()
    stack = [widget]
    while stack:
        x = stack.pop()
        if x.model_id in seen:
            continue
        seen.add(x.model_id)
        yield x
        for name in x.keys:
            value = getattr(x, name, None)
            items = value if isinstance(value, list | tuple) else (value,)
            stack.extend(v for v in items if isinstance(v, w.Widget))


def synced_states(app: App) -> str:
    """Every synced trait of every widget of the app, as one JSON text (what a page sees)."""
    states: dict[str, Any] = {x.model_id: x.get_state() for x in walk(app.root)}
    return json.dumps(states, ensure_ascii=False, default=str)


def secret_cards(game: Game, computer: int) -> frozenset[Card]:
    """The computer's cards and the deck, less every card that has been shown (played, in
    the pile, taken from it): what a person playing against the computer may not learn."""
    s = game.state
    shown = {c for e in game.events for c in e.cards}
    return frozenset((set(s.hands[computer]) | set(s.deck)) - shown)


def card_forms(card: Card, *, ascii: bool = True) -> list[str]:
    """The text forms a card could take in a page: ``7♠``, a button's ``7\\n♠`` (also as
    JSON writes it), and with ``ascii`` ``7S`` (``TS`` for a ten)."""
    r, s = card.rank.symbol, card.suit.symbol
    forms = [str(card), f"{r}\n{s}", f"{r}\\n{s}"]
    if ascii:
        forms.append(card.ascii)
        if card.rank == 10:
            forms.append("T" + card.suit.letter)
    return forms


def leaks(text: str, cards: Iterable[Card], *, ascii: bool = True) -> list[str]:
    """The forms of ``cards`` found in ``text`` (empty when none is). ASCII forms count as
    words only (``7S`` but not ``17S``, nor ``%3C`` in a URL-encoded picture); ``ascii=False``
    skips them, for text that is not ours (a page's scripts and licences say "AS IS")."""
    found = []
    for c in cards:
        for f in card_forms(c, ascii=ascii):
            if f in text if not f.isascii() else re.search(
                    rf"(?<![A-Za-z0-9%]){re.escape(f)}(?![A-Za-z0-9])", text):
                found.append(f)
    return found
