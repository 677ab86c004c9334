"""Pairs' page with plain calls: a game is played to the end against each kind of AI and
each rule set, bad input changes nothing, and the page shows only what the person's view
holds (re-dealing every hidden card changes nothing on it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from widgets.games.pairs.page import RULE_SETS, HitOrFold, PairsPage
from widgets.parts.explain_view import explanation_html
from widgets.parts.faces import cards_html, face_of
from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.pairs.cards import CARD
from wpp.pairs.game import PAIRS
from wpp.pairs.lesson import exercises


def shown(page: PairsPage) -> tuple[str, ...]:
    return (page.table.value, page.status.value, page.banner.value, page.log.value,
            page.reasons.value)


@pytest.mark.parametrize("rules", list(RULE_SETS))
@pytest.mark.parametrize("agent", ["pipmc", "expected", "random"])
def test_a_game_is_played_to_the_end(agent: str, rules: str) -> None:
    page = PairsPage(seed=4, opponents=2, agent=agent, rules=rules)
    page.why.value = True
    rng = random.Random(4)
    for _ in range(300):
        if page.view.over:
            break
        assert page.view.my_turn and not page.hit_button.disabled
        page.act(rng.choice([m.value for m in page.view.legal_actions()]))
    assert page.view.over and "Game over" in page.banner.value
    assert page.hit_button.disabled and page.fold_button.disabled
    assert "game over" in page.summary()


def test_the_ai_explains_itself_and_the_hint_gives_exact_odds() -> None:
    page = PairsPage(seed=1, opponents=3, agent="pipmc")
    page.why.value = True
    page.act("hit")
    assert "Play out each move 10 times" in page.reasons.value
    if page.view.my_turn:
        page.hint_button.click()
        assert "chance of pairing" in page.reasons.value


def test_bad_input_changes_nothing() -> None:
    page = PairsPage(seed=1, opponents=1, agent="random")
    before = page.session.history.state
    page.act("stand")
    assert "hit or fold" in page.status.value and page.session.history.state == before
    with pytest.raises(WppError):
        page.start(1, 6, "random", "CardStock (the blog)")
    with pytest.raises(WppError):
        page.start(1, 2, "random", "no such rules")


def test_the_page_shows_only_the_persons_view(monkeypatch: pytest.MonkeyPatch) -> None:
    page = PairsPage(seed=6, opponents=3, agent="expected")
    for move in ("hit", "hit", "fold", "hit"):
        if page.view.my_turn:
            page.act(move)
    before = shown(page)
    state = page.session.history.state
    redealt = PAIRS.redeal_hidden(state, 0, random.Random(1))
    assert redealt.stock != state.stock or redealt.burned != state.burned
    monkeypatch.setattr(History, "state", property(lambda self: redealt))
    page._draw()
    assert shown(page) == before


def test_card_faces_and_explanations_draw_pairs_cards() -> None:
    # The shared faces draw Pairs' cards (the value, in the ink Pairs registers for it).
    assert face_of(CARD[7]).ink != face_of(CARD[8]).ink
    assert 'aria-label="7"' in cards_html([CARD[7]]) and "wpp-pic-back" in cards_html([None])
    page = PairsPage(seed=2, opponents=1, agent="pipmc")
    decision = page.session.decide_for(0, __import__("wpp").make_agent("pairs", "pipmc"))
    html = explanation_html(decision.explanation)
    assert "wpp-pic" in html and "wpp-chosen" in html


def test_hit_or_fold_feedback() -> None:
    quiz = HitOrFold(exercises(3, seed=9))
    quiz.answer(quiz.items[0].best.value)
    assert "Agreed" in quiz.feedback.value and "answered" in quiz.summary()
    other: Any = "fold" if quiz.items[0].best.value == "hit" else "hit"
    quiz.answer(other)
    assert "disagrees" in quiz.feedback.value
    quiz.next.click()
    assert quiz.summary().startswith("exercise 2 of 3")
