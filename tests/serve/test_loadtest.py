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


# --- the page's query (--query) ------------------------------------------------------------
def test_each_student_gets_its_number_in_the_query() -> None:
    query = lt.check_query("?class=ABCDE&name=s{n}", 10)
    assert query == "class=ABCDE&name=s{n}"  # a leading '?' is the address's, not the query's
    assert [lt.student_query(query, n) for n in (1, 10)] == [
        "class=ABCDE&name=s1", "class=ABCDE&name=s10"]
    assert lt.page_address("http://127.0.0.1:1/", "home.ipynb", "name=s1") == (
        "http://127.0.0.1:1/voila/render/home.ipynb?name=s1")
    assert lt.page_address("http://127.0.0.1:1/", "home.ipynb") == (
        "http://127.0.0.1:1/voila/render/home.ipynb")


@pytest.mark.parametrize(("query", "words"), [
    ("class=A#top", "no '#'"), ("name=a b", "no spaces"), ("name=a\tb", "no spaces"),
    ("x=" + "a" * 399, "at most 400 characters")])
def test_a_query_no_browser_would_send_is_refused(query: str, words: str) -> None:
    with pytest.raises(lt.LoadTestError, match=words):
        lt.check_query(query)


def test_the_query_limit_counts_the_highest_students_number() -> None:
    query = "n=" + "a" * 396 + "{n}"  # 401 characters as written
    assert lt.check_query(query, 99) == query  # student 99's: 400 characters
    with pytest.raises(lt.LoadTestError, match="not 401"):
        lt.check_query(query, 100)  # student 100's: 401


# --- the command line of the new modes -----------------------------------------------------
@pytest.mark.parametrize(("argv", "words"), [
    (["--query", "class=A#b"], "no '#'"),
    (["--query", "x=" + "a" * 401], "at most 400"),
    (["--repeat", "21"], "repeat is 1 to 20"), (["--repeat", "0"], "repeat is 1 to 20"),
    (["--repeat", "2", "--every", "-1"], "every is 0 seconds or more"),
    (["--repeat", "3", "--every", "150", "--timeout", "300"], "after the timeout"),
    (["--repeat", "2", "--every", "10", "--ramp", "290", "--timeout", "300"],
     "after the timeout"),
    (["--every", "3"], "give --repeat 2 or more"),
    (["--soak", "31"], "at most 30 minutes"), (["--soak", "0"], "over 0"),
    (["--soak", "1", "--repeat", "2"], "no --repeat"), (["--soak", "1", "--keep"], "no --keep"),
    (["--soak", "1", "--ramp", "60"], "shorter than the soak"),
    (["--soak", "1", "--students", "101"], "students is 1 to")])
