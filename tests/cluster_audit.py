"""A Dask preload (``dask worker --preload cluster_audit.py``) that keeps a process of the
cluster out of the project: from its import on, opening any file under the folders named in
RULEBOOK_AUDIT_FORBIDDEN (os.pathsep between them) raises PermissionError, and the path is
appended to the file RULEBOOK_AUDIT_LOG. The Python installation (``sys.prefix``: the
worker's own software, even when the virtualenv sits in the checkout) stays readable.

Python-level opens only (``open``, ``io.open_code``, ``Path.read_bytes``): what WeasyPrint's
fetcher and the importer use. Imported by the worker from its own folder, before any task.
"""

from __future__ import annotations

import os
import sys

FORBIDDEN = tuple(os.path.realpath(p) for p in
                  os.environ.get("RULEBOOK_AUDIT_FORBIDDEN", "").split(os.pathsep) if p)
ALLOWED = (os.path.realpath(sys.prefix),)
LOG = os.environ.get("RULEBOOK_AUDIT_LOG", "")


def _under(path: str, folders: tuple[str, ...]) -> bool:
    return any(path == f or path.startswith(f + os.sep) for f in folders)


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event != "open" or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
        return  # an open of a file descriptor names no path
    path = os.path.realpath(os.fsdecode(args[0]))  # type: ignore[arg-type]
    if _under(path, FORBIDDEN) and not _under(path, ALLOWED) and path != LOG:
        if LOG:
            with open(LOG, "a", encoding="utf-8") as log:
                log.write(path + "\n")
        raise PermissionError(f"this worker may not read the project: {path}")


def dask_setup(_: object) -> None:
    """Dask calls it when it loads the preload; the hook is in place already."""


sys.addaudithook(_audit)
