"""For a classroom: a deal (and a move) opened by link, and the lessons' landing section of the
home page (order, minutes, the rules card)."""

from __future__ import annotations

import json

import pytest

from widgets.lessons.shared.rules_card import RulesCard as AnyRulesCard
from widgets.lessons.warpairs.card import RulesCard
from widgets.lessons.warpairs.mulligan import MulliganLesson
from widgets.lessons.warpairs.replay import GameReplay
from widgets.lessons.warpairs.segment import SegmentLesson
from widgets.site.home import NOTEBOOKS, entries, home_html
from wpp.core.registry import registered_games
from wpp.warpairs.deal import DEAL_SIZE, deal


def test_a_link_opens_its_deal_and_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "seed=7&move=5")
    m = MulliganLesson()
    assert m.seed.seed == 7 and m.hand == tuple(sorted(deal(7)[:DEAL_SIZE]))
    assert SegmentLesson().seed.seed == 7
    r = GameReplay()
    assert r.game.seed == 7 and r.position == 5


@pytest.mark.parametrize("query", ["seed=x", "seed=-3", "seed=99999999999", "move=999", ""])
def test_a_bad_link_falls_back_to_the_lesson_deal(monkeypatch: pytest.MonkeyPatch,
                                                  query: str) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    r = GameReplay(seed=5)
    assert r.game.seed == 5 and r.position == 1


def test_every_lesson_says_how_long_it_takes() -> None:
    lessons = [e for e in entries() if e.kind == "lesson"]
    for e in lessons:
        assert e.href is not None
        meta = json.loads((NOTEBOOKS / e.href).read_text(encoding="utf-8"))["metadata"]
        assert e.minutes == meta["wpp"]["minutes"] and 0 < e.minutes <= 60, e.href
    page = home_html()
    assert '<ol class="wpp-home-lessons">' in page
    for e in lessons:
        assert f"{e.minutes} min" in page
    total = sum(e.minutes or 0 for e in lessons)
    assert f"about {total} minutes in all" in page and "the rules on one card" in page


def test_the_rules_card_is_closed_unless_asked() -> None:
    assert " open>" not in RulesCard().html.value.split("<summary>")[0]
    assert " open>" in RulesCard(open_=True).html.value.split("<summary>")[0]
    assert "rules under" in RulesCard().summary()


def test_every_lesson_can_be_presented_full_screen() -> None:
    """A presenter mode without a CDN: a switch shows the lesson widget alone on the page,
    enlarged (a CSS class), and back; the switch itself is in a bar stuck to the top of the
    window, across it, so it floats over no content (the page scrolls:
    tests/browser/test_browser_present.py checks it in Chromium)."""
    import ipywidgets as w

    from widgets.lessons.shared.base import LESSON_CSS

    lesson = MulliganLesson(seed=20)
    bar = lesson.root.children[1]
    assert isinstance(bar, w.HBox)
    toggle = bar.children[-1]          # after the class box
    assert isinstance(toggle, w.ToggleButton) and "Present" in toggle.description
    toggle.value = True
    assert "wpp-present" in lesson.root._dom_classes
    toggle.value = False
    assert "wpp-present" not in lesson.root._dom_classes
    present = LESSON_CSS.split(".wpp-app.wpp-present {")[1].split("}")[0]
    assert "zoom" in present and "position: fixed" not in present      # in the page's flow
    pinned = LESSON_CSS.split(".wpp-app.wpp-present > .wpp-present-bar {")[1].split("}")[0]
    assert "position: sticky" in pinned and "top: 0" in pinned and "fixed" not in pinned


def test_a_closed_rules_card_opens_when_presented() -> None:
    """Regression: presenting a closed rules card filled the screen with its one closed line
    (seen in 10 lessons at 1280×720 and 1920×1080); presented, it opens, and closes again
    after."""
    import ipywidgets as w

    for game in registered_games():
        card = AnyRulesCard(game)
        toggle = next(c for bar in card.root.children if isinstance(bar, w.HBox)
                      for c in bar.children if isinstance(c, w.ToggleButton))
        assert " open>" not in card.html.value
        toggle.value = True
        assert " open>" in card.html.value and "wpp-present" in card.root._dom_classes
        toggle.value = False
        assert " open>" not in card.html.value


@pytest.mark.parametrize("query", ["", "class=ABC123&name=Ana"])
def test_in_the_browser_alone_the_class_box_says_a_class_needs_the_server(
        monkeypatch: pytest.MonkeyPatch, query: str) -> None:
    """On the static site "Join a class" opened a code and a nickname whose Join did nothing
    (the browser has no class store): the box now says why, and records nothing."""
    import widgets.lessons.shared.classroom as classroom

    def no_store(*args: object, **kwargs: object) -> None:
        raise AssertionError("there is no class store in the browser")

    monkeypatch.setattr(classroom, "IN_BROWSER", True)
    monkeypatch.setattr(classroom, "ClassStore", no_store)
    box = classroom.ClassBox(query=query)
    if not query:
        assert box.box.children == (box.open_button,)
        box.open_button.click()
    assert box.box.children == (box.status,)
    assert "needs your teacher&#x27;s server" in box.status.value
    box.join()
    classroom.report_answer("q1", "yes", True, lesson="03", box=box)
    assert box.student is None and box.sent == 0
