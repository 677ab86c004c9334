"""Build ``site/``: the kit's game pages and lessons as a static web site (Voici: Voilà for
JupyterLite, the Pyodide kernel running Python in the browser). ``make site`` runs it.

Everything comes from the package registries, pinned, and nothing in the built site reaches
past its own folder:

* the build tools (Voici, JupyterLite, the Pyodide kernel's extension, the widgets' front
  end) go into their own venv, ``.venv-site`` (their Voilà and JupyterLite pins differ from
  ``.venv``'s), from the ``site`` extra of ``pyproject.toml``;
* Pyodide's core (the interpreter, its standard library) is the npm package ``pyodide`` at
  the version the kernel expects (``PYODIDE``); the two packages the kernel loads from
  Pyodide's own index, micropip and packaging, are their PyPI wheels, and the site's
  ``pyodide-lock.json`` names those files (their own hashes) in place of the CDN's builds;
* the Python packages the pages import in the browser (ipywidgets, the kernel's IPython,
  mistune for the teachers' guides, the kit's own wheel) are piplite wheels in the site,
  PyPI's fallback switched off (``BROWSER_WHEELS``: pure-Python wheels, pinned);
* the kit's wheel is built from a copy of ``wpp/`` and ``widgets/`` with
  ``widgets/site/shipped/`` added: stubs of the notebooks (each one's heading and
  ``metadata.wpp``, and, for a page the browser cannot run, why) and the teachers' guides and
  handouts, so the home page and the teacher's kit list the same things in the browser,
  where the repository's folders are not beside the package.

Which notebooks the site runs, and why the others need the server, is :data:`SERVER_ONLY`.

Usage: ``python scripts/build_site.py [--out site] [--quick]`` (``--quick``: reuse the venv and
the downloads already there without asking pip or npm again).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
VENV = ROOT / ".venv-site"
CACHE = ROOT / "build" / "site-cache"
#: Pyodide's version: the one jupyterlite-pyodide-kernel 0.7.0 is built for (its
#: ``constants.PYODIDE_VERSION``).
PYODIDE = "0.29.0"
#: The wheels Pyodide's own lock file names for the kernel (micropip and its packaging), as
#: published on PyPI (pure Python); the lock file's entries are pointed at them.
PYODIDE_WHEELS = {"micropip": "0.11.0", "packaging": "24.2"}
#: The Python packages the pages use in the browser, pure-Python wheels from PyPI (the kernel
#: ships its own ipykernel, piplite and widgetsnbextension stubs).
BROWSER_WHEELS = [
    "ipywidgets==8.1.9", "jupyterlab_widgets==3.0.17", "comm==0.2.3", "traitlets==5.16.1",
    "ipython==9.12.0", "ipython_pygments_lexers==1.1.1", "pygments==2.21.0",
    "jedi==0.20.1", "parso==0.8.7", "decorator==5.3.1", "matplotlib_inline==0.2.2",
    "prompt_toolkit==3.0.53", "wcwidth==0.9.4", "stack_data==0.6.3", "executing==2.3.0",
    "asttokens==3.0.2", "pure_eval==0.2.4", "mistune==3.4.0",
]
#: Pages that need the server, each with the reason the site's home page gives. Every other
#: notebook of ``notebooks/`` (lessons ``NN_*``, the game pages, home, the teacher's kit) is
#: in the site.
SERVER_ONLY = {
    "room": "rooms of students playing each other need the server that holds the room",
    "teacher": "a class view reads every student's answers, which only the server holds",
    "06_hand_frequencies": "its tables and charts need numpy, pandas and matplotlib",
    "07_analysing_the_game": "its tables and charts need numpy, pandas and matplotlib",
    "10_open_face_chinese_poker": "its coach needs numpy",
    "ofc": "its computer players and its Hint need numpy",
    "analysts_analysing": "pandas and matplotlib",
    "analysts_beating_the_ai": "pandas and matplotlib",
    "analysts_ofc": "numpy, pandas and matplotlib",
    "analysts_pairs": "pandas and matplotlib",
    "analysts_pokeros": "pandas and matplotlib",
}


def run(cmd: Sequence[str | Path], **kw: object) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)  # type: ignore[call-overload]


def site_pins() -> list[str]:
    """The ``site`` extra of pyproject.toml: the build tools, pinned."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins: list[str] = data["project"]["optional-dependencies"]["site"]
    return pins


