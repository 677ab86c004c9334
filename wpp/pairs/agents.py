"""Pairs' players: a fair coin, CardStock's Monte Carlo AI (PIPMC), and an exact
expected-value player.

* :class:`RandomPlayer` — CardStock's RandomPlayer: fold or hit with equal chance.
* :class:`PIPMC` — "perfect-information pure Monte Carlo", CardStock's default AI: for each
  move, ``playouts`` times (10 in the blog) deal the unseen cards at random consistently with
  the view (:meth:`Board.sample <wpp.pairs.board.Board.sample>`), make the move, let every
  player play on at random to the end, and note the AI's rank. ``objective="rank"`` (June
  2019) picks the lowest mean rank; ``objective="inverse"`` (January 2019) the highest mean
  of 1/rank — which is biased: a 50/50 split between 1st and 2nd averages 0.75, not the
  midpoint 2/3 of the two values' scale. Exact ties go to the first move, fold.
* :class:`ExpectedValue` — counts the unseen cards exactly: a hit pairs rank ``r`` of the
  stack with probability ``unseen[r] / len(unseen)``, so it costs ``Σ P(r)·r`` points now; a
  fold costs the lowest card in play. It folds when the fold is cheaper than ``share`` of a
  hit's expected points (pairsTournament's champion "PureExp" used 0.9), and never takes a
  card that would reach the target when a hit might not.

Playouts run on the engine's own mutable board: no second copy of the rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean
from typing import Final

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_count, check_number
from wpp.core.errors import WppError
from wpp.core.explain import Explanation, Ref, Step, words
from wpp.core.intervals import Interval, mean_interval
from wpp.pairs.board import Board, seat_name
from wpp.pairs.cards import CARD, Card
from wpp.pairs.state import FOLD, HIT, PairsAction, PairsView

__all__ = ["OBJECTIVES", "PIPMC", "ExpectedValue", "MoveEstimate", "RandomPlayer",
           "hit_odds"]

OBJECTIVES: Final = ("rank", "inverse")


class RandomPlayer:
    """Fold or hit with equal chance (hit when it is the only legal move)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PairsView) -> PairsAction:
        require_view(view, PairsView, self.name)
        return self._rng.choice(view.legal_actions())

    def decide(self, view: PairsView) -> Decision:
        action = self.choose(view)
        return Decision(action, Explanation(
            "Random", [Step("Toss a coin between the legal moves", id="random.coin",
                            columns=("move",), rows=[(str(a),) for a in view.legal_actions()],
                            row_ids=tuple(str(a) for a in view.legal_actions()),
                            chosen_row=view.legal_actions().index(action),
                            verdict=f"the coin says {action}")],
            summary=str(action)))


@dataclass(frozen=True, slots=True)
class MoveEstimate:
    """One move's playouts: the AI's rank in each."""

    action: PairsAction
    ranks: tuple[int, ...]
    players: int

    @property
    def mean_rank(self) -> float:
        return fmean(self.ranks)

    @property
    def inverse(self) -> float:
        """The January-2019 objective: the mean of 1/rank."""
        return fmean(1 / r for r in self.ranks)

    @property
    def scaled(self) -> float:
        """The estimate as a scaled rank (N − mean rank)/(N − 1): 1 best, 0 worst."""
        return (self.players - self.mean_rank) / (self.players - 1)

    def interval(self, confidence: float = 0.95) -> Interval:
        """The mean rank with its normal-approximation interval."""
        return mean_interval([float(r) for r in self.ranks], confidence)


#: The agents' bounds: PIPMC's playouts per move (CardStock's blog used 10) and the
#: expected-value player's share (more than 0, at most 10 times the hit's points).
MAX_PLAYOUTS: Final = 10_000
MAX_SHARE: Final = 10.0


