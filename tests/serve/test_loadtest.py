"""scripts/loadtest.py's own logic (parsing a page, statistics, bounds, memory, frames) and
serve/voila.py's pool setting; and, marked slow, ten pages opened at once on a test server
by the script's client, every one complete."""

from __future__ import annotations

import importlib.util
import json
import math
import struct
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from traitlets.config import Config

ROOT = Path(__file__).resolve().parent.parent.parent


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


lt = _load("wpp_loadtest", ROOT / "scripts" / "loadtest.py")
pools = _load("wpp_serve_voila", ROOT / "serve" / "voila.py")

KERNEL = "0a1b2c3d-0000-4000-8000-123456789abc"
M1, M2, M3 = "1" * 32, "2" * 32, "3" * 32


def page_html(views: list[str], *, kernel: str | None = KERNEL, finished: bool = True,
              extra: str = "", outputs: list[Any] | None = None) -> str:
    """A page shaped like the ones Voilà sends with the wpp template."""
    config = {"baseUrl": "/"} | ({"kernelId": kernel} if kernel else {})
    cells = "".join(
        '<script type="application/vnd.voila.cell-output+json">'
        + json.dumps({"output_type": "display_data",
                      "data": {"application/vnd.jupyter.widget-view+json":
                               {"model_id": v, "version_major": 2}}}) + "</script>"
        for v in views)
    cells += "".join('<script type="application/vnd.voila.cell-output+json">'
                     + json.dumps(o) + "</script>" for o in outputs or [])
    end = "<script>window.voila_finish();</script></body></html>" if finished else ""
    return ("<html><head><style>.wpp-missing-output { color: red }</style></head><body>"
            f'<script id="jupyter-config-data" type="application/json">{json.dumps(config)}'
            f"</script>{cells}{extra}{end}")


# --- parsing a page ------------------------------------------------------------------------
def test_a_whole_page_gives_its_kernel_and_views() -> None:
    page = lt.parse_page(page_html([M1, M2]))
    assert page.kernel_id == KERNEL and page.views == [M1, M2]
    assert page.complete and page.errors == []


def test_a_page_cut_short_is_incomplete() -> None:
    assert not lt.parse_page(page_html([M1], finished=False)).complete


def test_a_page_without_kernel_says_so() -> None:
    assert lt.parse_page(page_html([M1], kernel=None)).kernel_id is None


def test_error_outputs_and_the_missing_output_notice_are_errors() -> None:
    err = {"output_type": "error", "ename": "TimeoutError", "evalue": "Timeout error"}
    assert lt.parse_page(page_html([M1], outputs=[err])).errors == [
        "TimeoutError: Timeout error"]
    notice = '<div class="wpp-missing-output" role="alert">did not come</div>'
    assert lt.parse_page(page_html([M1], extra=notice)).errors
    # The template's stylesheet names the class too: that alone is no error.
    assert lt.parse_page(page_html([M1])).errors == []


def test_expected_views_counts_the_stored_notebooks_widget_outputs() -> None:
    view = {"data": {"application/vnd.jupyter.widget-view+json": {"model_id": M1}}}
    nb = {"cells": [{"cell_type": "code", "outputs": [view, {"data": {"text/plain": "x"}}]},
                    {"cell_type": "markdown", "source": "no outputs"},
                    {"cell_type": "code", "outputs": [view]}]}
    assert lt.expected_views(nb) == 2
    assert lt.expected_views_of("play") == 1  # stored without outputs: the app's page
    assert lt.expected_views_of("02_the_rules") >= 7  # each sandbox of the lesson (2a)
    assert lt.expected_views_of("02_your_first_game") >= 3  # and of its second half (2b)
    assert lt.expected_views_of("analysts_ofc") == 0  # tables and figures only


def test_missing_models_follows_references_recursively() -> None:
    states = {M1: {"state": {"children": [f"IPY_MODEL_{M2}"]}},
              M2: {"state": {"layout": f"IPY_MODEL_{M3}"}}}
    assert lt.missing_models([M1], states) == [M3]
    states[M3] = {"state": {}}
    assert lt.missing_models([M1], states) == []
    assert lt.missing_models([M1, "f" * 32], states) == ["f" * 32]


# --- statistics ----------------------------------------------------------------------------
@given(st.lists(st.floats(0, 1e4, allow_nan=False), min_size=1, max_size=60),
       st.floats(0, 100), st.floats(0, 100))
def test_percentiles_are_measured_values_in_order(values: list[float], a: float,
                                                  b: float) -> None:
    lo, hi = sorted((a, b))
    assert lt.percentile(values, lo) in values
    assert lt.percentile(values, lo) <= lt.percentile(values, hi)
    assert lt.percentile(values, 100) == max(values)
    assert lt.percentile(values, 0) == min(values)


def test_percentile_of_nothing_is_nan_and_q_is_bounded() -> None:
    assert math.isnan(lt.percentile([], 50))
    with pytest.raises(lt.LoadTestError, match="between 0 and 100"):
        lt.percentile([1.0], 101)


def test_nearest_rank_percentiles() -> None:
    values = [float(v) for v in range(1, 21)]  # 1..20
    assert lt.percentile(values, 50) == 10.0 and lt.percentile(values, 95) == 19.0


def test_summarize_counts_failures_by_reason_and_times_only_usable_pages() -> None:
    results = [lt.Student(0, ok=True, seconds=1.0, rss_mb=70.0, pss_mb=50.0),
               lt.Student(1, ok=True, seconds=3.0, rss_mb=72.0, pss_mb=54.0),
               lt.Student(2, error="timeout: no answer"),
               lt.Student(3, error="missing output: 0 widget views of 1"),
               lt.Student(4, error="timeout: the page did not arrive in time")]
    report = lt.summarize("play.ipynb", results, wall=4.0, load_1min=2.5)
    assert (report.students, report.ok, report.failed) == (5, 2, 3)
    assert report.failures == {"timeout": 2, "missing output": 1}
    assert (report.p50, report.p95, report.max) == (1.0, 3.0, 3.0)
    assert report.rss_mb_per_student == 71.0 and report.pss_mb_per_student == 52.0
    text = lt.format_report(report)
    assert "2 usable, 3 failed" in text and "failed 2×: timeout" in text


# --- bounds --------------------------------------------------------------------------------
@pytest.mark.parametrize("students", [0, -1, lt.MAX_STUDENTS + 1])
def test_the_number_of_students_is_bounded(students: int) -> None:
    with pytest.raises(lt.LoadTestError, match="students is 1 to"):
        lt.check_bounds(students, 60.0, 0.0)


@pytest.mark.parametrize(("timeout", "ramp"), [(0.0, 0.0), (lt.MAX_TIMEOUT + 1, 0.0),
                                               (60.0, 60.0), (60.0, -1.0)])
def test_the_run_is_bounded_in_time(timeout: float, ramp: float) -> None:
    with pytest.raises(lt.LoadTestError):
        lt.check_bounds(10, timeout, ramp)


def test_in_bounds_runs_pass() -> None:
    lt.check_bounds(1, 1.0, 0.0)
    lt.check_bounds(lt.MAX_STUDENTS, lt.MAX_TIMEOUT, 30.0)


@pytest.mark.parametrize("url", ["http://example.com:8866/", "http://10.0.0.1:8866/",
                                 "https://127.0.0.1:8866/", "ftp://127.0.0.1/", "127.0.0.1"])
def test_only_this_machine_is_loaded(url: str) -> None:
    with pytest.raises(lt.LoadTestError):
        lt.check_url(url)


def test_loopback_addresses_are_accepted() -> None:
    assert lt.check_url("http://127.0.0.1:8866") == "http://127.0.0.1:8866/"
    assert lt.check_url("http://localhost:1/") == "http://localhost:1/"
    assert lt.check_url("http://[::1]:8866/") == "http://[::1]:8866/"


