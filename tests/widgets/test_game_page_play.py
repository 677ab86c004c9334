"""The shared game page on each game's own board (WarPairsPoker, 5-card draw, Pairs, OFC,
Pokeros), as a player walk-through found it (issue 38): leaving a review for a new game,
Hint then Enter, keys that cannot act now, the OFC review's cards, the opponents in words.

Keys are pressed as the page's key script presses them (:func:`press_key`): the element with
the key's class (one inside the active part first), clicked when it can act — not disabled,
and shown unless it is a key pad's hidden button — else the page's "why not" button."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest

from widgets.page.game_page import GamePage
from widgets.page.keys import PAGE_KEYS
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.explain import Explanation
from wpp.core.registry import game_def, match_rule
from wpp.core.review import ReviewRow

#: The opponent of these pages: every game's random player (the registry gives each game one).
QUICK = "random"


def page_of(name: str, seed: int) -> GamePage[Any]:
    players = game_def(name).default_players
    return GamePage.for_game(name, board=board_for(name), players=players, seed=seed,
                             seats={s: QUICK for s in range(1, players)})


def in_dom_order(root: w.Widget) -> Iterator[tuple[w.Widget, bool, bool]]:
    """Each widget under ``root`` in document order, with whether it is inside an element of
    class ``wpp-active`` and whether it is shown (no ``display: none`` on it or above)."""
    def visit(x: w.Widget, active: bool, shown: bool) -> Iterator[tuple[w.Widget, bool, bool]]:
        classes = getattr(x, "_dom_classes", ())
        layout = getattr(x, "layout", None)
        shown = shown and getattr(layout, "display", None) != "none"
        yield x, active, shown
        for child in getattr(x, "children", ()):
            yield from visit(child, active or "wpp-active" in classes, shown)
    yield from visit(root, False, True)


def press_key(page: GamePage[Any], key: str) -> str:
    """Press ``key`` as the key script does; returns ``"clicked"``, ``"blocked"`` (the page's
    "why not" button clicked) or ``"nothing"``."""
    keys = (*page.page_keys(), *PAGE_KEYS)   # the board's, Enter the banner's after a game
    table = {k.key: k.css_class for k in keys}
    blocked = {k.key: f"wpp-nokey-{i}" for i, k in enumerate(keys)}
    listed = json.dumps(blocked) in page.keys.map.value.replace("&quot;", '"')
    found = [(x, active, shown) for x, active, shown in in_dom_order(page.root)
             if table[key] in getattr(x, "_dom_classes", ())]
    found.sort(key=lambda f: not f[1])  # stable: the active part's first
    if found:
        el, _active, shown = found[0]
        in_keypad = any(el in getattr(box, "children", ()) and "wpp-keypad" in
                        getattr(box, "_dom_classes", ()) for box, _a, _s in
                        in_dom_order(page.root))
        if not getattr(el, "disabled", False) and (shown or in_keypad):
            el.click()
            return "clicked"
    if not listed:  # a page with no "why not" buttons: the key does nothing
        return "nothing"
    (why,) = [x for x, _a, _s in in_dom_order(page.root)
              if blocked[key] in getattr(x, "_dom_classes", ())]
    why.click()
    return "blocked"


def play_randomly(page: GamePage[Any], rng: random.Random, moves: int) -> None:
    """The person plays ``moves`` random legal moves (the computer answers at once)."""
    for _ in range(moves):
        if page.history.is_over or page.session.human_to_act is None:
            return
        page.request(rng.choice(page.history.legal_actions()))


def play_out(page: GamePage[Any], rng: random.Random) -> None:
    play_randomly(page, rng, 1000)
    assert page.history.is_over


class Draws:
    """The board's draws from now on (what a person would see last)."""

    def __init__(self, board: Any) -> None:
        self.calls: list[dict[str, Any]] = []
        real = board.draw

        def draw(view: Any, **kw: Any) -> None:
            self.calls.append({"view": view, **kw})
            real(view, **kw)
        board.draw = draw


