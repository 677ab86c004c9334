"""Hiding what a player may not know before anything reaches the page, for any game.

A game's *hidden* cards for a viewer are the ones that player has not seen (which cards those
are is the game's to say: WarPairsPoker's is :func:`widgets.games.warpairs.seen.hidden_cards`).
While the game runs, nothing the app sends to the page may name a hidden card.

Explanations are hidden **by rendering**: every mention of particular cards in them is a
:class:`~wpp.core.explain.Ref` holding those cards (see :mod:`wpp.core.explain`), and
:func:`render_text` writes a ref whose cards are hidden as :data:`HIDDEN_MARK` — the sentence
is never scanned. Generic words ("twos, kings and aces") are plain text and stay; cards shown
by name are blanked one by one. The renderers draw hidden cards face down (:func:`mask`).

>>> from wpp.core.explain import Ref, words
>>> from wpp.core.standard_deck import parse_card
>>> c = parse_card("7H")
>>> render_text(words("keep ", Ref((c,)), " and the ", Ref((c,), c.rank.plural)), {c})
'keep 🂠 and the 🂠'
>>> render_text(words("keep ", Ref((c,))), set())
'keep 7♥'

:func:`redact_text` remains for free text the kit did not build (an unexpected error's
message): it blanks card names, as a last line of defence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from typing import Any, Final

from wpp.core.explain import Ref, Text, Words
from wpp.core.protocol import CardLike
from wpp.core.standard_deck import Card, parse_card

__all__ = ["HIDDEN_MARK", "mask", "redact_text", "ref_hidden", "render_ref", "render_text"]

#: What a hidden card becomes in text.
HIDDEN_MARK: Final = "🂠"

_CARD_TEXT: Final = re.compile(
    r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([♦♣♥♠♢♧♡♤]|[DCHSdchs](?![A-Za-z0-9]))")


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
