"""The computer's pace: its moves wait ``delay`` seconds when an event loop runs (in a
notebook or Voilà), so a person sees their own play land first; without a running loop the
computer moves at once (tests, plain Python). Any move, undo or deal cancels the moves
already scheduled (:meth:`ComputerPacer.cancel`).

>>> pacer, seen = ComputerPacer(delay=0.5), []
>>> pacer.later(lambda: seen.append("moved"))     # no event loop: at once
>>> seen
['moved']
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

__all__ = ["ComputerPacer"]


class ComputerPacer:
    """Schedules the computer's moves; ``generation`` counts the cancellations."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = max(0.0, float(delay))
        self.generation = 0

    def cancel(self) -> None:
        """Forget the moves already scheduled."""
        self.generation += 1

    def later(self, move: Callable[[], None]) -> None:
        """Call ``move()`` after the delay, unless :meth:`cancel` is called meanwhile."""
        generation = self.generation

        def run() -> None:
            if generation == self.generation:
                move()

        loop: asyncio.AbstractEventLoop | None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if self.delay <= 0 or loop is None:
            run()
        else:
            loop.call_later(self.delay, run)