class PIPMC:
    """CardStock's perfect-information pure Monte Carlo AI (see the module's text);
    ``playouts`` 1 to :data:`MAX_PLAYOUTS` (10,000)."""

    def __init__(self, seed: int | None = 0, playouts: int = 10, objective: str = "rank"
                 ) -> None:
        check_count(playouts, "playouts", 1, MAX_PLAYOUTS)
        if objective not in OBJECTIVES:
            raise WppError(f"objective is {' or '.join(OBJECTIVES)}, not {objective!r:.20}")
        self.name = "pipmc" if objective == "rank" else "pipmc_inverse"
        self.playouts = playouts
        self.objective = objective
        self._rng = random.Random(seed)

    def estimates(self, view: PairsView) -> list[MoveEstimate]:
        """Each legal move's playouts, fold first."""
        require_view(view, PairsView, self.name)
        rng, me = self._rng, view.player
        hidden = list(view.unseen().elements())
        out = []
        for action in view.legal_actions():
            fold = action is FOLD
            ranks = []
            for _ in range(self.playouts):
                board = Board.sample(view, rng, hidden, lazy=True)
                board.act(fold)
                board.playout(rng)
                ranks.append(board.ranks()[me])
            out.append(MoveEstimate(action, tuple(ranks), view.players))
        return out

    def best(self, estimates: list[MoveEstimate]) -> int:
        """The index of the chosen move: lowest mean rank (or highest mean inverse rank);
        exact ties go to the first, fold."""
        if self.objective == "rank":
            values = [-e.mean_rank for e in estimates]
        else:
            values = [e.inverse for e in estimates]
        return values.index(max(values))

    def choose(self, view: PairsView) -> PairsAction:
        estimates = self.estimates(view)
        return estimates[self.best(estimates)].action

    def decide(self, view: PairsView) -> Decision:
        estimates = self.estimates(view)
        chosen = self.best(estimates)
        action = estimates[chosen].action
        unseen = sorted(view.unseen().elements())
        objective = ("it picks the lowest average place" if self.objective == "rank" else
                     "it picks the move most often at or near first place")
        rows = []
        for e in estimates:
            i = e.interval()   # its 95% interval, said as "give or take" half its width
            rows.append((str(e.action), len(e.ranks), round(e.mean_rank, 3),
                         f"{(i.high - i.low) / 2:.2f}", round(e.inverse, 3),
                         round(e.scaled, 3)))
        example, lines, drawn = self._example(view, action)
        steps = [
            Step(words("Guess the hidden cards: the ", str(len(unseen)),
                       " cards you cannot see (deck ",
                       str(view.stock_size), ", burned ", str(view.burned_size),
                       ") are shuffled and dealt back at random"),
                 tuple(unseen), id="pipmc.determinise",
                 verdict="every face-up card stays where it is"),
            Step(f"Play out each move {self.playouts} times: practice games to the end, "
                 "everyone playing at random",
                 columns=("move", "practice games", "average place", "give or take",
                          "first-place score", "place score (1 = first)"),
                 rows=rows, chosen_row=chosen, row_ids=tuple(str(e.action) for e in estimates),
                 id="pipmc.moves",
                 verdict=f"{objective}; ties go to fold"),
            Step(words("One practice game after ", str(action), ": the cards it drew"), drawn,
                 id="pipmc.playout", notes=tuple(lines),
                 verdict=f"{seat_name(view.player)} finished rank {example} of "
                         f"{view.players}"),
        ]
        best = estimates[chosen]
        summary = (f"{action} (average place {best.mean_rank:.2f} over {len(best.ranks)} "
                   "practice games)")
        return Decision(action, Explanation("Tries each move out", steps, summary=summary))

    def _example(self, view: PairsView, action: PairsAction
                 ) -> tuple[int, list[str], tuple[Card, ...]]:
        """One narrated playout of ``action`` (its own generator: explaining does not change
        what the agent does next)."""
        rng = random.Random(f"pipmc-example:{view.round}:{view.totals}:{len(view.discard)}")
        board = Board.sample(view, rng)
        board.log = []
        board.act(action is FOLD)
        board.playout(rng, narrate=True)
        lines = board.log or []
        if len(lines) > 12:
            lines = [*lines[:6], f"… {len(lines) - 10} more …", *lines[-4:]]
        return board.ranks()[view.player], lines, tuple(board.drawn[:30])


