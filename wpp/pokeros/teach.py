"""What lesson 11 shows, computed here so that the notebook stays glue.

* :func:`rule_lines` — the rules R1–R8 in one line each (from the rules text);
* :func:`quirk_position` — a stacked deck and set-up placements leaving a gap between runs of
  3 and 2, the next card to play 5♦ (the run limit and the original's quirk);
* :func:`example_rows` — the seed's 26 scoring examples scored by the engine;
* :func:`greedy_position` — a real position of a hal-vs-hal game;
* :func:`round_rows`, :func:`royal_lines`, :func:`variant_rows` — the calibration's tables
  from the data file (:mod:`wpp.pokeros.calibration`).

>>> rule_lines()[3]
'R4  Where a card may go           next to a card, and no row or column run longer than five'
>>> deck, moves = quirk_position()
>>> len(moves), deck[len(moves) + 1].ascii
(7, '5D')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from wpp.core.registry import new_game
from wpp.core.rulebook import load_rulebook
from wpp.core.standard_deck import CARDS, Card, parse_cards
from wpp.pokeros.ai import Greedy, Guard
from wpp.pokeros.calibration import HandCounts, derived_table, pairs_per_hand, royal_rate
from wpp.pokeros.examples import EXAMPLES
from wpp.pokeros.game import PokerosView
from wpp.pokeros.grid import Cell, Grid, score
from wpp.pokeros.hands import HANDS, SEED_TABLE

__all__ = ["QUIRK_MOVES", "CellChoice", "example_rows", "greedy_position", "quirk_position",
           "round_rows", "royal_lines", "rule_lines", "variant_rows", "where_to_play"]

#: Placements (card, x, y) from the centre 4♥ that leave 2♣ 3♦ 4♥ _ 6♠ 7♣ in row 0,
#: reached through row 1.
QUIRK_MOVES: Final = (("3D", -1, 0), ("2C", -2, 0), ("9D", 0, 1), ("8S", 1, 1), ("7H", 2, 1),
                      ("6S", 2, 0), ("7C", 3, 0))


def rule_lines() -> list[str]:
    """Each rule of the rules text in one line: number, title, summary."""
    book = load_rulebook("wpp.pokeros", "rules.md")
    return [f"{rid:<3} {book[rid].title:<28}  {book[rid].summary}" for rid in book]


def quirk_position() -> tuple[list[Card], tuple[tuple[str, int, int], ...]]:
    """A stacked deck (top first: the centre 4♥, the set-up cards, then 5♦) and the set-up
    placements, for a game that plays the top card (``stash=1``)."""
    top = parse_cards("4H " + " ".join(m[0] for m in QUIRK_MOVES) + " 5D")
    return [*top, *(c for c in CARDS if c not in top)], QUIRK_MOVES


def _grid_text(grid: Grid) -> str:
    cells = sorted(grid.items(), key=lambda item: (item[0][1], item[0][0]))
    return " ".join(f"{c}@{x},{y}" for (x, y), c in cells)


def example_rows() -> list[dict[str, Any]]:
    """The seed's examples scored by the engine, one record each, with whether the engine
    agrees with the seed."""
    rows = []
    for e in EXAMPLES:
        s = score(e.grid, e.cell, e.card)
        rows.append({"#": e.number, "grid before": _grid_text(e.grid),
                     "place": f"{e.card}@{e.cell[0]},{e.cell[1]}",
                     "hands (engine)": " + ".join(f"{h.hand} {h.points}" for h in s.hands) or "—",
                     "raw": s.raw, "awarded": s.awarded,
                     "as the seed": (s.raw, s.awarded) == (e.raw, e.awarded), "note": e.note})
    return rows


def greedy_position(seed: int, moves: int) -> PokerosView:
    """The view of the player to act after ``moves`` placements of a hal-vs-hal game."""
    game = new_game("pokeros", seed=seed)
    bots = [Greedy("raw", seed), Greedy("raw", seed + 1)]
    for _ in range(moves):
        game.apply(bots[game.to_act].choose(game.view(game.to_act)))
    view: PokerosView = game.view(game.to_act)
    return view


def _ratio(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def round_rows(counts: HandCounts, before: HandCounts | None = None) -> list[dict[str, Any]]:
    """One record per hand: how many were made, per game, pairs per hand, the derived score
    (round 1) or the previous round's pairs per hand (``before``), and the README's score."""
    ratios = pairs_per_hand(counts)
    derived = derived_table(counts)
    old = pairs_per_hand(before) if before is not None else None
    rows = []
    for h in HANDS:
        row: dict[str, Any] = {"hand": h.name, "made": counts.hands[h],
                               "per game": round(counts.hands[h] / counts.games, 3),
                               "pairs per hand": _ratio(ratios[h])}
        if old is None:
            row["derived score"] = derived[h]
        else:
            row["round 1"] = _ratio(old[h])
        row["README score"] = SEED_TABLE[h]
        rows.append(row)
    return rows


def royal_lines(rounds: Mapping[str, HandCounts], claim: int = 6000) -> list[str]:
    """Per round: royal flushes, pairs, pairs per royal flush with its 95% interval, and
    whether the README's "one per ``claim`` pairs" lies inside it."""
    lines = []
    for name, counts in rounds.items():
        royals, pairs, rate = royal_rate(counts)
        inside = rate.low <= 1 / (claim + 1) <= rate.high
        per = f"{pairs / royals:,.0f}" if royals else "—"
        lines.append(f"{name}: {royals} royal flushes, {pairs:,} pairs -> one per {per} pairs "
                     f"(95% interval {1 / rate.high - 1:,.0f}–"
                     f"{(1 / rate.low - 1) if rate.low > 0 else float('inf'):,.0f}); "
                     f"{claim:,} inside: {'yes' if inside else 'no'}")
    return lines


