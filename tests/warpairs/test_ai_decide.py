"""The classic AI's decisions (description 6.3, 6.31, 6.32): the reference moves of the
original program (wpp-original-behaviour.md, B.3), the decision list's conditions, drawing
and the re-draw."""

from __future__ import annotations

import pytest

from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.warpairs.actions import Action, Draw, PlayCards, Redraw, Stop, TakeFromPile
from wpp.warpairs.ai import ClassicAgent
from wpp.warpairs.phases import Phase
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step

AI = ClassicAgent()


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(hand: str, opponent: int, table: str | None = None, *, deck_top: str = "",
             pile: str = "", discards: str = "", deck: str | None = None,
             redraw_used: bool = False, rules: Rules | None = None) -> GameState:
    """P1 (the AI) to act with ``hand``; P2 holds ``opponent`` cards; P2 played ``table``."""
    named = set(c(hand)) | set(c(table or "")) | set(c(deck_top)) | set(c(pile)) | set(
        c(discards)) | set(c(deck or ""))
    free = [x for x in CARDS if x not in named]
    opp = free[:opponent]
    rest = c(deck_top) + tuple(free[opponent:]) if deck is None else c(deck)
    if deck is not None:  # the cards named nowhere are discards (not reshuffled: PILE_ONLY)
        discards = " ".join(x.ascii for x in (*c(discards), *free[opponent:]))
        rules = Rules(empty_deck=EmptyDeck.PILE_ONLY)
    return GameState.custom(
        (hand, opp), to_act=0, phase=Phase.ANSWER if table else Phase.LEAD,
        table=[(1, table)] if table else (), pile=pile, discards=discards, deck=rest,
        redraw_used=(redraw_used, False), **({"rules": rules} if rules else {}))


def act(s: GameState) -> Action:
    d = AI.decide(s.view(s.to_act))
    assert d.action in s.view(s.to_act).legal_actions()
    assert AI.choose(s.view(s.to_act)) == d.action
    return d.action


H1 = "3D 5C 5H 8S 9D 9H JC QD KH AS 2C"
H2 = "3D 4C 5H 6S 7D 9H 9C QD QH AS 2C"
H3 = "KD KH AC AS 2C 2D 7H 7C"


# --- B.3 reference moves where the original was not buggy: the same choice ---------------

@pytest.mark.parametrize("hand, opponent, table, expected", [
    (H1, 10, None, "5C 5H"),        # lead: the lowest pair
    (H1, 10, "4C", "QD"),           # gear switch / the highest outlier (opponent has fewer)
    (H1, 10, "QS", "KH"),           # no outlier beats: the lowest 2/K/A card that does
    (H1, 2, "4C", "AS"),            # opponent close to out: the power card hardest to beat
    (H1, 2, "AD", "2C"),            # an ace, opponent close to out: a two
    (H1, 10, "AD", "AS"),           # an ace, the AI behind: a higher ace
    (H1, 10, "6C 6H", "9D 9H"),     # the lowest pair that beats
    (H2, 10, None, "3D 4C 5H 6S 7D"),  # lead: the straight first
    (H3, 3, "QD QS", "KD KH"),      # doiwin: a K pair on queens, opponent at 3 cards
    (H3, 3, "AD AH", "AC AS"),      # aces on the table: higher aces
])
def test_reference_moves_of_the_original(hand: str, opponent: int, table: str | None,
                                         expected: str) -> None:
    assert act(position(hand, opponent, table)) == PlayCards(c(expected))


def test_reference_straight_on_a_higher_straight_draws() -> None:
    assert act(position(H2, 10, "5D 6D 7C 8C 9S")) == Draw()


# --- B.3 reference moves where we rightly differ -----------------------------------------

def test_reference_pair_of_tens_draw_no_peek_and_a_match_stops_at_one() -> None:
    """Original: it peeked at the 2nd card (10♠), then re-drew 9♣ 10♠ into the pile. The
    description: draw 1 card when it matches a card in the hand — 9♣ matches the 9s — and a
    person cannot see the 2nd card before choosing. So: draw, then stop at one card."""
    s = position(H1, 10, "10D 10C", deck_top="9C 10S 3H 8H")
    assert act(s) == Draw()
    s, _ = step(s, Draw())
    assert s.phase is Phase.DRAWING and s.drawn == c("9C")
    assert act(s) == Stop()
    s, _ = step(s, Stop())
    assert c("9C")[0] in s.hands[0] and c("10S")[0] in s.deck


