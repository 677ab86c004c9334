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

``--query 'class=ABCDE&name=s{n}'`` opens the page with that address query, ``{n}`` being
each student's number (1, 2, …): a class joining through a link.

``--repeat N --every S``: each student opens the page N times (at most :data:`MAX_REPEAT`),
S seconds apart, each open first shutting the previous one's kernel down as a reloaded tab
does; the report adds time to usable per open number (1st, 2nd, …), so a reload, or the
next visitor after a pool handed its kernels out, is measured too. All within ``--timeout``.

``--soak MINUTES`` (at most :data:`MAX_SOAK_MINUTES`): each student keeps the page open and
uses it: every 2–6 s (seeded by ``--seed``) it clicks a random button the page shows and
checks that the kernel still answers kernel_info within 10 s; about every 2 minutes it
reloads (closes its kernel, opens the page again). It counts *dead pages* (a websocket that
closed, a kernel that stopped answering, an open that was not usable) and samples every
open page's kernel memory every 30 s; the report gives opens, usable, dead pages, clicks
and the memory per kernel at the start, middle and end. It stops by itself at MINUTES (what
is under way gets at most 60 s more) and shuts down every kernel it opened.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import re
import secrets
import statistics
import struct
import sys
import time
import uuid
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.iostream import StreamClosedError
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

ROOT = Path(__file__).resolve().parent.parent

#: The most students one run emulates (each is a kernel: about 100 MB).
MAX_STUDENTS = 100
#: The longest a run may last, in seconds.
MAX_TIMEOUT = 900.0
#: Hosts accepted: this machine only.
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
#: The longest page query (``--query`` once ``{n}`` is replaced): the page reads no more
#: (``widgets.parts.address.MAX_QUERY``), so a longer one would test another address.
MAX_QUERY = 400
#: What ``--query`` replaces by the student's number (1, 2, …).
STUDENT_MARK = "{n}"

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


def walk_models(views: Sequence[str], states: dict[str, Any],
                enter: Callable[[str, Any], bool]) -> None:
    """Visit each model a page's views reach: every view's model and, recursively, every
    model a visited model's state references (``IPY_MODEL_<id>``), each once.
    ``enter(model_id, entry)`` is told each model (``entry``: its state in ``states``, or
    ``None``) and says whether to follow its references."""
    seen: set[str] = set()
    todo = list(views)
    while todo:
        model_id = todo.pop()
        if model_id in seen:
            continue
        seen.add(model_id)
        entry = states.get(model_id)
        if enter(model_id, entry) and isinstance(entry, dict):
            todo.extend(_MODEL_REF_RE.findall(json.dumps(entry.get("state", {}))))


def missing_models(views: Sequence[str], states: dict[str, Any]) -> list[str]:
    """The model ids a page needs that the kernel's widget state lacks: every view's model
    and, recursively, every model a present model's state references (``IPY_MODEL_<id>``)."""
    missing: list[str] = []

    def enter(model_id: str, entry: Any) -> bool:
        if entry is None:
            missing.append(model_id)
        return entry is not None

    walk_models(views, states, enter)
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
    #: Which of the student's opens this is (1: the first; 2: the first reload, …).
    opening: int = 1


@dataclass
class OpenFigures:
    """Time to usable of every student's ``opening``-th open (1: the first visit; 2: the
    first reload, …), over the opens that were usable."""

    opening: int
    opens: int
    ok: int
    p50: float
    p95: float
    max: float


def per_open(results: Sequence[Student]) -> list[OpenFigures]:
    """:class:`OpenFigures` for each open number present in ``results``, in order: whether
    a reload (or the next visitor) is as fast as the first open."""
    figures = []
    for k in sorted({r.opening for r in results}):
        opens = [r for r in results if r.opening == k]
        times = [r.seconds for r in opens if r.ok]
        figures.append(OpenFigures(k, len(opens), len(times), percentile(times, 50),
                                   percentile(times, 95), max(times) if times else math.nan))
    return figures


@dataclass
class MemorySample:
    """The RSS/PSS of every open page's kernel at ``seconds`` into a soak (one value per
    student whose page was open then)."""

    seconds: float
    rss_mb: list[float]
    pss_mb: list[float]


@dataclass
class MemoryFigures:
    """One moment of a soak's memory: how many kernels, median and max RSS/PSS of each."""

    seconds: float
    kernels: int
    rss_median: float
    rss_max: float
    pss_median: float
    pss_max: float


