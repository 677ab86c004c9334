"""Pairs' rules text: it parses in the kit's rulebook format, every rule the engine cites in
a refusal exists and every flag of the rules object is documented (the copy under docs/ is
checked for every game in tests/core/test_game_obligations.py)."""

from __future__ import annotations

import re
from pathlib import Path

from wpp.core.rulebook import load_rulebook
from wpp.pairs.game import PAIRS
from wpp.pairs.rules import RULE_FIELDS

ROOT = Path(__file__).resolve().parents[2]
BOOK = load_rulebook("wpp.pairs", "rules.md")


def test_the_rules_text_parses_and_names_every_flag() -> None:
    assert PAIRS.rules_doc == "pairs-rules.md"
    assert list(BOOK) == [f"R{i}" for i in range(1, len(BOOK) + 1)]
    flags = {BOOK[r].flag_name for r in BOOK} - {None}
    assert flags == set(RULE_FIELDS)


def test_every_rule_the_engine_cites_exists() -> None:
    source = (ROOT / "wpp" / "pairs" / "game.py").read_text(encoding="utf-8")
    cited = set(re.findall(r"\((R\d+)\)", source))
    assert cited and cited <= set(BOOK)

