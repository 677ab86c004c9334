"""The server's kernels: pre-heated pools that only hand out live kernels, filled in steps
the machine can carry, ready at once again after a visitor took one.

Voilà keeps a pool of pre-heated kernels per page (``make play``'s ``POOL``,
``serve/voila.py``): each has run its page's notebook up to the page's address
(:mod:`widgets.parts.address`) before anybody asks, so a visitor gets the page at once. Voilà
builds its pool class on top of the server's kernel manager class
(``VoilaConfiguration.multi_kernel_manager_class``); ``serve/voila.py`` names this one, which
adds what a class needs of the pools:

* **No kernel waiting in a pool is culled.** The culler stops idle kernels without a page
  after ``cull_idle_timeout``; a kernel waiting in a pool is idle and has no page by nature.
  A kernel counts as waiting while Voilà's pool still holds it (it leaves the pool the moment
  a visitor is handed it; from then on the usual rules apply: a closed page's kernel is
  culled).
* **No dead kernel is handed out.** Every :attr:`PoolKernelManager.check_every` seconds each
  pool is checked: a kernel that stopped (killed, out of memory), never started, or whose
  page failed to prepare is taken out of its pool, shut down and replaced at once.
* **Pools fill in steps the machine can carry.** At most :attr:`PoolKernelManager.fill_at_once`
  pool kernels prepare their page at the same time (default: one per core); the others wait
  their turn. A kernel's turn ends when its page is prepared
  (:meth:`PoolKernelManager.prepared`), when a visitor took it, or after
  :data:`SETTLE_LIMIT` seconds. A kernel a visitor already waits for (one taken from its pool
  before it was ready) goes first; then a refill after a visitor took a kernel, before the
  first filling of the pools, so a page that was just used is ready again first.
* **It says when it is ready**: the log counts the kernels ready while the pools fill, then
  one line says for how many students at once each page is ready (``make class`` prints it).

Voilà itself refills a pool the moment a kernel is handed out (``fill_delay`` 0 in
``serve/voila.json``): the turn-taking above is what keeps a class's burst of students from
competing with thirty refills at once.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections.abc import Callable, Iterator
from typing import Any, Final

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer

__all__ = ["SETTLE_LIMIT", "PoolKernelManager", "TurnGate", "ready_line"]

#: The longest a pool kernel's turn to prepare its page lasts (seconds).
SETTLE_LIMIT: Final = 60.0


class TurnGate:
    """At most ``size`` holders at once; a freed place goes to the waiter whose priority is
    lowest *now* (a waiter's priority may be a function, asked at each release: a pool
    kernel a visitor is already waiting for becomes urgent), then to the earliest.

    >>> async def demo() -> list[str]:
    ...     gate, order, taken = TurnGate(1), [], []
    ...     await gate.acquire(1)                   # a first fill holds the only place
    ...     async def wait(name: str, priority: Priority) -> None:
    ...         await gate.acquire(priority)
    ...         order.append(name)
    ...         gate.release()
    ...     waiting = [asyncio.create_task(wait("fill", 1)),
    ...                asyncio.create_task(wait("refill", 0)),
    ...                asyncio.create_task(wait("a visitor's", lambda: -1 if taken else 1))]
    ...     await asyncio.sleep(0)
    ...     taken.append(True)                      # a visitor now waits for that kernel
    ...     gate.release()
    ...     await asyncio.gather(*waiting)
    ...     return order
    >>> asyncio.run(demo())
    ["a visitor's", 'refill', 'fill']
    """

    def __init__(self, size: int) -> None:
        self.size = max(1, size)
        self.held = 0
        self._waiters: list[tuple[int, Priority, asyncio.Future[None]]] = []
        self._order = itertools.count()

    async def acquire(self, priority: Priority = 0) -> None:
        """Wait for a place (``priority``: lower goes first; a number, or a function that
        gives it when a place comes free)."""
        if self.held < self.size and not self._waiters:
            self.held += 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((next(self._order), priority, future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # the place came as the waiter gave up: pass it on
            raise

    def release(self) -> None:
        """Give a place back (to the most urgent waiter, if any)."""
        self._waiters = [w for w in self._waiters if not w[2].done()]
        if self._waiters:
            best = min(self._waiters, key=lambda w: (_now(w[1]), w[0]))
            self._waiters.remove(best)
            best[2].set_result(None)
            return
        self.held = max(0, self.held - 1)

    @property
    def waiting(self) -> int:
        """How many wait for a place."""
        return sum(1 for _n, _p, f in self._waiters if not f.done())


#: A waiter's priority: a number, or a function that gives it now.
Priority = int | Callable[[], int]


def _now(priority: Priority) -> int:
    return priority() if callable(priority) else priority


class PoolKernelManager(AsyncMappingKernelManager):
    """The server's kernel manager, under Voilà's pools (see the module docs)."""

    fill_at_once = Integer(0, config=True,
                           help="Pool kernels that prepare their page at the same time "
                                "(0: one per core).")
    check_every = Float(2.0, config=True,
                        help="Seconds between checks that the pools' kernels are alive.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._gate: TurnGate | None = None
        self._checker: asyncio.Task[None] | None = None
        self._started_at = time.monotonic()
        self._announced = ""
        self._replaced = 0

    # ------------------------------------------------------------------ the pools
    def _pool_tasks(self) -> Iterator[tuple[str, list[Any], Any]]:
        """(page, its pool's list, an entry) for every entry of every pool (Voilà keeps a
        pool as a list of tasks that give ``{"kernel_id", "task", "renderer"}``)."""
        pools: dict[str, list[Any]] = getattr(self, "_pools", {})
        for page, pool in list(pools.items()):
            for entry in list(pool):
                yield page, pool, entry

    def _in_a_pool(self, entry: object) -> bool:
        """Is ``entry`` (a task) still in one of Voilà's pools (no visitor took it yet)?"""
        return any(e is entry for _page, _pool, e in self._pool_tasks())

    def waiting_kernels(self) -> set[str]:
        """The kernels waiting in a pool, not yet handed to a visitor."""
        return set(self._entries())

    def pool_counts(self) -> dict[str, tuple[int, int]]:
        """Page → (kernels in its pool with their page prepared, the pool's size)."""
        out: dict[str, tuple[int, int]] = {}
        for page, pool in dict(getattr(self, "_pools", {})).items():
            if not pool:  # a page without a pool (POOL=0 for it)
                continue
            ready = sum(1 for e in pool if e.done() and not e.cancelled()
                        and e.exception() is None and self.prepared(e.result()["kernel_id"]))
            out[page] = (ready, len(pool))
        return out

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull as usual, except a kernel waiting in a pool: it is idle by nature."""
        if kernel_id in self.waiting_kernels():
            return
        await super().cull_kernel_if_idle(kernel_id)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ starting
    async def start_kernel(  # type: ignore[override]
            self, *args: Any, **kwargs: Any) -> str:
        """Start a kernel; a pool's kernel waits for its turn first (a refill after a visitor
        before the first filling), and holds it until its page is prepared."""
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") != "True":  # a visitor's own kernel: no waiting
            return str(await super().start_kernel(*args, **kwargs))
        self._watch()
        gate = self._turns()
        # This task is the pool's entry (Voilà's ``_initialize`` runs inside it): once it has
        # left its pool, a visitor is waiting for it, and it goes first.
        entry = asyncio.current_task()
        base = 0 if env.get("VOILA_REQUEST_URL") else 1  # a refill before a first filling
        await gate.acquire(lambda: base if self._in_a_pool(entry) else -1)
        try:
            kernel_id = str(await super().start_kernel(*args, **kwargs))
        except BaseException:
            gate.release()
            raise
        asyncio.get_running_loop().create_task(self._end_turn_when_settled(kernel_id, gate))
        return kernel_id

    def _turns(self) -> TurnGate:
        if self._gate is None:
            self._gate = TurnGate(self.fill_at_once or (os.cpu_count() or 1))
        return self._gate

    async def _end_turn_when_settled(self, kernel_id: str, gate: TurnGate) -> None:
        """Release ``gate`` once the kernel's page is prepared (:meth:`prepared`), it left
        its pool or stopped, or after :data:`SETTLE_LIMIT` seconds."""
        try:
            deadline = time.monotonic() + SETTLE_LIMIT
            while time.monotonic() < deadline and kernel_id in self:
                await asyncio.sleep(0.2)
                if self.prepared(kernel_id) or kernel_id not in self._entries():
                    break
        finally:
            gate.release()

    def _entries(self) -> dict[str, dict[str, Any]]:
        """Kernel id → Voilà's pool entry, for the kernels waiting in a pool."""
        out: dict[str, dict[str, Any]] = {}
        for _page, _pool, entry in self._pool_tasks():
            if entry.done() and not entry.cancelled() and entry.exception() is None:
                out[str(entry.result()["kernel_id"])] = entry.result()
        return out

    def prepared(self, kernel_id: str) -> bool:
        """Has this pool kernel prepared its page: run its notebook to the end, or up to
        where the page reads its address (it then waits for the request on Voilà's
        request-info websocket)?"""
        from voila.request_info_handler import RequestInfoSocketHandler

        if kernel_id in RequestInfoSocketHandler._waiters:
            return True
        entry = self._entries().get(kernel_id)
        return entry is not None and bool(entry["task"].done())

    # ------------------------------------------------------------------ the watch
    def _watch(self) -> None:
        if self._checker is None or self._checker.done():
            self._checker = asyncio.get_running_loop().create_task(self._check_forever())

    async def _check_forever(self) -> None:
        while True:
            await asyncio.sleep(self.check_every)
            try:
                await self.check_pools()
                self._announce()
            except Exception:  # the watch must outlive any one bad check
                self.log.exception("checking the kernel pools failed")

    async def check_pools(self) -> list[str]:
        """Take out of their pools the kernels that stopped, never started or failed to
        prepare their page; shut them down and refill. Returns the pages refilled."""
        refill: list[str] = []
        for page, pool, entry in self._pool_tasks():
            if not entry.done():
                continue
            reason = await self._unusable(entry)
            if reason is None:
                continue
            if entry in pool:
                pool.remove(entry)
            self._replaced += 1
            self.log.warning("Pool of %s: replacing a kernel that %s", page, reason)
            if not entry.cancelled() and entry.exception() is None:
                kernel_id = entry.result()["kernel_id"]
                if kernel_id in self:
                    try:
                        await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[no-untyped-call]
                    except Exception:
                        self.log.exception("shutting down %s failed", kernel_id)
            refill.append(page)
        for page in refill:
            # Voilà's own refill (the pool class Voilà builds on this one has it).
            getattr(self, "fill_if_needed")(delay=0, notebook_name=page)  # noqa: B009
        return refill

    async def _unusable(self, entry: Any) -> str | None:
        """Why a finished pool entry cannot be handed out, or ``None``."""
        if entry.cancelled() or entry.exception() is not None:
            return "never started"
        content = entry.result()
        kernel_id = content["kernel_id"]
        if kernel_id not in self:
            return "was stopped"
        if not await ensure_async(self.get_kernel(kernel_id).is_alive()):
            return "died"
        render = content["task"]
        if render.done() and (render.cancelled() or render.exception() is not None):
            return "failed to prepare its page"
        return None

    def _announce(self) -> None:
        """While the pools first fill, log how many kernels are ready (every five), then
        once the line :func:`ready_line` (``make class`` prints it)."""
        if self._announced == "ready":
            return
        counts = self.pool_counts()
        ready = sum(r for r, _n in counts.values())
        total = sum(n for _r, n in counts.values())
        if not total:
            return
        if ready == total:
            self._announced = "ready"
            self.log.info("%s (%d kernels, %.0f s after start)", ready_line(counts), total,
                          time.monotonic() - self._started_at)
        elif ready // 5 != int(self._announced or 0) // 5:
            self._announced = str(ready)
            self.log.info("Preparing the pages: %d of %d kernels ready", ready, total)