def memory_summary(samples: Sequence[MemorySample]) -> dict[str, MemoryFigures]:
    """Memory per kernel at the ``start``, ``middle`` and ``end`` of a soak: the first and
    last samples that found a kernel, and the one nearest the time halfway between (the
    earlier on a tie), so a reader sees whether memory stays level. Empty without any."""
    found = [m for m in samples if any(not math.isnan(v) for v in m.rss_mb)]
    if not found:
        return {}
    mid_time = (found[0].seconds + found[-1].seconds) / 2
    middle = min(found, key=lambda m: abs(m.seconds - mid_time))

    def figures(m: MemorySample) -> MemoryFigures:
        rss = [v for v in m.rss_mb if not math.isnan(v)]
        pss = [v for v in m.pss_mb if not math.isnan(v)] or [math.nan]
        return MemoryFigures(m.seconds, len(rss), statistics.median(rss), max(rss),
                             statistics.median(pss), max(pss))

    return {"start": figures(found[0]), "middle": figures(middle),
            "end": figures(found[-1])}


@dataclass
class SoakFigures:
    """What a soak saw: page opens (first visits, then ``reloads``: the reloads every ~2
    minutes and the opens again after a dead page), usable ones, dead pages (by reason),
    button clicks sent, widget updates the kernels sent back (the clicks' effect),
    kernel_info answers, and the memory samples with their summary."""

    minutes: float
    seed: int
    opens: int = 0
    usable: int = 0
    reloads: int = 0
    dead_pages: int = 0
    dead_reasons: dict[str, int] = field(default_factory=dict)
    clicks: int = 0
    updates: int = 0
    probes: int = 0
    memory: dict[str, MemoryFigures] = field(default_factory=dict)
    samples: list[MemorySample] = field(default_factory=list)

    def dead(self, reason: str) -> None:
        """Count one dead page, by the reason's first part (before any ``:``)."""
        key = reason.split(":")[0] or "unknown"
        self.dead_pages += 1
        self.dead_reasons[key] = self.dead_reasons.get(key, 0) + 1


@dataclass
class Report:
    """The figures of a run. ``students`` is how many students, ``opens`` how many page
    opens they made (the same unless ``--repeat`` or ``--soak``); ``ok``/``failed`` and the
    percentiles count opens."""

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
    opens: int = 0
    query: str = ""
    repeat: int = 1
    every: float = 0.0
    per_open: list[OpenFigures] = field(default_factory=list)
    soak: SoakFigures | None = None


def summarize(page: str, results: Sequence[Student], wall: float,
              load_1min: float, students: int | None = None) -> Report:
    """p50/p95/max of time to usable over the opens that got a usable page (failures are
    counted apart, by reason), the mean RSS/PSS of their kernels. ``students`` defaults to
    one per result (one open each)."""
    times = [r.seconds for r in results if r.ok]
    failures: dict[str, int] = {}
    for r in results:
        if not r.ok:
            reason = r.error.split(":")[0] or "unknown"
            failures[reason] = failures.get(reason, 0) + 1
    rss = [r.rss_mb for r in results if not math.isnan(r.rss_mb)]
    pss = [r.pss_mb for r in results if not math.isnan(r.pss_mb)]
    return Report(page=page, students=len(results) if students is None else students,
                  ok=len(times),
                  failed=len(results) - len(times), p50=percentile(times, 50),
                  p95=percentile(times, 95), max=max(times) if times else math.nan,
                  failures=failures,
                  rss_mb_per_student=statistics.fmean(rss) if rss else math.nan,
                  pss_mb_per_student=statistics.fmean(pss) if pss else math.nan,
                  load_1min=load_1min, wall_seconds=wall, results=list(results),
                  opens=len(results))


