"""Every line a player reads on the game page names the seats as the page does — "You",
"Computer", "Computer 1"… — never the narration's "P1", "P2" (issue 38: the last move said
"P2 plays 7♦" and the Pairs banner "P2 (the computer) wins" beside "You (P1)" and
"Computer (P2)"). The engine's narration keeps its seat names; the page maps them in one
place (:mod:`widgets.page.names`)."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widgets.page.game_page import GamePage
from widgets.page.names import in_page_names, page_names
from widgets.parts.explain_view import explanation_html
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.registry import game_def

SEAT = re.compile(r"\bP[1-9]\b")


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def finished_page(name: str, seed: int, players: int | None = None, *,
                  own_opponents: bool = False) -> GamePage[Any]:
    """A page of ``name`` played to its end by random moves, against random players (or, with
    ``own_opponents``, the page's own default computers)."""
    players = players or game_def(name).default_players
    seats = None if own_opponents else {s: "random" for s in range(1, players)}
    page = GamePage.for_game(name, board=board_for(name), players=players, seed=seed,
                             seats=seats)
    rng = random.Random(seed)
    for _ in range(2000):
        if page.history.is_over or page.session.human_to_act is None:
            break
        page.request(rng.choice(page.history.legal_actions()))
    assert page.history.is_over
    return page


@pytest.mark.parametrize("name", every_game())
def test_a_finished_game_names_no_seat_number_where_the_player_reads(name: str) -> None:
    page = finished_page(name, seed=5)
    h = page.history
    shown = {
        "last move": text_of(page.last_move.html.value),
        "log": text_of(page.game_log.html.value),
        "whole log": " ".join(page.narration(e) for e in h.events),
        "banner": " ".join(text_of(str(getattr(c, "value", ""))) for c in page.end.box.children),
        "headline": text_of(page.header.status.value),
        "match": text_of(page.match_line.html.value),
    }
    assert shown["last move"] and shown["log"] and shown["banner"].strip()
    for where, text in shown.items():
        assert not SEAT.search(text), f"{name}: {where} names a seat number: {text[:300]!r}"
    # the narration itself still says P1/P2 (only the page maps it)
    assert any(SEAT.search(e.text_for(None)) for e in h.events)
    page.show_review()
    for k in range(len(h.actions)):
        panel = page._review_text(k)
        assert not SEAT.search(panel.title), panel.title
        # the reasons shown under it too (they read "P2 plays…" before)
        for _, reasons in panel.items:
            said = text_of(explanation_html(reasons))
            assert not SEAT.search(said), f"{name}: review of move {k + 1}: {said[:300]!r}"


def test_pairs_with_several_computers_names_each_and_the_banner_says_who_won() -> None:
    for seed in range(40):
        page = finished_page("pairs", seed=seed, players=4)
        top = [s for s, r in enumerate(page.history.returns())
               if r == max(page.history.returns())]
        if top != [0] and len(top) == 1:
            break
    else:
        pytest.fail("no Pairs game in 40 seeds that a computer won")
    banner = " ".join(text_of(str(getattr(c, "value", ""))) for c in page.end.box.children)
    assert f"Computer {top[0]} wins" in banner, banner
    assert "(the computer)" not in banner
    assert page.seat_labels()[top[0]] == f"Computer {top[0]}"


@given(players=st.integers(2, 6), data=st.data())
def test_every_seat_name_the_game_can_say_becomes_a_page_name(players: int,
                                                              data: st.DataObject) -> None:
    people = data.draw(st.lists(st.integers(0, players - 1), min_size=1, max_size=1))
    labels = page_names(people, players)
    assert len(set(labels)) == players
    seats = data.draw(st.lists(st.integers(0, players - 1), min_size=1, max_size=6))
    verb = data.draw(st.sampled_from(["plays", "wins", "hits", "passes", "has", "draws"]))
    text = " ".join(f"P{s + 1} {verb} P{s + 1}'s card." for s in seats)
    out = in_page_names(text, labels)
    assert not SEAT.search(out)
    assert "You's" not in out and "You " + verb not in out
    for s in seats:
        assert labels[s] in out or (labels[s] == "You" and "your" in out)


@pytest.mark.parametrize("name", every_game())
def test_the_review_of_the_default_computer_names_no_seat_number(name: str) -> None:
    """The reasons the review shows under a computer's move, and those of a graded row,
    come from the agent's own explanation ("P2 plays…"): the page renames them (the review
    said "P1" and "P2" beside a log that says "You" and "Computer")."""
    page = finished_page(name, seed=3, own_opponents=True)
    page.show_review()
    said = [text_of(explanation_html(reasons))
            for k in range(len(page.history.actions))
            for _, reasons in page._review_text(k).items]
    assert said, f"{name}: no computer move has reasons in the review"
    for text in said:
        assert not SEAT.search(text), f"{name}: {text[:300]!r}"
