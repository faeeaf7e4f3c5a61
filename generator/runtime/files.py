"""Files written whole or not at all, one writer at a time, and the points where the
fault-injection tests stop a process.

Every file the product writes (published pages, caches, records, the build's graph) goes
through ``write_beside``: a fresh temporary name in the target's folder, then a rename, so a
reader (or a build killed half-way) never sees half a file, and no predictable temporary name
can be planted as a link beforehand.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import pwd
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Iterator


def lock_path(out: Path) -> Path:
    return out.parent / f".{out.name}.lock"


def owner_name(uid: int) -> str:
    """``user 'ann' (uid 1000)``, or ``another user (uid 1001)`` for a uid of no account."""
    try:
        return f"user '{pwd.getpwuid(uid).pw_name}' (uid {uid})"
    except KeyError:
        return f"another user (uid {uid})"


def foreign(path: Path, st: os.stat_result) -> PermissionError | None:
    """The error for a file beside the output that another user owns: whoever owns it could
    hold the lock for ever, or change what the build publishes."""
    if st.st_uid == os.geteuid():
        return None
    return PermissionError(errno.EPERM, f"it belongs to {owner_name(st.st_uid)}, not to you",
                           str(path))


@contextlib.contextmanager
def locked(out: Path, *, announce: bool = True) -> Iterator[None]:
    """Hold the lock of ``out`` (a file beside it); a second build waits for the first. A
    lock file of another user's is refused, not waited on."""
    out.parent.mkdir(parents=True, exist_ok=True)
    path = lock_path(out)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        refused = foreign(path, os.fstat(fd))
        if refused is not None:
            raise refused
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if announce:
                print(f"waiting for another rulebook build of {out} to finish ...", file=sys.stderr)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock; the kernel does it too when a build is killed


@contextlib.contextmanager
def locked_folder(folder: Path) -> Iterator[None]:
    """Hold a folder's own lock (no file is made for it): writers of files in it take turns."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def failpoint(name: str) -> None:
    """A named point where the fault-injection tests stop a build: with
    RULEBOOK_TEST_FAILPOINT=name it announces itself on stderr and waits to be killed, for
    RULEBOOK_TEST_FAILPOINT_WAIT seconds at most (30 when that is not a number), or until the
    file RULEBOOK_TEST_FAILPOINT_RELEASE exists. Does nothing otherwise: the variables say
    they are for tests, so no build of an author's stalls by chance."""
    if os.environ.get("RULEBOOK_TEST_FAILPOINT") != name:
        return
    print(f"failpoint {name} reached", file=sys.stderr, flush=True)
    release = os.environ.get("RULEBOOK_TEST_FAILPOINT_RELEASE")
    try:
        wait = float(os.environ.get("RULEBOOK_TEST_FAILPOINT_WAIT", "30"))
    except ValueError:
        wait = 30.0
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and not (release and os.path.exists(release)):
        time.sleep(0.05)


def umask() -> int:
    """The process's umask, read without changing it (Linux says it in /proc); elsewhere set
    and restored at once."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_beside(target: Path, data: bytes, *, private: bool = False) -> None:
    """Write one file through a fresh temporary name in its folder (never a predictable
    name that somebody could have planted a link at), then rename it into place. The file
    gets the mode any new file gets under the umask (0644 under 022: a web server running as
    another user reads it), or 0600 when ``private``."""
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, 0o600 if private else 0o666 & ~umask())  # mkstemp makes it 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def walk_once(root: str | Path, seen: set[tuple[int, int]],
              keep: Callable[[str], bool] = lambda name: name != "__pycache__",
              ) -> Iterator[tuple[str, list[str]]]:
    """Each folder under ``root`` with its file names, links to folders followed (an edit
    behind a link must be seen) and each folder once, by device and inode: a link loop ends.
    ``seen`` may be shared by several roots; ``keep`` says which subfolders to enter."""
    for dirpath, dirnames, filenames in os.walk(root, followlinks=True):
        try:
            st = os.stat(dirpath)
        except OSError:
            dirnames[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen:
            dirnames[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirnames[:] = sorted(d for d in dirnames if keep(d))
        yield dirpath, filenames
