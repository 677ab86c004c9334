"""Emulate a class opening the same Voilà page at once, without browsers.

Each emulated student does what a browser does until the page can be used, and nothing a
person does after that:

1. ``GET`` the page (``/voila/render/<page>.ipynb``): Voilà runs the notebook (or hands over
   one pre-heated in its pool) and sends the HTML, whose ``jupyter-config-data`` names the
   page's kernel and whose cells carry the outputs, widgets as views of model ids;
2. open that kernel's websocket (``/api/kernels/<id>/channels``), ask ``kernel_info`` (the
   kernel answers once it is free), open the ``jupyter.widget.control`` comm and ask for
   every widget's state (``request_states``), as the page's widget manager does.

**Usable** means, for every page: the HTML arrived whole (it ends with Voilà's
``voila_finish()`` and ``</html>``), it names a kernel, no cell shows an error or the
template's "did not arrive" notice, and the page shows at least as many widget views as
it needs — as many as the stored notebook shows (the lessons are stored executed: each
sandbox), and at least one for the app's pages (:data:`APP_PAGES`); then, on the
websocket, the kernel answered and its widget state holds every view's model and every
model those reference, recursively (the whole widget tree the page draws), and for the
app's pages the mark of the page's main widget (:data:`MARKS`: the game's Play button,
the home page's link to the game, each game's own board class). Time to usable runs from
the ``GET`` to that moment. Static files (scripts, styles) are not fetched: a browser
caches them after the first page.

Bounds: at most :data:`MAX_STUDENTS` students, the whole run ends by ``--timeout`` seconds
(at most :data:`MAX_TIMEOUT`), and only servers on the loopback interface are accepted.
Memory: the RSS and PSS of each student's kernel process (found by its connection file,
``kernel-<id>.json``, in ``/proc``), so the script must run on the server's machine.

    python scripts/loadtest.py --url http://127.0.0.1:8866/ --page play --students 30

prints p50/p95 time to usable, the failures and why, the memory per student and the
1-minute load average; ``--json`` prints the same as JSON. Kernels are shut down afterwards
(as a closed tab does) unless ``--keep``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import re
import secrets
import statistics
import struct
import sys
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

ROOT = Path(__file__).resolve().parent.parent

#: The most students one run emulates (each is a kernel: about 100 MB).
MAX_STUDENTS = 100
#: The longest a run may last, in seconds.
MAX_TIMEOUT = 900.0
#: Hosts accepted: this machine only.
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")

_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_CONFIG_RE = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
_OUTPUT_RE = re.compile(
    r'<script type="application/vnd.voila.cell-output\+json">\s*(.*?)\s*</script>', re.S)
_MODEL_REF_RE = re.compile(r"IPY_MODEL_([0-9a-f]{32})")
#: What the wpp template writes in place of a cell whose output could not come.
MISSING_MARK = "wpp-missing-output"


class LoadTestError(Exception):
    """A bad argument or an unusable page (the message says which and why)."""


# --- pages ---------------------------------------------------------------------------------
def page_path(page: str) -> str:
    """The notebook of a page name: ``play`` → ``play.ipynb`` (a name ending in ``.ipynb``
    is kept); only names of the notebooks folder, no other path."""
    name = page if page.endswith(".ipynb") else page + ".ipynb"
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.ipynb", name):
        raise LoadTestError(f"a page is a notebook name such as play or 03_the_mulligan, "
                            f"not {page!r:.60}")
    return name


def expected_views(notebook: dict[str, Any]) -> int:
    """How many widget views the stored (executed) notebook shows: the page is complete
    when the served page shows at least as many."""
    count = 0
    for cell in notebook.get("cells", []):
        for out in cell.get("outputs", []) if cell.get("cell_type") == "code" else []:
            if _WIDGET_VIEW in out.get("data", {}):
                count += 1
    return count


#: The app's pages: each shows one widget, the page itself (stored without outputs).
APP_PAGES = ("home.ipynb", "play.ipynb", "pairs.ipynb", "ofc.ipynb", "pokeros.ipynb",
             "room.ipynb")
#: What the widget state of an app's page holds once its main widget is there.
MARKS = {"home.ipynb": "play.ipynb", "play.ipynb": "wpp-act-play",
         "pairs.ipynb": "wpp-pairs", "ofc.ipynb": "wpp-ofc", "pokeros.ipynb": "wpp-app",
         "room.ipynb": "wpp-"}


def expected_views_of(page: str, notebooks: Path = ROOT / "notebooks") -> int:
    """How many widget views ``page`` needs: :func:`expected_views` of its stored notebook,
    at least one for the app's pages."""
    name = page_path(page)
    path = notebooks / name
    try:
        stored = expected_views(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError) as err:
        raise LoadTestError(f"cannot read the page's notebook {path}: {err}") from None
    return max(stored, 1 if name in APP_PAGES else 0)


