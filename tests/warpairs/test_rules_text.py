"""The rules text (``wpp/warpairs/rules.md``) is the one statement of R1–R20: the engine's
citations,
the lesson's list and bullets, the app's rule cards and ``docs/rules.md`` all come from it, and
its worked examples hold in the engine."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import subprocess
from html import unescape
from pathlib import Path
from types import ModuleType

import pytest

from widgets.games.warpairs.rules_ref import RULES_HTML, rule_card
from wpp.core.rulebook import RulebookError, parse_rulebook
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.plays import IllegalPlay
from wpp.warpairs.rules import Rules, rule, rulebook
from wpp.warpairs.teach.rules import QUIZ, RULES, inspect, lesson_bullet, scenes

ROOT = Path(__file__).resolve().parents[2]
BOOK = rulebook()
SYNC_HINT = "the copy is stale: run `python scripts/sync_rules.py`"


def _sync_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sync_rules", ROOT / "scripts" / "sync_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- the text itself

def test_the_text_states_r1_to_r20_each_with_a_line_and_a_source() -> None:
    assert list(BOOK) == [f"R{i}" for i in range(1, 21)]
    for r in BOOK.values():
        assert r.title and r.text and r.summary and r.section, r.id
        assert r.author or r.kit, f"{r.id} says where it comes from"


def test_the_kits_own_decisions_are_marked_as_the_kits() -> None:
    """The description is silent on who leads first, the hand limit, an empty deck, the turn
    limit, the card notation and the three extra wrap-arounds: the text must not pass them
    off as the author's."""
    assert {"R3", "R5", "R12", "R17", "R18", "R20"} <= {r.id for r in BOOK.values() if r.kit}
    assert not any(BOOK[r].author for r in ("R3", "R12", "R18", "R20"))
    assert "Q-K-A-2-3" in (BOOK["R5"].kit or "") and "26" in (BOOK["R17"].kit or "")


def test_every_flag_of_the_rules_object_is_a_flag_of_one_rule() -> None:
    flags = [r.flag_name for r in BOOK.values() if r.flag_name]
    assert sorted(flags) == sorted(f.name for f in dataclasses.fields(Rules))


def test_every_rule_the_engine_cites_is_in_the_text() -> None:
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "wpp").rglob("*.py")) + sorted((ROOT / "widgets").rglob("*.py")):
        for rid in re.findall(r"\bR\d+\b", path.read_text(encoding="utf-8")):
            cited.setdefault(rid, set()).add(path.name)
    assert cited, "the engine cites rules"
    unknown = {rid: where for rid, where in cited.items() if rid not in BOOK}
    assert not unknown, f"cited but not in the rules text: {unknown}"


def test_the_rules_a_verdict_or_a_refusal_names_are_in_the_text() -> None:
    for q in QUIZ:
        assert q.verdict().rule in BOOK
    for cards in ("7S 7H 9D 9C 3D", "2S 3S 4S 5S 7D", "7S 8S", "AS"):
        assert inspect(_parse(cards)).rule in BOOK
    for s in scenes():
        assert s.rule in BOOK


def _parse(text: str) -> tuple[int, ...]:
    from wpp.core.standard_deck import parse_cards
    return tuple(parse_cards(text))


def test_a_lookup_of_a_rule_that_does_not_exist_names_the_rules() -> None:
    with pytest.raises(KeyError, match=r"no rule 'R21'.*R1, R2"):
        rule("R21")


@pytest.mark.parametrize("row", BOOK.conformance, ids=lambda r: f"{r.table}|{r.play}")
def test_the_conformance_examples_of_the_text_hold(row) -> None:  # type: ignore[no-untyped-def]
    try:
        play = classify(row.play)
    except IllegalPlay as err:
        assert not row.legal and err.rule == row.rule, str(err)
        return
    verdict = judge(play, None if row.table is None else classify(row.table))
    assert (verdict.legal, verdict.rule) == (row.legal, row.rule), verdict.reason


@pytest.mark.parametrize(("text", "why"), [
    ("no title", "starts with '# <title>'"),
    ("# G\n## S\n### R1 · A\n**In one line:** x\n**Author:** y\n", "R1 has no text"),
    ("# G\n## S\n### R1 · A\nText.\n**Author:** y\n", "no '\\*\\*In one line"),
    ("# G\n## S\n### R1 · A\nText.\n**In one line:** x\n", "neither"),
    ("# G\n## S\n### R2 · A\nText.\n**In one line:** x\n**Kit's decision:** k\n", "R1, R2"),
    ("# G\n## S\n### R1 · A\nT.\n**In one line:** x\n**Author:** y\n#### deep\n", "headings"),
])
def test_a_malformed_text_is_refused_naming_the_fault(text: str, why: str) -> None:
    with pytest.raises(RulebookError, match=why):
        parse_rulebook(text)


# --------------------------------------------------------------------------- its copies

def test_lesson_two_states_each_rule_in_the_texts_words() -> None:
    """Lesson 2 is two notebooks (2a, the rules one by one; 2b, a whole game and the rare
    rules): between them, each rule's bullet, in the text's words."""
    md = ""
    for name in ("02_the_rules", "02_your_first_game"):
        nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        part = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert _sync_script().sync_markdown(part) == part, SYNC_HINT
        md += part + "\n"
    for rid in BOOK:
        assert lesson_bullet(rid) in md, rid
        assert f"| {rid} | {BOOK[rid].summary} |" in md, rid


def test_the_lessons_rule_list_is_the_texts() -> None:
    assert {r.id: r.summary for r in BOOK.values()} == RULES


def _words(html: str) -> str:
    """The text a reader sees: inline tags vanish, block tags separate words."""
    html = re.sub(r"</?(b|i|code)>", "", html)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _plain(markdown: str) -> str:
    """Markdown as the words it shows: no markers, no list dashes."""
    text = re.sub(r"^\s*- ", "", markdown, flags=re.M)
    return " ".join(re.sub(r"\*\*|`|\*", "", text).split())


@pytest.mark.parametrize("rid", [f"R{i}" for i in range(1, 21)])
def test_every_rule_card_of_the_app_shows_the_texts_words(rid: str) -> None:
    r = BOOK[rid]
    card = rule_card(r)
    assert card in RULES_HTML
    shown = _words(card)
    assert f"{rid} · {r.title} — {r.summary}" in shown
    assert _plain(r.text) in shown
    assert _plain(" ".join(r.examples)) in shown
    assert r.source in shown and all(_plain(x) in shown for x in (r.author, r.kit, r.flag) if x)


def test_no_path_leads_outside_the_repository() -> None:
    """The rules, seeds and references once lived in a folder beside the repository; nothing
    may point there."""
    needle = "../" + "shared"  # spelled apart, so that this file does not match itself
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    offenders = []
    for name in files:
        path = ROOT / name
        if path == Path(__file__).resolve() or not path.is_file() or \
                path.suffix in (".png", ".parquet"):
            continue
        if needle in path.read_text(encoding="utf-8", errors="replace"):
            offenders.append(name)
    assert offenders == []
