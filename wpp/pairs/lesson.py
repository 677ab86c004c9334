"""What lesson 9 (``notebooks/09_pairs.ipynb``) asks of Pairs: hit-or-fold exercises with
exact odds, and the two PIPMC objectives side by side.

* :func:`exercises` — positions from seeded games where the player to act has a stack of two
  or more cards (a real choice), each with the exact facts of :func:`odds`;
* :func:`feedback` — the verdict on a learner's move: the chance of pairing per card, the
  expected points of a hit against the fold's cost, and what the expected-value player does;
* :func:`objectives` and :func:`disagreements` — why averaging 1/rank was biased: the same
  playouts ranked by mean rank and by mean inverse rank, and how often the two choose
  differently.

>>> objectives([1, 2] * 5)["mean 1/rank"], objectives([2] * 10)["mean 1/rank"]
(0.75, 0.5)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from wpp.core.checks import fold_seed
from wpp.core.registry import make_agent, new_game
from wpp.pairs.agents import PIPMC, ExpectedValue, hit_odds
from wpp.pairs.board import seat_name
from wpp.pairs.state import FOLD, HIT, PairsAction, PairsView

__all__ = ["FOLD", "HIT", "Exercise", "RuleDrill", "describe", "disagreements", "exercises",
           "feedback", "objectives", "odds", "rule_drills"]


@dataclass(frozen=True, slots=True)
class Exercise:
    """One hit-or-fold question: the view of the player to act and the exact answer."""

    view: PairsView
    best: PairsAction
    facts: dict[str, float]


def odds(view: PairsView) -> dict[str, float]:
    """The exact facts of a decision: the chance a hit pairs, a hit's expected points, the
    fold's points (the lowest card in play)."""
    table = hit_odds(view)
    return {"pair": sum(p for _, _, p in table), "hit_points": sum(p * c for c, _, p in table),
            "fold_points": float(min(c for h in view.hands for c in h))}


def exercises(count: int = 5, seed: int = 9, players: int = 3) -> list[Exercise]:
    """``count`` positions from seeded random games with a stack of two or more cards to act
    on, each answered by the expected-value player."""
    rng = random.Random(seed)
    judge = ExpectedValue()
    out: list[Exercise] = []
    game_seed = seed
    while len(out) < count:
        g = new_game("pairs", seed=game_seed, players=players)
        bots = [make_agent("pairs", "random", fold_seed(game_seed * 7 + s)) for s in range(players)]
        while not g.is_over and len(out) < count:
            v = g.view(g.to_act)
            if len(v.hands[v.player]) >= 2 and rng.random() < 0.5:
                out.append(Exercise(v, judge.choose(v), odds(v)))
                break
            g.apply(bots[g.to_act].choose(v))
        game_seed += 1
    return out


def feedback(exercise: Exercise, move: PairsAction) -> str:
    """The verdict on ``move``, with the exact odds behind the expected-value answer."""
    f = exercise.facts
    rows = "; ".join(f"{c}: {n} unseen, {p:.1%}" for c, n, p in hit_odds(exercise.view))
    verdict = "Agreed" if move is exercise.best else "The careful player disagrees"
    return (f"{verdict}: it would {exercise.best}. A hit pairs with chance {f['pair']:.1%} "
            f"({rows}) and costs {f['hit_points']:.2f} points on average; a fold takes "
            f"{_points(f['fold_points'])} now.")


def objectives(ranks: list[int], players: int = 4) -> dict[str, float]:
    """One move's playout ranks summed up both ways: the mean rank (June 2019: lower is
    better), the mean of 1/rank (January 2019: higher is better), and the scaled rank of the
    mean (N − mean rank)/(N − 1)."""
    mean = fmean(ranks)
    return {"mean rank": mean, "mean 1/rank": fmean(1 / r for r in ranks),
            "scaled rank": (players - mean) / (players - 1)}


