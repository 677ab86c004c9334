"""Lessons 3, 4 and 5 ask before they tell: the learner commits (3 mulligan cards, a choice of
poker hands, a move among the legal ones), and only then does the page hold the AI's answer,
the comparison measure by measure, and its reasoning. Before the commit the answer is in no
widget's state (what the page receives), not just out of sight.

Clicks are ``button.click()`` — the handlers a click in the page reaches."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.lessons.warpairs.mulligan import MulliganLesson
from widgets.lessons.warpairs.replay import GameReplay, thresholds_html
from widgets.lessons.warpairs.segment import SegmentLesson
from wpp.core.standard_deck import CARDS, Card, format_cards, parse_cards
from wpp.warpairs.actions import PlayCards
from wpp.warpairs.ai import mulligan, segment
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.teach.mulligan import best_pick, compare
from wpp.warpairs.teach.predict import compare_moves, move_groups, thresholds
from wpp.warpairs.teach.replay import record_game, typed_deck
from wpp.warpairs.teach.segment import compare_choices, segment_choices


def text(widget: w.HTML) -> str:
    """What an HTML widget says, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def states(root: w.Widget) -> Iterator[str]:
    """Every string value of every widget under ``root`` (what the page receives of it)."""
    stack: list[object] = [root]
    seen: set[int] = set()
    while stack:
        x = stack.pop()
        if not isinstance(x, w.Widget) or id(x) in seen:
            continue
        seen.add(id(x))
        for key in x.keys:
            v = getattr(x, key, None)
            if isinstance(v, str):
                yield v
            elif isinstance(v, tuple | list):
                for item in v:
                    if isinstance(item, str):
                        yield item
                    elif isinstance(item, tuple):
                        yield from (i for i in item if isinstance(i, str))
                    else:
                        stack.append(item)
            elif isinstance(v, w.Widget):
                stack.append(v)


def everything(*roots: w.Widget) -> str:
    return "\n".join(s for r in roots for s in states(r))


# --------------------------------------------------------------------------- lesson 3

def tap(lesson: MulliganLesson, card: Card) -> None:
    """Click ``card`` in the learner's hand."""
    button = lesson.your_hand.button_for(card)
    assert button is not None
    button.click()


def test_the_mulligan_asks_before_it_tells() -> None:
    lesson = MulliganLesson(seed=20)
    ai, _ = mulligan(lesson.hand)
    page = everything(lesson.root, lesson.stepper.root, lesson.result, lesson.best_html)
    assert format_cards(ai) not in page and "Mulligan" not in page
    assert not lesson.reveal.shown and lesson.stepper.explanation is not None
    assert lesson.stepper.count == 0 and lesson.compare_button.disabled
    assert "AI" not in lesson.summary().split("?")[0]


def test_the_mulligan_reveals_and_scores_measure_by_measure() -> None:
    lesson = MulliganLesson(seed=20)
    hand = lesson.hand
    pick = (hand[0], hand[5], hand[-1])
    for c in pick:
        tap(lesson, c)
    assert not lesson.reveal.shown
    lesson.compare_button.click()
    expected = compare(hand, pick)
    assert lesson.comparison == expected and lesson.reveal.shown
    assert lesson.stepper.explanation == mulligan(hand)[1] and lesson.stepper.index == 0
    shown = text(lesson.result)
    assert expected.verdict() in shown
    for label, yours, ai, _how in expected.rows()[1:]:
        assert label in shown and yours in shown and ai in shown
    assert expected.verdict() in lesson.summary()
    # the answer locks: more clicks change nothing
    tap(lesson, pick[0])
    lesson.compare_button.click()
    assert lesson.picked == set(pick) and lesson.comparison == expected
    lesson.best_button.click()
    assert lesson.best == best_pick(hand) and "The AI found it." in text(lesson.best_html)


def test_a_fourth_mulligan_card_is_refused_out_loud() -> None:
    """Regression: a 4th pick was refused silently."""
    lesson = MulliganLesson(seed=20)
    for c in lesson.hand[:4]:
        tap(lesson, c)
    assert lesson.picked == set(lesson.hand[:3])
    assert "exactly 3 cards" in text(lesson.message) and "R11" in text(lesson.message)
    lesson.compare_button.click()
    assert text(lesson.message).strip() == ""             # locked in: the warning is gone
    tap(lesson, lesson.hand[0])
    assert text(lesson.message).strip() == ""


