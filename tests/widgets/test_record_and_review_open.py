"""Issue 38's walk-through, two more findings on the game page: the player's record counted
each hand of a match as a game ("5 games · 2 won" after one match of 5 hands), and the review
opened on the computer's first move, not the player's."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from typing import Any

import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.registry import game_def, match_rule


def page_of(name: str, seed: int, seat: int = 0) -> GamePage[Any]:
    players = game_def(name).default_players
    return GamePage.for_game(name, board=board_for(name), players=players, seed=seed,
                             seats={s: "random" for s in range(players) if s != seat})


def finish(page: GamePage[Any], rng: random.Random) -> None:
    for _ in range(3000):
        if page.history.is_over:
            return
        if page.session.human_to_act is None:
            page.refresh()
            continue
        page.request(rng.choice(page.history.legal_actions()))
    raise AssertionError("the game did not end")


def told(page: GamePage[Any]) -> list[dict[str, str]]:
    raw = page.stats_feed.value.split('data-stats="', 1)[1].split('"', 1)[0]
    return list(json.loads(unescape(raw)))


@pytest.mark.parametrize("name", every_game())
def test_the_record_is_told_each_hand_and_the_match_once_with_its_result(name: str) -> None:
    page = page_of(name, seed=11)
    rng = random.Random(11)
    items: dict[str, dict[str, str]] = {}
    rule = match_rule(name)
    for _ in range(rule.hands or 20):
        finish(page, rng)
        for item in told(page):
            items[item["id"]] = item
        if page.match.over:
            break
        page.end.buttons["new"].click()
    assert page.match.over
    assert len(items) == page.match.played
    assert all(i["unit"] == rule.unit for i in items.values())
    ended = [i for i in items.values() if "match" in i]
    assert len(ended) == 1, items           # the match counts once, with its last hand
    top = page.match.winners()
    assert ended[0]["match"] == ("win" if top == [0] else "draw" if 0 in top else "loss")


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("name", every_game())
def test_the_review_opens_on_the_players_first_move(name: str, seat: int) -> None:
    page = page_of(name, seed=3, seat=seat)
    finish(page, random.Random(3))
    page.show_review()
    h = page.history
    mine = [k for k, e in enumerate(h.events) if e.player == seat]
    assert mine, "the player never moved"
    assert page.reviewing == mine[0] == page.side.review_at
    assert f"move {mine[0] + 1} of" in page.side.view.html.value
    if mine[0]:                                       # the moves before stay reachable
        page.review_step(-1)
        assert page.reviewing == mine[0] - 1


def test_the_chart_has_a_phone_version_drawn_for_its_width() -> None:
    """The wide chart shrunk to a phone's 390 px had 5-pixel type: the page offers a second
    one, about as wide as the phone (shown unscaled), with type of 10 points or more, and
    titles both for the player ("your standing", not "P1's")."""
    import base64
    import struct

    from widgets.page.computer_review import PHONE_WIDTH, chart_html
    from wpp.core.review import review_game

    page = page_of("draw", seed=4)
    finish(page, random.Random(4))
    review = review_game(page.history, 0, None, **page.review_budget)
    html_ = chart_html(review)
    small = re.search(rf'<source media="\(max-width: {PHONE_WIDTH}px\)" '
                      r'srcset="data:image/png;base64,([^"]+)"', html_)
    wide = re.search(r'<img src="data:image/png;base64,([^"]+)"', html_)
    assert small and wide, html_[:200]

    def size(b64: str) -> tuple[int, int]:
        w_, h_ = struct.unpack(">II", base64.b64decode(b64)[16:24])
        return int(w_), int(h_)

    assert size(small.group(1))[0] <= 400 < 600 <= size(wide.group(1))[0]
    fig = review.chart(heading="Your standing, move by move", small=True)
    texts = [t for ax in fig.axes for t in (*ax.get_xticklabels(), *ax.get_yticklabels(),
                                            ax.title, ax.xaxis.label, ax.yaxis.label)]
    assert min(t.get_fontsize() for t in texts if t.get_text()) >= 10
    assert review.chart(heading="Yours").axes[0].get_title() == "Yours"
