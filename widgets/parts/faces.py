"""Card faces drawn by the project itself: SVG pictures and the CSS that makes buttons cards,
for the cards of any deck.

Nothing here is downloaded: suits are SVG paths written below, the back is a CSS pattern, so the
app works with no internet. A card's look is a :class:`Face` — the index in its corner, a
suit mark, an ink and a centre — and comes from its deck: :func:`face_of` asks the face
maker registered for the card's type (:func:`register_faces`), and draws any other card (any
object with ``str()``, e.g. Pairs' cards valued 1–10) from its printed form. The 52-card
deck's faces are registered here. Two ways to show a card:

* :func:`card_svg` — a whole card as an inline ``<svg>`` (index and suit in the corners, a large
  suit or index in the middle), for pictures that are not clicked: the table, tricks,
  explanations.
* a :class:`~widgets.parts.card_button.CardButton` — an ipywidgets ``Button`` whose text is the
  corner index (``"10\\n♥"``) and whose CSS classes (:func:`face_classes`) give it the card's
  ink and centre drawn from :data:`CARD_CSS`. A face-down card has the class ``wpp-back`` and
  *no* text, so its widget state names no card.

>>> from wpp.core.standard_deck import parse_card
>>> svg = card_svg(parse_card("10H"))
>>> svg.startswith("<svg") and "10" in svg and "#c0392b" in svg
True
>>> face_classes(parse_card("10H"))
('wpp-card', 'wpp-red', 'wpp-suit-H')
>>> corner_text(parse_card("10H"))
'10\\n♥'
>>> "10♥" in back_svg() or "H" in back_svg()
False

A card of another deck needs nothing but ``str()``: its printed form is its index and its
centre (``wpp-plain``), in black unless its deck registers a face maker.

>>> corner_text(7), face_classes(7), 'aria-label="7"' in card_svg(7)
('7', ('wpp-card', 'wpp-black', 'wpp-plain'), True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from typing import Any, Final, TypeAlias
from urllib.parse import quote

from wpp.core.standard_deck import Card, Suit

__all__ = [
    "BLACK",
    "CARD_CSS",
    "INKS",
    "RED",
    "AnyCard",
    "Face",
    "back_svg",
    "card_svg",
    "cards_html",
    "corner_text",
    "face_classes",
    "face_of",
    "register_faces",
    "standard_cards",
]

#: A card of any deck: hashable and printable (``str(card)``), e.g.
# :class:`wpp.core.standard_deck.Card`
#: or a Pairs card. The widgets never look inside it; its :class:`Face` says how it looks.
AnyCard: TypeAlias = Any

#: Ink colours: hearts and diamonds red, clubs and spades black (as on real cards).
RED: Final = "#c0392b"
BLACK: Final = "#1b1b1b"

#: The inks a face may use, by name (each is a CSS class ``wpp-<name>`` of a card button).
INKS: Final[dict[str, str]] = {
    "red": RED, "black": BLACK, "blue": "#1f5fa8", "green": "#1e7b3a",
    "purple": "#6c3483", "orange": "#b9590b", "teal": "#138a8a", "brown": "#7b4a12",
}

# Suit outlines in a 100×100 box, drawn for this project.
_SUIT_PATHS: Final[dict[Suit, str]] = {
    Suit.DIAMONDS: "M50 4 L90 50 L50 96 L10 50 Z",
    Suit.HEARTS: ("M50 93 C22 70 4 52 4 31 C4 15 16 5 30 5 C40 5 46 11 50 19 "
                  "C54 11 60 5 70 5 C84 5 96 15 96 31 C96 52 78 70 50 93 Z"),
    Suit.SPADES: ("M50 4 C78 28 96 44 96 62 C96 76 86 84 74 84 C65 84 58 80 54 73 "
                  "C55 84 60 91 68 96 L32 96 C40 91 45 84 46 73 C42 80 35 84 26 84 "
                  "C14 84 4 76 4 62 C4 44 22 28 50 4 Z"),
    Suit.CLUBS: ("M50 6 A21 21 0 0 1 64 43 A21 21 0 1 1 56 74 C57 84 61 91 68 96 L32 96 "
                 "C39 91 43 84 44 74 A21 21 0 1 1 36 43 A21 21 0 0 1 50 6 Z"),
}


@dataclass(frozen=True)
class Face:
    """How one card looks: ``index`` in its corner ("10", "Q", "7"), a ``mark`` under it
    (a suit symbol, or "" for a card without one), an ``ink`` (a name of :data:`INKS`),
    its ``suit`` when the centre is a suit drawn large (``None``: the index is drawn large in
    the centre instead) and its ``label`` for tooltips and screen readers (``str(card)``)."""

    index: str
    label: str
    mark: str = ""
    ink: str = "black"
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.ink not in INKS:
            raise ValueError(f"unknown ink {self.ink!r:.20}: one of {', '.join(INKS)}")


def _standard_face(card: Card) -> Face:
    return Face(card.rank.symbol, str(card), card.suit.symbol,
                "red" if card.is_red else "black", card.suit)


def _plain_face(card: AnyCard) -> Face:
    text = str(card)
    return Face(text, text)


_MAKERS: dict[type, Callable[[Any], Face]] = {Card: _standard_face}


def register_faces(card_type: type, maker: Callable[[Any], Face]) -> None:
    """Draw the cards of ``card_type`` (a deck's card class, subclasses included) with
    ``maker(card) -> Face``; a game's widgets call it once, on import.

    >>> class Tile(int):
    ...     def __str__(self) -> str: return f"T{int(self)}"
    >>> register_faces(Tile, lambda t: Face(str(t), str(t), "", "blue"))
    >>> face_classes(Tile(3)), corner_text(Tile(3))
    (('wpp-card', 'wpp-blue', 'wpp-plain'), 'T3')
    """
    _MAKERS[card_type] = maker


def face_of(card: AnyCard) -> Face:
    """The face of ``card``: its deck's registered maker, else its printed form."""
    for t in type(card).__mro__:
        maker = _MAKERS.get(t)
        if maker is not None:
            return maker(card)
    return _plain_face(card)


def _ink(card: AnyCard) -> str:
    return INKS[face_of(card).ink]


def _suit_path(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    s = size / 100
    return (f'<path transform="translate({x:g} {y:g}) scale({s:g})" '
            f'd="{_SUIT_PATHS[suit]}" fill="{colour}"/>')


def corner_text(card: AnyCard) -> str:
    """The corner index a card button shows: index above mark, e.g. ``"10\\n♥"`` (a card
    without a mark shows its index alone)."""
    f = face_of(card)
    return f"{f.index}\n{f.mark}" if f.mark else f.index


def face_classes(card: AnyCard) -> tuple[str, ...]:
    """CSS classes that make a button look like this card (ink and centre)."""
    f = face_of(card)
    centre = f"wpp-suit-{f.suit.letter}" if f.suit is not None else "wpp-plain"
    return ("wpp-card", f"wpp-{f.ink}", centre)


_FONT: Final = 'font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"'


def card_svg(card: AnyCard, width: int = 54, *, highlight: bool = False,
             dim: bool = False) -> str:
    """One card as an inline SVG picture, ``width`` pixels wide (height 1.4 × width).

    ``highlight`` outlines it (the cards an explanation singles out); ``dim`` greys it.
    A two-letter index (the 10) is drawn narrower so that it is never clipped; a longer one
    smaller still.
    """
    f = face_of(card)
    ink = INKS[f.ink]
    rank = escape(f.index)
    n = len(f.index)
    stroke = "#d4a017" if highlight else "#8a8a8a"
    sw = 4 if highlight else 1.5
    fs = 19 if n <= 1 else 17 if n == 2 else 12
    spacing = ' letter-spacing="-1.5"' if n >= 2 else ""
    mark = ""
    if f.suit is not None:
        mark = _suit_path(f.suit, 5, 23, 13, ink)
    elif f.mark:
        mark = (f'<text x="5" y="36" {_FONT} font-size="13" fill="{ink}">'
                f"{escape(f.mark)}</text>")
    corner = (f'<text x="4" y="19" {_FONT} font-size="{fs}" fill="{ink}"{spacing}>{rank}</text>'
              + mark)
    if f.suit is not None:
        centre = _suit_path(f.suit, 19, 36, 30, ink)
    else:
        big = 34 if n <= 1 else 28 if n == 2 else max(10, 60 // n)
        centre = (f'<text x="30" y="{52 + big // 3}" text-anchor="middle" {_FONT} '
                  f'font-size="{big}" fill="{ink}">{rank}</text>')
    body = (
        f'<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="{stroke}" '
        f'stroke-width="{sw}"/>' + corner + centre
        + f'<g transform="rotate(180 30 42)">{corner}</g>'
    )
    opacity = ' opacity="0.45"' if dim else ""
    label = escape(f.label, quote=True)
    return (f'<svg class="wpp-pic" width="{width}" height="{round(width * 1.4)}" '
            f'viewBox="0 0 60 84" role="img" aria-label="{label}"{opacity}>{body}</svg>')


def back_svg(width: int = 54) -> str:
    """A face-down card: the same picture for every card, so it tells nothing."""
    return (f'<svg class="wpp-pic wpp-pic-back" width="{width}" height="{round(width * 1.4)}" '
            'viewBox="0 0 60 84" role="img" aria-label="face-down card">'
            '<rect x="1" y="1" width="58" height="82" rx="6" fill="#1f4e79" stroke="#0d2b45" '
            'stroke-width="1.5"/><rect x="6" y="6" width="48" height="72" rx="3" fill="none" '
            'stroke="#d4a017" stroke-width="1.5"/>'
            '<path d="M30 16 L46 42 L30 68 L14 42 Z" fill="none" stroke="#d4a017" '
            'stroke-width="1.5"/></svg>')


def cards_html(cards: Iterable[AnyCard | None], width: int = 54,
               highlight: Iterable[AnyCard] = ()) -> str:
    """A row of card pictures (any deck); ``None`` stands for a face-down card."""
    marked = set(highlight)
    parts = [back_svg(width) if c is None else card_svg(c, width, highlight=c in marked)
             for c in cards]
    return f'<span class="wpp-row">{"".join(parts)}</span>'


def _suit_uri(suit: Suit) -> str:
    colour = RED if suit.is_red else BLACK
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
           f'<path d="{_SUIT_PATHS[suit]}" fill="{colour}"/></svg>')
    return "data:image/svg+xml," + quote(svg)


_BACK_PATTERN: Final = (
    "repeating-linear-gradient(45deg, #1f4e79 0 5px, #2a6399 5px 10px)"
)

#: The CSS that turns ``.wpp-card`` buttons into cards (inlined in the page; data URIs only).
CARD_CSS: Final = "\n".join([
    ".wpp-app .widget-button.wpp-card {",
    "  width: 44px; height: 64px; min-width: 44px; padding: 3px 0 0 4px; margin: 0;",
    "  border: 1px solid #8a8a8a; border-radius: 6px; background-color: #fff;",
    "  background-repeat: no-repeat; background-position: 62% 78%; background-size: 24px 24px;",
    "  white-space: pre; text-align: left; text-overflow: clip; overflow: visible;",
    "  font: bold 17px/17px 'DejaVu Sans', Arial, sans-serif; letter-spacing: -1px;",
    "  display: flex; flex-direction: column; align-items: flex-start;",
    "  justify-content: flex-start; box-shadow: 0 1px 2px rgba(0,0,0,.25); cursor: pointer;",
    "  flex: 0 0 auto;",
    "}",
    *(f".wpp-app .widget-button.wpp-card.wpp-{name} {{ color: {ink}; }}"
      for name, ink in INKS.items()),
    ".wpp-app .widget-button.wpp-card.wpp-plain { font-size: 22px; line-height: 22px;",
    "  align-items: center; justify-content: center; padding: 0; letter-spacing: -1.5px; }",
    *(f".wpp-app .widget-button.wpp-card.wpp-suit-{s.letter} {{ background-image: "
      f'url("{_suit_uri(s)}"); }}' for s in Suit),
    ".wpp-app .widget-button.wpp-card.wpp-back { background: " + _BACK_PATTERN + ";",
    "  border: 2px solid #d4a017; cursor: default; margin-right: -24px; }",
    # Cards a legal action uses now (widgets.parts.playable): a light ring; the others
    # faded. The last move's cards: a gold outline.
    ".wpp-app .widget-button.wpp-card.wpp-playable { box-shadow: 0 0 0 3px #8ef0c8,",
    "  0 2px 4px rgba(0,0,0,.35); }",
    ".wpp-app .widget-button.wpp-card.wpp-last { outline: 3px solid #d4a017;",
    "  outline-offset: 1px; }",
    ".wpp-app .widget-button.wpp-card.wpp-selected { transform: translateY(-14px);",
    "  box-shadow: 0 6px 10px rgba(0,0,0,.35); border: 2px solid #d4a017; }",
    ".wpp-app .widget-button.wpp-card.wpp-cursor { outline: 2px dashed #138a8a;",
    "  outline-offset: 1px; }",
    ".wpp-app .widget-button.wpp-card:disabled { opacity: 1; cursor: default; }",
    ".wpp-app .widget-button.wpp-card.wpp-dim { opacity: .45; filter: saturate(.3); }",
    ".wpp-app .widget-button.wpp-card:focus { outline: none; }",
    ".wpp-app .widget-button.wpp-card:focus-visible { outline: 2px solid #138a8a; }",
])


def standard_cards(cards: Iterable[object]) -> list[Card]:
    """``cards`` as the 52-card deck's cards, for code that needs their ranks and suits (a
    ``TypeError`` names any other object). Drawing does not: :func:`card_svg` and
    :func:`cards_html` draw any deck's cards."""
    out = []
    for c in cards:
        if not isinstance(c, Card):
            raise TypeError(f"these card faces draw the 52-card deck, not {c!r:.30}")
        out.append(c)
    return out
