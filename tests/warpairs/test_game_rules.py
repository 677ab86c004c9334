"""R10–R20: the deal, mulligan, first lead, tricks, drawing, re-draw, pass, the end."""

from __future__ import annotations

import pytest

from wpp.core.errors import IllegalAction
from wpp.core.standard_deck import CARDS, parse_cards
from wpp.warpairs.actions import (
    Concede,
    Draw,
    Mulligan,
    Pass,
    PlayCards,
    Redraw,
    Stop,
    TakeFromPile,
)
from wpp.warpairs.deal import deal
from wpp.warpairs.game import Game
from wpp.warpairs.phases import EndReason, Phase
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step


def c(text: str) -> tuple:
    return parse_cards(text)


def test_deal_blocks_of_16_and_a_20_card_deck() -> None:  # R10
    g = Game(seed=11)
    d = deal(11)
    assert g.state.hands[0] == tuple(sorted(d[:16]))
    assert g.state.hands[1] == tuple(sorted(d[16:32]))
    assert g.state.deck == d[32:] and len(g.state.deck) == 20
    assert Game(seed=11).state == g.state  # same seed, same deal
    assert Game(seed=12).state != g.state


def test_mulligan_is_secret_then_public_and_lowest_card_leads() -> None:  # R11, R12
    g = Game(seed=3)
    h0, h1 = g.state.hands
    g.apply(Mulligan(h0[-3:]))
    v1 = g.view(1)
    assert v1.pile == () and v1.mulligans == (None, None)  # P2 cannot see P1's choice
    assert v1.mulligan_done == (True, False)
    g.apply(Mulligan(h1[-3:]))
    assert g.state.pile == tuple(sorted(h0[-3:] + h1[-3:]))
    leader = 0 if h0[0] < h1[0] else 1
    assert g.phase is Phase.LEAD and g.to_act == leader
    assert "holds the lowest card" in g.events[-1].public


@pytest.mark.parametrize("seed", range(12))
def test_the_card_that_decides_the_first_lead_is_named_to_its_holder_alone(seed: int) -> None:
    """R12: who leads is public; the lowest card stays in the leader's hand, so only the
    leader's narration may name it."""
    g = Game(seed=seed)
    for p in (0, 1):
        g.apply(Mulligan(g.state.hands[p][-3:]))
    leader, card = g.to_act, str(min(g.state.hands[g.to_act]))
    event = g.events[-1]
    assert f"P{leader + 1} holds the lowest card and leads (R12)" in event.text_for(1 - leader)
    assert card not in event.text_for(1 - leader) and card not in event.public
    assert card not in "\n".join(g.log(1 - leader))
    assert (card in event.text_for(1)) == (leader == 1)   # P2 acted: its text may name it


@pytest.mark.parametrize("bad", ["2", "4"])
def test_mulligan_must_be_exactly_three_held_cards(bad: str) -> None:
    g = Game(seed=3)
    hand = g.state.hands[0]
    with pytest.raises(IllegalAction, match="exactly 3"):
        g.apply(Mulligan(hand[: int(bad)]))
    other = g.state.hands[1]
    with pytest.raises(IllegalAction, match="do not hold"):
        g.apply(Mulligan(other[:3]))
    assert g.state == Game(seed=3).state


def answer_position(**kw: object) -> GameState:
    base: dict[str, object] = {"to_act": 0, "phase": Phase.ANSWER, "table": [(1, "9C")]}
    base.update(kw)
    return GameState.custom(("3D 5C 5H 10S", "4C 6D 8H"), **base)  # type: ignore[arg-type]


def test_answer_beat_or_draw_and_draw_ends_trick() -> None:  # R14
    s = answer_position()
    s2, _ = step(s, PlayCards(c("10S")))
    assert s2.to_act == 1 and s2.table is not None and s2.phase is Phase.ANSWER
    with pytest.raises(IllegalAction, match="does not beat"):
        step(s, PlayCards(c("5H")))
    s3, _ = step(s, Draw())
    assert s3.phase is Phase.DRAWING and len(s3.hands[0]) == 5
    s4, _ = step(s3, Stop())
    assert s4.phase is Phase.LEAD and s4.to_act == 1 and s4.table is None
    assert parse_cards("9C")[0] in s4.discards
    assert [tp.play.cards for tp in s4.last_trick] == [c("9C")]


