"""Shared test settings: hypothesis profiles (CI runs more examples) and the headless browser."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session", autouse=True)
def _private_state_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The kit's default store (``wpp.services.store_folder.default_path``: the XDG state
    folder) in a folder of this test run, not the tester's home; a store the caller named
    (``WPP_ROOMS``) is left alone. Servers the tests start inherit it."""
    before = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
    yield
    if before is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = before



@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium for one test module; a missing browser fails (make test installs
    it), it is never skipped."""
    from playwright.sync_api import sync_playwright

    from widgets.site.serve import CHROMIUM_ARGS, find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.fail("Chromium is not installed (apt-get install chromium; make test does it)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def preheated_request(monkeypatch: pytest.MonkeyPatch
                      ) -> Callable[[str], AbstractContextManager[list[str]]]:
    """``with preheated_request("seed=7"):`` runs the block as a page in a pre-heated Voilà
    kernel: no request in the environment until the page asks for its address, then the
    wait for Voilà's request (stood in for: the request's variables put into the
    environment, as Voilà sends them) gives ``QUERY_STRING``. The list it yields records each
    wait; the real wait is tested against a real server (tests/serve/test_address.py)."""
    import widgets.parts.address as address

    @contextmanager
    def preheated(query: str) -> Iterator[list[str]]:
        waits: list[str] = []

        def wait_for_request(url: str | None = None) -> None:
            waits.append(query)
            os.environ["QUERY_STRING"] = query

        monkeypatch.setattr(address, "wait_for_request", wait_for_request)
        monkeypatch.setattr(address, "_waited", False)
        monkeypatch.setenv("VOILA_PREHEAT", "True")
        monkeypatch.setenv("VOILA_KERNEL_ID", "0f0f0f0f-test")
        monkeypatch.delenv("QUERY_STRING", raising=False)
        try:
            yield waits
        finally:
            monkeypatch.setenv("VOILA_PREHEAT", "False")
            monkeypatch.delenv("QUERY_STRING", raising=False)
            monkeypatch.setattr(address, "_waited", False)

    return preheated
