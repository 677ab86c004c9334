"""Run chunks of work in this process, in a local process pool, or on a Dask cluster.

:func:`map_chunks` cuts a list of items into chunks and applies one function to each chunk.
Where the chunks run is the only thing that changes:

* ``workers=1`` (the default) — here, one chunk after the other;
* ``workers=n`` — a local :class:`concurrent.futures.ProcessPoolExecutor` of ``n`` processes;
* ``scheduler="tcp://host:port"`` or ``client=`` — a Dask distributed cluster, through the
  client's :class:`concurrent.futures.Executor` (``Client.get_executor``), so the pool and
  the cluster are driven by the very same loop.

The function must be importable by name (a module-level function) for the pool and for Dask.
Results come back in chunk order whatever order the chunks finish in, so with a function of
each item alone the result is identical for any number of workers and any chunk size. A tqdm
progress bar (the notebook widget in Jupyter, via ``tqdm.auto``) counts items as chunks finish.

>>> map_chunks(sum, list(range(10)), chunk_size=4, progress=False)
[6, 22, 17]
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import math
from collections.abc import Callable, Iterator, Sequence
from importlib import import_module
from typing import Any, TypeVar

__all__ = ["default_chunk_size", "map_chunks", "progress_bar"]

T = TypeVar("T")
R = TypeVar("R")


def default_chunk_size(items: int, workers: int) -> int:
    """Chunks small enough to balance the load (about 8 per worker) and to move the
    progress bar, large enough that sending them costs little: 1 to 50 items.

    >>> default_chunk_size(2000, 2), default_chunk_size(10, 4), default_chunk_size(0, 1)
    (50, 1, 1)
    """
    return max(1, min(50, math.ceil(items / (8 * max(1, workers)))))


def progress_bar(total: int, desc: str, enabled: bool = True) -> Any:
    """A tqdm bar (``tqdm.auto``: a widget in Jupyter, text on stderr elsewhere)."""
    tqdm = import_module("tqdm.auto").tqdm
    return tqdm(total=total, desc=desc, unit="game", disable=not enabled, leave=True)


def _chunks(items: Sequence[T], size: int) -> list[Sequence[T]]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _run_here(fn: Callable[[Sequence[T]], R],
              chunks: list[Sequence[T]]) -> Iterator[tuple[int, R]]:
    for i, chunk in enumerate(chunks):
        yield i, fn(chunk)


def _run_on(executor: cf.Executor, fn: Callable[[Sequence[T]], R],
            chunks: list[Sequence[T]]) -> Iterator[tuple[int, R]]:
    futures = {executor.submit(fn, chunk): i for i, chunk in enumerate(chunks)}
    try:
        for future in cf.as_completed(futures):
            yield futures[future], future.result()
    finally:
        for future in futures:
            future.cancel()


def map_chunks(
    fn: Callable[[Sequence[T]], R],
    items: Sequence[T],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    client: Any = None,
    chunk_size: int | None = None,
    progress: bool = True,
    desc: str = "games",
) -> list[R]:
    """``[fn(chunk) for chunk in chunks of items]``, computed where asked (see module docs).

    ``client`` is a ``dask.distributed.Client`` to use as it is; ``scheduler`` an address to
    connect a new client to (closed at the end). Either one takes precedence over
    ``workers``.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    results: dict[int, R] = {}
    with contextlib.ExitStack() as stack:
        runs: Iterator[tuple[int, R]]
        if client is not None or scheduler is not None:
            if client is None:
                distributed = import_module("distributed")
                client = stack.enter_context(distributed.Client(scheduler, timeout=15))
            threads = sum(client.nthreads().values()) or 1  # the cluster's parallelism
            chunks = _chunks(items, chunk_size or default_chunk_size(len(items), threads))
            executor: cf.Executor = client.get_executor(pure=False)
            runs = _run_on(executor, fn, chunks)
        else:
            chunks = _chunks(items, chunk_size or default_chunk_size(len(items), workers))
            if workers > 1 and len(chunks) > 1:
                pool = stack.enter_context(cf.ProcessPoolExecutor(max_workers=workers))
                runs = _run_on(pool, fn, chunks)
            else:
                runs = _run_here(fn, chunks)
        bar = stack.enter_context(progress_bar(len(items), desc, progress))
        for i, result in runs:
            results[i] = result
            bar.update(len(chunks[i]))
    return [results[i] for i in range(len(chunks))]
