"""The browser tests' Voilà servers.

Tests of what a person does with addresses — links, reloads, classes, rooms, the teacher's
kit, a kernel that stops — run against **one server started as** ``make play`` **starts
it** (:func:`shipped`): the notebooks folder, ``serve/voila.json``, and the pools of the
Makefile's own ``POOL`` (read from the Makefile, :func:`widgets.site.serve.make_pool`), so
their pages come from pre-heated kernels exactly as a student's do. Only the computer's pause
is 0 there (``WPP_AI_DELAY``: a pace, not a setting of the pools) and the store is the
test's own.

The other browser tests (a game page's or a lesson's look and play) start a server for their
own page; ``make play`` pre-heats every page (a minute of both cores for each server), so
those keep lean pools (unless ``WPP_POOL`` is set): one ready kernel for the home and play
pages.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from widgets.site import serve

os.environ.setdefault("WPP_POOL", "0,home=1,play=1")


@dataclass(frozen=True)
class Shipped:
    """The server as shipped: its address, its store and its log."""

    url: str
    store: Path
    log: Path

    def page(self, name: str, query: str = "") -> str:
        """The address of page ``name`` (a notebook's name without ``.ipynb``)."""
        return f"{self.url}voila/render/{name}.ipynb" + (f"?{query}" if query else "")


@pytest.fixture(scope="session")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shipped]:
    """One server for the session, as ``make play`` starts it (see the module docs); the
    tests wait for nothing else: its pools fill while the first test opens its page."""
    store = tmp_path_factory.mktemp("shipped") / "rooms.sqlite3"
    log = serve.ROOT / "artifacts" / "shipped" / "voila-shipped.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    env = {"WPP_POOL": serve.make_pool("play"), "WPP_ROOMS": str(store), "WPP_AI_DELAY": "0",
           "WPP_POLL": "0.5", "WPP_ROOM_POLL": "0.3"}
    with serve.running_voila(env, notebook="notebooks/", log=log, timeout=120) as url:
        yield Shipped(url, store, log)
