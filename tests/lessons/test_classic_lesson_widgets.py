"""Lesson 8's widgets driven by clicks in Python: what each shows after each click."""

from __future__ import annotations

from widgets.lessons.draw.classic_poker import (
    PRESETS,
    ClassicRanking,
    Disagreements,
    DrawTable,
    SideBySideView,
)
from wpp.classic.draw import DrawAI, DrawRules, StandPat, explain, play_draw
from wpp.classic.game import Discard
from wpp.core.standard_deck import parse_cards
from wpp.poker.ranking import evaluate
from wpp.warpairs.teach.versus_poker import EXAMPLES


def click_cards(picker_or_hand: object, text: str) -> None:
    for c in parse_cards(text):
        button = picker_or_hand.button_for(c)  # type: ignore[attr-defined]
        assert button is not None, c
        button.click()


def test_ranking_names_the_picked_hand_and_marks_its_step() -> None:
    r = ClassicRanking()
    r.picker.clear()
    assert r.summary() == "classic ranking: 0 cards picked — pick 5 more"
    click_cards(r.picker, "AS KS QS JS 10S")
    assert r.summary().endswith("Royal Flush (class 7462 of 7,462)")
    assert '<tr class="wpp-here"><td>9</td><td>Straight Flush</td>' in r.html.value
    click_cards(r.picker, "9S")  # a sixth card is refused by the picker
    assert len(r.picker.selected) == 5


def test_ranking_presets_cover_each_category_in_order() -> None:
    r = ClassicRanking()
    for i, (name, cards) in enumerate(PRESETS):
        assert evaluate(cards).category.label == name
        r.menu.index = i
        assert name in r.summary()


def test_side_by_side_follows_the_clicks() -> None:
    s = SideBySideView()
    assert "a straight, 2♦ high (wrap-around)" in s.summary()
    assert "wrap-around straight exists only in WarPairsPoker" in s.html.value
    click_cards(s.picker, "2D")   # lower the 2♦: four unrelated cards
    assert "no classic hand: 4 cards" in s.summary()
    assert "no play: four cards must be two pair" in s.summary()
    click_cards(s.picker, "10S")  # 10-J-Q-K-A: a straight in both games
    assert "Straight, Ace high" in s.summary() and "a straight, A♠ high" in s.summary()
    assert "the same hand in both games" in s.html.value


def test_side_by_side_presets_are_the_one_hand_examples() -> None:
    s = SideBySideView()
    labels = [label for label, _ in s.menu.options]
    assert "The 4-card two pair" in labels and "Twos beat aces" not in labels  # a duel
    s.menu.label = "Three of a kind with kickers"
    assert "no play: three of a kind is always played as 3 cards" in s.summary()


def test_disagreements_step_through_every_example() -> None:
    d = Disagreements()
    assert d.back.disabled and d.summary().startswith("example 1 of 13: Suit order")
    seen = [d.summary()]
    while not d.next.disabled:
        d.next.click()
        seen.append(d.summary())
    assert len(seen) == len(EXAMPLES)
    assert "Example 13 of 13" in d.html.value
    d.back.click()
    assert d.index == len(EXAMPLES) - 2
    d.menu.value = 2
    assert "Twos beat aces" in d.summary() and "R9" in d.html.value


