"""What a player reads in "Review with the computer" is in plain words (issue 38): a
walk-through read "A loss within the estimate's noise (the best value inside the played
action's 95% interval)", "200 re-deals… 95% interval", "expected AI's choice… 48 re-deals",
"loses 2.48 points". Every game's review is run on a finished page, as a player opens it,
and its note, its list and each row's reasons are scanned. The games come from the registry,
so a new game's review is scanned on arrival."""

from __future__ import annotations

import html
import random
import re

import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.registry import game_def
from wpp.core.review import evaluator

#: What a newcomer must not meet in the review, each with a name for the failure message.
JARGON: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("research word", re.compile(r"\b(?:intervals?|estimat\w*|re-?deals?|noise|"
                                 r"Monte Carlo|playouts?)\b", re.I)),
    # (a likely range may end at 95%: "30%–95%" is a figure, "95% interval" jargon)
    ("confidence level", re.compile(r"95\s*%\s*(?:interval|band|confiden|level)|"
                                    r"(?:at|±)\s*95\s*%", re.I)),
    ("an AI's id", re.compile(r"\bAI's choice\b|\bexpected AI\b")),
    ("three decimals", re.compile(r"\d\.\d{3}")),
    ("points to the hundredth", re.compile(r"\b[1-9]\d*\.\d{2,} points?")),
)


def text_of(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", value))


def small(name: str) -> dict[str, int]:
    """A budget small enough for a test (the words do not depend on it)."""
    return {k: min(v, 3 if k != "second_look" else 4)
            for k, v in evaluator(game_def(name)).budget.items()}


@pytest.mark.parametrize("name", every_game())
def test_every_games_review_reads_in_plain_words(name: str) -> None:
    players = game_def(name).default_players
    page = GamePage.for_game(name, board=board_for(name), players=players, seed=3,
                             seats={s: "random" for s in range(1, players)},
                             review_budget=small(name))
    rng = random.Random(3)
    for _ in range(2000):
        if page.history.is_over or page.session.human_to_act is None:
            break
        page.request(rng.choice(page.history.legal_actions()))
    assert page.history.is_over
    page.review.review_with_computer(threaded=False)
    review = page.computer_review.review
    assert review is not None and review.rows, name
    shown = {"note": text_of(page.computer_review.note.value),
             "list": " | ".join(str(label) for label, _ in page.computer_review.rows.options)}
    for row in review.rows:
        page.review._show_review_row(row)
        shown[f"move {row.move + 1}"] = text_of(page.side.view.html.value)
    assert "too close to call" in shown["note"], shown["note"]
    for where, text in shown.items():
        for what, pattern in JARGON:
            found = pattern.search(text)
            assert found is None, f"{name}: {where} has a {what} {found.group(0)!r}: {text!r}"
