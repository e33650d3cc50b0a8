"""Seeded work split into fixed chunks, run here, on several processes, or on Dask.

The chunks depend only on the amount of work and the chunk size, and chunk
``i`` always draws from ``SeedSequence(seed).spawn(...)[i]``. Workers only
decide *who* computes which chunk, so a study gives the same numbers on one
core, on every core, or on a Dask cluster.
"""

from __future__ import annotations

import gc
import os
import pickle
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

from tabletop.odds.errors import OddsError
from tabletop.odds.progress import progress_bar

T = TypeVar("T")

#: Container objects made, less those freed, between two collections of the youngest objects
#: while chunks run (Python's default is 700).
CHUNK_COLLECTION_THRESHOLD = 10_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """The cyclic garbage collector run less often while chunks run. A bot game makes and drops
    thousands of small dicts and lists a move (views, events), and at Python's default every
    few hundred of them start a collection that walks whatever young objects are alive: about
    one CPU second in twenty of a paired study. Garbage is collected all the same, only in
    larger batches."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], CHUNK_COLLECTION_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _pickler() -> Any:
    """cloudpickle (installed with Dask), which also ships functions defined in a notebook,
    else the plain pickle (module-level functions only); imported when workers are used."""
    try:
        import cloudpickle
    except ImportError:  # pragma: no cover - the plain pickle handles module-level functions
        return pickle
    return cloudpickle


def chunk_sizes(total: int, chunk: int) -> list[int]:
    """Split ``total`` units of work into chunks of ``chunk`` (the last may be smaller)."""
    if not isinstance(total, int) or total < 1:
        raise OddsError(f"the number of trials must be a whole number >= 1, not {total!r}")
    full, rest = divmod(total, chunk)
    return [chunk] * full + ([rest] if rest else [])


def chunk_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed of chunk ``index``: equal to ``SeedSequence(seed).spawn(index + 1)[index]``."""
    if not isinstance(seed, int | np.integer) or seed < 0:
        raise OddsError(f"a seed must be a whole number >= 0, not {seed!r}")
    return np.random.SeedSequence(int(seed), spawn_key=(index,))


def chunk_rng(seed: int, index: int) -> np.random.Generator:
    """A random generator for chunk ``index`` of a study seeded with ``seed``."""
    return np.random.default_rng(chunk_seed(seed, index))


def _call_pickled(blob: bytes, index: int) -> Any:
    with fewer_collections():
        return _pickler().loads(blob)(index)


def run_chunks(
    task: Callable[[int], T],
    n_chunks: int,
    *,
    workers: int = 1,
    client: Any = None,
    progress: bool = False,
    desc: str = "",
) -> list[T]:
    """``[task(0), task(1), ...]`` computed locally, in ``workers`` processes, or on Dask.

    ``workers=0`` asks for every core of this machine. ``client`` may be a
    ``dask.distributed.Client``, a scheduler address, or ``True`` to start a local
    cluster for this call with ``workers`` processes.
    """
    if type(workers) is not int or workers < 0:
        raise OddsError(f"workers must be a whole number >= 0 (0: every core), not {workers!r}")
    workers = workers or os.cpu_count() or 1
    bar = progress_bar(n_chunks, desc=desc, enabled=progress)
    try:
        if client is not None and client is not False:
            return _on_dask(task, n_chunks, client, workers, bar)
        if workers > 1 and n_chunks > 1 and processes_available():
            return _on_processes(task, n_chunks, workers, bar)
        results = []
        with fewer_collections():
            for i in range(n_chunks):
                results.append(task(i))
                bar.update(1)
        return results
    finally:
        bar.close()


def processes_available() -> bool:
    """Whether this Python can start worker processes. A Python with none (Pyodide in a
    browser, a sandbox without ``multiprocessing``) computes every chunk here instead: the
    chunks' seeds make the numbers the same."""
    try:
        import multiprocessing.synchronize  # noqa: F401 (its semaphores are what pools need)
        from concurrent.futures import ProcessPoolExecutor  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def _on_processes(task: Callable[[int], T], n_chunks: int, workers: int, bar: Any) -> list[T]:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    blob = _pickler().dumps(task)
    results: list[Any] = [None] * n_chunks
    with ProcessPoolExecutor(max_workers=min(workers, n_chunks)) as pool:
        futures = {pool.submit(_call_pickled, blob, i): i for i in range(n_chunks)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            bar.update(1)
    return results


def _on_dask(task: Callable[[int], T], n_chunks: int, client: Any, workers: int, bar: Any):
    from dask.distributed import Client
    from dask.distributed import as_completed as dask_completed

    own = None
    if client is True:
        n = workers
        own = client = Client(n_workers=n, threads_per_worker=1, dashboard_address=None)
    elif isinstance(client, str):
        own = client = Client(client)
    try:
        futures = client.map(task, range(n_chunks), pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        results: list[Any] = [None] * n_chunks
        for future in dask_completed(futures):
            results[index[future.key]] = future.result()
            bar.update(1)
        return results
    finally:
        if own is not None:
            own.close()
