"""The static site's lessons link only to pages the site holds (``scripts/build_site.py``'s
:func:`site_links`): lesson 1 linked the rooms, the class view, the teacher's kit as a
notebook and OFC's page, four missing pages on the site."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scripts.build_site import SERVER_ONLY, STATIC, site_links
from widgets.site.home import NOTEBOOKS

SITE = sorted(p for p in NOTEBOOKS.glob("*.ipynb")
              if p.stem not in SERVER_ONLY and p.stem not in STATIC)


@pytest.mark.parametrize("notebook", SITE, ids=lambda p: p.stem)
def test_every_markdown_link_of_a_site_page_names_a_page_of_the_site(notebook: Path) -> None:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    held = {p.stem for p in SITE}
    for cell in cells:
        if cell["cell_type"] != "markdown":
            continue
        text = site_links("".join(cell["source"]))
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http", "#", "../../kit/")):
                continue
            stem = target.split("#")[0].split("?")[0].removesuffix(".ipynb")
            assert stem in held, f"{notebook}: a link to {target}"


def test_a_server_page_is_named_and_the_kit_is_its_static_page() -> None:
    text = site_links("[rooms](room.ipynb) and [guide 3](teachers.ipynb?show=guide:03_x) "
                      "and [the kit](teachers.ipynb) and [6](06_hand_frequencies.ipynb)")
    assert text == ("rooms (on the kit's server only) and [guide 3](../../kit/guide-03_x.html) "
                    "and [the kit](../../kit/index.html) and 6 (on the kit's server only)")


def test_the_sites_wheel_ships_the_shipped_folder_with_todays_pyproject() -> None:
    """The site's wheel is told of ``widgets/site/shipped/``'s files in the kit's own
    ``pyproject.toml``: the build matched one line of it word for word, a new entry in that
    line (the games' ``how_to_play.md``) made the match fail in silence, and lesson 2a's
    figures were missing on the site (FileNotFoundError in the page)."""
    import tomllib

    from scripts.build_site import shipped_pyproject
    from widgets.site.serve import ROOT

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    data = tomllib.loads(shipped_pyproject(text))["tool"]["setuptools"]["package-data"]
    assert data["widgets.site"] == ["shipped/notebooks/*.ipynb", "shipped/docs/*/*.md",
                                    "shipped/figures/*.svg"]
    assert data["*"] == tomllib.loads(text)["tool"]["setuptools"]["package-data"]["*"]
    with pytest.raises(SystemExit, match="package-data"):
        shipped_pyproject("[project]\nname = 'wpp'\n")
