"""The lessons' widgets driven by clicks, without a browser: the stepper shows the steps of an
explanation in order, forward and back; "your turn" scores a pick; every lesson widget shows
what ``wpp.warpairs.teach`` computes. Clicks are ``button.click()`` — the handlers a click in the
page
reaches."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as w
import pytest

from widgets.lessons.shared.picker import CardPicker
from widgets.lessons.warpairs.figures import LADDER_EXAMPLES, cycle_figure, ladder_figure
from widgets.lessons.warpairs.mulligan import MulliganLesson
from widgets.lessons.warpairs.replay import GameReplay
from widgets.lessons.warpairs.rules import (
    PRESETS,
    BeatExplorer,
    CardText,
    GameWalkthrough,
    PlayInspector,
    Quiz,
    SceneViewer,
)
from widgets.lessons.warpairs.segment import SegmentLesson
from widgets.lessons.warpairs.start import DealPreview
from widgets.parts.stepper import Stepper
from wpp.core.explain import Explanation, Step
from wpp.core.standard_deck import parse_cards
from wpp.warpairs.ai import mulligan
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.lookup import classify
from wpp.warpairs.teach.replay import record_game
from wpp.warpairs.teach.rules import inspect, judge_hand, scenes


def text(widget: w.HTML) -> str:
    """What an HTML widget says, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", " ", widget.value))


