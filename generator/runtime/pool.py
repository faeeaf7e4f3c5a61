"""Rendering pages on every core: a pool of processes forked from the build.

A forked worker starts with everything the build has in memory (the checked games, the plan,
the index entries, the simulated numbers, the compiled templates), so a task is just a page's
path and its result the page's bytes with what it was made from. A page depends on nothing
rendered before it in the same build, so the pages are the same bytes whichever process makes
them. Few pages (an edit) are rendered in the build's own process: a pool costs more than it
saves there.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, TypeVar

WORKER_NAME = b"rulebook-page"  # the name a page worker shows in `ps` (Linux)
MIN_PER_WORKER = 48  # pages: below this a worker's start-up costs more than it saves

T = TypeVar("T")
R = TypeVar("R")

_TASK: list[Callable[[object], object]] = []  # the function the forked workers run


def usable_workers(workers: int, tasks: int) -> int:
    """Processes worth starting for ``tasks`` pages (``workers``: at most; 0, one per core)."""
    if sys.platform != "linux":  # fork is what makes a task this cheap to send
        return 1
    cores = os.cpu_count() or 1
    return max(1, min(workers or cores, cores, tasks // MIN_PER_WORKER))


def pool_map(make: Callable[[T], R], tasks: list[T], *, workers: int) -> list[R]:
    """``[make(task) for task in tasks]``, in forked processes when there are enough tasks."""
    count = usable_workers(workers, len(tasks))
    if count == 1:
        return [make(task) for task in tasks]
    stride = count * 4  # small chunks, each a mix of big and small pages
    chunks = [tasks[i::stride] for i in range(stride)]
    _TASK[:] = [make]  # type: ignore[list-item]  # read by the forked children
    pool: ProcessPoolExecutor | None = None
    results: dict[int, R] = {}
    try:
        # As for the PDF workers (pdf.py): Ctrl-C is held back while the workers start,
        # and the pool is stopped, never waited for, when anything goes wrong.
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pool = ProcessPoolExecutor(max_workers=count,
                                       mp_context=multiprocessing.get_context("fork"),
                                       initializer=_init_worker, initargs=(os.getpid(),))
            done = pool.map(_run_chunk, chunks)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for start, chunk_results in enumerate(done):
            for i, result in enumerate(chunk_results):
                results[start + i * stride] = result  # type: ignore[assignment]
        pool.shutdown()
    except BaseException:
        if pool is not None:
            _stop(pool)
        raise
    finally:
        _TASK.clear()
    return [results[i] for i in range(len(tasks))]


def _run_chunk(chunk: list[object]) -> list[object]:
    make = _TASK[0]
    return [make(task) for task in chunk]


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us with the parent
    libc.prctl(15, WORKER_NAME)  # PR_SET_NAME
    if os.getppid() != parent:  # the parent was gone before the line above
        os._exit(1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the pool now (Ctrl-C, an error): kill the workers rather than wait for them."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public way to reach them
    for process in processes:
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(5)
