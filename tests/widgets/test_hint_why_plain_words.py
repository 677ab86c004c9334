"""What a player reads in Hint and Why? is in a newcomer's words (issue 38): a walk-through
found "equity", "the exact AI's enumeration", "95% interval [0.684, 0.816]", "0.9 × 0.537 =
0.483", "232 candidates", "± 95%", "net -0.83" and "Hint for P1 from Weighs each placement in
points". The page is played as a person does, through its widgets: Hint (the game's own Hint
AI) on the person's turns, Why? after the computer's, and the panel's text is scanned. The
games come from the registry, so a new game's Hint and Why? are scanned on arrival."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest

from widgets.page.game_page import GamePage
from widgets.site.room import board_for
from widgets.testing import every_game
from wpp.core.registry import game_def, registered_agents
from wpp.core.review import evaluator, review_method

#: What a newcomer must not meet in Hint and Why?, each with a name for the failure message.
JARGON: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("research word", re.compile(r"\b(?:equity|enumerat\w*|candidates?|intervals?|"
                                 r"playouts?|Monte Carlo|significan\w*|sign test|"
                                 r"(?<!practice )(?<!single )(?<!pair )(?<!poker )mode)\b",
                                 re.I)),
    ("formula", re.compile(r"[×±]|\bP\((?:win|tie)\)|\bnet -?\d")),
    ("engine's seat name", re.compile(r"\bP[1-9]\b")),
    ("a verb where a name goes", re.compile(r"\bfrom [A-Z][a-z]+s\b")),
)
#: ("mode" alone is a research word, but WarPairsPoker's rules name its plays' three modes,
#: "single", "pair" and "poker" (R4, R7): its judge says "leads a fresh trick in poker mode".)
#: Why? during a game speaks of the computer's move in public terms: no "outliers" there
#: either ("singles (outliers)"). WarPairsPoker's classic AI keeps the word in its own
#: reasoning (Hint, and Why? after the game): lessons 3 to 5 teach it, and its explanation
#: says what it is ("3 outliers (3 6 9): cards that match no other card").
PUBLIC_ONLY: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("research word", re.compile(r"\boutliers?\b", re.I)),
)


def _text(page: GamePage[Any]) -> str:
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", page.side.view.html.value, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def offences(page: GamePage[Any], where: str, agent_ids: tuple[str, ...],
             public: bool = False) -> list[str]:
    """What the side panel says that :data:`JARGON` names (and :data:`PUBLIC_ONLY` when
    ``public``), or an agent's id."""
    text = _text(page)
    ids = re.compile(r"\b(?:" + "|".join(map(re.escape, agent_ids)) + r") (?:AI|agent)\b")
    found = [(what, m) for what, p in JARGON + (PUBLIC_ONLY if public else ())
             for m in p.finditer(text)]
    found += [("agent id", m) for m in ids.finditer(text)]
    return [f"{where}: {what} {m.group(0)!r} in {text[max(0, m.start() - 60):m.end() + 30]!r}"
            for what, m in found]


def test_the_scan_finds_what_it_looks_for() -> None:
    bad = ("equity 0.39; the exact AI's enumeration; 95% interval [0.68, 0.82]; 232 "
           "candidates; ± 1.2; 0.9 × 0.537; net -0.83; Hint for P1 from Weighs each placement;"
           " singles (outliers); any mode")
    assert {what for what, p in JARGON if p.search(bad)} == {w for w, _ in JARGON}
    assert all(p.search(bad) for _, p in PUBLIC_ONLY)
    fine = ("Hint for you from Club player: wins about 75 in 100 (give or take 7); chance to "
            "win 40%; you score 0, and it sets up about 0.8 points for your opponent; "
            "Pairs; the AI that weighs each placement in points; a trick in poker mode")
    assert not any(p.search(fine) for _, p in JARGON)


#: Every game with its own Hint AI, and WarPairsPoker's "Expert" (the search AI) besides.
CASES = [pytest.param(p.values[0], None, id=p.id, marks=p.marks) for p in every_game()] + [
    pytest.param("warpairs", "search", id="warpairs-search")]


@pytest.mark.parametrize(("game", "hint_ai"), CASES)
def test_hint_and_why_say_what_they_mean_in_plain_words(game: str, hint_ai: str | None) -> None:
    """Each game's page against its default opponent, Hint asking the game's own Hint AI
    (and WarPairsPoker's search AI, the "Expert"), Why? during the game."""
    rng = random.Random(4)
    players = game_def(game).default_players
    page = GamePage.for_game(game, board=board_for(game), players=players, seed=4,
                             review_budget={})
    if hint_ai is not None:
        page.hints.dropdown.value = hint_ai
    ids = tuple(registered_agents(game))
    found: list[str] = []
    hints = 0
    for move in range(60):
        if page.history.is_over or hints >= 3:
            break
        assert page.session.human_to_act is not None
        page.show_why()
        found += offences(page, f"Why? before move {move}", ids, public=True)
        page.show_hint()
        hints += 1
        found += offences(page, f"Hint at move {move}", ids)
        assert "Hint for you from " in _text(page), _text(page)[:200]
        page.request(rng.choice(page.history.legal_actions()))
    assert hints, "no Hint was asked"
    assert not found, f"{game}:\n" + "\n".join(sorted(set(found))[:20])


