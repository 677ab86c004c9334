"""Pokeros as a registered game: the turn sequence, the end, illegal placements, views,
variants, and its agents."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import IllegalAction, WppError
from wpp.core.history import History
from wpp.core.registry import make_agent
from wpp.core.standard_deck import CARDS, parse_cards
from wpp.pokeros.ai import Greedy, Guard, candidates, expected_max
from wpp.pokeros.game import POKEROS, Place


def play(agents: list[str], seed: int, **flags: object) -> History[Any, Any]:
    history = wpp.new_game("pokeros", seed=seed, **flags)
    bots = [wpp.make_agent("pokeros", a, seed=seed + i) for i, a in enumerate(agents)]
    while not history.is_over:
        history.apply(bots[history.to_act].choose(history.view(history.to_act)))
    return history


def test_the_turn_sequence_draws_to_three_at_the_start_of_ones_turn() -> None:
    g = wpp.new_game("pokeros", seed=4)
    assert len(g.state.placed) == 1 and g.state.placed[0][:2] == (0, 0)
    assert g.view(0).stash_sizes == (3, 0) and g.view(0).deck_size == 48
    g.apply(g.legal_actions()[0])
    assert g.view(0).stash_sizes == (2, 3) and g.view(0).deck_size == 45
    g.apply(g.legal_actions()[0])
    assert g.view(0).stash_sizes == (3, 2) and g.view(0).deck_size == 44


@pytest.mark.parametrize("seed", range(6))
def test_a_greedy_game_has_51_placements_and_ends_with_the_right_winner(seed: int) -> None:
    g = play(["hal", "greedy"], seed)
    assert len(g.actions) == 51 and g.state.deck == () and g.state.stashes == ((), ())
    a, b = g.state.scores
    # The totals are the sums of the awarded points of each side's placements.
    assert (a, b) == (sum(e.scored.awarded for e in g.events if e.player == 0),
                      sum(e.scored.awarded for e in g.events if e.player == 1))
    assert g.returns() == ((0.0, 0.0) if a == b else (1.0, -1.0) if a > b else (-1.0, 1.0))
    assert str(max(a, b)) in g.outcome


def test_a_closed_block_ends_the_game_early() -> None:
    # A stacked deck and a spiral of placements filling a 5x5 square: no legal cell is
    # left after 24 placements, with cards still in the deck.
    deck = list(CARDS)
    g = wpp.new_game("pokeros", deck=deck)
    square = [(x, y) for y in range(-2, 3) for x in range(-2, 3) if (x, y) != (0, 0)]
    square.sort(key=lambda c: max(abs(c[0]), abs(c[1])))
    placed = 0
    while not g.is_over:
        stash = g.view(g.to_act).stash
        legal = set(g.legal_actions())
        move = next(Place(c, *cell) for cell in square for c in stash
                    if Place(c, *cell) in legal)
        g.apply(move)
        placed += 1
    assert placed == 24 and len(g.state.deck) > 20  # cards left, nowhere to go
    assert "wins" in g.outcome or "tie" in g.outcome
    assert g.legal_actions() == [] and g.view(0).stashes is not None


def test_illegal_placements_name_the_rule_and_change_nothing() -> None:
    g = wpp.new_game("pokeros", seed=2)
    before = g.state
    mine = g.view(0).stash[0]
    other = next(c for c in CARDS if c not in g.view(0).stash and c != g.state.placed[0][2])
    for action, rule in ((Place(other, 1, 0), "R3"), (Place(mine, 0, 0), "R4"),
                         (Place(mine, 5, 5), "R4")):
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert err.value.rule == rule
        assert g.state == before
    with pytest.raises(WppError):
        Place.of("7S", 1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(WppError, match="multiplier"):
        wpp.new_game("pokeros", multiplier="triple")
    with pytest.raises(WppError, match="stash"):
        wpp.new_game("pokeros", stash=0)
    # The command line reads "multiplier=none" as None: that is no multiplier.
    assert wpp.new_game("pokeros", multiplier=None).rules.multiplier == "none"


def test_the_original_run_check_is_a_flag_the_engine_uses() -> None:
    # Play the top card each turn (stash=1) from a stacked deck: 2 3 4 _ 6 7 in row 0,
    # reached through row 1. Filling the gap at (1, 0) would make a run of six.
    moves = [("3D", -1, 0), ("2C", -2, 0), ("9D", 0, 1), ("8S", 1, 1), ("7H", 2, 1),
             ("6S", 2, 0), ("7C", 3, 0)]
    top = parse_cards("4H " + " ".join(m[0] for m in moves) + " 5D")
    deck = [*top, *(c for c in CARDS if c not in top)]
    for strict in (True, False):
        g = wpp.new_game("pokeros", deck=deck, stash=1, strict_run_limit=strict)
        for card, x, y in moves:
            g.apply(Place.of(card, x, y))
        assert g.view(g.to_act).stash == parse_cards("5D")
        gap = Place.of("5D", 1, 0)
        if strict:
            assert gap not in g.legal_actions()
            with pytest.raises(IllegalAction, match="more than 5"):
                g.apply(gap)
        else:
            assert gap in g.legal_actions()
            g.apply(gap)
            row = sorted(x for x, y, _ in g.state.placed if y == 0)
            assert row == [-2, -1, 0, 1, 2, 3]           # a run of six, as the original
            # Windows stay at five cards inside the run of six: the best one through 5♦
            # holding cards on both sides is 2 3 4 5 6 (found first, five cards first).
            (made,) = g.events[-1].scored.hands
            assert made.hand.name == "five-card straight" and made.cells[0] == (-2, 0)
def test_views_hide_the_other_stash_and_the_deck() -> None:
    g = wpp.new_game("pokeros", seed=8)
    g.apply(g.legal_actions()[0])
    v0, v1 = g.view(0), g.view(1)
    assert v1.stash == g.state.stashes[1] and v0.stash == g.state.stashes[0]
    assert v0.stashes is None and v1.stashes is None
    for card in g.state.stashes[1] + g.state.deck:
        assert card not in v0.stash and card not in {c for _, _, c in v0.grid}
    rng = random.Random(1)
    redealt = POKEROS.redeal_hidden(g.state, 0, rng)
    assert POKEROS.view(redealt, 0) == v0 and redealt.stashes[1] != g.state.stashes[1]


def test_the_variants() -> None:
    top = play(["hal", "hal"], 3, stash=1)
    assert len(top.actions) == 51
    assert all(len(s.stashes[s.to_act]) == 1 for s in top.states[:-1])
    stripped = play(["hal", "hal"], 3, stripped=True)
    assert len(stripped.actions) == 31
    assert all(c.rank >= 7 for _, _, c in stripped.state.placed)
    plain = play(["hal", "hal"], 3, multiplier="none")
    assert all(e.scored.awarded == e.scored.raw for e in plain.events)


def test_hal_takes_the_most_raw_points_and_greedy_the_most_awarded() -> None:
    g = wpp.new_game("pokeros", seed=5)
    for _ in range(20):
        view = g.view(g.to_act)
        cands = candidates(view.cells, view.stash, view.legal_cells())
        hal, greedy = Greedy("raw", 1).choose(view), Greedy("awarded", 1).choose(view)
        by = {c.action: c for c in cands}
        assert by[hal].raw == max(c.raw for c in cands)
        assert by[greedy].awarded == max(c.awarded for c in cands)
        g.apply(hal)


def test_explanations_list_the_candidates_with_their_hands_and_the_choice() -> None:
    g = play(["hal", "hal"], 6)
    g.undo(30)
    view = g.view(g.to_act)
    d = Greedy("raw", 0).decide(view)
    table = d.explanation.step("pokeros.candidates")
    assert table is not None and table.chosen_row is not None
    chosen = table.rows[table.chosen_row]
    assert chosen[0] == (d.action.card,)
    assert table.row_ids[table.chosen_row] == f"{d.action.card.ascii}@{d.action.x},{d.action.y}"
    s = view.preview(d.action.card, d.action.cell)
    assert chosen[3] == s.raw and chosen[4] == s.awarded
    assert all(h.cards == ref.cards for h, ref in zip(s.hands, chosen[2].refs, strict=True))
    e = Guard(0).decide(view).explanation
    guard = e.step("guard.candidates")
    assert guard is not None and guard.chosen_row is not None
    assert "sets up for them" in guard.columns
    nets = [r[5] for r in guard.rows]
    assert guard.rows[guard.chosen_row][5] == max(nets)


def test_expected_max_is_the_mean_over_every_stash() -> None:
    import itertools
    from statistics import fmean
    values = [0, 3, 3, 7, 1, 0, 12]
    for k in (1, 2, 3):
        brute = fmean(max(c) for c in itertools.combinations(values, k))
        assert expected_max(values, k) == pytest.approx(brute)


def test_the_rules_text_states_every_rule_the_engine_cites_and_every_flag() -> None:
    from dataclasses import fields

    from wpp.core.rulebook import load_rulebook
    from wpp.pokeros.game import PokerosRules

    book = load_rulebook("wpp.pokeros", "rules.md")
    assert list(book) == [f"R{i}" for i in range(1, 9)]
    flags = {book[r].flag_name for r in book if book[r].flag_name}
    assert flags == {f.name for f in fields(PokerosRules)}
    g = wpp.new_game("pokeros", seed=2)
    cited = set()
    for action in (Place(CARDS[0], 0, 0), Place(g.view(0).stash[0], 0, 0),
                   Place(g.view(0).stash[0], 7, 7)):
        try:
            g.apply(action)
        except IllegalAction as err:
            cited.add(err.rule)
    assert cited and cited <= set(book)


def test_the_guard_counts_the_opponents_stash_in_words() -> None:
    """"they hold 1 card", never "1 cards" (small stashes under the ``stash`` flag)."""
    seen = set()
    for size in (1, 2):
        g = wpp.new_game("pokeros", seed=2, stash=size)
        rng = random.Random(size)
        for _ in range(6):
            view = g.view(g.to_act)
            n = view.stash_sizes[1 - view.player]
            expl = Guard().decide(view).explanation
            step = next(s for s in expl.steps if s.id == "guard.unseen")
            noun = "card" if n == 1 else "cards"
            assert f"they hold {n} {noun} and draw" in str(step.verdict)
            assert " 1 cards" not in str(expl)
            seen.add(n)
            g.apply(rng.choice(g.legal_actions()))
    assert 1 in seen


_COORDINATES = re.compile(r"\(-?\d+, ?-?\d+\)|@-?\d+,-?\d+")


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["hal", "guard", "greedy", "random"]))
def test_words_name_cells_never_coordinates(seed: int, agent: str) -> None:
    """A newcomer reads where a card went in words ("to the right of the centre card"), in
    the game's narration and in every AI's explanation and summary — never "(1, 0)"."""
    g = wpp.new_game("pokeros", seed=seed)
    ai = make_agent("pokeros", agent, seed=seed)
    while not g.is_over:
        d = ai.decide(g.view(g.to_act))
        text = str(d.explanation) + str(d.explanation.summary) + str(d.action)
        assert not _COORDINATES.search(text), text
        event = g.apply(d.action)
        assert not _COORDINATES.search(event.text_for(0)), event.text_for(0)
