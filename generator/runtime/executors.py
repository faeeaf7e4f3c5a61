"""Where the PDF render step runs: the local process pool (the default, nothing to install),
or a Dask cluster named by ``--executor dask://host:port`` (dask.distributed's
``Client.get_executor()``, a ``concurrent.futures`` executor).

The workers of a cluster render with the project's templates folder at the same path (its
CSS and fonts are read there, and nothing else), so they share the build machine's file
system: a cluster on the build machine, or workers that mount the project at the same place.
"""

from __future__ import annotations

import contextlib
import importlib
from concurrent.futures import Executor
from typing import Iterator
from urllib.parse import urlsplit

DASK_HINT = "pip install 'distributed>=2024.1' (or: pip install 'rulebook[dask]')"


class ExecutorError(Exception):
    """An --executor that cannot be used: a usage error, said plainly."""


def parse(address: str) -> str:
    """The scheduler address of ``dask://host:port``; refuses anything else."""
    parts = urlsplit(address)
    if parts.scheme != "dask" or not parts.hostname or parts.port is None:
        raise ExecutorError(f"--executor expects dask://HOST:PORT, found '{address}'")
    return f"tcp://{parts.hostname}:{parts.port}"


@contextlib.contextmanager
def dask_executor(address: str) -> Iterator[Executor]:
    """A concurrent.futures executor on the Dask cluster at ``dask://host:port``."""
    scheduler = parse(address)
    try:  # imported by name: dask.distributed is optional, and untyped
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError(f"--executor {address} needs dask.distributed, which is not "
                            f"installed: {DASK_HINT}") from None
    try:
        client = distributed.Client(scheduler, timeout=10)
    except OSError as error:
        raise ExecutorError(f"no Dask scheduler answers at {scheduler}: {error}") from None
    try:
        executor: Executor = client.get_executor()
        yield executor
    finally:
        client.close()
