"""Words on every game page are for newcomers (issue 38): what the page shows during a whole
game — prompts, refusals, the last move, the log, Why?, Hint, the banner and both reviews —
carries no rule number ("R11", "(R7)"), no section number of the game description ("(6.3)")
and no count of legal moves ("(26 legal moves)"). The numbered rules stay one click away in
"Rules & keys" (that panel is not scanned), and the engine keeps its rule ids as data: an
illegal move is still ``IllegalAction(reason, "R11")``.

The scan reads every shown widget's text (values without markup, labels, tooltips, options);
the games come from the registry, so a new game's page is scanned on arrival."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game, walk
from wpp.core.errors import IllegalAction
from wpp.core.registry import game_def, new_game, registered_games
from wpp.core.review import evaluator

#: What a newcomer must not meet on a game page, each with a name for the failure message.
NUMBERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("rule number", re.compile(r"\bR\d{1,2}\b")),
    ("section number", re.compile(r"\([3-8]\.\d{1,2}\b[^)]*\)|(?<![\d.])[3-8]\.\d{1,2}, [a-z]")),
    ("legal-move count", re.compile(r"\d+ legal moves?\b")),
)


def _strip(markup: str) -> str:
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def shown_text(page: GamePage[Any]) -> list[str]:
    """Every piece of text the page shows now: hidden widgets and the "Rules & keys" panel
    (the numbered rules' own place) left out."""
    rules_open = page.side.open == "rules"
    hidden: set[int] = set()
    out: list[str] = []
    for x in walk(page.root):
        layout = getattr(x, "layout", None)
        if id(x) in hidden or (layout is not None and layout.display == "none"):
            hidden.update(id(c) for c in walk(x))
            continue
        if rules_open and x is page.side.view.html:
            continue
        value = getattr(x, "value", None)
        if isinstance(value, str) and type(x).__name__ in ("HTML", "HTMLMath", "Label"):
            out.append(_strip(value))
        for key in ("description", "tooltip", "placeholder"):
            text = getattr(x, key, None)
            if isinstance(text, str):
                out.append(text)
        out.extend(str(label) for label in getattr(x, "_options_labels", ()) or ())
    return out


def offences(page: GamePage[Any], where: str) -> list[str]:
    return [f"{where}: {what} {m.group(0)!r} in {text[max(0, m.start() - 50):m.end() + 20]!r}"
            for text in shown_text(page) for what, pattern in NUMBERS
            for m in pattern.finditer(text)]


def _small(game: str) -> dict[str, int]:
    """The review's budget, each figure cut to 2 (the words, not the values, are tested)."""
    return {k: 2 for k in evaluator(game_def(game)).budget}


def test_the_scan_finds_what_it_looks_for() -> None:
    bad = "the mulligan is over (R11); it plays the lowest (6.3); your turn (26 legal moves)"
    assert {what for what, p in NUMBERS if p.search(bad)} == {w for w, _ in NUMBERS}
    fine = "a gamble (0.625), Hand 1 of 5, You −1, 10♥ 9♠, round 2, 3 cards, R&B"
    assert not any(p.search(fine) for _, p in NUMBERS)


@pytest.mark.parametrize("seed", [5, 8, 13])
@pytest.mark.parametrize("game", every_game())
def test_a_whole_game_page_says_no_rule_section_or_move_numbers(game: str, seed: int) -> None:
    rng = random.Random(seed)
    players = game_def(game).default_players
    page = GamePage.for_game(game, board=board_for(game), players=players, seed=seed,
                             seats={s: "random" for s in range(1, players)},
                             review_budget=_small(game))
    found = offences(page, "start")
    for move in range(400):
        if page.history.is_over:
            break
        assert page.session.human_to_act is not None
        if move % 3 == 0:
            page.show_why()
            found += offences(page, f"Why? before move {move}")
        if move % 5 == 1:
            page.show_hint()
            found += offences(page, f"Hint at move {move}")
        page.request(rng.choice(page.history.legal_actions()))
        found += offences(page, f"after move {move}")
    assert page.history.is_over
    found += offences(page, "the banner")
    page.review_game(threaded=False)
    for k in range(min(6, len(page.history.actions))):
        found += offences(page, f"review, move {k + 1}")
        page.review_step(1)
    review = page.computer_review.review
    assert review is not None
    for k in range(min(4, len(review.rows))):
        page.computer_review.rows.value = k
        found += offences(page, f"the computer's review, row {k}")
    assert not found, f"{game}:\n" + "\n".join(sorted(set(found))[:30])


def test_warpairs_refusals_say_the_rule_in_words_and_the_engine_keeps_its_id() -> None:
    page = GamePage.for_game("warpairs", board=board_for("warpairs"), seed=11,
                             seats={1: "random"})
    from wpp.warpairs.actions import Mulligan

    two = Mulligan(tuple(sorted(page.history.view(0).hand)[:2]))
    with pytest.raises(IllegalAction) as err:
        new_game("warpairs", seed=11).apply(two)
    assert err.value.rule == "R11" and "(R11)" in str(err.value)   # the engine's data
    page.request(two)
    message = page.notes.html.value
    assert "Refused" in message and "mulligan is exactly 3 cards" in message, message
    assert not re.search(r"\bR\d", message), message


#: What the computer's Why? and the review's explanations must not say to a newcomer: the
#: software the AIs come from, their ids in capitals, dates of their versions, and words of
#: the analysts' trade (each with a name for the failure message).
JARGON: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("library or AI name", re.compile(r"\b(?:PIPMC|pipmc\w*|pyOFC|CardStock|HAL|Deuces)\b",
                                      re.I)),
    ("date", re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|"
                        r"October|November|December)[- ]\d{4}\b")),
    ("code word", re.compile(r"\b(?:[Dd]eterminis\w*|objective:|1/rank|scaled rank)")),
)


