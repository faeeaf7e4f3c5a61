"""Files written whole or not at all, one writer at a time, and the points where the
fault-injection tests stop a process.

Every file the product writes (published pages, caches, records, the build's graph) goes
through ``write_beside``: a fresh temporary name in the target's folder, then a rename, so a
reader (or a build killed half-way) never sees half a file, and no predictable temporary name
can be planted as a link beforehand.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator


@contextlib.contextmanager
def locked(out: Path, *, announce: bool = True) -> Iterator[None]:
    """Hold the lock of ``out`` (a file beside it); a second build waits for the first."""
    out.parent.mkdir(parents=True, exist_ok=True)
    path = out.parent / f".{out.name}.lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if announce:
                print(f"waiting for another rulebook build of {out} to finish ...", file=sys.stderr)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock; the kernel does it too when a build is killed


def failpoint(name: str) -> None:
    """A named point where the fault-injection tests stop a build (RULEBOOK_FAILPOINT=name):
    it announces itself on stderr and waits to be killed, for RULEBOOK_FAILPOINT_WAIT seconds
    at most, or until the file RULEBOOK_FAILPOINT_RELEASE exists. Does nothing otherwise."""
    if os.environ.get("RULEBOOK_FAILPOINT") != name:
        return
    print(f"failpoint {name} reached", file=sys.stderr, flush=True)
    release = os.environ.get("RULEBOOK_FAILPOINT_RELEASE")
    deadline = time.monotonic() + float(os.environ.get("RULEBOOK_FAILPOINT_WAIT", "30"))
    while time.monotonic() < deadline and not (release and os.path.exists(release)):
        time.sleep(0.05)



def write_beside(target: Path, data: bytes) -> None:
    """Write one file through a fresh temporary name in its folder (never a predictable
    name that somebody could have planted a link at), then rename it into place."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