def test_reference_full_house_too_low_is_not_played() -> None:
    """Original: 5♦5♣5♥7♦7♣ on a full house of 8s — illegal. Ours draws."""
    s = position("5D 5C 5H 7S 7D 7C 9S JC", 8, "8D 8H 8S 4D 4C")
    assert act(s) == Draw()


def test_reference_five_card_do_i_win_plays_the_straight() -> None:
    """Original: crash. Intent: play the 5 cards; the hand is empty and the AI wins."""
    s = position("10D JC QH KS AD", 8)
    assert act(s) == PlayCards(c("10D JC QH KS AD"))
    s, _ = step(s, PlayCards(c("10D JC QH KS AD")))
    assert s.winner == 0


# --- the decision list's conditions ------------------------------------------------------

def test_three_of_a_kind_needs_more_sets_than_pairs() -> None:
    assert act(position("4D 4C 4H 9D 9S JH", 10)) == PlayCards(c("4D 4C 4H 9D 9S"))  # FH
    assert act(position("4D 4C 4H 8D 8C 8H 9D 9S", 10)) == PlayCards(c("4D 4C 4H"))
    assert act(position("4D 4C 4H JH", 10)) == PlayCards(c("4D 4C 4H"))  # no pairs


def test_two_pair_only_with_a_higher_poker_hand_after_it() -> None:
    assert act(position("4D 4C 9D 9S JH QC", 10)) == PlayCards(c("4D 4C"))  # just a pair
    s = position("4D 4C 6D 6S 9D 9S 9H JH", 10)
    assert act(s) == PlayCards(c("4D 4C 6D 6S"))  # the set of 9s remains


def test_four_of_a_kind_takes_the_lowest_outlier_as_kicker() -> None:
    s = position("6D 6C 6H 6S 3H JC KD", 10)
    assert act(s) == PlayCards(c("6D 6C 6H 6S 3H"))


def test_following_poker_plays_the_lowest_hand_that_beats() -> None:
    s = position("3D 4C 5H 6S 7D 8C 9H 10S JD QC", 10, "2D 3C 4H 5S 6D")
    action = act(s)
    assert isinstance(action, PlayCards) and len(action.cards) == 5


def test_pairs_mode_keeps_power_pairs_when_far_from_the_end() -> None:
    s = position("3D 5C 8S JC KD KH", 10, "QD QS")  # 4 outliers, opponent at 10
    assert act(s) == Draw()
    s = position("3D 5C 8S JC KD KH", 4, "QD QS")   # opponent at 4: aggressive
    assert act(s) == PlayCards(c("KD KH"))
    s = position("3D KD KH 9C 9D", 10, "QD QS")     # only 1 outlier: aggressive
    assert act(s) == PlayCards(c("KD KH"))


def test_singles_opponent_close_uses_power_cards_only_if_able() -> None:
    s = position("3D 6C 9H KD AS", 3, "5C")
    assert act(s) == PlayCards(c("AS"))  # A♠: only twos beat it


def test_opponent_with_one_card_gets_a_pair_led() -> None:
    s = position("3D 6C KD KH", 1)
    assert act(s) == PlayCards(c("KD KH"))
    s = position("3D 6C 9H AS", 1)
    assert act(s) == PlayCards(c("AS"))  # only singles: the hardest to beat


def test_desperate_answer_when_the_opponent_is_nearly_out() -> None:
    s = position("3D 7C 7H JC", 2, "5C 5S")
    assert act(s) == PlayCards(c("7C 7H"))
    s = position("3D 7C 7H 7S JC", 2, "5C 5S")  # the set is broken rather than drawing
    assert act(s) == PlayCards(c("7C 7H"))
    s = position("3D 7C 7H 7S JC", 10, "5C 5S")
    assert act(s) == Draw()