def test_a_new_deal_asks_again() -> None:
    lesson = MulliganLesson(seed=20)
    for c in lesson.hand[:3]:
        tap(lesson, c)
    lesson.compare_button.click()
    lesson.seed.new_button.click()
    assert lesson.seed.seed == 21 and lesson.hand == tuple(sorted(deal(21)[:DEAL_SIZE]))
    assert not lesson.reveal.shown and lesson.comparison is None and lesson.picked == set()
    assert lesson.stepper.count == 0


def test_enter_in_the_seed_field_deals() -> None:
    """Regression: Enter did nothing in seed fields. The field syncs its value on Enter only
    (``continuous_update`` off); a synced value deals."""
    lesson = MulliganLesson(seed=20)
    assert lesson.seed.field.continuous_update is False
    lesson.seed.field.value = 7
    assert lesson.hand == tuple(sorted(deal(7)[:DEAL_SIZE]))


def num(x: object) -> int:
    """A table cell that must be a number."""
    assert isinstance(x, int), x
    return x


def test_the_mulligan_table_shows_every_tie_break() -> None:
    """Regression: on deal 20 five candidates tie at 0 outliers / strength 0; the deciding
    rank sum and the AI's order are columns now, and the order follows them."""
    _, e = mulligan(tuple(sorted(deal(20)[:DEAL_SIZE])))
    step = e.step("mulligan.candidates")
    assert step is not None and step.chosen_row is not None
    cols = list(step.columns)
    o, s, r, k = (cols.index(c) for c in ("outliers", "strength of outliers",
                                           "rank sum discarded", "order"))
    ranked = sorted((row for row in step.rows if row[k] is not None), key=lambda x: num(x[k]))
    keys = [(num(x[o]), -num(x[s]), num(x[r])) for x in ranked]
    assert keys == sorted(keys) and num(step.rows[step.chosen_row][k]) == 1
    assert len({x[o] for x in ranked}) < len(ranked)  # a real tie to break


# --------------------------------------------------------------------------- lesson 4

def test_the_segment_asks_before_it_tells() -> None:
    lesson = SegmentLesson(seed=3, size=13)
    page = everything(lesson.root, lesson.stepper.root, lesson.result, lesson.choice_html,
                      lesson.choice)
    assert "← the AI's choice" not in page and "The AI's choice:" not in page
    assert lesson.stepper.count == 0 and lesson.lock_button.disabled
    # the offered answers are in name order: their order gives nothing away
    assert list(lesson.question.options) == sorted(lesson.question.options)
    assert lesson.choices[0].label in lesson.question.options


@given(st.integers(0, 400), st.integers(8, 20), st.data())
@settings(max_examples=12, deadline=None)
def test_the_segment_reveal_scores_any_answer(seed: int, size: int, data: st.DataObject) -> None:
    lesson = SegmentLesson(seed=seed, size=size)
    label = data.draw(st.sampled_from(list(lesson.question.options)))
    lesson.question.value = label
    lesson.lock_button.click()
    mine = lesson.answers[label]
    expected = compare_choices(mine, segment_choices(lesson.hand)[0])
    assert lesson.comparison == expected and lesson.reveal.shown
    assert expected.verdict() in text(lesson.result)
    assert lesson.stepper.explanation == segment(lesson.hand)[1]
    assert lesson.choices[lesson.choice.value] == mine
    # the learner can never beat the AI on its own order: it keeps the best allowed choice
    assert expected.better in ("ai", "same")
    assert lesson.question.disabled and lesson.lock_button.disabled


