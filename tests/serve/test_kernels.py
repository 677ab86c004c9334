"""The server's pools hand out only live kernels (issue 33): a kernel waiting in a pool is
never culled; one that died, never started or failed to prepare its page is taken out and
replaced; pool kernels prepare their pages in turns, a refill after a visitor first.

These drive :class:`widgets.site.kernels.PoolKernelManager` with stand-in kernels; the serve
and browser tests run the real server as ``make play`` and ``make class`` do."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.site.kernels import PoolKernelManager, TurnGate, ready_line


class FakeKernel:
    def __init__(self, alive: bool) -> None:
        self.alive = alive

    async def is_alive(self) -> bool:
        return self.alive


def entry(kernel_id: str, *, render_done: bool = False, fail: bool = False,
          render_error: bool = False) -> asyncio.Future[Any]:
    """A pool entry as Voilà keeps it: a finished task giving the kernel and its render."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()
    if fail:
        future.set_exception(RuntimeError("Kernel didn't respond in 60 seconds"))
        return future
    render: asyncio.Future[Any] = loop.create_future()
    if render_error:
        render.set_exception(RuntimeError("the page failed"))
    elif render_done:
        render.set_result(([], None))
    future.set_result({"kernel_id": kernel_id, "task": render, "renderer": None})
    return future


class Manager(PoolKernelManager):
    """The pool manager over stand-in kernels, recording what it shuts down and refills."""

    def __init__(self, kernels: dict[str, FakeKernel]) -> None:
        super().__init__()
        self.fakes = kernels
        self.shut: list[str] = []
        self.refilled: list[str] = []
        self.culled: list[str] = []
        self._pools: dict[str, list[Any]] = {}

    def __contains__(self, kernel_id: object) -> bool:
        return kernel_id in self.fakes

    def get_kernel(self, kernel_id: str) -> Any:
        return self.fakes[kernel_id]

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self.shut.append(kernel_id)
        self.fakes.pop(kernel_id, None)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       **kwargs: Any) -> None:
        self.refilled.append(str(notebook_name))


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_a_kernel_waiting_in_a_pool_is_never_culled(monkeypatch: pytest.MonkeyPatch) -> None:
    async def go() -> list[str]:
        km = Manager({"a": FakeKernel(True), "b": FakeKernel(True)})
        culled: list[str] = []

        async def base_cull(self: Any, kernel_id: str) -> None:
            culled.append(kernel_id)

        monkeypatch.setattr(PoolKernelManager.__mro__[1], "cull_kernel_if_idle", base_cull)
        km._pools["play.ipynb"] = [entry("a")]          # "b" was handed to a visitor
        await km.cull_kernel_if_idle("a")
        await km.cull_kernel_if_idle("b")
        return culled

    assert run(go()) == ["b"]


def test_dead_failed_and_stopped_kernels_are_taken_out_and_replaced() -> None:
    async def go() -> Manager:
        km = Manager({"live": FakeKernel(True), "dead": FakeKernel(False),
                      "broken": FakeKernel(True), "ready": FakeKernel(True)})
        km._pools["play.ipynb"] = [entry("live"), entry("dead"), entry("gone")]
        km._pools["03_the_mulligan.ipynb"] = [entry("x", fail=True),
                                              entry("broken", render_error=True),
                                              entry("ready", render_done=True)]
        await km.check_pools()
        return km

    km = run(go())
    kept = {page: [e.result()["kernel_id"] for e in pool] for page, pool in km._pools.items()}
    assert kept == {"play.ipynb": ["live"], "03_the_mulligan.ipynb": ["ready"]}
    assert sorted(km.shut) == ["broken", "dead"]
    assert sorted(km.refilled) == ["03_the_mulligan.ipynb"] * 2 + ["play.ipynb"] * 2


def test_a_healthy_pool_is_left_alone() -> None:
    async def go() -> Manager:
        km = Manager({"a": FakeKernel(True), "b": FakeKernel(True)})
        km._pools["home.ipynb"] = [entry("a", render_done=True), entry("b")]
        assert await km.check_pools() == []
        return km

    km = run(go())
    assert km.shut == [] and km.refilled == [] and len(km._pools["home.ipynb"]) == 2


@settings(max_examples=80, deadline=None)
@given(size=st.integers(1, 3),
       priorities=st.lists(st.integers(0, 1), min_size=1, max_size=12))
def test_turns_never_exceed_the_gate_and_refills_go_first(size: int,
                                                         priorities: list[int]) -> None:
    async def go() -> tuple[list[tuple[int, int]], int]:
        gate, order, most = TurnGate(size), [], 0
        held = 0
        for _ in range(size):          # the gate is full when the others arrive
            await gate.acquire(1)

        async def one(n: int, priority: int) -> None:
            nonlocal held, most
            await gate.acquire(priority)
            held += 1
            most = max(most, held)
            order.append((priority, n))
            await asyncio.sleep(0)
            held -= 1
            gate.release()

        tasks = [asyncio.create_task(one(n, p)) for n, p in enumerate(priorities)]
        await asyncio.sleep(0)
        for _ in range(size):
            gate.release()
        await asyncio.gather(*tasks)
        return order, most

    order, most = asyncio.run(go())
    assert most <= size
    # Served by priority, then arrival — for the first ``size`` served at once, and
    # every later one at the moment a place came free.
    assert [p for p, _n in order[:size]] == sorted(p for p, _n in order[:size])
    assert sorted(order) == sorted((p, n) for n, p in enumerate(priorities))
    assert order[:1] == sorted(order)[:1]


def test_a_waiter_that_gives_up_passes_its_place_on() -> None:
    async def go() -> int:
        gate = TurnGate(1)
        await gate.acquire()
        waiter = asyncio.create_task(gate.acquire())
        await asyncio.sleep(0)
        waiter.cancel()
        gate.release()
        await asyncio.sleep(0)
        await asyncio.wait_for(gate.acquire(), 1)   # the place is free again
        return gate.held

    assert run(go()) == 1


def test_the_ready_line_names_each_pages_capacity() -> None:
    counts = {"play.ipynb": (30, 30), **{f"p{i}.ipynb": (1, 1) for i in range(5)}}
    assert ready_line(counts) == ("Ready for a class: play for 30 students at once, every "
                                  "other page for 1")
