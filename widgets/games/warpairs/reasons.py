"""What WarPairsPoker's side panel says: the computer's last move ("Why?") in public terms
during a live game, and each move of a finished game for the review, the computer's with its
full reasoning — as :class:`~widgets.parts.explain_panel.PanelText` for the shared panel.

>>> from wpp.warpairs import make_agent
>>> from wpp.warpairs.game import Game
>>> from wpp.warpairs.presenter import Seating
>>> text = why_text(Game(3), Seating(computer=1), make_agent("random", seed=0),
...                 frozenset())
>>> text.title, text.items, text.empty
('Why the computer did that', [], 'The computer has not moved yet.')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from widgets.parts.explain_panel import PanelText
from wpp.core.agents import Agent
from wpp.core.standard_deck import Card
from wpp.warpairs.game import Game
from wpp.warpairs.presenter import Seating, full_reasons, why_items

__all__ = ["review_text", "why_text"]

_LIVE_NOTE = ("During a game the computer's move is explained in public terms; its full "
              "reasoning opens in the Review when the game is over, or in practice mode.")


def why_text(g: Game, seating: Seating, agent: Agent, hidden: Collection[Card]) -> PanelText:
    """"Why?": the computer's last turn, told from what the viewer may know."""
    live = seating.viewer is not None and not g.is_over
    return PanelText(
        "Why the computer did that",
        why_items(g, seating.computer, seating.viewer, agent), hidden,
        note=_LIVE_NOTE if live else "",
        empty="The computer has not moved yet." if seating.computer is not None
        else "Nobody plays by computer in this game.")


def review_text(g: Game, k: int, computer: int | None, agent: Agent,
                names: Sequence[str]) -> PanelText:
    """The review at move ``k`` of a finished game: the computer's full reasoning, or the
    person's move in words."""
    e = g.events[k]
    head = f"Review — move {k + 1} of {len(g.actions)}: {e.public}"
    if e.player == computer:
        return PanelText(head, [("", full_reasons(g, k, agent))])
    return PanelText(head, empty=f"{names[e.player]}: {e.public}")
