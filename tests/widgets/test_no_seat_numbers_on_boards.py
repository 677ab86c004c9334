"""A page with one person names the seats as the page does, with no seat number beside the
names, on the board and in the headline (issue 38: players were put off by "Your turn (P1)",
"You (P1)", "Computer (P2) — to act", "P1 re-draw available", "session: You (P1) +5").
Several people on one screen keep "P1", "P2" (the names they know their seats by).
Also the walk-through's wrong words: OFC's prompt "Hand 1" on the match's hand 2, a
WarPairsPoker review marking the next seat "to act" at the player's move, Pairs' tallies
"Computer 1 0", and Pokeros' rule settings under the score."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import ipywidgets as w
import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.registry import game_def

SEAT = re.compile(r"\bP[1-9]\b")


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def widget_text(widget: Any) -> str:
    """Every word a widget tree shows (values and button names), hidden parts included."""
    out: list[str] = []
    stack = [widget]
    while stack:
        x = stack.pop()
        if isinstance(x, w.HTML | w.Label | w.HTMLMath):
            out.append(text_of(str(x.value)))
        elif isinstance(x, w.Button):
            out.append(str(x.description))
        stack.extend(getattr(x, "children", ()))
    return " ".join(out)


def one_person_page(name: str, seed: int, players: int | None = None) -> GamePage[Any]:
    players = players or game_def(name).default_players
    return GamePage.for_game(name, board=board_for(name), players=players, seed=seed,
                             seats={s: "random" for s in range(1, players)})


def board_root(page: GamePage[Any]) -> Any:
    board: Any = page.board  # every game's board has its root widget
    return board.root


@pytest.mark.parametrize("name", every_game())
def test_one_person_reads_no_seat_number_on_the_board_or_headline(name: str) -> None:
    players = 3 if name == "pairs" else None
    page = one_person_page(name, seed=7, players=players)
    rng = random.Random(7)
    checked = 0
    for step in range(2000):
        if step % 5 == 0 or page.history.is_over:
            labels = page.seat_labels()
            assert not any("(" in label or SEAT.search(label) for label in labels), labels
            shown = {"board": widget_text(board_root(page)),
                     "headline": text_of(page.header.status.value),
                     "match": text_of(page.match_line.html.value),
                     "banner": widget_text(page.end.box)}
            for where, text in shown.items():
                assert not SEAT.search(text), f"{name} {where}: {text[:400]!r}"
            assert "to act)" not in shown["headline"], shown["headline"]
            checked += 1
        if page.history.is_over or page.session.human_to_act is None:
            break
        page.request(rng.choice(page.history.legal_actions()))
    assert page.history.is_over and checked > 1


def test_several_people_on_one_screen_keep_their_seat_names() -> None:
    page = GamePage.for_game("pairs", board=board_for("pairs"), players=3, seed=2,
                             seats={2: "random"})
    assert page.seat_labels() == ["P1", "P2", "Computer (P3)"]
    assert "P1 to act" in text_of(page.header.status.value)


def test_warpairs_says_whose_redraw_is_left_by_the_pages_names() -> None:
    page = one_person_page("warpairs", seed=3)
    text = widget_text(board_root(page))
    assert "You can still re-draw · the computer can still re-draw" in text, text


def test_pairs_tallies_do_not_run_names_into_numbers() -> None:
    page = one_person_page("pairs", seed=4, players=4)
    rng = random.Random(4)
    while not page.history.is_over:
        page.request(rng.choice(page.history.legal_actions()))
    line = text_of(page.match_line.html.value)
    assert re.search(r"Computer 1: \d", line), line
    assert not re.search(r"Computer \d [−+]?\d", line), line


def test_ofc_prompt_and_score_agree_with_the_matchs_hand() -> None:
    page = one_person_page("ofc", seed=5)
    rng = random.Random(5)
    for game in range(2):
        match = text_of(page.match_line.html.value)
        hand = re.search(r"Hand (\d) of", match)
        assert hand is not None and int(hand.group(1)) == game + 1, match
        note = text_of(page.board.note.value)  # type: ignore[attr-defined]
        assert "click a card" in note.lower(), note
        assert not re.search(r"Hand \d", note) or f"Hand {game + 1}" in note, (note, match)
        while not page.history.is_over:
            page.request(rng.choice(page.history.legal_actions()))
        scored = text_of(page.board.scored.value)  # type: ignore[attr-defined]
        assert "Hand 1 scored" not in scored and not SEAT.search(scored), scored
        assert re.search(r"You [+−]?\d", scored), scored
        page.end.buttons["new"].click()


def test_warpairs_review_marks_the_seat_that_made_the_move() -> None:
    page = one_person_page("warpairs", seed=11)
    rng = random.Random(11)
    while not page.history.is_over:
        page.request(rng.choice(page.history.legal_actions()))
    page.show_review()
    events = page.history.events
    board = page.board
    for k in range(min(6, len(events))):
        page.reviewing = k
        page.side.review_at = k
        page.refresh()
        mover = page.seat_labels()[events[k].player]
        titles = [h.title.value for h in (board.top, board.bottom)]  # type: ignore[attr-defined]
        marked = [t for t in titles if "—" in text_of(t)]
        assert len(marked) == 1 and text_of(marked[0]).strip().startswith(mover), (k, titles)
        assert "to act" not in " ".join(text_of(t) for t in titles), (k, titles)
        table = " ".join(text_of(board.table.html.value).split())  # type: ignore[attr-defined]
        if k + 1 < len(events):  # the last move's position is the game's end
            assert f"{mover} made this move" in table, (k, table)
    # back to the game: the live board marks the seat to act again (none: the game is over)
    page.reviewing = None
    page.side.open = ""
    page.refresh()
    assert board.mover is None  # type: ignore[attr-defined]


def test_pokeros_says_no_rule_settings_under_the_score() -> None:
    from wpp.pokeros.game import PokerosRules

    page = one_person_page("pokeros", seed=2)
    scores = text_of(page.board.scores.value)  # type: ignore[attr-defined]
    for jargon in ("hands made", "cards in hand to choose from", "longer than five"):
        assert jargon not in scores, scores
    # the usual rules: the panel's own text says them; other settings are said there first
    assert "settings" not in page.board.rules_html
    odd = PokerosRules(stash=1)
    assert odd != PokerosRules()
    page.board._view = page.history.view(0).__class__(  # type: ignore[attr-defined]
        **{**_fields(page.history.view(0)), "rules": odd})
    assert odd.describe() in html.unescape(page.board.rules_html)


def _fields(view: Any) -> dict[str, Any]:
    import dataclasses

    return {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
