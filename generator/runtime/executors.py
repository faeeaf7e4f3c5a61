"""Where the simulations, the games' pages and the PDFs run: the local process pool (the
default, nothing to install), or a Dask cluster named by ``--executor dask://host:port``.

The workers of a cluster share no disk with the build, nor with each other: each task carries
what it needs. A simulation is its game's model and the engine's play function, pickled. A
game's pages are the game pickled, its figures and its pages (pipeline/pages_cluster.py). A PDF
is its HTML. What every task of a kind reads (the templates and catalogs a page reads, the
stylesheets, fonts and images WeasyPrint may read) is one bundle named by the sha256 of its
content (runtime/bundle.py), sent to every worker once (``Cluster.share``, a broadcast
scatter under that name). The workers need the rulebook package and WeasyPrint installed, and
nothing of the project.

A cluster that goes away during a build (its scheduler stops answering, or it has no worker
left for ``patience`` seconds, or its workers die of a task) ends the build with
``ClusterLost``, and the output folder stays as it was (the build publishes at its end).

Before the client connects, ``probe`` reads the scheduler's first words: dask.distributed
reads a length from whatever answers and makes a buffer that long (an HTTP server's
"HTTP/1.1" is a length of 3.5 exabytes: MemoryError), and waits without end on a listener
that says nothing. The probe bounds both: CONNECT_TIMEOUT seconds, and a greeting of a sane
length in Dask's framing, or a usage error that says what answered.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import socket
import struct
import time
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, TypeVar, cast
from urllib.parse import urlsplit

DASK_HINT = "pip install 'distributed>=2024.1' (or: pip install 'rulebook[dask]')"
PATIENCE = 60.0  # seconds a cluster may have no worker before the build gives up on it
POLL = 1.0  # seconds between two looks at the cluster while a task is awaited
CONNECT_TIMEOUT = 10.0  # seconds a scheduler has to accept a connection and greet it
# A scheduler greets a new connection with its handshake, a few hundred bytes in Dask's
# framing: a length (8 bytes), then the frames' count and each frame's length (8 bytes each).
GREETING_MOST = 1 << 20
FRAMES_MOST = 64

T = TypeVar("T")
R = TypeVar("R")


class ExecutorError(Exception):
    """An --executor that cannot be used: a usage error, said plainly."""


class ClusterLost(ExecutorError):
    """The cluster went away during the build, or could not be sent what a task needs."""


def parse(address: str) -> str:
    """The scheduler address of ``dask://host:port``; refuses anything else."""
    parts = urlsplit(address)
    if parts.scheme != "dask" or not parts.hostname or parts.port is None:
        raise ExecutorError(f"--executor expects dask://HOST:PORT, found '{address}'")
    return f"tcp://{parts.hostname}:{parts.port}"


@dataclass
class Cluster:
    """A connected Dask client: ``map`` runs tasks on the workers, ``share`` sends them a
    value once."""

    address: str  # as the user named it: dask://host:port
    client: Any  # distributed.Client (dask.distributed is optional, and untyped)
    patience: float = PATIENCE

    def share(self, name: str, value: T) -> T:
        """What stands for ``value`` as an argument of ``map``'s tasks: the value is sent to
        every worker once, under ``name`` (a content digest: the same name, the same value),
        and each task on that worker is given the worker's copy."""
        try:
            futures = self.client.scatter({name: value}, broadcast=True, hash=False)
        except Exception as error:  # pickling, size, connection: whatever it is, said plainly
            raise ClusterLost(f"could not send {value!r} to the Dask cluster at "
                              f"{self.address}: {type(error).__name__}: {error}") from None
        return cast(T, futures[name])

    def map(self, fn: Callable[..., R], *iterables: Iterable[Any]) -> Iterator[R]:
        """``map(fn, *iterables)`` on the cluster, results in order; an error of a task is
        raised as it is, the cluster's own failures as ``ClusterLost``."""
        try:
            futures = self.client.map(fn, *iterables, pure=False)
        except Exception as error:
            raise self._lost(error) from None
        try:
            for i, future in enumerate(futures):
                yield self._result(future)
                futures[i] = None  # its result stays on a worker while a future names it
        finally:
            with contextlib.suppress(Exception):  # a client cut off cannot cancel: no matter
                self.client.cancel([f for f in futures if f is not None])

    def _result(self, future: Any) -> Any:
        distributed = importlib.import_module("distributed")
        alone = 0.0  # seconds the cluster has had no worker, while this task waited
        while not future.done():
            try:
                distributed.wait(future, timeout=POLL)
            except TimeoutError:
                pass
            except Exception as error:
                raise self._lost(error) from None
            if future.done():
                break
            alone = alone + POLL if self._workers() == 0 else 0.0
            if alone >= self.patience:
                raise ClusterLost(f"the Dask cluster at {self.address} has had no worker for "
                                  f"{self.patience:g} s; nothing was written")
        if future.status == "finished":
            return future.result()
        if future.status == "error":
            failure = future.exception()
            if type(failure).__name__ == "KilledWorker":  # the scheduler gave the task up
                raise self._lost(failure)
            if "deserialization of the task graph" in str(failure):
                raise ExecutorError(
                    f"the Dask scheduler at {self.address} cannot read the build's tasks: it "
                    "needs the same version of rulebook installed as the build, and so do "
                    "its workers (pip install 'rulebook[dask]' there)") from None
            return future.result()  # raises the task's own error, with its traceback
        raise self._lost(f"a task was {future.status}")

    def _workers(self) -> int:
        try:
            info = self.client.scheduler_info(n_workers=-1)
        except Exception as error:
            raise self._lost(error) from None
        return len(info.get("workers", {}))

    def _lost(self, error: object) -> ClusterLost:
        if isinstance(error, BaseException) and "Cancelled" in type(error).__name__:
            said = "its tasks were cancelled: the scheduler, or the workers, stopped"
        else:
            said = f"{type(error).__name__}: {error}" if isinstance(error, BaseException) \
                else str(error)
            said = said.strip().splitlines()[0] if said.strip() else "no reason given"
        return ClusterLost(f"the Dask cluster at {self.address} went away during the build "
                           f"({said}); nothing was written")


