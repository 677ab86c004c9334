"""The teacher's kit: a guide (with its five headings, in order) and a handout for each lesson,
rendered as printable pages and linked from the home page."""

from __future__ import annotations

import re

import pytest

from widgets.site.home import home_html
from widgets.site.kit import DOCS, GUIDE_HEADINGS, document_html, kit_entries, kit_html

MINE = ("01_start_here", "02_the_rules", "02_your_first_game", "03_the_mulligan", "04_the_segment",
        "05_the_ai_decisions", "13_strategy")
GUIDES = sorted((DOCS / "teachers").glob("*.md"))


@pytest.mark.parametrize("lesson", MINE)
def test_each_lesson_has_a_guide_and_a_handout(lesson: str) -> None:
    entry = next(e for e in kit_entries() if e.lesson == lesson)
    assert entry.guide is not None and entry.handout is not None
    assert not entry.title.startswith(lesson)          # the notebook's own title


@pytest.mark.parametrize("path", GUIDES, ids=[p.stem for p in GUIDES])
def test_every_guide_has_the_five_headings_in_order(path: object) -> None:
    text = path.read_text("utf-8")  # type: ignore[attr-defined]
    heads = re.findall(r"^## (.+)$", text, re.M)
    assert tuple(heads) == GUIDE_HEADINGS
    # Each section says something (not a heading left empty).
    for body in re.split(r"^## .+$", text, flags=re.M)[1:]:
        assert len(body.strip()) > 40


def test_a_document_renders_printable_and_escapes_raw_html() -> None:
    html = document_html("# T\n\n## Answer key\n\n<script>alert(1)</script>\n\n"
                         "| a | b |\n|---|---|\n| 1 | 2 |\n")
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<table>" in html and "@media print" in html and "<h2" in html


def test_the_index_links_every_document_and_the_pages_print_them() -> None:
    index = kit_html()
    for lesson in MINE:
        assert f"show=guide:{lesson}" in index and f"show=handout:{lesson}" in index
    page = kit_html(which="guide:03_the_mulligan")
    assert "Answer key" in page and "4♠ 5♥ 6♣" in page and "wpp-kit-noprint" in page
    every = kit_html(which="handouts")
    assert every.count('class="wpp-kit-doc"') == len(list((DOCS / "handouts").glob("*.md")))
    assert kit_html(which="guide:no_such") == index      # unknown: the index


def test_the_home_page_links_the_kit_and_the_class_view() -> None:
    html = home_html()
    assert 'href="teachers.ipynb"' in html and 'href="teacher.ipynb"' in html
