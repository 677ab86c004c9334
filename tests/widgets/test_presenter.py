"""The page's words, computed without widgets (wpp/warpairs/presenter.py), tested
with plain calls."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from wpp.warpairs import make_agent
from wpp.warpairs.actions import Draw, Pass, Redraw, Stop, TakeFromPile
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase
from wpp.warpairs.presenter import (
    Score,
    Seating,
    instructions_html,
    public_reasons,
    selection_text,
    status_html,
)


def positions(seed: int) -> list[Game]:
    """Every position of one game played by two classic AIs, as games cut there."""
    ai = make_agent("classic")
    g = Game(seed)
    out = []
    while not g.is_over:
        cut = Game(seed)
        for a in g.actions:
            cut.apply(a)
        out.append(cut)
        g.apply(ai.choose(g.view(g.to_act)))
    return out


@given(st.integers(0, 10_000))
def test_the_status_line_offers_only_what_is_possible(seed: int) -> None:
    rng = random.Random(seed)
    g = Game(seed)
    while not g.is_over:
        view = g.view(g.to_act)
        text = instructions_html(view, two_people=True)
        legal = view.legal_actions()
        if view.phase is Phase.DRAWING:
            assert ("draw one more" in text) == any(isinstance(a, Draw) for a in legal)
            assert ("stop" in text) == any(isinstance(a, Stop) for a in legal)
            assert ("re-draw" in text) == any(isinstance(a, Redraw) for a in legal)
        elif view.phase is Phase.ANSWER:
            assert ("Draw" in text) == any(isinstance(a, Draw) for a in legal)
            assert ("pile card" in text) == any(isinstance(a, TakeFromPile) for a in legal)
        elif view.phase is Phase.LEAD:
            assert ("Pass" in text) == any(isinstance(a, Pass) for a in legal)
        choices = [a for a in legal if type(a).__name__ != "Concede"] or legal
        g.apply(rng.choice(choices))


def test_status_shows_the_seed_only_once_the_game_is_over() -> None:
    g = Game(77)
    s = Seating(computer=1)
    live = status_html(g.view(0), seating=s, acting=0, seed=None, outcome=None)
    over = status_html(g.view(0), seating=s, acting=None, seed=77, outcome=(0, "P2 conceded"))
    assert "77" not in live and "mulligan" in live.lower()
    assert "You win!" in over and "seed: 77" in over


def test_public_reasons_name_no_card_the_viewer_has_not_seen() -> None:
    from widgets.games.warpairs.seen import hidden_cards

    checked = 0
    for g in positions(12)[1:]:
        k = len(g.actions) - 1
        if g.events[k].player != 1:
            continue
        e = public_reasons(g, k, viewer=0)
        hidden = hidden_cards(g, 0)
        named = {c for s in e.steps for c in s.cards} | set(e.choice)
        assert not named & hidden
        assert [s.id for s in e.steps] == ["public.move", "public.rule", "public.table"]
        checked += 1
    assert checked > 5


def test_selection_is_judged_from_the_acting_view() -> None:
    g = Game(5)
    view = g.view(0)
    hand = sorted(view.hand)
    assert selection_text(view, [], g.rules) == ""
    assert "exactly 3 cards" in selection_text(view, hand[:2], g.rules)
    assert "ready for the mulligan" in selection_text(view, hand[:3], g.rules)


def test_curtain_and_practice() -> None:
    s = Seating(computer=1)
    assert s.viewer == 0 and not s.face_up(1, to_act=0, over=False)
    s.practice = True
    assert s.viewer is None and s.face_up(1, to_act=0, over=False)
    two = Seating(computer=None, alternate=True)
    assert two.acting(to_act=1, over=False) is None
    two.revealed = 1
    assert two.acting(to_act=1, over=False) == 1 and not two.face_up(0, to_act=1, over=False)


def test_score_counts_each_game_once() -> None:
    s = Score()
    for key, winner in ((1, 0), (1, 0), (2, None), (3, 1)):
        s.record(key=key, winner=winner, computer=1, practice=key == 3)
    assert (s.you, s.computer, s.draws, s.practice) == (1, 1, 1, 1)
