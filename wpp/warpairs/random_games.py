"""Random-vs-random games at simulation speed: the same games, about five times faster.

:func:`play_random_game` plays exactly the game that
``play_game((RandomAgent(a), RandomAgent(b)), seed, rules)`` plays — the same deal, the same
random choices, the same actions, the same end — without building a
:class:`~wpp.warpairs.view.View`, a list of legal actions and a new immutable
:class:`~wpp.warpairs.state.GameState` for every action. It is for the studies that need hundreds of
thousands of random games (baselines, game length, the first leader's edge):
``python -m wpp random-games``. Anything that wants to *look* at a game uses
:class:`~wpp.warpairs.game.Game`.

Why it is fast, and why it is still the same game
-------------------------------------------------
A random agent needs two things from the legal actions: **how many** there are and **the
one its random number picks**. So the game is played by :func:`wpp.warpairs.playout`'s machinery:

* the state is one mutable :class:`~wpp.warpairs.board.Board`, changed in place (a game played once
  is never undone), and each action is done by the board's operation — the very code the
  engine's :func:`~wpp.warpairs.transitions.step` runs between thawing and freezing a state, so
  there is one state machine, not two;
* plays are *counted* (:mod:`wpp.warpairs.play_counts`) and only the chosen one is built, in the
  engine's order, from the engine's own generator and judge
  (:class:`~wpp.warpairs.playout.RandomSeat`).

``tests/warpairs/test_random_games.py`` plays about a thousand fixed seeds under the rule flags,
and more drawn by hypothesis (seeds, agents' seeds and flags), through both and requires
identical action sequences and outcomes: a count wrong by one anywhere makes the two games
part at once.

>>> r = play_random_game(42)
>>> from wpp.warpairs.ai import RandomAgent
>>> from wpp.warpairs.game import play_game
>>> g = play_game((RandomAgent(42), RandomAgent(43)), 42, history=False)
>>> (r.winner, r.end_reason, r.actions) == (g.state.winner, g.state.end_reason, g.state.actions)
True
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from wpp.core.checks import MAX_SEED, check_count, check_seed
from wpp.core.errors import WppError
from wpp.core.intervals import wilson
from wpp.warpairs.actions import Action
from wpp.warpairs.board import Board
from wpp.warpairs.phases import _MULLIGAN, EndReason
from wpp.warpairs.playout import RandomSeat, play_random
from wpp.warpairs.rules import DEFAULT_RULES, Rules

__all__ = ["RandomGameResult", "Summary", "play_random_game", "play_random_games", "summarize"]



class RandomGameResult(NamedTuple):
    """How a random game ended: the fields a finished :class:`~wpp.warpairs.state.GameState` ends
    with, and who led the first trick (R12).

    ``history`` holds every action in order when asked for (``record=True``), else ``()``.
    """

    seed: int
    winner: int | None
    end_reason: EndReason
    actions: int
    reshuffles: int
    first_leader: int
    history: tuple[Action, ...] = ()


def play_random_game(seed: int, rules: Rules = DEFAULT_RULES,
                     agent_seeds: tuple[int, int] | None = None,
                     *, record: bool = False) -> RandomGameResult:
    """Play the deal of ``seed`` between two random agents seeded ``agent_seeds`` (default
    ``seed`` and ``seed + 1``, as ``RandomAgent(seed), RandomAgent(seed + 1)``).

    ``record=True`` also returns the actions (slower; for tests and for replaying the game
    into a :class:`~wpp.warpairs.game.Game`).
    """
    check_seed(seed)
    if not isinstance(rules, Rules):
        raise WppError(f"rules must be a wpp.warpairs.rules.Rules, not {rules!r:.40}")
    if agent_seeds is None:
        agent_seeds = (seed, seed + 1)
    elif not isinstance(agent_seeds, tuple | list) or len(agent_seeds) != 2:
        raise WppError(f"agent_seeds needs one seed per player, not {agent_seeds!r:.40}")
    else:
        for s in agent_seeds:
            check_seed(s, "an agent's seed")
    history: list[Action] | None = [] if record else None
    seats = (RandomSeat(random.Random(agent_seeds[0]), history),
             RandomSeat(random.Random(agent_seeds[1]), history))
    b = Board.dealt(seed, rules)
    while b.phase is _MULLIGAN:  # R11, R12
        seats[b.to_act].move(b)
    first_leader = b.to_act
    play_random(b, seats)
    assert b.end_reason is not None
    return RandomGameResult(seed, b.winner, b.end_reason, b.actions, b.reshuffles,
                            first_leader, tuple(history or ()))


def play_random_games(games: int, seed: int = 0,
                      rules: Rules = DEFAULT_RULES) -> Iterator[RandomGameResult]:
    """``games`` random games on the deals ``seed, seed + 1, …`` (agents as in
    :func:`play_random_game`), lazily."""
    check_count(games, "the number of games", 0, MAX_SEED)
    check_seed(seed, "the first seed")
    if games:
        check_seed(seed + games - 1, f"the last seed (the first + {games - 1})")
    return (play_random_game(s, rules) for s in range(seed, seed + games))


@dataclass(frozen=True, slots=True)
class Summary:
    """What many random games say about the game itself: who wins, how, and how long it
    takes. ``str()`` writes it out for people."""

    games: int
    wins: tuple[int, int]          # games won by P1, by P2
    draws: int
    first_leader_wins: int         # decided games won by whoever led the first trick (R12)
    end_reasons: dict[EndReason, int]
    mean_actions: float
    median_actions: float
    p95_actions: int
    max_actions: int
    reshuffled_games: int          # games in which R18 reshuffled the discards at least once

    def __str__(self) -> str:
        n = self.games
        if not n:
            return "no games"
        decided = n - self.draws

        def share(k: int, of: int) -> str:
            if not of:
                return "—"
            w = wilson(k, of)
            return f"{w.estimate:.1%} [{w.low:.1%}, {w.high:.1%}]"

        ends = " · ".join(f"{r.value} {k / n:.1%}" for r, k in
                          sorted(self.end_reasons.items(), key=lambda e: -e[1]))
        return "\n".join([
            f"P1 wins {share(self.wins[0], n)} · P2 wins {share(self.wins[1], n)} · "
            f"draws {self.draws / n:.1%}",
            f"the first leader (R12) wins {share(self.first_leader_wins, decided)} "
            "of the decided games",
            f"ends: {ends}",
            f"actions per game: mean {self.mean_actions:.1f}, median {self.median_actions:g}, "
            f"95th percentile {self.p95_actions}, longest {self.max_actions}",
            f"games with an R18 reshuffle: {self.reshuffled_games / n:.1%}",
            "(in brackets: 95% Wilson intervals)",
        ])


def summarize(results: Iterable[RandomGameResult]) -> Summary:
    """Sum up games from :func:`play_random_games`.

    >>> print(summarize(play_random_games(100)))
    P1 wins 44.0% [34.7%, 53.8%] · P2 wins 56.0% [46.2%, 65.3%] · draws 0.0%
    the first leader (R12) wins 53.0% [43.3%, 62.5%] of the decided games
    ends: emptied their hand 100.0%
    actions per game: mean 67.7, median 61.5, 95th percentile 124, longest 164
    games with an R18 reshuffle: 36.0%
    (in brackets: 95% Wilson intervals)
    """
    games = wins0 = wins1 = first = reshuffled = 0
    ends: Counter[EndReason] = Counter()
    lengths: list[int] = []
    for r in results:
        games += 1
        wins0 += r.winner == 0
        wins1 += r.winner == 1
        first += r.winner == r.first_leader
        reshuffled += r.reshuffles > 0
        ends[r.end_reason] += 1
        lengths.append(r.actions)
    lengths.sort()
    return Summary(
        games=games, wins=(wins0, wins1), draws=games - wins0 - wins1,
        first_leader_wins=first, end_reasons=dict(ends),
        mean_actions=statistics.fmean(lengths) if lengths else 0.0,
        median_actions=statistics.median(lengths) if lengths else 0.0,
        p95_actions=lengths[int(0.95 * (len(lengths) - 1))] if lengths else 0,
        max_actions=lengths[-1] if lengths else 0,
        reshuffled_games=reshuffled,
    )
