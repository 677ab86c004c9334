"""Pokeros's AIs: the original's greedy ``hal``, a multiplier-aware greedy, a defensive one.

* :class:`Greedy` with ``value="raw"`` is **hal**, the original program's AI: one ply, every
  stash card at every legal cell, the placement whose hands are worth most *before* the
  multiplier; a zero-score placement when nothing scores. The original kept the last of the
  equal best in a hash set's order (in effect arbitrary); the kit breaks ties with a seeded
  draw, the same for the same seed and position.
* ``value="awarded"`` is the same search valuing the points the rules actually award
  (multiplier included): **greedy**.
* :class:`Guard` (**guard**) also weighs what a placement *gives the opponent*: for the
  dozen best placements by points, the opponent's expected best reply on the grid it leaves,
  exactly over the cards the AI has not seen (every unseen card is equally likely to be in
  the opponent's stash: the expected maximum of the best reply over their stash follows from
  the sorted per-card replies, no sampling). It plays the placement with the most points
  minus that expectation.

Each ``decide`` explains itself with :mod:`wpp.core.explain`: the candidates (card, cell),
the hands each makes and its score, the chosen row; for **guard** also what each gives.

>>> import wpp
>>> g = wpp.new_game("pokeros", seed=1)
>>> _ = g.apply(Place.of("JC", 1, 0)); _ = g.apply(Place.of("JH", 2, 0))
>>> d = Greedy("raw", seed=0).decide(g.view(0))   # the row: A♣ J♣ J♥
>>> print(d.explanation.summary)
play 4♣ to the left of the centre card for 2 points
>>> d.explanation.step("pokeros.candidates").rows[0][2]
'three-card flush 4♣ A♣ J♣ (2)'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Final

from wpp.core.agents import Decision, require_view
from wpp.core.errors import WppError
from wpp.core.explain import Explanation, Ref, Step, Words, words
from wpp.core.standard_deck import Card
from wpp.pokeros.game import Place, PokerosView, cell_words, deck_for
from wpp.pokeros.grid import Cell, Grid, Score, is_legal, line_cards, multiply, quick_raw, score
from wpp.pokeros.hands import SEED_TABLE, Compiled, Table, compiled

__all__ = ["Candidate", "Greedy", "Guard", "RandomPlacer", "candidates", "expected_max"]

#: Rows shown in an explanation's candidate table (the rest are counted in a note).
SHOWN: Final = 12


@dataclass(frozen=True, slots=True)
class Candidate:
    """One placement and what it is worth to the player making it."""

    card: Card
    cell: Cell
    raw: int
    awarded: int

    @property
    def action(self) -> Place:
        return Place(self.card, *self.cell)


def candidates(grid: Grid, stash: Sequence[Card], cells: Sequence[Cell],
               multiplier: str = "hands", table: Table = SEED_TABLE) -> list[Candidate]:
    """Every (card, cell) placement with its raw and awarded points, in stash order then
    cell order (the order of :meth:`PokerosView.legal_actions`)."""
    comp = compiled(table)
    lines = [line_cards(grid, cell) for cell in cells]
    out = []
    for c in stash:
        for cell, ln in zip(cells, lines, strict=True):
            raw, hands, scored = quick_raw(c, ln, comp)
            out.append(Candidate(c, cell, raw, multiply(raw, hands, scored, multiplier)))
    return out


def _tie_rng(seed: int | None, view: PokerosView) -> random.Random:
    """The tie-break's draw: a function of the agent's seed and the position, so ``decide``
    and ``choose`` agree and a game replays the same."""
    return random.Random(f"pokeros:{seed}:{view.player}:{len(view.grid)}")


def _id(c: Candidate) -> str:
    return f"{c.card.ascii}@{c.cell[0]},{c.cell[1]}"


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def _cards(n: int) -> str:
    """A count of cards in words: ``"1 card"``, ``"3 cards"``.

    >>> _cards(1), _cards(0)
    ('1 card', '0 cards')
    """
    return f"{n} card" if n == 1 else f"{n} cards"


def _hands_words(s: Score) -> Words:
    if not s.hands:
        return words("no hand")
    parts: list[str | Ref] = []
    for i, h in enumerate(s.hands):
        if i:
            parts.append(" + ")
        parts.append(Ref(h.cards, f"{h.hand} {' '.join(map(str, h.cards))}"))
        parts.append(f" ({h.points})")
    return words(*parts)


class Greedy:
    """One-ply greedy: the placement worth most now (``value="raw"``: before the
    multiplier, as the original's hal; ``"awarded"``: the points the rules award).
    ``table`` values hands (default the seed's; the calibration uses others)."""

    def __init__(self, value: str = "raw", seed: int | None = 0,
                 table: Table = SEED_TABLE) -> None:
        if value not in ("raw", "awarded"):
            raise WppError(f"value is 'raw' or 'awarded', not {value!r}")
        self.value = value
        self.seed = seed
        self.table = table
        self.name = "hal" if value == "raw" else "greedy"

    def _ranked(self, view: PokerosView) -> tuple[list[Candidate], list[Candidate]]:
        """Every candidate, and the best ones (the tie-break's field)."""
        cands = candidates(view.cells, view.stash, view.legal_cells(), view.rules.multiplier,
                           self.table)
        if self.value == "raw":
            top = max(c.raw for c in cands)
            return cands, [c for c in cands if c.raw == top]
        top = max(c.awarded for c in cands)
        return cands, [c for c in cands if c.awarded == top]

    def choose(self, view: PokerosView) -> Place:
        view = require_view(view, PokerosView, self.name)
        # The hot path of every simulation: no Candidate objects, the same order and the
        # same tie-break as decide().
        comp = compiled(self.table)
        cells = view.legal_cells()
        grid = view.cells
        lines = [line_cards(grid, cell) for cell in cells]
        raw_only, mult = self.value == "raw", view.rules.multiplier
        best: list[tuple[Card, Cell]] = []
        top = -1
        for c in view.stash:
            for cell, ln in zip(cells, lines, strict=True):
                raw, hands, scored = quick_raw(c, ln, comp)
                v = raw if raw_only or not raw else multiply(raw, hands, scored, mult)
                if v > top:
                    top, best = v, [(c, cell)]
                elif v == top:
                    best.append((c, cell))
        c, cell = _tie_rng(self.seed, view).choice(best)
        return Place(c, *cell)

    def decide(self, view: PokerosView) -> Decision:
        view = require_view(view, PokerosView, self.name)
        cands, best = self._ranked(view)
        chosen = _tie_rng(self.seed, view).choice(best)
        key = "raw" if self.value == "raw" else "awarded"
        ordered = sorted(cands, key=lambda c: -getattr(c, key))
        shown = ordered[:SHOWN]
        if chosen not in shown:
            shown.append(chosen)
        rows = []
        for c in shown:
            s = view.preview(c.card, c.cell) if self.table is SEED_TABLE else score(
                view.cells, c.cell, c.card, self.table, view.rules.multiplier)
            rows.append(((c.card,), cell_words(*c.cell), _hands_words(s),
                         c.raw, c.awarded))
        rest = [getattr(c, key) for c in ordered if c not in shown]
        hidden = len(rest)
        steps = [
            Step(words(_stash_title(len(view.legal_cells()))), view.stash,
                 verdict=f"{len(cands)} ways to play one of them", id="pokeros.stash",
                 rule="R4"),
            Step("Every placement by "
                 + ("its points before the multiplier" if key == "raw" else "its points")
                 + ", best first", columns=(
                "card", "cell", "hands", "before the multiplier", "points"), rows=rows,
                 chosen_row=shown.index(chosen), row_ids=tuple(_id(c) for c in shown),
                 notes=((f"{hidden} more placements score {min(rest)}–{max(rest)}",)
                        if rest else ()),
                 verdict=words(f"the best is worth {getattr(chosen, key)} points"
                               + (" before the multiplier" if key == "raw" else "")),
                 id="pokeros.candidates", rule="R6"),
        ]
        if len(best) > 1:
            steps.append(Step(f"{len(best)} placements tie: chance picks one",
                              verdict=words((chosen.card,), f" {cell_words(*chosen.cell)}"),
                              id="pokeros.tie"))
        summary = words("play ", Ref((chosen.card,)), f" {cell_words(*chosen.cell)} for "
                        f"{_points(chosen.awarded)}")
        return Decision(chosen.action, Explanation(
            "The most points now" if self.value == "raw" else
            "The most points now, multiplier included", steps,
            choice=(chosen.card,), summary=summary))


def expected_max(values: Sequence[int], k: int) -> float:
    """The expected maximum of ``k`` values drawn without replacement from ``values``
    (exact: the i-th smallest is the maximum in C(i-1, k-1) of the C(n, k) draws).

    >>> expected_max([0, 0, 10], 1), expected_max([0, 0, 10], 2), expected_max([1, 2, 3], 3)
    (3.3333333333333335, 6.666666666666667, 3.0)
    """
    n = len(values)
    if k <= 0 or n == 0:
        return 0.0
    k = min(k, n)
    ordered = sorted(values)
    return sum(v * comb(i, k - 1) for i, v in enumerate(ordered)) / comb(n, k)


class Guard:
    """Points now minus what the placement gives the opponent (see the module's docs).

    ``shortlist`` is how many placements (best by awarded points) are weighed that way;
    ``weight`` scales what the opponent is given."""

    def __init__(self, seed: int | None = 0, shortlist: int = 24, weight: float = 1.0) -> None:
        self.seed = seed
        self.shortlist = shortlist
        self.weight = weight
        self.name = "guard"

    def _unseen(self, view: PokerosView) -> list[Card]:
        seen = set(view.cells.values()) | set(view.stash)
        return [c for c in deck_for(view.rules.stripped) if c not in seen]

    def _weigh(self, view: PokerosView) -> tuple[list[Candidate], list[tuple[Candidate, float]]]:
        cells = view.legal_cells()
        mult = view.rules.multiplier
        cands = candidates(view.cells, view.stash, cells, mult)
        rng = _tie_rng(self.seed, view)
        order = list(range(len(cands)))
        rng.shuffle(order)
        ranked = sorted(order, key=lambda i: -cands[i].awarded)
        short = [cands[i] for i in ranked[:self.shortlist]]
        unseen = self._unseen(view)
        opp_holds = view.stash_sizes[1 - view.player]
        deck = view.deck_size
        # The opponent's stash at its turn: what it holds now, plus its refill.
        k = min(view.rules.stash, opp_holds + deck)
        if not unseen or k == 0:
            return cands, [(c, 0.0) for c in short]
        comp = compiled(SEED_TABLE)
        strict = view.rules.strict_run_limit
        # The opponent's best reply per unseen card on today's grid, cell by cell.
        base_lines = {cell: line_cards(view.cells, cell) for cell in cells}
        base = {cell: [_awarded(u, base_lines[cell], comp, mult) for u in unseen]
                for cell in cells}
        weighed = []
        for cand in short:
            x, y = cand.cell
            grid = dict(view.cells)
            grid[cand.cell] = cand.card
            near = {(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)}
            affected = [c for c in cells if c != cand.cell
                        and ((c[0] == x and abs(c[1] - y) <= 5)
                             or (c[1] == y and abs(c[0] - x) <= 5))]
            affected += [c for c in near if c not in grid and c not in base]
            best = [0] * len(unseen)
            for cell, per in base.items():
                if cell == cand.cell or cell in affected:
                    continue
                best = [max(a, b) for a, b in zip(best, per, strict=True)]
            for cell in affected:
                if not is_legal(grid, cell, strict):
                    continue
                ln = line_cards(grid, cell)
                best = [max(b, _awarded(u, ln, comp, mult))
                        for b, u in zip(best, unseen, strict=True)]
            weighed.append((cand, expected_max(best, k)))
        return cands, weighed

    def _pick(self, weighed: list[tuple[Candidate, float]]) -> tuple[Candidate, float]:
        return max(weighed, key=lambda cw: cw[0].awarded - self.weight * cw[1])

    def choose(self, view: PokerosView) -> Place:
        view = require_view(view, PokerosView, self.name)
        _, weighed = self._weigh(view)
        return self._pick(weighed)[0].action

    def decide(self, view: PokerosView) -> Decision:
        view = require_view(view, PokerosView, self.name)
        cands, weighed = self._weigh(view)
        chosen, gives = self._pick(weighed)
        weighed = sorted(weighed, key=lambda cw: -(cw[0].awarded - self.weight * cw[1]))
        rows = []
        for c, g in weighed:
            s = view.preview(c.card, c.cell)
            rows.append(((c.card,), cell_words(*c.cell), _hands_words(s),
                         c.awarded, round(g, 2), round(c.awarded - self.weight * g, 2)))
        steps = [
            Step(words(_stash_title(len(view.legal_cells()))), view.stash,
                 verdict=f"{len(cands)} ways to play one of them; the {len(weighed)} that "
                         "score most now are looked at closely", id="pokeros.stash",
                 rule="R4"),
            Step("The opponent's cards are hidden",
                 verdict=(f"they hold {_cards(view.stash_sizes[1 - view.player])} and draw "
                          f"from a deck of {view.deck_size}: any card not seen yet is as "
                          "likely as any other to be theirs"), id="guard.unseen"),
            Step("What each placement scores now, and the points it sets up for the "
                 "opponent's next turn (on average)",
                 columns=("card", "cell", "hands", "points", "sets up for them", "overall"),
                 rows=rows, chosen_row=weighed.index((chosen, gives)),
                 row_ids=tuple(_id(c) for c, _ in weighed),
                 verdict=words(f"best: you score {_points(chosen.awarded)}, and it sets up "
                               f"about {gives:.1f} points for your opponent"),
                 id="guard.candidates", rule="R6"),
        ]
        summary = words("play ", Ref((chosen.card,)), f" {cell_words(*chosen.cell)}: you score "
                        f"{chosen.awarded}, and it sets up about {gives:.1f} points for your "
                        "opponent")
        return Decision(chosen.action, Explanation(
            "Points now, and what it leaves the opponent", steps,
            choice=(chosen.card,), summary=summary))


def _stash_title(cells: int) -> str:
    """The first step's title: the cards to choose from and how many places may take one."""
    return f"The cards to choose from, and {cells} place{'s' if cells != 1 else ''} one may go"


def _awarded(u: int, ln: tuple[tuple[Card, ...], ...], comp: Compiled, multiplier: str) -> int:
    raw, hands, scored = quick_raw(u, ln, comp)
    return multiply(raw, hands, scored, multiplier) if raw else 0


class RandomPlacer:
    """A legal placement chosen uniformly at random (a baseline)."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PokerosView) -> Place:
        view = require_view(view, PokerosView, self.name)
        return self.rng.choice(view.legal_actions())

    def decide(self, view: PokerosView) -> Decision:
        n = len(require_view(view, PokerosView, self.name).legal_actions())
        action = self.choose(view)
        return Decision(action, Explanation.simple(
            "Random choice", words("play ", Ref((action.card,)), f" {cell_words(*action.cell)}"),
            (action.card,), step_title=f"Pick one of {n} legal placements at random"))
