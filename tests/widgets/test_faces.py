"""Card faces per deck: the 52-card deck keeps its look, any other deck's cards (anything with
``str()``, e.g. Pairs' cards valued 1–10) are drawn from their own face, and the shared card
widgets (button, hand, pile, explanation) work for them."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from widgets.games.warpairs.pile import PileView
from widgets.parts.card_button import BACK_TEXT, CardButton
from widgets.parts.explain_view import explanation_html
from widgets.parts.faces import (
    INKS,
    Face,
    card_svg,
    cards_html,
    corner_text,
    face_classes,
    face_of,
    register_faces,
    standard_cards,
)
from widgets.parts.hand import HandView
from wpp.core.explain import Explanation, Ref, Step, words
from wpp.core.standard_deck import CARDS, Card


@dataclass(frozen=True, order=True)
class Tri:
    """A card of a triangular deck (values 1–10, several copies of each), as Pairs has."""

    value: int
    copy: int = 0

    def __str__(self) -> str:
        return str(self.value)

    @property
    def ascii(self) -> str:
        return f"{self.value}"


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_the_52_card_deck_keeps_its_look(card: Card) -> None:
    red = card.suit.symbol in "♥♦"
    assert corner_text(card) == f"{card.rank.symbol}\n{card.suit.symbol}"
    assert face_classes(card) == ("wpp-card", "wpp-red" if red else "wpp-black",
                                  f"wpp-suit-{card.suit.letter}")
    svg = card_svg(card)
    assert f'aria-label="{card}"' in svg and (INKS["red"] if red else INKS["black"]) in svg
    assert "<path" in svg  # the suit is drawn, not written


@given(st.integers(1, 10), st.integers(0, 9))
def test_any_printable_card_gets_a_face_from_its_text(value: int, copy: int) -> None:
    c = Tri(value, copy)
    assert corner_text(c) == str(value)
    assert face_classes(c) == ("wpp-card", "wpp-black", "wpp-plain")
    svg = card_svg(c, 40, highlight=True)
    assert f'aria-label="{value}"' in svg and f">{value}</text>" in svg
    assert "#d4a017" in svg  # highlighted


@given(st.text(min_size=1, max_size=12))
@example("<")
@example("&amp; \"q\"")
def test_a_face_text_is_escaped(text: str) -> None:
    class Odd:
        def __init__(self, shown: str) -> None:
            self.shown = shown

        def __str__(self) -> str:
            return self.shown

    svg = card_svg(Odd(text))
    assert escape(text) in svg and f'aria-label="{escape(text, quote=True)}"' in svg
    # Escaped text adds no markup: as many tags as a face showing plain letters of that length
    # (the old check, "text not in svg", failed for "<", which every "<svg" contains).
    plain = card_svg(Odd("x" * len(text)))
    assert svg.count("<") == plain.count("<") and svg.count(">") == plain.count(">")


def test_a_deck_registers_its_own_faces() -> None:
    class Gem(int):
        def __str__(self) -> str:
            return f"G{int(self)}"

    register_faces(Gem, lambda g: Face(str(g), f"gem {int(g)}", "◆", "purple"))
    g = Gem(4)
    assert face_of(g).ink == "purple"
    assert corner_text(g) == "G4\n◆" and face_classes(g) == ("wpp-card", "wpp-purple",
                                                              "wpp-plain")
    assert 'aria-label="gem 4"' in card_svg(g) and INKS["purple"] in card_svg(g)
    with pytest.raises(ValueError, match="unknown ink"):
        Face("1", "1", ink="chartreuse")


def test_standard_cards_still_names_another_decks_card() -> None:
    with pytest.raises(TypeError, match="52-card deck"):
        standard_cards([Tri(3)])


def test_card_button_hand_and_pile_work_for_any_deck() -> None:
    cards = [Tri(7, 0), Tri(2, 0), Tri(7, 1)]
    hand = HandView("you")
    picked: list[object] = []
    hand.on_toggle(picked.append)
    hand.show(cards, selected={Tri(7, 1)}, clickable=True)
    assert [b.description for b in hand.visible_buttons()] == ["2", "7", "7"]
    assert ["wpp-selected" in b._dom_classes for b in hand.visible_buttons()] == [
        False, False, True]
    hand.visible_buttons()[2].click()
    assert picked == [Tri(7, 1)]
    hand.show_backs(2)
    assert {b.description for b in hand.visible_buttons()} == {BACK_TEXT}
    assert all(b.card is None for b in hand.buttons)

    class Unordered:
        def __init__(self, t: str) -> None:
            self.t = t

        def __str__(self) -> str:
            return self.t

    hand.show([Unordered("b"), Unordered("a")])  # no order: shown as given
    assert [b.description for b in hand.visible_buttons()] == ["b", "a"]

    pile = PileView()
    taken: list[object] = []
    pile.on_take(taken.append)
    pile.show([Tri(9), Tri(1)], clickable=True)
    pile.buttons[0].click()
    assert taken == [Tri(1)]
    b = CardButton()
    b.show(Tri(10))
    assert (b.description, b.tooltip) == ("10", "10")


def test_an_explanation_of_another_deck_draws_and_hides_its_cards() -> None:
    mine, theirs = (Tri(4), Tri(4, 1)), (Tri(9, 2),)
    e = Explanation("Stop", [Step("Risk", mine + theirs, highlight=mine,
                                  columns=("cards", "risk"), rows=[(mine, 0.2), (theirs, 0.5)],
                                  chosen_row=0, verdict=words("keep ", Ref(mine)))],
                    choice=mine)
    html = explanation_html(e)
    assert 'aria-label="9"' in html and 'aria-label="4"' in html
    hidden = explanation_html(e, hidden={Tri(9, 2)})
    assert 'aria-label="9"' not in hidden and "face-down card" in hidden
    assert cards_html([None, Tri(3)]).count("<svg") == 2
