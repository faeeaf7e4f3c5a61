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
import json
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import threading
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..runtime.files import failpoint, foreign, lock_path, owner_name, umask, write_beside
from ..runtime.trust import writable_by_others
from .spool import Files

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
    if os.path.ismount(out):
        return (f"'{out}' is a mount point (a volume or a partition), which cannot be renamed; "
                "a build swaps its output folder whole. Build into a folder inside it "
                f"(--out {out / 'site'}) and serve that folder: it is swapped whole, as usual")
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


def neighbours_problem(out: Path) -> tuple[str, str] | None:
    """Why the folder ``out`` sits in cannot be trusted with what a build makes beside it (the
    spool, the standby, the lock), with a hint; None when it can.

    Another user who may write to that folder without its sticky bit could rename any of them
    away and put their own in its place; with the sticky bit (the system's temporary folder)
    they can only plant a name first, so a standby, a lock or an output of another user's is
    refused here, with its owner's name, rather than written into or waited on."""
    parent = out.parent
    try:
        st = os.stat(parent)
    except OSError:
        return None  # made by the build, as this user's
    shared = writable_by_others(st)
    if shared and not st.st_mode & stat.S_ISVTX:
        return (f"other users may write to '{parent}' (mode {stat.S_IMODE(st.st_mode):04o}) and "
                "it is not sticky: any of them could swap the folders a build makes beside its "
                "output for their own", "build into a folder only you can write to, or make "
                f"this one sticky (chmod +t '{parent}')")
    for path in (out, standby_path(out), lock_path(out)):
        try:
            refused = foreign(path, os.lstat(path))
        except OSError:
            continue
        if refused is not None:
            return (f"'{path}' belongs to {owner_name(os.lstat(path).st_uid)}, not to you: "
                    "whoever owns a file beside the output can block a build or change what it "
                    "publishes", "remove it (or ask its owner to), or build into a folder only "
                    "you can write to")
    return None


def repair_modes(out: Path) -> int:
    """Give every file and folder of the published site the mode the umask gives a new one
    (a build under umask 077, from cron or sudo, would otherwise leave files a web server of
    another user cannot read for good, since unchanged files are kept as they are); return
    how many were changed. Links are not followed, and only this user's entries changed."""
    mask = umask()
    want = {True: 0o777 & ~mask, False: 0o666 & ~mask}
    me, changed = os.geteuid(), 0
    pending = [str(out)] if out.is_dir() and not out.is_symlink() else []
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                is_dir = entry.is_dir(follow_symlinks=False)
                if not is_dir and not entry.is_file(follow_symlinks=False):
                    continue
                st = entry.stat(follow_symlinks=False)
                if stat.S_IMODE(st.st_mode) != want[is_dir] and st.st_uid == me:
                    os.chmod(entry.path, want[is_dir], follow_symlinks=False)
                    changed += 1
                if is_dir:
                    pending.append(entry.path)
    try:
        st = os.stat(out)
        if stat.S_IMODE(st.st_mode) != want[True] and st.st_uid == me:
            os.chmod(out, want[True])
            changed += 1
    except OSError:
        pass
    return changed