def _ordinal(k: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, … ``11th``: the open numbers as a reader says them."""
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def format_report(report: Report) -> str:
    """The report as a few lines of text."""
    if report.opens == report.students and report.soak is None:
        head = (f"page {report.page}: {report.students} students, {report.ok} usable, "
                f"{report.failed} failed")
    else:
        head = (f"page {report.page}: {report.students} students, {report.opens} opens, "
                f"{report.ok} usable, {report.failed} failed")
    if report.query:
        head += f" (query {report.query})"
    lines = [
        head,
        f"time to usable: p50 {report.p50:.2f} s, p95 {report.p95:.2f} s, "
        f"max {report.max:.2f} s (wall {report.wall_seconds:.1f} s)",
    ]
    if report.per_open:
        lines.append(f"each student opened the page {report.repeat} times, "
                     f"{report.every:g} s apart (a reload closes the previous kernel):")
        for f in report.per_open:
            lines.append(f"  {_ordinal(f.opening)} open: {f.ok} of {f.opens} usable, "
                         f"p50 {f.p50:.2f} s, p95 {f.p95:.2f} s, max {f.max:.2f} s")
    lines += [
        f"memory per student (its kernel): RSS {report.rss_mb_per_student:.0f} MB, "
        f"PSS {report.pss_mb_per_student:.0f} MB",
        f"load average (1 min) at the end: {report.load_1min:.2f}",
    ]
    for reason, n in sorted(report.failures.items()):
        lines.append(f"  failed {n}×: {reason}")
    if report.soak is not None:
        lines.extend(format_soak(report.soak))
    return "\n".join(lines)


def format_soak(soak: SoakFigures) -> list[str]:
    """The soak's lines of the report."""
    lines = [f"soak {soak.minutes:g} min (seed {soak.seed}): {soak.opens} opens "
             f"({soak.reloads} reloads), {soak.usable} usable, {soak.dead_pages} dead pages, "
             f"{soak.clicks} clicks sent ({soak.updates} widget updates back), "
             f"{soak.probes} kernel_info answered"]
    for reason, n in sorted(soak.dead_reasons.items()):
        lines.append(f"  dead {n}×: {reason}")
    if not soak.memory:
        lines.append("memory per kernel: no sample found a kernel")
    for moment, m in soak.memory.items():
        lines.append(f"memory per kernel at the {moment} ({m.seconds:.0f} s, {m.kernels} "
                     f"kernels): RSS median {m.rss_median:.0f} / max {m.rss_max:.0f} MB, "
                     f"PSS median {m.pss_median:.0f} / max {m.pss_max:.0f} MB")
    return lines


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


def kernel_pids(kernel_ids: Sequence[str], proc: Path = Path("/proc")) -> dict[str, int]:
    """The processes of several kernels at once (one pass over ``proc``, as
    :func:`kernel_pid`): kernel id → pid, for those found."""
    needles = {f"kernel-{k}.json".encode(): k for k in kernel_ids}
    found: dict[str, int] = {}
    if not needles:
        return found
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = entry.joinpath("cmdline").read_bytes()
        except OSError:
            continue
        for needle, kernel_id in needles.items():
            if needle in cmdline:
                found[kernel_id] = int(entry.name)
    return found


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


def check_query(query: str, students: int = 1) -> str:
    """The page's query as given (a leading ``?`` dropped), refused when a student's address
    could not carry it: a ``#`` (a browser never sends the fragment), a space or control
    character (no request line holds one), or more than :data:`MAX_QUERY` characters once
    :data:`STUDENT_MARK` is replaced by the highest student's number (the page reads no
    more)."""
    query = query.removeprefix("?")
    if "#" in query:
        raise LoadTestError("the query has no '#': a browser does not send what follows it")
    if any(ch.isspace() or not ch.isprintable() for ch in query):
        raise LoadTestError("the query has no spaces or control characters (write %20)")
    longest = len(student_query(query, max(students, 1)))
    if longest > MAX_QUERY:
        raise LoadTestError(f"the query is at most {MAX_QUERY} characters (the page reads no "
                            f"more), not {longest}")
    return query


def student_query(query: str, number: int) -> str:
    """``query`` for student ``number`` (1, 2, …): each :data:`STUDENT_MARK` replaced by the
    number, so ``class=ABCDE&name=s{n}`` lets a class join as s1, s2, …"""
    return query.replace(STUDENT_MARK, str(number))


def page_address(url: str, page: str, query: str = "") -> str:
    """The address a student opens: the page rendered by Voilà, with ``query`` if any."""
    return f"{url}voila/render/{page}" + (f"?{query}" if query else "")


async def shutdown_kernel(url: str, kernel_id: str) -> None:
    """Stop a kernel as a closed tab does (Voilà's shutdown request, with the ``_xsrf``
    double-submit cookie the wpp template sets)."""
    token = secrets.token_hex(16)
    request = HTTPRequest(f"{url}voila/api/shutdown/{kernel_id}", method="POST",
                          body=urlencode({"_xsrf": token}),
                          headers={"Cookie": f"_xsrf={token}"}, request_timeout=30)
    with contextlib.suppress(OSError):
        await AsyncHTTPClient().fetch(request, raise_error=False)


@dataclass
class OpenedPage:
    """A usable page still open: its websocket, its widget views and the widget state the
    kernel sent (kept current by :class:`PageSession` during a soak)."""

    ws: WebSocketClientConnection
    views: list[str]
    states: dict[str, Any]


async def open_page(url: str, page: str, views_needed: int, index: int, deadline: float,
                    *, query: str = "", opening: int = 1,
                    keep_socket: bool = False) -> tuple[Student, OpenedPage | None]:
    """Open ``page`` as student ``index`` (its ``opening``-th open) and time it to usable
    (see the module's text). With ``keep_socket`` a usable page's websocket stays open and
    is returned, for a student who goes on using the page; otherwise it is closed."""
    result = Student(index, opening=opening)
    t0 = time.monotonic()
    ws: WebSocketClientConnection | None = None
    kept: OpenedPage | None = None
    try:
        left = deadline - t0
        if left <= 0:
            raise TimeoutError("timeout: the run ended before this student started")
        try:
            response = await AsyncHTTPClient().fetch(
                page_address(url, page, query), request_timeout=left, connect_timeout=left)
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
        # A page without widgets has no widget manager to ask (ipywidgets may not even
        # be imported in its kernel): the kernel's answer to kernel_info is enough.
        states = await widget_states(ws, deadline, widgets=bool(rendered.views))
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
        if keep_socket:
            kept = OpenedPage(ws, rendered.views, states)
    except TimeoutError as err:
        result.error = str(err) or "timeout"
        if not result.error.startswith("timeout"):
            result.error = "timeout: " + result.error
    except LoadTestError as err:
        result.error = str(err)
    except (OSError, ValueError, KeyError, HTTPClientError) as err:
        result.error = f"{type(err).__name__}: {err}"[:200]
    finally:
        if ws is not None and kept is None:
            ws.close()
    return result, kept


async def one_student(url: str, page: str, views_needed: int, index: int,
                      deadline: float, start_delay: float = 0.0, *, query: str = "",
                      opening: int = 1) -> Student:
    """Open ``page`` as one student, after ``start_delay`` seconds; time it to usable (see
    the module's text). ``query`` is this student's address query, if any."""
    if start_delay > 0:
        await asyncio.sleep(start_delay)
    result, _ = await open_page(url, page, views_needed, index, deadline, query=query,
                                opening=opening)
    return result


def measure(result: Student) -> None:
    """Fill in the RSS/PSS of ``result``'s kernel, if it runs on this machine."""
    pid = kernel_pid(result.kernel_id) if result.kernel_id else None
    if pid is not None:
        result.rss_mb, result.pss_mb = memory_mb(pid)


async def reopening_student(url: str, page: str, views_needed: int, index: int,
                            deadline: float, start: float, *, repeat: int, every: float,
                            query: str = "") -> list[Student]:
    """One student opens ``page`` ``repeat`` times: open ``k`` starts ``(k - 1) * every``
    seconds after ``start`` (or when open ``k - 1`` ends, if later), and first shuts the
    previous open's kernel down as a reloaded tab does, so opens 2, 3, … measure a reload.
    Each open's memory is read before the next closes it; the last one's is left to the
    caller (read after the whole class, as a single open's is)."""
    results: list[Student] = []
    for k in range(1, repeat + 1):
        await asyncio.sleep(max(start + (k - 1) * every - time.monotonic(), 0.0))
        if results:
            previous = results[-1]
            measure(previous)
            if previous.kernel_id:
                await shutdown_kernel(url, previous.kernel_id)
        results.append(await one_student(url, page, views_needed, index, deadline,
                                          query=query, opening=k))
    return results


async def run_class(url: str, page: str, students: int, *, ramp: float = 0.0,
                    timeout: float = 300.0, keep: bool = False,
                    views_needed: int | None = None, query: str = "", repeat: int = 1,
                    every: float = 0.0) -> Report:
    """``students`` emulated students open ``page`` on the server at ``url``, spread evenly
    over ``ramp`` seconds (0: all at once); the run ends by ``timeout`` seconds. ``query``
    is the page's address query (:func:`student_query` per student). With ``repeat`` N > 1
    each student opens the page N times, ``every`` seconds apart, each open closing the
    previous one's kernel first (:func:`reopening_student`); the report then gives time to
    usable per open number too."""
    url = check_url(url)
    page = page_path(page)
    check_bounds(students, timeout, ramp)
    check_repeat(repeat, every, ramp, timeout)
    query = check_query(query, students)
    needed = expected_views_of(page) if views_needed is None else views_needed
    AsyncHTTPClient.configure(None, max_clients=max(students, 10))
    start = time.monotonic()
    deadline = start + timeout
    delays = [ramp * i / students for i in range(students)]
    per_student = await asyncio.gather(*(
        reopening_student(url, page, needed, i, deadline, start + delays[i], repeat=repeat,
                          every=every, query=student_query(query, i + 1))
        for i in range(students)))
    wall = time.monotonic() - start
    last = [opens[-1] for opens in per_student]
    for r in last:
        measure(r)
    if not keep:
        await asyncio.gather(*(shutdown_kernel(url, r.kernel_id) for r in last
                               if r.kernel_id))
    results = [r for opens in per_student for r in opens]
    report = summarize(page, results, wall, os.getloadavg()[0], students=students)
    report.query = query
    if repeat > 1:
        report.repeat, report.every = repeat, every
        report.per_open = per_open(results)
    return report


# --- a soak: students who keep the page open and use it ----------------------------------
#: Seconds between a soak student's clicks, drawn uniformly (``--seed``) in this range.
CLICK_GAP = (2.0, 6.0)
#: Seconds between a soak student's reloads: about 2 minutes, drawn so reloads spread.
RELOAD_GAP = (110.0, 130.0)
#: A kernel that does not answer kernel_info within this many seconds is a dead page.
ANSWER_SECONDS = 10.0
#: Seconds between memory samples.
SAMPLE_SECONDS = 30.0
#: Seconds a student waits after a dead page before opening it again (as a person would).
RETRY_SECONDS = 2.0
#: After the soak's minutes: time left to finish what is under way (an open, a
#: kernel_info), then to shut the kernels down; together within :data:`SOAK_GRACE`.
FINISH_SECONDS = 30.0
SHUTDOWN_SECONDS = 20.0
#: The most a soak runs past its minutes.
SOAK_GRACE = 60.0
#: The longest soak, in minutes.
MAX_SOAK_MINUTES = 30.0
#: The most opens per student of ``--repeat``.
MAX_REPEAT = 20


def _hidden(state: dict[str, Any], states: dict[str, Any]) -> bool:
    """Whether a model's layout hides it (``display: none`` or ``visibility: hidden``)."""
    layout = state.get("layout")
    if not isinstance(layout, str) or not layout.startswith("IPY_MODEL_"):
        return False
    entry = states.get(layout.removeprefix("IPY_MODEL_"))
    style = entry.get("state", {}) if isinstance(entry, dict) else {}
    return isinstance(style, dict) and (style.get("display") == "none"
                                        or style.get("visibility") == "hidden")


def clickable(states: dict[str, Any], views: Sequence[str]) -> list[str]:
    """The Button models a person could click on the page: reached from its widget views
    through the models' references (children, …), not hidden by their layout (a hidden
    box hides its children too), not disabled. Sorted, so a seeded choice repeats."""
    buttons: list[str] = []

    def enter(model_id: str, entry: Any) -> bool:
        state = entry.get("state") if isinstance(entry, dict) else None
        if not isinstance(state, dict) or _hidden(state, states):
            return False
        name = state.get("_model_name", entry.get("model_name") if entry else None)
        if name == "ButtonModel" and not state.get("disabled", False):
            buttons.append(model_id)
        return True

    walk_models(views, states, enter)
    return sorted(buttons)


def click_message(model_id: str, session: str) -> dict[str, Any]:
    """The message a Button's view sends when clicked (ipywidgets 8: the model's comm, whose
    id is the model id, gets a ``custom`` message ``{"event": "click"}``, which the kernel's
    ``Button`` hands to its ``on_click`` callbacks)."""
    return kernel_message("shell", "comm_msg", {
        "comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}},
        session)


class PageSession:
    """A student's open page during a soak. It reads the kernel's messages as the page's
    widget manager does — new widgets (``comm_open``), state changes (``update``), closed
    widgets (``comm_close``) — so the buttons it clicks are those the page shows now; it
    clicks, and asks whether the kernel still answers."""

    def __init__(self, page: OpenedPage) -> None:
        self.ws = page.ws
        self.views = page.views
        self.states = page.states
        self.session = uuid.uuid4().hex
        #: How many widget state updates the kernel sent (what the clicks changed).
        self.updates = 0

    def apply(self, msg: dict[str, Any]) -> None:
        """Keep the widget state current with one message from the kernel."""
        msg_type = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        content = msg.get("content")
        if not isinstance(content, dict) or not isinstance(content.get("comm_id"), str):
            return
        comm_id: str = content["comm_id"]
        data = content.get("data")
        data = data if isinstance(data, dict) else {}
        state = data.get("state")
        if msg_type == "comm_open" and content.get("target_name") == "jupyter.widget":
            state = state if isinstance(state, dict) else {}
            self.states[comm_id] = {"model_name": state.get("_model_name"),
                                    "state": dict(state)}
        elif (msg_type == "comm_msg" and data.get("method") in ("update", "echo_update")
              and isinstance(state, dict)):
            entry = self.states.get(comm_id)
            if isinstance(entry, dict) and isinstance(entry.get("state"), dict):
                entry["state"].update(state)
                self.updates += 1
        elif msg_type == "comm_close":
            self.states.pop(comm_id, None)

    async def read_until(self, until: float,
                         match: Callable[[dict[str, Any]], bool] | None = None
                         ) -> dict[str, Any] | None:
        """Read and apply the kernel's messages until ``until`` (``time.monotonic``) or one
        that ``match`` accepts (returned; None at ``until``). A closed websocket raises
        ConnectionError."""
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return None
            try:
                frame = await asyncio.wait_for(self.ws.read_message(), left)
            except TimeoutError:
                return None
            if frame is None:
                raise ConnectionError("websocket closed")
            msg = decode_frame(frame)
            self.apply(msg)
            if match is not None and match(msg):
                return msg

    async def click(self, model_id: str) -> None:
        """Click the button ``model_id`` as its view does."""
        await self.ws.write_message(json.dumps(click_message(model_id, self.session)))

    async def answers(self, seconds: float) -> bool:
        """Whether the kernel answers kernel_info within ``seconds`` (meanwhile its other
        messages are applied)."""
        info = kernel_message("shell", "kernel_info_request", {}, self.session)
        await self.ws.write_message(json.dumps(info))
        msg_id = info["header"]["msg_id"]
        reply = await self.read_until(
            time.monotonic() + seconds,
            lambda m: m.get("parent_header", {}).get("msg_id") == msg_id
            and (m.get("msg_type") or m.get("header", {}).get("msg_type"))
            == "kernel_info_reply")
        return reply is not None


class Soak:
    """The students of a soak, what they saw, and the kernels still to shut down."""

    def __init__(self, url: str, page: str, views_needed: int, *, students: int,
                 timeout: float, end: float, query: str, figures: SoakFigures) -> None:
        self.url, self.page, self.views_needed = url, page, views_needed
        self.students, self.timeout, self.end, self.query = students, timeout, end, query
        self.figures = figures
        self.results: list[Student] = []
        #: Each student's open, usable page's kernel (what a memory sample measures).
        self.live: dict[int, str] = {}
        #: Every kernel an open started and nobody shut down yet (shut at the end).
        self.opened: set[str] = set()
        self._first_opens = 0
        self.first_opens_done = asyncio.Event()

    async def close(self, kernel_id: str) -> None:
        """Shut a kernel down as a closed (or reloaded) tab does."""
        await shutdown_kernel(self.url, kernel_id)
        self.opened.discard(kernel_id)

    async def student(self, index: int, delay: float) -> None:
        """One student until the end: open the page, use it (:meth:`use`) until its reload
        time, close its kernel, open it again; a dead page is counted and opened again
        after :data:`RETRY_SECONDS`. At the end the page is left open for the last memory
        sample (the run shuts its kernel)."""
        rng = random.Random(f"{self.figures.seed}:{index}")
        await asyncio.sleep(delay)
        opening = 0
        while time.monotonic() < self.end:
            opening += 1
            deadline = min(time.monotonic() + self.timeout, self.end + FINISH_SECONDS)
            result, page = await open_page(
                self.url, self.page, self.views_needed, index, deadline, opening=opening,
                query=student_query(self.query, index + 1), keep_socket=True)
            self.results.append(result)
            self.figures.opens += 1
            self.figures.reloads += int(opening > 1)
            if result.kernel_id:
                self.opened.add(result.kernel_id)
            if opening == 1:
                self._first_opens += 1
                if self._first_opens == self.students:
                    self.first_opens_done.set()
            if page is None or result.kernel_id is None:
                self.figures.dead(f"not usable ({result.error.split(':')[0] or 'unknown'})")
                if result.kernel_id:
                    await self.close(result.kernel_id)
                await asyncio.sleep(min(RETRY_SECONDS, max(self.end - time.monotonic(), 0)))
                continue
            self.figures.usable += 1
            self.live[index] = result.kernel_id
            measure(result)
            reload_at = time.monotonic() + rng.uniform(*RELOAD_GAP)
            reason = await self.use(PageSession(page), rng, reload_at)
            if reason is None and time.monotonic() >= self.end:
                return
            del self.live[index]
            if reason is not None:
                self.figures.dead(reason)
            await self.close(result.kernel_id)

    async def use(self, session: PageSession, rng: random.Random,
                  reload_at: float) -> str | None:
        """Use an open page until ``reload_at`` or the end: every
        :data:`CLICK_GAP` seconds click a random clickable button (:func:`clickable`),
        then check that the kernel answers kernel_info within :data:`ANSWER_SECONDS`.
        Returns why the page died, or None. The websocket is closed on return."""
        try:
            while True:
                stop = min(reload_at, self.end)
                click_at = time.monotonic() + rng.uniform(*CLICK_GAP)
                if click_at >= stop:
                    await session.read_until(stop)
                    return None
                await session.read_until(click_at)
                buttons = clickable(session.states, session.views)
                if buttons:
                    await session.click(rng.choice(buttons))
                    self.figures.clicks += 1
                if not await session.answers(ANSWER_SECONDS):
                    return f"no kernel_info answer in {ANSWER_SECONDS:g} s"
                self.figures.probes += 1
        except (ConnectionError, WebSocketClosedError, StreamClosedError):
            return "websocket closed"
        except (LoadTestError, ValueError) as err:
            return f"bad message from the kernel: {err}"[:200]
        finally:
            self.figures.updates += session.updates
            session.ws.close()

    def sample(self, start: float) -> None:
        """Read the RSS/PSS of every open page's kernel now."""
        kernels = list(self.live.values())
        pids = kernel_pids(kernels)
        rss: list[float] = []
        pss: list[float] = []
        for kernel_id in kernels:
            if kernel_id in pids:
                r, p = memory_mb(pids[kernel_id])
                rss.append(r)
                pss.append(p)
        self.figures.samples.append(
            MemorySample(round(time.monotonic() - start, 1), rss, pss))

    async def sampler(self, start: float) -> None:
        """Sample memory once every student's first open is over (the start), then every
        :data:`SAMPLE_SECONDS` from the soak's start until its end (the run takes the
        last sample at the end)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.first_opens_done.wait(),
                                   max(self.end - time.monotonic(), 0.001))
        if time.monotonic() < self.end:
            self.sample(start)
        k = math.floor((time.monotonic() - start) / SAMPLE_SECONDS) + 1
        while (at := start + k * SAMPLE_SECONDS) < self.end:
            await asyncio.sleep(max(at - time.monotonic(), 0.0))
            self.sample(start)
            k += 1


async def run_soak(url: str, page: str, students: int, minutes: float, *, seed: int = 0,
                   ramp: float = 0.0, timeout: float = 300.0, query: str = "",
                   views_needed: int | None = None) -> Report:
    """``students`` keep ``page`` open for ``minutes`` and use it (:meth:`Soak.student`),
    arriving over ``ramp`` seconds; each open has ``timeout`` seconds to be usable. The run
    stops by itself: at ``minutes`` the students stop, what is under way gets
    :data:`FINISH_SECONDS`, then every kernel opened is shut down within
    :data:`SHUTDOWN_SECONDS` (a kernel whose page never arrived is unknown to the run)."""
    url = check_url(url)
    page = page_path(page)
    check_bounds(students, timeout, 0.0)
    check_soak(minutes, ramp)
    query = check_query(query, students)
    needed = expected_views_of(page) if views_needed is None else views_needed
    AsyncHTTPClient.configure(None, max_clients=max(students, 10))
    start = time.monotonic()
    figures = SoakFigures(minutes=minutes, seed=seed)
    soak = Soak(url, page, needed, students=students, timeout=timeout,
                end=start + minutes * 60, query=query, figures=figures)
    tasks = [asyncio.create_task(soak.student(i, ramp * i / students))
             for i in range(students)]
    sampler = asyncio.create_task(soak.sampler(start))
    outcomes: list[Any] = []
    try:
        await asyncio.wait(tasks, timeout=max(soak.end + FINISH_SECONDS - time.monotonic(),
                                              0.001))
        sampler.cancel()
        soak.sample(start)
    finally:
        for task in [*tasks, sampler]:
            task.cancel()
        outcomes = await asyncio.gather(*tasks, sampler, return_exceptions=True)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(
                shutdown_kernel(url, k) for k in sorted(soak.opened))), SHUTDOWN_SECONDS)
    # A student stopped by a fault of this script is no figure: say so, kernels shut first.
    for outcome in outcomes:
        if isinstance(outcome, Exception):
            raise outcome
    wall = time.monotonic() - start
    figures.memory = memory_summary(figures.samples)
    report = summarize(page, soak.results, wall, os.getloadavg()[0], students=students)
    report.query = query
    report.soak = figures
    return report


def check_repeat(repeat: int, every: float, ramp: float, timeout: float) -> None:
    """Refuse ``--repeat``/``--every`` outside the bounds: 1 to :data:`MAX_REPEAT` opens,
    and the last student's last open must start within the timeout."""
    if not 1 <= repeat <= MAX_REPEAT:
        raise LoadTestError(f"repeat is 1 to {MAX_REPEAT} opens, not {repeat}")
    if not 0 <= every < math.inf:
        raise LoadTestError(f"every is 0 seconds or more, not {every}")
    if ramp + (repeat - 1) * every >= timeout:
        raise LoadTestError(f"the last open would start after the timeout ({timeout:g} s): "
                            f"ramp {ramp:g} + {repeat - 1} × every {every:g} s")


def check_soak(minutes: float, ramp: float) -> None:
    """Refuse a soak outside the bounds: over 0 and at most :data:`MAX_SOAK_MINUTES`
    minutes, the ramp shorter than the soak."""
    if not 0 < minutes <= MAX_SOAK_MINUTES:
        raise LoadTestError(f"a soak lasts over 0 and at most {MAX_SOAK_MINUTES:.0f} "
                            f"minutes, not {minutes}")
    if not 0 <= ramp < minutes * 60:
        raise LoadTestError(f"the ramp is 0 or more and shorter than the soak "
                            f"({minutes * 60:g} s), not {ramp}")


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
                        help=f"the whole run's limit in seconds (at most {MAX_TIMEOUT:.0f}); "
                             f"with --soak, each open's")
    parser.add_argument("--keep", action="store_true",
                        help="leave the students' kernels running afterwards")
    parser.add_argument("--query", default="",
                        help=f"the page's address query, {STUDENT_MARK} replaced by the "
                             f"student's number, e.g. 'class=ABCDE&name=s{STUDENT_MARK}' "
                             f"(no '#', at most {MAX_QUERY} characters)")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help=f"each student opens the page this many times (1 to "
                             f"{MAX_REPEAT}), each closing the previous kernel as a reload")
    parser.add_argument("--every", type=float, default=None, metavar="S",
                        help="seconds between a student's opens (with --repeat; default 0)")
    parser.add_argument("--soak", type=float, default=None, metavar="MINUTES",
                        help=f"keep the pages open this long (at most "
                             f"{MAX_SOAK_MINUTES:.0f} min), clicking buttons every 2-6 s "
                             f"and reloading every ~2 min")
    parser.add_argument("--seed", type=int, default=0,
                        help="the seed of the soak's clicks and reload times")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        check_url(args.url)
        page_path(args.page)
        check_query(args.query, args.students)
        if args.every is not None and args.repeat < 2:
            raise LoadTestError("--every spaces the opens of --repeat: give --repeat 2 or more")
        if args.soak is None:
            check_bounds(args.students, args.timeout, args.ramp)
            check_repeat(args.repeat, args.every or 0.0, args.ramp, args.timeout)
        else:
            if args.repeat != 1:
                raise LoadTestError("--soak reloads by itself: no --repeat with it")
            if args.keep:
                raise LoadTestError("--soak shuts every kernel it opened: no --keep with it")
            check_bounds(args.students, args.timeout, 0.0)
            check_soak(args.soak, args.ramp)
    except LoadTestError as err:
        parser.error(str(err))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load test; exit status 0 when every open got a usable page (and a soak saw
    no dead page), 1 if not, 2 for a bad argument."""
    args = parse_args(argv)
    run: Coroutine[Any, Any, Report]
    if args.soak is None:
        run = run_class(args.url, args.page, args.students, ramp=args.ramp,
                        timeout=args.timeout, keep=args.keep, query=args.query,
                        repeat=args.repeat, every=args.every or 0.0)
        limit = args.timeout + 60
    else:
        run = run_soak(args.url, args.page, args.students, args.soak, seed=args.seed,
                       ramp=args.ramp, timeout=args.timeout, query=args.query)
        limit = args.soak * 60 + SOAK_GRACE
    try:
        report = asyncio.run(asyncio.wait_for(run, limit))
    except LoadTestError as err:
        print(f"loadtest: {err}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(asdict(report), indent=1, default=str))
    else:
        print(format_report(report))
    dead = report.soak.dead_pages if report.soak else 0
    return 0 if report.failed == 0 and dead == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
