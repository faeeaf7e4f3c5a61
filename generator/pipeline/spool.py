"""The build's spool: a folder beside the output where what a build makes waits on disk, not in
memory, so that a build's peak memory does not grow with the number of games.

- Each checked game, pickled by the worker that checked it (``games/``), is loaded again
  by whichever process renders a page of it, and dropped once it is no longer needed.
- Each page, written by the worker that rendered it (``files/``), is read again only by the
  search and hard-linked into the standby folder when the site is published.

The spool goes when the build ends; one left by a killed build is removed by the next
(``publish.recover``: ``.NAME.spool-PID-RANDOM``). Its folder is made as ``mkdtemp`` makes
one: a name nobody can guess (the PID is no secret), created by this build alone, entered by
its user alone (0700), so that no other user of a shared folder can plant or swap what a
build loads back (the checked games are pickles).
"""

from __future__ import annotations

import os
import pickle
import shutil
import stat
import tempfile
from pathlib import Path
from typing import Iterable, Iterator, Mapping, MutableMapping

from ..runtime.files import write_beside


class Spool:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.root = Path()  # made when the spool is entered
        self._folders: set[str] = set()  # made by this process: no mkdir for every page

    def __enter__(self) -> Spool:
        self._folders.clear()
        self.root = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.spool-{os.getpid()}-",
                                          dir=self.out.parent))
        (self.root / "games").mkdir()
        (self.root / "files").mkdir()
        return self

    def __exit__(self, *exc: object) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    # -- games -------------------------------------------------------------------------------

    def game_path(self, folder: Path) -> Path:
        return self.root / "games" / f"{folder.name}.pickle"

    def store_game(self, folder: Path, loaded: object) -> Path:
        path = self.game_path(folder)
        write_beside(path, pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL), private=True)
        return path

    # -- files -------------------------------------------------------------------------------

    def file_path(self, rel: str) -> Path:
        return self.root / "files" / rel

    def write(self, rel: str, data: bytes) -> None:
        """``rel``'s bytes, from any process of the build (a forked worker writes its pages).

        A page's name is new in this build's own folder, so it is written in place, created
        exclusively (no link can be followed); only a page written again goes through a
        temporary name. Its mode is any new file's under the umask: it is published as is."""
        target = self.file_path(rel)
        parent = str(target.parent)
        if parent not in self._folders:
            target.parent.mkdir(parents=True, exist_ok=True)
            self._folders.add(parent)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:
            write_beside(target, data)
            return
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)


def load_game(path: Path) -> object:
    """A game stored by ``Spool.store_game``: written by this build's own worker, in a
    folder only this build writes to (never a cache a planted file could come from). A file
    that is not this user's own, or a link, is refused before a byte of it is unpickled."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
            raise PermissionError(f"'{path}' is not a file this build stored")
        return pickle.loads(handle.read())


class Files(MutableMapping[str, bytes]):
    """A build's files by output path: some in memory, some waiting in the spool (read when
    asked for, never all at once)."""

    def __init__(self, data: Mapping[str, bytes] | None = None) -> None:
        self._data: dict[str, bytes] = dict(data or {})
        self._spooled: dict[str, Path] = {}

    def spooled(self, rel: str, path: Path) -> None:
        """``rel`` is the file at ``path`` (written to the spool by a worker)."""
        self._data.pop(rel, None)
        self._spooled[rel] = path

    def path_of(self, rel: str) -> Path | None:
        """Where ``rel`` waits on disk, when it does (a file to link rather than write)."""
        return self._spooled.get(rel)

    def __getitem__(self, rel: str) -> bytes:
        if rel in self._data:
            return self._data[rel]
        return self._spooled[rel].read_bytes()

    def __setitem__(self, rel: str, data: bytes) -> None:
        self._spooled.pop(rel, None)
        self._data[rel] = data

    def __delitem__(self, rel: str) -> None:
        if self._data.pop(rel, None) is None:
            del self._spooled[rel]

    def __contains__(self, rel: object) -> bool:
        return rel in self._data or rel in self._spooled

    def __iter__(self) -> Iterator[str]:
        yield from self._data
        yield from self._spooled

    def __len__(self) -> int:
        return len(self._data) + len(self._spooled)

    def size(self, rel: str) -> int:
        path = self._spooled.get(rel)
        return path.stat().st_size if path is not None else len(self._data[rel])

    def without(self, rels: Iterable[str]) -> Files:
        """These files but the ones named (none of them read)."""
        gone = set(rels)
        kept = Files({k: v for k, v in self._data.items() if k not in gone})
        kept._spooled = {k: v for k, v in self._spooled.items() if k not in gone}
        return kept

    def __or__(self, later: Mapping[str, bytes]) -> Files:
        merged = self.without(later)
        merged |= later
        return merged

    def __ior__(self, later: Mapping[str, bytes]) -> Files:
        if isinstance(later, Files):
            for rel, data in later._data.items():
                self[rel] = data
            for rel, path in later._spooled.items():
                self.spooled(rel, path)
        else:
            for rel in later:
                self[rel] = later[rel]
        return self


class Published(Mapping[str, bytes]):
    """The files a build made, read from the output folder it published them to."""

    def __init__(self, rels: list[str], out: Path) -> None:
        self.rels, self.out = rels, out

    def __getitem__(self, rel: str) -> bytes:
        if rel not in self.rels:
            raise KeyError(rel)
        return (self.out / rel).read_bytes()

    def __iter__(self) -> Iterator[str]:
        return iter(self.rels)

    def __len__(self) -> int:
        return len(self.rels)
