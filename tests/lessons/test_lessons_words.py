"""No developer words on any lesson page: the text a learner sees — Markdown cells, printed
and HTML outputs, and every widget's drawn text as executed (HTML, labels, buttons, list
options, placeholders) — names no file, no module, no shell command, no section number of
the game description, no internal token.

Code cells are not scanned (Voilà does not show them); link targets are not text either (a
link *says* "lesson 3", it may *point* at its notebook). Every lesson notebook is scanned,
whoever wrote it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d_", p.name))

#: What a learner must not meet, each with a name for the failure message.
DEVELOPER_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("file name", re.compile(r"\b[\w-]+\.(?:ipynb|py|md|json|csv|sqlite3?|cfg|toml|ya?ml|sh)\b")),
    ("module name", re.compile(r"\b(?:wpp|widgets|ipywidgets|matplotlib|numpy|pandas|dask|"
                               r"hypothesis)\.[a-z_]\w*")),
    ("shell command", re.compile(r"\bmake (?:play|test|lessons|install|docs|bench\w*|serve|"
                                 r"check|lint|all|clean|\w+-\w+)\b|\b(?:pip|pytest|voila|"
                                 r"jupyter|conda|python3?|nbconvert) (?:-{1,2}\w|install|run|"
                                 r"[\w/]+\.)|^\$ ", re.M)),
    # The game description's sections are 3.x to 8.x: "(6.31)"; a value in brackets such as
    # "(0.625)" or "(1.5)" is not one.
    ("section number", re.compile(r"\([3-9]\.\d{1,2}\)|\bsections? \d+(?:\.\d+)+")),
    ("internal token", re.compile(r"\btoken \d")),
)


def _strip(markup: str) -> str:
    """Text as a browser draws it: tags and style blocks gone, link targets gone."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(markup)


def _markdown_text(source: str) -> str:
    source = re.sub(r"\]\([^)]*\)", "]", source)          # [text](target) → [text]
    source = re.sub(r"<a [^>]*>", " ", source)
    return _strip(source)


def rendered_text(path: Path) -> list[tuple[str, str]]:
    """Every piece of text the page shows, with where it comes from."""
    nb: dict[str, Any] = json.loads(path.read_text("utf-8"))
    out: list[tuple[str, str]] = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            out.append((f"cell {i}", _markdown_text("".join(cell["source"]))))
            continue
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append((f"cell {i} printed", "".join(o.get("text", ""))))
            data = o.get("data", {})
            if "text/html" in data:
                out.append((f"cell {i} html", _strip("".join(data["text/html"]))))
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data \
                    and "image/png" not in data:
                out.append((f"cell {i} output", "".join(data["text/plain"])))
    states = nb.get("metadata", {}).get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model_id, model in states.items():
        s = model.get("state", {})
        name = model.get("model_name", "")
        if name in ("HTMLModel", "HTMLMathModel", "LabelModel") and isinstance(s.get("value"), str):
            out.append((f"widget {model_id[:6]}", _strip(s["value"])))
        for key in ("description", "placeholder", "tooltip"):
            if isinstance(s.get(key), str):
                out.append((f"widget {model_id[:6]} {key}", _strip(s[key])))
        for label in s.get("_options_labels", []) or []:
            out.append((f"widget {model_id[:6]} option", str(label)))
    return out


def offences(path: Path) -> list[str]:
    found = []
    for where, text in rendered_text(path):
        for what, pattern in DEVELOPER_WORDS:
            for m in pattern.finditer(text):
                found.append(f"{where}: {what} {m.group(0)!r}")
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_developer_words_on_a_lesson_page(path: Path) -> None:
    found = offences(path)
    assert not found, f"{path.name}:\n" + "\n".join(sorted(set(found))[:40])


def test_the_scanner_finds_what_it_looks_for() -> None:
    bad = ("see 03_the_mulligan.ipynb, run `make play`, wpp.warpairs.ai decides (6.31) with "
           "token 1; pytest -x")
    kinds = {what for what, p in DEVELOPER_WORDS if p.search(bad)}
    assert kinds == {w for w, _ in DEVELOPER_WORDS}
    fine = ("Make a pair, then play it (R7). Lesson 3 asks first. A python can't play cards; "
            "the 9.5% of deals, 3.14, a gamble (0.625) beats a sure 2nd place (0.5)")
    assert not any(p.search(fine) for _, p in DEVELOPER_WORDS)
    assert _markdown_text("[lesson 3](03_the_mulligan.ipynb)").strip() == "[lesson 3]"
