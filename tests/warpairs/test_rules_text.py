"""docs/rules.md is the one rules text: every rule the code cites is in it, the rule cards
are built from it, and it says which rules are the kit's own decisions."""

from __future__ import annotations

import html
import re
from pathlib import Path

from widgets.rules_ref import RULES_HTML
from wpp.rules_text import RULES_DOC, all_rules, rule, summaries
from wpp.teach.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"\bR(\d{1,2})\b")


def test_the_text_has_r1_to_r20_each_with_summary_source_and_text() -> None:
    rules = all_rules()
    assert [r.id for r in rules] == [f"R{i}" for i in range(1, 21)]
    for r in rules:
        assert r.title and len(r.short) > 20 and r.source and len(r.text) > 40, r.id


def test_every_rule_the_code_cites_is_in_the_text() -> None:
    ids = {r.id for r in all_rules()}
    cited: set[str] = set()
    for folder in ("wpp", "widgets"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= {f"R{n}" for n in CITED.findall(path.read_text(encoding="utf-8"))}
    assert cited, "the scan found no citation at all"
    assert cited <= ids, f"cited but not in {RULES_DOC.name}: {sorted(cited - ids)}"


def test_the_rule_cards_are_built_from_the_text() -> None:
    assert summaries() == RULES
    for r in all_rules():
        assert f"<b>{r.id}</b>" in RULES_HTML
        assert r.short in html.unescape(RULES_HTML)


def test_the_kits_own_decisions_are_marked() -> None:
    for rid in ("R3", "R12", "R18", "R20"):
        assert rule(rid).by_the_kit, rid
    for rid in ("R1", "R9", "R14"):
        assert not rule(rid).by_the_kit, rid
    assert RULES_HTML.count("(kit)") == sum(r.by_the_kit for r in all_rules())


def test_the_repository_cites_no_outside_paths() -> None:
    for path in [*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md"),
                 *(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "wpp").rglob("*.py"),
                 *(ROOT / "widgets").rglob("*.py")]:
        assert "../shared" not in path.read_text(encoding="utf-8"), path
