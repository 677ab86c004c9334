"""The README's calibration of the score table, reproduced by self-play.

The author "arrived at these scores by making the AI play thousands of games against itself,
ranking plays by the total number of cards in the play […] Then I looked at the relative
distribution of hands made and came up with scores roughly based on the frequency of a given
hand compared to the frequency of playing one pair. I then reran the AIs for a few thousand
games ranking hands based on the supplied scores." This module does the same:

* :func:`count_hands` plays greedy-vs-greedy games of the registered game (hal's search, its
  plays valued by a table: :data:`~wpp.pokeros.hands.CARDS_TABLE` for the first round, the
  seed's for the second) and counts every hand made, by kind and size, under that table's
  choice of windows;
* :func:`pairs_per_hand` turns counts into "pairs played per hand of this kind" — the
  frequency relative to a pair the README's scores were "roughly based on";
* :func:`measure_variants` plays the README's variants (stash or top card, multiplier on or
  off, full or stripped deck) and measures game length, scores and the first player's edge.

The figures of lesson 11 come from :data:`DATA` (``wpp/pokeros/data/calibration.json``),
written by :func:`write_data` (``python -m wpp.pokeros.calibration``: a few minutes). Counts
are stored per block of :data:`BLOCK` games, each block seeded on its own, so a test can
replay any block and expect the stored counts exactly.

>>> counts = count_hands(CARDS_TABLE, games=2, seed=0)
>>> counts.games, counts.placements, counts.hands[Hand(Kind.OF_A_KIND, 2)] > 0
(2, 102, True)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from statistics import fmean
from typing import Any, Final

from wpp.core.cli_args import KitParser, out_path, positive_int, seed_arg
from wpp.core.intervals import Interval, wilson
from wpp.core.registry import new_game
from wpp.pokeros.ai import Greedy
from wpp.pokeros.grid import score
from wpp.pokeros.hands import CARDS_TABLE, HANDS, SEED_TABLE, Hand, Kind, Table

__all__ = [
    "BLOCK",
    "DATA",
    "HandCounts",
    "count_hands",
    "derived_table",
    "hand_key",
    "load_data",
    "measure_variants",
    "pairs_per_hand",
    "play_block",
    "royal_rate",
    "write_data",
]

#: Games per stored block of counts (each block is seeded on its own).
BLOCK: Final = 100
#: The packaged data file.
DATA: Final = ("wpp.pokeros", "data/calibration.json")
#: The first deal of round 1, round 2 and the variants (plus the file's seed).
ROUND_SEEDS: Final = (0, 1_000_000, 2_000_000)
PAIR: Final = Hand(Kind.OF_A_KIND, 2)
ROYAL: Final = Hand(Kind.ROYAL_FLUSH, 5)


def hand_key(h: Hand) -> str:
    """A hand's key in the data file: ``"OF_A_KIND-2"``."""
    return f"{h.kind.name}-{h.size}"


_BY_KEY: Final = {hand_key(h): h for h in HANDS}


@dataclass
class HandCounts:
    """Hands made in self-play, by kind and size."""

    games: int = 0
    placements: int = 0
    hands: Counter[Hand] = field(default_factory=Counter)

    def add(self, other: HandCounts) -> None:
        self.games += other.games
        self.placements += other.placements
        self.hands.update(other.hands)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "placements": self.placements,
                "hands": {hand_key(h): self.hands[h] for h in HANDS}}

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> HandCounts:
        return cls(doc["games"], doc["placements"],
                   Counter({_BY_KEY[k]: v for k, v in doc["hands"].items() if v}))


def count_hands(table: Table, games: int, seed: int, **flags: Any) -> HandCounts:
    """Play ``games`` greedy-vs-greedy games (deals ``seed``, ``seed + 1``, …; both seats
    valuing plays by ``table``, before the multiplier, as the original's AI) and count the
    hands each placement makes under ``table``'s choice of windows."""
    out = HandCounts()
    for s in range(seed, seed + games):
        g = new_game("pokeros", seed=s, **flags)
        bots = [Greedy("raw", s, table), Greedy("raw", s + 1, table)]
        while not g.is_over:
            view = g.view(g.to_act)
            action = bots[g.to_act].choose(view)
            made = score(view.cells, action.cell, action.card, table).hands
            out.hands.update(m.hand for m in made)
            g.apply(action)
            out.placements += 1
        out.games += 1
    return out


def pairs_per_hand(counts: HandCounts) -> dict[Hand, float | None]:
    """For each hand, how many pairs were made per hand of that kind (``None``: never
    made) — the frequency relative to a pair, inverted, as the README's scores are."""
    pairs = counts.hands[PAIR]
    return {h: (pairs / counts.hands[h] if counts.hands[h] else None) for h in HANDS}


def derived_table(counts: HandCounts, cap: int = 60) -> dict[Hand, int]:
    """Scores from frequencies: pairs per hand, rounded, at least 1; rare hands capped at
    ``cap`` (the README compresses them: "60 points is enough to essentially guarantee a
    win"); a hand never seen gets the cap."""
    out = {}
    for h, ratio in pairs_per_hand(counts).items():
        out[h] = cap if ratio is None else max(1, min(cap, round(ratio)))
    return out


def royal_rate(counts: HandCounts, confidence: float = 0.95) -> tuple[int, int, Interval]:
    """Royal flushes, pairs, and the interval of royals per pair (Wilson, treating the
    royal-or-pair hands as trials)."""
    royals, pairs = counts.hands[ROYAL], counts.hands[PAIR]
    return royals, pairs, wilson(royals, royals + pairs, confidence)


