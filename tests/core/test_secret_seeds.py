"""Issue 34, part 1: a hidden seed must hide the deal.

A seed fixes the whole deck, so a player who sees their own 16 cards can deal every seed of
a small range with the kit's own dealing code and keep the one that gives them those cards:
then they know the opponent's hand and the stock. These tests show that attack working in a
small seed space, and check that the seeds the kit draws itself
(:func:`wpp.core.seeds.secret_seed`, rooms, the terminal games) come from the whole range
0 to 2**63 - 1, where the same search is hopeless.
"""

from __future__ import annotations

import math
import random
import secrets
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.checks import MAX_SEED
from wpp.core.seeds import SEEDS_PER_SECOND, secret_seed
from wpp.core.standard_deck import Card
from wpp.services.rooms import RoomStore
from wpp.warpairs.deal import DEAL_SIZE, deal


def recover_seeds(hand: frozenset[Card], below: int) -> list[int]:
    """Every seed below ``below`` whose deal gives the first player ``hand``: the attack, with
    the engine's own dealing code (:func:`wpp.warpairs.deal.deal`)."""
    return [s for s in range(below) if frozenset(deal(s)[:DEAL_SIZE]) == hand]


def attack(space: int) -> None:
    """A game dealt from a seed below ``space`` as the page did; from P1's view alone the
    search finds the seed, and with it the computer's hand and the whole deck order."""
    seed = secrets.randbelow(space)
    game = wpp.new_game("warpairs", seed=seed)
    view = game.view(0)
    found = recover_seeds(frozenset(view.hand), space)
    assert found == [seed]  # one seed only: 16 cards of 52 are about 2**39 hands
    recomputed = wpp.new_game("warpairs", seed=found[0])
    assert recomputed.state.hands[1] == game.state.hands[1]  # the hidden hand, recovered
    assert recomputed.state.deck == game.state.deck          # and the stock's order


def test_a_small_seed_space_gives_the_deal_away() -> None:
    """The attack, fast: seeds below 2**14."""
    attack(2**14)


@pytest.mark.slow
def test_seeds_below_2_to_the_20_give_the_deal_away() -> None:
    """The attack over 2**20 seeds (a few seconds on one core): any range a loop can cover —
    10**9 takes about 80 minutes at 218,000 seeds a second — is no secret."""
    attack(2**20)


def test_the_full_seed_range_is_out_of_reach() -> None:
    """The expected work of the attack on :func:`secret_seed`'s seeds: 2**63 seeds / 218,000
    per second ≈ 4.2 * 10**13 s, over a million years on one core (half that on average)."""
    years = MAX_SEED / SEEDS_PER_SECOND / (365.25 * 24 * 3600)
    assert years > 1_000_000
    assert 10**9 / SEEDS_PER_SECOND < 5_000  # the old range: under an hour and a half


@settings(max_examples=20, deadline=None)
@given(bits=st.integers(min_value=48, max_value=62))
def test_drawn_seeds_fill_the_whole_range(bits: int) -> None:
    """Of 4,000 seeds drawn, the share at or above 2**bits is 1 - 2**(bits - 63): about half
    exceed 2**62, and none of the old ranges (below 10**9, below 2**31) would give one
    above 2**48. Six standard deviations either way; a draw below 2**31 fails at once."""
    n = 4000
    seeds = [secret_seed() for _ in range(n)]
    assert all(0 <= s < MAX_SEED and isinstance(s, int) for s in seeds)
    p = 1 - 2.0 ** (bits - 63)
    expected = n * p
    spread = 6 * math.sqrt(n * p * (1 - p)) + 1
    above = sum(s >= 2**bits for s in seeds)
    assert abs(above - expected) <= spread


def test_secret_seed_uses_the_secure_source(monkeypatch: pytest.MonkeyPatch) -> None:
    """It draws from :mod:`secrets` over the whole range, not from :mod:`random`."""
    asked: list[int] = []

    def randbelow(n: int) -> int:
        asked.append(n)
        return n - 1

    monkeypatch.setattr(secrets, "randbelow", randbelow)
    random.seed(0)
    assert secret_seed() == 2**63 - 1
    assert asked == [2**63]


def test_a_room_without_a_seed_gets_a_secret_one(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: rooms drew ``secrets.randbelow(2**31)``. Now the room's seed is
    :func:`secret_seed`'s (here its largest value), stored in SQLite and read back exactly."""
    monkeypatch.setattr(secrets, "randbelow", lambda n: n - 1)
    store = RoomStore(tmp_path / "rooms.sqlite3")
    for game in wpp.registered_games():
        code = store.create(game)
        assert store.read(code)[1].seed == 2**63 - 1


def test_a_typed_seed_deals_as_before(tmp_path: Path) -> None:
    """A seed a person gives is used exactly: the same deal as always."""
    store = RoomStore(tmp_path / "rooms.sqlite3")
    code = store.create("warpairs", seed=7)
    assert store.read(code)[1].state == wpp.new_game("warpairs", seed=7).state


@pytest.mark.parametrize("game", wpp.registered_games())
def test_the_largest_seed_deals_saves_and_loads(game: str) -> None:
    """Every engine and its save file take seeds up to 2**63 - 1."""
    history = wpp.new_game(game, seed=2**63 - 1)
    history.apply(history.legal_actions()[0])
    again = wpp.load_game(history.to_json())
    assert again.seed == 2**63 - 1 and again.state == history.state


@pytest.mark.parametrize("game", wpp.registered_games())
def test_new_game_with_no_seed_deals_from_a_secret_one(game: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``wpp.new_game(game, seed=None)`` is the one entry for a deal nobody may know (rooms
    use it): its seed is :func:`secret_seed`'s. The default seed stays 0 (a known deal)."""
    monkeypatch.setattr(secrets, "randbelow", lambda n: n - 1)
    assert wpp.new_game(game, seed=None).seed == 2**63 - 1
    assert wpp.new_game(game).seed == 0