def jargon(page: GamePage[Any], where: str) -> list[str]:
    """What the side panel (Why?, Hint, the review's steps) says that :data:`JARGON` names."""
    text = _strip(page.side.view.html.value)
    return [f"{where}: {what} {m.group(0)!r} in {text[max(0, m.start() - 50):m.end() + 20]!r}"
            for what, pattern in JARGON for m in pattern.finditer(text)]


def test_the_jargon_scan_finds_what_it_looks_for() -> None:
    bad = "PIPMC: Determinise the cards; objective: mean rank (June 2019); pyOFC; mean 1/rank"
    assert {what for what, p in JARGON if p.search(bad)} == {w for w, _ in JARGON}
    fine = "Hit or fold: 12 points, 2 of 4, the odds, 10♥, You −1, Round 20, a pair of 7s"
    assert not any(p.search(fine) for _, p in JARGON)


def _computer_seats(game: str) -> list[tuple[str, float | None]]:
    """Each registered agent of ``game``, at the smallest budget where it has one."""
    from widgets.page.seats import budget_option
    from wpp.core.registry import registered_agents
    out: list[tuple[str, float | None]] = []
    for name in registered_agents(game):
        option = budget_option(game, f"agent:{name}")
        small = option is not None and isinstance(option[1], int)    # playouts, not a rate
        out.append((f"agent:{name}", 2.0 if small else None))
    return out


CASES = [(g, c, b) for g in registered_games() for c, b in _computer_seats(g)]


@pytest.mark.parametrize(("game", "choice", "budget"), CASES,
                         ids=[f"{g}-{c.partition(':')[2]}" for g, c, _ in CASES])
def test_the_computers_why_and_the_review_say_no_jargon(game: str, choice: str,
                                                        budget: float | None) -> None:
    """Regression: Pairs' Why? after a game said "PIPMC", "Determinise", "June 2019". Every
    registered agent plays seat 2; the person plays at random; Why? during and after the game
    and the review's steps are scanned."""
    rng = random.Random(3)
    players = game_def(game).default_players
    seats = {s: "random" for s in range(1, players)}
    seats[1] = choice
    page = GamePage.for_game(game, board=board_for(game), players=players, seed=3,
                             seats=seats, budgets={1: budget} if budget else {},
                             review_budget=_small(game))
    found: list[str] = []
    for move in range(400):
        if page.history.is_over:
            break
        if move % 2 == 0:
            page.show_why()
            found += jargon(page, f"Why? before move {move}")
        page.request(rng.choice(page.history.legal_actions()))
    assert page.history.is_over
    page.show_why()
    found += jargon(page, "Why? after the game")
    page.review_game(threaded=False)
    for k in range(min(8, len(page.history.actions))):
        found += jargon(page, f"review, move {k + 1}")
        page.review_step(1)
    assert not found, f"{game}:\n" + "\n".join(sorted(set(found))[:30])
