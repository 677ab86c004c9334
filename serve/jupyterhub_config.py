"""JupyterHub for a class larger than one server: each student signs in and gets the kit's
home page, served by their own single-user server (Voilà as its server extension).

    jupyterhub -f serve/jupyterhub_config.py          # from the project root

JupyterHub is not a dependency of the kit: install it where the hub runs (``pip install
jupyterhub``, and ``npm install -g configurable-http-proxy`` for its proxy). What this file
sets, and why:

* **Voilà is the default URL**: a student who signs in lands on
  ``/user/<name>/voila/render/home.ipynb``, the kit's home page, and every game and lesson
  opens from there, with the same ``wpp`` template, IPC kernels and executor settings as
  ``make play`` (``serve/voila.json``; JUPYTER_PATH points at ``serve/jupyter``).
* **A local spawner**: each student's server is a process on this machine
  (``LocalProcessSpawner``: one Unix account per student, signed in with PAM). For a trial
  with no accounts, ``WPP_HUB_TRY=1`` runs every student as the hub's own user with any
  password (``SimpleLocalProcessSpawner`` + ``DummyAuthenticator``): never on a network.
  Beyond one machine the same settings go with a spawner for a cluster (e.g.
  ``kubespawner`` on Kubernetes, ``batchspawner`` on a batch queue).
* **Capacity**: a student on a game page costs one kernel (about 70 MB RSS; a lesson with
  pandas and matplotlib up to 240 MB) plus their own single-user server process. The load
  test gives about 15 students a core opening a page at once with pre-heated kernels, and
  5-6 a core without (README: "Teaching a class on one server"); pre-heated pools are a
  feature of standalone Voilà (``make class``), not of its server extension, so a hub pays
  each page's start-up when it is opened.
* Idle servers are stopped: kernels after 2 minutes without a page (as ``make play``), a
  student's whole server after 20 minutes without kernels
  (``--ServerApp.shutdown_no_activity_timeout``).
* The hub listens on 127.0.0.1 (``WPP_HUB_PORT``, default 8000); put TLS in front of it to
  open it to a network.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "serve"
c: Any = get_config()  # type: ignore[name-defined]  # noqa: F821 - given by JupyterHub

# --- the hub -------------------------------------------------------------------------------
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ.get("WPP_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.cookie_secret_file = os.environ.get(
    "WPP_HUB_SECRET", str(Path(os.environ.get("WPP_HUB_DIR", ".")) / "jupyterhub_cookie_secret"))
c.JupyterHub.db_url = "sqlite:///" + str(
    Path(os.environ.get("WPP_HUB_DIR", ".")) / "jupyterhub.sqlite")

# --- each student's server: Voilà on the kit's notebooks -----------------------------------
singleuser = shutil.which("jupyterhub-singleuser") or str(
    Path(sys.executable).with_name("jupyterhub-singleuser"))
c.Spawner.cmd = [singleuser]
c.Spawner.notebook_dir = str(ROOT / "notebooks")
c.Spawner.default_url = "/voila/render/home.ipynb"
c.Spawner.environment = {
    # the wpp template first, then any path the hub was given (e.g. Voilà's own templates
    # when the hub runs from another environment than the students' servers)
    "JUPYTER_PATH": os.pathsep.join(filter(None, [str(SERVE / "jupyter"),
                                                  os.environ.get("JUPYTER_PATH")])),
    "PYTHONPATH": str(ROOT),  # the kit and its widgets, as in make play
}


def voila_args(config: dict[str, Any]) -> list[str]:
    """``serve/voila.json``'s settings as command-line options of a single-user server
    (the keys that only standalone Voilà knows are left out)."""
    keep = {"VoilaConfiguration": ("template", "show_tracebacks", "file_allowlist",
                                   "extension_denylist"),
            "MappingKernelManager": ("cull_idle_timeout", "cull_interval", "cull_connected",
                                     "cull_busy"),
            "KernelManager": ("transport",),
            "VoilaExecutor": ("iopub_timeout", "raise_on_iopub_timeout",
                              "cell_timeout_instruction")}
    args = []
    for section, names in keep.items():
        for name in names:
            if name in config.get(section, {}):
                args.append(f"--{section}.{name}={json.dumps(config[section][name])}")
    return args


c.Spawner.args = [
    *voila_args(json.loads((SERVE / "voila.json").read_text())),
    "--ServerApp.kernel_websocket_connection_class="
    "widgets.site.server.NoDelayWebsocketConnection",
    "--ServerApp.shutdown_no_activity_timeout=1200",
    "--ServerApp.jpserver_extensions=voila=True",  # even when not enabled system-wide
]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# --- who signs in --------------------------------------------------------------------------
if os.environ.get("WPP_HUB_TRY") == "1":
    # A trial on one machine: any name and password, every student the hub's own user.
    c.JupyterHub.authenticator_class = "dummy"
    c.JupyterHub.spawner_class = "simple"
    c.Authenticator.allow_all = True
    if os.geteuid() == 0:  # a container's root: the single-user server refuses it otherwise
        c.Spawner.args.append("--allow-root")
else:
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
    c.JupyterHub.authenticator_class = "pam"
    c.Authenticator.allowed_users = set(filter(None, os.environ.get(
        "WPP_HUB_USERS", "").split(",")))