def disagreements(positions: int = 60, seed: int = 1, players: int = 4,
                  playouts: int = 10) -> dict[str, Any]:
    """On the decisions of seeded random games: how often the two objectives, reading the
    *same* playouts, choose differently, and which way the inverse rank leans."""
    ai = PIPMC(seed, playouts)
    differ = 0
    hit_by_inverse = 0
    seen = 0
    game_seed = seed
    while seen < positions:
        g = new_game("pairs", seed=game_seed, players=players)
        bots = [make_agent("pairs", "random", fold_seed(game_seed * 7 + s)) for s in range(players)]
        while not g.is_over and seen < positions:
            v = g.view(g.to_act)
            est = ai.estimates(v)
            by_rank = min(range(len(est)), key=lambda i: (est[i].mean_rank, i))
            by_inverse = max(range(len(est)), key=lambda i: (est[i].inverse, -i))
            if by_rank != by_inverse:
                differ += 1
                hit_by_inverse += est[by_inverse].action is HIT
            seen += 1
            g.apply(bots[g.to_act].choose(v))
        game_seed += 1
    return {"positions": seen, "disagree": differ, "inverse picks hit": hit_by_inverse,
            "inverse picks fold": differ - hit_by_inverse}


def describe(view: PairsView) -> str:
    """A position in one line: stacks, scores and the target."""
    stacks = "; ".join(f"{seat_name(s)} [{' '.join(map(str, view.hands[s]))}] "
                       f"{view.totals[s]} pts" for s in range(view.players))
    return f"{seat_name(view.player)} to act — {stacks} (target {view.target})"


def _points(x: float) -> str:
    return f"{x:g} point" if x == 1 else f"{x:g} points"


@dataclass(frozen=True, slots=True)
class RuleDrill:
    """A rule learnt by doing: a real position, a move, the question "what happens?", and the
    engine's own account of the move once it is made.

    ``next_card`` is the card a hit will draw (shown to the learner: the drill is about the
    rule, not the luck); ``choices`` are the possible outcomes, ``answer`` the index of the
    one the engine produced, ``narration`` the engine's words for it."""

    view: PairsView
    move: PairsAction
    next_card: int | None
    question: str
    choices: tuple[str, ...]
    answer: int
    narration: str
    #: The rule the move shows (R5 a hit, R6 a pair, R7 a fold).
    rule: str = ""


def _drill(state: Any, move: PairsAction) -> RuleDrill:
    from wpp.pairs.game import PAIRS

    me = state.to_act
    view = PAIRS.view(state, me)
    after, event = PAIRS.step(state, move)
    said = event.text_for(None)
    gained = after.totals[me] - state.totals[me]
    if move is HIT:
        card = int(state.stock[0])
        pairs = card in {int(c) for c in state.hands[me]}
        article = "an" if card == 8 else "a"
        question = f"You hit, and the card you draw is {article} {card}. What happens?"
        choices: tuple[str, ...] = (
            f"It pairs {article} {card} of your stack: you score {card} points and the round "
            "ends",
            f"No pair: the {card} joins your stack and the next player acts",
            "You score the lowest card in play")
        return RuleDrill(view, move, card, question, choices, 0 if pairs else 1, said,
                         "R6" if pairs else "R5")
    low = int(min(c for h in state.hands for c in h))
    mine = sorted({int(c) for c in state.hands[me]})
    question = "You fold. How many points do you score?"
    options = sorted({low, max(mine), sum(int(c) for c in state.hands[me])})
    choices = tuple(f"{x} point{'s' if x != 1 else ''}" for x in options)
    return RuleDrill(view, move, None, question, choices, options.index(gained), said, "R7")


def rule_drills(seed: int = 4, players: int = 3) -> list[RuleDrill]:
    """Three rules on real positions of seeded random games: a hit that pairs (R6), a hit
    that does not (R5), a fold (R7) — each with the engine's account of what happened."""
    from wpp.pairs.game import PAIRS

    wanted: dict[str, RuleDrill] = {}
    game_seed = seed
    while len(wanted) < 3:
        g = new_game("pairs", seed=game_seed, players=players)
        bots = [make_agent("pairs", "random", fold_seed(game_seed * 5 + s)) for s in range(players)]
        while not g.is_over and len(wanted) < 3:
            state = g.state
            me = state.to_act
            stack = {int(c) for c in state.hands[me]}
            if len(stack) >= 2 and state.stock and HIT in PAIRS.legal_actions(state):
                kind = "pair" if int(state.stock[0]) in stack else "miss"
                if kind not in wanted:
                    wanted[kind] = _drill(state, HIT)
                elif "fold" not in wanted and FOLD in PAIRS.legal_actions(state):
                    low = min(int(c) for h in state.hands for c in h)
                    if low not in stack:  # folding takes another player's card: a lesson
                        wanted["fold"] = _drill(state, FOLD)
            g.apply(bots[me].choose(g.view(me)))
        game_seed += 1
    return [wanted["miss"], wanted["pair"], wanted["fold"]]
