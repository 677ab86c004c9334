"""Builds ``data/judged_positions.csv``, the fixed positions of ``test_judge.py``: from the
stored rows of ``scripts/review_accuracy.py`` (``benchmarks/data/review_accuracy.csv``),
per game the first positions the judge called best and the first it called a mistake or a
blunder — chosen by the judge's verdict alone, never by the review's.

    python tests/analysis/judged_positions.py [MORE_ROWS.csv ...]

Further row files of the same script (e.g. a small run for games the stored measurement did
not reach) may be named; their rows count after the stored ones.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "benchmarks" / "data" / "review_accuracy.csv"
TARGET = Path(__file__).resolve().parent / "data" / "judged_positions.csv"
FIELDS = ("game", "source", "deal", "seat", "move", "action", "judge_verdict", "judge_loss",
          "judge_best")
#: Per game: how many positions the judge called best, and how many mistakes or blunders.
SOUND, BAD = 3, 2


def main(more: list[str]) -> None:
    rows: list[dict[str, str]] = []
    for path in [SOURCE, *map(Path, more)]:
        with path.open(newline="", encoding="utf-8") as f:
            rows += list(csv.DictReader(f))
    picked: list[dict[str, str]] = []
    for game in dict.fromkeys(r["game"] for r in rows):
        mine = [r for r in rows if r["game"] == game]
        sound = [r for r in mine if r["judge_verdict"] == "best"][:SOUND]
        bad = [r for r in mine if r["judge_verdict"] in ("mistake", "blunder")][:BAD]
        picked += [{k: r[k] for k in FIELDS} for r in sound + bad]
    with TARGET.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(picked)
    print(f"{len(picked)} positions -> {TARGET}")


if __name__ == "__main__":
    main(sys.argv[1:])
