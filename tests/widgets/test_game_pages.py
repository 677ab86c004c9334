"""Every registered game's page — the shared GamePage on the game's own board, as its
notebook builds it — driven by the board's own keys: a whole game to the
end against each opponent (and each of Pairs' rule sets), Hint selecting its move, Why? in
public terms, the banner with the result and the session score, and the hidden-information
twin test (the page's widget tree is the same when every card the person cannot see is
re-dealt, and the seed is not on the page before the game ends)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widgets.games.draw.board import DrawBoard
from widgets.games.pairs.rule_sets import RULE_SETS
from widgets.page.game_end import in_page_names
from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game, page_tree, walk
from wpp.core.explain import Explanation
from wpp.core.history import History
from wpp.core.registry import (
    game_def,
    hint_agent,
    new_game,
    registered_agents,
    registered_games,
    registration,
)

#: The opponent of these pages: every game's random player (the registry gives each game
#: one), quick where a default opponent is slow (OFC's, Pokeros').
QUICK = "random"


def page_of(name: str, seed: int, players: int | None = None,
            opponent: str | None = None, **settings_: Any) -> GamePage[Any]:
    players = players or game_def(name).default_players
    who = opponent or QUICK
    return GamePage.for_game(name, board=board_for(name), players=players, seed=seed,
                             seats={s: who for s in range(1, players)}, **settings_)


def press(board: Any, key: str) -> None:
    """What the page's key script does: click the enabled element with the key's class."""
    answers = board.keys()
    (k,) = [k for k in answers if k.key == key]
    keypad = {id(c) for x in walk(board.root) if "wpp-keypad" in getattr(x, "_dom_classes", ())
              for c in getattr(x, "children", ())}  # a key pad's buttons may be hidden
    for widget in walk(board.root):
        if (k.css_class in getattr(widget, "_dom_classes", ()) and hasattr(widget, "click")
                and not widget.disabled
                and (widget.layout.display != "none" or id(widget) in keypad)):
            widget.click()
            return
    raise AssertionError(f"no control answers {key!r}")


def play_by_keys(page: GamePage[Any], rng: random.Random, limit: int = 400) -> int:
    """The person plays random legal moves: selected on the board, sent with Enter."""
    moves = 0
    while not page.history.is_over and moves < limit:
        seat = page.session.human_to_act
        assert seat is not None, "the page waits for the computer with no event loop"
        action = rng.choice(page.history.legal_actions())
        page.board.select(action)
        press(page.board, "Enter")
        moves += 1
    return moves


def text_of(page: GamePage[Any]) -> str:
    """Every synced trait of the page (what a browser could read)."""
    return json.dumps([x.get_state() for x in walk(page.root)], default=str,
                      ensure_ascii=False)


@pytest.mark.parametrize("name", every_game())
def test_a_whole_game_to_the_banner_with_the_session_score(name: str) -> None:
    page = page_of(name, seed=11)
    play_by_keys(page, random.Random(1))
    assert page.history.is_over
    assert page.end.box.layout.display != "none"
    banner = page.end.text.value
    assert "session" in banner.lower() or "score" in banner.lower(), banner
    short = getattr(page.board, "outcome", None)  # a board's one-glance words (Pairs)
    outcome = short(page.history.view(0)) if callable(short) else page.history.outcome
    outcome = in_page_names(outcome, page.ends.match_labels(), page.match.rule.unit)
    for piece in outcome.split(";")[:1]:   # in the page's names, in the banner only
        assert piece.split("(")[0].strip()[:20] in banner
    # a second game adds to the session's score
    page.new_game()
    play_by_keys(page, random.Random(2))
    assert page.score.text() != "" and page.history.is_over


@pytest.mark.parametrize("opponent", [a for a in registered_agents("pairs")
                                      if a in ("pipmc", "expected", "random")])
@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_pairs_against_each_ai_and_each_rule_set_ranks_by_r10(opponent: str,
                                                              rules: str) -> None:
    page = page_of("pairs", seed=4, players=3, opponent=opponent, flags=RULE_SETS[rules])
    play_by_keys(page, random.Random(4))
    h = page.history
    assert h.is_over
    banner = page.end.text.value
    # the banner ranks by R10 in a glance: the rule sheet has everyone but the loser win;
    # the others place by score
    assert "reached the target" in banner
    if RULE_SETS[rules].get("only_loser"):
        assert "Everyone else wins" in banner and "2nd" not in banner
    else:
        assert "Lowest score wins: 1st" in banner
    assert page.board.hit.disabled and page.board.fold.disabled


def test_pairs_rule_set_choice_applies_to_the_next_game() -> None:
    """As notebooks/pairs.ipynb wires it: a rule set chosen deals a new game under it (asked
    first during a game), and New game keeps those rules."""
    page = page_of("pairs", seed=5, players=4)
    board = page.board
    board.rule_sets.on_change(lambda flags: page.ask(lambda: page.start(new_game(
        "pairs", seed=9, players=page.players, **flags)), "Deal a new game with these rules?"))
    press(board, "f")  # a game in progress
    board.rule_sets.dropdown.value = "Rule sheet"
    assert page.history.state.rules.only_loser is False  # asked first: a game is on
    page.confirm.yes.click()
    assert page.history.state.rules.only_loser is True
    page.new_game(7)
    assert page.history.state.rules.only_loser is True


@pytest.mark.parametrize("name", every_game())
def test_hint_starts_on_the_ai_the_review_compares_with(name: str) -> None:
    """Pairs' Hint asked CardStock's AI, which folded where the review called folding a
    blunder: Hint now starts on the registration's HINT (the review's own AI)."""
    page = page_of(name, 3)
    assert page.hints.name() == hint_agent(name)
    declared = getattr(registration(name), "HINT", None)
    assert declared is None or page.hints.name() == declared


def test_hint_selects_the_move_on_each_board() -> None:
    page = page_of("pokeros", seed=3)
    page.hints.dropdown.value = "guard"
    page.show_hint()
    board = page.board
    assert board.selected is not None and board.target is not None  # the card and the cell
    assert "would score" in board.preview.value or "score nothing" in board.preview.value
    press(board, "Enter")
    assert len(page.history.actions) >= 1 and page.history.actions[0].card is not None

    page = page_of("draw", seed=3)
    page.hints.dropdown.value = "exact"
    page.show_hint()
    text = page.side.view.html.value
    assert "Every discard you may make" in text and "chance to win" in text  # the exact odds
    chosen = list(page.board.chosen)
    press(page.board, "Enter")
    assert list(page.history.actions[0].cards) == sorted(chosen)

    page = page_of("pairs", seed=1, players=4)
    page.hints.dropdown.value = "expected"
    page.show_hint()
    assert page.board.chosen is not None
    assert "chance of pairing" in page.side.view.html.value

    page = page_of("ofc", seed=2)
    page.hints.dropdown.value = "random"
    page.show_hint()
    assert page.board.pending and not page.board.place.disabled


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(registered_games()), st.integers(0, 10**6), st.integers(0, 6),
       st.integers(0, 2**32))
def test_the_page_is_the_same_when_hidden_cards_are_re_dealt(
        name: str, seed: int, moves: int, twin: int) -> None:
    page = page_of(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if page.history.is_over:
            break
        page.board.select(rng.choice(page.history.legal_actions()))
        press(page.board, "Enter")
    if page.history.is_over:
        return
    page.show_why()  # Why? open: the computer's last move in public terms
    before = page_tree(page.root)
    text = text_of(page)
    assert f"Seed {seed}" not in text and f'"{seed}"' not in text
    h = page.history
    redealt = h.redeal_hidden(page.viewer(), random.Random(twin))
    original = History.state
    try:
        History.state = property(lambda self: redealt)  # type: ignore[assignment, method-assign]
        page.refresh()
        after = page_tree(page.root)
    finally:
        History.state = original  # type: ignore[method-assign]
    assert after == before


def test_why_during_a_game_does_not_depend_on_the_computers_reasoning() -> None:
    """Ported from the old Pokeros page: during a game Why? must not change when the
    computer's private reasoning does; after it, the reasoning itself shows."""
    page = page_of("pokeros", seed=9)
    decoy = Explanation(title="a decoy that names no public fact", steps=())
    rng = random.Random(9)
    checked = 0
    while not page.history.is_over:
        if page.side.open != "why":
            page.show_why()
        shown = page.side.view.html.value
        decisions = page.session._decisions
        real = dict(decisions)
        for k, (seat, _e) in real.items():
            decisions[k] = (seat, decoy)
        page.refresh()
        assert page.side.view.html.value == shown
        decisions.clear()
        decisions.update(real)
        checked += 1
        page.board.select(rng.choice(page.history.legal_actions()))
        press(page.board, "Enter")
    assert checked > 5


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(0, 2**32))
def test_draw_why_before_your_draw_gives_your_exact_odds_and_nothing_hidden(
        seed: int, twin: int) -> None:
    """As draw.ipynb seats you: second, so the computer draws first. Why? before your draw
    says what the table saw and your own exact odds of each discard; the page is the same
    when every card you cannot see is re-dealt."""
    page = GamePage.for_game("draw", board=DrawBoard(), seed=seed,
                             seats={0: "exact", 1: "person"})
    assert page.session.human_to_act == 1 and len(page.history.actions) == 1
    page.show_why()
    text = page.side.view.html.value
    n = page.history.view(1).draw_counts[0]
    assert ("The computer stood pat" if n == 0 else f"The computer exchanged {n} card") in text
    assert "Every discard you may make" in text and "chance to win" in text
    before = page_tree(page.root)
    redealt = page.history.redeal_hidden(1, random.Random(twin))
    original = History.state
    try:
        History.state = property(lambda self: redealt)  # type: ignore[assignment, method-assign]
        page.refresh()
        after = page_tree(page.root)
    finally:
        History.state = original  # type: ignore[method-assign]
    assert after == before
    hidden = page.history.state.dealt[0]
    assert not any(str(c) in text_of(page) for c in hidden if c not in page.history.view(1).hand)


def test_pairs_why_during_a_game_gives_the_public_odds_the_computer_faced() -> None:
    page = page_of("pairs", seed=6, players=3, opponent="pipmc")
    press(page.board, "h")
    assert any(e.player != 0 for e in page.history.events)  # the computers answered
    page.show_why()
    text = page.side.view.html.value
    assert "odds, from the cards on the table" in text and "chance of pairing" in text
    assert "Play out each move" not in text  # the computer's own playouts: after the game


def test_the_home_page_opens_each_games_page() -> None:
    """The home page's "5-card draw · Open" leads to its page (no longer lesson 8's section)."""
    from widgets.site.home import entries

    pages = {e.title: e.href for e in entries() if e.kind == "game"}
    assert pages["5-card draw"] == "draw.ipynb"
    assert pages["Pairs"] == "pairs.ipynb" and pages["Pokeros"] == "pokeros.ipynb"
    assert pages["Open Face Chinese Poker"] == "ofc.ipynb"
