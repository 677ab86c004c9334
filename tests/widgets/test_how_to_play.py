"""Every game's rules as a newcomer reads them (issue 38, part 2): the plain words beside the
rules text (``how_to_play.md``) say the goal, a turn, what wins and how it scores, and draw one
worked example with the game's own card faces; every rule the engine cites is linked from
them; the numbered rules stay one click away; no referee's jargon in the plain words."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import widgets.games.pairs.faces  # noqa: F401 - Pairs' faces, as its page registers them
from widgets.parts.how_to_play import game_package, how_to_play_html, linked_rules, plain_text
from wpp.core.errors import WppError
from wpp.core.registry import registered_games
from wpp.core.rulebook import load_rulebook

GAMES = registered_games()
#: A rule id as the engine cites it: a string of its own ("R9" in IllegalAction(…, "R9"),
#: rule="R14" in an explanation's step), not a mention inside a sentence.
_CITED = re.compile(r"""["'](R\d+)["']""")


def cited_rules(game: str) -> set[str]:
    """The rule ids the code of ``game``'s package cites."""
    root = resources.files(game_package(game))
    found: set[str] = set()
    stack = [root]
    while stack:
        folder = stack.pop()
        for item in folder.iterdir():
            if item.is_dir():
                stack.append(item)
            elif item.name.endswith(".py"):
                found |= set(_CITED.findall(item.read_text(encoding="utf-8")))
    return found


def test_the_citation_scan_finds_what_the_engines_cite() -> None:
    # the scan itself can fail: these citations are in the engines today
    assert {"R3", "R4"} <= cited_rules("draw")
    assert {"R9", "R14", "R17"} <= cited_rules("warpairs")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_the_engine_cites_is_linked_from_the_plain_words(game: str) -> None:
    book = load_rulebook(game_package(game), "rules.md")
    cited = cited_rules(game)
    assert cited, f"{game}: no citation found (the scan is wrong)"
    assert cited <= set(book), f"{game} cites rules its text lacks: {cited - set(book)}"
    missing = cited - linked_rules(game)
    assert not missing, f"{game}'s plain words link no text to {sorted(missing)}"
    html = how_to_play_html(game)
    for rid in cited:
        assert f'class="wpp-rule-link" data-rule="{rid}"' in html


@pytest.mark.parametrize("game", GAMES)
def test_the_plain_words_say_goal_turn_winning_and_an_example_drawn(game: str) -> None:
    text = plain_text(game)
    heads = re.findall(r"^## (.+)$", text, flags=re.M)
    assert heads[0] == "The goal" and "A turn" in heads
    assert "What wins, and how it scores" in heads and heads[-1] == "An example"
    assert text.startswith("# How to play")
    # words for a newcomer: no section numbers, flags or bare rule ids in the plain words
    words = re.sub(r"\]\(R\d+\)", "]", text)
    assert not re.search(r"§|\bFlag\b|\bR\d+\b|wpp[./]", words), game
    html = how_to_play_html(game)
    example = html.split("An example", 1)[1].split("<details", 1)[0]
    assert example.count("<svg") >= 3, f"{game}: the example draws no cards"


@pytest.mark.parametrize("game", GAMES)
def test_the_numbered_rules_are_one_click_away(game: str) -> None:
    html = how_to_play_html(game)
    plain, numbered = html.split('<details class="wpp-numbered">', 1)
    assert "How to play" in plain and "<summary>Every rule, numbered" in numbered
    for rid in load_rulebook(game_package(game), "rules.md"):
        assert f'data-rule="{rid}"' in numbered, f"{game}: {rid} is not in the numbered rules"


def test_pokeros_says_what_scores_and_how_much() -> None:
    text = plain_text("pokeros")
    for words in ("pair 1", "two pair 3", "full house 5", "royal flush 60",
                  "times the number of hands", "most points wins"):
        assert words in text


def test_a_link_to_a_rule_not_stated_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.parts.how_to_play as how

    monkeypatch.setattr(how, "plain_text", lambda game: "# How to play\n\n[x](R99) {7S}")
    how.how_to_play_html.cache_clear()
    try:
        with pytest.raises(WppError, match="R99"):
            how.how_to_play_html("draw")
        monkeypatch.setattr(how, "plain_text", lambda game: "# How to play\n\n{ZZ}")
        with pytest.raises(WppError, match="ZZ"):
            how.how_to_play_html("draw")
    finally:
        how.how_to_play_html.cache_clear()
