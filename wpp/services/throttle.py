"""Guessing is slow: :class:`Throttle` counts wrong room codes or secrets and refuses for a
while after too many (a room code cannot be guessed at machine speed). The room store keeps
one per kernel; the class store (:mod:`wpp.services.classroom`) its own per page and in all.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Final

from wpp.core.errors import WppError

__all__ = ["FAILURE_WINDOW", "MAX_FAILURES", "Throttle"]

#: Wrong room codes or seat secrets a store accepts within :data:`FAILURE_WINDOW` seconds;
#: then every join waits for the window to pass (one kernel tries at most 10 codes a
#: minute: guessing one of 33.5 million codes becomes hopeless).
MAX_FAILURES: Final = 10
FAILURE_WINDOW: Final = 60.0


class Throttle:
    """Guessing is slow: after :data:`MAX_FAILURES` wrong codes or secrets within
    :data:`FAILURE_WINDOW` seconds, :meth:`check` refuses (with the kit's error naming
    ``what`` was wrong and how long to wait) until the window has passed. One per store;
    thread-safe. ``clock`` gives the time in seconds.

    >>> now = [0.0]
    >>> t = Throttle(lambda: now[0], "room codes")
    >>> for _ in range(MAX_FAILURES): t.failed()
    >>> t.check()
    Traceback (most recent call last):
    wpp.core.errors.WppError: too many wrong room codes: wait 60 s, then try again
    >>> now[0] += FAILURE_WINDOW; t.check()
    """

    def __init__(self, clock: Callable[[], float], what: str) -> None:
        self.clock, self.what = clock, what
        self._failures: deque[float] = deque()
        self._lock = threading.Lock()

    def check(self) -> None:
        """Refuse while too many failures are recent."""
        now = self.clock()
        with self._lock:
            while self._failures and self._failures[0] <= now - FAILURE_WINDOW:
                self._failures.popleft()
            if len(self._failures) >= MAX_FAILURES:
                wait = max(1, round(self._failures[0] + FAILURE_WINDOW - now))
                raise WppError(f"too many wrong {self.what}: wait {wait} s, then try again")

    def failed(self) -> None:
        """Count one wrong code or secret."""
        with self._lock:
            self._failures.append(self.clock())
