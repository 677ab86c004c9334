"""A room shows its whole log (issue 38, part 5): every line of the narration as each seat
reads it, however long the game — the page once kept only its last 14 lines."""

from __future__ import annotations

import random
import re

from tests.rooms.test_room_page import click, pages  # noqa: F401 - the two pages' fixture
from widgets.site.room import RoomPage
from wpp.services.rooms import RoomStore
from wpp.warpairs.actions import Concede


def test_the_room_shows_every_line_of_a_long_game(
        pages: tuple[RoomStore, RoomPage, RoomPage]) -> None:  # noqa: F811
    store, a, b = pages
    assert a.seat is not None and b.seat is not None
    rng = random.Random(7)
    for _ in range(200):
        _, game = store.read(a.seat.code)
        if game.is_over or len(game.events) > 20:
            break
        mover = a if a.seat.view().my_turn else b
        legal = [x for x in mover.seat.view().legal_actions()  # type: ignore[union-attr]
                 if not isinstance(x, Concede)]
        click(mover, rng.choice(legal))
        (b if mover is a else a).poll()
    _, game = store.read(a.seat.code)
    assert len(game.events) > 20, "the game ended too soon to test a long log"
    for page in (a, b):
        page.poll()
        assert page.seat is not None
        lines = re.findall(r"<li value=(\d+)>", page.game_log.html.value)
        assert [int(n) for n in lines] == list(range(1, len(page.seat.log()) + 1))
        assert len(lines) == len(game.events)
