"""Reading the opponent's cards from what it did: worlds consistent with the whole public
record, for an opponent that plays like the classic AI.

A uniform re-deal of the hidden cards (:func:`wpp.warpairs.ai.search.determinise`) ignores most of
what a player at the table knows. The classic AI is deterministic: its mulligan, every play,
draw and pile card follows from its view. So the 3 cards it showed in the mulligan, the play
it led, the pair it answered with and the card it took from the pile all say something about
the cards it holds — of random 13-card hands, only about 1% would have made the opponent's
actual mulligan. Knowing the opponent's hand outright would lift the search AI from about 59%
to 89% against the classic AI (measured: ``docs/search-ai.md``), so even partial knowledge
pays.

:class:`Inference` finds deals that explain the record:

* A **hypothesis** is a whole deal — the 52 cards in deal order (R10) — with everything the
  player knows fixed: the 16 cards it was dealt (``my_deal``), the deck cards it drew where it
  drew them (``my_draws``), and the opponent's drawn cards a re-draw showed. The opponent's
  16 cards, its other drawn cards and the rest of the deck are the unknowns.
* A hypothesis is **consistent** when replaying the record from it with the engine's own
  :func:`~wpp.warpairs.transitions.step` is legal at every action, and at every decision of the
  opponent the classic AI, given the opponent's view in that replay, chooses exactly what the
  opponent did; the replay ends in the player's present position.
* The **search** for one starts from a deal that puts the opponent's mulligan and played
  cards in its hand, moves cards until the classic mulligan matches (counting the mulligan
  cards it gets right), then swaps cards to lengthen the prefix of the record the hypothesis
  explains (:meth:`Inference.solve`). From a consistent hypothesis, :meth:`Inference.world`
  walks on (swaps that keep it consistent, a Markov chain over the consistent deals) and
  returns the replayed position, the rest of the deck shuffled: one world.

When no consistent deal is found within the budget — an opponent that does not play like the
classic AI, a position set up by hand, a reshuffled deck (R18: the new order depends on a
seed the hypothesis does not fix) — :meth:`Inference.solve` says so and the search falls back
to uniform worlds. Everything here reads the view alone: the real hidden cards cannot leak.
"""

from __future__ import annotations

import random
import time
from typing import Final

from wpp.core.errors import WppError
from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.ai.classic import classic_decision
from wpp.warpairs.ai.mulligan import mulligan_cards
from wpp.warpairs.deal import DEAL_SIZE, MULLIGAN_SIZE
from wpp.warpairs.phases import Phase
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["DEFAULT_CHECKS", "Inference"]

#: Replays :meth:`Inference.solve` may spend looking for a consistent deal (about 0.1–0.5 ms
#: each): enough for about two positions in three, measured over 30 games.
DEFAULT_CHECKS: Final = 1500
#: Swaps tried between two worlds, so that the worlds differ (a mixing Markov chain).
WORLD_STEPS: Final = 10

_DECK_START: Final = 2 * DEAL_SIZE
_ILLEGAL: Final = -1000.0


def _cards_of(action: object) -> set[Card]:
    """The cards an action names (none for a draw, a pass, …)."""
    cards = getattr(action, "cards", None)
    if cards is not None:
        return set(cards)
    card = getattr(action, "card", None)
    return {card} if isinstance(card, Card) else set()


