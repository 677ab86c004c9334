"""A server restart loses no stored room: a room lives in the SQLite store (``WPP_ROOMS``),
not in a kernel, so a kernel killed outright (as a stopped server's kernels are) right after
a move leaves the room and that move for the next server's pages."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from wpp.services.rooms import RoomStore

ROOT = Path(__file__).resolve().parent.parent.parent

# A student's kernel: create a room, take seat 0, make the first legal move, print the room's
# state, then die at once (SIGKILL: no cleanup, no close).
KERNEL = textwrap.dedent("""
    import json, os, signal
    from wpp.services.rooms import RoomStore
    store = RoomStore()
    code = store.create("warpairs", seed=7)
    seat = store.join(code, 0)
    store.join(code, 1)
    action = seat.view().legal_actions()[0]
    seat.submit(action)
    version, history = store.read(code)
    print(json.dumps({"code": code, "version": version, "log": history.log(viewer=0)}),
          flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
""")


def test_a_room_outlives_the_kernel_that_wrote_it(tmp_path: Path) -> None:
    store_path = tmp_path / "rooms.sqlite3"
    env = dict(os.environ, WPP_ROOMS=str(store_path),
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                        os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", KERNEL], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == -9, done.stderr  # killed, as a stopped server's kernels are
    before = json.loads(done.stdout)
    assert before["version"] >= 1 and before["log"]
    # The next server's pages open the same store: the room and its move are there.
    version, history = RoomStore(store_path).read(before["code"])
    assert version == before["version"]
    assert history.log(viewer=0) == before["log"]
