"""Reading any opponent's cards from what it did: deals weighted by how likely its recorded
choices were, under a model opponent whose kind and error rate are estimated from the record.

:mod:`wpp.warpairs.ai.inference` reads the record all or nothing: a deal counts only if the
classic AI would have made every one of the opponent's recorded choices. Against any other
opponent — a learner, the greedy AI, a classic AI that slips now and then — no deal is
consistent and the search falls back to uniform re-deals. This module replaces that with a
**likelihood**.

The model opponent
    The opponent is one of the kit's cheap deterministic AIs — a **type** ``k``: the classic
    AI or the greedy AI (:data:`TYPES`) — that at each decision plays its
    type's choice with probability ``1 − e`` and otherwise a uniformly random legal action
    (the noisy classic of :mod:`wpp.warpairs.ai.noisy`, generalised to any type). So at a
    recorded choice ``a`` with ``n`` options (the legal actions but conceding; at the mulligan
    the ways to choose 3 cards), given a deal ``d``::

        P(a | d, k, e) = (1 − e)·[a is type k's choice in d] + e / n

    and the record's likelihood is the product over the opponent's recorded choices. The
    random AI is the type-free limit ``e = 1``. The counting AI is left out: it chooses as
    the classic AI does except where its sure-win prover runs (hands of at most 6 cards),
    which costs about 5 ms a call — a hundred classic decisions — and replays are the
    sampler's whole cost; against it the model reads "the classic AI with a few errors".

Estimating the opponent: a posterior over a grid
    ``(k, e)`` is unknown, so it is integrated over a small grid — the two types times the
    rates of :data:`RATES` (from 1% to 100%), a uniform prior on the grid. A deal's weight is
    its likelihood averaged over the grid, ``L(d) = Σ P(k, e)·P(record | d, k, e)``: a deal
    that explains the record as a classic AI with no slip and one that explains it as a
    greedy AI with two slips both count, each as much as the record makes it likely. The
    posterior of ``(k, e)`` comes with the weighted deals (``P(k, e | record) = E[P(k, e | d,
    record)]`` over them): :meth:`Reading.opponent` says what the opponent looks like ("the
    classic AI with about 15% errors"). No tuning of ``e`` is needed: a grid point explains
    the record better and takes the weight, as one EM step would, but without committing.

Sampling: importance weights, resampling and moves (a small SMC sampler)
    A **hypothesis** is a whole deal, as in :class:`~wpp.warpairs.ai.inference.Inference`
    (its layout: what the player knows is fixed, the opponent's cards and the undealt deck
    are unknown), and the record is replayed from it with the engine's own ``step``. Uniform
    re-deals of the unknown cards (``particles`` of them, the opponent's mulligan and played
    cards among its cards) carry importance weights ``L(d)``: their **effective sample size**
    ``(Σw)²/Σw²`` says how much the record tells (near the count: little to read; near 1: a
    lot, and uniform re-deals would mostly be deals the record rules out). As those weights
    are usually far too uneven to use directly, the sampler **tempers**: it raises the
    likelihood's power from 0 to 1 in steps chosen so that the effective sample stays at
    half the particles, resamples by weight at each step and moves every particle by
    Metropolis–Hastings swaps of two unknown cards (which keep the tempered target). Each
    replay of the game is one **check**; when the checks or the time run out before the
    power reaches 1, the rest of the likelihood is applied as plain importance weights (the
    effective sample then says how far from settled the worlds are). A **world** is a
    particle drawn by weight, the undealt rest of the deck shuffled.

Everything is computed from the view: the real hidden cards cannot leak in.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.actions import Mulligan
from wpp.warpairs.ai.classic import classic_decision
from wpp.warpairs.ai.greedy import GreedyAgent, greedy_mulligan
from wpp.warpairs.ai.inference import Inference
from wpp.warpairs.ai.mulligan import mulligan_cards
from wpp.warpairs.ai.noisy import choices
from wpp.warpairs.deal import DEAL_SIZE, MULLIGAN_SIZE
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["DEFAULT_PARTICLES", "DEFAULT_READING_CHECKS", "MOVES", "RATES", "TYPES", "Opponent",
           "Reading", "effective_sample"]

#: The model opponent's types: each a cheap deterministic AI of the kit.
TYPES: Final = ("classic", "greedy")
#: The error rates of the grid (1 is a random player, whatever the type).
RATES: Final = (0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0)
#: Deals (particles) the sampler carries by default.
DEFAULT_PARTICLES: Final = 24
#: Metropolis–Hastings swaps per particle at each tempering step (a replay each) …
MOVES: Final = 2
#: … and at each step of the mulligan's stage (no replay: the 16 dealt cards alone).
MULLIGAN_MOVES: Final = 4
#: The mulligan stage's penalty (in nats) for a deal whose opening does not replay (the
#: first lead by the wrong player): the stage moves away from such deals, the whole record's
#: likelihood rules them out.
OPENING_PENALTY: Final = 30.0
#: Replays of the game the sampler may spend by default (about 0.3–0.6 ms each).
DEFAULT_READING_CHECKS: Final = 700

_GREEDY: Final = GreedyAgent()
_NO: Final = float("-inf")


def effective_sample(logw: Sequence[float]) -> float:
    """``(Σw)²/Σw²`` of the weights ``exp(logw)`` (0 when every weight is 0)."""
    top = max(logw, default=_NO)
    if top == _NO:
        return 0.0
    w = [math.exp(x - top) for x in logw]
    return sum(w) ** 2 / sum(x * x for x in w)


def _logsumexp(xs: Sequence[float]) -> float:
    top = max(xs)
    if top == _NO:
        return _NO
    return top + math.log(sum(math.exp(x - top) for x in xs))


#: One observed choice: its number of options and, per type, whether the type chose it.
Observation = tuple[int, tuple[bool, ...]]

_GRID: Final = tuple((k, e) for k in range(len(TYPES)) for e in RATES)
_LOG_PRIOR: Final = -math.log(len(_GRID))


def _grid_log_likelihoods(obs: Sequence[Observation]) -> list[float]:
    """``log P(record | d, k, e)`` for every grid point, from a deal's observations."""
    out = []
    for k, e in _GRID:
        total = 0.0
        for n, match in obs:
            p = (1.0 - e) * match[k] + e / n
            total += math.log(p) if p > 0 else _NO
        out.append(total)
    return out


