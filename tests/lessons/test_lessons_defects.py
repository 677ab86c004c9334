"""Regression tests for the defects a teacher found in lessons 2, 3, 4, 5 and 13 (issue 27)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.lessons.warpairs.replay import GameReplay
from widgets.lessons.warpairs.rules import TABLES, BeatExplorer
from widgets.lessons.warpairs.segment import SegmentLesson
from wpp.core.standard_deck import parse_cards
from wpp.warpairs.actions import Draw
from wpp.warpairs.teach.drills import STRATEGY, try_move, winning_moves
from wpp.warpairs.teach.mulligan import score_pick
from wpp.warpairs.teach.replay import record_game


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([t for _, t in TABLES]), st.integers(0, 500))
def test_the_beat_table_counts_plays_in_one_unit(table: str, seed: int) -> None:
    """02: the line above the table counted rows, its rule tally counted ways."""
    b = BeatExplorer(table=table, seed=seed)
    m = re.match(r"(\d+) of the (\d+) different plays your hand can make beat .* \((\d+) of "
                 r"(\d+) if every way to pick their cards counts\)\. The rule that decides: "
                 r"(.*)\.$", b.line)
    assert m is not None, b.line
    ok, rows, ways_ok, ways = map(int, m.groups()[:4])
    assert rows == len(b.rows) and ok == sum(j.legal for j, _ in b.rows)
    assert ways == sum(n for _, n in b.rows) and ways_ok == sum(n for j, n in b.rows if j.legal)
    # Per rule, in words (no "R8 0 yes / 14 no" shorthand): "R8 for 14 plays (none beats it)".
    per_rule = re.findall(r"R\d+ for (\d+) plays? \((none beats it|it beats it|all beat it|"
                          r"(\d+) beats? it)\)", m.group(5))
    assert len(per_rule) == len(m.group(5).split(", ")), m.group(5)
    assert sum(int(n) for n, _, _ in per_rule) == rows

    def beat(n: str, words: str, k: str) -> int:
        return int(k) if k else 0 if words.startswith("none") else int(n)
    assert sum(beat(*r) for r in per_rule) == ok


def test_a_typed_straight_flush_is_named_a_straight_flush() -> None:
    """03 labelled the straight flush 3♥–7♥ of a typed hand "straight"."""
    hand = parse_cards("3H 4H 5H 6H 7H 2C 9D JS KC AD 8S 10C QD 2S 9C JD")
    assert score_pick(hand, parse_cards("2C 2S 9C")).poker_hand.startswith("straight flush")
    plain = parse_cards("3H 4C 5H 6H 7H 2C 9D JS KC AD 8S 10C QD 2S 9C JD")
    assert score_pick(plain, parse_cards("2C 2S 9C")).poker_hand.startswith("straight 3")


def test_lock_unlocks_for_a_second_typed_hand() -> None:
    """04: after a first answer, a typed hand's list kept the old tick in the browser; each
    hand now gets a fresh list, nothing ticked, and ticking any answer unlocks Lock."""
    s = SegmentLesson(seed=3)
    first = s.question
    s.question.value = s.question.options[0]
    s.lock_button.click()
    s.typed.value = "3D 4C 5H 6S 7D 7S KH"
    assert s.question is not first and s.ask_box.children == (s.question,)
    assert s.question.value is None and s.lock_button.disabled and not s.question.disabled
    s.question.value = s.question.options[0]          # the same answer as before
    assert not s.lock_button.disabled


def test_the_jump_list_names_no_reason_of_the_ai() -> None:
    """05: "jump to" labels named the AI's reasons ("aggressive play with 2s, kings or aces")
    before the learner answered."""
    r = GameReplay(seed=108)
    tags = {tag for _, tag in record_game(108).moments()}
    labels = [str(label) for label, _ in r.moments.options]
    assert tags and not any(tag in label for tag in tags for label in labels)
    assert all(re.fullmatch(r"Move \d+ · P[12] (to \w+|is drawing)", label) for label in labels[1:])


@pytest.mark.parametrize("drill", STRATEGY, ids=[d.title for d in STRATEGY])
def test_the_strategy_drills_hold_every_card_known(drill: object) -> None:
    """13: the drills showed "discards 46" while the text said the discards were empty, and a
    draw reshuffled them in one fixed order. Now the discards stay out (a draw takes
    nothing), so "wins for sure" does not depend on any shuffle."""
    s = drill.state  # type: ignore[attr-defined]
    assert len(s.discards) == 52 - sum(map(len, s.hands)) and not s.deck and not s.pile
    answers = set()
    for seed in range(30):  # another seed would reshuffle otherwise: the verdict is the same
        answers.add(tuple(str(a) for a in winning_moves(s._replace(seed=seed))))
    assert len(answers) == 1 and len(next(iter(answers))) == 1
    if any(isinstance(a, Draw) for a in s.legal_actions()):
        fb = try_move(drill, Draw())  # type: ignore[arg-type]
        assert fb.after is not None and fb.after.hands == s.hands
