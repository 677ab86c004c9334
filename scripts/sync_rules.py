"""Regenerate every copy of each game's rules text from its one source, ``rules.md`` in the
game's package: WarPairsPoker's ``wpp/warpairs/rules.md`` to

* ``docs/rules.md`` — the rules for readers of the repository (a header, then the source);
* lesson 2 (``notebooks/02_the_rules.ipynb`` and its second half,
  ``notebooks/02_your_first_game.ipynb``) — its table of rules in one line each and its
  bullets "* **R9.** …", which state each rule in the rules text's words;

and every other registered game's to ``docs/<its rules_doc>`` (``docs/ofc-rules.md``, …).

Run it after editing ``wpp/warpairs/rules.md``: ``python scripts/sync_rules.py``. The tests
(``tests/warpairs/test_rules_text.py`` and ``tests/core/test_game_obligations.py``) fail, naming
this command, whenever a copy differs from what it
would write. Only the notebook's Markdown cells change, so its committed outputs stay valid.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from wpp.core.rulebook import docs_copy  # noqa: E402
from wpp.warpairs.rules import RULES_TEXT  # noqa: E402
from wpp.warpairs.teach.rules import RULES, lesson_bullet  # noqa: E402

DOCS = ROOT / "docs" / RULES_TEXT[2]
LESSON = ROOT / "notebooks" / "02_the_rules.ipynb"
#: Lesson 2's two notebooks (2a: the rules one by one; 2b: a whole game, the rare rules).
LESSONS = (LESSON, ROOT / "notebooks" / "02_your_first_game.ipynb")

_BULLET = re.compile(r"^\* \*\*(R\d+)\.\*\*")
_ROW = re.compile(r"^\| (R\d+) \| .+? \| (.+?) \|$")


def sync_markdown(text: str) -> str:
    """Lesson 2's Markdown with each rule's table row and bullet rewritten from the rules
    text; everything else (the lesson's own words, the "where" column) unchanged."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        row = _ROW.match(line)
        bullet = _BULLET.match(line)
        if row:
            out.append(f"| {row.group(1)} | {RULES[row.group(1)]} | {row.group(2)} |")
            i += 1
        elif bullet:
            # The bullet runs on over indented lines, and blank lines followed by one.
            j = i + 1
            while j < len(lines) and (lines[j].startswith("  ") or (
                    not lines[j].strip() and j + 1 < len(lines)
                    and lines[j + 1].startswith("  "))):
                j += 1
            out.extend(lesson_bullet(bullet.group(1)).split("\n"))
            i = j
        else:
            out.append(line)
            i += 1
    return "\n".join(out)


def synced_lesson(nb: dict[str, object]) -> dict[str, object]:
    """The notebook with its Markdown cells synced (code cells and outputs untouched)."""
    cells = nb["cells"]
    assert isinstance(cells, list)
    for cell in cells:
        if cell["cell_type"] == "markdown":
            src = cell["source"]
            text = "".join(src) if isinstance(src, list) else str(src)
            new = sync_markdown(text)
            if new != text:
                parts = new.split("\n")
                cell["source"] = [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1]
                                                                    else [])
    return nb


def main() -> int:
    DOCS.write_text(docs_copy(RULES_TEXT[0], RULES_TEXT[1]), encoding="utf-8")
    for lesson in LESSONS:
        nb = json.loads(lesson.read_text(encoding="utf-8"))
        lesson.write_text(json.dumps(synced_lesson(nb), indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    print(f"wrote {DOCS.relative_to(ROOT)} and "
          + " and ".join(str(p.relative_to(ROOT)) for p in LESSONS))
    # Every other registered game's rules text (rules.md in its package, copied to docs/ under
    # its definition's rules_doc).
    from wpp.core.registry import game_def, registered_games

    for name in registered_games():
        doc = game_def(name).rules_doc
        if doc and doc != RULES_TEXT[1]:
            source = docs_copy(game_def(name).package, "rules.md")
            (ROOT / "docs" / doc).write_text(source, encoding="utf-8")
            print(f"wrote docs/{doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
