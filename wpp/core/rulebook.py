"""A game's rules text, read: numbered rules with their sources, examples and a glossary.

Each game of the kit keeps **one** rules text, a Markdown file inside its package (read with
:mod:`importlib.resources`, so an installed kit has it too); ``docs/`` holds a generated copy
for readers of the repository (:func:`docs_copy`, checked identical by the tests). Everything
else that states a rule — the engine's citations, the lessons' rule lists, the app's rule
cards — reads this text instead of restating it.

The format (see ``wpp/warpairs/rules.md``) is plain Markdown with a fixed shape::

    # Title
    introduction…
    ## A section
    ### R9 · Twos beat aces
    The rule's text (paragraphs, lists)…
    **In one line:** twos beat aces in every mode, …
    **Author:** §3.6 (…)              — what the game's description states, if anything
    **Kit's decision:** …             — what the description left open, if anything
    **Flag:** `wraps` — …             — a rules-object field that may vary, if any
    **Examples:**
    - …
    ## Conformance examples            — a table: table | play | legal | rule
    ## Glossary                        — "- **term**: definition" lines

:func:`parse_rulebook` refuses a text that strays from it, naming the line, so a slip in the
rules text fails the tests rather than silently dropping a rule.

>>> book = parse_rulebook('''# G
... Intro.
... ## Cards
... ### R1 · The deck
... One deck.
...
... **In one line:** one deck
...
... **Author:** §3.3.
... ''')
>>> r = book["R1"]
>>> r.title, r.text, r.summary, r.source, r.section
('The deck', 'One deck.', 'one deck', "the game's author", 'Cards')
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Final

from wpp.core.errors import WppError

__all__ = [
    "ConformanceRow",
    "RuleText",
    "Rulebook",
    "RulebookError",
    "docs_copy",
    "load_rulebook",
    "parse_rulebook",
]

#: The first line of a ``docs/`` copy: where the text really lives and how to regenerate it.
DOCS_HEADER: Final = ("<!-- Generated from {source} by `python scripts/sync_rules.py`: edit "
                      "that file, not this one. -->\n")

_RULE_HEAD: Final = re.compile(r"^### (R\d+) · (.+)$")
_FIELD: Final = re.compile(r"^\*\*(In one line|Author|Kit's decision|Flag|Examples):\*\*\s*(.*)$")
_GLOSSARY: Final = re.compile(r"^- \*\*(.+?)\*\*: (.+)$")
_ROW: Final = re.compile(r"^\| (.+?) \| (.+?) \| (yes|no) \| (R\d+) \|$")


class RulebookError(WppError):
    """A rules text that does not have the rulebook's shape (the message names the line)."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """One numbered rule as the rules text states it."""

    #: ``"R9"``: the id the engine cites.
    id: str
    #: A short name: ``"Twos beat aces"``.
    title: str
    #: The section of the rules text it is in (``"Beating a play"``).
    section: str
    #: The rule itself, as Markdown (paragraphs and lists).
    text: str
    #: The rule in one line, for lists and badges.
    summary: str
    #: Where the game's author states it (sections of the description), or ``None``.
    author: str | None = None
    #: What the kit decided where the description is silent, or ``None``.
    kit: str | None = None
    #: The rules-object field that may vary, with its default, or ``None``.
    flag: str | None = None
    #: Worked examples, one Markdown line each.
    examples: tuple[str, ...] = ()

    @property
    def number(self) -> int:
        return int(self.id[1:])

    @property
    def flag_name(self) -> str | None:
        """The flag's field name (``"wraps"``), from ``**Flag:** `wraps` — …``."""
        m = re.match(r"`(\w+)`", self.flag or "")
        return m.group(1) if m else None

    @property
    def source(self) -> str:
        """Who the rule is from: ``the game's author``, ``the kit's decision`` or both (the
        details are in :attr:`author` and :attr:`kit`)."""
        return " and ".join(name for name, given in (("the game's author", self.author),
                                                     ("the kit's decision", self.kit)) if given)


@dataclass(frozen=True, slots=True)
class ConformanceRow:
    """A row of the conformance table: ``play`` on ``table`` (``None``: a lead)."""

    table: str | None
    play: str
    legal: bool
    rule: str


