"""Files that travel as one value: a bundle named by the sha256 of its content, sent to each
worker of a cluster once (executors.py: ``Cluster.share``), and, where a library wants a
folder rather than bytes (jinja2's loader), unpacked once per process into a folder of its
own (``unpacked``).

The PDFs' stylesheets, fonts and images (pdf/assets.py) and the page templates and catalogs
(web/templates_bundle.py) are such bundles.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Mapping


@dataclass(frozen=True)
class Bundle:
    """Files by their path in the folder they come from (``fonts/x.ttf``)."""

    files: Mapping[str, bytes]
    digest: str = field(default="")  # sha256 of the names and contents; filled when empty

    def __post_init__(self) -> None:
        if not self.digest:
            object.__setattr__(self, "digest", bundle_digest(self.files))

    @property
    def size(self) -> int:
        return sum(len(data) for data in self.files.values())

    def __repr__(self) -> str:
        return (f"{type(self).__name__}({len(self.files)} files, {self.size} bytes, "
                f"{self.digest[:12]})")


def read_named(paths: Mapping[str, Path], *, read_by: str) -> dict[str, bytes]:
    """Each file of ``paths`` by its name there (a theme's files: runtime/theme.py); one that
    cannot be read is a ``BundleError`` naming it, and what reads it."""
    files: dict[str, bytes] = {}
    for name, path in paths.items():
        try:
            files[name] = path.read_bytes()
        except OSError as error:
            raise BundleError(f"{path}: {read_by} the templates folder, and this file cannot "
                              f"be read ({error.strerror or error}); hint: check its "
                              "permissions, or remove it") from None
    return files


class BundleError(Exception):
    """A file of a bundle that cannot be read: said with its path and what to do."""


def bundle_digest(files: Mapping[str, bytes]) -> str:
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return h.hexdigest()


# The folders this process unpacked, by digest: kept (and so removed) with the process, since
# a worker renders every task of a build, and of the next, from the same folder.
_UNPACKED: dict[str, tempfile.TemporaryDirectory[str]] = {}
_LOCK = threading.Lock()  # a Dask worker may run tasks in several threads
PREFIX = "rulebook-bundle-"  # then the process's id and the digest: rulebook-bundle-PID-DIGEST-


def unpacked(bundle: Bundle) -> Path:
    """A folder of this process holding the bundle's files, made at its first use, removed
    when the process ends; its content is the bundle's, so it is never written again."""
    with _LOCK:
        found = _UNPACKED.get(bundle.digest)
        if found is None:
            if not _UNPACKED:
                _remove_left_behind(Path(tempfile.gettempdir()))
            found = tempfile.TemporaryDirectory(
                prefix=f"{PREFIX}{os.getpid()}-{bundle.digest[:12]}-")
            root = Path(found.name)
            for name, data in bundle.files.items():
                path = root / _inside(name)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
            _UNPACKED[bundle.digest] = found
        return Path(found.name)


def _remove_left_behind(folder: Path) -> None:
    """The folders ``unpacked`` made in processes of this user that are gone without removing
    them (a cluster's worker killed): else each killed worker would leave one behind."""
    for path in folder.glob(f"{PREFIX}*-*-*"):
        pid = path.name.removeprefix(PREFIX).split("-")[0]
        try:
            if not pid.isdigit() or path.lstat().st_uid != os.getuid() or _alive(int(pid)):
                continue
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process of that number
    return True


def _inside(name: str) -> PurePosixPath:
    """A bundle's file name as a relative path that stays inside the folder."""
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise ValueError(f"a bundle's file is named '{name}': expected a relative path "
                         "inside its folder")
    return path