# ---------------------------------------------------------------------------- variants

#: The README's variants, by name: rule flags.
VARIANTS: Final[dict[str, dict[str, Any]]] = {
    "stash 3, multiplier (the game)": {},
    "stash 3, no multiplier": {"multiplier": "none"},
    "top card, multiplier": {"stash": 1},
    "top card, no multiplier": {"stash": 1, "multiplier": "none"},
    "stash 3, stripped 7–A deck": {"stripped": True},
    "stash 3, original run check": {"strict_run_limit": False},
}


def measure_variants(games: int, seed: int,
                     variants: Mapping[str, Mapping[str, Any]] = VARIANTS
                     ) -> dict[str, dict[str, float]]:
    """hal against hal in each variant: mean placements, mean total score per seat, the
    first player's win rate (ties half) and the tie rate, and points per placement."""
    out = {}
    for name, flags in variants.items():
        lengths, first, second, wins, ties = [], [], [], 0.0, 0
        for s in range(seed, seed + games):
            g = new_game("pokeros", seed=s, **flags)
            bots = [Greedy("raw", s), Greedy("raw", s + 1)]
            while not g.is_over:
                g.apply(bots[g.to_act].choose(g.view(g.to_act)))
            a, b = g.state.scores
            lengths.append(len(g.actions))
            first.append(a)
            second.append(b)
            wins += 1.0 if a > b else 0.5 if a == b else 0.0
            ties += a == b
        out[name] = {"games": games, "placements": fmean(lengths), "first_score": fmean(first),
                     "second_score": fmean(second), "first_wins": wins / games,
                     "ties": ties / games,
                     "points_per_placement": (sum(first) + sum(second)) / sum(lengths)}
    return out


# ------------------------------------------------------------------------ the data file


def block_row(counts: HandCounts) -> list[int]:
    """One stored block: games, placements, then the count of each hand of :data:`HANDS`."""
    return [counts.games, counts.placements, *(counts.hands[h] for h in HANDS)]


def play_block(table: Table, seed: int, index: int) -> list[int]:
    """Block ``index`` of a round whose first deal is ``seed``, played."""
    return block_row(count_hands(table, BLOCK, seed + index * BLOCK))


def total(blocks: Iterable[Sequence[int]]) -> HandCounts:
    """The counts of stored blocks added up."""
    out = HandCounts()
    for games, placements, *hands in blocks:
        out.add(HandCounts(games, placements,
                           Counter({h: n for h, n in zip(HANDS, hands, strict=True) if n})))
    return out


def write_data(path: Path, blocks: int = 100, variant_games: int = 300, seed: int = 0,
               progress: bool = False) -> dict[str, Any]:
    """Play both rounds (``blocks`` x :data:`BLOCK` games each) and the variants, and write
    the data file (JSON) to ``path``. Returns what it wrote."""
    doc: dict[str, Any] = {"block": BLOCK, "hands": [hand_key(h) for h in HANDS]}
    first = [play_block(CARDS_TABLE, ROUND_SEEDS[0] + seed, i) for i in range(blocks)]
    if progress:
        print("round 1 done", file=sys.stderr)
    derived = derived_table(total(first))
    doc["round1"] = {"table": "cards", "seed": ROUND_SEEDS[0] + seed, "blocks": first}
    doc["derived"] = {hand_key(h): v for h, v in derived.items()}
    second = [play_block(SEED_TABLE, ROUND_SEEDS[1] + seed, i) for i in range(blocks)]
    doc["round2"] = {"table": "seed", "seed": ROUND_SEEDS[1] + seed, "blocks": second}
    if progress:
        print("round 2 done", file=sys.stderr)
    doc["variants"] = measure_variants(variant_games, ROUND_SEEDS[2] + seed)
    doc["variants_seed"] = ROUND_SEEDS[2] + seed
    path.write_text(_dump(doc), encoding="utf-8")
    return doc


def _dump(doc: Mapping[str, Any]) -> str:
    """The data file's text: JSON, one block per line (small and diffable)."""
    lines = ["{"]
    items = list(doc.items())
    for i, (k, v) in enumerate(items):
        end = "," if i < len(items) - 1 else ""
        if isinstance(v, dict) and "blocks" in v:
            head = {kk: vv for kk, vv in v.items() if kk != "blocks"}
            inner = json.dumps(head, ensure_ascii=False)[:-1]
            rows = ",\n   ".join(json.dumps(b) for b in v["blocks"])
            lines.append(f' {json.dumps(k)}: {inner}, "blocks": [\n   {rows}]}}{end}')
        else:
            lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_data() -> dict[str, Any]:
    """The packaged data file, read."""
    text = resources.files(DATA[0]).joinpath(DATA[1]).read_text(encoding="utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def main(argv: Sequence[str] | None = None) -> int:
    parser = KitParser(prog="python -m wpp.pokeros.calibration",
                       description="write Pokeros's calibration data file")
    parser.add_argument("--blocks", type=positive_int, default=100,
                        help=f"blocks of {BLOCK} games")
    parser.add_argument("--variant-games", type=positive_int, default=300)
    parser.add_argument("--seed", type=seed_arg, default=0)
    parser.add_argument("--out", type=out_path,
                        default=str(Path(str(resources.files(DATA[0]))) / DATA[1]),
                        help="the file to write (checked before any game is played)")
    args = parser.parse_args(argv)
    write_data(Path(args.out), args.blocks, args.variant_games, args.seed, progress=True)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