def test_second_draw_then_turn_ends_when_redraw_used() -> None:  # R14
    s = answer_position(redraw_used=(True, False))
    s, _ = step(s, Draw())
    assert s.phase is Phase.DRAWING
    s, _ = step(s, Draw())
    assert s.phase is Phase.LEAD and s.to_act == 1  # nothing left to choose: the turn ended
    assert len(s.hands[0]) == 6


def test_no_third_draw_and_no_play_after_drawing() -> None:
    s = answer_position()
    s, _ = step(s, Draw())
    with pytest.raises(IllegalAction, match="may not play now"):
        step(s, PlayCards(c("10S")))
    s, _ = step(s, Draw())
    assert s.phase is Phase.DRAWING  # the re-draw is still available
    with pytest.raises(IllegalAction, match="at most 2"):
        step(s, Draw())


def test_pile_draw_takes_one_chosen_card_and_ends_trick() -> None:  # R14
    s = answer_position(pile="QD KD")
    s2, _ = step(s, TakeFromPile(c("KD")[0]))
    assert c("KD")[0] in s2.hands[0] and s2.pile == c("QD")
    assert s2.phase is Phase.LEAD and s2.to_act == 1
    with pytest.raises(IllegalAction, match="not in the pile"):
        step(s, TakeFromPile(c("AS")[0]))


def test_redraw_swaps_this_turns_cards_once_per_game() -> None:  # R15
    s = answer_position()
    s, _ = step(s, Draw())
    drawn = s.drawn
    s, ev = step(s, Redraw())
    assert set(drawn) <= set(s.pile) and not set(drawn) & set(s.hands[0])
    assert len(s.hands[0]) == 5 and s.redraw_used == (True, False)
    assert s.phase is Phase.LEAD and s.to_act == 1
    assert "re-drew" in ev.public


def test_no_redraw_after_a_pile_draw_or_twice() -> None:  # R15
    s = answer_position(pile="QD", redraw_used=(True, False))
    s2, _ = step(s, Draw())
    with pytest.raises(IllegalAction, match="already used"):
        step(s2, Redraw())
    with pytest.raises(IllegalAction, match="right after drawing"):
        step(s, Redraw())


def test_pass_only_once_and_only_when_leading() -> None:  # R16
    s = GameState.custom(("3D 5C", "4C 6D"), to_act=0, phase=Phase.LEAD)
    s, _ = step(s, Pass())
    assert s.to_act == 1 and s.passed
    with pytest.raises(IllegalAction, match="may not pass back"):
        step(s, Pass())
    with pytest.raises(IllegalAction, match="may not draw"):
        step(s, Draw())
    assert Pass() not in s.legal_actions() and Draw() not in s.legal_actions()
    with pytest.raises(IllegalAction, match="leader of a fresh trick"):
        step(answer_position(), Pass())


def test_empty_hand_wins_at_once() -> None:  # R17
    s = GameState.custom(("3D", "4C 6D"), to_act=0, phase=Phase.LEAD)
    s, _ = step(s, PlayCards(c("3D")))
    assert s.is_over and s.winner == 0 and s.end_reason is EndReason.EMPTIED_HAND
    with pytest.raises(IllegalAction, match="game is over"):
        step(s, Draw())


def test_hand_limit_loses_after_a_draw() -> None:  # R17
    p0 = CARDS[:25]
    s = GameState.custom((p0, c("AS")), to_act=0, phase=Phase.ANSWER, table=[(1, "KS")])
    s, _ = step(s, Draw())
    assert s.is_over and s.winner == 1 and s.end_reason is EndReason.HAND_LIMIT
    loose = GameState.custom((p0, c("AS")), to_act=0, phase=Phase.ANSWER, table=[(1, "KS")],
                             rules=Rules(hand_limit=None))
    loose, _ = step(loose, Draw())
    assert not loose.is_over and len(loose.hands[0]) == 26


