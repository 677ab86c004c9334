"""Every public entry point of the WarPairsPoker engine answers bad input with the kit's own
error (a :class:`~wpp.core.errors.WppError`) and a message naming the bad value — never another
exception type, never a changed game. Fuzzed with hypothesis; each defect the hardening issue
found is a regression case here."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wpp
from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, CardParseError, parse_card, parse_cards
from wpp.warpairs.actions import Mulligan, PlayCards, TakeFromPile, action_from_json, check_action
from wpp.warpairs.lookup import classify

JUNK = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6) \
    | st.binary(max_size=4) | st.tuples(st.integers()) | st.lists(st.integers(), max_size=3)
#: Letters whose upper case is an ASCII letter although they are not ASCII ("ſ" → "S").
TRICKY = [c for c in map(chr, range(128, 0x2000)) if c.upper().isascii() and c.upper().isalpha()]


@given(text=st.text(max_size=12))
def test_parse_card_reads_a_card_or_says_why(text: str) -> None:
    try:
        card = parse_card(text)
    except CardParseError as err:
        assert repr(text)[:20] in str(err) or "not a card" in str(err)
        return
    assert parse_card(card.ascii) == card and card in CARDS


@pytest.mark.parametrize("tricky", TRICKY)
def test_no_non_ascii_letter_reads_as_a_suit_or_rank(tricky: str) -> None:
    assert TRICKY  # "ſ" and "ı" at least
    for text in (f"7{tricky}", f"{tricky}S", f"1{tricky}"):
        with pytest.raises(CardParseError):
            parse_card(text)


@given(junk=JUNK)
def test_parse_cards_of_junk_is_a_card_parse_error(junk: Any) -> None:
    try:
        cards = parse_cards(junk)
    except CardParseError:
        return
    assert all(c in CARDS for c in cards)


@pytest.mark.parametrize("junk", [None, 7, 2.5, b"7S", object()])
def test_parse_cards_refuses_what_is_not_text(junk: Any) -> None:
    with pytest.raises(CardParseError, match="not"):
        parse_cards(junk)


@given(cards=st.lists(JUNK | st.sampled_from(CARDS), max_size=6))
def test_classify_of_anything_is_a_play_or_a_kit_error(cards: list[Any]) -> None:
    try:
        play = classify(cards)
    except WppError as err:
        assert str(err)
        return
    assert set(play.cards) <= set(CARDS)


def positions() -> list[wpp.Game]:
    """Games at a few points: the deal, mid-game, and over."""
    out = []
    for seed, moves in ((1, 0), (2, 7), (3, 25)):
        g = wpp.Game(seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        out.append(g)
    return out


ACTIONS = st.one_of(
    JUNK,
    st.lists(JUNK | st.sampled_from(CARDS), max_size=6).map(tuple).flatmap(
        lambda cs: st.sampled_from([cs]).map(lambda c: _unchecked(Mulligan, cards=c))
        | st.sampled_from([cs]).map(lambda c: _unchecked(PlayCards, cards=c))),
    (JUNK | st.sampled_from(CARDS)).map(lambda c: _unchecked(TakeFromPile, card=c)),
)


def _unchecked(cls: type, **fields: Any) -> Any:
    """An action built field by field, skipping its own checks (as a hand-made object
    would be)."""
    obj = object.__new__(cls)
    for k, v in fields.items():
        object.__setattr__(obj, k, v)
    return obj


@settings(max_examples=300)
@given(which=st.integers(0, 2), action=ACTIONS)
def test_apply_of_anything_illegal_is_a_kit_error_and_changes_nothing(which: int,
                                                                     action: Any) -> None:
    game = positions()[which]
    before, n = game.state, len(game.actions)
    try:
        legal = action in game.legal_actions()
    except Exception:  # an unhashable or half-built object: not legal
        legal = False
    if legal:
        return
    with pytest.raises(WppError):
        game.apply(action)
    assert game.state == before and len(game.actions) == n


@pytest.mark.parametrize("cards", [(99,), (None,), ("7S",), (-1,), (True,)])
def test_hand_built_actions_with_non_cards_are_refused_by_name(cards: tuple[Any, ...]) -> None:
    game = wpp.Game(seed=1)
    before = game.state
    with pytest.raises(WppError) as err:
        game.apply(_unchecked(Mulligan, cards=cards))
    assert "A♠" not in str(err.value) or cards != (-1,)
    assert game.state == before


@given(raw=JUNK | st.dictionaries(st.sampled_from(["type", "cards", "card", "x"]),
                                  JUNK | st.text(alphabet=string.printable, max_size=8)))
def test_action_from_json_of_anything_is_an_action_or_a_kit_error(raw: Any) -> None:
    try:
        action = action_from_json(raw)
    except WppError as err:
        assert str(err)
        return
    assert check_action(action) is action and action_from_json(action.to_json()) == action


@pytest.mark.parametrize("agent", wpp.registered_agents("warpairs"))
@pytest.mark.parametrize("junk", [None, 3, "view", wpp.Game(seed=1)])
def test_agents_refuse_what_is_not_a_view(agent: str, junk: Any) -> None:
    a = wpp.make_agent("warpairs", agent)
    for method in (a.decide, a.choose):
        with pytest.raises(WppError, match=agent):
            method(junk)


@pytest.mark.parametrize("agent", wpp.registered_agents("warpairs"))
def test_agents_refuse_to_act_for_a_player_not_to_act(agent: str) -> None:
    g = wpp.Game(seed=4)
    with pytest.raises(WppError, match="not to act"):
        wpp.make_agent("warpairs", agent).decide(g.view(1 - g.to_act))


@pytest.mark.parametrize("cards", [[False, 0.0], [True], [0.0], [None], ["7S", 3.5]])
def test_classify_refuses_things_that_only_equal_cards(cards: list[Any]) -> None:
    """Regression: ``classify([False, 0.0])`` crashed inside its own refusal (False and 0.0
    both equal card 0), and ``classify([True])`` was read as the 2♣."""
    with pytest.raises(WppError, match="not a card"):
        classify(cards)
