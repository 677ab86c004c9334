"""The lesson notebooks as files: committed executed (so nbval has outputs to compare), short on
code, covering every rule (lesson 2), with links that lead somewhere, and a Binder setup that
reads the root ``environment.yml``.

nbval itself (``pytest`` collects ``notebooks/``) runs each notebook in a fresh kernel and
compares every output with the committed one."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from wpp.warpairs.teach.rules import RULES

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = ("01_start_here", "02_the_rules", "02_your_first_game", "03_the_mulligan",
           "04_the_segment", "13_strategy", "05_the_ai_decisions", "06_hand_frequencies")
#: A code cell of a lesson is glue: a few lines, no functions, classes or loops.
MAX_CODE_LINES = 8


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    return data


def source(cell: dict[str, Any]) -> str:
    s = cell["source"]
    return "".join(s) if isinstance(s, list) else str(s)


def markdown(name: str) -> str:
    return "\n".join(source(c) for c in load(name)["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_is_committed_executed_without_errors(name: str) -> None:
    nb = load(name)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code, "a lesson has something to run"
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), "run top to bottom in one fresh kernel"
    for c in code:
        for out in c["outputs"]:
            assert out["output_type"] != "error", source(c)
            assert out.get("name") != "stderr" or "it/s" in "".join(out.get("text", "")), \
                f"unexpected stderr in {source(c)!r}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_is_short_on_code(name: str) -> None:
    nb = load(name)
    md = [c for c in nb["cells"] if c["cell_type"] == "markdown"]
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    md_lines = sum(len(source(c).splitlines()) for c in md)
    code_lines = sum(len(source(c).splitlines()) for c in code)
    assert md_lines >= 2 * code_lines, "more to read (and click) than to run"
    for c in code:
        text = source(c)
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
        assert len(lines) <= MAX_CODE_LINES, text
        assert not re.search(r"^\s*(def|class|for|while) ", text, re.M), text


@pytest.mark.parametrize("name", LESSONS)
def test_lax_cells_say_why(name: str) -> None:
    for c in load(name)["cells"]:
        text = source(c)
        if c["cell_type"] == "code" and "NBVAL_" in text:
            marker = next(ln for ln in text.splitlines() if "NBVAL_" in ln)
            assert re.search(r"NBVAL_\w+\s*[—:-]\s*\w+", marker), \
                f"a lax cell must say why: {marker!r}"


def test_lesson_two_lists_every_rule() -> None:
    table = re.findall(r"^\| (R\d+) \| (.+?) \| (.+?) \|$", markdown("02_the_rules"), re.M)
    assert [r for r, _, _ in table] == list(RULES)
    assert all(line == RULES[r] and where.strip() for r, line, where in table)


def test_lesson_two_explains_each_rule_in_its_section() -> None:
    """Every rule has a bullet "**Rn.** …" in the section that shows it: in lesson 2a, or in
    its second half 2b (a whole game, the rare rules)."""
    a = set(re.findall(r"\*\*(R\d+)\.\*\*", markdown("02_the_rules")))
    b = set(re.findall(r"\*\*(R\d+)\.\*\*", markdown("02_your_first_game")))
    assert a | b == set(RULES) and not a & b
    assert {f"R{i}" for i in range(1, 10)} <= a     # the rules of a play, before the drills


@pytest.mark.parametrize("name", LESSONS)
def test_links_lead_to_notebooks_that_exist(name: str) -> None:
    for target in re.findall(r"\]\(([^)#\s]+\.ipynb)\)", markdown(name)):
        assert (NOTEBOOKS / target).exists(), target


def test_start_here_links_every_lesson_and_the_app() -> None:
    from widgets.site.home import lesson_table_html

    links = set(re.findall(r"\]\(([^)#\s]+\.ipynb)\)", markdown("01_start_here")))
    # the table of lessons is generated from the notebooks' metadata and the registry
    links |= set(re.findall(r'href="([^"]+\.ipynb)"', lesson_table_html()))
    # the optional pages for analysts are linked from their lesson
    for lesson in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        links |= set(re.findall(r"\]\((analysts_[^)#\s]+\.ipynb)\)", markdown(lesson.stem)))
    others = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"01_start_here.ipynb"}
    assert others <= links


def test_binder_reads_the_root_environment() -> None:
    """Binder uses a ``binder/`` (or ``.binder/``) folder *instead of* the root files when one
    exists: such a folder would have to repeat ``environment.yml``. The kit needs none (its
    ``environment.yml`` installs everything, the kit included), so there is none."""
    for folder in (ROOT / "binder", ROOT / ".binder"):
        if folder.exists():
            assert (folder / "environment.yml").exists(), \
                f"{folder.name}/ hides the root environment.yml from Binder"
    env = (ROOT / "environment.yml").read_text(encoding="utf-8")
    for package in ("voila", "ipywidgets", "jupyterlab", "matplotlib", "pandas", "tqdm"):
        assert re.search(rf"^\s*-\s*{package}\b", env, re.M), package
    assert re.search(r"^\s*-\s*-e \.\s*$", env, re.M), "the kit itself"


#: What a web page reader cannot use: file paths of the repository, paths outside it, and
#: instructions for developers.
DEVELOPER_TEXT = re.compile(r"How to use this lesson|\.\./(?:shared)|`(wpp|widgets|docs|tests)/|"
                            r"\b(wpp|widgets)/\w+\.py|sibling-games\.md")


@pytest.mark.parametrize("name", [*LESSONS, "07_analysing_the_game", "08_classic_poker"])
def test_no_developer_text_or_dead_paths_in_the_pages(name: str) -> None:
    """Regression: "How to use this lesson", `wpp/teach`, file paths and paths outside the
    repository showed in the web pages."""
    found = DEVELOPER_TEXT.findall(markdown(name))
    assert not found, found


def test_lesson_three_to_five_say_nothing_of_the_answer_before_the_question() -> None:
    """The text above each "your turn" widget does not give the AI's answer away."""
    for name in ("03_the_mulligan", "04_the_segment", "05_the_ai_decisions"):
        nb = load(name)
        first_code = next(i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "code"
                          and "RulesCard" not in source(c))
        before = "\n".join(source(c) for c in nb["cells"][:first_code])
        assert re.search(r"(?i)your turn|choose first|you choose", before), name
        assert "leaves none" not in before and "keeps a straight" not in before


@pytest.mark.parametrize("name", [*LESSONS, "07_analysing_the_game", "08_classic_poker"])
def test_every_lesson_carries_the_rules_card(name: str) -> None:
    codes = [source(c) for c in load(name)["cells"] if c["cell_type"] == "code"]
    assert any("RulesCard(" in c for c in codes[:1]), "the rules card comes first"


def test_lesson_two_marks_where_each_rule_comes_from() -> None:
    """The appendix's table says of each rule: the game's author, or the kit's decision."""
    from wpp.warpairs.rules import rulebook
    rows = re.findall(r"^\| (R\d+) \| .+? \| .+? \| (.+?) \|$", markdown("02_the_rules"), re.M)
    assert rows == [(r, rulebook()[r].source) for r in rulebook().rules]
    assert {"the kit's decision", "the game's author"} <= {src for _, src in rows}
