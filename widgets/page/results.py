"""A finished game's result in words, for the person in front of the screen, and the session's
score across games — for any game: the winners are the seats with the best return.

>>> result_head((1.0, -1.0), people=(0,))
'You win!'
>>> result_head((0.0, 1.0), people=(0,)), result_head((1.0, 1.0), people=(0,))
('The computer wins', 'A draw: you share the best result')
>>> result_head((0.0, 1.0), people=(0, 1))
'P2 wins'
>>> s = SessionScore()
>>> s.record("g1", (1.0, 0.0), people=(0,), practice=False)
>>> s.record("g1", (1.0, 0.0), people=(0,), practice=False)   # the same game counts once
>>> s.record("g2", (0.0, 1.0), people=(0,), practice=True)
>>> s.text()
'Session: you won 1 of 1 · the computer won 0 · draws 0 (1 practice game not counted)'
>>> s.forfeit("g3", people=(0,)); s.forfeit("g3", people=(0,)); s.computer, s.forfeits
(1, 1)
>>> SessionScore.load(s.dump()) == s, SessionScore.load({"you": "junk"}) == SessionScore()
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wpp.core.errors import WppError
from wpp.core.history import seat_name

__all__ = ["SessionScore", "person_won", "result_head", "winners"]


def winners(returns: Sequence[float]) -> list[int]:
    """The seats with the best return."""
    best = max(returns)
    return [p for p, r in enumerate(returns) if r == best]


def person_won(returns: Sequence[float], people: Sequence[int]) -> bool:
    """Whether a person of this page won alone (the banner celebrates it).

    >>> person_won((1.0, -1.0), (0,)), person_won((1.0, 1.0), (0,)), person_won((0, 1), (0,))
    (True, False, False)
    """
    top = winners(returns)
    return len(top) == 1 and top[0] in people


def result_head(returns: Sequence[float], people: Sequence[int]) -> str:
    """The result in a few words (``people``: the seats played by people on this page)."""
    top = winners(returns)
    if len(people) == 1:
        me = people[0]
        if top == [me]:
            return "You win!"
        if me in top:
            return "A draw: you share the best result"
        if len(top) == 1:
            return ("The computer wins" if len(returns) == 2
                    else f"{seat_name(top[0])} (the computer) wins")
    if len(top) == 1:
        return f"{seat_name(top[0])} wins"
    return "A draw between " + " and ".join(seat_name(p) for p in top)


@dataclass
class SessionScore:
    """Games finished on this page since it opened, each counted once by its identity (the
    game's id, :func:`wpp.services.game_store.game_id`: the same deal reopened from a file or
    another tab is the same game), when it ends or when a scored game is left before its
    end (a forfeit, counted as the computer's win). The page keeps the score with its game
    (:meth:`dump`, :meth:`load`), so a reload or a second tab goes on with the same score."""

    you: int = 0
    computer: int = 0
    draws: int = 0
    practice: int = 0
    seats: dict[int, int] = field(default_factory=dict)
    forfeits: int = 0
    _seen: set[object] = field(default_factory=set)

    def counted(self, key: object) -> bool:
        """Whether the game ``key`` is already in the score."""
        return key in self._seen

    def forfeit(self, key: object, *, people: Sequence[int]) -> None:
        """The scored game ``key`` was left before its end (a new deal, practice, undo
        against the computer): a loss for the person, counted once."""
        if key in self._seen or len(people) != 1:
            return
        self._seen.add(key)
        self.computer += 1
        self.forfeits += 1

    def dump(self) -> dict[str, Any]:
        """The score as JSON-able data (kept with the page's game)."""
        return {"you": self.you, "computer": self.computer, "draws": self.draws,
                "practice": self.practice, "forfeits": self.forfeits,
                "seats": {str(k): v for k, v in self.seats.items()},
                "seen": sorted(str(k) for k in self._seen)}

    @classmethod
    def load(cls, data: object) -> SessionScore:
        """A score from :meth:`dump`'s data; damaged data gives a fresh score."""
        try:
            if not isinstance(data, dict):
                raise WppError("not a score")
            counts = {k: data.get(k, 0) for k in ("you", "computer", "draws", "practice",
                                                  "forfeits")}
            seats = {int(k): v for k, v in dict(data.get("seats", {})).items()}
            seen = list(data.get("seen", []))
            if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9
                       for v in [*counts.values(), *seats.values()]) or not all(
                    isinstance(k, str) and len(k) <= 64 for k in seen) or len(seen) > 10**5:
                raise WppError("not a score")
            return cls(**counts, seats=seats, _seen=set(seen))
        except (WppError, TypeError, ValueError):
            return cls()

    def record(self, key: object, returns: Sequence[float], *, people: Sequence[int],
               practice: bool) -> None:
        """Count the finished game ``key`` once."""
        if key in self._seen:
            return
        self._seen.add(key)
        if practice:
            self.practice += 1
            return
        top = winners(returns)
        if len(top) > 1:
            self.draws += 1
        elif len(people) == 1:
            if top[0] == people[0]:
                self.you += 1
            else:
                self.computer += 1
        else:
            self.seats[top[0]] = self.seats.get(top[0], 0) + 1

    def text(self) -> str:
        """The score in words."""
        played = self.you + self.computer + self.draws + sum(self.seats.values())
        if self.seats:
            head = "Session: " + " · ".join(f"{seat_name(p)} won {n}"
                                            for p, n in sorted(self.seats.items()))
            head += f" · the computer won {self.computer} · draws {self.draws}"
        else:
            head = (f"Session: you won {self.you} of {played} · the computer won "
                    f"{self.computer} · draws {self.draws}")
        if self.forfeits:
            head += f" · forfeits {self.forfeits} (counted as the computer's wins)"
        if self.practice:
            head += (f" ({self.practice} practice game{'s' if self.practice != 1 else ''} not "
                     "counted)")
        return head
