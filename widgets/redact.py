"""What a player has seen, and how to hide the rest before anything reaches the page.

A card is *seen* by a player when it is in their hand, or has been face up at some point of the
game as they know it: played, in the pile, taken from the pile, or one of their own mulligan
cards. Every other card is *hidden* from them: in a game against the computer, the computer's
cards that were never shown and the deck. While the game runs, nothing the app sends to the
page may name a hidden card: :func:`redact_text` replaces them in words, and the renderers draw
them face down.

>>> from wpp.game import Game
>>> g = Game(seed=5)
>>> hidden = hidden_cards(g, 0)
>>> len(hidden), set(g.state.hands[1]) <= hidden, set(g.state.hands[0]) & hidden
(36, True, set())
>>> c = sorted(g.state.hands[1])[0]
>>> redact_text(f"keep {c} and {c.ascii}", hidden)
'keep 🂠 and 🂠'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Final

from wpp.cards import CARDS, Card, Rank, parse_card
from wpp.game import Game

__all__ = ["HIDDEN_MARK", "hidden_cards", "redact_text", "seen_cards"]

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


def hidden_cards(game: Game, viewer: int | None) -> frozenset[Card]:
    """The cards ``viewer`` must not be shown now; none once the game is over, and none for
    ``viewer=None`` (nobody's secrets to keep: two people sharing a screen see what the app
    chooses to reveal)."""
    if viewer is None or game.is_over:
        return frozenset()
    return frozenset(CARDS) - seen_cards(game, viewer)


def redact_text(text: str, hidden: Collection[Card], *, ranks: bool = True) -> str:
    """``text`` with every mention of a hidden card (``7♠``, ``7S``, ``10h``…) replaced by
    :data:`HIDDEN_MARK`.

    With ``ranks`` (for explanations written about a hidden hand) rank words (``sevens``) and
    runs of bare ranks (``3 5 7 8 J``) are blanked too when a card of that rank is hidden,
    unless the same text shows a card of that rank (then it speaks of that card); a lone
    number is left alone, as it is usually a count.

    >>> from wpp.cards import parse_cards
    >>> hidden = set(parse_cards("7S 8S"))
    >>> redact_text("outliers (3 7 8 J): keep the sevens, 5 cards; 7♠ 9D", hidden)
    'outliers (3 🂠 🂠 J): keep the 🂠, 5 cards; 🂠 9D'
    >>> redact_text("play 7♥ 7♦, a pair of sevens", hidden)  # the shown sevens
    'play 7♥ 7♦, a pair of sevens'
    """
    if not hidden:
        return text

    def card_sub(m: re.Match[str]) -> str:
        try:
            card = parse_card(m.group(0))
        except ValueError:
            return m.group(0)
        return HIDDEN_MARK if card in hidden else m.group(0)

    out = _CARD_TEXT.sub(card_sub, text)
    if not ranks:
        return out
    # A rank word next to a shown card of that rank ("4♥ 4♠, a pair of fours") is about it.
    shown_here = {int(parse_card(m.group(0)).rank) for m in _CARD_TEXT.finditer(out)}
    hidden_ranks = {int(c.rank) for c in hidden} - shown_here

    def run_sub(m: re.Match[str]) -> str:
        return _RANK_TOKEN.sub(
            lambda t: HIDDEN_MARK if _RANK_VALUE[t.group(0)] in hidden_ranks else t.group(0),
            m.group(0))

    out = _RANK_RUN.sub(run_sub, out)
    return _RANK_WORD.sub(
        lambda m: HIDDEN_MARK if _PLURALS[m.group(0).lower()] in hidden_ranks else m.group(0),
        out)


_RANK_VALUE: Final = {"10": 10, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
                      **{str(r): r for r in range(2, 10)}}
_RANK_TOKEN: Final = re.compile(r"10|[2-9TJQKA]")
_RANK_RUN: Final = re.compile(
    r"(?<![\w♦♣♥♠.])(?:10|[2-9JQKA])(?:[ ,/-]+(?:10|[2-9JQKA]))+(?![\w♦♣♥♠.])")
_PLURALS: Final = {r.plural: int(r) for r in Rank}
_RANK_WORD: Final = re.compile(r"\b(" + "|".join(_PLURALS) + r")\b", re.IGNORECASE)


def mask(cards: Iterable[Card], hidden: Collection[Card]) -> list[Card | None]:
    """``cards`` with the hidden ones replaced by ``None`` (drawn face down)."""
    return [None if c in hidden else c for c in cards]
