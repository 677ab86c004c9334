"""Build the "drawing opponent" model: the exact final-hand distribution of a player who draws.

The draw AI (:mod:`wpp.classic.draw`) scores each discard by its equity against a model of
the opponent's final hand. The simplest model, a random *dealt* hand, undervalues what the
opponent will hold after drawing, and so overvalues ace-king high: against it, the AI breaks
a pair of twos to keep A-K. The better model is the opponent's final hand *after* its draw.

This module computes that distribution exactly, for a player who is dealt a random hand and
draws as the AI does against the dealt-hand model (one level of "thinking about the
opponent"): for each of the 134,459 hands that differ by more than a renaming of suits, it
runs :func:`wpp.classic.draw.explain`, takes the chosen option's exact final distribution,
and adds it up weighted by how many of the 2,598,960 deals the hand stands for. That takes
10 to 20 minutes on two cores, so the result is stored in the package data file
``wpp/classic/data/opponents.json`` and this module is the script that rebuilds it::

    python -m wpp.classic.opponents           # rewrites wpp/classic/data/opponents.json

Run it again whenever the AI's decision rule or :class:`~wpp.classic.draw.DrawRules`
defaults change. A slow test compares the stored tables with a fixed sample of deals.
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from wpp.classic.draw import OPPONENTS_FILE
from wpp.core.cli_args import KitParser, out_path, worker_count
from wpp.core.standard_deck import CARDS, Card
from wpp.poker.ranking import CLASS_COUNT

__all__ = ["build", "final_weights", "suit_classes", "write_tables"]

#: The rule sets the data file holds a table for (both with at most 3 cards discarded).
RULE_SETS = ("standard", "ace_allows_four")


def suit_classes() -> list[tuple[tuple[Card, ...], int]]:
    """The 134,459 five-card hands up to suit renaming, each with how many deals it stands for.

    Two hands are the same for every rule of classic poker when one becomes the other by
    renaming the suits; the class key is the four per-suit rank sets, sorted.

    >>> classes = suit_classes()
    >>> len(classes), sum(n for _, n in classes)
    (134459, 2598960)
    """
    counts: Counter[tuple[int, ...]] = Counter()
    for hand in itertools.combinations(range(52), 5):
        masks = [0, 0, 0, 0]
        for c in hand:
            masks[c & 3] |= 1 << (c >> 2)
        counts[tuple(sorted(masks, reverse=True))] += 1
    out = []
    for key, n in sorted(counts.items()):
        representative = tuple(
            CARDS[rank * 4 + suit]
            for suit, mask in enumerate(key)
            for rank in range(13)
            if mask >> rank & 1
        )
        out.append((representative, n))
    return out


def _lcm_of_draw_counts() -> int:
    return math.lcm(*(math.comb(47, k) for k in range(6)))


def _chunk(classes: Sequence[tuple[tuple[Card, ...], int]]) -> dict[str, list[int]]:
    """Both rule sets' weights for some classes, from one analysis per hand.

    The ace rule only adds options (four-card discards, listed after all the others), and
    the ranking of the other options does not depend on them; so the standard rules' choice
    is the first of the ace-rule ranking that discards at most three cards.
    """
    from wpp.classic.draw import PAT_HAND, DrawRules, explain

    rules = DrawRules(ace_allows_four=True)
    scale = _lcm_of_draw_counts()
    acc = {name: [0] * (CLASS_COUNT + 1) for name in RULE_SETS}
    for hand, n in classes:
        options = explain(hand, rules, PAT_HAND).options
        chosen = {
            "standard": next(o for o in options if len(o.discard) <= 3),
            "ace_allows_four": options[0],
        }
        for name, best in chosen.items():
            factor = n * (scale // best.draws)
            weights = acc[name]
            for s, count in best.distribution:
                weights[s] += factor * count
    return acc


def final_weights(processes: int | None = None) -> dict[str, tuple[int, ...]]:
    """The exact final-hand weights (index = strength) of a drawing player, per rule set.

    Each table is divided by the gcd of its entries (only the proportions matter).
    """
    classes = suit_classes()
    size = 500
    jobs = [classes[i : i + size] for i in range(0, len(classes), size)]
    acc = {name: [0] * (CLASS_COUNT + 1) for name in RULE_SETS}
    with multiprocessing.Pool(processes) as pool:
        for part in pool.imap_unordered(_chunk, jobs):
            for name in RULE_SETS:
                acc[name] = [a + b for a, b in zip(acc[name], part[name], strict=True)]
    out = {}
    for name, weights in acc.items():
        g = math.gcd(*weights)
        out[name] = tuple(w // g for w in weights)
    return out


def build(path: Path, processes: int | None = None) -> None:
    """Compute both tables and write them as the package's JSON data file at ``path``."""
    start = time.perf_counter()
    tables = final_weights(processes)
    print(f"computed in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    write_tables(path, tables)


def write_tables(path: Path, tables: dict[str, tuple[int, ...]]) -> None:
    """Write the tables as the data file :func:`wpp.classic.draw._opponent_weights` reads (a
    test rewrites the stored tables with it and expects the very same bytes)."""
    doc = {"about": ABOUT, "weights": {name: list(tables[name]) for name in RULE_SETS}}
    path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")


#: What the data file holds, in its own words.
ABOUT: Final = ("Final-hand weights (index = strength 1..7462; index 0 unused) of a player "
                "dealt a random hand who draws as the draw AI does against a dealt hand, by "
                "rule set. Generated by python -m wpp.classic.opponents; do not edit.")


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: rebuild the stored opponent tables."""
    parser = KitParser(prog="python -m wpp.classic.opponents",
                       description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=out_path, default=str(Path(__file__).parent / OPPONENTS_FILE),
                        help="the file to write (checked before the work starts)")
    parser.add_argument("--processes", type=worker_count, default=None)
    args = parser.parse_args(argv)
    build(Path(args.out), args.processes)


if __name__ == "__main__":
    main()