def hit_odds(view: PairsView) -> list[tuple[Card, int, float]]:
    """For each distinct card of the actor's stack: how many of it are unseen, and the
    chance the next card pairs it (every unseen card is equally likely to be drawn; with an
    empty deck the discards are reshuffled in too)."""
    unseen = view.unseen()
    if view.stock_size == 0:
        unseen.update(view.discard)
    total = sum(unseen.values())
    stack = sorted(set(view.hands[view.to_act]))
    return [(c, unseen[c], unseen[c] / total if total else 0.0) for c in stack]


def _fold_or_hit(action: PairsAction, fold: float, hit: float, share: float) -> str:
    """Why ``action``, in words: a fold costs ``fold`` points, a hit ``hit`` on average, and
    the player folds only when the fold costs less than ``share`` of the hit's cost (a hit
    that misses still leaves a chance to pair later, so a fold must be clearly cheaper)."""
    part = "a hit's" if share == 1 else f"{share:.0%} of a hit's"
    return (f"a fold costs {fold:g} points now, a hit about {hit:.1f} on average; it folds "
            f"only when folding costs less than {part} ({share * hit:.1f}): {action}")


class ExpectedValue:
    """The exact expected-value player (see the module's text)."""

    def __init__(self, seed: int | None = 0, share: float = 0.9) -> None:
        self.name = "expected"
        self.share = check_number(share, "share", 0, MAX_SHARE, above_low=True)

    def _weigh(self, view: PairsView) -> tuple[PairsAction, dict[str, float]]:
        require_view(view, PairsView, self.name)
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0], {}
        me, total, target = view.player, view.totals[view.player], view.target
        odds = hit_odds(view)
        hit_points = sum(p * c for c, _, p in odds)
        hit_lose = sum(p for c, _, p in odds if total + c >= target)
        fold_points = float(min(c for h in view.hands for c in h))
        fold_lose = 1.0 if total + fold_points >= target else 0.0
        facts = {"hit_points": hit_points, "hit_pair": sum(p for _, _, p in odds),
                 "hit_lose": hit_lose, "fold_points": fold_points, "fold_lose": fold_lose}
        del me
        if fold_lose != hit_lose:
            return (FOLD if fold_lose < hit_lose else HIT), facts
        return (FOLD if fold_points < self.share * hit_points else HIT), facts

    def choose(self, view: PairsView) -> PairsAction:
        return self._weigh(view)[0]

    def decide(self, view: PairsView) -> Decision:
        action, f = self._weigh(view)
        if not f:
            return Decision(action, Explanation.simple(
                "Hit or fold", f"{action}: the only move allowed", step_id="expected.forced"))
        rows = [((c,), n, f"{p:.0%}", round(p * c, 1)) for c, n, p in hit_odds(view)]
        low = CARD[int(f["fold_points"])]
        steps = [
            Step("A hit: the chance to draw a card that pairs one of your stack",
                 tuple(view.hands[view.player]),
                 columns=("card", "copies not seen yet", "chance of pairing",
                          "points it costs on average"),
                 rows=rows, id="expected.odds", row_ids=tuple(str(c) for c, _, _ in
                                                              hit_odds(view)),
                 verdict=f"a hit pairs {f['hit_pair']:.0%} of the time and costs about "
                         f"{f['hit_points']:.1f} points on average"),
            Step(words("Hit or fold: a fold takes the lowest card in play, ", Ref((low,))),
                 (low,),
                 columns=("move", "points it costs now", "chance of reaching the target"),
                 rows=[("fold", f["fold_points"], f"{f['fold_lose']:.0%}"),
                       ("hit", round(f["hit_points"], 1), f"{f['hit_lose']:.0%}")],
                 row_ids=("fold", "hit"), chosen_row=0 if action is FOLD else 1,
                 id="expected.compare",
                 verdict=(f"{action}: it is less likely to push you to the target now"
                          if f["fold_lose"] != f["hit_lose"] else
                          _fold_or_hit(action, f["fold_points"], f["hit_points"],
                                       self.share))),
        ]
        return Decision(action, Explanation("Hit or fold", steps, summary=str(action)))