@pytest.mark.parametrize("page", ["../secret", "a/b", "", "a\\\\b", "x y", ".hidden"])
def test_a_page_is_a_notebook_name(page: str) -> None:
    with pytest.raises(lt.LoadTestError):
        lt.page_path(page)


def test_page_names_map_to_notebooks() -> None:
    assert lt.page_path("play") == "play.ipynb"
    assert lt.page_path("03_the_mulligan.ipynb") == "03_the_mulligan.ipynb"


@pytest.mark.parametrize("argv", [["--students", "101"], ["--timeout", "1000"],
                                  ["--url", "http://example.com/"], ["--page", "../x"],
                                  ["--ramp", "400"]])
def test_the_command_line_refuses_out_of_bounds_runs(argv: list[str],
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    with pytest.raises(SystemExit) as exit_:
        lt.parse_args(argv)
    assert exit_.value.code == 2
    assert "loadtest.py: error:" in capsys.readouterr().err


def test_the_command_line_defaults() -> None:
    args = lt.parse_args([])
    assert (args.url, args.page, args.students, args.ramp) == (
        "http://127.0.0.1:8866/", "play", 1, 0.0)


# --- memory and frames ---------------------------------------------------------------------
def test_a_kernel_is_found_by_its_connection_file(tmp_path: Path) -> None:
    for pid, cmd in [("12", b"python\0-m\0ipykernel_launcher\0-f\0/tmp/kernel-other.json"),
                     ("34", f"python\0-f\0/tmp/v/kernel-{KERNEL}.json".encode()),
                     ("self", b"ignored")]:
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "cmdline").write_bytes(cmd)
    (tmp_path / "56").mkdir()  # a process gone meanwhile: no cmdline
    assert lt.kernel_pid(KERNEL, tmp_path) == 34
    assert lt.kernel_pid("f" * 8, tmp_path) is None


def test_memory_reads_rss_and_pss(tmp_path: Path) -> None:
    (tmp_path / "7").mkdir()
    (tmp_path / "7" / "smaps_rollup").write_text(
        "55d0-7ffe ---p 00000000 00:00 0   [rollup]\nRss:   71680 kB\nPss:   51200 kB\n")
    assert lt.memory_mb(7, tmp_path) == (70.0, 50.0)
    rss, pss = lt.memory_mb(8, tmp_path)
    assert math.isnan(rss) and math.isnan(pss)


def test_binary_frames_are_decoded() -> None:
    msg = {"msg_type": "comm_msg", "content": {"data": {"method": "update_states"}}}
    parts = [json.dumps(msg).encode(), b"\x00\x01binary"]
    offsets = [4 * (len(parts) + 1)]
    offsets.append(offsets[0] + len(parts[0]))
    frame = struct.pack("!III", len(parts), *offsets) + b"".join(parts)
    assert lt.decode_frame(frame) == msg
    assert lt.decode_frame(json.dumps(msg)) == msg
    with pytest.raises(lt.LoadTestError):
        lt.decode_frame(b"\x00\x00\x00\x09abcd")


def test_kernel_messages_name_their_channel_and_session() -> None:
    m = lt.kernel_message("shell", "kernel_info_request", {}, "s1")
    assert m["channel"] == "shell" and m["header"]["session"] == "s1"
    assert m["header"]["msg_type"] == "kernel_info_request" and len(m["header"]["msg_id"]) == 32


# --- the pool setting (serve/voila.py) -----------------------------------------------------
PAGES = {"play.ipynb", "home.ipynb", "03_the_mulligan.ipynb"}


@pytest.mark.parametrize(("spec", "expected"), [
    ("1", (1, {})), ("0", (0, {})), (" 2 , play=30", (2, {"play.ipynb": 30})),
    ("1,play=30,03_the_mulligan=5", (1, {"play.ipynb": 30, "03_the_mulligan.ipynb": 5})),
    ("1,home.ipynb=2", (1, {"home.ipynb": 2}))])