class Inference:
    """The deals consistent with ``view``'s record (see the module's docs)."""

    def __init__(self, view: View, rng: random.Random) -> None:
        if not self.applies(view):
            raise WppError("inference needs a game's history after the mulligan, with no "
                           "reshuffled deck")
        self.view, self.rng = view, rng
        self.me = me = view.player
        self.other = other = 1 - me
        self.record = view.record
        # Who drew each deck card, in order (top of the deck first), and the opponent's
        # drawn cards a re-draw put face up in the pile.
        drawer: list[int] = []
        shown: dict[int, Card] = {}
        turn: list[int] = []
        for e in view.record:
            if e.kind == "draw":
                if len(drawer) < len(CARDS) - _DECK_START:
                    drawer.append(e.player)
                    turn.append(len(drawer) - 1)
            elif e.kind == "redraw":
                if e.player == other:
                    shown.update(zip(turn, e.cards, strict=True))
                drawer.extend(e.player for _ in turn)
                turn = []
            else:
                turn = []
        mine = iter(view.my_draws)
        fixed: dict[int, Card] = {}
        first = 0 if me == 0 else DEAL_SIZE
        for i, c in enumerate(view.my_deal):
            fixed[first + i] = c
        for k, p in enumerate(drawer):
            if p == me:
                fixed[_DECK_START + k] = next(mine)
            elif k in shown:
                fixed[_DECK_START + k] = shown[k]
        self.fixed = fixed
        theirs = DEAL_SIZE if me == 0 else 0
        #: The unknown positions the opponent's cards came from: its 16, then its draws.
        self.slots = [theirs + i for i in range(DEAL_SIZE)] + [
            _DECK_START + k for k, p in enumerate(drawer) if _DECK_START + k not in fixed]
        self.rest = list(range(_DECK_START + len(drawer), len(CARDS)))
        known = set(fixed.values())
        free = [c for c in CARDS if c not in known]
        if len(free) != len(self.slots) + len(self.rest):
            raise WppError("this view's record does not add up to 52 cards")
        taken = {c for e in view.record if e.player == other and e.kind == "pile" for c in e.cards}
        mull = [c for e in view.record if e.player == other and e.kind == "mulligan"
                for c in e.cards]
        played = [c for e in view.record if e.player == other and e.kind == "play"
                  for c in e.cards if c not in taken]
        self.shown_mulligan = frozenset(mull)
        self.must_hold = [c for c in (*mull, *played) if c not in known]
        self.n = len(self.slots)
        #: Replays made so far.
        self.checks = 0
        self.hypothesis = self._start(free)
        self.score = self.check(self.hypothesis)[0]

    @staticmethod
    def applies(view: View) -> bool:
        """Can the record be read? After the mulligan, with the history of a real game
        (not a position set up by hand) and the first deck still in use."""
        return (view.phase is not Phase.MULLIGAN and view.phase is not Phase.OVER
                and len(view.my_deal) == DEAL_SIZE and view.reshuffles == 0
                and view.my_turn)

    @property
    def consistent(self) -> bool:
        """Does the present hypothesis explain the whole record?"""
        return self.score == len(self.record)

    # --- hypotheses -------------------------------------------------------------------------
    def _start(self, free: list[Card]) -> list[Card]:
        """The opponent's mulligan cards among its 16, its played cards among its cards, the
        other unknown cards shuffled into the rest."""
        rng = self.rng
        a: list[Card | None] = [None] * len(free)
        deal_slots = list(range(DEAL_SIZE))
        rng.shuffle(deal_slots)
        mull = [c for c in self.must_hold if c in self.shown_mulligan]
        for c, i in zip(mull, deal_slots, strict=False):
            a[i] = c
        open_slots = [i for i in range(self.n) if a[i] is None]
        rng.shuffle(open_slots)
        for c, i in zip((c for c in self.must_hold if c not in self.shown_mulligan),
                        open_slots, strict=False):
            a[i] = c
        placed = {c for c in a if c is not None}
        others = [c for c in free if c not in placed]
        rng.shuffle(others)
        it = iter(others)
        return [c if c is not None else next(it) for c in a]

    def deal_of(self, a: list[Card]) -> list[Card]:
        """The 52 cards in deal order for hypothesis ``a``."""
        deal: list[Card | None] = [None] * len(CARDS)
        for i, c in self.fixed.items():
            deal[i] = c
        for i, c in zip(self.slots, a, strict=False):
            deal[i] = c
        for i, c in zip(self.rest, a[self.n:], strict=True):
            deal[i] = c
        return [c for c in deal if c is not None]

    def check(self, a: list[Card]) -> tuple[float, GameState | None]:
        """Replay the record from hypothesis ``a``: ``(score, final state)``.

        The score is the number of entries replayed before the opponent first acted unlike
        the classic AI (plus a fraction for how close its choice came), the whole record when
        it never did; an illegal replay scores far below any legal one, and higher the later
        it fails. The final state is the present position when the replay is legal."""
        self.checks += 1
        view = self.view
        s = GameState.new(self.rng.getrandbits(31), view.rules, deck=self.deal_of(a))
        miss: float | None = None
        other = self.other
        for n, e in enumerate(self.record):
            if s.to_act != e.player or s.phase is Phase.OVER:
                return _ILLEGAL + n + (miss if miss is not None else n) / 1e4, None
            action = e.action()
            if e.player == other and miss is None:
                classic = classic_decision(s.view(other), explain=False)[0]
                if classic != action:
                    named = _cards_of(classic)
                    near = (type(classic) is type(action)) + len(named & set(e.cards)) / (
                        1 + len(named | set(e.cards)))
                    miss = n + near / 3
            try:
                s = step(s, action, narrate=False)[0]
            except WppError:
                return _ILLEGAL + n + (miss if miss is not None else n) / 1e4, None
        n = len(self.record)
        if s.to_act != self.me or s.phase is Phase.OVER or s.hands[self.me] != view.hand:
            return _ILLEGAL + n, None
        return (miss if miss is not None else float(n)), s

    def _swap(self, a: list[Card]) -> list[Card]:
        """``a`` with one of the opponent's cards swapped with another unknown card."""
        b = list(a)
        i = self.rng.randrange(self.n)
        j = self.rng.randrange(len(b) - 1)
        if j >= i:
            j += 1
        b[i], b[j] = b[j], b[i]
        return b

    def _mulligan_matches(self, a: list[Card]) -> int:
        return len(set(mulligan_cards(tuple(sorted(a[:DEAL_SIZE])))) & self.shown_mulligan)

    def solve(self, checks: int = DEFAULT_CHECKS, deadline: float | None = None) -> bool:
        """Look for a consistent hypothesis within ``checks`` replays (and before the CPU
        time ``deadline``, :func:`time.process_time`, if given); ``True`` if found.

        First the mulligan alone (cheap: the classic mulligan of the 16 dealt cards, scored
        by how many of the 3 shown cards it picks), then the whole record."""
        tries = 0
        if self.score < 2 and len(self.shown_mulligan) == MULLIGAN_SIZE:
            a = self.hypothesis
            keep = self.shown_mulligan | set(self.must_hold)
            movable = [i for i in range(DEAL_SIZE) if a[i] not in keep]
            outside = [j for j in range(DEAL_SIZE, len(a)) if a[j] not in keep]
            got = self._mulligan_matches(a)
            while got < MULLIGAN_SIZE and tries < checks and movable and outside:
                if deadline is not None and time.process_time() >= deadline:
                    break
                i, j = self.rng.choice(movable), self.rng.choice(outside)
                b = list(a)
                b[i], b[j] = b[j], b[i]
                tries += 1
                g = self._mulligan_matches(b)
                if g >= got:
                    a, got = b, g
            self.hypothesis = a
            self.score = self.check(a)[0]
        while not self.consistent and tries < checks:
            if deadline is not None and time.process_time() >= deadline:
                break
            b = self._swap(self.hypothesis)
            sc = self.check(b)[0]
            tries += 1
            if sc >= self.score:
                self.hypothesis, self.score = b, sc
        return self.consistent

    def world(self, rng: random.Random, steps: int = WORLD_STEPS) -> GameState:
        """One world: the chain walks ``steps`` swaps (keeping to consistent deals), then
        the present position is replayed with the undealt deck shuffled by ``rng``."""
        if not self.consistent:
            raise WppError("no consistent deal: call solve() first")
        full = float(len(self.record))
        for _ in range(steps):
            b = self._swap(self.hypothesis)
            if self.check(b)[0] == full:
                self.hypothesis = b
        a = self.hypothesis
        rest = a[self.n:]
        rng.shuffle(rest)
        self.hypothesis = a[:self.n] + rest
        _, s = self.check(self.hypothesis)
        assert s is not None  # the rest of the deck does not change the replay
        return s._replace(seed=rng.getrandbits(31))