def a_review_row(page: GamePage[Any]) -> ReviewRow:
    """A row as "Review with the computer" lists it: the person's first decision."""
    h = page.history
    k = next(i for i, e in enumerate(h.events) if e.player == 0)
    a = h.actions[k]
    return ReviewRow(k, a, a, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, "best", 1,
                     Explanation(title="the review's reasons", steps=()))


# ---------------------------------------------------------------------------- defect 1
@pytest.mark.parametrize("leave", ["new", "replay", "open"])
@pytest.mark.parametrize("name", every_game())
def test_a_new_game_after_a_review_row_draws_the_new_board_live(name: str, leave: str) -> None:
    """A review row drew the old position read-only and kept the side panel as "review-row",
    which the page never redraws over: New game, Replay or an opened file left that board on
    the page with no usable control (WarPairsPoker: the old computer hand face up)."""
    page = page_of(name, seed=21)
    play_out(page, random.Random(21))
    saved = page.history.to_json()
    page.show_review()  # the step review first, as a person might
    page.computer_review.on_row(a_review_row(page))
    assert page.side.open == "review-row"
    assert page.side.review_nav.layout.display == "none"  # its ◀ ▶ do nothing on a row
    draws = Draws(page.board)
    if leave == "new":
        page.new_button.click()
    elif leave == "replay":
        page.replay_button.click()
    else:
        page.open_saved(saved.replace('"actions": [', '"actions": [', 1))
    h = page.history
    assert page.side.open != "review-row" and page.reviewing is None
    assert draws.calls, "the new game's board was never drawn"
    last = draws.calls[-1]
    viewer = page.viewer()
    assert last["view"] == h.view(viewer)
    if leave != "open":
        assert not h.is_over and page.session.human_to_act is not None
        assert last["active"] and list(last["legal"]) == list(h.view(viewer).legal_actions())
        if leave == "new":
            assert last["others"] is None, "open hands drawn in a new game against the computer"
        else:  # a replayed deal is known: practice, every hand shown (issue 34)
            assert page.practice
        # and the person can play on it
        page.request(h.legal_actions()[0])
        assert len(page.history.actions) >= 1


# ---------------------------------------------------------------------------- defect 2
#: Hint's AI in these tests: every game's random player, quick for every game (a Hint of any
#: kind of move: draw, take, stop, pass, place…).
HINT_AI = "random"


@pytest.mark.parametrize("name", every_game())
def test_hint_then_enter_plays_exactly_the_hinted_move(name: str) -> None:
    """WarPairsPoker's Hint to draw, take a pile card, stop or pass selected no card, and
    Enter then sent an empty play ("Refused: no cards selected"). On every game, at every
    decision of several games, Hint then the Enter key plays the move Hint named."""
    checked = 0
    for seed in range(40):
        if checked >= 40:
            break
        page = page_of(name, seed=100 + seed)
        page.hints.dropdown.value = HINT_AI
        hinted: list[Any] = []
        decide = page.session.decide_for

        def spy(seat: int, agent: Any, decide: Any = decide, hinted: Any = hinted) -> Any:
            decision = decide(seat, agent)
            hinted.append(decision.action)
            return decision
        page.session.decide_for = spy  # type: ignore[method-assign]
        while not page.history.is_over:
            before = len(page.history.actions)
            page.show_hint()
            assert "selected for you" in page.notes.html.value, page.notes.html.value
            assert press_key(page, "Enter") == "clicked"
            assert "Refused" not in page.notes.html.value, page.notes.html.value
            assert page.history.actions[before] == hinted[-1], (before, hinted[-1])
            checked += 1
    assert checked >= 12


