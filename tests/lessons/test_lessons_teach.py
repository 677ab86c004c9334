"""The lessons' facts (``wpp.warpairs.teach``): what the notebooks show must be what the engine
and the classic AI do. Each test compares the lesson's answer with the engine's own, or with a fact
written down independently (the rules' conformance table, the AI's explanation)."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, parse_cards
from wpp.warpairs import make_agent
from wpp.warpairs.actions import PlayCards
from wpp.warpairs.ai.mulligan import analyse_mulligan
from wpp.warpairs.ai.segment import segments_of
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.game import play_game
from wpp.warpairs.lookup import classify, play_of
from wpp.warpairs.moves import answers
from wpp.warpairs.phases import EndReason
from wpp.warpairs.plays import Mode
from wpp.warpairs.teach.mulligan import best_pick, compare, score_pick
from wpp.warpairs.teach.replay import decided_by, record_game, result_text
from wpp.warpairs.teach.rules import (
    QUIZ,
    RULES,
    inspect,
    judge_hand,
    rules_used,
    scenes,
    tally,
)
from wpp.warpairs.teach.segment import segment_choices

RULES_FILE = Path(__file__).resolve().parents[2] / "docs" / "rules.md"

cards_sets = st.lists(st.sampled_from(CARDS), min_size=0, max_size=6, unique=True)
hands = st.lists(st.sampled_from(CARDS), min_size=1, max_size=26, unique=True)


# --------------------------------------------------------------------------- the rules table

def test_the_rules_table_has_r1_to_r20() -> None:
    assert list(RULES) == [f"R{i}" for i in range(1, 21)]
    assert all(len(line) > 20 for line in RULES.values())


def test_the_rules_table_numbers_the_rules_as_the_rules_file() -> None:
    numbered = re.findall(r"^### (R\d+) · ", RULES_FILE.read_text(encoding="utf-8"), re.M)
    assert numbered == list(RULES)


# --------------------------------------------------------------------------- what cards are

@given(cards_sets)
def test_inspect_agrees_with_the_engine(cards: list) -> None:
    info = inspect(cards)
    assert info.is_play == (bool(cards) and play_of(cards) is not None)
    if info.is_play:
        assert info.play == classify(cards)
        assert info.summary().startswith(" ".join(str(c) for c in info.play.shown))
    else:
        assert info.reason and info.rule in ("R3", "R4", "R5")


def test_inspect_names_the_key_and_the_wrap() -> None:
    rows = dict(inspect(parse_cards("JC QD KH AS 2D")).rows())
    assert rows["mode (R4)"] == "poker"
    assert rows["key (R6)"].startswith("2♦")
    assert rows["straight (R5)"] == "a wrap-around straight"
    bad = inspect(parse_cards("7S 7H 9D 9C 3D"))
    assert not bad.is_play and "two pair" in bad.reason and bad.rule == "R4"


# --------------------------------------------------------------------------- beating a play

@settings(max_examples=40)
@given(hands, st.sampled_from(["AS", "9H", "7D 7S", "AH AS", "AH AS 5D 5C", "9D 9C 9H",
                               "10D JC QH KS AD", "2D 2C 2H 9D 9C"]))
def test_judge_hand_finds_exactly_the_engines_answers(hand: list, table_text: str) -> None:
    table = classify(table_text)
    judged = judge_hand(hand, table)
    legal = sorted(j.verdict.table.cards for j in judged if j.legal)
    assert legal == sorted(p.cards for p in answers(hand, table))
    for j in judged:
        if j.play.mode is not table.mode:
            assert not j.legal and j.rule == "R7"
    assert sum(a + b for a, b in tally(judged).values()) == len(judged)


def test_judge_hand_lists_one_play_of_each_mode_for_a_lead() -> None:
    judged = judge_hand(parse_cards("3D 3C 4H 5S 6D 7C"), None)
    assert [j.play.mode for j in judged] == [Mode.SINGLE, Mode.PAIR, Mode.POKER]
    assert all(j.legal and j.rule == "R13" for j in judged)


# --------------------------------------------------------------------------- the quiz

# The answers and rules written down from the rules' conformance table, not from the engine.
QUIZ_KEY = [(True, "R8"), (False, "R8"), (True, "R9"), (False, "R9"), (False, "R8"),
            (True, "R9"), (False, "R7"), (False, "R8"), (True, "R8"), (False, "R9"),
            (True, "R9"), (False, "R8"), (True, "R9")]


def test_the_quiz_answers_as_the_rules_say() -> None:
    assert [(q.answer, q.verdict().rule) for q in QUIZ] == QUIZ_KEY


@pytest.mark.parametrize("index", range(len(QUIZ)))
def test_the_quiz_scores_an_answer(index: int) -> None:
    q = QUIZ[index]
    right, wrong = q.check(q.answer), q.check(not q.answer)
    assert right.correct and not wrong.correct
    assert right.text.startswith("Right") and wrong.text.startswith("Not quite")
    assert q.verdict().reason in right.text
    assert "may you play" in q.prompt()


# --------------------------------------------------------------------------- scenes and games

def test_every_scene_shows_its_rule() -> None:
    for scene in scenes():
        frames = scene.frames()
        assert len(frames) == len(scene.actions) + 1
        assert any(scene.rule in f.rules for f in frames[1:]) or scene.rule == "R13"
        assert frames[0].next_options.startswith("P")


def test_the_scenes_end_as_the_rules_say() -> None:
    ends = {s.title: s.frames()[-1].state for s in scenes()}
    assert ends["An empty hand wins"].winner == 0
    assert ends["The hand limit"].end_reason is EndReason.HAND_LIMIT
    assert ends["The hand limit"].winner == 1
    assert ends["Conceding"].winner == 1
    assert ends["The turn limit"].end_reason is EndReason.TURN_LIMIT
    assert ends["The turn limit"].winner is None
    assert ends["An empty deck"].reshuffles == 1
    assert ends["The re-draw, once a game"].redraw_used == (True, False)
    passed = next(s for s in scenes() if s.rule == "R16").frames()[1]
    assert "pass" not in passed.next_options and "draw" not in passed.next_options


def test_lesson_two_shows_every_rule_of_a_game() -> None:
    """The walkthrough's game and the scenes together use R10 to R20."""
    game = record_game(22)
    used = {"R10"} | {r for m in game.moves for r in m.rules}
    used |= {r for s in scenes() for f in s.frames() for r in f.rules}
    assert {f"R{i}" for i in range(10, 21)} <= used


