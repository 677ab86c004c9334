"""Words on a game page are for newcomers: the engine's sentences cite the rule they apply
("… and wins (R17)", "(R15, R18)") and the AI's the section of the game description it
follows ("(6.3)", "(6.31, R15)"). The sentence already says the rule in words; the number is
for readers of the rules text and for tests, so the page drops it — the numbered rule stays
one click away, in "Rules & keys" — and the engine keeps it (``IllegalAction.rule``, the
events, the explanations' step ids).

>>> plain("P2 has no cards left and wins (R17)")
'P2 has no cards left and wins'
>>> plain("the deck cannot supply 3 new cards for a re-draw (R15, R18); try again")
'the deck cannot supply 3 new cards for a re-draw; try again'
>>> plain("draw (6.31): nothing beats the table"), plain("re-draw (6.31, R15)")
('draw: nothing beats the table', 're-draw')
>>> plain("a gamble (0.625), a pair (of nines), cell (1, 2), R2-D2")
'a gamble (0.625), a pair (of nines), cell (1, 2), R2-D2'
>>> plain("its key is the 2♥ (twos beat aces, R9), higher")
'its key is the 2♥ (twos beat aces), higher'
>>> plain("ranked by rule R10: rank 1")
'ranked by the rules: rank 1'
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["CITATION", "plain"]

_ONE: Final = r"(?:R\d{1,2}|[3-8]\.\d{1,2})"
#: A citation in brackets: "(R11)", "(6.3)", "(6.31, R15)", "(R7 and R13)", "(rule R4)".
CITATION: Final = re.compile(rf"\s*\((?:rules? )?{_ONE}(?:\s*(?:,|and|or|/)\s*{_ONE})*\)")
#: A citation closing words in brackets: "(twos beat aces, R9)" keeps "(twos beat aces)".
_TRAILING: Final = re.compile(rf"(?:,|;)\s*{_ONE}(?:\s*(?:,|and|or)\s*{_ONE})*(?=\))")
#: A rule named by its number in the sentence: "by rule R10".
_NAMED: Final = re.compile(r"\brules? R\d{1,2}(?:\s*(?:,|and|or)\s*R\d{1,2})*\b")


def plain(text: str) -> str:
    """``text`` without its rule and section numbers (plain text or HTML alike: a citation
    holds no markup)."""
    return _NAMED.sub("the rules", _TRAILING.sub("", CITATION.sub("", text)))
