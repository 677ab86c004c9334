"""Helpers for tests that drive the app as a person would: by clicking its widgets.

:func:`click_action` turns an engine action into the clicks that make it (card buttons, then
an action button; a pile card; …), so a test can let an agent choose and the *widgets* carry
the move out. :func:`synced_states` collects every synced trait of the app's widget tree, the
state a page could read, and :func:`secret_cards` / :func:`leaks` say which of the computer's
cards must not appear in it. :func:`twin_game` makes the game's twin for the hidden-information
property (every card a viewer never saw re-dealt), and :func:`page_tree` is the whole page's
widget state without model ids, so two apps compare equal when a page could not tell them
apart.

:func:`every_game` is how a shared suite (boards, pages, rooms, the ladder's order, the
browser) takes its games: every registered game, so a new game is tested by it on arrival; a
game for which one of the :data:`CHECKS` does not apply declares it in its registration's
``NOT_APPLICABLE`` (check name → reason) and the suite shows it skipped with that reason.
No shared suite lists the games by hand (``tests/core/test_suites_cover_every_game.py``).

>>> from widgets.games.warpairs.app import App
>>> app = App(seed=4, agent="random")
>>> hand = sorted(app.game.view(0).hand)
>>> click_action(app, Mulligan(hand[:3]))
>>> app.game.state.mulligans[0] == tuple(hand[:3])
True
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

import ipywidgets as w

from widgets.games.warpairs.action_bar import button_kind
from widgets.games.warpairs.app import App
from widgets.games.warpairs.seen import named_lowest, seen_cards
from wpp.core.registry import registered_games, registration
from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.actions import Action, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.deal import deal
from wpp.warpairs.game import Game

__all__ = [
    "CHECKS",
    "KNOWN_GAPS",
    "as_dealt",
    "card_forms",
    "click_action",
    "every_game",
    "leaks",
    "never_seen",
    "not_applicable",
    "page_tree",
    "secret_cards",
    "synced_states",
    "twin_game",
    "walk",
]


#: The checks of the shared suites that a game may declare do not apply to it (its
#: registration's ``NOT_APPLICABLE``: check name → the reason, said when the check is skipped).
CHECKS: Final[dict[str, str]] = {
    "static-site": "its page is served by the static site (the browser runs the kernel)",
    "keys-on-controls": "every key its board answers has a control on the first position's "
                        "board (or one shown only when needed: Hint's mark, a fourth card)",
    "refuses-other-views": "its board refuses another game's view with the kit's error",
    "page-walk": "a whole game on its page in Chromium with Hint and Enter, Why?, a reload, "
                 "the review and a phone check (tests/browser/test_browser_game_pages.py)",
    "waiting-words": "the board of a seat not to act shows no prompt meant for the player to "
                     "act (a room's waiting student: tests/rooms/test_room_walkthrough_fixes.py)",
}

#: Checks that apply to a game but that it fails today, each with what is wrong: the suite
#: marks them as expected failures (strict: the day the game is fixed, the suite says to
#: remove the entry). A defect found by a shared suite waits here, seen, for its fix in the
#: game's own files.
KNOWN_GAPS: Final[dict[tuple[str, str], str]] = {}


def not_applicable(game: str) -> dict[str, str]:
    """The checks that do not apply to ``game``, each with its reason: its registration's
    ``NOT_APPLICABLE``, checked (known check names, a reason each); a mistake there is an
    ``AssertionError`` naming the game."""
    declared = getattr(registration(game), "NOT_APPLICABLE", {})
    assert isinstance(declared, dict), f"{game}: NOT_APPLICABLE is a dict check → reason"
    for check, reason in declared.items():
        assert check in CHECKS, f"{game}: NOT_APPLICABLE names {check!r}, not one of {CHECKS}"
        assert isinstance(reason, str) and reason.strip(), f"{game}: {check!r} needs a reason"
    return dict(declared)


def every_game(check: str | None = None) -> list[Any]:
    """Every registered game as a ``pytest`` parameter, for a shared suite's
    ``parametrize``: the ones for which ``check`` (one of :data:`CHECKS`) does not apply are
    skipped with the game's reason, so the omission is seen, not silent."""
    import pytest

    assert check is None or check in CHECKS, f"unknown check {check!r}"
    params = []
    for game in registered_games():
        reason = not_applicable(game).get(check) if check else None
        marks = [pytest.mark.skip(reason=f"{game}: {reason}")] if reason else []
        if check and (game, check) in KNOWN_GAPS:
            marks.append(pytest.mark.xfail(strict=True,
                                           reason=f"{game}: {KNOWN_GAPS[game, check]}"))
        params.append(pytest.param(game, id=game, marks=marks))
    return params


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
    the pile, taken from it): what a person playing against the computer may not learn (the
    card that decides the first leader, R12, included: it is shown to nobody)."""
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


def page_tree(widget: w.Widget) -> Any:
    """The synced state of ``widget`` and everything it holds, as nested plain data with the
    widgets in place of their model ids: what a page receives, comparable across two apps
    (model ids are random)."""
    def value(x: Any) -> Any:
        if isinstance(x, w.Widget):
            return page_tree(x)
        if isinstance(x, list | tuple):
            return [value(v) for v in x]
        if isinstance(x, dict):
            return {k: value(v) for k, v in x.items()}
        if isinstance(x, bytes | memoryview):
            return bytes(x).hex()
        return x

    return {name: value(getattr(widget, name, None)) for name in sorted(widget.keys)
            if name not in ("comm", "_model_id")}


def never_seen(game: Game, viewer: int) -> frozenset[Card]:
    """The cards ``viewer`` has not seen at any moment of ``game`` as it stands: never in
    any of their views, never in a public event (played, pile, re-drawn…); nor, so that a twin
    game (:func:`twin_game`) keeps the first leader, the card that decides R12 (the leader's
    lowest, which nobody else is shown) or any lower card (who leads tells that none of them
    is in the other hand)."""
    seen: set[Card] = set()
    for state in game.states:
        view = state.view(viewer)
        seen.update(view.hand, view.pile, view.discards, view.drawn)
        seen.update(c for tp in view.trick for c in tp.play.cards)
        seen.update(c for tp in view.last_trick for c in tp.play.cards)
        seen.update(c for m in view.mulligans if m for c in m)
        if view.my_mulligan:
            seen.update(view.my_mulligan)
    seen |= seen_cards(game, viewer)
    named = named_lowest(game)
    if named is not None:  # kept in place: the twin's first leader stays the same
        seen.update(c for c in CARDS if c <= named)
    return frozenset(CARDS) - seen


def twin_game(game: Game, viewer: int, rng: random.Random) -> Game:
    """A second game with the same public history as ``game`` and the same views for
    ``viewer`` at every step, in which every card the viewer never saw is re-dealt.

    The engine's hidden re-deal of the final position (:meth:`History.redeal_hidden`) says
    where each hidden card goes; walking its cycles until they land on a never-seen card makes
    it a permutation of the never-seen cards only, which is applied to the deck the game was
    dealt from. The action list is replayed on the new deck with the same permutation applied
    to the one kind of action that can name a card the viewer never saw (the other player's
    mulligan, while it is secret), so it stays legal. Both games are dealt from an explicit
    deck (the seed of a deck-dealt game deals nothing).
    """
    hidden = never_seen(game, viewer)
    final = game.state
    redealt = game.redeal_hidden(viewer, rng)
    sigma: dict[Card, Card] = {}
    before, after = final.locations(), redealt.locations()
    for place, cards in before.items():
        for a, b in zip(cards, after[place], strict=True):
            sigma[a] = b
    pi: dict[Card, Card] = {}
    for c in hidden:
        d = sigma[c]
        while d not in hidden:
            d = sigma[d]
        pi[c] = d
    assert sorted(pi.values()) == sorted(hidden), "the re-deal is not a permutation"
    deck = game.deck if game.deck is not None else deal(game.seed)
    twin = Game(game.seed, game.rules, deck=[pi.get(c, c) for c in deck])
    for action in game.actions:
        if isinstance(action, Mulligan):  # a secret mulligan names cards the viewer never saw
            action = Mulligan([pi.get(c, c) for c in action.cards])
        twin.apply(action)
    return twin


def as_dealt(game: Game) -> Game:
    """``game`` dealt from its explicit deck (the same cards, the same actions), so that it
    and its :func:`twin_game` are saved and opened alike."""
    copy = Game(game.seed, game.rules, deck=game.deck if game.deck is not None
                else deal(game.seed))
    for action in game.actions:
        copy.apply(action)
    return copy