def test_rules_used_names_the_judgement_of_an_answer() -> None:
    game = record_game(22)
    for m in game.moves:
        assert set(m.rules) <= set(RULES)
        if isinstance(m.action, PlayCards) and m.before.table is not None:
            assert "R7" in m.rules
            verdict = [r for r in m.rules if r in ("R8", "R9")]
            assert verdict, m.headline()
    assert rules_used(game.moves[0].before, game.moves[0].action, game.moves[0].after) == ("R11",)


# --------------------------------------------------------------------------- recorded games

def test_a_recorded_game_is_the_classic_ais_game() -> None:
    game = record_game(108)
    same = play_game((make_agent("classic"), make_agent("classic")), 108)
    assert [m.action for m in game.moves] == list(same.actions)
    assert game.moves[-1].after == same.state
    for a, b in zip(game.moves, game.moves[1:], strict=False):
        assert a.after == b.before
    assert game.state_at(0) == game.start and game.state_at(3) == game.moves[2].after
    assert game.result() == result_text(same.state) == "P2 wins: P2 emptied their hand"


def test_lesson_fives_game_has_its_interesting_moments() -> None:
    tags = {t for _, t in record_game(108).moments()}
    assert {"aggressive play with 2s, kings or aces", "re-draw", "takes a pile card",
            "a desperate answer", "on aces: a two or a higher ace",
            "the end of the game"} <= tags


def test_a_moment_is_what_the_decision_list_chose() -> None:
    game = record_game(108)
    for i, tag in game.moments():
        m = game.moves[i]
        if tag.startswith("aggressive"):
            # The item's id, and the row the learner sees names section 6.32.
            assert decided_by(m.explanation) in ("power_pair", "power_singles_close")
            step = m.explanation.step("decide.list")
            assert step is not None and step.chosen_row is not None
            assert "(6.32)" in str(step.rows[step.chosen_row][1])
            assert isinstance(m.action, PlayCards)
        if tag == "re-draw":
            assert str(m.action) == "re-draw"