def test_never_draws_into_the_hand_limit_while_a_play_is_legal() -> None:
    hand = "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H 7D 7C 7H 8D 8C 8H 9D 9C 9H 10D 10C 10H JD"
    s = position(hand, 10, "2D 2C")
    assert len(s.hands[0]) == 25
    action = act(s)
    assert isinstance(action, PlayCards) and len(action.cards) == 2


def test_leading_with_only_power_cards() -> None:
    assert act(position("KD KH AS", 10)) == PlayCards(c("KD"))
    assert act(position("2D KD AS", 10)) == PlayCards(c("2D"))


# --- drawing (6.31) ----------------------------------------------------------------------

def draw_first(hand: str, first: str, second: str = "5S", **kw: object) -> GameState:
    s = position(hand, 10, "QS", deck_top=f"{first} {second}", **kw)  # type: ignore[arg-type]
    assert act(s) == Draw()
    s, _ = step(s, Draw())
    return s


def test_first_card_a_king_or_ace_stops_at_one() -> None:
    assert act(draw_first("3D 4C 6H 8S 10D JC", "KC")) == Stop()
    assert act(draw_first("3D 4C 6H 8S 10D JC", "AC")) == Stop()


def test_first_card_matching_the_hand_stops_at_one() -> None:
    assert act(draw_first("3D 4C 6H 8S 10D JC", "4D")) == Stop()


def test_small_hand_stops_at_one() -> None:
    assert act(draw_first("3D 4C 6H 8S", "9D")) == Stop()   # 5 cards with the 9♦
    assert act(draw_first("3D 4C 6H 8S 10D", "9D")) == Draw()  # 6 cards: a second card


def test_no_peeking_the_decision_is_the_same_whatever_the_second_card() -> None:
    for second in ("5S", "AS", "9C", "2D"):
        assert act(draw_first("3D 4C 6H 8S 10D JC", "9D", second)) == Draw()


def test_redraw_when_neither_card_helps() -> None:
    s = draw_first("3D 4C 6H 8S 10D JC", "9D", "5S")
    s, _ = step(s, Draw())
    assert s.phase is Phase.DRAWING and len(s.drawn) == 2
    assert act(s) == Redraw()


@pytest.mark.parametrize("second", ["2S", "KS", "AH", "3H", "9C"])
def test_no_redraw_when_a_card_helps(second: str) -> None:
    s = draw_first("3D 4C 6H 8S 10D JC", "9D", second)
    s, _ = step(s, Draw())
    if s.phase is Phase.DRAWING:
        assert act(s) == Stop()


def test_the_redraw_is_used_once() -> None:
    s = draw_first("3D 4C 6H 8S 10D JC", "9D", "5S", redraw_used=True)
    s, _ = step(s, Draw())
    assert s.phase is not Phase.DRAWING  # the turn ends by itself


def test_takes_a_good_pile_card_instead_of_drawing_blind() -> None:
    s = position("3D 4C 6H 8S 10D JC", 10, "QS", pile="5D 7C AH 9S")
    assert act(s) == TakeFromPile(c("AH")[0])
    s = position("3D 4C 6H 8S 10D JC", 10, "QS", pile="5D 7C 9S")
    assert act(s) == Draw()
    s = position("3D 4C 6H 8S 10D JC", 10, "QS", pile="5D 7C 8D")
    assert act(s) == TakeFromPile(c("8D")[0])  # matches the 8♠


def test_never_takes_pile_cards_when_asked_to_play_like_the_original() -> None:
    s = position("3D 4C 6H 8S 10D JC", 10, "QS", pile="5D 7C AH 9S")
    v = s.view(0)
    assert ClassicAgent(use_pile=False).decide(v).action == Draw()


def test_empty_deck_and_discards_takes_from_the_pile() -> None:
    s = position("3D 4C", 1, "QS", pile="5D 7C", deck="")
    assert act(s) == TakeFromPile(c("7C")[0])


def test_everything_empty_draws_nothing() -> None:
    s = position("3D 4C", 1, "QS", deck="")
    assert act(s) == Draw()
