"""environment.yml (conda, Binder) must list what pyproject.toml's runtime extras list."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
# pip names that conda spells differently, or splits.
CONDA_NAME = {"dask[distributed]": ["dask", "distributed"]}


def _requirement(line: str) -> tuple[str, str]:
    m = re.match(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*(.*)$", line)
    assert m, line
    return m.group(1).lower(), m.group(2).replace(" ", "")


def test_environment_yml_matches_pyproject_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    wanted: dict[str, str] = {}
    for extra in ("app", "analysis", "bench"):
        for req in extras[extra]:
            name, spec = _requirement(req)
            for n in CONDA_NAME.get(name, [name]):
                wanted[n] = spec
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    listed: dict[str, str] = {}
    for item in env["dependencies"]:
        entries = item["pip"] if isinstance(item, dict) else [item]
        for entry in entries:
            if entry in ("pip", "-e ."):
                continue
            name, spec = _requirement(entry)
            if name != "python":
                listed[name] = spec
    assert listed == wanted, "environment.yml and pyproject.toml disagree"
