"""Lesson 9's and lesson 11's widgets, moved off the old hand-written pages: Pairs' faces and
explanations, the "hit or fold?" exercises, and the Pokeros sandbox (both seats by hand on the
game's board)."""

from __future__ import annotations

from typing import Any

import pytest

import wpp
from widgets.lessons.pairs.hit_or_fold import HitOrFold, rules_html
from widgets.lessons.pokeros.sandbox import PokerosSandbox
from widgets.parts.explain_view import explanation_html
from widgets.parts.faces import cards_html, face_of
from wpp.core.errors import WppError
from wpp.pairs.cards import CARD
from wpp.pairs.lesson import exercises
from wpp.pokeros import teach


def test_card_faces_and_explanations_draw_pairs_cards() -> None:
    # The shared faces draw Pairs' cards (the value, in the ink Pairs registers for it).
    assert face_of(CARD[7]).ink != face_of(CARD[8]).ink
    assert 'aria-label="7"' in cards_html([CARD[7]]) and "wpp-pic-back" in cards_html([None])
    g = wpp.new_game("pairs", seed=2, players=2)
    decision = wpp.make_agent("pairs", "pipmc").decide(g.view(g.to_act))
    html = explanation_html(decision.explanation)
    assert "wpp-pic" in html and "wpp-chosen" in html
    assert "R10" in rules_html() and "triangular deck" in rules_html()


def test_hit_or_fold_feedback() -> None:
    quiz = HitOrFold(exercises(3, seed=9))
    quiz.answer(quiz.items[0].best.value)
    assert "Agreed" in quiz.feedback.value and "answered" in quiz.summary()
    other: Any = "fold" if quiz.items[0].best.value == "hit" else "hit"
    shown = quiz.feedback.value
    with pytest.raises(WppError, match="already answered"):   # one answer per exercise
        quiz.answer(other)
    assert quiz.feedback.value == shown and quiz.answers == {0: quiz.items[0].best.value}
    quiz.next.click()
    assert quiz.summary().startswith("exercise 2 of 3")
    quiz.answer("fold" if quiz.items[1].best.value == "hit" else "hit")
    assert "disagrees" in quiz.feedback.value


def test_the_sandbox_shows_the_rules_quirk_and_plays_both_seats() -> None:
    deck, moves = teach.quirk_position()
    strict = PokerosSandbox(deck=deck, setup=moves, flags={"stash": 1})
    strict.select(strict.view.stash[0])
    assert (1, 0) not in strict.lit_cells()
    original = PokerosSandbox(deck=deck, setup=moves,
                              flags={"stash": 1, "strict_run_limit": False})
    original.select(original.view.stash[0])
    assert (1, 0) in original.lit_cells()
    to_act = original.history.to_act
    original.click_cell((1, 0))          # previews
    preview = original.board.preview.value
    assert original.history.to_act == to_act
    assert "to the right of the centre card would score" in preview
    # A lesson's board speaks a newcomer's words: no cell numbers, no line of settings.
    assert "(1, 0)" not in preview and "run limit" not in original.board.scores.value
    assert all("(" not in b.tooltip for b in original.board.grid._cards.values())
    original.click_cell((1, 0))          # places; the other seat is to play
    assert original.history.to_act != to_act
    assert f"P{original.history.to_act + 1} to play" in original.summary()


def test_the_sandbox_answers_only_after_the_click_and_names_whose_stash_is_counted() -> None:
    """Regression (issue 27): lesson 11's answer ("could the 5♦ fill the gap?") was an open
    <details> before the click; the header said "P1 holds 0 cards" while the text said "you
    hold the 5♦" (the count is the other seat's)."""
    deck, moves = teach.quirk_position()
    box = PokerosSandbox(deck=deck, setup=moves, flags={"stash": 1}, reveal="Answer: no.")
    assert "Answer" not in box.after.value
    me = box.history.to_act
    head = box.board.scores.value
    assert f"P{me + 1} (you)" in head and f"P{2 - me} holds" in head
    assert f"P{me + 1} (you) holds" not in head
    card = box.view.stash[0]
    button = next(b for b in box.board.stash if b.card == card)
    button.click()                        # the learner's click, through the page's button
    assert box.board.selected == card and "Answer: no." in box.after.value


def test_hit_or_fold_counts_the_unseen_cards_and_names_one_player() -> None:
    """Regression (issue 27): "the 49 cards you cannot see:" was followed by 49 faces, face
    up; the verdict named "the expected-value player" where the lesson says "a careful
    player"."""
    quiz = HitOrFold(exercises(3, seed=9))
    v = quiz.items[0].view
    unseen = v.unseen()
    board = quiz.board.value
    assert f"the {unseen.total()} cards still unseen (in the deck or burned)" in board
    assert "cannot see" not in board
    assert board.count("×") == sum(1 for n in unseen.values() if n)
    for n in unseen.values():
        if n:
            assert f"×{n}</span>" in board
    wrong: Any = "fold" if quiz.items[0].best.value == "hit" else "hit"
    quiz.answer(wrong)
    assert "The careful player disagrees" in quiz.feedback.value
    assert "expected-value" not in quiz.feedback.value