def ready_line(counts: dict[str, tuple[int, int]]) -> str:
    """What the server says once its pools are full: how many students at once each page
    is ready for (the most common size as "every other page").

    >>> ready_line({"play.ipynb": (30, 30), "home.ipynb": (1, 1), "draw.ipynb": (1, 1)})
    'Ready for a class: play for 30 students at once, every other page for 1'
    >>> ready_line({"play.ipynb": (2, 2)})
    'Ready for a class: play for 2 students at once'
    >>> ready_line({"play.ipynb": (1, 1), "home.ipynb": (1, 1), "draw.ipynb": (1, 1)})
    'Ready for a class: every page for 1'
    """
    by_size: dict[int, list[str]] = {}
    for page, (_ready, size) in counts.items():
        by_size.setdefault(size, []).append(page.removesuffix(".ipynb"))
    common = max(by_size, key=lambda n: (len(by_size[n]), -n)) if len(counts) > 2 else None
    parts = [f"{', '.join(sorted(pages))} for {size} student{'s' if size != 1 else ''} "
             "at once" for size, pages in sorted(by_size.items(), reverse=True)
             if size != common]
    if common is not None:
        parts.append(f"every {'other ' if parts else ''}page for {common}")
    return "Ready for a class: " + ", ".join(parts)