# --------------------------------------------------------------------------- your mulligan

SEEDS = range(0, 120)


@pytest.mark.parametrize("seed", SEEDS[:60])
def test_the_ais_pick_scores_as_the_ai_says(seed: int) -> None:
    for hand in (deal(seed)[:DEAL_SIZE], deal(seed)[DEAL_SIZE:2 * DEAL_SIZE]):
        a = analyse_mulligan(hand)
        s = score_pick(hand, a.cards)
        assert a.chosen.discard is not None
        assert (s.outliers, s.strength) == (a.chosen.discard.n_outliers,
                                            a.chosen.discard.strength)


@pytest.mark.parametrize("seed", [1, 20, 29, 42, 87])
def test_the_ais_pick_is_the_best_there_is(seed: int) -> None:
    """Lesson 3 says so: on these measures no other mulligan beats the AI's."""
    hand = deal(seed)[:DEAL_SIZE]
    ai = score_pick(hand, analyse_mulligan(hand).cards)
    assert best_pick(hand).key() == ai.key()


def test_a_pick_is_measured_the_ais_way() -> None:
    hand = parse_cards("2C 2S 3D 3H 4C 4H 4S 6C 8H 9H 9S 10D JC QC KS AH")
    c = compare(hand, parse_cards("6C 8H 10D"))   # no poker hand: 2 outliers, J and Q
    assert (c.learner.outliers, c.learner.strength) == (2, 23)
    assert (c.ai.outliers, c.ai.strength) == (0, 0)
    assert c.better == "ai" and c.deciding() == "outliers left"
    assert c.verdict() == "The AI's pick is better: it decides on outliers left."
    power = score_pick(hand, parse_cards("2C KS AH"))
    assert power.power == 3 and power.given == 2 + 13 + 14
    same = compare(hand, parse_cards("4C 6C 9H"))
    assert same.better == "same" and same.verdict() == "You chose exactly the AI's cards."


def test_breaking_four_of_a_kind_is_counted_first() -> None:
    hand = deal(29)[:DEAL_SIZE]   # holds four 4s
    fours = [c for c in hand if c.rank == 4]
    assert len(fours) == 4
    s = score_pick(hand, [fours[0], *sorted(c for c in hand if c.rank == 11)[:1],
                          *sorted(c for c in hand if c.rank == 5)[:1]])
    assert s.quads == 1 and s.key() > score_pick(hand, analyse_mulligan(hand).cards).key()


def test_a_pick_must_be_three_cards_of_the_hand() -> None:
    hand = deal(1)[:DEAL_SIZE]
    with pytest.raises(ValueError, match="exactly 3"):
        score_pick(hand, hand[:2])
    outside = next(c for c in CARDS if c not in hand)
    with pytest.raises(ValueError, match="not in the hand"):
        score_pick(hand, (*hand[:2], outside))


def test_the_best_pick_is_the_minimum_of_all_picks() -> None:
    hand = deal(7)[:DEAL_SIZE]
    every = [score_pick(hand, p) for p in combinations(hand, 3)]
    assert best_pick(hand).key() == min(s.key() for s in every)


# --------------------------------------------------------------------------- segment choices

@settings(max_examples=60)
@given(hands)
def test_segment_choices_partition_the_hand(hand: list) -> None:
    choices = segment_choices(hand)
    assert choices[0].chosen and sum(c.chosen for c in choices) == 1
    assert choices[0].segments == segments_of(hand)
    for c in choices:
        assert c.segments.all_cards() == tuple(sorted(hand))
        assert len(c.segments.outliers) == c.n_outliers
        assert sum(o.rank for o in c.segments.outliers) == c.strength


def test_the_ais_choice_is_the_best_allowed_choice() -> None:
    for seed in range(40):
        choices = segment_choices(deal(seed)[:20])
        best = choices[0]
        for c in choices[1:]:
            if c.allowed:
                assert (best.n_outliers, -best.strength) <= (c.n_outliers, -c.strength)