def test_empty_deck_reshuffles_discards_but_not_the_table() -> None:  # R18
    s = GameState.custom(("3D 5C", "4C 6D"), to_act=0, phase=Phase.ANSWER, table=[(1, "9C")],
                         discards=[x for x in CARDS if x not in c("3D 5C 4C 6D 9C")], deck=())
    s2, ev = step(s, Draw())
    assert s2.reshuffles == 1 and "shuffled" in ev.public
    assert parse_cards("9C")[0] not in s2.deck
    assert len(s2.deck) == 46 and s2.discards == ()
    again, _ = step(s, Draw())
    assert again == s2  # the reshuffle is deterministic


def test_empty_deck_pile_only_rule_and_nothing_anywhere() -> None:  # R18
    rules = Rules(empty_deck=EmptyDeck.PILE_ONLY)
    rest = [x for x in CARDS if x not in c("3D 5C 4C 6D 9C QD")]
    s = GameState.custom(("3D 5C", "4C 6D"), to_act=0, phase=Phase.ANSWER, table=[(1, "9C")],
                         discards=rest, deck=(), pile="QD", rules=rules)
    assert Draw() not in s.legal_actions()
    with pytest.raises(IllegalAction, match="take a pile card"):
        step(s, Draw())
    rest2 = [x for x in CARDS if x not in c("3D 5C 4C 6D 9C")]
    bare = GameState.custom(("3D 5C", "4C 6D"), to_act=0, phase=Phase.ANSWER,
                            table=[(1, "9C")], discards=rest2, deck=(), rules=rules)
    after, ev = step(bare, Draw())
    assert after.phase is Phase.LEAD and after.to_act == 1 and len(after.hands[0]) == 2
    assert "could take no card" in ev.public


def test_concede_loses_including_during_the_mulligan() -> None:  # R19
    g = Game(seed=5)
    g.apply(Mulligan(g.state.hands[0][:3]))
    g.apply(Concede())
    assert g.winner == 0 and g.state.end_reason is EndReason.CONCEDED  # P2 was pending


def test_turn_limit_makes_a_draw() -> None:  # R20
    g = Game(seed=5, rules=Rules(turn_limit=4))
    g.apply(Mulligan(g.state.hands[0][:3]))
    g.apply(Mulligan(g.state.hands[1][:3]))
    g.apply(Pass())
    g.apply(g.legal_actions()[0])
    assert g.is_over and g.winner is None and g.state.end_reason is EndReason.TURN_LIMIT


def test_cannot_act_for_the_other_player() -> None:
    g = Game(seed=1)
    with pytest.raises(IllegalAction, match="P1's turn, not P2's"):
        g.apply(Mulligan(g.state.hands[1][:3]), player=1)


def test_custom_position_with_an_exhausted_deck_puts_the_rest_in_the_discards() -> None:
    s = GameState.custom(("3D 5C", "4C 6D"), to_act=0, phase=Phase.ANSWER, table=[(1, "9C")],
                         deck=())
    assert s.deck == () and len(s.discards) == 47 and s.deck_available() == 47
    with pytest.raises(ValueError, match="exactly one place"):
        GameState.custom(("3D 5C", "3D 6D"))


def test_listing_a_view_twice_gives_a_fresh_list_each_time() -> None:
    """legal_actions remembers the last view it listed: the copy it returns is the caller's."""
    from wpp.warpairs.ai.random_agent import RandomAgent
    from wpp.warpairs.view import legal_actions

    game = Game(5)
    agents = (RandomAgent(1), RandomAgent(2))
    for _ in range(6):
        game.apply(agents[game.to_act].choose(game.view(game.to_act)))
    view = game.view(game.to_act)
    first = legal_actions(view)
    first.clear()
    again = legal_actions(view)
    assert again and again == legal_actions(game.view(game.to_act))  # an equal, new view
    assert again is not legal_actions(view)
