"""The one worker pool: processes forked from the build for pages, PDFs and simulations.

A forked worker starts with everything the build has in memory (the checked games, the plan,
the compiled templates), so a task can be as small as a page's path. Every pool here behaves
the same way, whoever uses it:

- Ctrl-C is held back while the workers start (a worker dying in its initializer would leave
  the pool hanging), and each worker then ignores it: the parent handles it and stops them.
- A worker dies with the parent, even a killed one (``PR_SET_PDEATHSIG`` on Linux, a
  watching thread elsewhere), and shows its job in ``ps`` and ``top`` (``rulebook-page``).
- On any error or interrupt the workers are killed, never waited for.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Callable, Iterable, Iterator, TypeVar

from .files import failpoint

T = TypeVar("T")
R = TypeVar("R")

MAX_DEFAULT_WORKERS = 8


def default_workers() -> int:
    """One worker per core, at most eight."""
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))


def usable_workers(requested: int, tasks: int, *, per_worker: int = 1) -> int:
    """The one worker-count policy of every step (checking, pages, simulations, PDFs, the
    search's services): processes worth starting for ``tasks`` (``requested``: at most; 0,
    ``default_workers()``), never more than cores, nor than one per ``per_worker`` tasks
    (below that a worker's start-up costs more than it saves)."""
    cores = os.cpu_count() or 1
    return max(1, min(requested or default_workers(), cores, tasks // per_worker))


@contextlib.contextmanager
def worker_pool(workers: int, *, name: str,
                setup: Callable[[], None] | None = None) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` forked processes named ``rulebook-<name>``, each running
    ``setup()`` first. Leaving the block normally waits for the work given to it; leaving it
    by an exception (Ctrl-C among them) kills the workers at once."""
    context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
    pool: ProcessPoolExecutor | None = None
    try:
        # A Ctrl-C held back here is raised as soon as the mask is restored, still inside the
        # try whose handler stops the pool: one that escaped it would leave the pool's thread
        # waiting for its workers at exit, for ever.
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            failpoint(f"{name}-pool-starting")  # the tests' Ctrl-C, held back from here
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                       initializer=_init_worker,
                                       initargs=(os.getpid(), f"rulebook-{name}".encode(), setup))
            pool.submit(int)  # a forking pool starts all its workers at the first task: now
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        failpoint(f"{name}-pool-started")  # the workers forked, Ctrl-C no longer held, no task yet
        yield pool
        pool.shutdown()
    except BaseException:
        if pool is not None:
            _stop(pool)
        raise


WAKE = 1.0  # seconds: how long ``finished`` waits for a task before it ticks


def finished(futures: Iterable[Future[T]], *, tick: Callable[[], None],
             wake: float = WAKE) -> Iterator[Future[T]]:
    """``futures`` as each is done (in no set order), with ``tick()`` called at least every
    ``wake`` seconds while none is: the progress of work whose tasks are long (a Macao
    configuration's simulation, a booklet) is then said on time, not only when a task ends
    (and a tick that raises ends the work: see worker_pool)."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=wake, return_when=FIRST_COMPLETED)
        yield from done
        tick()


_TASK: list[Callable[[object], object]] = []  # the function the forked workers of pool_map run


def pool_map(make: Callable[[T], R], tasks: list[T], *, workers: int, name: str,
             per_worker: int = 1, advance: Callable[[int], None] = lambda done: None) -> list[R]:
    """``[make(task) for task in tasks]``, in forked processes when there are enough tasks
    (``make`` itself is never pickled: the workers inherit it); ``advance(n)`` is told as
    tasks are done."""
    count = usable_workers(workers, len(tasks), per_worker=per_worker)
    if count == 1 or sys.platform != "linux":  # fork is what makes a task this cheap to send
        out = []
        for task in tasks:
            out.append(make(task))
            advance(1)
        return out
    stride = count * 4  # small chunks, each a mix of big and small tasks
    chunks = [tasks[i::stride] for i in range(stride)]
    _TASK[:] = [make]  # type: ignore[list-item]  # read by the forked children
    results: dict[int, R] = {}
    try:
        with worker_pool(count, name=name) as pool:
            for start, chunk_results in enumerate(pool.map(_run_chunk, chunks)):
                for i, result in enumerate(chunk_results):
                    results[start + i * stride] = result  # type: ignore[assignment]
                advance(len(chunk_results))
    finally:
        _TASK.clear()
    return [results[i] for i in range(len(tasks))]


def _run_chunk(chunk: list[object]) -> list[object]:
    make = _TASK[0]
    return [make(task) for task in chunk]


def _init_worker(parent: int, name: bytes, setup: Callable[[], None] | None) -> None:
    failpoint(f"{name.decode().removeprefix('rulebook-')}-worker-starting")  # Ctrl-C still blocked
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _die_with_parent(parent, name)
    if setup is not None:
        setup()


def _die_with_parent(parent: int, name: bytes) -> None:
    """A worker whose build was killed (kill -9) must not live on, blocked forever."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us with the parent
        libc.prctl(15, name)  # PR_SET_NAME: `ps` and `top` show what this process is
    if os.getppid() != parent:  # the parent was gone before the line above
        os._exit(1)
    if sys.platform != "linux":
        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(1)
            os._exit(1)
        threading.Thread(target=watch, daemon=True).start()


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the pool now (Ctrl-C, an error): kill the workers rather than wait for them."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public way to reach them
    for process in processes:
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(5)
