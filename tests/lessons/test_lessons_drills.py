"""The "your move" drills (lessons 2 and 13): the engine judges every move, and a strategy
drill's "sure win" holds whatever the opponent does."""

from __future__ import annotations

import html
import re

import ipywidgets as w
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.lessons.warpairs.drill import DrillPad
from wpp.core.standard_deck import parse_cards
from wpp.warpairs.actions import Concede, Draw, Pass, PlayCards
from wpp.warpairs.phases import Phase
from wpp.warpairs.teach.drills import (
    DRILLS,
    STRATEGY,
    refutation,
    sure_win,
    try_move,
    winning_moves,
)
from wpp.warpairs.transitions import step

#: The winning lead of each strategy drill, worked out by hand from section 8.2.
WINNING = ["play 4♣", "play 2♣", "play 6♣", "play 2♦"]


def text(widget: w.HTML) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def test_each_strategy_drill_has_exactly_one_winning_lead() -> None:
    assert [[str(a) for a in winning_moves(d.state)] for d in STRATEGY] == [[m] for m in WINNING]
    for d in STRATEGY:
        assert sure_win(d.state)
        for a in d.state.legal_actions():
            if isinstance(a, Concede) or str(a) in WINNING:
                continue
            fb = try_move(d, a)
            assert fb.legal and fb.wins is False
            r = refutation(d.state, a)
            assert r is not None and fb.spoiler.endswith(str(r))


@given(st.sampled_from(range(len(STRATEGY))), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_the_winning_line_wins_against_any_answers(i: int, rnd: object) -> None:
    """Play the winning moves for the learner and any legal answers for the opponent: the
    learner always wins (an independent check of the search)."""
    import random
    assert isinstance(rnd, random.Random)
    s = STRATEGY[i].state
    me = s.to_act
    for _ in range(40):
        if s.is_over:
            break
        if s.to_act == me:
            moves = winning_moves(s)
            assert moves, "the line must stay winning"
            a = moves[0]
        else:
            a = rnd.choice([x for x in s.legal_actions() if not isinstance(x, Concede)])
        s, _ = step(s, a, narrate=False)
    assert s.is_over and s.winner == me


def test_lesson_two_drills_are_judged_by_the_engine() -> None:
    for d in DRILLS:
        legal = {a for a in d.state.legal_actions() if not isinstance(a, Concede)}
        for a in legal:
            fb = try_move(d, a)
            assert fb.legal and fb.wins is None and fb.text
        if d.state.phase is Phase.ANSWER:
            fb = try_move(d, Pass())
            assert not fb.legal and fb.rule == "R16" and "(R16)" in fb.text
        else:
            fb = try_move(d, Draw())
            assert not fb.legal and fb.rule == "R13"


def test_the_pad_refuses_with_the_rule_and_tries_again() -> None:
    pad = DrillPad()
    pad.pass_button.click()                      # answering: a pass is refused
    assert "Refused" in text(pad.result) and "R16" in pad.result.value
    assert pad.play_button.disabled and not pad.again_button.disabled
    pad.again_button.click()
    assert text(pad.result).strip() == "" and pad.feedback is None
    start = pad.board.value
    pad.pick(parse_cards("JH")[0])
    pad.play_button.click()
    assert pad.feedback is not None and pad.feedback.legal
    assert "Remember" in text(pad.result)
    # A legal move is called right, and the board shows the position it made (J♥ on the
    # table, one card fewer in hand); Try again puts the position back.
    assert "Right" in text(pad.result)
    assert pad.board.value != start and "P1 (3)" in pad.board.value
    pad.again_button.click()
    assert pad.board.value == start
    pad.pick(parse_cards("JH")[0])
    pad.play_button.click()
    pad.next_button.click()
    assert pad.index == 1 and pad.feedback is None and "drill 2 of" in pad.label.value


def test_the_strategy_pad_says_which_answer_spoils_a_move() -> None:
    pad = DrillPad(STRATEGY)
    pad.pick(parse_cards("KS")[0])
    pad.play_button.click()
    assert "does not win for sure: P2 answers: play A♠" in text(pad.result)
    pad.again_button.click()
    pad.pick(parse_cards("4C")[0])
    pad.play_button.click()
    assert "wins for sure" in text(pad.result) and "Remember" in text(pad.result)
    assert PlayCards(parse_cards("4C")) in winning_moves(STRATEGY[0].state)


def test_after_a_legal_play_the_hand_shows_the_cards_left_nothing_raised() -> None:
    """Regression (issue 27): the played card stayed in the hand panel, raised and "picked",
    while the board said it was on the table."""
    for drills in (DRILLS, STRATEGY):
        pad = DrillPad(drills)
        d = pad.drill
        me = d.state.to_act
        play = next(a for a in d.state.legal_actions() if isinstance(a, PlayCards))
        for c in play.cards:
            pad.pick(c)
        pad.play_button.click()
        assert pad.feedback is not None and pad.feedback.after is not None
        shown = {b.card for b in pad.hand.visible_buttons()}
        left = set(pad.feedback.after.hands[me])
        assert shown == left and not shown & set(play.cards)
        assert len(left) == len(d.state.hands[me]) - len(play.cards)
        assert pad.picked == set() and "picked)" not in pad.hand.title.value
        pad.again_button.click()                 # Try again: the whole hand is back
        shown = {b.card for b in pad.hand.visible_buttons()}
        assert shown == set(d.state.hands[me]) and "none picked" in pad.hand.title.value