def test_the_segment_table_shows_every_tie_break() -> None:
    """Regression: deal 3 had two straights tied at 4 outliers / strength 33 with the
    deciding rule only in a footnote; the top-card sum and the order are columns now."""
    _, e = segment(tuple(sorted(deal(3)[:13])))
    step = e.step("segment.poker")
    assert step is not None and step.chosen_row is not None
    cols = list(step.columns)
    o, s, c, t, k = (cols.index(x) for x in ("outliers left", "strength of outliers",
                                              "category sum", "top-card sum", "order"))
    rows = sorted(step.rows, key=lambda x: num(x[k]))
    keys = [(num(x[o]), -num(x[s]), -num(x[c]), -num(x[t])) for x in rows]
    assert keys == sorted(keys) and num(step.rows[step.chosen_row][k]) == 1
    tied = [x for x in rows if (x[o], x[s]) == (rows[0][o], rows[0][s])]
    assert len(tied) >= 2 and num(tied[0][t]) > num(tied[1][t])


def test_enter_in_the_typed_hand_applies_it() -> None:
    """Regression: Enter did nothing in 04's typed-hand box."""
    lesson = SegmentLesson()
    assert lesson.typed.continuous_update is False
    lesson.typed.value = "5D 5C 6H 6S 7D 7C 8H 8S 9D 9C"   # what Enter syncs
    assert len(lesson.hand) == 10 and not lesson.reveal.shown
    lesson.typed.value = "5D 5D"
    assert "duplicate card" in text(lesson.message) and len(lesson.hand) == 10


# --------------------------------------------------------------------------- lesson 5

def test_the_replay_asks_before_it_tells() -> None:
    r = GameReplay(seed=108)
    game = record_game(108)
    r.go(3)
    m = game.moves[2]
    assert not r.revealed and m.headline() not in text(r.headline)
    assert "PLAY:" not in everything(r.root, r.stepper.root, r.result)
    assert r.stepper.count == 0 and not r.reveal.shown
    offered = {b.tooltip for b in r.move_buttons}
    legal = {str(a) for a in m.before.legal_actions() if str(a) != "concede"}
    assert offered == legal and str(m.action) in offered


def test_the_replay_reveals_and_compares_a_move() -> None:
    r = GameReplay(seed=108)
    game = record_game(108)
    r.go(3)
    m = game.moves[2]
    other = next(a for a in m.before.legal_actions() if a != m.action and
                 isinstance(a, PlayCards))
    button = next(b for b in r.move_buttons if b.tooltip == str(other))
    button.click()
    assert r.revealed and r.comparison == compare_moves(m.before, other, m.action)
    assert m.headline() in text(r.headline) and "The AI's move is different:" in text(r.result)
    assert "play play" not in text(r.result)
    assert f"the item “{m.item}”" in text(r.result)          # its name, not its number
    assert r.question.layout.display == "none"
    assert r.stepper.explanation == m.explanation
    # a second click on another answer changes nothing: the answer is locked
    r.show_button.click()
    assert r.answers[3] == other
    # the move navigation and the step navigation are labelled apart
    assert "move" in r.next_button.description and "step" in r.stepper.next_button.description
    r.next_button.click()
    assert r.position == 4 and not r.revealed
    assert game.moves[2].narration in text(r.headline)        # what changed since


def test_the_replay_jump_list_does_not_keep_a_stale_label() -> None:
    """Regression: choosing a moment kept its label, and choosing it again did nothing."""
    r = GameReplay(seed=108)
    moments = record_game(108).moments()
    i, _tag = moments[0]
    r.moments.value = i + 1
    assert r.position == i + 1 and r.moments.value == 0
    r.go(1)
    r.moments.value = i + 1
    assert r.position == i + 1


def test_the_replay_states_every_threshold() -> None:
    """Regression: 05's aggressive-play thresholds were only in docs/ai.md."""
    from wpp.warpairs.ai.decide import (
        AGGRESSIVE_MAX_OUTLIERS,
        AGGRESSIVE_OPPONENT_CARDS,
        DESPERATE_OPPONENT_CARDS,
        POWER_SINGLES_OPPONENT_CARDS,
    )
    r = GameReplay(seed=5)
    page = everything(r.root)
    for n in (AGGRESSIVE_OPPONENT_CARDS, AGGRESSIVE_MAX_OUTLIERS, POWER_SINGLES_OPPONENT_CARDS,
              DESPERATE_OPPONENT_CARDS):
        assert f"{n} card" in page or f"{n} outlier" in page
    assert len(thresholds()) >= 5
    # A learner's table: rows named in words, no section numbers (issue 27: "6.32, ...").
    assert not any(re.search(r"\d\.\d", where) for where, _ in thresholds())
    assert not re.search(r"<td>\d\.\d", thresholds_html())


