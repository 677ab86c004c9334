"""5-card draw's game-over banner is short (issue 38): a walk-through read the engine's whole
result, "Computer wins (Computer Two Pair, Tens and Threes, Two kicker; You One Pair, Kings,
Queen-Nine-Eight kickers)", under the large "The computer wins" — the hands in full are on the
showdown beside it. The banner's line says whose kind of hand beat whose, in the page's names."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from wpp.poker.ranking import evaluate


def _banner_lines(seed: int) -> tuple[list[str], GamePage[Any]]:
    page = GamePage.for_game("draw", board=board_for("draw"), players=2, seed=seed,
                             seats={1: "random"})
    rng = random.Random(seed)
    while not page.history.is_over and page.session.human_to_act is not None:
        page.request(rng.choice(page.history.legal_actions()))
    assert page.history.is_over
    plain = re.findall(r"<div>(.*?)</div>", page.end.text.value)   # the unclassed line
    return [html.unescape(re.sub(r"<[^>]+>", "", p)).strip() for p in plain], page


@pytest.mark.parametrize("seed", range(12))
def test_the_banner_names_the_hands_kinds_not_the_engine_line(seed: int) -> None:
    lines, page = _banner_lines(seed)
    (cause,) = lines                                  # under the large line: the hand's result
    assert "(" not in cause and "kicker" not in cause and len(cause) <= 70, cause
    assert not re.search(r"\bP[12]\b", cause), cause
    view = page.history.view(0)
    kinds = {evaluate(h).category.label for h in view.showdown}
    assert any(k in cause for k in kinds), (cause, kinds)
    you, computer = (evaluate(view.showdown[s]).strength for s in (0, 1))
    if you > computer:
        assert cause.startswith("You win: "), cause
    elif computer > you:
        assert cause.startswith("Computer wins: "), cause
    else:
        assert cause.startswith("Split pot"), cause


@pytest.mark.parametrize("seed", range(6))
def test_last_move_says_who_won_and_the_log_keeps_the_hands(seed: int) -> None:
    """"Last move" is one line read at a glance: who won, not every hand's name (the
    showdown shows them); the game log keeps the details, in the page's names."""
    _, page = _banner_lines(seed)
    last = html.unescape(re.sub(r"<[^>]+>", "", page.last_move.html.value))
    assert re.search(r"(wins?|tie)\.$", last) and "(" not in last, last
    log = html.unescape(re.sub(r"<[^>]+>", " ", page.game_log.html.value))
    kinds = {evaluate(h).category.label for h in page.history.view(0).showdown}
    assert all(k in log for k in kinds) and not re.search(r"\bP[12]\b", log), log