def _changed(page: GamePage[Any], key: str) -> tuple[bool, str]:
    """Press ``key``: did anything on the page change other than the message line, and what
    does the message line say?"""
    page.notes.say("")
    page.notes.render()
    def states() -> list[Any]:  # a widget's own state and its layout's (what shows it)
        return [(x.get_state(), getattr(getattr(x, "layout", None), "display", None))
                for x, _a, _s in in_dom_order(page.root) if x is not page.notes.html]

    before = states()
    press_key(page, key)
    after = states()
    return before != after, page.notes.html.value


@pytest.mark.parametrize("name", every_game())
def test_every_listed_key_acts_or_says_why_not(name: str) -> None:
    """OFC's Enter with cards still to place (a disabled Place), Pokeros' Enter with no cell
    chosen, draw's Enter with no card raised: the key script skipped a disabled control and
    nothing happened, nothing was said. Now every key the page lists either changes the page
    or puts a short note in the message line — in positions along a game and after it."""
    rng = random.Random(5)
    page = page_of(name, seed=8)
    keys = [k.key for k in (*page.board.keys(), *PAGE_KEYS) if k.key != "N"]
    positions = 0
    while positions < 6:
        for key in rng.sample(keys, min(len(keys), 12)):
            saved = page.history.to_json()
            changed, said = _changed(page, key)
            assert changed or said, f"{name}: key {key!r} did nothing and said nothing"
            if page.confirm.box.layout.display != "none":
                page.confirm.cancel()  # the key asked first (e.g. Undo in a scored game)
                page.refresh()
                break
            if page.history.to_json() != saved:
                break  # the key played: a new position
        positions += 1
        if page.history.is_over:
            break
        play_randomly(page, rng, 1)
    if not page.history.is_over:
        play_out(page, rng)
    for key in keys:  # after the game, every board key says the game is over
        changed, said = _changed(page, key)
        assert changed or said, f"{name}: key {key!r} after the game did nothing, said nothing"


@pytest.mark.parametrize("name", every_game())
def test_at_a_games_end_enter_deals_the_next(name: str) -> None:
    """The walk-through: a hand of draw was "one click and over", and after it Enter only
    said the game was over. At a game's end Enter is the banner's first button — "Next
    hand" (or "Next game") while the match goes on — and deals the next game."""
    page = page_of(name, seed=3)
    play_out(page, random.Random(3))
    assert page.end.buttons["new"].description == f"Next {match_rule(name).unit}"
    played = page.history.actions
    assert press_key(page, "Enter") == "clicked"
    assert not page.history.is_over and page.history.actions != played
    assert page.match.played == 1 and page.end.box.layout.display == "none"


# ---------------------------------------------------------------------------- part 4
def test_the_ofc_review_shows_the_cards_being_placed_at_that_move() -> None:
    """A review row draws the board before the person's placement: the cards they had to
    place then are shown (read-only) beside the rows — they were not drawn at all."""
    page = page_of("ofc", seed=4)
    play_out(page, random.Random(4))
    h = page.history
    for k in [i for i, e in enumerate(h.events) if e.player == 0][:3]:
        row = ReviewRow(k, h.actions[k], h.actions[k], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                        "best", 1, Explanation(title="reasons", steps=()))
        page.computer_review.on_row(row)
        to_place = h.game.view(h.states[k], 0).to_place
        assert to_place
        shown = [b.card for b in page.board.cards if b.layout.display != "none"]
        assert shown == list(to_place)
        assert all(b.disabled for b in page.board.cards if b.layout.display != "none")
        assert "to place at this move" in page.board.note.value
        assert page.board.place.disabled


