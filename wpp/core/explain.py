"""Explanations: the story of an AI decision, step by step, for learners and UIs.

An :class:`Explanation` is an ordered list of :class:`Step` objects. Each step has a short
title, the cards it concerns (``cards``) and those it singles out (``highlight``), an optional
table of candidates (columns + rows of plain values: text, numbers, booleans, or tuples of
cards), and a one-line verdict. The same object prints as plain text, converts to JSON, and
to one pandas DataFrame per step that has a table; the widgets draw it with card pictures.

**Structured references.** Whatever a step says about particular cards is data, not only
words, so that a program never has to read the sentences:

* every step has a stable ``id`` ("mulligan.candidates", "decide.list") and the ``rule`` of
  the game it applies, if one; a table's rows may have ids too (``row_ids``: which item of a
  decision list decided). Lessons and tools find steps and items by id.
* a title, verdict, note, summary or table cell that names cards is a :class:`Words`: text
  parts and :class:`Ref` parts, each ref holding the cards it speaks of and the words it
  shows ("Q♠ Q♥", "queens", "a pair of queens"). ``str()`` gives the sentence; a renderer
  that must hide some cards walks the parts (:meth:`Words.render`) and blanks exactly the
  refs about them — no pattern matching over finished text.

>>> from wpp.core.standard_deck import parse_cards
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

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from wpp.core.errors import WppError
from wpp.core.protocol import CardLike

if TYPE_CHECKING:  # pandas is optional: only needed to build DataFrames
    import pandas as pd

__all__ = ["Cell", "Explanation", "Ref", "Step", "Text", "Words", "cell_text", "is_cards",
           "words"]


_str_new = str.__new__


def _names(cards: Iterable[CardLike]) -> str:
    return " ".join(map(str, cards))


def _ascii(cards: Iterable[CardLike]) -> str:
    return " ".join([c.ascii for c in cards])


class Ref:
    """Words about particular cards: ``cards`` are the cards they reveal, ``text`` what they
    say (``None``: the cards' names, ``"Q♠ Q♥"``; or e.g. ``"queens"``, ``"Q"``, ``"a pair
    of queens"``). A renderer hiding any of these cards hides the ref.

    Immutable and compared by value; what it shows is worked out once (explanations build
    thousands of these).
    """

    __slots__ = ("_shown", "cards", "text")
    cards: tuple[CardLike, ...]
    text: str | None
    _shown: str

    def __init__(self, cards: Iterable[CardLike], text: str | None = None) -> None:
        if type(cards) is not tuple:
            cards = tuple(cards)
        # The slots' own setters: object.__setattr__ would look each name up first.
        _set_ref_cards(self, cards)
        _set_ref_text(self, text)
        _set_ref_shown(self, _names(cards) if text is None else text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Ref is immutable (tried to set {name})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ref) and (self.cards, self.text) == (other.cards, other.text)

    def __hash__(self) -> int:
        return hash((self.cards, self.text))

    def __repr__(self) -> str:
        return f"Ref(cards={self.cards!r}, text={self.text!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Ref, (self.cards, self.text))

    def __str__(self) -> str:
        return self._shown

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": _ascii(self.cards)}
        if self.text is not None:
            out["text"] = self.text
        return out


_set_ref_cards: Any = vars(Ref)["cards"].__set__
_set_ref_text: Any = vars(Ref)["text"].__set__
_set_ref_shown: Any = vars(Ref)["_shown"].__set__

Part: TypeAlias = "str | Ref"  # a plain str, never Words (Words flattens into its parts)


class Words(str):
    """A sentence whose card mentions are :class:`Ref` parts (see the module docs).

    It *is* the sentence (a ``str``: printing, comparing, searching, JSON work as for any
    text) and it keeps its ``parts``, so a renderer can write each reference its own way.
    Concatenating with ``+`` keeps the parts; other string methods return plain text.

    >>> from wpp.core.standard_deck import parse_cards
    >>> q = parse_cards("QS QH")
    >>> w = words("keep ", Ref(q), ", a pair of ", Ref(q, "queens"))
    >>> w, [str(r) for r in w.refs], w == "keep Q♠ Q♥, a pair of queens"
    ('keep Q♠ Q♥, a pair of queens', ['Q♠ Q♥', 'queens'], True)
    >>> w.render(lambda r: "?" if q[0] in r.cards else str(r))
    'keep ?, a pair of ?'
    """

    __slots__ = ("parts",)  # no instance dict: explanations build these by the dozen
    parts: tuple[Part, ...]

    def __new__(cls, parts: Iterable[Part | Words]) -> Words:
        given = parts if type(parts) is tuple else tuple(parts)
        flat: tuple[Part, ...] = given
        if Words in map(type, given):
            out: list[Part] = []
            for p in given:
                if type(p) is Words:
                    assert isinstance(p, Words)
                    out.extend(p.parts)
                else:
                    out.append(p)
            flat = tuple(out)
        return _words_of(flat) if cls is Words else cls._of(flat)

    @classmethod
    def _of(cls, flat: tuple[Part, ...]) -> Words:
        """Words from parts already flat (no ``Words`` among them): :func:`words`' fast way."""
        self = _str_new(cls, "".join([p if isinstance(p, str) else p._shown for p in flat]))
        self.parts = flat
        return self

    def __repr__(self) -> str:
        return repr(str(self))

    def __add__(self, other: str) -> Words:
        return words(self, other)

    def __radd__(self, other: str) -> Words:
        return words(other, self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (self.parts,))

    @property
    def refs(self) -> tuple[Ref, ...]:
        return tuple(p for p in self.parts if isinstance(p, Ref))

    @property
    def cards(self) -> tuple[CardLike, ...]:
        """Every card the sentence speaks of, in order of mention (repeats dropped)."""
        seen: dict[CardLike, None] = {}
        for r in self.refs:
            seen.update(dict.fromkeys(r.cards))
        return tuple(seen)

    def render(self, ref: Callable[[Ref], str], text: Callable[[str], str] = str) -> str:
        """The sentence with each ref written by ``ref`` and each plain part by ``text`` (e.g.
        an HTML escape): how a UI shows some cards and hides others."""
        return "".join(text(p) if isinstance(p, str) else ref(p) for p in self.parts)

    def to_json(self) -> list[Any]:
        return [p if isinstance(p, str) else p.to_json() for p in self.parts]


def _words_of(flat: tuple[Part, ...]) -> Words:
    """``Words._of`` without the class method's call: the builders' fast way."""
    self = _str_new(Words, "".join([p if isinstance(p, str) else p._shown for p in flat]))
    self.parts = flat
    return self


#: A text of an explanation: plain words, or :class:`Words` with card references (a ``str``
#: too).
Text: TypeAlias = str

#: What a table cell may hold.
Cell: TypeAlias = str | int | float | bool | tuple[CardLike, ...] | None


def words(*items: Text | Ref | Iterable[CardLike]) -> Words:
    """Words from pieces: text, :class:`Ref`, other :class:`Words`, or cards (a ref to them,
    shown by name). Adjacent plain texts are merged, empty ones dropped.

    (Written for speed: the classic AI builds tens of these per explained decision.)
    """
    parts: list[Part] = []
    tail_is_text = False  # parts[-1] is a plain text (the next one merges into it)
    for item in items:
        kind = type(item)
        if kind is str:  # the common cases first, without isinstance
            if item:
                if tail_is_text:
                    parts[-1] += item  # type: ignore[operator]
                else:
                    parts.append(item)  # type: ignore[arg-type]
                    tail_is_text = True
            continue
        if kind is Ref:
            parts.append(item)  # type: ignore[arg-type]
            tail_is_text = False
            continue
        pieces: Iterable[Part]
        if isinstance(item, Words):
            pieces = item.parts
        elif isinstance(item, str):
            pieces = (str(item),)
        elif isinstance(item, Ref):
            pieces = (item,)
        else:
            pieces = (Ref(tuple(item)),)
        for p in pieces:
            if type(p) is str:
                if not p:
                    continue
                if tail_is_text:
                    parts[-1] += p  # type: ignore[operator]
                    continue
                tail_is_text = True
            else:
                tail_is_text = False
            parts.append(p)
    return _words_of(tuple(parts))


def _text_json(x: Text) -> Any:
    return x.to_json() if isinstance(x, Words) else x


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
    if isinstance(x, Words):
        return str(x)
    return x


@dataclass(frozen=True, init=False)
class Step:
    """One step of the reasoning: what was looked at, the candidates, and what it concluded."""

    title: Text
    cards: tuple[CardLike, ...] = ()
    columns: tuple[str, ...] = ()
    rows: Sequence[tuple[Cell, ...]] = ()
    verdict: Text = ""
    highlight: tuple[CardLike, ...] = ()
    #: Index of the chosen row in ``rows``, if one was chosen.
    chosen_row: int | None = None
    #: Free-form notes a UI may show under the step (e.g. "rule R9 applies").
    notes: tuple[Text, ...] = field(default=())
    #: A stable id for what this step is ("mulligan.candidates", "decide.list"): lessons and
    #: tools find a step by it, never by its wording, which may change.
    id: str = ""
    #: The rule of the game this step applies, if one ("R9").
    rule: str | None = None
    #: A stable id per row of ``rows`` (e.g. the decision list's items), or none at all.
    row_ids: tuple[str, ...] = ()

    def __init__(self, title: Text, cards: Iterable[CardLike] = (),
                 columns: Iterable[str] = (), rows: Iterable[Iterable[Cell]] = (),
                 verdict: Text = "", highlight: Iterable[CardLike] = (),
                 chosen_row: int | None = None, notes: Iterable[Text] = (), id: str = "",
                 rule: str | None = None, row_ids: Iterable[str] = ()) -> None:
        # Written out (not the dataclass's generated one, which sets each field through
        # object.__setattr__): explanations build steps by the tens per decision. Every
        # sequence becomes a tuple; only what is not one already is converted.
        if type(cards) is not tuple:
            cards = tuple(cards)
        if type(columns) is not tuple:
            columns = tuple(columns)
        if type(highlight) is not tuple:
            highlight = tuple(highlight)
        if type(notes) is not tuple:
            notes = tuple(notes)
        if type(row_ids) is not tuple:
            row_ids = tuple(row_ids)
        rows_t: tuple[tuple[Cell, ...], ...] = tuple(
            [r if type(r) is tuple else tuple(r) for r in rows]) if rows else ()
        d = self.__dict__
        d["title"] = title
        d["cards"] = cards
        d["columns"] = columns
        d["rows"] = rows_t
        d["verdict"] = verdict
        d["highlight"] = highlight
        d["chosen_row"] = chosen_row
        d["notes"] = notes
        d["id"] = id
        d["rule"] = rule
        d["row_ids"] = row_ids
        width = len(columns)
        for r in rows_t:
            if len(r) != width:
                raise WppError(f"step {str(title)!r}: a row has {len(r)} cells for "
                                 f"{width} columns")
        if row_ids and len(row_ids) != len(rows_t):
            raise WppError(f"step {str(title)!r}: {len(row_ids)} row ids for "
                             f"{len(rows_t)} rows")

    @property
    def chosen_id(self) -> str | None:
        """The id of the chosen row, when rows have ids and one was chosen."""
        if self.row_ids and self.chosen_row is not None and 0 <= self.chosen_row < len(
                self.row_ids):
            return self.row_ids[self.chosen_row]
        return None

    def texts(self) -> Iterable[Text]:
        """Every text of the step: title, notes, verdict and the table's text cells."""
        yield self.title
        yield from self.notes
        yield self.verdict
        for r in self.rows:
            yield from (x for x in r if isinstance(x, str))

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
        """Texts as plain words (as before), plus ``parts``: the structured form of every text
        that has card references, by field (``"title"``, ``"verdict"``, ``"notes.0"``,
        ``"rows.2.3"``)."""
        parts: dict[str, Any] = {}
        for key, x in (("title", self.title), ("verdict", self.verdict),
                       *((f"notes.{i}", n) for i, n in enumerate(self.notes)),
                       *((f"rows.{i}.{j}", c) for i, r in enumerate(self.rows)
                         for j, c in enumerate(r))):
            if isinstance(x, Words):
                parts[key] = x.to_json()
        return {
            "title": str(self.title),
            "cards": _ascii(self.cards),
            "highlight": _ascii(self.highlight),
            "columns": list(self.columns),
            "rows": [[_cell_json(x) for x in r] for r in self.rows],
            "chosen_row": self.chosen_row,
            "verdict": str(self.verdict),
            "notes": [str(n) for n in self.notes],
            "id": self.id,
            "rule": self.rule,
            "row_ids": list(self.row_ids),
            "parts": parts,
        }

    def to_frame(self) -> pd.DataFrame:
        """This step's table as a DataFrame (cards as text); needs pandas."""
        import pandas as pd

        data = [[cell_text(x) if isinstance(x, tuple | Words) else x for x in r]
                for r in self.rows]
        return pd.DataFrame(data, columns=list(self.columns))


@dataclass(frozen=True, init=False)
class Explanation:
    """The whole story of one decision: ``steps`` in order, then the ``choice``."""

    title: Text
    steps: Sequence[Step]
    choice: tuple[CardLike, ...] = ()
    summary: Text = ""

    def __init__(self, title: Text, steps: Iterable[Step], choice: Iterable[CardLike] = (),
                 summary: Text = "") -> None:
        # Written out, as Step's: one per explained decision, on the AI's hot path.
        d = self.__dict__
        d["title"] = title
        d["steps"] = steps if type(steps) is tuple else tuple(steps)
        d["choice"] = choice if type(choice) is tuple else tuple(choice)
        d["summary"] = summary

    def __str__(self) -> str:
        lines = [f"{self.title}: {self.summary}" if self.summary else str(self.title)]
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
            "title": str(self.title),
            "summary": str(self.summary),
            "choice": _ascii(self.choice),
            "steps": [s.to_json() for s in self.steps],
            "parts": {k: _text_json(x) for k, x in (("title", self.title),
                                                    ("summary", self.summary))
                      if isinstance(x, Words)},
        }

    def to_frames(self) -> list[pd.DataFrame]:
        """One DataFrame per step that has a table, in step order; needs pandas."""
        return [s.to_frame() for s in self.steps if s.has_table]

    @classmethod
    def simple(cls, title: Text, summary: Text, cards: Iterable[CardLike] = (),
               step_title: Text = "Decide", step_id: str = "decide") -> Explanation:
        """A one-step explanation, for agents with little to say (e.g. the random agent)."""
        return cls(title, [Step(step_title, tuple(cards), verdict=summary, id=step_id)],
                   tuple(cards), summary)
