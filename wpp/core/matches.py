"""A match: the games a page plays in a row against the same opponents, with a rule that
says when it ends and who won it — for any game, from the games' returns alone.

Each game declares its match in its registration (``MATCH``, a :class:`MatchRule`;
:func:`wpp.core.registry.match_rule`), chosen to fit its own scoring:

* ``count="wins"``: each game's sole best return is a win; the match ends when a seat has
  ``first_to`` wins (or, with ``hands`` > 0, after that many games); most wins wins it.
  For games whose return only says who won (WarPairsPoker, Pokeros).
* ``count="points"``: each game adds its returns to a running total; the match ends after
  ``hands`` games; the best total wins it. For games that score in points (OFC's points,
  draw's pot, Pairs' placings).

A game is counted once by its identity (``key``); practice games are not counted. A scored
game left before its end (a forfeit) counts as a game played that the person lost: in a
wins match the other seat's win (two seats), in a points match ``forfeit_points`` off the
person's total.

>>> m = Match(MatchRule("wins", first_to=2), players=2)
>>> m.record("g1", (1.0, -1.0)); m.record("g1", (1.0, -1.0))   # the same game counts once
>>> m.played, m.tally, m.over
(1, [1.0, 0.0], False)
>>> m.record("g2", (0.0, 0.0)); m.record("g3", (-1.0, 1.0)); m.record("g4", (1.0, -1.0))
>>> m.played, m.tally, m.over, m.winners()
(4, [2.0, 1.0], True, [0])
>>> p = Match(MatchRule("points", hands=2), players=2)
>>> p.record("a", (3.0, -3.0)); p.forfeit("b", person=0, practice=False)
>>> p.tally, p.over, p.winners()
([2.0, -3.0], True, [0])
>>> Match.load(p.dump(), p.rule, 2) == p, Match.load({"junk": 1}, p.rule, 2).played
(True, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from wpp.core.errors import WppError

__all__ = ["DEFAULT_RULE", "Match", "MatchRule"]

_MAX_GAMES = 99


@dataclass(frozen=True)
class MatchRule:
    """How a game's match is played (see the module docs)."""

    count: Literal["wins", "points"]
    #: Games in the match ("points"), or a cap on them ("wins"; 0: none).
    hands: int = 0
    #: Wins that take the match ("wins").
    first_to: int = 0
    #: Points a forfeit costs the person ("points").
    forfeit_points: float = 1.0
    #: What the page calls one game of the match: "game", or "hand" (OFC, draw).
    unit: Literal["game", "hand"] = "game"
    #: The returns are placings from 0 (last) to 1 (first), as Pairs' are: counted as whole
    #: placing points, N − 1 for the first of N seats down to 0 ("points").
    placing: bool = False

    def __post_init__(self) -> None:
        if self.count not in ("wins", "points"):
            raise WppError(f"a match counts 'wins' or 'points', not {self.count!r:.20}")
        if not 0 <= self.hands <= _MAX_GAMES or not 0 <= self.first_to <= _MAX_GAMES:
            raise WppError(f"a match has 0 to {_MAX_GAMES} games and wins")
        if self.count == "points" and self.hands < 1:
            raise WppError("a points match needs its number of games (hands ≥ 1)")
        if self.count == "wins" and self.first_to < 1:
            raise WppError("a wins match needs the wins that take it (first_to ≥ 1)")
        if self.unit not in ("game", "hand"):
            raise WppError(f"a match's unit is 'game' or 'hand', not {self.unit!r:.20}")
        if not 0 <= self.forfeit_points <= 1000:
            raise WppError("a forfeit costs 0 to 1000 points")

    def words(self, players: int | None = None) -> str:
        """The rule in a few words: "first to 3 wins, at most 5 games" (no brackets of its own:
        the match line puts the rule in brackets, and "(first to 3 wins (at most 5 games))"
        read badly), "5 hands, most points wins"; a placing
        match with its ``players`` says what each place earns ("3 games; 1st place 3 points,
        2nd 2, 3rd 1, 4th 0; most points wins").

        >>> MatchRule("wins", first_to=3, hands=5).words()
        'first to 3 wins, at most 5 games'
        >>> MatchRule("points", hands=3, placing=True).words(3)
        '3 games; 1st place 2 points, 2nd 1, 3rd 0; most points wins'
        """
        if self.count == "wins":
            cap = f", at most {self.hands} {self.unit}s" if self.hands else ""
            return f"first to {self.first_to} win{'s' if self.first_to != 1 else ''}{cap}"
        games = f"{self.hands} {self.unit}{'s' if self.hands != 1 else ''}"
        if not self.placing:
            return f"{games}, most points wins"
        if players is None or players < 2:
            return f"{games}; the better your place, the more points; most points wins"
        places = [f"{_ordinal(k + 1)}{' place' if k == 0 else ''} {players - 1 - k}"
                  f"{' points' if k == 0 else ''}" for k in range(players)]
        return f"{games}; {', '.join(places)}; most points wins"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th… (up to the kit's six seats and beyond)."""
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


#: The match of a game that declares none.
DEFAULT_RULE = MatchRule("wins", first_to=3)


@dataclass
class Match:
    """One match in progress (or just over): games counted, each seat's tally."""

    rule: MatchRule
    players: int
    #: Which match of the page this is (1, 2, …).
    number: int = 1
    played: int = 0
    tally: list[float] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.tally:
            self.tally = [0.0] * self.players

    @property
    def over(self) -> bool:
        """Whether the match's rule says it has ended."""
        if self.rule.count == "wins":
            return (max(self.tally) >= self.rule.first_to
                    or (bool(self.rule.hands) and self.played >= self.rule.hands))
        return self.played >= self.rule.hands

    def winners(self) -> list[int]:
        """The seats with the best tally (several: a drawn match)."""
        best = max(self.tally)
        return [s for s, t in enumerate(self.tally) if t == best]

    def counted(self, key: str) -> bool:
        """Whether the game ``key`` is in this match."""
        return key in self.seen

    def record(self, key: str, returns: Sequence[float]) -> None:
        """Count the finished scored game ``key`` once (nothing once the match is over)."""
        if key in self.seen or self.over or len(returns) != self.players:
            return
        self.seen.add(key)
        self.played += 1
        if self.rule.count == "points":
            for seat, value in enumerate(returns):
                self.tally[seat] += round(float(value) * self._factor(), 9)
            return
        best = max(returns)
        top = [s for s, r in enumerate(returns) if r == best]
        if len(top) == 1:
            self.tally[top[0]] += 1

    def forfeit(self, key: str, *, person: int, practice: bool) -> None:
        """The scored game ``key`` was left before its end by ``person``: a game played and
        lost (see the module docs); nothing for practice or a game already counted."""
        if practice or key in self.seen or self.over or not 0 <= person < self.players:
            return
        self.seen.add(key)
        self.played += 1
        if self.rule.count == "points":
            self.tally[person] -= self.rule.forfeit_points * self._factor()
        elif self.players == 2:
            self.tally[1 - person] += 1

    def _factor(self) -> int:
        """What one point of a return is worth in the tally (placings: N − 1)."""
        return self.players - 1 if self.rule.placing else 1

    def next(self) -> Match:
        """A new match after this one, on the same rule."""
        return Match(self.rule, self.players, number=self.number + 1)

    def dump(self) -> dict[str, Any]:
        """The match as JSON-able data (kept with the page's game, for a reload)."""
        return {"number": self.number, "played": self.played, "tally": list(self.tally),
                "seen": sorted(self.seen)}

    @classmethod
    def load(cls, data: object, rule: MatchRule, players: int) -> Match:
        """A match from :meth:`dump`'s data; damaged data (or another number of seats)
        gives a fresh match."""
        try:
            if not isinstance(data, dict):
                raise WppError("not a match")
            number, played = data.get("number", 1), data.get("played", 0)
            tally = [float(t) for t in list(data.get("tally", []))]
            seen = list(data.get("seen", []))
            if (not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9
                        for v in (number, played)) or number < 1
                    or len(tally) != players or not all(abs(t) < 1e9 for t in tally)
                    or len(seen) > 10**4
                    or not all(isinstance(k, str) and len(k) <= 64 for k in seen)):
                raise WppError("not a match")
            return cls(rule, players, number=number, played=played, tally=tally,
                       seen=set(seen))
        except (WppError, TypeError, ValueError, OverflowError):
            return cls(rule, players)
