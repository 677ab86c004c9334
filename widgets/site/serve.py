"""Start Voilà on the app the way ``make play`` does, for tests and the benchmark.

``make play`` runs, from the project root::

    JUPYTER_PATH=serve/jupyter voila --Voila.config_file_paths=serve --port=PORT \\
        notebooks/play.ipynb

``serve/voila.json`` holds the settings (127.0.0.1 only, idle kernels culled, the ``wpp``
template that fetches nothing from the internet, TCP_NODELAY on the websocket) and
``serve/jupyter`` the template. :func:`voila_command` builds the same command line, and
:func:`running_voila` runs it on a free port until the ``with`` block ends.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM_ARGS", "ROOT", "find_chromium", "free_port", "kernel_alive", "make_pool",
           "opened_page", "running_voila", "voila_command", "voila_env"]

#: The project's root (where the Makefile is).
ROOT = Path(__file__).resolve().parents[2]

#: Debian's chromium, headless, with nothing reaching for the network (Playwright cannot
#: download its own browser here): for the browser tests, the UI benchmark and screenshots.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def make_pool(target: str = "play") -> str:
    """The pools ``make TARGET`` starts the server with (``POOL``: ``play`` is the
    Makefile's default, ``class`` its class setting), read from the Makefile itself, so the
    tests that must run as shipped cannot drift from it.

    >>> make_pool("play"), make_pool("class")
    ('2,analysts_*=1', '1,play=30')
    """
    import re

    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    pattern = r"^POOL\s*\?=\s*(\S+)" if target == "play" else rf"^{target}:\s*POOL\s*=\s*(\S+)"
    found = re.search(pattern, text, flags=re.M)
    if found is None:
        raise LookupError(f"the Makefile sets no POOL for {target!r}")
    return found.group(1)


def find_chromium() -> str | None:
    """The system Chromium's path (Debian names it ``chromium``, others
    ``chromium-browser``), or ``None`` when it is not installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def voila_command(port: int, notebook: str = "notebooks/play.ipynb") -> list[str]:
    """The Voilà command line of ``make play`` (run it from :data:`ROOT`)."""
    voila = Path(sys.executable).with_name("voila")
    return [str(voila), f"--Voila.config_file_paths={ROOT / 'serve'}", f"--port={port}",
            notebook]


def voila_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment ``make play`` gives Voilà (plus ``extra``, e.g. ``WPP_SEED``)."""
    env = dict(os.environ)
    env["JUPYTER_PATH"] = str(ROOT / "serve" / "jupyter")
    env.update(extra or {})
    return env


@contextmanager
def running_voila(extra_env: Mapping[str, str] | None = None, *, timeout: float = 60.0,
                  log: Path | None = None, extra_args: Sequence[str] = (),
                  notebook: str | None = None) -> Iterator[str]:
    """Run Voilà on a free local port; yield the app's address; stop it afterwards.

    ``extra_args`` go before the notebook (e.g. a shorter kernel-culling timeout);
    ``notebook`` (a path from the project root) serves another notebook with the same
    settings, e.g. a lesson.
    """
    port = free_port()
    out = open(log, "wb") if log else subprocess.DEVNULL  # noqa: SIM115 - closed below
    command = voila_command(port) if notebook is None else voila_command(port, notebook)
    command[-1:-1] = list(extra_args)
    proc = subprocess.Popen(command, cwd=ROOT, env=voila_env(extra_env),
                            stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {proc.returncode}")
            try:
                with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"voila did not answer on {url}") from None
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if log and hasattr(out, "close"):
            out.close()


@contextmanager
def opened_page(browser: Any, notebook: str, log: Path, *, width: int = 1280,
                height: int = 1100, extra_env: Mapping[str, str] | None = None) -> Iterator[Any]:
    """Serve ``notebook`` (a path from the project root) in its own Voilà, open it in a new
    Playwright page of ``browser`` and yield that page once it has rendered; afterwards check
    that no cell failed and the page raised no error, and stop the server. The browser tests
    of every game's page and lesson open their page this way."""
    log.parent.mkdir(parents=True, exist_ok=True)
    with running_voila(extra_env, notebook=notebook, log=log) as url:
        pg = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(url)
        pg.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
        yield pg
        text = pg.inner_text("body")
        assert "Traceback" not in text, "a cell failed in the page"
        assert not errors, f"errors in the page: {errors}"
        pg.close()


def kernel_alive(url: str, kernel_id: str) -> bool:
    """Is kernel ``kernel_id`` still running on the server at ``url``? (For the tests that
    check a closed tab does not leave its kernel behind.)"""
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel_id}", timeout=5):
            return True
    except urllib.error.HTTPError as err:
        if err.code == 404:
            return False
        raise
