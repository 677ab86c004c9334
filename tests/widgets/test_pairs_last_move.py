"""Regression: Pairs' page said its last move twice — the page's shared "Last move" line
above the board, then the board's own "· last move: …" under it. The move is now said once,
in the shared line's words (the narration), on the page and in a room."""

from __future__ import annotations

import random
import re
from typing import Any

import ipywidgets as w
import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import walk

_LAST = re.compile(r"last move", re.IGNORECASE)


def shown_html(root: w.Widget) -> str:
    """The text of every HTML widget under ``root`` (what the page's browser shows)."""
    return "\n".join(str(x.value) for x in walk(root) if isinstance(x, w.HTML))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pairs_page_says_its_last_move_once(seed: int) -> None:
    page: GamePage[Any] = GamePage.for_game("pairs", board=board_for("pairs"), players=2,
                                            seed=seed, seats={1: "random"})
    rng = random.Random(seed)
    moved = 0
    while not page.history.is_over and moved < 6:
        page.request(rng.choice(page.history.legal_actions()))
        moved += 1
        text = shown_html(page.root)
        assert len(_LAST.findall(text)) == 1, text
        assert "Last move" in page.last_move.html.value
    assert moved > 0
