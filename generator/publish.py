"""Publishing a built site: which folders may be replaced, one build at a time, one atomic swap.

A build replaces its output folder as a whole, so it must never take a folder that is not
its own: it accepts a missing or empty folder, or one that carries the marker file an
earlier build wrote (or, from before the marker, one whose every file the last build's state
lists). Anything else is refused before a single byte is written.

The new site is written to a staging folder beside the output and swapped in with one
``renameat2(RENAME_EXCHANGE)`` where the kernel and file system have it, so that at every
instant the output folder holds either the previous site or the new one, complete. Where the
exchange is missing, two renames run with interrupts held back between them, and a build
killed in that gap leaves the previous site as ``.NAME.old-PID``, which the next build puts
back. Leftovers of killed builds are removed (or restored) by the next build, under the lock.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterable, Iterator

MARKER = ".rulebook-output"
MARKER_TEXT = (b"This folder is written by rulebook. Each build replaces everything in it;\n"
               b"keep nothing of your own here.\n")
LEGACY_STATE = ".rulebook-build.json"  # the state file of builds made before the marker


# -- which folders may be replaced --------------------------------------------------------------

def output_problem(out: Path) -> str | None:
    """Why ``out`` may not be replaced by a build, or None when it may."""
    if out.is_symlink():
        return (f"'{out}' is a symbolic link; a build replaces the folder itself, so give the "
                "real folder instead")
    if not out.exists():
        return None
    if not out.is_dir():
        return f"'{out}' is a file, not a folder; a build would replace it"
    if (out / MARKER).is_file():
        return None
    try:
        entries = list(out.iterdir())
    except OSError as error:
        return f"'{out}' cannot be read: {error.strerror}"
    if not entries or _legacy_build(out):
        return None
    shown = ", ".join(sorted(p.name for p in entries)[:3]) + (", ..." if len(entries) > 3 else "")
    return (f"'{out}' holds files that no rulebook build made ({shown}); a build replaces "
            "everything in its output folder")


def _legacy_build(out: Path) -> bool:
    """A site from before the marker: the last build's state names every file in it."""
    try:
        state = json.loads((out.parent / f".{out.name}{LEGACY_STATE}").read_text(encoding="utf-8"))
        listed = set(state["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return all(p.relative_to(out).as_posix() in listed
               for p in out.rglob("*") if not p.is_dir())


# -- one build at a time -------------------------------------------------------------------------

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


# -- leftovers of killed builds ------------------------------------------------------------------

def _leftovers(out: Path) -> list[Path]:
    pattern = re.compile(rf"\.{re.escape(out.name)}\.(staging|old)-\d+")
    try:
        return sorted(p for p in out.parent.iterdir() if pattern.fullmatch(p.name))
    except OSError:
        return []


def recover(out: Path) -> list[Path]:
    """Put back the last good site if a killed build left none, and remove every leftover.
    Call with the lock held: no other build is running on ``out``. Returns what was removed."""
    leftovers = _leftovers(out)
    if not out.exists():
        complete = [p for p in leftovers if ".old-" in p.name and (p / MARKER).is_file()]
        if complete:
            os.rename(complete[-1], out)  # the previous site, complete: publish it again
            leftovers.remove(complete[-1])
    for path in leftovers:
        _remove(path)
    return leftovers


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        with contextlib.suppress(OSError):
            path.unlink()


# -- the swap ----------------------------------------------------------------------------------

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step; False where the system cannot (then nothing changed)."""
    if sys.platform != "linux" or os.environ.get("RULEBOOK_NO_EXCHANGE"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(b))


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block ends (they are delivered then)."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def failpoint(name: str) -> None:
    """A named point where the fault-injection tests stop a build (RULEBOOK_FAILPOINT=name):
    it announces itself on stderr and waits to be killed. Does nothing otherwise."""
    if os.environ.get("RULEBOOK_FAILPOINT") == name:
        print(f"failpoint {name} reached", file=sys.stderr, flush=True)
        time.sleep(float(os.environ.get("RULEBOOK_FAILPOINT_WAIT", "30")))


def publish(files: dict[str, bytes], out: Path, *, kept: Iterable[str] = ()
            ) -> tuple[int, int, int]:
    """Make ``out`` hold exactly ``files``, the files named in ``kept`` as they are in ``out``
    now (the build knows they are current: they are linked, not read), and the marker; return
    (written, unchanged, removed). Call with the lock held and ``output_problem(out)`` None."""
    existing = {p.relative_to(out).as_posix(): p for p in out.rglob("*")
                if p.is_file() and not p.is_symlink()} if out.is_dir() else {}
    kept = {rel for rel in kept if rel in existing and rel not in files}
    count = len(files) + len(kept)
    files = files | {MARKER: MARKER_TEXT}
    same = kept | {rel for rel, data in files.items()
                   if rel in existing and existing[rel].stat().st_size == len(data)
                   and existing[rel].read_bytes() == data}
    stale = set(existing) - set(files) - kept
    unchanged = len(same - {MARKER})
    if len(same) == len(files) + len(kept) and not stale:
        return 0, unchanged, 0
    staging = out.parent / f".{out.name}.staging-{os.getpid()}"
    _remove(staging)
    swapped = False
    try:
        _stage(files, staging, existing, same)
        failpoint("staged")
        if not out.exists():
            os.rename(staging, out)
            swapped = True
        elif exchange(staging, out):
            swapped = True  # the staging path now holds the previous site
            failpoint("swapped")
        else:
            _two_renames(staging, out)
            swapped = True
    finally:
        if not swapped or staging.exists():
            _remove(staging)
    return count - unchanged, unchanged, len(stale)


def _stage(files: dict[str, bytes], staging: Path, existing: dict[str, Path], same: set[str]) -> None:
    """Write the new site into ``staging``; unchanged files are hard links, not rewritten.
    The marker goes last, so that a staging folder with a marker is complete."""
    made: set[Path] = set()
    for rel in sorted(same - set(files)):  # kept: only a link (a copy where links fail)
        target = staging / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        try:
            os.link(existing[rel], target)
        except OSError:
            shutil.copyfile(existing[rel], target)
    for rel, data in sorted(files.items(), key=lambda item: item[0] == MARKER):
        target = staging / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel in same:
            try:
                os.link(existing[rel], target)
                continue
            except OSError:
                pass
        target.write_bytes(data)


def _two_renames(staging: Path, out: Path) -> None:
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    with _interrupts_held():  # an interrupt here would leave no site at all
        os.rename(out, old)
        try:
            failpoint("between-renames")
            os.rename(staging, out)
        except BaseException:
            os.rename(old, out)  # put the previous site back before giving up
            raise
        _remove(old)  # still held: an interrupt must not leave it behind


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