#: Every agent a game's page offers (its opponent list and its "Hint from" list name every
#: registered agent), per game.
EVERY_AGENT = [pytest.param(p.values[0], agent, id=f"{p.id}-{agent}", marks=p.marks)
               for p in every_game() for agent in registered_agents(p.values[0])]


@pytest.mark.parametrize(("game", "agent"), EVERY_AGENT)
def test_every_offered_agent_explains_itself_in_plain_words(game: str, agent: str) -> None:
    """Issue 38, the reasoning shown in full: OFC's default opponent said "232 candidates",
    "23,200 rollouts" and "± … at 95%", Pairs' "95% interval" and "playouts". Each agent the
    page offers plays every computer seat of an open-hands practice game (Why? shows its
    reasoning in full there, as after a game) and is asked for Hint: both are scanned."""
    rng = random.Random(4)
    players = game_def(game).default_players
    page = GamePage.for_game(game, board=board_for(game), players=players, seed=4,
                             review_budget={}, practice=True,
                             seats={s: f"agent:{agent}" for s in range(1, players)})
    assert page.open_hands()
    page.hints.dropdown.value = agent
    ids = tuple(registered_agents(game))
    found: list[str] = []
    hints = whys = 0
    for move in range(60):
        if page.history.is_over or (hints >= 2 and whys >= 2):
            break
        if hints < 2:
            page.show_hint()
            hints += 1
            assert "Hint for you from " in _text(page), _text(page)[:200]
            found += offences(page, f"{agent}'s Hint at move {move}", ids)
            page.show_hint()
        page.request(rng.choice(page.history.legal_actions()))
        # Why? once the computer has moved (in 5-card draw its one move ends the hand).
        if whys < 2 and any(e.player != 0 for e in page.history.events):
            page.show_why()
            whys += 1
            assert "Why the computer did that" in _text(page), _text(page)[:200]
            found += offences(page, f"{agent}'s Why? after move {move}", ids)
            page.show_why()
    assert hints and whys, (hints, whys)
    assert not found, f"{game}:\n" + "\n".join(sorted(set(found))[:30])


def test_the_hint_names_its_ai_as_the_page_does() -> None:
    """WarPairsPoker's Hint at the mulligan read "Classic AI — your mulligan" while its page
    calls that AI "Club player" (its "Hint from" list and the line above the reasons)."""
    page = GamePage.for_game("warpairs", board=board_for("warpairs"), seed=4,
                             review_budget={})
    page.hints.dropdown.value = "classic"
    assert page.history.view(0).phase.name == "MULLIGAN"
    page.show_hint()
    text = _text(page)
    assert "Hint for you from Club player" in text, text[:200]
    assert "Club player — your mulligan" in text, text[:300]
    assert "Classic AI" not in text


@pytest.mark.parametrize("seed", range(6))
def test_draws_result_names_each_seat_as_a_label(seed: int) -> None:
    """5-card draw's result read "You win (you One Pair…; the computer Two Pair)": "you"
    stood as a label in a sentence. Each seat is now a label with its hand — in the game log
    (the banner's line is short since: whose kind of hand beat whose)."""
    page = GamePage.for_game("draw", board=board_for("draw"), seed=seed, review_budget={})
    rng = random.Random(seed)
    while not page.history.is_over:
        page.request(rng.choice(page.history.legal_actions()))
    assert "(" not in page.ends.outcome()
    result = page.narration(page.history.events[-1])
    assert re.search(r"\(You: [A-Z][a-z]+.* · Computer: [A-Z][a-z]+", result), result
    assert not re.search(r"\b(?:you|You) (?:High|One|Two|Three|Straight|Flush|Full|Four)",
                         result), result


@pytest.mark.parametrize("game", [p.values[0] for p in every_game()])
def test_the_computers_review_says_how_it_judged_in_plain_words(game: str) -> None:
    """The review of a game says how it valued the person's moves: it read "the expected AI's
    choice … 48 re-deals" (OFC), "the search AI's candidates" (WarPairsPoker), "the guard
    AI's choice" (Pokeros). (Its next sentence, "the played action's 95% interval", is the
    page's own: widgets/page/computer_review.py.)"""
    hook = evaluator(game_def(game))
    method = review_method(game_def(game), dict(hook.budget))
    ids = re.compile(r"\b(?:" + "|".join(map(re.escape, registered_agents(game)))
                     + r") (?:AI|agent)\b|\bre-deals?\b")
    found = [m.group(0) for _, p in JARGON for m in p.finditer(method)]
    found += [m.group(0) for m in ids.finditer(method)]
    assert not found, f"{game}: {found} in {method!r}"