def ensure_venv(quick: bool) -> Path:
    """``.venv-site`` with the ``site`` extra installed (again when the pins change)."""
    py = VENV / "bin" / "python"
    stamp = VENV / ".site-pins"
    pins = site_pins()
    if py.exists() and stamp.exists() and (quick or stamp.read_text() == "\n".join(pins)):
        return py
    if not py.exists():
        run([sys.executable, "-m", "venv", VENV])
    run([py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *pins])
    stamp.write_text("\n".join(pins))
    return py


def download_wheels(py: Path, specs: list[str], dest: Path, quick: bool) -> list[Path]:
    """Pure-Python wheels for Pyodide's Python (3.13), no dependencies resolved (pinned)."""
    dest.mkdir(parents=True, exist_ok=True)
    want = {s.split("==")[0].lower().replace("-", "_"): s.split("==")[1] for s in specs}

    def have() -> dict[str, Path]:
        found = {}
        for whl in dest.glob("*.whl"):
            name, version = whl.name.split("-")[:2]
            if want.get(name.lower()) == version:
                found[name.lower()] = whl
        return found

    missing = [f"{n}=={v}" for n, v in want.items() if n not in have()]
    if missing:
        run([py, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
             "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py",
             "--abi", "none", "--platform", "any", "-d", dest, *missing])
    found = have()
    assert set(found) == set(want), f"missing wheels: {set(want) - set(found)}"
    return sorted(found.values())


