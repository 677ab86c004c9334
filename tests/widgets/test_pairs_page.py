"""Pairs' page a player stays on: the banner and the match line said in one glance with every
fact kept, and each round's result — every stack as it ended and who scored what — kept on
screen until the person moves on (the engine deals the next round in the same move)."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
import pytest

from widgets.games.pairs.board import PairsBoard
from widgets.page.game_page import GamePage
from widgets.testing import walk
from wpp.pairs.state import FOLD, HIT

#: Most words a line may have to be read in one glance.
GLANCE = 32


def text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def page_of(seed: int, players: int = 4) -> GamePage[Any]:
    return GamePage.for_game("pairs", board=PairsBoard(), players=players, seed=seed,
                             seats={s: "random" for s in range(1, players)})


def play(page: GamePage[Any], move: Any) -> None:
    board = page.board
    assert isinstance(board, PairsBoard)
    (board.hit if move is HIT else board.fold).click()


def finish(page: GamePage[Any], seed: int) -> None:
    for n in range(400):
        if page.history.is_over:
            return
        legal = page.history.legal_actions()
        play(page, HIT if HIT in legal and (n + seed) % 3 else legal[0])
    raise AssertionError("the game did not end")


def banner_text(page: GamePage[Any]) -> str:
    """The banner's game result: its head and cause (the match's line above them, a running
    total or the match's winner, is the match's own and read by the match tests)."""
    return text(re.sub(r'<div class="wpp-banner-match">.*?</div>', "", page.end.text.value))


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 3), (5, 2), (9, 6)])
def test_the_banner_says_the_result_in_a_glance_with_every_fact(seed: int, players: int) -> None:
    page = page_of(seed, players)
    finish(page, seed)
    view = page.history.view(0)
    said = banner_text(page)
    cause = said.split("Session:")[0]
    # the engine's outcome: 40+ words; a seat's name ("Computer 2") counts as one word
    assert len(re.sub(r"Computer \d", "Computer", cause).split()) <= GLANCE + 2 * players, \
        cause
    totals = view.totals
    loser = max(range(players), key=lambda s: totals[s])
    names = page.ends.match_labels()     # You, Computer or Computer 1, 2…: never "P2"
    assert f"{names[loser]}" in cause and f"target {view.target}" in cause
    assert not re.search(r"\bP\d\b", cause), cause
    assert ("and lose" if names[loser] == "You" else "loses") in cause, cause
    assert "Lowest score wins" in cause
    for s in range(players):  # every seat's place and total
        assert re.search(rf"\b\d(st|nd|rd|th) {names[s]}[^·:]*: {totals[s]}\b", cause), cause
    status = text(page.status.value)  # the result is said once, in the banner (walk-through)
    assert "Game over" in status and "wins" not in status and "rank 1:" not in status


def test_the_match_line_says_what_each_place_earns_in_a_glance() -> None:
    page = page_of(3, 4)
    line = text(page.match_line.html.value)
    rule = line.split(":", 1)[0] if "):" not in line else line.split("):", 1)[0]
    assert "N − 1" not in line and "first of N" not in line
    assert "1st place 3 points, 2nd 2, 3rd 1, 4th 0" in line, line
    assert len(rule.split()) <= 20, rule


def shown(widget: w.Widget, root: w.Widget) -> bool:
    """Whether ``widget`` is displayed (no ``display: none`` on it or any box above it)."""
    def path(x: w.Widget) -> list[w.Widget] | None:
        if x is widget:
            return [x]
        for c in getattr(x, "children", ()):
            p = path(c)
            if p is not None:
                return [x, *p]
        return None
    found = path(root)
    assert found is not None
    return all(getattr(getattr(x, "layout", None), "display", None) != "none" for x in found)


@pytest.mark.parametrize("seed", [1, 4, 7])
def test_each_round_stays_on_screen_until_the_person_moves_on(seed: int) -> None:
    page = page_of(seed, 3)
    board = page.board
    assert isinstance(board, PairsBoard)
    h = page.history
    checked = 0
    for n in range(200):
        if h.is_over:
            break
        mine = [i for i, e in enumerate(h.events) if e.player == 0]
        since = mine[-1] if mine else 0
        ended = [i for i in range(since, len(h.actions))
                 if h.states[i + 1].round != h.states[i].round or h.states[i + 1].over]
        value = board.round_over.value
        strip = text(value)
        if ended:
            checked += 1
            assert shown(board.round_box, page.root), (n, ended)
            blocks = value.split('class="wpp-pround-one"')[1:]
            assert len(blocks) == len(ended), (n, ended, strip)
            for k, (i, block) in enumerate(zip(ended, blocks, strict=True)):
                before, after = h.states[i], h.states[i + 1]
                # a summary of the past: the newest is "Last round", and no "Next round" (the
                # next round is live: the person may Hit or Fold now)
                head = (f"Last round (round {before.round})" if k == len(ended) - 1
                        else f"Round {before.round}")
                assert re.match(rf">?\s*{re.escape(head)}\s*:", text(block)), (head, block)
                rows = re.findall(r"<tr>(.*?)</tr>", block)
                for s in range(3):  # every seat's stack as the round ended, the drawn pair
                    cards = re.findall(r'aria-label="([^"]+)"', rows[s].split("drew")[0])
                    assert cards == [str(c) for c in before.hands[s]], (s, rows[s])
                scorer = h.events[i].player
                points = after.totals[scorer] - before.totals[scorer]
                assert f"scores {points}" in text(block)
                assert f"+{points}" in text(rows[scorer]) or points == 0
            assert "Next round" not in strip and not any(
                "Next" in getattr(x, "description", "") for x in walk(board.round_box))
            if not h.is_over:
                assert not (board.hit.disabled and board.fold.disabled)  # the round is live
            if n % 2:  # its × hides it before the next move
                board.close_rounds.click()
                assert not shown(board.round_box, page.root)
        else:
            assert not shown(board.round_box, page.root), (n, strip)
        legal = h.legal_actions()
        play(page, HIT if HIT in legal and (n + seed) % 4 else (FOLD if FOLD in legal else HIT))
    assert checked >= 1  # a round ended where the person saw it


def test_the_review_shows_the_round_that_ended_at_that_move_only() -> None:
    page = page_of(4, 3)
    finish(page, 4)
    board = page.board
    assert isinstance(board, PairsBoard)
    h = page.history
    ended = next(i for i in range(len(h.actions)) if h.states[i + 1].round != h.states[i].round)
    board.read_history(h, 0, ended + 1)
    assert f"Last round (round {h.states[ended].round})" in text(board.round_over.value)
    board.read_history(h, 0, 0)
    assert board.round_box.layout.display == "none"
    assert all(not isinstance(x, w.HTML) or "Round" not in x.value
               for x in walk(board.round_box) if x is not board.round_over)


@pytest.mark.parametrize("seed", range(6))
def test_why_during_a_game_says_each_step_in_a_glance(seed: int) -> None:
    from wpp.core.registry import new_game
    from wpp.pairs.public import public_reasons

    g = new_game("pairs", seed=seed, players=3)
    for n in range(12):
        if g.is_over:
            break
        g.apply(g.legal_actions()[n % len(g.legal_actions())])
        e = public_reasons(g, len(g.actions) - 1, viewer=0)
        for step in e.steps:
            for said in (str(step.title), str(step.verdict)):
                assert len(said.split()) <= 16, said  # was 30 words and more
                assert "expected-value" not in said and "your stack" not in said


def test_hit_and_fold_come_first_and_the_rule_sets_are_named_in_plain_words() -> None:
    """Walk-through: Hit / Fold sat below a round's summary and a four-seat table, half under
    the fold of a 1280×800 screen; the rules were offered as "CardStock (the blog)"."""
    board = PairsBoard()
    kids = list(board.root.children)
    acts = next(i for i, x in enumerate(kids) if board.hit in getattr(x, "children", ()))
    assert acts < kids.index(board.table) < kids.index(board.round_box)
    labels = list(board.options.options)
    assert labels and not any(word in str(label).lower() for label in labels
                              for word in ("blog", "cardstock")), labels