def test_draw_table_deals_the_seed_hidden_then_plays_the_clicked_discard() -> None:
    t = DrawTable(seed=3)
    dealt = play_draw([StandPat(), StandPat()], rng=3).dealt
    assert t.hand == dealt[0]
    assert all(b.card is None for b in t.ai_view.visible_buttons())  # the AI's hand is hidden
    assert "face down" in t.summary()
    click_cards(t.you, "2S 5C")
    assert "discarding 2♠ 5♣" in t.summary()
    click_cards(t.you, "5C")            # click again: kept after all
    assert "discarding 2♠;" in t.summary()
    click_cards(t.you, "5C 9C")
    click_cards(t.you, "JD")            # a fourth card: refused (at most 3)
    assert "At most 3 cards" in t.status.value and len(t.discard) == 3
    t.draw_button.click()
    r = play_draw([_Fixed(parse_cards("2S 5C 9C")), DrawAI()], rng=3)
    assert t.round is not None and set(t.round.discards[0]) == set(r.discards[0])
    assert t.round.result.hands == r.result.hands
    assert t.draw_button.disabled
    assert [b.card for b in t.ai_view.visible_buttons()] == sorted(r.result.hands[1])
    assert "Why the AI drew as it did" in t.result.value
    assert explain(dealt[1]).best.discard == r.discards[1]
    assert "you win" in t.summary() or "AI wins" in t.summary() or "split" in t.summary()
    click_cards(t.you, sorted(r.result.hands[0])[0].ascii)  # the hand is no longer clickable
    assert set(t.round.discards[0]) == set(r.discards[0])


def test_draw_table_new_deal_resets() -> None:
    t = DrawTable(seed=5)
    t.draw_button.click()
    assert t.round is not None and t.round.discards[0] == ()   # stood pat
    t.seed.new_button.click()
    assert t.round is None and t.seed.seed == 6 and not t.draw_button.disabled
    assert t.hand == play_draw([StandPat(), StandPat()], rng=6).dealt[0]


def test_draw_table_ace_rule_allows_four() -> None:
    rules = DrawRules(ace_allows_four=True)
    seed = next(s for s in range(200)
                if sum(c.rank == 14 for c in play_draw([StandPat(), StandPat()], rules,
                                                       s).dealt[0]) == 1)
    t = DrawTable(seed=seed, rules=rules)
    for c in t.hand:
        if c.rank != 14:
            t.you.button_for(c).click()  # type: ignore[union-attr]
    assert len(t.discard) == 4  # keeping the ace, four may go
    t.you.button_for(next(c for c in t.hand if c.rank == 14)).click()  # type: ignore[union-attr]
    assert len(t.discard) == 4  # but not all five


class _Fixed:
    def __init__(self, cards: tuple[object, ...]) -> None:
        self.cards = cards

    name = "fixed"

    def choose(self, view: object) -> Discard:
        return Discard(tuple(self.cards))  # type: ignore[arg-type]


def test_the_outcome_is_said_once_and_no_empty_box_stays() -> None:
    """Regression: after the draw "You win." was printed twice, beside an empty box."""
    t = DrawTable(seed=1)
    t.draw_button.click()
    said = [t.status.value, t.result.value]
    outcome = next(o for o in ("You win.", "The AI wins.", "Split pot.") if o in said[1])
    assert sum(s.count(outcome) for s in said) == 1
    assert t.status.layout.display == "none"


def test_lesson_tables_are_never_cut_with_an_ellipsis() -> None:
    """Regression: 08's comparison column was cut with "…" on every row: an HTML widget's
    content no longer clips (it wraps or scrolls)."""
    from widgets.lessons.shared.base import LESSON_CSS
    rule = next(r for r in LESSON_CSS.split("}") if ".widget-html-content" in r
                and ".wpp-lesson .widget-html-content" in r.split("{")[0])
    assert "white-space: normal" in rule and "text-overflow: clip" in rule


def test_a_sixth_card_is_refused_out_loud() -> None:
    """Regression: a 6th card picked in 08 was refused silently."""
    for view in (ClassicRanking(), SideBySideView()):
        picked = view.picker.selected
        assert len(picked) == 5
        extra = next(c for c in parse_cards("2C 3C 4C 5C 6C 7C") if c not in picked)
        view.picker.button_for(extra).click()
        assert view.picker.selected == picked
        assert "Refused: a hand is at most 5 cards" in view.html.value
        view.picker.button_for(picked[0]).click()
        assert "Refused" not in view.html.value
