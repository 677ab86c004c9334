"""The opponent lists of every game read alike, in words a newcomer knows: no agent's
registered id ("pipmc", "guard") and no library's name ("pyOFC", "CardStock") in any label a
page shows — the seat choosers' options, the computer's name while it thinks, the details
line under a seat — while the ids stay the values (save files and tests use them) and the
rating stays one choice away, in the details line."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
import pytest

from widgets.page.game_page import GamePage
from widgets.page.seats import choice_details, hint_choices, opponent_choices, opponent_label
from widgets.site.room import board_for
from widgets.testing import every_game, walk
from wpp.core.ladder import ladder
from wpp.core.registry import game_def, registered_agents, registered_games

#: Names of the software the kit's AIs come from, and words of the analysts' trade.
LIBRARIES = ("pyofc", "cardstock", "monte carlo", "pipmc", "hal")


def agent_ids() -> set[str]:
    """Every registered agent id of every game (``pipmc_inverse`` also as its words)."""
    ids = {a for g in registered_games() for a in registered_agents(g)}
    return ids | {part for a in ids for part in a.split("_")}


#: The lessons' name for WarPairsPoker's club player: the page says it so that a learner
#: connects the two (an id is "classic" alone).
LESSONS_NAME = "classic ai"


def jargon(label: str, words: set[str]) -> list[str]:
    """The ids and library names ``label`` contains as whole words (any case)."""
    low = label.lower().replace(LESSONS_NAME, "")
    return [x for x in sorted(words) if re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", low)]


@pytest.mark.parametrize("game", every_game())
def test_no_opponent_label_names_an_agent_id_or_a_library(game: str) -> None:
    words = agent_ids() | set(LIBRARIES)
    choices = opponent_choices(game)
    assert {v.partition(":")[2] for _, v in choices} >= set(registered_agents(game))
    for label, value in choices:
        assert not jargon(label, words), (game, label, jargon(label, words))
        short = opponent_label(game, value)
        assert short and not jargon(short, words), (game, short)
        details = choice_details(game, value)  # plain English may say "random" here
        assert not jargon(details, set(LIBRARIES)), (game, details)


@pytest.mark.parametrize("game", every_game())
def test_the_levels_read_alike_with_the_rating_one_choice_away(game: str) -> None:
    levels = ladder(game)
    labels = [label for label, value in opponent_choices(game) if value.startswith("level:")]
    assert len(labels) == len(levels)
    names = [label.split(" — ")[0] for label in labels]
    assert len(set(names)) == len(names)
    assert names[0] == "Beginner" and "Club player" in names  # the same ends in every game
    for lv, name in zip(levels, names, strict=True):
        details = choice_details(game, f"level:{lv.key}")
        assert details.startswith(name), (details, name)
        if lv.is_reference:
            assert "the reference" in details
        elif lv.rating is not None:
            assert re.search(r"about [+−]?\d+ against the club player", details), details


def _shown_labels(page: GamePage[Any]) -> list[str]:
    out: list[str] = []
    for x in walk(page.root):
        classes = getattr(x, "_dom_classes", ())
        if isinstance(x, w.Dropdown) and "wpp-seat-choice" in classes:
            out += [str(label) for label in x._options_labels]
        elif isinstance(x, w.HTML) and "wpp-seat-details" in classes:
            out.append(re.sub(r"<[^>]+>", " ", x.value))
    return out


@pytest.mark.parametrize("game", every_game())
def test_a_games_page_shows_no_agent_id_in_its_opponent_list(game: str) -> None:
    players = game_def(game).default_players
    page = GamePage.for_game(game, board=board_for(game), players=players, seed=1,
                             seats={s: "level:beginner" for s in range(1, players)})
    shown = _shown_labels(page)
    assert len(shown) > len(registered_agents(game))
    words = agent_ids() | set(LIBRARIES)
    for label in shown:
        if label.strip().startswith(("Beginner", "the same as")):  # a details line
            assert not jargon(label, set(LIBRARIES)), (game, label)
            continue
        assert not jargon(label, words), (game, label, jargon(label, words))


@pytest.mark.parametrize("game", every_game())
def test_the_hint_chooser_shows_the_opponent_lists_words(game: str) -> None:
    """Regression: "Hint from" listed the agents' ids ("expected", "search")."""
    page = GamePage.for_game(game, board=board_for(game), seed=1)
    shown = list(zip(page.hints.dropdown._options_labels, page.hints.dropdown._options_values,
                     strict=True))
    assert [v for _, v in shown] == list(registered_agents(game))
    assert shown == hint_choices(game)
    words = agent_ids() | set(LIBRARIES)
    others = {v.partition(":")[2]: label.removeprefix("Other: ")
              for label, v in opponent_choices(game) if v.startswith("agent:")}
    for label, name in shown:
        assert not jargon(label, words), (game, label)
        assert others[name].lower() in label.lower()       # the opponent list's words
    assert page.hints.name() == page.hints.default
    if page.session.human_to_act is not None:      # the hint's panel names it in words too
        page.show_hint()
        shown = page.side.view.html.value
        # "from Club player", or "from the AI that weighs each placement in points" where
        # the label describes (OFC: "Hint for P1 from Weighs each placement…" read badly)
        assert page.hints.label().lower() in html.unescape(shown).lower(), shown[:300]
        assert f"the {page.hints.name()} AI" not in shown
