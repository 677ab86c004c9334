"""Reading the opponent's cards from the record (:mod:`wpp.warpairs.ai.inference`): the real deal is
always among the consistent ones, every world is the player's own position with hidden cards
that explain the record, the worlds are sharper than uniform re-deals, and where the record
cannot be read (an opponent unlike the classic AI, a hand-made position, the mulligan) the
search falls back to uniform worlds."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.errors import WppError
from wpp.core.standard_deck import Card
from wpp.warpairs.ai.classic import ClassicAgent, classic_decision
from wpp.warpairs.ai.inference import Inference
from wpp.warpairs.ai.mulligan import mulligan_cards
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.ai.search import SearchAgent, SearchResult, determinise, search
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

CLASSIC = ClassicAgent()


def classic_game(seed: int) -> list[GameState]:
    """Every state of a classic-against-classic game."""
    s = GameState.new(seed)
    out = [s]
    while s.phase is not Phase.OVER:
        s = step(s, CLASSIC.choose(s.view(s.to_act)), narrate=False)[0]
        out.append(s)
    return out


def readable(states: list[GameState]) -> Iterator[tuple[GameState, View]]:
    """Each state whose player to act can read the record, with that player's view."""
    for s in states:
        if s.phase is not Phase.OVER and Inference.applies(view := s.view(s.to_act)):
            yield s, view


def truth_of(inf: Inference, seed: int) -> list[Card]:
    """The hypothesis that is the real deal."""
    d = deal(seed)
    return [d[i] for i in inf.slots] + [d[i] for i in inf.rest]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9))
def test_the_real_deal_is_consistent_and_worlds_are_the_players_position(seed: int) -> None:
    for _, view in readable(classic_game(seed)):
        inf = Inference(view, random.Random(seed))
        score, replayed = inf.check(truth_of(inf, seed))
        assert score == len(view.record) and replayed is not None
        assert replayed.view(view.player) == view  # never rules out the truth
        if inf.solve(300):
            w = inf.world(random.Random(1), steps=3)
            assert w.view(view.player) == view
            # The opponent's mulligan in the world is the classic AI's, from its dealt cards.
            other = 1 - view.player
            first = DEAL_SIZE * other
            dealt = tuple(sorted(inf.deal_of(inf.hypothesis)[first:first + DEAL_SIZE]))
            assert mulligan_cards(dealt) == w.mulligans[other]


def test_the_worlds_are_sharper_than_uniform_re_deals() -> None:
    """Over the positions of a few games: how many of the opponent's real cards a world
    gives it, on average, with the record read and with uniform re-deals."""
    read = uniform = 0.0
    n = 0
    for seed in range(4):
        for s, view in readable(classic_game(seed)[::2]):
            inf = Inference(view, random.Random(seed))
            if not inf.solve(600):
                continue
            other = 1 - view.player
            real = set(s.hands[other])
            rng = random.Random(0)
            for _ in range(5):
                read += len(real & set(inf.world(rng, steps=5).hands[other])) / len(real)
                uniform += len(real & set(determinise(view, rng).hands[other])) / len(real)
                n += 1
    assert n >= 40
    assert read / n > uniform / n + 0.04, (read / n, uniform / n)  # measured: 0.30, 0.23


def test_where_the_record_cannot_be_read_the_worlds_are_uniform() -> None:
    # At the mulligan, and in a position set up by hand: nothing to read.
    start = GameState.new(3)
    assert not Inference.applies(start.view(0))
    custom = GameState.custom(("3D 5C 9H", "4C 6D")).view(0)
    assert not Inference.applies(custom)
    with pytest.raises(WppError, match="history"):
        Inference(custom, random.Random(0))
    r = search(custom, random.Random(0), playouts=30)
    assert r.worlds_from == "uniform" and r.checks == 0
    # Against a random opponent no deal explains its play as an AI's: the reading says the
    # opponent looks like a random player, and the record narrows the deals little.
    s = GameState.new(11)
    agents = (CLASSIC, RandomAgent(11))
    results: list[SearchResult] = []
    while s.phase is not Phase.OVER and len(results) < 4:
        view = s.view(s.to_act)
        if s.to_act == 0 and Inference.applies(view) and len(view.record) > 6:
            results.append(search(view, random.Random(1), playouts=20, checks=200))
        s = step(s, agents[s.to_act].choose(view), narrate=False)[0]
    assert results and all(r.worlds_from == "record" and r.checks > 0 for r in results)
    reads = [r.read for r in results if r.read is not None]
    assert len(reads) == len(results)
    assert all(x.rate > 0.5 and "random player" in x.opponent for x in reads), reads


def test_the_search_reads_the_record_against_the_classic_ai() -> None:
    froms = []
    for _, view in readable(classic_game(2)):
        r = search(view, random.Random(5), playouts=20)
        froms.append(r.worlds_from)
        assert r.chosen in view.legal_actions()
        assert r.classic == classic_decision(view, explain=False)[0]
    assert "record" in froms


def test_the_explanation_says_where_the_worlds_came_from() -> None:
    notes = []
    for _, view in readable(classic_game(2)):
        d = SearchAgent(seed=5, playouts=20).decide(view)
        step_ = d.explanation.step("search.candidates")
        if step_ is not None and step_.notes:
            notes.append(str(step_.notes[0]))
    assert any("counted by how well it explains the opponent's" in n and "the opponent plays "
               "like the club player" in n for n in notes), notes
    custom = GameState.custom(("3D 5C 9H", "4C 6D"), to_act=0).view(0)
    d = SearchAgent(seed=1, playouts=30).decide(custom)
    table = d.explanation.step("search.candidates")
    assert table is not None
    assert str(table.notes[0]) == ("the practice deals are any deal of the cards you cannot "
                                   "see, each as likely")