def _legacy_build(out: Path) -> bool:
    """A site from before the marker: the last build's state names every file in it."""
    try:
        state = json.loads((out.parent / f".{out.name}{LEGACY_STATE}").read_text(encoding="utf-8"))
        listed = set(state["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return all(p.relative_to(out).as_posix() in listed
               for p in out.rglob("*") if not p.is_dir())


# -- leftovers of killed builds ------------------------------------------------------------------

def _leftovers(out: Path) -> list[Path]:
    pattern = re.compile(rf"\.{re.escape(out.name)}\.(staging|old|spool)-\d+(-\w+)?")
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
    """SIGINT, SIGTERM and SIGHUP wait until the block ends (they are delivered then).

    The mask holds them back from this thread only: the kernel gives a signal sent to the
    process to any thread that does not block it (a thread left by asyncio waiting for a
    Pagefind service to end was one), and Python then runs its handler in the main thread
    all the same. So in the main thread the handlers are also swapped, for the block, for
    one that notes the signal; the noted ones are raised again when it ends."""
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    noted: list[int] = []
    handlers: dict[signal.Signals, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for held_one in held:
            if signal.getsignal(held_one) is not None:  # None: set outside Python, kept
                handlers[held_one] = signal.signal(held_one, lambda n, _: noted.append(n))
    try:
        yield
    finally:
        for held_one, handler in handlers.items():
            signal.signal(held_one, handler)
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for number in dict.fromkeys(noted):
            signal.raise_signal(number)  # now, to the handler the process had


def publish(files: Mapping[str, bytes], out: Path, *, kept: Iterable[str] = (),
            known: Mapping[str, int] | None = None) -> tuple[int, int, int]:
    """Make ``out`` hold exactly ``files``, the files named in ``kept`` as they are in ``out``
    now (the build knows they are current: they are linked, not read), and the marker; return
    (written, unchanged, removed). Call with the lock held and ``output_problem(out)`` None.

    ``known`` is what the last build left in ``out`` (relative path -> inode), from its graph;
    the build has checked each kept file against it. With it, ``out`` is not walked unless
    nothing seems to change (then a file no build made would be left in place), since the
    standby is walked anyway and whatever ``out`` holds beyond the new site is removed there.

    The new site is made in the standby folder beside the output, which holds the site
    before the current one (or nothing): only what differs from the new site is changed in
    it, so an edit costs a few files, not a new tree of thousands. Then the two are
    exchanged, and the site just replaced becomes the standby of the next build."""
    live = dict(known) if known is not None and out.is_dir() else tree(out)[0]
    kept = {rel for rel in kept if rel in live and rel not in files}
    count = len(files) + len(kept)
    files = Files(files) if not isinstance(files, Files) else files  # each read when needed
    files = files | {MARKER: MARKER_TEXT}
    mode = 0o666 & ~umask()  # of a file written now: one written with another is written again
    same = kept | {rel for rel in files if _holds(out, rel, files, live, mode)}
    stale = set(live) - set(files) - kept
    unchanged = len(same - {MARKER})
    if len(same) == len(files) + len(kept) and not stale:
        if known is None or set(tree(out)[0]) <= same:
            return 0, unchanged, 0
        return publish(files, out, kept=kept)  # a file no build made: swap as usual
    standby = standby_path(out)
    _stage(files, standby, out, live, same)
    failpoint("staged")
    if not out.exists():
        os.rename(standby, out)
        _stage(Files(), standby, out, *_linked(out))  # the next build's standby: links, made now
    elif exchange(standby, out):
        failpoint("swapped")  # the standby path now holds the previous site
    else:
        _two_renames(standby, out)
    return count - unchanged, unchanged, len(stale)


def _holds(out: Path, rel: str, files: Files, live: dict[str, int], mode: int) -> bool:
    """``out/rel`` holds the bytes of ``files[rel]`` already, with the mode a file written now
    gets; ``live`` then has its inode (the file to link)."""
    try:
        st = os.lstat(out / rel)  # a symbolic link is never taken for one of the site's files
        if not stat.S_ISREG(st.st_mode) or st.st_size != files.size(rel) \
                or stat.S_IMODE(st.st_mode) != mode or (out / rel).read_bytes() != files[rel]:
            return False
    except OSError:
        return False
    live[rel] = st.st_ino
    return True


def standby_path(out: Path) -> Path:
    return out.parent / f".{out.name}.standby"


def _linked(out: Path) -> tuple[dict[str, int], set[str]]:
    live, _ = tree(out)
    return live, set(live)


def tree(folder: Path) -> tuple[dict[str, int], set[str]]:
    """The regular files under ``folder`` (relative path -> inode) and its folders; symbolic
    links are not followed (nor listed). Read with scandir: no file is opened or stat-ed."""
    files: dict[str, int] = {}
    folders: set[str] = set()
    if not folder.is_dir() or folder.is_symlink():
        return files, folders
    pending = [("", str(folder))]
    while pending:
        rel, path = pending.pop()
        with os.scandir(path) as entries:
            for entry in entries:
                name = f"{rel}{entry.name}"
                if entry.is_dir(follow_symlinks=False):
                    folders.add(name)
                    pending.append((name + "/", entry.path))
                elif entry.is_file(follow_symlinks=False):
                    files[name] = entry.inode()
    return files, folders


def _stage(files: Files, standby: Path, out: Path, live: dict[str, int],
           same: set[str]) -> None:
    """Bring ``standby`` to the new site: ``files`` written, the files in ``same`` hard links
    to the ones in ``out`` (not rewritten), everything else removed. Each file is replaced
    through a new name and a rename, so no file that ``out`` shares with the standby is ever
    changed in place; a build killed here leaves a standby that the next one corrects."""
    standby.mkdir(exist_ok=True)
    refused = foreign(standby, os.lstat(standby))  # planted since the build began
    if refused is not None:
        raise refused
    present, folders = tree(standby)
    wanted = set(files) | same
    for rel in sorted(set(present) - wanted):
        (standby / rel).unlink()
    needed: set[str] = set()  # the folders of the wanted files, and theirs
    for folder in {rel.rpartition("/")[0] for rel in wanted}:
        while folder and folder not in needed:
            needed.add(folder)
            folder = folder.rpartition("/")[0]
    for rel in sorted(folders - needed, key=lambda f: -f.count("/")):
        with contextlib.suppress(OSError):  # still holds a file no build wrote: left alone
            (standby / rel).rmdir()
    made = set(folders & needed)
    # a file already the very same as in ``out`` needs nothing (most of them, after an edit)
    todo = [rel for rel in wanted if rel not in same or present.get(rel) != live[rel]]
    for rel in sorted(todo, key=lambda r: r == MARKER):  # the marker goes last
        target = standby / rel
        parent = rel.rpartition("/")[0]
        if parent and parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.update("/".join(parent.split("/")[:i]) for i in range(1, parent.count("/") + 2))
        spooled = files.path_of(rel)
        if rel in same or spooled is not None:  # a file already on disk: linked, not copied
            _link(out / rel if rel in same else spooled, target)  # type: ignore[arg-type]
        else:
            write_beside(target, files[rel])


def _link(source: Path, target: Path) -> None:
    """``target`` made the same file as ``source`` (a copy across file systems), through a
    new name and a rename."""
    tmp = target.parent / f".{target.name}.{os.getpid()}.link"
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()
    try:
        os.link(source, tmp)
    except OSError:
        shutil.copyfile(source, tmp)
    os.replace(tmp, target)


def _two_renames(standby: Path, out: Path) -> None:
    old = out.parent / f".{out.name}.old-{os.getpid()}-{secrets.token_hex(6)}"  # unguessable
    with _interrupts_held():  # an interrupt here would leave no site at all
        os.rename(out, old)
        try:
            failpoint("between-renames")
            os.rename(standby, out)
        except BaseException:
            os.rename(old, out)  # put the previous site back before giving up
            raise
        os.rename(old, standby)  # still held: the previous site is the next standby