def test_the_pool_setting_is_parsed(spec: str, expected: tuple[int, dict[str, int]]) -> None:
    assert pools.parse_pool(spec, PAGES) == expected


@pytest.mark.parametrize(("spec", "words"), [
    ("", "a number"), ("play=3", "a number"), ("-1", "a number"), ("1,play", "page=N"),
    ("1,play=x", "page=N"), ("1,nosuch=3", "not a page"), ("1,play=201", "at most 200"),
    ("201", "at most 200"), ("1,../x=2", "page=N")])
def test_a_bad_pool_setting_is_refused_with_its_reason(spec: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        pools.parse_pool(spec, PAGES)


def test_the_pool_setting_configures_every_page_the_room_too() -> None:
    c = Config()
    pools.apply(c, "1,play=30")
    km = c.VoilaKernelManager
    assert km.kernel_pools_config == {"default": {"pool_size": 1},
                                      "play.ipynb": {"pool_size": 30}}
    assert km.preheat_denylist == []  # every page reads its address when handed out
    assert c.VoilaConfiguration.preheat_kernel is True
    assert c.VoilaConfiguration.default_pool_size == 1


def test_a_bad_pool_setting_stops_the_server_with_one_line() -> None:
    with pytest.raises(SystemExit, match=r"serve/voila\.py: WPP_POOL"):
        pools.apply(Config(), "lots")


def test_the_shipped_settings_avoid_port_races_and_silent_timeouts() -> None:
    config = json.loads((ROOT / "serve" / "voila.json").read_text())
    assert config["KernelManager"]["transport"] == "ipc"
    executor = config["VoilaExecutor"]
    assert executor["raise_on_iopub_timeout"] is True and executor["iopub_timeout"] >= 60
    # The pools: ours under Voilà's, refilled at once (issue 39), culled never while waiting.
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == \
        "widgets.site.kernels.PoolKernelManager"
    assert config["VoilaKernelManager"]["fill_delay"] == 0
    template = (ROOT / "serve" / "jupyter" / "voila" / "templates" / "wpp" /
                "index.html.j2").read_text()
    assert lt.MISSING_MARK in template and "The game's engine stopped" in template


# --- a class on a test server --------------------------------------------------------------
@pytest.mark.slow
def test_ten_students_at_once_all_get_complete_pages() -> None:
    import asyncio

    from widgets.site.serve import running_voila

    # Two pre-heated play pages, the other eight started on demand: both paths at once.
    with running_voila({"WPP_POOL": "0,play=2", "WPP_AI_DELAY": "0"}, notebook="notebooks/",
                       timeout=120) as url:
        report = asyncio.run(lt.run_class(url, "play", 10, timeout=300))
    assert report.failed == 0, lt.format_report(report)
    assert report.ok == 10
    for student in report.results:
        assert student.views >= lt.expected_views_of("play") and student.models > 0


@pytest.mark.slow
def test_an_output_that_cannot_come_shows_a_notice_with_a_retry() -> None:
    import urllib.request

    from widgets.site.serve import running_voila

    # No time at all for a cell's output: every wait for it times out, as under a heavy load.
    with running_voila({"WPP_POOL": "0"}, extra_args=["--VoilaExecutor.iopub_timeout=0"],
                       notebook="notebooks/13_strategy.ipynb", timeout=120) as url, \
            urllib.request.urlopen(url, timeout=120) as response:
        html = response.read().decode()
    page = lt.parse_page(html)
    assert page.complete, "the page must still arrive whole"
    assert page.errors == ["a cell's output did not arrive (the template's notice)"]
    assert "This part of the page did not come." in html
    assert "too busy to prepare it in time" in html
    assert 'onclick="window.location.reload()">Reload the page</button>' in html
