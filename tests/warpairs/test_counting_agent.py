"""The counting AI: the counted facts on hand-made positions, the author's sure wins of §8.2
found (and only true ones: every proven line is played out against opponents holding any
cards), twos demoted once every ace is gone, explanations, and legal play from the view
alone over many games."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.actions import PlayCards
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.counting_agent import CountingAgent, count, highest_left, sure_win
from wpp.warpairs.ai.random_agent import RandomAgent
from wpp.warpairs.game import play_game
from wpp.warpairs.phases import Phase
from wpp.warpairs.plays import Mode
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step

AI = CountingAgent()
TWOS = parse_cards("2D 2C 2H 2S")
ACES = parse_cards("AD AC AH AS")


def lead(mine: str, theirs: str = "3C 4C 5C 6C", **kw: object) -> GameState:
    return GameState.custom((mine, theirs), to_act=0, **kw)  # type: ignore[arg-type]


def test_count_splits_the_cards_into_gone_pile_and_unseen() -> None:
    s = GameState.custom(("3D 5C", "9S 9H"), to_act=0, discards="AS AH", pile="KD",
                         table=[(1, "7C")], phase=Phase.ANSWER)
    c = count(s.view(0))
    assert c.gone == parse_cards("7C AH AS")
    assert c.pile == parse_cards("KD")
    assert len(c.unseen) == 52 - 2 - 3 - 1
    assert set(c.unseen) | set(c.gone) | set(c.pile) | set(c.hand) == set(CARDS)
    assert not c.aces_gone  # A♦ and A♣ are unseen
    # The unseen cards include the opponent's 9s: the view cannot tell them from the deck.
    assert set(parse_cards("9S 9H")) <= set(c.unseen)


def test_the_discards_count_as_threats_when_the_deck_runs_low() -> None:
    high = count(lead("3D 5H", deck="4D 4H 8S 8H 9D 9C 10D 10C").view(0))
    assert not set(high.gone) & set(high.threats)
    low = count(lead("3D 5H", deck="4D").view(0))
    assert set(low.gone) <= set(low.threats)


def test_aces_gone_and_the_highest_single_left() -> None:
    s = lead("KH 2D 7C", discards="AS AH AD AC KS")
    c = count(s.view(0))
    assert c.aces_gone
    assert highest_left(c, Mode.SINGLE) == parse_cards("KH")
    assert highest_left(c, Mode.PAIR) == parse_cards("KD KC")  # not K♥ (mine) with K♦
    # An ace held by the AI is not one the opponent can play: aces are still "gone".
    assert count(lead("AS 2D 7C", discards="AH AD AC").view(0)).aces_gone


def test_the_explanation_says_which_cards_are_gone_above_a_boss() -> None:
    s = lead("KH 6D 9C 3S 4H 5C 8D", theirs="3C 4C 5D 6C 7C 8C 9D 10C",
             discards="AS AH AD AC KS")
    d = AI.decide(s.view(0))
    note = d.explanation.step("count.highest")
    assert note is not None
    assert str(note.verdict) == "K♠ A♦ A♣ A♥ A♠ are gone: K♥ is the highest single left"


# --- sure wins (§8.2) ---------------------------------------------------------------------

def _cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize("two", TWOS)
def test_king_of_spades_with_any_two_is_a_sure_win(two: Card) -> None:
    s = GameState.custom(((two, *_cards("KS")), "3C 4C 5C 6C"), to_act=0)
    line = sure_win(s.view(0))
    assert line is not None and line.first == _cards("KS")
    assert {r for r, _ in line.answers} == {(a,) for a in ACES}
    assert all(reply == (two,) for _, reply in line.answers)


@pytest.mark.parametrize("other", [c for c in CARDS if c not in TWOS and c != _cards("AS")[0]]
                         + [_cards("2S")[0]])
def test_ace_of_spades_with_any_non_two_or_the_two_of_spades_is_a_sure_win(other: Card) -> None:
    theirs = [c for c in _cards("3C 4C 5C 7D 8H 9H") if c != other][:4]
    s = GameState.custom(((other, *_cards("AS")), theirs), to_act=0)
    assert sure_win(s.view(0)) is not None


@pytest.mark.parametrize("ace", ACES)
def test_two_of_spades_with_any_ace_is_a_sure_win(ace: Card) -> None:
    s = GameState.custom(((ace, *_cards("2S")), "3C 4C 5C 6C"), to_act=0)
    assert sure_win(s.view(0)) is not None


@pytest.mark.parametrize("two", _cards("2D 2C 2H"))
def test_ace_of_spades_with_a_low_two_is_not_sure(two: Card) -> None:
    # A higher two beats the ace, and the low two cannot beat it: no proof, rightly.
    s = GameState.custom(((two, *_cards("AS")), "3C 4C 5C 6C"), to_act=0)
    assert sure_win(s.view(0)) is None


def test_a_longer_line_leads_the_bosses_first() -> None:
    # Every ace and the twos that beat them are gone or held: A♠ then the pair of kings
    # can't be beaten; the 4♦ goes last.
    s = lead("AS KH KS 4D", theirs="3C 5C 6C 7C 8C 9C",
             discards="AD AC AH 2D 2C 2H KD KC")
    line = sure_win(s.view(0))
    assert line is not None
    assert line.first in (_cards("AS"), _cards("KH KS"), _cards("2S"))
    assert line.answers == ()  # nothing can answer it: the opponent must draw


def test_no_proof_when_the_opponent_could_go_out() -> None:
    # The opponent holds one card: leading K♠ lets an ace win the game for them.
    s = GameState.custom(("KS 2D", "AH"), to_act=0)
    assert sure_win(s.view(0)) is None or sure_win(s.view(0)).first != _cards("KS")  # type: ignore[union-attr]


positions = st.tuples(st.integers(0, 10**6), st.integers(2, 4), st.integers(1, 8),
                      st.integers(0, 30))


@settings(max_examples=40, deadline=None)
@given(positions)
def test_every_proven_line_wins_against_any_opponent(p: tuple[int, int, int, int]) -> None:
    """Soundness: wherever a sure win is claimed, the counting AI wins the game against
    random and classic opponents holding any cards (many deals of the unseen cards)."""
    seed, mine, theirs, gone = p
    rng = random.Random(seed)
    deck = list(CARDS)
    rng.shuffle(deck)
    hand, opp = deck[:mine], deck[mine:mine + theirs]
    disc = deck[mine + theirs:mine + theirs + gone]
    s = GameState.custom((hand, opp), to_act=0, discards=disc)
    line = sure_win(s.view(0))
    if line is None:
        return
    for k in range(12):
        world = s.redeal_hidden(0, random.Random(seed * 31 + k))
        opponent = RandomAgent(k) if k % 2 else ClassicAgent()
        g = world
        while g.phase is not Phase.OVER:
            agent = AI if g.to_act == 0 else opponent
            g = step(g, agent.choose(g.view(g.to_act)), narrate=False)[0]
        assert g.winner == 0, f"the proof of {line} failed against {opponent} in {world}"


# --- twos once the aces are gone ------------------------------------------------------------

def test_twos_become_outliers_once_every_ace_is_gone() -> None:
    theirs = "3C 4C 5D 6C 7C 8C 9D 10C"
    gone = lead("2D 5C 9H QS 6H 8S", theirs=theirs, discards="AS AH AD AC")
    d = AI.decide(gone.view(0))
    assert d.action == PlayCards(_cards("2D"))
    assert d.explanation.step("count.aces_gone") is not None
    assert d.explanation.step("count.differs") is not None
    assert ClassicAgent().choose(gone.view(0)) == PlayCards(_cards("5C"))
    # With an ace unseen the two keeps its edge: the classic lead.
    live = lead("2D 5C 9H QS 6H 8S", theirs=theirs, discards="AS AH AD")
    assert AI.choose(live.view(0)) == PlayCards(_cards("5C"))


# --- the agent as a player ------------------------------------------------------------------

def check(view_state: GameState) -> None:
    view = view_state.view(view_state.to_act)
    d = AI.decide(view)
    assert d.action in view.legal_actions()
    assert AI.choose(view) == d.action
    data = d.explanation.to_json()
    assert json.loads(json.dumps(data)) == data
    # View only: any re-deal of the hidden cards gives the same decision and explanation.
    other = view_state.redeal_hidden(view_state.to_act, random.Random(7))
    again = AI.decide(other.view(other.to_act))
    assert again.action == d.action and str(again.explanation) == str(d.explanation)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_decisions_are_legal_and_depend_on_the_view_alone(seed: int) -> None:
    s = GameState.new(seed)
    opponent = RandomAgent(seed)
    while s.phase is not Phase.OVER:
        if s.to_act == 0:
            check(s)
            a = AI.choose(s.view(0))
        else:
            a = opponent.choose(s.view(1))
        s = step(s, a, narrate=False)[0]


def _games(n: int) -> None:
    for seed in range(n):
        seat = seed % 2
        agents: list[object] = [ClassicAgent(), ClassicAgent()] if seed % 3 else [
            RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = AI
        g = play_game(agents, seed=seed, history=False)  # type: ignore[arg-type]
        assert g.is_over  # every action passed the engine's checks


def test_counting_plays_whole_games() -> None:
    _games(60)


@pytest.mark.slow
def test_ten_thousand_counting_games() -> None:
    _games(10_000)
