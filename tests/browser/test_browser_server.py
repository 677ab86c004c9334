"""The Voilà server as ``make play`` configures it: closed tabs do not leave kernels running,
and the kernel websocket sends small messages at once (TCP_NODELAY)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from widgets.site.serve import ROOT, kernel_alive, running_voila
from widgets.site.server import NoDelayWebsocketConnection


def test_the_project_config_culls_idle_kernels_and_sets_nodelay() -> None:
    config = json.loads((ROOT / "serve" / "voila.json").read_text())
    culling = config["MappingKernelManager"]
    assert 0 < culling["cull_idle_timeout"] <= 3600 and culling["cull_interval"] > 0
    assert config["Voila"]["ip"] == "127.0.0.1"
    assert config["Voila"]["kernel_websocket_connection_class"].endswith(
        "NoDelayWebsocketConnection")
    assert config["VoilaConfiguration"]["template"] == "wpp"
    template = ROOT / "serve" / "jupyter" / "voila" / "templates" / "wpp" / "index.html.j2"
    body = template.read_text()
    assert "https://" not in body.replace("https://github", "")


def test_the_websocket_connection_turns_nagle_off(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Any] = []

    class Handler:
        def set_nodelay(self, value: bool) -> None:
            calls.append(("nodelay", value))

    monkeypatch.setattr(
        "jupyter_server.services.kernels.connection.channels."
        "ZMQChannelsWebsocketConnection.connect", lambda self: calls.append("connect"))
    conn = NoDelayWebsocketConnection.__new__(NoDelayWebsocketConnection)
    monkeypatch.setattr(NoDelayWebsocketConnection, "websocket_handler", Handler(),
                        raising=False)
    conn.connect()
    assert calls == [("nodelay", True), "connect"]


@pytest.fixture()
def short_culling() -> Iterator[str]:
    args = ["--MappingKernelManager.cull_idle_timeout=3",
            "--MappingKernelManager.cull_interval=1"]
    with running_voila({"WPP_SEED": "5", "WPP_AI_DELAY": "0"}, extra_args=args) as url:
        yield url


@pytest.mark.browser
def test_a_closed_tab_does_not_leave_its_kernel_running(short_culling: str,
                                                         browser: Any) -> None:
    page = browser.new_page()
    page.goto(short_culling)
    page.wait_for_selector(".wpp-hand.wpp-active .wpp-slot-0", timeout=60_000)
    kernel_id = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel_alive(short_culling, kernel_id)
    # Close the tab without its unload handlers (as a crash or a lost network would):
    # only the server's culling can end the kernel now.
    page.close(run_before_unload=False)
    deadline = time.monotonic() + 30
    while kernel_alive(short_culling, kernel_id):
        assert time.monotonic() < deadline, "the idle kernel of a closed tab was not culled"
        time.sleep(1)
