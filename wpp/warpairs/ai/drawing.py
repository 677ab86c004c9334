"""Drawing: deck or pile, one card or two, and the re-draw (section 6.31).

Drawing is the last item of the decision list: the AI draws when nothing it is willing to
play beats the table. The rules implemented:

1. **One card or two** (6.31), decided *after seeing the first card*: the AI stops at one
   card if that card is a king or an ace, or matches a card in its hand (same rank), or its
   hand then holds 5 cards or fewer; otherwise it draws a second card. (The original program
   peeked at the second card before choosing — a person cannot, and neither does this AI.
   Its code tested "4 cards or fewer" *before* the draw, which is the description's "5 or
   fewer" counted *after* the first card; both readings agree.)
2. **Re-draw** (6.31, R15): once per game, if the two cards drawn this turn contain no match
   (neither pairs with the hand nor with each other) and neither is a 2, a king or an ace,
   both go to the pile and two new cards are drawn.
3. **Never past the hand limit** (R17): the AI stops at one card when a second would make it
   lose. (Not in the description; the original lost by drawing into 26 cards.)
4. **The pile** (3.4, R14): instead of the deck, the AI takes a face-up pile card when one
   would pass the test of rule 1 — a king, an ace, or a card matching one in its hand —
   the highest such card. The description says nothing of the AI and the pile, and the
   original never took pile cards; a known good card beats one or two unknown ones, and
   in self-play it wins more games (see ``docs/ai.md``). When the deck and the discards
   are both empty the pile is the only source: the highest pile card is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wpp.core.explain import Cell, Ref, Step, Text, words
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action, Draw, Redraw, Stop, TakeFromPile
from wpp.warpairs.ai.hand import is_power
from wpp.warpairs.view import View

__all__ = [
    "ONE_CARD_HAND_SIZE",
    "DrawChoice",
    "after_first_card",
    "after_second_card",
    "deck_or_pile",
    "keeps_one",
]

#: 6.31: with this many cards or fewer (the first drawn card included) the AI draws 1 card.
ONE_CARD_HAND_SIZE: Final = 5


@dataclass(frozen=True, slots=True)
class DrawChoice:
    """A drawing decision and the explanation step that shows it."""

    action: Action
    step: Step


def _matches(card: Card, hand: tuple[Card, ...]) -> bool:
    r = card >> 2
    return any(c >> 2 == r and c != card for c in hand)


def keeps_one(card: Card, hand: tuple[Card, ...]) -> tuple[bool, list[tuple[str, bool]]]:
    """6.31's first-card test, for a card in ``hand``: is it worth stopping at one card?

    Returns the verdict and the tests with their results (for explanations).
    """
    r = (card >> 2) + 2
    tests = [
        ("it is a king or an ace", r >= 13),
        ("it matches a card in the hand", _matches(card, hand)),
        (f"the hand holds {ONE_CARD_HAND_SIZE} cards or fewer", len(hand) <= ONE_CARD_HAND_SIZE),
    ]
    return any(t for _, t in tests), tests


def _limit_reached(view: View, extra: int) -> bool:
    limit = view.rules.hand_limit
    return limit is not None and len(view.hand) + extra >= limit


def deck_or_pile(view: View, use_pile: bool = True) -> DrawChoice:
    """Nothing to play: draw from the deck, or take a pile card (rule 4)."""
    hand = view.hand
    pile = view.pile
    deck_ok = view.deck_available() > 0 or not pile
    keepers = [c for c in pile if (c >> 2) + 2 >= 13 or _matches(c, hand)]
    rows: list[tuple[Cell, ...]] = [
        ((c,), "king or ace" if (c >> 2) + 2 >= 13 else
         ("matches the hand" if c in keepers else "—"), c in keepers) for c in pile]
    action: Action
    verdict: Text
    if not deck_ok:
        card = max(pile)
        action = TakeFromPile(card)
        verdict = words("the deck and the discards are empty: take the highest pile card, ",
                        Ref((card,)))
    elif use_pile and keepers:
        card = max(keepers)
        action = TakeFromPile(card)
        verdict = words("take ", Ref((card,)), " from the pile: a known good card is better "
                        "than one or two unknown ones")
    else:
        action = Draw()
        if not use_pile:
            why = "this AI never takes pile cards (as the original)"
        elif pile:
            why = "no pile card is a king, an ace or a match"
        else:
            why = "the pile is empty"
        if view.deck_size == 0 and view.deck_available():
            why += "; the deck is empty, so the discards are shuffled into a new one (R18)"
        elif not view.deck_available():
            why += "; deck, discards and pile are all empty, so nothing comes (R18)"
        verdict = "draw from the deck: " + why
    chosen = next((i for i, c in enumerate(pile)
                   if isinstance(action, TakeFromPile) and c == action.card), None)
    step = Step("Deck or pile?", pile, ("pile card", "why keep it", "worth taking"), rows,
                verdict=verdict, chosen_row=chosen,
                highlight=(action.card,) if isinstance(action, TakeFromPile) else (),
                id="draw.source", rule="R14")
    return DrawChoice(action, step)


def after_first_card(view: View) -> DrawChoice:
    """One card drawn: stop, or draw a second (rule 1, 3)."""
    first = view.drawn[0]
    keep, tests = keeps_one(first, view.hand)
    rows: list[tuple[Cell, ...]] = [(t, ok) for t, ok in tests]
    legal = view.legal_actions()
    action: Action
    if keep:
        why = next(t for t, ok in tests if ok)
        action, verdict = Stop(), f"stop at one card: {why}"
    elif _limit_reached(view, 1):
        action = Stop()
        verdict = f"stop at one card: a second would reach the hand limit of " \
                  f"{view.rules.hand_limit} (R17)"
        rows.append(("a second card would reach the hand limit", True))
    elif Draw() in legal:
        action, verdict = Draw(), "draw a second card: the first passes none of the tests"
    else:
        action, verdict = Stop(), "stop: no deck card is left to draw"
    step = Step(words("First card drawn: ", Ref((first,))), (first,), ("test", "passes"), rows,
                verdict=verdict, highlight=(first,), id="draw.first", rule="R14")
    return DrawChoice(action, step)


def after_second_card(view: View) -> DrawChoice:
    """Two cards drawn and the re-draw still unused: re-draw or stop (rule 2)."""
    drawn = view.drawn
    hand = view.hand
    rows: list[tuple[Cell, ...]] = []
    good = False
    for c in drawn:
        power = is_power(c)
        match = _matches(c, hand)
        rows.append(((c,), power, match))
        good = good or power or match
    legal = view.legal_actions()
    action: Action
    if not good and Redraw() in legal:
        action = Redraw()
        verdict = ("re-draw: neither card is a 2, king or ace or matches the hand; both go "
                   "to the pile and two new cards come (once a game)")
    else:
        action = Stop()
        verdict = ("keep them: " + ("a card is a 2, king or ace, or matches the hand" if good
                                    else "the deck cannot supply a re-draw"))
    step = Step("Two cards drawn: re-draw?", drawn, ("card", "2, king or ace", "matches"), rows,
                verdict=verdict, highlight=drawn, id="draw.second", rule="R15")
    return DrawChoice(action, step)