def squash(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


def mulligan_explanation() -> Explanation:
    return mulligan(parse_cards("2C 2S 3D 3H 4C 4H 4S 6C 8H 9H 9S 10D JC QC KS AH"))[1]


# --------------------------------------------------------------------------- the stepper

def test_stepping_forward_and_back_shows_the_steps_in_order() -> None:
    e = mulligan_explanation()
    s = Stepper(e)
    seen = []
    s.on_step(seen.append)
    titles = [st.title for st in e.steps]
    shown = [squash(text(s.html))]
    while not s.next_button.disabled:
        s.next_button.click()
        shown.append(squash(text(s.html)))
    assert len(shown) == len(titles) == 5
    for i, (body, title) in enumerate(zip(shown, titles, strict=True), start=1):
        assert body.startswith(f"Step {i} of 5: {title}")
        assert e.steps[i - 1].verdict in body
    assert s.label.value == "step 5 of 5" and s.back_button.disabled is False
    back = []
    while not s.back_button.disabled:
        s.back_button.click()
        back.append(s.step.title if s.step else "")
    assert back == titles[-2::-1]
    assert seen == [1, 2, 3, 4, 3, 2, 1, 0]
    assert s.index == 0 and s.back_button.disabled and not s.next_button.disabled


def test_the_stepper_marks_the_chosen_row_and_the_highlighted_cards() -> None:
    e = mulligan_explanation()
    s = Stepper(e)
    s.go(2)
    chosen = re.findall(r'<tr class="wpp-chosen">(.*?)</tr>', s.html.value)
    assert len(chosen) == 1 and "straight 8 9 10 J Q" in chosen[0]
    outlined = re.findall(r'aria-label="([^"]+)"', s.html.value.split("<table")[0])
    assert outlined == [str(c) for c in e.steps[2].cards]
    assert s.html.value.count('stroke="#d4a017"') >= len(e.steps[2].highlight)


def test_all_steps_at_once_and_no_steps() -> None:
    e = mulligan_explanation()
    s = Stepper(e)
    s.all_box.value = True
    body = text(s.html)
    assert all(st.title in body for st in e.steps)
    assert s.next_button.disabled and s.back_button.disabled
    s.all_box.value = False
    assert s.label.value == "step 1 of 5"
    empty = Stepper()
    assert empty.summary() == "no explanation" and empty.next_button.disabled
    one = Stepper(Explanation("One", [Step("Only step", verdict="done")]))
    assert one.next_button.disabled and one.back_button.disabled
    assert one._repr_mimebundle_()["text/plain"] == "step 1 of 1 — Only step"


# (lessons 3, 4 and 5, predict then reveal: tests/lessons/test_lessons_predict.py)


# --------------------------------------------------------------------------- lesson 2

def test_the_picker_limits_and_dims() -> None:
    p = CardPicker(limit=2)
    a, b, c = parse_cards("AS KS QS")
    p.set_unavailable([c])
    p.button_for(c).click()
    assert p.selected == ()
    p.button_for(a).click()
    p.button_for(b).click()
    assert "wpp-selected" in p.button_for(a)._dom_classes
    p.button_for(a).click()
    assert p.selected == (b,) and "wpp-selected" not in p.button_for(a)._dom_classes


def test_the_inspector_follows_the_picked_cards() -> None:
    insp = PlayInspector("7S")
    assert insp.summary() == inspect(parse_cards("7S")).summary()
    insp.picker.button_for(parse_cards("7H")[0]).click()
    assert "a pair of sevens" in text(insp.out)
    for label, cards in PRESETS:
        insp.presets.value = cards
        info = inspect(parse_cards(cards))
        assert insp.summary() == info.summary(), label
        assert ("No play" in text(insp.out)) == (not info.is_play)
    insp.clear_button.click()
    assert insp.picker.selected == () and insp.summary() == "no cards picked"


def test_the_beat_explorer_judges_the_hand() -> None:
    b = BeatExplorer()
    for value in [v for _, v in b.tables.options]:
        b.tables.value = value
        table = classify(value)
        hand = [c for c in deal(b.seed.seed)[:DEAL_SIZE] if c not in table.cards]
        judged = judge_hand(hand, table)
        assert [j.play for j in b.judged] == [j.play for j in judged]
        body = text(b.out)
        described = {(j.play.describe(), j.legal) for j in judged}
        legal = {d for d, ok in described if ok}
        assert (f"{len(legal)} of the {len(described)} different plays your hand can make "
                "beat") in body
        # Regression: rows that read the same were listed (and counted) once per way; and
        # the plays that beat the table were hidden below the ones that do not.
        shown = [(j.play.describe(), j.legal) for j, _ in b.rows]
        assert len(shown) == len(set(shown)) == len(described)
        flags = [ok for _, ok in shown]
        assert flags == sorted(flags, reverse=True)
        assert sum(n for _, n in b.rows) == len(judged)
        assert "wpp-scroll" not in b.out.value


def test_a_sixth_card_is_refused_out_loud() -> None:
    """Regression: the 6th card picked in 02's inspector was refused silently."""
    insp = PlayInspector("4H 5S 6D 7C 8H")
    insp.picker.button_for(parse_cards("9S")[0]).click()
    assert len(insp.picker.selected) == 5
    assert "Refused: a play is at most 5 cards" in text(insp.out)
    insp.picker.button_for(parse_cards("8H")[0]).click()        # put one back: the note goes
    assert "Refused" not in text(insp.out)


def test_the_examples_list_does_not_keep_a_stale_label() -> None:
    """Regression: the examples list kept showing the last example after the cards changed,
    and choosing it again did nothing."""
    insp = PlayInspector("7S")
    label, cards = PRESETS[2]
    insp.presets.value = cards
    assert insp.presets.value == "" and insp.picker.selected == tuple(sorted(parse_cards(cards)))
    insp.clear_button.click()
    insp.presets.value = cards
    assert insp.picker.selected == tuple(sorted(parse_cards(cards))), label


# (the quiz: tests/lessons/test_lessons_quiz.py)


def test_the_scene_viewer_steps_through_each_scene() -> None:
    v = SceneViewer()
    for i, scene in enumerate(scenes()):
        v.choice.value = i
        frames = scene.frames()
        assert v.frame == 0 and v.back_button.disabled
        for f in frames[1:]:
            v.next_button.click()
            assert f.narration in text(v.story)
        assert v.next_button.disabled


def test_the_walkthrough_follows_the_game_and_the_rules() -> None:
    g = GameWalkthrough(seed=22)
    game = record_game(22)
    assert g.slider.max == len(game.moves)
    g.next_button.click()
    g.next_button.click()
    m = game.moves[1]
    assert m.headline() in text(g.story)
    assert "R11" in text(g.used) and "R12" in text(g.used)
    g.go(len(game.moves))
    assert "20" in text(g.used) and g.next_button.disabled
    assert "Game over" in text(g.board)


def test_cards_from_text() -> None:
    c = CardText("7S 10h")
    assert c.summary() == "cards from text: 7♠ 10♥"
    c.box.value = "7S 7s"
    assert "duplicate card" in c.summary() and "R3" in c.out.value


def test_the_deal_preview_hides_the_other_hand() -> None:
    d = DealPreview(seed=4)
    theirs = deal(4)[DEAL_SIZE:2 * DEAL_SIZE]
    assert not any(f'aria-label="{c}"' in d.html.value for c in theirs)
    d.reveal.value = True
    assert all(f'aria-label="{c}"' in d.html.value for c in theirs)


@pytest.mark.parametrize("lesson", [DealPreview, PlayInspector, BeatExplorer, Quiz, SceneViewer,
                                    GameWalkthrough, CardText, MulliganLesson, SegmentLesson,
                                    GameReplay])
def test_every_lesson_shows_itself_with_a_summary(lesson: Any) -> None:
    x = lesson()
    bundle = x._repr_mimebundle_()
    assert bundle["text/plain"] == x.summary() == repr(x)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert {"wpp-app", "wpp-lesson"} <= set(x.root._dom_classes)


def test_the_figures_are_drawn() -> None:
    assert cycle_figure().axes[0].get_title().startswith("Twos beat aces")
    labels = [t.get_text() for t in ladder_figure().axes[0].get_yticklabels()]
    assert labels == [classify(text_).category.label for text_, _ in LADDER_EXAMPLES]
