"""What one action did, in words: the narrated :class:`Event` every transition returns."""

from __future__ import annotations

from typing import NamedTuple

from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action

__all__ = ["Event"]


class Event(NamedTuple):
    """One narrated step of the game, for logs and UIs.

    ``public`` is what both players saw happen; ``private`` is what the actor alone knows
    (e.g. which card they drew). :meth:`text_for` picks the right one for a viewer. Without
    narration (``step(..., narrate=False)``, fast simulations) both texts are empty.
    """

    number: int        # how many actions came before this one
    player: int
    action: Action
    public: str
    private: str
    cards: tuple[Card, ...] = ()

    def text_for(self, viewer: int | None) -> str:
        """The narration for ``viewer`` (``None``: an onlooker who sees public facts only)."""
        return self.private if viewer == self.player else self.public

    def __str__(self) -> str:
        return self.public