@pytest.mark.parametrize("seed", [5, 108])
def test_every_move_offers_its_legal_moves_grouped(seed: int) -> None:
    for m in record_game(seed).moves[2:]:
        groups = move_groups(m.before)
        flat = [a for _, acts in groups for a in acts]
        assert len(flat) == len(set(flat))
        assert set(flat) == {a for a in m.before.legal_actions() if str(a) != "concede"}
        assert m.action in flat


def test_a_step_says_what_changed_since_the_last() -> None:
    lesson = MulliganLesson(seed=20)
    for c in lesson.hand[:3]:
        tap(lesson, c)
    lesson.compare_button.click()
    s = lesson.stepper
    assert "Since the last step" not in s.html.value           # step 1: nothing before
    s.next_button.click()
    e = s.explanation
    assert e is not None
    assert "Since the last step" in s.html.value and "step 1 concluded" in text(s.html)
    s.back_button.click()
    assert "Since the last step" not in s.html.value


def test_a_typed_hand_is_asked_about_or_refused() -> None:
    """Typed hands in 03, as in 04: Enter applies the 16 cards; a bad text says why."""
    lesson = MulliganLesson(seed=20)
    assert lesson.typed.continuous_update is False
    cards = "2C 2S 3D 3H 4C 4H 4S 6C 8H 9H 9S 10D JC QC KS AH"
    lesson.typed.value = cards
    assert lesson.source == "your 16 cards" and len(lesson.hand) == 16
    assert not lesson.reveal.shown and lesson.stepper.count == 0
    lesson.typed.value = "2C 3D"
    assert "16 cards (R10), not 2" in text(lesson.message) and len(lesson.hand) == 16
    lesson.typed.value = "2C 2C"
    assert "duplicate" in text(lesson.message)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.permutations(CARDS), st.booleans())
def test_typed_hands_are_dealt_and_the_rest_keeps_the_seeds_order(
        seed: int, shuffled: list[Card], both: bool) -> None:
    """05's typed hands: P1 (and P2, if typed) hold exactly the typed cards, the deck is the
    seed's deal without them, in its order, and every card is dealt once."""
    p1, p2 = tuple(shuffled[:DEAL_SIZE]), tuple(shuffled[DEAL_SIZE:2 * DEAL_SIZE])
    text = format_cards(p1, ascii=True) + (" / " + format_cards(p2, ascii=True) if both else "")
    deck = typed_deck(text, seed)
    assert sorted(deck) == sorted(CARDS) and deck[:DEAL_SIZE] == p1
    if both:
        assert deck[DEAL_SIZE:2 * DEAL_SIZE] == p2
    typed = set(p1) | (set(p2) if both else set())
    rest = [c for c in deal(seed) if c not in typed]
    assert list(deck[(2 if both else 1) * DEAL_SIZE:]) == rest
    game = record_game(seed, deck=deck)
    assert game.typed and sorted(game.start.hands[0]) == sorted(p1)


def test_the_replay_plays_typed_hands_or_refuses_them_with_the_rule() -> None:
    """Regression: 05 accepted no typed hands (03 and 04 did)."""
    lesson = GameReplay(seed=5)
    assert lesson.typed.continuous_update is False           # Enter applies it
    before = lesson.game
    for bad, why in (("2C 3D", "16 cards (R10), not 2"), ("2C 2C", "duplicate card"),
                     ("2C 1X", "'1X' is not a card"),
                     ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D / 2C 3H 4H 5H 6H "
                      "7H 8H 9H 10H JH QH KH AH 2S 3S 4S", "both hands: one deck, each card "
                      "once (R1)")):
        lesson.typed.value = bad
        assert why in html.unescape(lesson.message.value) and lesson.game is before
    mine = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D"
    lesson.typed.value = mine
    assert lesson.message.value == "" and lesson.game.typed and lesson.position == 1
    assert sorted(lesson.game.start.hands[0]) == sorted(parse_cards(mine))
    assert "typed hands (seed 5)" in lesson.summary() and not lesson.revealed
    lesson.seed.field.value = 6                               # a seed deals again
    assert not lesson.game.typed and lesson.game.seed == 6