def require(address: str) -> Any:
    """dask.distributed, for the cluster at ``address``: a usage error when it is not
    installed (said before the build starts, whether or not it then needs the cluster)."""
    parse(address)
    try:  # imported by name: dask.distributed is optional, and untyped
        return importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError(f"--executor {address} needs dask.distributed, which is not "
                            f"installed: {DASK_HINT}") from None


# The clients of the running ``session`` by address, and what closes them (None: no session).
_SESSION: ContextVar[tuple[dict[str, Cluster], contextlib.ExitStack] | None] = \
    ContextVar("rulebook_cluster_session", default=None)


@contextlib.contextmanager
def session() -> Iterator[None]:
    """A build's connections: within it, every ``connect`` to an address gets the one client
    connected at its first use, closed when the session ends (the simulations, the pages and
    the PDFs of a build share it, rather than each step connecting and sending again)."""
    with contextlib.ExitStack() as stack:
        token = _SESSION.set(({}, stack))
        try:
            yield
        finally:
            _SESSION.reset(token)


@contextlib.contextmanager
def connect(address: str) -> Iterator[Cluster]:
    """A client of the Dask cluster at ``dask://host:port``: connected to only when a step has
    work for it (a build whose simulations and PDFs are all in the cache needs no cluster);
    closed at the end, or, within a ``session``, at the session's end."""
    within = _SESSION.get()
    if within is None:
        with _connected(address) as cluster:
            yield cluster
        return
    clusters, stack = within
    if address not in clusters:
        clusters[address] = stack.enter_context(_connected(address))
    yield clusters[address]


def probe(address: str, *, timeout: float = CONNECT_TIMEOUT) -> None:
    """Raise ``ExecutorError`` unless a Dask scheduler greets a connection at ``address``
    (dask://host:port) within ``timeout`` seconds."""
    parse(address)
    parts = urlsplit(address)
    host, port = parts.hostname or "", parts.port or 0
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            head = _receive(sock, 8, deadline)
            (length,) = struct.unpack("Q", head)  # native, as Dask packs it
            if 16 <= length <= GREETING_MOST:
                body = _receive(sock, length, deadline)
                (frames,) = struct.unpack_from("Q", body)
                if 1 <= frames <= FRAMES_MOST and 8 * (frames + 1) <= length:
                    return
            else:  # for the message: what else it said, as far as it has come
                try:
                    body = sock.recv(24, socket.MSG_DONTWAIT)
                except OSError:
                    body = b""
    except TimeoutError:
        raise ExecutorError(f"the listener at {host}:{port} said nothing within {timeout:g} s: "
                            "it is not a Dask scheduler, or one too busy to answer") from None
    except EOFError:
        raise ExecutorError(f"the listener at {host}:{port} closed the connection before "
                            "greeting it as a Dask scheduler does") from None
    except OSError as error:
        raise ExecutorError(f"no Dask scheduler answers at {host}:{port}: "
                            f"{error.strerror or error}") from None
    raise ExecutorError(f"what listens at {host}:{port} is not a Dask scheduler (it said "
                        f"{(head + body)[:32]!r}); check the port: a scheduler listens on 8786 "
                        "unless told otherwise")


def _receive(sock: socket.socket, size: int, deadline: float) -> bytes:
    """``size`` bytes from ``sock`` before ``deadline`` (TimeoutError), or EOFError when it
    closes first."""
    data = b""
    while len(data) < size:
        sock.settimeout(max(deadline - time.monotonic(), 0.001))
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


@contextlib.contextmanager
def _connected(address: str) -> Iterator[Cluster]:
    scheduler = parse(address)
    distributed = require(address)
    probe(address, timeout=CONNECT_TIMEOUT)  # a scheduler answers there, or the build stops
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
    except OSError as error:
        raise ExecutorError(f"no Dask scheduler answers at {scheduler}: {error}") from None
    # A cluster that goes away is said once, by ClusterLost: not also by the tracebacks the
    # client logs while it tries to reconnect.
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield Cluster(address, client, patience=_patience())
    finally:
        with contextlib.suppress(Exception):  # a cluster gone is already said
            client.close(timeout=5)
        logger.setLevel(level)


def _patience() -> float:
    """``PATIENCE``, or RULEBOOK_TEST_CLUSTER_PATIENCE (the tests wait less)."""
    try:
        return float(os.environ.get("RULEBOOK_TEST_CLUSTER_PATIENCE", PATIENCE))
    except ValueError:
        return PATIENCE
