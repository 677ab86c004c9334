"""What the 5-card draw page's Hint and Why? show before the draw: the exact agent's odds of
each discard, written with the kit's card symbols, and naming nothing the player cannot see."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.classic.draw import DrawAI
from wpp.classic.game import DRAW
from wpp.core.explain import Ref, Words

#: A card in the ASCII form ("4C", "10H", "TD"): the tables use ♣♠♥♦, so the words must too.
ASCII_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def _texts(expl: object) -> list[str]:
    out = [str(expl.title), str(expl.summary)]  # type: ignore[attr-defined]
    for step in expl.steps:  # type: ignore[attr-defined]
        out += [str(t) for t in step.texts()]
    return out


def _refs(expl: object) -> set[object]:
    cards: set[object] = set()
    for step in expl.steps:  # type: ignore[attr-defined]
        cards.update(step.cards)
        for row in step.rows:
            for cell in row:
                if isinstance(cell, tuple):
                    cards.update(cell)
        for t in step.texts():
            if isinstance(t, Words):
                for r in t.refs:
                    cards.update(r.cards)
            elif isinstance(t, Ref):
                cards.update(t.cards)
    return cards


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4))
def test_the_exact_agents_words_use_card_symbols(seed: int, players: int) -> None:
    g = wpp.new_game("draw", seed=seed, players=players)
    expl = DrawAI().decide(g.view(0)).explanation
    for text in _texts(expl):
        assert not ASCII_CARD.search(text), text


def test_the_summary_names_the_kept_cards_with_symbols() -> None:
    g = wpp.new_game("draw", seed=1)
    analysis = DrawAI().analyse(g.view(0))
    summary = analysis.summary()
    assert summary.startswith("Best: ")
    kept = " ".join(str(c) for c in analysis.best.keep)
    assert kept in summary and not ASCII_CARD.search(summary)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 2**32))
def test_the_hint_before_the_draw_reveals_nothing_hidden(seed: int, players: int,
                                                         twin: int) -> None:
    """The exact agent's explanation for the player about to draw names only their own five
    cards, and is the same when every card they cannot see is re-dealt (the twin test)."""
    g = wpp.new_game("draw", seed=seed, players=players)
    seat = g.to_act
    view = g.view(seat)
    expl = DrawAI().decide(view).explanation
    assert _refs(expl) <= set(view.hand)
    twin_view = DRAW.view(g.redeal_hidden(seat, random.Random(twin)), seat)
    assert twin_view == view
    assert DrawAI().decide(twin_view).explanation.to_json() == expl.to_json()
    # the odds of every legal discard are there, best first
    options = next(s for s in expl.steps if s.id == "draw.options")
    assert options.title == "Every discard you may make, best first"
    assert len(options.rows) == min(8, len(view.legal_actions()))