@dataclass(frozen=True, slots=True)
class Rulebook(Mapping[str, RuleText]):
    """A game's rules text: its rules by id (in order), conformance rows and glossary."""

    title: str
    intro: str
    rules: Mapping[str, RuleText]
    conformance: tuple[ConformanceRow, ...]
    glossary: Mapping[str, str]

    def __getitem__(self, rule_id: str) -> RuleText:
        try:
            return self.rules[rule_id]
        except KeyError:
            raise KeyError(f"{self.title} has no rule {rule_id!r}; its rules are "
                           f"{', '.join(self.rules)}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def sections(self) -> dict[str, tuple[RuleText, ...]]:
        """The rules grouped by section, in order."""
        out: dict[str, list[RuleText]] = {}
        for r in self.rules.values():
            out.setdefault(r.section, []).append(r)
        return {k: tuple(v) for k, v in out.items()}


def _fail(n: int, line: str, why: str) -> RulebookError:
    return RulebookError(f"rules text, line {n}: {why}: {line!r:.80}")


def _join(lines: list[str]) -> str:
    return "\n".join(lines).strip()


def _rule(rid: str, title: str, section: str, body: list[tuple[int, str]]) -> RuleText:
    """One rule from the lines under its heading: text first, then the fields."""
    text: list[str] = []
    fields: dict[str, list[str]] = {}
    current: list[str] = text
    for n, line in body:
        m = _FIELD.match(line)
        if m:
            if m.group(1) in fields:
                raise _fail(n, line, f"{rid} gives {m.group(1)!r} twice")
            current = fields.setdefault(m.group(1), [])
            if m.group(2):
                current.append(m.group(2))
        elif current is not text and line and not line.startswith((" ", "- ")) and \
                fields.get("Examples") is current:
            raise _fail(n, line, f"{rid}'s examples are '- ' lines")
        else:
            current.append(line)
    n0 = body[0][0] if body else 0
    if not _join(text):
        raise _fail(n0, rid, f"{rid} has no text")
    if "In one line" not in fields:
        raise _fail(n0, rid, f"{rid} has no '**In one line:**'")
    if "Author" not in fields and "Kit's decision" not in fields:
        raise _fail(n0, rid, f"{rid} says neither '**Author:**' nor '**Kit's decision:**'")
    summary = " ".join(ln.strip() for ln in fields["In one line"] if ln.strip())

    def one(key: str) -> str | None:
        return " ".join(ln.strip() for ln in fields[key] if ln.strip()) if key in fields else None

    examples: list[str] = []
    for ln in fields.get("Examples", []):
        if ln.startswith("- "):
            examples.append(ln[2:].strip())
        elif ln.strip() and examples:
            examples[-1] += " " + ln.strip()
    return RuleText(rid, title, section, _join(text), summary, one("Author"),
                    one("Kit's decision"), one("Flag"), tuple(examples))


def parse_rulebook(text: str) -> Rulebook:
    """Read a rules text (see the module docs); :class:`RulebookError` names a bad line."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise RulebookError("a rules text starts with '# <title>'")
    title = lines[0][2:].strip()
    intro: list[str] = []
    rules: dict[str, RuleText] = {}
    rows: list[ConformanceRow] = []
    glossary: dict[str, str] = {}
    section = ""
    head: tuple[str, str, str] | None = None
    body: list[tuple[int, str]] = []

    def close() -> None:
        nonlocal head, body
        if head is not None:
            rules[head[0]] = _rule(*head, body)
        head, body = None, []

    for n, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            close()
            section = line[3:].strip()
            continue
        m = _RULE_HEAD.match(line)
        if m:
            close()
            rid = m.group(1)
            if rid in rules:
                raise _fail(n, line, f"{rid} is stated twice")
            if section in ("", "Conformance examples", "Glossary"):
                raise _fail(n, line, "a rule belongs in a section of rules")
            head = (rid, m.group(2).strip(), section)
            continue
        if line.startswith("#"):
            raise _fail(n, line, "only '## section' and '### Rn · title' headings are allowed")
        if head is not None:
            body.append((n, line))
        elif section == "":
            intro.append(line)
        elif section == "Conformance examples" and line.startswith("| ") and \
                not line.startswith(("| table ", "|---")):
            r = _ROW.match(line)
            if not r:
                raise _fail(n, line, "a conformance row is '| table | play | yes/no | Rn |'")
            rows.append(ConformanceRow(None if r.group(1) == "—" else r.group(1), r.group(2),
                                       r.group(3) == "yes", r.group(4)))
        elif section == "Glossary" and line.startswith("- "):
            g = _GLOSSARY.match(line)
            if not g:
                raise _fail(n, line, "a glossary entry is '- **term**: definition'")
            glossary[g.group(1)] = g.group(2)
        elif section == "Glossary" and line.startswith("  ") and glossary:
            last = next(reversed(glossary))
            glossary[last] += " " + line.strip()
    close()
    if not rules:
        raise RulebookError("a rules text states at least one rule ('### R1 · title')")
    order = [r.number for r in rules.values()]
    if order != list(range(1, len(order) + 1)):
        raise RulebookError(f"the rules must be R1, R2, … in order, not {', '.join(rules)}")
    for row in rows:
        if row.rule not in rules:
            raise RulebookError(f"a conformance row cites {row.rule}, which is no rule")
    return Rulebook(title, _join(intro), rules, tuple(rows), glossary)


def load_rulebook(package: str, name: str) -> Rulebook:
    """The rules text ``name`` inside ``package`` (e.g. ``"wpp", "rules.md"``), read."""
    return parse_rulebook(resources.files(package).joinpath(name).read_text(encoding="utf-8"))


def docs_copy(package: str, name: str) -> str:
    """The text of the rules' copy under ``docs/``: a header naming the source, then the
    source unchanged."""
    source = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return DOCS_HEADER.format(source=f"{package.replace('.', '/')}/{name}") + source