@dataclass
class RenderedPage:
    """What the HTML of a page says: its kernel, its widget views, its troubles."""

    kernel_id: str | None
    views: list[str]
    errors: list[str]
    complete: bool


def parse_page(html: str) -> RenderedPage:
    """Read a page Voilà sent: the kernel id (``jupyter-config-data``), the model id of each
    widget view among the cells' outputs, the cells that show an error or the template's
    missing-output notice, and whether the HTML is whole (Voilà's closing script and
    ``</html>``)."""
    kernel_id = None
    m = _CONFIG_RE.search(html)
    if m:
        try:
            config = json.loads(m.group(1))
        except ValueError:
            config = {}
        value = config.get("kernelId") if isinstance(config, dict) else None
        kernel_id = value if isinstance(value, str) and value else None
    views: list[str] = []
    errors: list[str] = []
    for block in _OUTPUT_RE.findall(html):
        try:
            outputs = json.loads(block)
        except ValueError:
            errors.append("an output that is not JSON")
            continue
        for out in outputs if isinstance(outputs, list) else [outputs]:
            if not isinstance(out, dict):
                continue
            if out.get("output_type") == "error":
                errors.append(f"{out.get('ename', 'error')}: {out.get('evalue', '')}"[:120])
            view = out.get("data", {}).get(_WIDGET_VIEW) if isinstance(
                out.get("data"), dict) else None
            if isinstance(view, dict) and isinstance(view.get("model_id"), str):
                views.append(view["model_id"])
    if MISSING_MARK in html.replace(f".{MISSING_MARK}", ""):
        errors.append("a cell's output did not arrive (the template's notice)")
    complete = "voila_finish()" in html and html.rstrip().endswith("</html>")
    return RenderedPage(kernel_id, views, errors, complete)


def missing_models(views: Sequence[str], states: dict[str, Any]) -> list[str]:
    """The model ids a page needs that the kernel's widget state lacks: every view's model
    and, recursively, every model a present model's state references (``IPY_MODEL_<id>``)."""
    missing: list[str] = []
    seen: set[str] = set()
    todo = list(views)
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        entry = states.get(model_id)
        if entry is None:
            missing.append(model_id)
            continue
        todo.extend(_MODEL_REF_RE.findall(json.dumps(entry.get("state", {}))))
    return sorted(missing)


# --- statistics ----------------------------------------------------------------------------
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) of ``values``, nearest-rank (a value that was
    measured); NaN for no values."""
    if not 0 <= q <= 100:
        raise LoadTestError(f"a percentile is between 0 and 100, not {q!r}")
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Student:
    """One emulated student's outcome."""

    index: int
    ok: bool = False
    seconds: float = math.nan
    error: str = ""
    kernel_id: str | None = None
    views: int = 0
    models: int = 0
    rss_mb: float = math.nan
    pss_mb: float = math.nan


@dataclass
class Report:
    """The figures of a run."""

    page: str
    students: int
    ok: int
    failed: int
    p50: float
    p95: float
    max: float
    failures: dict[str, int]
    rss_mb_per_student: float
    pss_mb_per_student: float
    load_1min: float
    wall_seconds: float
    results: list[Student] = field(default_factory=list)