def test_the_new_options_refuse_out_of_bounds_runs_with_one_line(
        argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        lt.parse_args(argv)
    assert exit_.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.startswith("loadtest.py: error:") and words in error


def test_the_new_options_in_bounds() -> None:
    args = lt.parse_args(["--repeat", "20", "--every", "10", "--timeout", "300",
                          "--query", "class=ABCDE&name=s{n}", "--students", "10"])
    assert (args.repeat, args.every, args.query, args.soak) == (
        20, 10.0, "class=ABCDE&name=s{n}", None)
    # A soak's --timeout is each open's limit: a 30-minute soak needs no longer one.
    args = lt.parse_args(["--soak", "30", "--seed", "7", "--ramp", "600"])
    assert (args.soak, args.seed, args.repeat, args.every) == (30.0, 7, 1, None)


# --- per-open figures (--repeat) -----------------------------------------------------------
def test_per_open_percentiles_count_each_open_number_apart() -> None:
    results = [lt.Student(i, ok=True, seconds=s, opening=k)
               for k, times in [(1, [3.0, 1.0, 2.0]), (2, [0.5, 0.25]), (3, [9.0])]
               for i, s in enumerate(times)]
    results.append(lt.Student(2, opening=2, error="timeout: no answer"))
    results.append(lt.Student(1, opening=3, error="http 500: boom"))
    figures = lt.per_open(results)
    assert [(f.opening, f.opens, f.ok) for f in figures] == [(1, 3, 3), (2, 3, 2), (3, 2, 1)]
    assert (figures[0].p50, figures[0].p95, figures[0].max) == (2.0, 3.0, 3.0)
    assert (figures[1].p50, figures[1].p95, figures[1].max) == (0.25, 0.5, 0.5)
    assert (figures[2].p50, figures[2].max) == (9.0, 9.0)
    report = lt.summarize("home.ipynb", results, wall=12.0, load_1min=1.0, students=3)
    report.repeat, report.every, report.per_open = 3, 5.0, figures
    assert (report.students, report.opens, report.ok, report.failed) == (3, 8, 6, 2)
    text = lt.format_report(report)
    assert "3 students, 8 opens, 6 usable, 2 failed" in text
    assert "2nd open: 2 of 3 usable, p50 0.25 s, p95 0.50 s, max 0.50 s" in text
    assert "3rd open: 1 of 2 usable" in text and "5 s apart" in text
    as_json = json.loads(json.dumps(lt.asdict(report), default=str))
    assert as_json["per_open"][1] == {"opening": 2, "opens": 3, "ok": 2, "p50": 0.25,
                                      "p95": 0.5, "max": 0.5}
    assert [r["opening"] for r in as_json["results"]][:3] == [1, 1, 1]


def test_an_open_that_never_worked_has_nan_figures() -> None:
    [figure] = lt.per_open([lt.Student(0, opening=1, error="timeout")])
    assert figure.ok == 0 and math.isnan(figure.p50) and math.isnan(figure.max)


def test_a_repeating_student_closes_each_kernel_before_its_next_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    events: list[str] = []

    async def fake_open(url: str, page: str, needed: int, index: int, deadline: float,
                        start_delay: float = 0.0, *, query: str = "",
                        opening: int = 1) -> Any:
        events.append(f"open {index}.{opening} {query}")
        ok = not (index == 1 and opening == 2)
        return lt.Student(index, ok=ok, seconds=0.1 * opening, opening=opening,
                          kernel_id=f"k{index}.{opening}", error="" if ok else "timeout: x")

    async def fake_shutdown(url: str, kernel_id: str) -> None:
        events.append(f"shut {kernel_id}")

    monkeypatch.setattr(lt, "one_student", fake_open)
    monkeypatch.setattr(lt, "shutdown_kernel", fake_shutdown)
    report = asyncio.run(lt.run_class("http://127.0.0.1:9/", "home", 2, repeat=3,
                                      every=0.05, timeout=10, views_needed=1,
                                      query="name=s{n}"))
    for index in (0, 1):
        mine = [e for e in events if f"{index}." in e]
        assert mine == [f"open {index}.1 name=s{index + 1}", f"shut k{index}.1",
                        f"open {index}.2 name=s{index + 1}", f"shut k{index}.2",
                        f"open {index}.3 name=s{index + 1}", f"shut k{index}.3"]
    assert (report.students, report.opens, report.ok, report.failed) == (2, 6, 5, 1)
    assert [(f.opening, f.ok) for f in report.per_open] == [(1, 2), (2, 1), (3, 2)]
    assert report.query == "name=s{n}" and report.repeat == 3


# --- the soak ------------------------------------------------------------------------------
def test_dead_pages_are_counted_by_reason() -> None:
    soak = lt.SoakFigures(minutes=1, seed=0)
    for reason in ["websocket closed", "no kernel_info answer in 10 s",
                   "not usable (timeout)", "websocket closed"]:
        soak.dead(reason)
    assert soak.dead_pages == 4
    assert soak.dead_reasons == {"websocket closed": 2, "no kernel_info answer in 10 s": 1,
                                 "not usable (timeout)": 1}
    soak.opens, soak.usable, soak.clicks = 9, 7, 40
    text = "\n".join(lt.format_soak(soak))
    assert "9 opens" in text and "7 usable, 4 dead pages, 40 clicks sent" in text
    assert "dead 2×: websocket closed" in text


def test_memory_is_summed_up_at_the_start_middle_and_end() -> None:
    nan = math.nan
    samples = [lt.MemorySample(0.5, [], []),  # no page open yet: skipped
               lt.MemorySample(2.0, [100.0, 110.0, 90.0], [80.0, 90.0, 70.0]),
               lt.MemorySample(10.0, [100.0], [80.0]),
               lt.MemorySample(30.0, [100.0, 130.0], [80.0, nan]),
               lt.MemorySample(60.0, [101.0, 150.0, 99.0, 200.0], [81.0, 1.0, 2.0, 3.0]),
               lt.MemorySample(90.0, [nan], [nan]),  # the kernel went meanwhile: skipped
               lt.MemorySample(118.0, [100.0, 140.0, 120.0], [80.0, 100.0, 90.0])]
    memory = lt.memory_summary(samples)
    assert list(memory) == ["start", "middle", "end"]
    assert memory["start"] == lt.MemoryFigures(2.0, 3, 100.0, 110.0, 80.0, 90.0)
    # Halfway between 2 s and 118 s is 60 s (by time, not the middle sample, 30 s).
    assert memory["middle"] == lt.MemoryFigures(60.0, 4, 125.5, 200.0, 2.5, 81.0)
    assert memory["end"] == lt.MemoryFigures(118.0, 3, 120.0, 140.0, 90.0, 100.0)
    assert lt.memory_summary([lt.MemorySample(1.0, [], [])]) == {}
    one = lt.memory_summary([lt.MemorySample(1.0, [70.0], [50.0])])
    assert one["start"] == one["middle"] == one["end"]


def _model(name: str, **state: Any) -> dict[str, Any]:
    return {"model_name": name, "state": {"_model_name": name, **state}}


def test_only_buttons_a_person_could_click_are_clicked() -> None:
    ids = {k: k * 32 for k in "abcdefgh"}
    ref = {k: f"IPY_MODEL_{v}" for k, v in ids.items()}
    states = {
        ids["a"]: _model("VBoxModel", children=[ref["b"], ref["c"], ref["e"]]),
        ids["b"]: _model("ButtonModel", description="Deal"),
        ids["c"]: _model("ButtonModel", disabled=True),
        ids["e"]: _model("HBoxModel", children=[ref["f"]], layout=ref["g"]),
        ids["f"]: _model("ButtonModel"),  # inside a hidden box
        ids["g"]: _model("LayoutModel", display="none"),
        ids["h"]: _model("ButtonModel"),  # not on the page
    }
    assert lt.clickable(states, [ids["a"]]) == [ids["b"]]
    states[ids["g"]]["state"]["display"] = ""
    assert lt.clickable(states, [ids["a"]]) == sorted([ids["b"], ids["f"]])
    states[ids["g"]]["state"]["visibility"] = "hidden"
    assert lt.clickable(states, [ids["a"]]) == [ids["b"]]


def test_a_click_is_the_message_a_buttons_view_sends() -> None:
    msg = lt.click_message(M1, "s1")
    assert msg["channel"] == "shell" and msg["header"]["msg_type"] == "comm_msg"
    assert msg["content"] == {"comm_id": M1, "data": {"method": "custom",
                                                      "content": {"event": "click"}}}


def test_the_page_keeps_its_widget_state_current() -> None:
    page = lt.PageSession(lt.OpenedPage(None, [M1], {M1: _model("ButtonModel")}))
    page.apply({"msg_type": "comm_open", "content": {
        "comm_id": M2, "target_name": "jupyter.widget",
        "data": {"state": {"_model_name": "ButtonModel", "disabled": True}}}})
    assert page.states[M2]["model_name"] == "ButtonModel"
    page.apply({"msg_type": "comm_msg", "content": {
        "comm_id": M2, "data": {"method": "update", "state": {"disabled": False}}}})
    page.apply({"msg_type": "comm_msg", "content": {
        "comm_id": M1, "data": {"method": "echo_update", "state": {"disabled": True}}}})
    assert page.states[M2]["state"]["disabled"] is False
    assert page.states[M1]["state"]["disabled"] is True and page.updates == 2
    page.apply({"msg_type": "comm_close", "content": {"comm_id": M1, "data": {}}})
    assert M1 not in page.states
    page.apply({"msg_type": "status", "content": {"execution_state": "idle"}})  # ignored
    assert set(page.states) == {M2}


def test_kernels_are_found_in_one_pass(tmp_path: Path) -> None:
    for pid, kernel in [("12", "a"), ("34", "b"), ("56", "c")]:
        (tmp_path / pid).mkdir()
        (tmp_path / pid / "cmdline").write_bytes(f"python\0-f\0kernel-{kernel}.json".encode())
    assert lt.kernel_pids(["a", "c", "z"], tmp_path) == {"a": 12, "c": 56}
    assert lt.kernel_pids([], tmp_path) == {}


class FakeSocket:
    """A kernel's websocket as a soak sees it: ``ok`` answers kernel_info and turns each
    click into a widget update, ``closes`` closes at the first message, ``silent`` never
    answers."""

    def __init__(self, mode: str) -> None:
        import asyncio

        self.mode = mode
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    async def write_message(self, text: str) -> None:
        msg = json.loads(text)
        if self.mode == "closes":
            self.queue.put_nowait(None)
        elif self.mode == "ok" and msg["header"]["msg_type"] == "kernel_info_request":
            self.queue.put_nowait(json.dumps({"msg_type": "kernel_info_reply",
                                              "parent_header": msg["header"], "content": {}}))
        elif self.mode == "ok" and msg["header"]["msg_type"] == "comm_msg":
            self.queue.put_nowait(json.dumps({"msg_type": "comm_msg", "content": {
                "comm_id": msg["content"]["comm_id"],
                "data": {"method": "update", "state": {"description": "clicked"}}}}))

    def read_message(self) -> Any:
        return self.queue.get()

    def close(self) -> None:
        self.closed = True


def test_a_soak_counts_dead_pages_stops_by_itself_and_shuts_every_kernel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import time

    # Student 0's pages work; student 1's first closes its websocket, its second stops
    # answering, its third is not usable, the rest work.
    plans = {0: ["ok"] * 50, 1: ["closes", "silent", "unusable"] + ["ok"] * 50}
    opened: list[str] = []
    shut: list[str] = []
    sockets: list[FakeSocket] = []

    async def fake_open(url: str, page: str, needed: int, index: int, deadline: float,
                        *, query: str = "", opening: int = 1,
                        keep_socket: bool = False) -> Any:
        assert keep_socket and query == f"name=s{index + 1}"
        mode = plans[index][opening - 1]
        kernel = f"k{index}.{opening}"
        opened.append(kernel)
        if mode == "unusable":
            return lt.Student(index, opening=opening, kernel_id=kernel,
                              error="timeout: the page did not arrive in time"), None
        ws = FakeSocket(mode)
        sockets.append(ws)
        return (lt.Student(index, ok=True, seconds=0.01, opening=opening, kernel_id=kernel),
                lt.OpenedPage(ws, [M1], {M1: _model("ButtonModel")}))  # type: ignore[arg-type]

    async def fake_shutdown(url: str, kernel_id: str) -> None:
        shut.append(kernel_id)

    monkeypatch.setattr(lt, "open_page", fake_open)
    monkeypatch.setattr(lt, "shutdown_kernel", fake_shutdown)
    monkeypatch.setattr(lt, "kernel_pids", lambda ids: {k: 1 for k in ids})
    monkeypatch.setattr(lt, "memory_mb", lambda pid: (100.0, 80.0))
    for name, value in [("CLICK_GAP", (0.02, 0.05)), ("RELOAD_GAP", (0.5, 0.6)),
                        ("ANSWER_SECONDS", 0.2), ("SAMPLE_SECONDS", 0.5),
                        ("RETRY_SECONDS", 0.05)]:
        monkeypatch.setattr(lt, name, value)
    t0 = time.monotonic()
    report = asyncio.run(lt.run_soak("http://127.0.0.1:9/", "home", 2, 0.03, seed=3,
                                     views_needed=1, query="name=s{n}"))
    assert time.monotonic() - t0 < 0.03 * 60 + 1.0  # 1.8 s, and the end came by itself
    soak = report.soak
    assert soak is not None
    assert soak.dead_reasons == {"websocket closed": 1, "no kernel_info answer in 0.2 s": 1,
                                 "not usable (timeout)": 1}
    assert soak.dead_pages == 3 and soak.opens == len(opened) == report.opens
    assert soak.usable == soak.opens - 1 == report.ok and report.failed == 1
    assert soak.reloads == soak.opens - 2  # every open after each student's first
    assert sum(k.startswith("k0.") for k in opened) >= 3  # student 0 reloaded (~0.5 s)
    # Each click's update came back, but for the pages that closed or went silent.
    assert soak.clicks > 10 and soak.updates == soak.clicks - 2
    assert sorted(shut) == sorted(opened)  # every kernel, each once
    assert all(ws.closed for ws in sockets)
    assert set(soak.memory) == {"start", "middle", "end"}
    assert soak.memory["end"].kernels == 2 and soak.memory["end"].rss_median == 100.0
    text = lt.format_report(report)
    assert "3 dead pages" in text and "memory per kernel at the middle" in text
    as_json = json.loads(json.dumps(lt.asdict(report), default=str))
    assert as_json["soak"]["dead_pages"] == 3 and as_json["soak"]["clicks"] == soak.clicks
    assert as_json["soak"]["memory"]["start"]["kernels"] >= 1


@pytest.mark.slow
def test_a_reloading_student_and_a_one_minute_soak_see_no_dead_page(
        capsys: pytest.CaptureFixture[str]) -> None:
    import time

    from widgets.site.serve import running_voila

    # One pre-heated kernel each: the first open takes it, reloads start kernels on demand.
    started = time.monotonic()
    with running_voila({"WPP_POOL": "0,home=1,03_the_mulligan=1"}, notebook="notebooks/",
                       timeout=120) as url:
        status = lt.main(["--url", url, "--page", "home", "--students", "1", "--repeat", "3",
                          "--every", "3", "--timeout", "120",
                          "--query", "class=ABCDE&name=s{n}"])
        repeat_text = capsys.readouterr().out
        assert status == 0, repeat_text
        for nth in ("1st", "2nd", "3rd"):
            assert f"{nth} open: 1 of 1 usable" in repeat_text
        soak_start = time.monotonic()
        status = lt.main(["--url", url, "--page", "03_the_mulligan", "--students", "2",
                          "--soak", "1", "--timeout", "60", "--seed", "1",
                          "--query", "class=ABCDE&name=s{n}", "--json"])
        soak_seconds = time.monotonic() - soak_start
        soak_json = capsys.readouterr().out
        report = json.loads(soak_json)
        soak = report["soak"]
        assert status == 0, soak_json
        assert soak["dead_pages"] == 0 and soak["opens"] == soak["usable"] == report["ok"]
        assert report["failed"] == 0 and report["opens"] >= 2
        assert soak["clicks"] > 0 and soak["updates"] > 0 and soak["probes"] >= soak["clicks"]
        assert set(soak["memory"]) == {"start", "middle", "end"}
        assert soak["memory"]["end"]["kernels"] == 2
        assert 60 <= soak_seconds <= 60 + lt.SOAK_GRACE
        # Every kernel the soak opened was shut down (the pool's refills are others).
        time.sleep(2)
        kernels = [r["kernel_id"] for r in report["results"] if r["kernel_id"]]
        assert len(kernels) == report["opens"]
        assert lt.kernel_pids(kernels) == {}
    assert time.monotonic() - started < 180
    soak["samples"] = f"{len(soak['samples'])} samples"
    print(repeat_text, json.dumps(soak, indent=1))  # shown by pytest -rP


def test_a_fault_of_the_script_in_a_soak_is_raised_after_the_kernels_are_shut(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    shut: list[str] = []

    async def fake_open(url: str, page: str, needed: int, index: int, deadline: float,
                        **kwargs: Any) -> Any:
        ws = FakeSocket("ok")
        return (lt.Student(index, ok=True, seconds=0.01, kernel_id=f"k{index}"),
                lt.OpenedPage(ws, [M1], {M1: {"state": "not a dict"}}))  # type: ignore[arg-type]

    async def fake_shutdown(url: str, kernel_id: str) -> None:
        shut.append(kernel_id)

    def broken(states: Any, views: Any) -> list[str]:
        raise RuntimeError("a bug")

    monkeypatch.setattr(lt, "open_page", fake_open)
    monkeypatch.setattr(lt, "shutdown_kernel", fake_shutdown)
    monkeypatch.setattr(lt, "clickable", broken)
    monkeypatch.setattr(lt, "CLICK_GAP", (0.01, 0.02))
    with pytest.raises(RuntimeError, match="a bug"):
        asyncio.run(lt.run_soak("http://127.0.0.1:9/", "home", 2, 0.01, views_needed=1))
    assert sorted(shut) == ["k0", "k1"]