def ensure_pyodide(py: Path, lite: Path, quick: bool) -> None:
    """Pyodide's core from npm into the JupyterLite folder's ``static/pyodide`` (the place
    jupyterlite-pyodide-kernel copies into the site and points ``pyodideUrl`` at), with
    micropip's and packaging's PyPI wheels named in its lock file."""
    tgz = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tgz.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE}"], cwd=CACHE)
    target = lite / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    unpack = CACHE / "pyodide-unpacked"
    shutil.rmtree(unpack, ignore_errors=True)
    unpack.mkdir()
    run(["tar", "xzf", tgz, "-C", unpack])
    for item in (unpack / "package").iterdir():
        if item.suffix not in (".map", ".ts", ".html", ".md") and item.name != "package.json":
            shutil.copy2(item, target / item.name)
    wheels = download_wheels(py, [f"{n}=={v}" for n, v in PYODIDE_WHEELS.items()],
                             CACHE / "pyodide-wheels", quick)
    lock = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    for whl in wheels:
        name = whl.name.split("-")[0].lower()
        shutil.copy2(whl, target / whl.name)
        entry = lock["packages"][name]
        assert entry["version"] == PYODIDE_WHEELS[name], (name, entry["version"])
        entry["file_name"] = whl.name
        entry["sha256"] = hashlib.sha256(whl.read_bytes()).hexdigest()
    # The pages' other packages are the site's piplite wheels: Pyodide's entries for them
    # (files on its CDN) would be preferred by micropip, so they go from the lock file.
    shipped = {_norm(spec.split("==")[0]) for spec in BROWSER_WHEELS}
    lock["packages"] = {name: entry for name, entry in lock["packages"].items()
                        if _norm(name) not in shipped}
    (target / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def _norm(name: str) -> str:
    return name.lower().replace("-", "_")


#: The lab template's two stylesheets from a CDN (Font Awesome; the kit uses no icons): taken
#: out of every page, as ``serve/jupyter``'s template does for Voila, so nothing is fetched
#: from outside the site.
CDN_LINKS = [
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free'
    '@^5/css/all.min.css" type="text/css" />',
    '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free'
    '@^5/css/v4-shims.min.css" type="text/css" />',
]


def local_only(out: Path) -> None:
    """Drop :data:`CDN_LINKS` from the built pages; point the site's front page at home."""
    for page in (out / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        for link in CDN_LINKS:
            text = text.replace(link, "")
        assert "fontawesome" not in text, page
        page.write_text(text, encoding="utf-8")
    (out / "index.html").write_text(
        '<!doctype html><meta charset="utf-8"><title>WarPairsPoker kit</title>'
        '<meta http-equiv="refresh" content="0; url=voici/render/home.html">'
        '<a href="voici/render/home.html">The kit\'s home page</a>', encoding="utf-8")


def notebook_stub(path: Path, server_only: str | None) -> dict[str, object]:
    """What the home page and the kit read of a notebook: its first heading, its
    ``metadata.wpp`` (``server`` added: why it needs the server, for a page not in the
    site)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    heading = next((c for c in nb["cells"] if c["cell_type"] == "markdown"
                    and any(line.startswith("#") for line in "".join(c["source"]).splitlines())),
                   None)
    meta = dict(nb.get("metadata", {}).get("wpp", {}))
    if server_only:
        meta["server"] = server_only
    cells = [] if heading is None else [{"cell_type": "markdown", "metadata": {},
                                         "source": heading["source"]}]
    return {"cells": cells, "metadata": {"wpp": meta}, "nbformat": 4, "nbformat_minor": 5}


#: Lesson 2a's two pictures (matplotlib, which the site cannot load): drawn here, by the
#: same functions, as SVG files in the kit's wheel; the site's copy of the lesson shows them.
FIGURES = {"cycle_figure": "cycle.svg", "ladder_figure": "ladder.svg"}


def draw_figures(dest: Path) -> None:
    """:data:`FIGURES` as SVG, drawn by :mod:`widgets.lessons.warpairs.figures` with this Python's
    matplotlib (``make site`` runs the build with ``.venv``'s, which the app extra gives)."""
    dest.mkdir(parents=True, exist_ok=True)
    from widgets.lessons.warpairs import figures

    for func, name in FIGURES.items():
        getattr(figures, func)().savefig(dest / name, format="svg", bbox_inches="tight")


def figure_cell(source: str) -> str:
    """A lesson cell that draws one of :data:`FIGURES`, as the site runs it: the SVG drawn at
    build time."""
    for func, name in FIGURES.items():
        if f"{func}()" in source:
            return ("# Drawn with matplotlib when the site was built (scripts/build_site.py).\n"
                    "from importlib.resources import files\n\n"
                    "from IPython.display import SVG\n\n"
                    f'SVG(files("widgets.site").joinpath("shipped/figures/{name}").read_text())')
    return source


#: Where setuptools is told which data files each package ships.
PACKAGE_DATA = "[tool.setuptools.package-data]\n"
#: The shipped folder's files, added to the kit's wheel for the site.
SHIPPED_DATA = ('"widgets.site" = ["shipped/notebooks/*.ipynb", "shipped/docs/*/*.md", '
                '"shipped/figures/*.svg"]\n')


def shipped_pyproject(text: str) -> str:
    """The kit's ``pyproject.toml`` for the site's wheel: setuptools ships the data files it
    is told of, so ``widgets/site/shipped/``'s are added to the package data (whatever else
    that table lists: a line matched word for word once missed a new entry and the site's
    figures were left out). A ``pyproject.toml`` without the table is refused.

    >>> print(shipped_pyproject('[tool.setuptools.package-data]\\nwpp = ["py.typed"]\\n'))
    [tool.setuptools.package-data]
    "widgets.site" = ["shipped/notebooks/*.ipynb", "shipped/docs/*/*.md", "shipped/figures/*.svg"]
    wpp = ["py.typed"]
    <BLANKLINE>
    """
    if PACKAGE_DATA not in text:
        raise SystemExit("build_site: pyproject.toml has no [tool.setuptools.package-data] "
                         "table to add the site's shipped files to")
    return text.replace(PACKAGE_DATA, PACKAGE_DATA + SHIPPED_DATA, 1)


def build_kit_wheel(py: Path, work: Path, dest: Path) -> Path:
    """The kit's wheel, its package carrying ``widgets/site/shipped/`` (see the module
    docs)."""
    src = work / "kit-src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".ipynb_checkpoints")
    for pkg in ("wpp", "widgets"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shipped = src / "widgets" / "site" / "shipped"
    (shipped / "notebooks").mkdir(parents=True)
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        stub = notebook_stub(nb, SERVER_ONLY.get(nb.stem))
        (shipped / "notebooks" / nb.name).write_text(json.dumps(stub), encoding="utf-8")
    for sub in ("teachers", "handouts"):
        shutil.copytree(ROOT / "docs" / sub, shipped / "docs" / sub)
    draw_figures(shipped / "figures")
    text = (src / "pyproject.toml").read_text(encoding="utf-8")
    (src / "pyproject.toml").write_text(shipped_pyproject(text), encoding="utf-8")
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.glob("wpp-*.whl"):
        old.unlink()
    run([py, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check", "--no-deps",
         "--no-build-isolation", "-w", dest, src])
    (wheel,) = dest.glob("wpp-*.whl")
    return wheel


#: The cell put first in every notebook of the site: the kit and ipywidgets installed from the
#: site's own wheels (piplite; PyPI's fallback is off), before the notebook's first import.
INSTALL_CELL: dict[str, object] = {
    "cell_type": "code", "execution_count": None, "metadata": {"tags": ["wpp-site"]},
    "outputs": [], "source": "import piplite\n\n"
    "await piplite.install(['wpp', 'ipywidgets', 'mistune'])"}


def site_links(text: str) -> str:
    """A Markdown cell's links for the site: the teacher's kit to its static pages, a page on
    the server only named with a note instead of a link to a page the site lacks (Voici
    turns a link to a page the site holds, ``X.ipynb``, into ``X.html`` itself).

    >>> site_links("[the kit](teachers.ipynb), [a room](room.ipynb?game=pairs), [3](03_a.ipynb)")
    "[the kit](../../kit/index.html), a room (on the kit's server only), [3](03_a.ipynb)"
    """
    import re

    text = re.sub(r"\]\(teachers\.ipynb\?show=(guide|handout):([\w-]+)\)",
                  r"](../../kit/\1-\2.html)", text)
    text = re.sub(r"\]\(teachers\.ipynb\?show=(guides|handouts)\)", r"](../../kit/\1.html)",
                  text)
    text = text.replace("](teachers.ipynb)", "](../../kit/index.html)")
    for stem in SERVER_ONLY:
        text = re.sub(rf"\[([^\]]*)\]\({stem}\.ipynb[^)]*\)", r"\1 (on the kit's server only)",
                      text)
    return text


def site_notebooks(work: Path) -> Path:
    """The notebooks the site runs, copied (outputs cleared) into a contents folder."""
    contents = work / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    contents.mkdir(parents=True)
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if nb.stem in SERVER_ONLY or nb.stem in STATIC:
            continue
        data = json.loads(nb.read_text(encoding="utf-8"))
        data["cells"].insert(0, INSTALL_CELL)
        for cell in data["cells"]:
            if cell["cell_type"] == "markdown":
                cell["source"] = site_links("".join(cell["source"]))
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
                source = "".join(cell["source"])
                lines = [ln for ln in source.splitlines() if ln.strip() != "%matplotlib inline"]
                cell["source"] = figure_cell("\n".join(lines))
        (contents / nb.name).write_text(json.dumps(data, indent=1), encoding="utf-8")
    return contents


#: Notebooks the site replaces with static pages: the teacher's kit (its documents are chosen
#: by the address, which a page in the browser alone cannot read) is ``site/kit/``.
STATIC = {"teachers"}


def kit_pages(out: Path) -> None:
    """The teacher's kit as static pages in ``site/kit/``: the index and each guide and
    handout, one at a time and all at once, drawn by :mod:`widgets.site.kit` (the same HTML
    and print styles as the served kit's page), its links pointed at the site's pages."""
    import re

    from widgets.site.kit import kit_entries, kit_html

    kit = out / "kit"
    kit.mkdir()

    def page(which: str) -> str:
        html = kit_html(which=which)
        html = re.sub(r'href="teachers\.ipynb\?show=(guide|handout):([\w-]+)"',
                      r'href="\1-\2.html"', html)
        html = re.sub(r'href="teachers\.ipynb\?show=(guides|handouts)"', r'href="\1.html"', html)
        html = html.replace('href="teachers.ipynb"', 'href="index.html"')
        html = html.replace('To see how your class answers, open <a href="teacher.ipynb">the '
                            "teacher's page</a>.", "The class view (see live how your class "
                            "answers) is on the kit's server only.")
        for stem in SERVER_ONLY:
            html = re.sub(rf'<a href="{stem}\.ipynb">([^<]*)</a>',
                          r"\1 (on the kit's server only)", html)
        html = re.sub(r'href="([\w-]+)\.ipynb"', r'href="../voici/render/\1.html"', html)
        assert ".ipynb" not in html, which
        return ('<!doctype html><html><head><meta charset="utf-8"><title>The teacher\'s kit'
                '</title><meta name="viewport" content="width=device-width"></head>'
                f'<body style="margin: 16px">{html}<p class="wpp-kit-noprint">'
                '<a href="../voici/render/home.html">the kit\'s home page</a></p></body></html>')

    (kit / "index.html").write_text(page(""), encoding="utf-8")
    for which in ("guides", "handouts"):
        (kit / f"{which}.html").write_text(page(which), encoding="utf-8")
    for e in kit_entries():
        for kind in ("guide", "handout"):
            if getattr(e, kind) is not None:
                (kit / f"{kind}-{e.lesson}.html").write_text(page(f"{kind}:{e.lesson}"),
                                                            encoding="utf-8")


def lite_config(lite: Path) -> None:
    """``jupyter-lite.json``: the Pyodide kernel's wheels from the site only (no PyPI)."""
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "WarPairsPoker kit",
        "disabledExtensions": [],
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True, "pyodideUrl": "./static/pyodide/pyodide.js"}}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


#: The file every build leaves in its output: only a folder holding it is removed by the next.
MARKER = ".wpp-site"


def clear_output(out: Path) -> None:
    """Remove an earlier build at ``out`` before building anew; refuse any other folder that
    is not empty (``--out .`` or ``--out ~`` would have been wiped)."""
    if not out.exists():
        return
    if out.is_dir() and ((out / MARKER).is_file() or not any(out.iterdir())):
        shutil.rmtree(out)
        return
    sys.exit(f"build_site.py: {out} is not an earlier site build (it has no {MARKER}): "
             "choose an empty or new folder for --out")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    clear_output(args.out.resolve())   # before any work: a wrong --out stops at once
    start = time.monotonic()
    py = ensure_venv(args.quick)
    work = ROOT / "build" / "site-work"
    lite = work / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    ensure_pyodide(py, lite, args.quick)
    wheels = download_wheels(py, BROWSER_WHEELS, CACHE / "browser-wheels", args.quick)
    wheels.append(build_kit_wheel(py, work, work / "kit-wheel"))
    contents = site_notebooks(work)
    lite_config(lite)
    out = args.out.resolve()
    # JupyterLite's task database would skip steps whose inputs did not change, though their
    # outputs went with the old site: every build starts clean (it takes some 20 s).
    for db in work.glob(".jupyterlite.doit.db*"):
        db.unlink()
    env = {**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"}
    cmd = [VENV / "bin" / "voici", "build", "--lite-dir", lite, "--contents", contents,
           "--output-dir", out, "--no-sourcemaps"]
    for whl in wheels:
        cmd += ["--piplite-wheels", whl]
    run(cmd, cwd=work, env=env)
    local_only(out)
    kit_pages(out)
    (out / MARKER).write_text("built by scripts/build_site.py; the next build replaces it\n")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site/ built in {time.monotonic() - start:.0f} s: {size / 1e6:.0f} MB "
          f"(serve it with any static file server; open index.html)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
