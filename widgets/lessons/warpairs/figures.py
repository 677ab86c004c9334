"""The lessons' pictures of the rules, drawn with matplotlib: the twos-beat-aces cycle and the
ladder of poker categories.

Each function returns a new :class:`~matplotlib.figure.Figure` built without pyplot's global
state (Jupyter and Voilà show a returned figure once; a script can ``fig.savefig``).
Everything drawn comes from the engine: the cycle's arrows are checked with
:func:`wpp.warpairs.lookup.beats` and the ladder's examples are classified by
:func:`wpp.warpairs.lookup.classify` as they are drawn, so a picture cannot disagree with the rules.

>>> fig = cycle_figure()
>>> len(fig.axes), fig.axes[0].get_title()
(1, 'Twos beat aces: the ranks close into a cycle (R9)')
>>> [t.get_text() for t in ladder_figure().axes[0].get_yticklabels()][:2]
['two pair', 'three of a kind']
"""

from __future__ import annotations

import math
from typing import Final

from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch

from widgets.parts.faces import BLACK, RED
from wpp.core.standard_deck import Card, Rank, Suit, card, parse_cards
from wpp.warpairs.lookup import beats, classify
from wpp.warpairs.plays import Category

__all__ = ["LADDER_EXAMPLES", "cycle_figure", "ladder_figure"]

_GREEN: Final = "#2e7d4f"
_GOLD: Final = "#d4a017"
_NAVY: Final = "#0d2b45"


def _card_box(ax: object, x: float, y: float, c: Card, w: float = 0.7, h: float = 0.9,
              size: float = 11, edge: str = "#8a8a8a") -> None:
    """A small card: a white rounded box with the rank and suit in the card's ink."""
    from matplotlib.axes import Axes

    assert isinstance(ax, Axes)
    ax.add_patch(FancyBboxPatch((x - w / 2, y - h / 2), w, h, boxstyle="round,pad=0.02",
                                facecolor="white", edgecolor=edge, linewidth=1.2, zorder=3))
    ax.text(x, y, f"{c.rank.symbol}\n{c.suit.symbol}", ha="center", va="center",
            fontsize=size, fontweight="bold", color=RED if c.is_red else BLACK, zorder=4,
            linespacing=1.0)


def cycle_figure() -> Figure:
    """The ranks on a circle, each arrow pointing to a rank that beats it: 3 beats 2, …,
    A beats K, and 2 beats A — so K < A < 2 < 3 is a cycle, not a ladder (R9)."""
    ranks = [Rank(r) for r in range(2, 15)]
    fig = Figure(figsize=(6.4, 6.0))
    ax = fig.subplots()
    ax.set_aspect("equal")
    ax.axis("off")
    n = len(ranks)
    radius = 2.6
    pos = {}
    for i, r in enumerate(ranks):
        angle = math.pi / 2 - 2 * math.pi * i / n
        pos[r] = (radius * math.cos(angle), radius * math.sin(angle))
    spade = Suit.SPADES
    for i, r in enumerate(ranks):
        nxt = ranks[(i + 1) % n]
        low, high = card(r, spade), card(nxt, Suit.DIAMONDS)
        assert beats([high], [low]), f"{high} should beat {low}"  # the engine agrees
        special = r is Rank.ACE
        (x0, y0), (x1, y1) = pos[r], pos[nxt]
        arrow = FancyArrowPatch((x0, y0), (x1, y1), arrowstyle="-|>", mutation_scale=16,
                                shrinkA=22, shrinkB=22, connectionstyle="arc3,rad=-0.25",
                                color="#c0392b" if special else _GREEN,
                                linewidth=3 if special else 1.6, zorder=2)
        ax.add_patch(arrow)
    for r in ranks:
        x, y = pos[r]
        c = card(r, spade)
        _card_box(ax, x, y, c, edge=_GOLD if r in (Rank.TWO, Rank.ACE) else "#8a8a8a",
                  size=13)
    assert not beats(parse_cards("AS"), parse_cards("2D"))  # an ace never goes on a two
    ax.text(0, 0.75, "an arrow points to\na card that beats it", ha="center", va="center",
            fontsize=11, color=_NAVY)
    ax.text(0, -0.05, "K < A < 2 < 3 …\nno card is the highest", ha="center",
            va="center", fontsize=11, color=_NAVY, fontweight="bold")
    ax.text(0, -0.9, "red: twos beat aces;\nan ace never\ngoes on a two", ha="center",
            va="center", fontsize=10, color="#c0392b")
    ax.set_xlim(-3.4, 3.4)
    ax.set_ylim(-3.4, 3.4)
    ax.set_title("Twos beat aces: the ranks close into a cycle (R9)", color=_NAVY)
    fig.tight_layout()
    return fig


#: One example per poker category, low to high (R4), with its number of cards in words.
LADDER_EXAMPLES: Final[tuple[tuple[str, str], ...]] = (
    ("5D 5C 9H 9S", "4 cards"),
    ("8D 8C 8S", "3 cards"),
    ("4H 5S 6D 7C 8H", "5 cards"),
    ("3H 7H 9H JH KH", "5 cards"),
    ("6D 6C 6S QH QS", "5 cards"),
    ("JD JC JH JS 3C", "4 cards, or 4 + a kicker"),
    ("9S 10S JS QS KS", "5 cards"),
)


def ladder_figure() -> Figure:
    """The seven poker categories as a ladder, lowest at the bottom, each with an example:
    a higher category always beats a lower one, whatever the ranks (R8)."""
    fig = Figure(figsize=(8.4, 5.2))
    ax = fig.subplots()
    labels = []
    for i, (text, size) in enumerate(LADDER_EXAMPLES):
        play = classify(text)
        assert play.category == Category(i + 1)  # the example is what it says
        labels.append(play.category.label)
        length = 3.4 + 0.75 * (i + 1)  # a staircase: each step longer than the one below
        ax.barh(i, length, left=0, height=0.8, color=_GREEN if i % 2 else "#3f9463",
                zorder=1)
        ax.text(length + 0.12, i, size, va="center", fontsize=9, color="#333")
        for j, c in enumerate(play.shown):
            _card_box(ax, 0.45 + j * 0.62, i, c, w=0.56, h=0.72, size=8)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xticks([])
    ax.set_xlim(0, 11.6)
    ax.set_ylim(-0.6, len(labels) - 0.4)
    for side in ("top", "right", "bottom"):
        ax.spines[side].set_visible(False)
    ax.annotate("", xy=(11.3, len(labels) - 0.8), xytext=(11.3, -0.2),
                arrowprops={"arrowstyle": "-|>", "color": _NAVY, "linewidth": 2})
    ax.text(11.1, (len(labels) - 1) / 2, "beats everything below", rotation=90, ha="right",
            va="center", fontsize=10, color=_NAVY)
    ax.set_title("Poker hands, low to high: a higher category always wins (R8)", color=_NAVY)
    fig.text(0.01, 0.01, "Singles (1 card) and pairs (2 cards of a rank) are modes of their "
             "own: a trick never mixes modes (R7).", fontsize=9, color="#333")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig
