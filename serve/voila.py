"""Voilà settings computed at start: the pre-heated kernel pools, from one setting.

Voilà reads this file and ``voila.json`` beside it (``--Voila.config_file_paths=serve``).
A pre-heated kernel has already run its page's notebook when a student asks for the page,
so the page comes at once; Voilà refills the pool after each page it hands out. One
setting sizes every pool: ``WPP_POOL`` (``make play POOL=...``), either

* ``N`` — every game page and lesson keeps N kernels ready (default 1; 0 turns pools off);
* ``N,page=M,...`` — the same, with M kernels for the pages named (a notebook's name
  without ``.ipynb``), e.g. ``1,play=30`` for a class of 30 opening the play page.

Each ready kernel holds its page in memory (about 70 MB RSS, 55 MB PSS for a game page;
the README's "Teaching a class on one server" has the figures). Every page is pooled, the
room page too: a page reads its address through ``widgets.parts.address``, which in a
pre-heated kernel waits for the request Voilà hands it. The pools' kernels are managed by
``widgets.site.kernels.PoolKernelManager`` (``voila.json``): never culled while they wait,
replaced when they die, filled in turns.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

#: Pools larger than this are refused (each kernel is about 70 MB).
MAX_POOL = 200
#: Pages never pre-heated (none: every page reads its address through
#: ``widgets.parts.address``, which waits for the request in a pre-heated kernel).
NOT_PREHEATED: list[str] = []
#: Where the pages are.
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def parse_pool(spec: str, pages: set[str] | None = None) -> tuple[int, dict[str, int]]:
    """``WPP_POOL``'s value as (the size of every pool, {page notebook: its own size}).

    A name may end in ``*`` for every page it starts (``analysts_*=1``); a later entry
    overrides an earlier one.

    >>> parse_pool("2, play=30")
    (2, {'play.ipynb': 30})
    >>> parse_pool("2,analysts_*=1", {"play.ipynb", "analysts_ofc.ipynb", "analysts_pairs.ipynb"})
    (2, {'analysts_ofc.ipynb': 1, 'analysts_pairs.ipynb': 1})
    """
    parts = [p.strip() for p in spec.split(",")]
    if not parts[0] or not re.fullmatch(r"\d{1,4}", parts[0]):
        raise ValueError(f"WPP_POOL starts with the size of every pool (a number), not "
                         f"{spec!r:.60}")
    default = int(parts[0])
    sizes: dict[str, int] = {}
    for part in parts[1:]:
        m = re.fullmatch(r"([A-Za-z0-9_][A-Za-z0-9_.-]*\*?)\s*=\s*(\d{1,4})", part)
        if not m:
            raise ValueError(f"WPP_POOL's page sizes are page=N (e.g. play=30), not "
                             f"{part!r:.60}")
        named = m.group(1)
        if named.endswith("*") and pages is not None:
            matched = sorted(p for p in pages if p.startswith(named[:-1]))
        else:
            matched = [named if named.endswith((".ipynb", "*")) else named + ".ipynb"]
        if pages is not None and (not matched or matched[0] not in pages):
            raise ValueError(f"WPP_POOL names {named!r:.40}, which is not a page "
                             f"(pages: {', '.join(sorted(p[:-6] for p in pages))})")
        sizes.update({name: int(m.group(2)) for name in matched})
    for size in (default, *sizes.values()):
        if size > MAX_POOL:
            raise ValueError(f"a pool holds at most {MAX_POOL} kernels, not {size}")
    return default, sizes


def pools_config(spec: str, pages: set[str]) -> dict[str, dict[str, int]]:
    """``VoilaKernelManager.kernel_pools_config`` for ``WPP_POOL=spec``: ``default`` for
    every page, then the pages named."""
    default, sizes = parse_pool(spec, pages)
    config = {"default": {"pool_size": default}}
    config.update({name: {"pool_size": size} for name, size in sorted(sizes.items())})
    return config


def apply(c: Any, spec: str) -> None:
    """Set the pools of ``WPP_POOL=spec`` on the configuration ``c``."""
    pages = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    try:
        config = pools_config(spec, pages)
    except ValueError as err:
        sys.exit(f"serve/voila.py: {err}")
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = config["default"]["pool_size"]
    c.VoilaKernelManager.kernel_pools_config = config
    c.VoilaKernelManager.preheat_denylist = list(NOT_PREHEATED)


if "c" in globals():  # run by traitlets as a configuration file
    apply(globals()["c"], os.environ.get("WPP_POOL", "1"))
