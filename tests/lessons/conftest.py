"""Shared fixtures of the lesson tests: the class store on a clock the test moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from wpp.services.classroom import ClassStore


class Clock:
    """A clock that stands still until the test moves ``now``."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    """A class store in a fresh file, on a :class:`Clock` (``store.clock``)."""
    return ClassStore(tmp_path / "rooms.sqlite3", clock=Clock())