@dataclass(frozen=True, slots=True)
class Opponent:
    """What the opponent looks like: the most probable type, its posterior probability, the
    posterior mean error rate given that type, and the posterior of every type."""

    kind: str
    probability: float
    rate: float
    types: tuple[tuple[str, float], ...]

    def describe(self) -> str:
        """In a newcomer's words: "the club player with about 15% slips", "a random player",
        …"""
        name = {"classic": "the club player", "counting": "the card-counting player",
                "greedy": "the greedy player"}[self.kind]
        if self.rate >= 0.7:
            return (f"a random player, or nearly (about {self.rate:.0%} of its choices random, "
                    f"the others like {name}'s)")
        return f"{name} with about {self.rate:.0%} slips"


class Reading:
    """Deals weighted by the record's likelihood under the model opponent (see the module's
    docs): :meth:`run` samples them, :meth:`world` draws one world."""

    def __init__(self, view: View, rng: random.Random,
                 particles: int = DEFAULT_PARTICLES) -> None:
        self.layout = Inference(view, rng)  # the hypotheses' layout; raises when not readable
        self.view, self.rng = view, rng
        self.me, self.other = view.player, 1 - view.player
        self.record = view.record
        self.actions = [e.action() for e in self.record]
        #: The opponent's recorded choices (its entries in the record).
        self.decisions = sum(e.player == self.other for e in self.record)
        self._mulligan_at = next((i for i, e in enumerate(self.record)
                                  if e.player == self.other and e.kind == "mulligan"), None)
        self.m = particles
        #: Replays of the game spent (a mulligan-only evaluation counts as one too).
        self.checks = 0
        #: Tempering steps taken, and how far the power got (1: the whole likelihood).
        self.levels = 0
        self.beta = 0.0
        #: log of the mean likelihood of uniform re-deals (the evidence), estimated.
        self.log_evidence = 0.0
        self.particles: list[list[Card]] = []
        self.l1: list[float] = []
        self.logl: list[float] = []
        self.grid: list[list[float]] = []
        self.finals: list[GameState | None] = []
        self.logw: list[float] = []
        self._cache: dict[tuple[int, tuple[Card, ...], tuple[Card, ...]], Observation] = {}
        self._first: dict[tuple[Card, ...], float] = {}
        keep = self.layout.shown_mulligan | set(self.layout.must_hold)
        self._keep = keep

    # --- the likelihood ----------------------------------------------------------------------
    def _observe(self, i: int, view: View) -> Observation:
        key = (i, view.hand, view.drawn)
        hit = self._cache.get(key)
        if hit is None:
            action = self.actions[i]
            classic = classic_decision(view, explain=False)[0]
            greedy = _GREEDY.choose(view)
            hit = (choices(view), (classic == action, greedy == action))
            self._cache[key] = hit
        return hit

    def _mulligan_observation(self, a: list[Card]) -> Observation | None:
        """The opponent's mulligan as an observation, from its 16 dealt cards alone."""
        i = self._mulligan_at
        if i is None:
            return None
        hand = tuple(sorted(a[:DEAL_SIZE]))
        key = (i, hand, ())
        hit = self._cache.get(key)
        if hit is None:
            shown = self.actions[i]
            hit = (comb(len(hand), MULLIGAN_SIZE),
                   (Mulligan(mulligan_cards(hand)) == shown,
                    Mulligan(greedy_mulligan(hand)) == shown))
            self._cache[key] = hit
        return hit

    def _l1(self, a: list[Card]) -> float:
        """``log L1(a)``: the grid's likelihood of the opponent's mulligan alone, less
        :data:`OPENING_PENALTY` when the game's opening does not replay from ``a`` (the
        mulligans, then the first lead by the player who made it): both depend on the
        opponent's 16 dealt cards alone, so they are cached by them."""
        self.checks += 1
        key = tuple(sorted(a[:DEAL_SIZE]))
        hit = self._first.get(key)
        if hit is None:
            o = self._mulligan_observation(a)
            hit = 0.0 if o is None else _LOG_PRIOR + _logsumexp(_grid_log_likelihoods((o,)))
            if not self._opening_replays(a):
                hit -= OPENING_PENALTY
            self._first[key] = hit
        return hit

    def _opening_replays(self, a: list[Card]) -> bool:
        """Does the record replay from ``a`` up to its first entry after the mulligans (who
        leads the first trick depends on the hands kept)?"""
        s = GameState.new(0, self.view.rules, deck=self.layout.deal_of(a))
        for i, e in enumerate(self.record):
            if s.to_act != e.player or s.phase is Phase.OVER:
                return False
            if e.kind != "mulligan":
                return True
            try:
                s = step(s, self.actions[i], narrate=False)[0]
            except WppError:
                return False
        return True

    def replay(self, a: list[Card]) -> tuple[list[Observation], GameState] | None:
        """Replay the record from hypothesis ``a``: the opponent's observations and the
        present position, or ``None`` when the replay is illegal or ends elsewhere."""
        self.checks += 1
        view = self.view
        s = GameState.new(0, view.rules, deck=self.layout.deal_of(a))
        other = self.other
        obs: list[Observation] = []
        for i, e in enumerate(self.record):
            if s.to_act != e.player or s.phase is Phase.OVER:
                return None
            if e.player == other:
                obs.append(self._observe(i, s.view(other)))
            try:
                s = step(s, self.actions[i], narrate=False)[0]
            except WppError:
                return None
        if s.to_act != self.me or s.phase is Phase.OVER or s.hands[self.me] != view.hand:
            return None
        return obs, s

    def _evaluate(self, a: list[Card]) -> tuple[float, list[float], GameState | None]:
        """``(log L(a), the grid's log-likelihoods, the present position)``."""
        r = self.replay(a)
        if r is None:
            return _NO, [], None
        grid = _grid_log_likelihoods(r[0])
        return _LOG_PRIOR + _logsumexp(grid), grid, r[1]

    # --- the sampler -------------------------------------------------------------------------
    def run(self, checks: int = DEFAULT_READING_CHECKS, deadline: float | None = None) -> bool:
        """Sample the weighted deals within about ``checks`` replays (and before the CPU time
        ``deadline``, :func:`time.process_time`); ``True`` when the particles explain the
        record by legal replays, ``False`` when none was found (the worlds must then come
        from elsewhere).

        Stage 1 tempers towards the likelihood of the opponent's mulligan alone (cheap: its
        16 dealt cards, no replay), moving only cards that are not known to be its; stage 2
        replays the whole record and tempers on to the whole likelihood."""
        m = self.m
        known = set(self.layout.fixed.values())
        free = [c for c in CARDS if c not in known]
        self.particles = [self._start(free, deal_first=True) for _ in range(m)]
        self.l1 = [self._l1(a) for a in self.particles]
        half = checks // 3
        budget_1 = self.checks + half
        beta = 0.0
        while beta < 1.0 and self.checks + m * MULLIGAN_MOVES <= budget_1 and not _late(deadline):
            delta = self._next_delta(self.l1, 1.0 - beta)
            beta = min(1.0, beta + delta)
            self._reweight([delta * x for x in self.l1])
            self._move_mulligan(beta)
        if beta < 1.0:
            self._reweight([(1.0 - beta) * x for x in self.l1])
        # The rest of the stage's budget: more moves at the mulligan's likelihood (cheap, and
        # they mix the opponent's dealt cards better than the tempering's few).
        while self.checks + m * MULLIGAN_MOVES <= budget_1 and not _late(deadline):
            self._move_mulligan(1.0)
        # Stage 2: the whole record.
        evals = [self._evaluate(a) for a in self.particles]
        self.logl = [x[0] for x in evals]
        self.grid = [x[1] for x in evals]
        self.finals = [x[2] for x in evals]
        if all(x == _NO for x in self.logl) and not self._legalise(free, checks // 3, deadline):
            return False
        inc = [x - y for x, y in zip(self.logl, self.l1, strict=True)]
        self._reweight([0.0 if x > _NO else _NO for x in inc])
        self.beta = 0.0
        while self.beta < 1.0:
            if self.checks + m * MOVES > checks or _late(deadline):
                break
            inc = [x - y for x, y in zip(self.logl, self.l1, strict=True)]
            delta = self._next_delta(inc, 1.0 - self.beta)
            self.beta = min(1.0, self.beta + delta)
            self.levels += 1
            self._reweight([delta * x for x in inc])
            self._move(self.beta)
        inc = [x - y for x, y in zip(self.logl, self.l1, strict=True)]
        self.logw = [(1.0 - self.beta) * x for x in inc]
        top = max(self.logw)
        self.log_evidence += top + math.log(
            sum(math.exp(x - top) for x in self.logw) / m) if top > _NO else 0.0
        return True

    def _start(self, free: list[Card], deal_first: bool) -> list[Card]:
        """A uniform re-deal of the unknown cards that can replay the record: the opponent's
        mulligan cards among its 16 dealt cards, the cards it played among its cards — with
        ``deal_first``, among its dealt cards as far as they go (the earliest played first),
        the rest in its draws in order; else anywhere among them —, the other unknown cards
        shuffled into the rest. (The first fits a long record of plays; the second is the
        fallback when no particle replays legally, e.g. after a first lead that rules out a
        low card the opponent played later: it must have drawn it.)"""
        rng, layout = self.rng, self.layout
        a: list[Card | None] = [None] * len(free)
        deal_slots = list(range(DEAL_SIZE))
        rng.shuffle(deal_slots)
        mull = [c for c in layout.must_hold if c in layout.shown_mulligan]
        played = [c for c in layout.must_hold if c not in layout.shown_mulligan]
        order = deal_slots[len(mull):] + list(range(DEAL_SIZE, layout.n))
        if not deal_first:
            rng.shuffle(order)
        for c, i in zip((*mull, *played), (*deal_slots[:len(mull)], *order), strict=False):
            a[i] = c
        placed = {c for c in a if c is not None}
        others = [c for c in free if c not in placed]
        rng.shuffle(others)
        it = iter(others)
        return [c if c is not None else next(it) for c in a]

    def _legalise(self, free: list[Card], budget: int, deadline: float | None) -> bool:
        """When no particle replays the record legally: among them and new starts with the
        opponent's played cards anywhere among its cards, swap cards of the one whose replay
        gets furthest (the layout's graded score) until its replay is legal; ``False`` if
        the budget runs out."""
        layout = self.layout
        starts = [*self.particles, *(self._start(free, deal_first=False) for _ in range(self.m))]
        scored = [(layout.check(x)[0], k) for k, x in enumerate(starts)]
        self.checks += len(starts)
        best, k = max(scored)
        a = starts[k]
        for _ in range(budget):
            if _late(deadline):
                return False
            b = self._swap(a, 0.5)
            sc = layout.check(b)[0]
            self.checks += 1
            if sc >= best:
                a, best = b, sc
            if best >= 0:
                ll, grid, final = self._evaluate(a)
                if ll > _NO:
                    self.particles[0], self.logl[0], self.grid[0], self.finals[0] = (
                        a, ll, grid, final)
                    self.l1[0] = self._l1(a)
                    return True
        return False

    def _next_delta(self, inc: list[float], left: float) -> float:
        """The tempering step (at most ``left``) that keeps the effective sample at half the
        particles, by bisection."""
        target = self.m / 2
        if effective_sample([left * x for x in inc]) >= target:
            return left
        lo, hi = 0.0, left
        for _ in range(30):
            mid = (lo + hi) / 2
            if effective_sample([mid * x for x in inc]) >= target:
                lo = mid
            else:
                hi = mid
        return max(lo, 1e-6)

    def _reweight(self, logw: list[float]) -> None:
        """Weight the (equally weighted) particles by ``exp(logw)``, add the mean weight to
        the evidence and resample them systematically."""
        m = self.m
        top = max(logw)
        if top == _NO:
            return
        w = [math.exp(x - top) for x in logw]
        total = sum(w)
        self.log_evidence += top + math.log(total / m)
        u = self.rng.random() / m
        picks: list[int] = []
        acc = 0.0
        j = 0
        for i in range(m):
            point = (u + i / m) * total
            while j < m - 1 and acc + w[j] < point:
                acc += w[j]
                j += 1
            picks.append(j)
        self.particles = [list(self.particles[j]) for j in picks]
        self.l1 = [self.l1[j] for j in picks]
        if self.logl:
            self.logl = [self.logl[j] for j in picks]
            self.grid = [self.grid[j] for j in picks]
            self.finals = [self.finals[j] for j in picks]

    def _swap(self, a: list[Card], inside: float = 0.0) -> list[Card]:
        """``a`` with two cards swapped (a symmetric proposal): with probability ``inside``
        two of the opponent's cards (a played card moves between its deal and its draws:
        what :meth:`_legalise` needs), else one of its cards with any other unknown card
        (:meth:`Inference._swap`)."""
        n = self.layout.n
        if n > 1 and self.rng.random() < inside:
            b = list(a)
            i, j = self.rng.sample(range(n), 2)
            b[i], b[j] = b[j], b[i]
            return b
        return self.layout._swap(a)

    def _swap_mulligan(self, a: list[Card]) -> list[Card]:
        """``a`` with two cards swapped, changing the opponent's 16 dealt cards (a symmetric
        proposal): one of them not known to be its swapped with an unknown card elsewhere
        not known to be its either; or (half the time, when it drew) one of them that is not
        a shown mulligan card swapped with one of its drawn cards — a card it played may
        have been drawn, leaving room in its deal for one it still holds."""
        rng, keep, n = self.rng, self._keep, self.layout.n
        shown = self.layout.shown_mulligan
        b = list(a)
        if n > DEAL_SIZE and rng.random() < 0.5:
            for _ in range(8):
                i, j = rng.randrange(DEAL_SIZE), rng.randrange(DEAL_SIZE, n)
                if b[i] not in shown:
                    b[i], b[j] = b[j], b[i]
                    return b
            return b
        for _ in range(8):
            i = rng.randrange(DEAL_SIZE)
            j = rng.randrange(DEAL_SIZE, len(b))
            if b[i] not in keep and b[j] not in keep:
                b[i], b[j] = b[j], b[i]
                return b
        return b

    def _move_mulligan(self, beta: float) -> None:
        """Metropolis–Hastings swaps towards the mulligan's likelihood at power ``beta``."""
        rng = self.rng
        for i in range(self.m):
            for _ in range(MULLIGAN_MOVES):
                b = self._swap_mulligan(self.particles[i])
                lb = self._l1(b)
                if lb >= self.l1[i] or rng.random() < math.exp(beta * (lb - self.l1[i])):
                    self.particles[i], self.l1[i] = b, lb

    def _move(self, beta: float) -> None:
        """Metropolis–Hastings swaps (symmetric) towards ``L1^(1−β)·L^β``."""
        rng = self.rng
        for i in range(self.m):
            for _ in range(MOVES):
                b = self._swap(self.particles[i])
                ll, grid, final = self._evaluate(b)
                if ll == _NO:
                    continue
                lb = self._l1(b)
                here = (1 - beta) * self.l1[i] + beta * self.logl[i]
                there = (1 - beta) * lb + beta * ll
                if there >= here or rng.random() < math.exp(there - here):
                    self.particles[i], self.logl[i], self.grid[i], self.finals[i] = (
                        b, ll, grid, final)
                    self.l1[i] = lb

    # --- results -----------------------------------------------------------------------------
    @property
    def ess(self) -> float:
        """The effective sample of the final weighted particles."""
        return effective_sample(self.logw)

    @property
    def uniform_share(self) -> float:
        """The effective sample that uniform re-deals weighted by the record's likelihood
        would keep, as a share of their count: ``Z / E_post[L]`` (1: the record says nothing
        about the hidden cards; near 0: uniform re-deals are almost all ruled out)."""
        if not self.logl:
            return 1.0
        top = max(self.logw)
        w = [math.exp(x - top) for x in self.logw]
        ws = sum(w)
        mean_l = _logsumexp([x + math.log(y / ws) if y > 0 else _NO
                             for x, y in zip(self.logl, w, strict=True)])
        return min(1.0, math.exp(self.log_evidence - mean_l))

    def opponent(self) -> Opponent:
        """The posterior of the model opponent's type and error rate, over the particles."""
        top = max(self.logw)
        post = [0.0] * len(_GRID)
        for lw, ll, grid in zip(self.logw, self.logl, self.grid, strict=True):
            if ll == _NO:
                continue
            w = math.exp(lw - top)
            for g, x in enumerate(grid):
                post[g] += w * math.exp(_LOG_PRIOR + x - ll)
        total = sum(post) or 1.0
        post = [p / total for p in post]
        by_type = [sum(p for (k, _), p in zip(_GRID, post, strict=True) if k == t)
                   for t in range(len(TYPES))]
        best = max(range(len(TYPES)), key=lambda t: by_type[t])
        mass = by_type[best] or 1.0
        rate = sum(e * p for (k, e), p in zip(_GRID, post, strict=True) if k == best) / mass
        return Opponent(TYPES[best], by_type[best], rate,
                        tuple(zip(TYPES, by_type, strict=True)))

    def world(self, rng: random.Random) -> GameState:
        """One world: a particle drawn by weight, the undealt deck shuffled by ``rng``."""
        if not self.logw:
            raise WppError("no weighted deals: call run() first")
        top = max(self.logw)
        w = [math.exp(x - top) for x in self.logw]
        i = rng.choices(range(self.m), weights=w)[0]
        s = self.finals[i]
        assert s is not None  # drawn by weight: a legal replay
        deck = list(s.deck)
        rng.shuffle(deck)
        return s._replace(deck=tuple(deck), seed=rng.getrandbits(31))


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.process_time() >= deadline
