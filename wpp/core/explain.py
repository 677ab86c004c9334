"""Explanations: the story of an AI decision, step by step, for learners and UIs.

An :class:`Explanation` is an ordered list of :class:`Step` objects. Each step has a short
title, the cards it concerns (``cards``) and those it singles out (``highlight``), an optional
table of candidates (columns + rows of plain values: text, numbers, booleans, or tuples of
cards), and a one-line verdict. The same object prints as plain text, converts to JSON, and
to one pandas DataFrame per step that has a table; the widgets draw it with card pictures.

>>> from wpp.cards import parse_cards
>>> e = Explanation("Mulligan", [
...     Step("Set aside twos, kings and aces", parse_cards("2S KD AH"),
...          verdict="3 cards are kept out of poker hands"),
...     Step("Candidates", columns=("hand", "outliers", "chosen"),
...          rows=[(parse_cards("3D 4C 5H 6S 7D"), 2, True)], verdict="the straight wins"),
... ], choice=parse_cards("8C 9D JH"), summary="discard 8♣ 9♦ J♥")
>>> print(e)
Mulligan: discard 8♣ 9♦ J♥
 1. Set aside twos, kings and aces — 2♠ K♦ A♥
    → 3 cards are kept out of poker hands
 2. Candidates
    hand            outliers  chosen
    3♦ 4♣ 5♥ 6♠ 7♦  2         yes
    → the straight wins
>>> e.to_json()["steps"][1]["rows"][0]
['3D 4C 5H 6S 7D', 2, True]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from wpp.core.protocol import CardLike

if TYPE_CHECKING:  # pandas is optional: only needed to build DataFrames
    import pandas as pd

__all__ = ["Cell", "Explanation", "Step", "cell_text", "is_cards"]

#: What a table cell may hold.
Cell = str | int | float | bool | None | tuple[CardLike, ...]


def _names(cards: Iterable[CardLike]) -> str:
    return " ".join(str(c) for c in cards)


def _ascii(cards: Iterable[CardLike]) -> str:
    return " ".join(c.ascii for c in cards)


def is_cards(x: object) -> bool:
    """True for a non-empty tuple of cards (a cell a UI draws as card pictures)."""
    return isinstance(x, tuple) and all(isinstance(c, CardLike) for c in x) and bool(x)


def cell_text(x: Cell) -> str:
    """A table cell as text: yes/no, — for nothing, 3 significant digits, cards by name."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if x is None:
        return "—"
    if isinstance(x, tuple):
        return _names(x) if x else "—"
    if isinstance(x, float):
        return f"{x:.3g}"
    return str(x)


def _cell_json(x: Cell) -> Any:
    if isinstance(x, tuple):
        return _ascii(x)
    return x


@dataclass(frozen=True)
class Step:
    """One step of the reasoning: what was looked at, the candidates, and what it concluded."""

    title: str
    cards: tuple[CardLike, ...] = ()
    columns: tuple[str, ...] = ()
    rows: Sequence[tuple[Cell, ...]] = ()
    verdict: str = ""
    highlight: tuple[CardLike, ...] = ()
    #: Index of the chosen row in ``rows``, if one was chosen.
    chosen_row: int | None = None
    #: Free-form notes a UI may show under the step (e.g. "rule R9 applies").
    notes: tuple[str, ...] = field(default=())
    #: A stable id for what this step is ("mulligan.candidates", "decide.6.31"): lessons and
    #: tools find a step by it, never by its wording, which may change.
    id: str = ""
    #: The rule of the game this step applies, if one ("R9").
    rule: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "highlight", tuple(self.highlight))
        object.__setattr__(self, "rows", tuple(tuple(r) for r in self.rows))
        for r in self.rows:
            if len(r) != len(self.columns):
                raise ValueError(f"step {self.title!r}: a row has {len(r)} cells for "
                                 f"{len(self.columns)} columns")

    @property
    def has_table(self) -> bool:
        return bool(self.columns)

    def table_text(self) -> list[str]:
        """The table as aligned text lines (header first)."""
        if not self.columns:
            return []
        grid = [list(self.columns)] + [[cell_text(x) for x in r] for r in self.rows]
        widths = [max(len(line[i]) for line in grid) for i in range(len(self.columns))]
        return ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
                for line in grid]

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "cards": _ascii(self.cards),
            "highlight": _ascii(self.highlight),
            "columns": list(self.columns),
            "rows": [[_cell_json(x) for x in r] for r in self.rows],
            "chosen_row": self.chosen_row,
            "verdict": self.verdict,
            "notes": list(self.notes),
            "id": self.id,
            "rule": self.rule,
        }

    def to_frame(self) -> pd.DataFrame:
        """This step's table as a DataFrame (cards as text); needs pandas."""
        import pandas as pd

        data = [[cell_text(x) if isinstance(x, tuple) else x for x in r] for r in self.rows]
        return pd.DataFrame(data, columns=list(self.columns))


@dataclass(frozen=True)
class Explanation:
    """The whole story of one decision: ``steps`` in order, then the ``choice``."""

    title: str
    steps: Sequence[Step]
    choice: tuple[CardLike, ...] = ()
    summary: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "choice", tuple(self.choice))

    def __str__(self) -> str:
        lines = [f"{self.title}: {self.summary}" if self.summary else self.title]
        for i, s in enumerate(self.steps, start=1):
            head = f"{i:2d}. {s.title}"
            if s.cards:
                head += f" — {_names(s.cards)}"
            lines.append(head)
            lines.extend("    " + t for t in s.table_text())
            lines.extend(f"    · {n}" for n in s.notes)
            if s.verdict:
                lines.append(f"    → {s.verdict}")
        return "\n".join(lines)

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, step_id: str) -> Step | None:
        """The first step with this stable id, or ``None``."""
        return next((s for s in self.steps if s.id == step_id), None)

    @property
    def step_ids(self) -> tuple[str, ...]:
        """The steps' stable ids in order (``""`` for a step without one)."""
        return tuple(s.id for s in self.steps)

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "summary": self.summary,
            "choice": _ascii(self.choice),
            "steps": [s.to_json() for s in self.steps],
        }

    def to_frames(self) -> list[pd.DataFrame]:
        """One DataFrame per step that has a table, in step order; needs pandas."""
        return [s.to_frame() for s in self.steps if s.has_table]

    @classmethod
    def simple(cls, title: str, summary: str, cards: Iterable[CardLike] = (),
               step_title: str = "Decide") -> Explanation:
        """A one-step explanation, for agents with little to say (e.g. the random agent)."""
        return cls(title, [Step(step_title, tuple(cards), verdict=summary)], tuple(cards), summary)