def variant_rows(variants: Mapping[str, Mapping[str, float]],
                 columns: Sequence[str] = ("placements", "first_score", "second_score",
                                           "first_wins", "ties", "points_per_placement")
                 ) -> list[dict[str, Any]]:
    """The measured variants, one record each, figures to three decimals."""
    return [{"variant": name, **{c: round(float(v[c]), 3) for c in columns}}
            for name, v in variants.items()]


@dataclass(frozen=True, slots=True)
class CellChoice:
    """One cell a card may go to: the points it scores there now, the hands it makes, and
    what it gives the opponent — the opponent's expected best reply on the grid it leaves
    (the stronger AI's measure, :class:`wpp.pokeros.ai.Guard`)."""

    cell: Cell
    points: int
    hands: tuple[str, ...]
    gives: float

    @property
    def net(self) -> float:
        return self.points - self.gives


def where_to_play(view: PokerosView, choices: int = 4, seed: int = 0
                  ) -> tuple[Card, list[CellChoice]]:
    """A card of the stash and a few cells for it, to ask "where does this card score most,
    and what does it give the opponent?": the card the stronger AI plays, its cells that
    score most now and the AI's own cell, in the grid's reading order (so their order says
    nothing of their worth)."""
    _, weighed = Guard(seed, shortlist=10_000)._weigh(view)
    best = max(weighed, key=lambda cw: cw[0].awarded - cw[1])[0]
    mine = [(c, g) for c, g in weighed if c.card == best.card]
    mine.sort(key=lambda cg: -cg[0].awarded)
    picked = mine[:choices - 1]
    if all(c.cell != best.cell for c, _ in picked):
        picked.append(next((c, g) for c, g in mine if c.cell == best.cell))
    else:
        picked = mine[:choices]
    out = [CellChoice(c.cell, c.awarded,
                      tuple(m.hand.name for m in view.preview(c.card, c.cell).hands), g)
           for c, g in picked]
    return best.card, sorted(out, key=lambda c: (c.cell[1], c.cell[0]))