def summarize(page: str, results: Sequence[Student], wall: float,
              load_1min: float) -> Report:
    """p50/p95/max of time to usable over the students who got a usable page (failures are
    counted apart, by reason), the mean RSS/PSS of their kernels."""
    times = [r.seconds for r in results if r.ok]
    failures: dict[str, int] = {}
    for r in results:
        if not r.ok:
            reason = r.error.split(":")[0] or "unknown"
            failures[reason] = failures.get(reason, 0) + 1
    rss = [r.rss_mb for r in results if not math.isnan(r.rss_mb)]
    pss = [r.pss_mb for r in results if not math.isnan(r.pss_mb)]
    return Report(page=page, students=len(results), ok=len(times),
                  failed=len(results) - len(times), p50=percentile(times, 50),
                  p95=percentile(times, 95), max=max(times) if times else math.nan,
                  failures=failures,
                  rss_mb_per_student=statistics.fmean(rss) if rss else math.nan,
                  pss_mb_per_student=statistics.fmean(pss) if pss else math.nan,
                  load_1min=load_1min, wall_seconds=wall, results=list(results))


def format_report(report: Report) -> str:
    """The report as a few lines of text."""
    lines = [
        f"page {report.page}: {report.students} students, {report.ok} usable, "
        f"{report.failed} failed",
        f"time to usable: p50 {report.p50:.2f} s, p95 {report.p95:.2f} s, "
        f"max {report.max:.2f} s (wall {report.wall_seconds:.1f} s)",
        f"memory per student (its kernel): RSS {report.rss_mb_per_student:.0f} MB, "
        f"PSS {report.pss_mb_per_student:.0f} MB",
        f"load average (1 min) at the end: {report.load_1min:.2f}",
    ]
    for reason, n in sorted(report.failures.items()):
        lines.append(f"  failed {n}×: {reason}")
    return "\n".join(lines)


# --- memory --------------------------------------------------------------------------------
def kernel_pid(kernel_id: str, proc: Path = Path("/proc")) -> int | None:
    """The process of kernel ``kernel_id`` on this machine: the one whose command line
    names its connection file ``kernel-<id>.json``."""
    needle = f"kernel-{kernel_id}.json".encode()
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle in (entry / "cmdline").read_bytes():
                return int(entry.name)
        except OSError:
            continue
    return None