@pytest.mark.parametrize("name", every_game())
def test_opponents_are_named_in_words_true_to_their_ratings(name: str) -> None:
    """The opponent list said "Casual — about −240 against the classic AI": jargon and a
    rating. Each level now has words ("plays like a beginner") that never rank a weaker
    measured level above a stronger one, and its rating one choice away (the seat's details
    line and the chooser's tooltip)."""
    from widgets.page.seats import level_words
    from wpp.core.ladder import ladder

    levels = ladder(name)
    scale = ["plays like someone who has just learnt the rules", "plays like a beginner",
             "a casual player who makes slips", "a fair club player",
             "plays carefully (the reference)",
             "a bit stronger than the club player", "a strong player"]
    rated = sorted((lv for lv in levels if lv.rating is not None), key=lambda lv: lv.rating or 0)
    ranks = [scale.index(level_words(levels, lv)) for lv in rated]
    assert ranks == sorted(ranks), [(lv.key, level_words(levels, lv)) for lv in rated]
    page = page_of(name, seed=1)
    labels = [label for label, _ in page.chooser.dropdowns[1].options]
    assert not any("against the" in label or "about −" in label for label in labels)
    for lv in levels:
        if lv.is_reference or lv.rating is None:
            continue
        page.chooser.dropdowns[1].value = f"level:{lv.key}"
        details = page.chooser.details[1].value
        figure = int(round(lv.rating / 10) * 10)
        assert f"about {'+' if figure > 0 else '−'}{abs(figure)} against the" in details
        assert "games in 10" in details or "game in" in details or "under 1 game" in details
        assert "against the" in page.chooser.dropdowns[1].tooltip
        if page.confirm.box.layout.display != "none":
            page.confirm.no.click()


#: What some games' pages say to Enter with nothing chosen, word for word (per-game: each
#: game's own words; every registered game is checked to say why, below).
SAID = {"ofc": "Enter: 5 cards still to place",
        "draw": "Enter: raise the cards to throw away first",
        "pokeros": "Enter: choose a card of your stash first",
        "pairs": "Enter: no move is marked"}


@pytest.mark.parametrize("name", every_game())
def test_enter_with_nothing_chosen_says_why(name: str) -> None:
    """The walk-through's case: Enter before choosing. It did nothing and said nothing. Every
    game's page says why (its "why not" button, or its engine's refusal: WarPairsPoker's
    empty mulligan) and makes no move."""
    page = page_of(name, seed=2)
    before = len(page.history.actions)
    quiet = page.notes.html.value
    assert press_key(page, "Enter") in ("blocked", "clicked")
    said = page.notes.html.value
    assert said.strip() and said != quiet, said
    assert SAID.get(name, "") in said, said
    assert len(page.history.actions) == before


def test_seats_played_alike_say_so_once() -> None:
    """Players' walk-through (issue 38): Pairs with four players printed the same paragraph
    about its AI under P2, P3 and P4. A seat played like an earlier one now says which; a
    seat changed to another opponent shows its own details, and the next seat follows."""
    from widgets.page.list_board import ListBoard
    from wpp.core.registry import game_def, registered_games

    game = next(g for g in registered_games() if game_def(g).max_players >= 4)
    page = GamePage.for_game(game, board=ListBoard(game), players=4, seed=1)
    details = page.chooser.details
    first = details[1].value
    assert first and "the same as" not in first
    assert details[2].value == details[3].value and "the same as seat 2" in details[2].value
    other = next(v for _label, v in page.chooser.dropdowns[2].options
                 if v not in ("person", page.chooser.choice(1)))
    page.chooser.dropdowns[2].value = other
    assert "the same as" not in details[2].value and details[2].value != first
    assert "the same as seat 2" in details[3].value          # P4 still plays like P2


@pytest.mark.parametrize("name", every_game())
def test_question_mark_opens_rules_and_keys_and_is_listed_there(name: str) -> None:
    """"?" did nothing on every page (the walk-through): it now clicks "Rules & keys",
    which lists it; a second "?" closes the panel."""
    page = page_of(name, seed=8)
    assert press_key(page, "?") == "clicked"
    assert page.side.open == "rules"
    assert "<kbd>?</kbd>" in page.side.view.html.value
    assert press_key(page, "?") == "clicked"
    assert page.side.open != "rules"
