"""What a player has seen, and how to hide the rest before anything reaches the page.

A card is *seen* by a player when it is in their hand, or has been face up at some point of the
game as they know it: played, in the pile, taken from the pile, or one of their own mulligan
cards. The card that decides the first leader (R12, the leader's lowest) is not shown to the
other player: the narration says who leads, never with which card. Every other card is *hidden*
from them: in a game against the computer, the computer's cards that were never shown and the
deck. While the game runs, nothing the app sends to the
page may name a hidden card.

Explanations are hidden **by rendering**: every mention of particular cards in them is a
:class:`~wpp.core.explain.Ref` holding those cards (see :mod:`wpp.core.explain`), and
:func:`render_text` writes a ref whose cards are hidden as :data:`HIDDEN_MARK` — the sentence
is never scanned. Generic words ("twos, kings and aces") are plain text and stay; cards shown
by name are blanked one by one. The renderers draw hidden cards face down (:func:`mask`).

>>> from wpp.warpairs.game import Game
>>> from wpp.core.explain import Ref, words
>>> g = Game(seed=5)
>>> hidden = hidden_cards(g, 0)
>>> len(hidden), set(g.state.hands[1]) <= hidden, set(g.state.hands[0]) & hidden
(36, True, set())
>>> c = sorted(g.state.hands[1])[0]
>>> render_text(words("keep ", Ref((c,)), " and the ", Ref((c,), c.rank.plural)), hidden)
'keep 🂠 and the 🂠'

:func:`redact_text` remains for free text the kit did not build (an unexpected error's
message): it blanks card names, as a last line of defence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from itertools import pairwise
from typing import Any, Final

from wpp.core.explain import Ref, Text, Words
from wpp.core.protocol import CardLike
from wpp.core.standard_deck import CARDS, Card, parse_card
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase

__all__ = ["HIDDEN_MARK", "hidden_cards", "mask", "named_lowest", "redact_text", "ref_hidden",
           "render_ref", "render_text", "seen_cards"]

#: What a hidden card becomes in text.
HIDDEN_MARK: Final = "🂠"

_CARD_TEXT: Final = re.compile(
    r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♦♣♥♠♢♧♡♤]|[DCHSdchs](?![A-Za-z0-9]))")


def seen_cards(game: Game, viewer: int) -> frozenset[Card]:
    """Every card ``viewer`` has seen in this game as it stands (see the module docs)."""
    view = game.view(viewer)
    seen: set[Card] = set(view.hand)
    seen.update(view.pile)
    seen.update(view.discards)
    seen.update(c for tp in view.trick for c in tp.play.cards)
    seen.update(view.drawn)
    if view.my_mulligan:
        seen.update(view.my_mulligan)
    for m in view.mulligans:
        if m:
            seen.update(m)
    for e in game.events:
        seen.update(e.cards)
    return frozenset(seen)


def named_lowest(game: Game) -> Card | None:
    """The card that decides R12 when the mulligans are done (the leader's lowest), if
    reached. Shown to nobody but its holder; tests keep it in place in a twin game so that
    the twin has the same first leader."""
    states = game.states
    for before, after in pairwise(states):
        if before.phase is Phase.MULLIGAN and after.phase is not Phase.MULLIGAN:
            hand = after.hands[after.to_act]
            return min(hand) if hand and after.phase is Phase.LEAD else None
    return None


def hidden_cards(game: Game, viewer: int | None) -> frozenset[Card]:
    """The cards ``viewer`` must not be shown now; none once the game is over, and none for
    ``viewer=None`` (nobody's secrets to keep: two people sharing a screen see what the app
    chooses to reveal)."""
    if viewer is None or game.is_over:
        return frozenset()
    return frozenset(CARDS) - seen_cards(game, viewer)


def ref_hidden(ref: Ref, hidden: Collection[CardLike]) -> bool:
    """True when ``ref`` speaks of a card in ``hidden``."""
    return any(c in hidden for c in ref.cards)


def render_ref(ref: Ref, hidden: Collection[CardLike]) -> str:
    """A reference as the viewer may read it: cards named one by one are blanked one by one
    (``"7♥ 🂠"``); any other words about a hidden card (``"sevens"``, ``"a pair of sevens"``)
    become one :data:`HIDDEN_MARK`."""
    if not hidden or not ref_hidden(ref, hidden):
        return str(ref)
    if ref.text is None:
        return " ".join(HIDDEN_MARK if c in hidden else str(c) for c in ref.cards)
    return HIDDEN_MARK


def render_text(text: Text, hidden: Collection[CardLike] = (),
                plain: Callable[[str], str] = str, ref: Callable[[str], str] = str) -> str:
    """An explanation's text for a viewer who must not see ``hidden``: plain parts through
    ``plain`` (e.g. an HTML escape), references through :func:`render_ref` then ``ref``."""
    if isinstance(text, Words):
        return text.render(lambda r: ref(render_ref(r, hidden)), plain)
    return plain(text)


def redact_text(text: str, hidden: Collection[Card]) -> str:
    """Free text the kit did not build (e.g. an unexpected error's message) with every card
    name of a hidden card (``7♠``, ``7S``, ``10h``…) replaced by :data:`HIDDEN_MARK`.
    Explanations never come here: they are rendered (:func:`render_text`).

    >>> from wpp.core.standard_deck import parse_cards
    >>> redact_text("7♠ 9D, 7s", set(parse_cards("7S 8S")))
    '🂠 9D, 🂠'
    """
    if not hidden:
        return text

    def card_sub(m: re.Match[str]) -> str:
        try:
            card = parse_card(m.group(0))
        except ValueError:
            return m.group(0)
        return HIDDEN_MARK if card in hidden else m.group(0)

    return _CARD_TEXT.sub(card_sub, text)


def mask(cards: Iterable[Any], hidden: Collection[Any]) -> list[Any]:
    """``cards`` (of any deck) with the hidden ones replaced by ``None`` (drawn face down)."""
    return [None if c in hidden else c for c in cards]
