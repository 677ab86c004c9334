"""WarPairsPoker's rules text, read from ``docs/rules.md`` — the one place the rules are
written. The engine's refusals cite its numbers; the lessons' and the app's rule cards are
built from each rule's *In short* line here, so no rule is restated elsewhere.

The kit is installed from its checkout (``pip install -e``, as ``make`` does), so the text is
read where it lies in the repository.

>>> rule("R9").short
'twos beat aces in every mode, and an ace may never go on a two'
>>> rule("R12").source
'the kit'
>>> [r.id for r in all_rules()][:3]
['R1', 'R2', 'R3']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from wpp.errors import WppError

__all__ = ["RULES_DOC", "Rule", "all_rules", "rule", "summaries"]

#: Where the rules text lies: ``docs/rules.md`` in the kit's checkout.
RULES_DOC: Final = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

_HEADING: Final = re.compile(r"^### (R\d+) — (.+)$", re.M)


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule: its id ("R9"), title, one-line summary, source and full text."""

    id: str
    title: str
    short: str
    source: str
    text: str

    @property
    def by_the_kit(self) -> bool:
        """True when the rule is the kit's own decision, not the game's."""
        return self.source.startswith("the kit")


@cache
def all_rules() -> tuple[Rule, ...]:
    """Every rule of ``docs/rules.md``, R1 first."""
    try:
        doc = RULES_DOC.read_text(encoding="utf-8")
    except OSError as err:
        raise WppError(f"the rules text {RULES_DOC} cannot be read ({err}); the kit reads it "
                       "from its checkout (pip install -e .)") from None
    found = list(_HEADING.finditer(doc))
    out = []
    for m, nxt in zip(found, [*found[1:], None], strict=True):
        body = doc[m.end():nxt.start() if nxt else len(doc)]
        body = body.split("\n## ", 1)[0]  # stop at the next section (glossary…)
        short = re.search(r"^\*In short:\* (.+)$", body, re.M)
        source = re.search(r"^\*Source:\* ((?:.+\n)+?)\n", body, re.M)
        if short is None or source is None:
            raise WppError(f"{m.group(1)} in {RULES_DOC.name} lacks its In short or Source line")
        text = body[source.end():].strip()
        out.append(Rule(m.group(1), m.group(2).strip(), short.group(1).strip(),
                        " ".join(source.group(1).split()), text))
    return tuple(out)


def rule(rule_id: str) -> Rule:
    """The rule numbered ``rule_id`` ("R9"); an unknown number is a ``WppError``."""
    for r in all_rules():
        if r.id == rule_id:
            return r
    raise WppError(f"there is no rule {rule_id!r:.20}; the rules are R1 to R{len(all_rules())}")


def summaries() -> dict[str, str]:
    """Each rule's one-line summary by id (what rule cards and badges show)."""
    return {r.id: r.short for r in all_rules()}
