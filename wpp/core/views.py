"""What every game's view says about turns, written once: :class:`TurnView`.

A view (what one player may know, :meth:`~wpp.core.protocol.GameDef.view`) must say whether
it is its player's turn (``my_turn``: agents refuse to act otherwise, pages enable their
controls by it) and whether the game is over (``is_over``). A game whose view keeps
``player``, ``to_act`` and ``over`` fields gets both from this base instead of writing the
same two properties again (Pairs, OFC, Pokeros and the template of ``python -m wpp new-game``
did). It holds no field and no slot, so a frozen, slotted dataclass view may derive from it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class V(TurnView):
...     player: int
...     to_act: int
...     over: bool
>>> V(0, 0, False).my_turn, V(0, 1, False).my_turn, V(0, 0, True).my_turn, V(0, 0, True).is_over
(True, False, False, True)
"""

from __future__ import annotations

__all__ = ["TurnView"]


class TurnView:
    """``my_turn`` and ``is_over`` from the view's ``player``, ``to_act`` and ``over``."""

    __slots__ = ()

    #: The seat whose view this is, the seat to act, and whether the game has ended: the
    #: deriving view's own fields.
    player: int
    to_act: int
    over: bool

    @property
    def my_turn(self) -> bool:
        """True when this view's player is to act and the game is not over."""
        return not self.over and self.to_act == self.player

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.over