def memory_mb(pid: int, proc: Path = Path("/proc")) -> tuple[float, float]:
    """(RSS, PSS) of process ``pid`` in MB (NaN when it is gone); PSS shares each shared
    page among the processes that map it, so PSS adds up across kernels."""
    rss = pss = math.nan
    try:
        for line in (proc / str(pid) / "smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return rss, pss


# --- the websocket -------------------------------------------------------------------------
def kernel_message(channel: str, msg_type: str, content: dict[str, Any], session: str,
                   metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    """A Jupyter message in the websocket's JSON form (its ``channel`` named)."""
    return {"header": {"msg_id": uuid.uuid4().hex, "username": "loadtest",
                       "session": session, "msg_type": msg_type, "version": "5.3",
                       "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
            "parent_header": {}, "metadata": metadata or {}, "content": content,
            "channel": channel, "buffers": []}


def decode_frame(frame: str | bytes) -> dict[str, Any]:
    """A websocket frame as a message: JSON text, or jupyter_server's binary form (a count
    of parts, their offsets, the JSON part first, then the binary buffers)."""
    if isinstance(frame, str):
        msg: dict[str, Any] = json.loads(frame)
        return msg
    if len(frame) < 8:
        raise LoadTestError("a binary websocket frame too short to hold a message")
    nbufs = struct.unpack("!I", frame[:4])[0]
    if not 0 < nbufs <= (len(frame) - 4) // 4:
        raise LoadTestError(f"a binary websocket frame announcing {nbufs} parts")
    offsets = list(struct.unpack("!" + "I" * nbufs, frame[4:4 * (nbufs + 1)]))
    end = offsets[1] if nbufs > 1 else len(frame)
    msg = json.loads(frame[offsets[0]:end].decode("utf-8"))
    return msg


async def _until(ws: WebSocketClientConnection, deadline: float,
                 match: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timeout: no answer from the kernel in time")
        frame = await asyncio.wait_for(ws.read_message(), left)
        if frame is None:
            raise ConnectionError("websocket closed: the kernel's connection ended")
        msg = decode_frame(frame)
        if match(msg):
            return msg


async def widget_states(ws: WebSocketClientConnection, deadline: float,
                        widgets: bool = True) -> dict[str, Any]:
    """Ask the kernel for its widget state as a page's widget manager does; wait for the
    kernel to answer kernel_info first (it then is free to run the page's messages). With
    ``widgets`` false only kernel_info is asked (an empty state is returned)."""
    session = uuid.uuid4().hex
    info = kernel_message("shell", "kernel_info_request", {}, session)
    await ws.write_message(json.dumps(info))
    await _until(ws, deadline, lambda m: m.get("parent_header", {}).get("msg_id")
                 == info["header"]["msg_id"] and m.get("msg_type") == "kernel_info_reply")
    if not widgets:
        return {}
    comm_id = uuid.uuid4().hex
    await ws.write_message(json.dumps(kernel_message(
        "shell", "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                               "data": {}}, session, {"version": "1.0.0"})))
    await ws.write_message(json.dumps(kernel_message(
        "shell", "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}},
        session)))
    reply = await _until(ws, deadline, lambda m: m.get("msg_type") == "comm_msg"
                         and m.get("content", {}).get("comm_id") == comm_id)
    states = reply.get("content", {}).get("data", {}).get("states", {})
    return states if isinstance(states, dict) else {}


# --- one student, a class ------------------------------------------------------------------
def check_url(url: str) -> str:
    """The server's address with a trailing slash; refused unless on the loopback."""
    parts = urlsplit(url)
    if parts.scheme != "http" or parts.hostname is None:
        raise LoadTestError(f"the server's address is http://127.0.0.1:PORT/, not {url!r:.80}")
    if parts.hostname not in LOOPBACK and f"[{parts.hostname}]" not in LOOPBACK:
        raise LoadTestError(f"the load test runs against this machine only (127.0.0.1), "
                            f"not {parts.hostname!r:.60}")
    return url if url.endswith("/") else url + "/"


async def shutdown_kernel(url: str, kernel_id: str) -> None:
    """Stop a kernel as a closed tab does (Voilà's shutdown request, with the ``_xsrf``
    double-submit cookie the wpp template sets)."""
    token = secrets.token_hex(16)
    request = HTTPRequest(f"{url}voila/api/shutdown/{kernel_id}", method="POST",
                          body=urlencode({"_xsrf": token}),
                          headers={"Cookie": f"_xsrf={token}"}, request_timeout=30)
    with contextlib.suppress(OSError):
        await AsyncHTTPClient().fetch(request, raise_error=False)


async def one_student(url: str, page: str, views_needed: int, index: int,
                      deadline: float, start_delay: float = 0.0) -> Student:
    """Open ``page`` as one student; time it to usable (see the module's text)."""
    if start_delay > 0:
        await asyncio.sleep(start_delay)
    result = Student(index)
    t0 = time.monotonic()
    try:
        left = deadline - t0
        if left <= 0:
            raise TimeoutError("timeout: the run ended before this student started")
        try:
            response = await AsyncHTTPClient().fetch(
                f"{url}voila/render/{page}", request_timeout=left, connect_timeout=left)
        except HTTPClientError as err:
            if err.code == 599:
                raise TimeoutError("timeout: the page did not arrive in time") from None
            raise LoadTestError(f"http {err.code}: {err.message}") from None
        html = response.body.decode("utf-8", "replace")
        rendered = parse_page(html)
        result.kernel_id = rendered.kernel_id
        result.views = len(rendered.views)
        if not rendered.complete:
            raise LoadTestError("incomplete page: the HTML stops before Voilà's end")
        if rendered.kernel_id is None:
            raise LoadTestError("no kernel: the page names none")
        if rendered.errors:
            raise LoadTestError(f"cell error: {rendered.errors[0]}")
        if len(rendered.views) < views_needed:
            raise LoadTestError(f"missing output: {len(rendered.views)} widget views of "
                                f"{views_needed}")
        ws_url = (url.replace("http://", "ws://", 1)
                  + f"api/kernels/{rendered.kernel_id}/channels?session_id={uuid.uuid4().hex}")
        ws = await asyncio.wait_for(websocket_connect(ws_url, max_message_size=1 << 28),
                                    max(deadline - time.monotonic(), 0.001))
        try:
            # A page without widgets has no widget manager to ask (ipywidgets may not even
            # be imported in its kernel): the kernel's answer to kernel_info is enough.
            states = await widget_states(ws, deadline, widgets=bool(rendered.views))
        finally:
            ws.close()
        result.models = len(states)
        lacking = missing_models(rendered.views, states)
        if lacking:
            raise LoadTestError(f"missing widget state: {len(lacking)} models, e.g. "
                                f"{lacking[0]}")
        mark = MARKS.get(page)
        if mark and mark not in json.dumps(states):
            raise LoadTestError(f"missing main widget: no {mark!r} in the widget state")
        result.seconds = time.monotonic() - t0
        result.ok = True
    except TimeoutError as err:
        result.error = str(err) or "timeout"
        if not result.error.startswith("timeout"):
            result.error = "timeout: " + result.error
    except LoadTestError as err:
        result.error = str(err)
    except (OSError, ValueError, KeyError, HTTPClientError) as err:
        result.error = f"{type(err).__name__}: {err}"[:200]
    return result


async def run_class(url: str, page: str, students: int, *, ramp: float = 0.0,
                    timeout: float = 300.0, keep: bool = False,
                    views_needed: int | None = None) -> Report:
    """``students`` emulated students open ``page`` on the server at ``url``, spread evenly
    over ``ramp`` seconds (0: all at once); the run ends by ``timeout`` seconds."""
    url = check_url(url)
    page = page_path(page)
    check_bounds(students, timeout, ramp)
    needed = expected_views_of(page) if views_needed is None else views_needed
    AsyncHTTPClient.configure(None, max_clients=max(students, 10))
    start = time.monotonic()
    deadline = start + timeout
    delays = [ramp * i / students for i in range(students)]
    results = await asyncio.gather(*(one_student(url, page, needed, i, deadline, delays[i])
                                     for i in range(students)))
    wall = time.monotonic() - start
    for r in results:
        pid = kernel_pid(r.kernel_id) if r.kernel_id else None
        if pid is not None:
            r.rss_mb, r.pss_mb = memory_mb(pid)
    if not keep:
        await asyncio.gather(*(shutdown_kernel(url, r.kernel_id) for r in results
                               if r.kernel_id))
    return summarize(page, results, wall, os.getloadavg()[0])


def check_bounds(students: int, timeout: float, ramp: float) -> None:
    """Refuse runs outside the bounds (students, seconds, ramp shorter than the run)."""
    if not 1 <= students <= MAX_STUDENTS:
        raise LoadTestError(f"students is 1 to {MAX_STUDENTS}, not {students}")
    if not 0 < timeout <= MAX_TIMEOUT:
        raise LoadTestError(f"the timeout is over 0 and at most {MAX_TIMEOUT:.0f} s, "
                            f"not {timeout}")
    if not 0 <= ramp < timeout:
        raise LoadTestError(f"the ramp is 0 or more and shorter than the timeout ({timeout} "
                            f"s), not {ramp}")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see ``--help``); bounds are checked here too."""
    parser = argparse.ArgumentParser(prog="loadtest.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8866/",
                        help="the server (this machine only)")
    parser.add_argument("--page", default="play", help="the notebook's name, e.g. play")
    parser.add_argument("--students", type=int, default=1,
                        help=f"how many open the page (1 to {MAX_STUDENTS})")
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="spread the students' arrivals over this many seconds")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help=f"the whole run's limit in seconds (at most {MAX_TIMEOUT:.0f})")
    parser.add_argument("--keep", action="store_true",
                        help="leave the students' kernels running afterwards")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        check_url(args.url)
        page_path(args.page)
        check_bounds(args.students, args.timeout, args.ramp)
    except LoadTestError as err:
        parser.error(str(err))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test; exit status 0 when every student got a usable page, 1 if not."""
    args = parse_args(argv)
    try:
        report = asyncio.run(asyncio.wait_for(
            run_class(args.url, args.page, args.students, ramp=args.ramp,
                      timeout=args.timeout, keep=args.keep),
            args.timeout + 60))
    except LoadTestError as err:
        print(f"loadtest: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(asdict(report), indent=1, default=str))
    else:
        print(format_report(report))
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
