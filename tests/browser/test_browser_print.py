"""The teacher's kit printed as a teacher prints it: Chromium's PDF of the kit's pages on A4 and
US Letter, read back with ``pdftotext`` (poppler-utils; ``make test`` installs it with the
browser, scripts/ensure-poppler.sh) and compared with the Markdown each page shows.

Every line of every guide and handout must be whole on paper (each of its words, in order, on
its document's page: a line cut at the right edge loses its last words), "every guide" and
"every handout" must print every document, each starting a page of its own, and each
document must fit on one page. The PDFs (and a PNG of their first pages) are left in
``artifacts/print/`` to look at.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Shipped
from widgets.site.kit import KitEntry, kit_entries
from widgets.site.serve import ROOT

pytestmark = pytest.mark.browser
TIMEOUT = 90_000
OUT = ROOT / "artifacts" / "print"
FORMATS = ("A4", "Letter")


@pytest.fixture(scope="module")
def server(shipped: Shipped) -> str:
    """The server as ``make play`` starts it: the kit's links open pooled pages."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is not installed (apt-get install poppler-utils; make test does it)")
    OUT.mkdir(parents=True, exist_ok=True)
    return shipped.url


def words(text: str) -> list[str]:
    """The words a reader sees, Markdown's marks and the blanks to write on left out."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)         # a link: its text
    text = re.sub(r"^\s{0,3}(#+|[-*+]|\d+\.)\s+", "", text)     # heading or list marker
    text = re.sub(r"[*`]", "", text).replace("|", " ")       # emphasis, code; table rules
    # pdftotext joins a word broken after its hyphen ("re-" / "deals") without the hyphen
    return [w.replace("-", "") for w in text.split() if not re.fullmatch(r"[_\-:–—.]+", w)]


def source_lines(path: Path) -> list[list[str]]:
    """Each line of a document that a reader reads, as words; a table's row cell by cell
    (pdftotext reads a row whose cells wrap column by column), its |---| rule left out."""
    out = []
    for line in path.read_text("utf-8").splitlines():
        if re.fullmatch(r"\s*\|?[\s|:-]*\|[\s|:-]*", line):
            continue
        cells = line.strip().strip("|").split("|") if line.lstrip().startswith("|") else [line]
        out += [w for cell in cells if (w := words(cell))]
    return out


def pdf_pages(pdf: Path) -> list[list[str]]:
    """The words of each page of ``pdf``, as pdftotext reads them."""
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [words(p.replace("\u00a0", " ")) for p in pages]


def missing(line: list[str], page: list[str]) -> list[str]:
    """The words of ``line`` not found on ``page`` in their order (none when it is whole)."""
    text = " " + " ".join(page) + " "
    if " " + " ".join(line) + " " in text:
        return []
    lost, at = [], 0
    for w in line:
        found = text.find(" " + w + " ", at)
        if found < 0:
            lost.append(w)
        else:
            at = found + len(w) + 1
    return lost


def printed(browser: Any, url: str, show: str, fmt: str) -> Path:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{url}voila/render/teachers.ipynb?show={show}")
        page.wait_for_selector(".wpp-kit-doc", timeout=TIMEOUT)
        page.wait_for_load_state("networkidle", timeout=TIMEOUT)
        pdf = OUT / f"{show.replace(':', '-')}-{fmt}.pdf"
        page.pdf(path=str(pdf), format=fmt)
    finally:
        page.close()
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", str(pdf),
                        str(pdf.with_suffix(""))], check=False)
    return pdf


def check(pdf: Path, docs: list[Path]) -> None:
    """One page per document, in order, each line of each whole."""
    pages = pdf_pages(pdf)
    assert len(pages) == len(docs), (
        f"{pdf.name}: {len(pages)} pages for {len(docs)} documents (one each, page by page)")
    for doc, page in zip(docs, pages, strict=True):
        lines = source_lines(doc)
        title = lines[0]
        assert page[:len(title)] == title, f"{pdf.name}: a page does not start with {doc.name}"
        cut = {" ".join(line): lost for line in lines if (lost := missing(line, page))}
        assert not cut, f"{pdf.name}, {doc.parent.name}/{doc.name}: words lost: {cut}"


def paths(kind: str, items: list[KitEntry]) -> list[Path]:
    return [p for e in items if (p := getattr(e, kind)) is not None]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("kind", ["guide", "handout"])
def test_every_document_prints_whole_one_per_page(browser: Any, server: str, kind: str,
                                                  fmt: str) -> None:
    docs = paths(kind, kit_entries())
    assert len(docs) == len(kit_entries())        # every lesson has one (2b to 13 included)
    check(printed(browser, server, f"{kind}s", fmt), docs)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("show", ["guide:06_hand_frequencies", "handout:13_strategy"])
def test_one_document_prints_on_one_page(browser: Any, server: str, show: str,
                                         fmt: str) -> None:
    kind, _, lesson = show.partition(":")
    docs = paths(kind, [e for e in kit_entries() if e.lesson == lesson])
    check(printed(browser, server, show, fmt), docs)
