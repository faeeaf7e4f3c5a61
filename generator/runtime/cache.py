"""The one disk cache: data by key, in one folder shared by every build of the user.

Web fonts cut to a site's characters, rendered and imposed PDFs and simulated figures cost
seconds to make and depend only on what they are made from, so each is kept under a key that
digests all of it. The folder is ``$RULEBOOK_CACHE``, else the user's cache directory
(``$XDG_CACHE_HOME/rulebook``, ``~/.cache/rulebook``): a build into a new output folder finds
what any earlier build made.

An entry is data, never code: the bytes, and a small JSON header with what the caller keeps
beside them (a PDF's page count) and a keyed digest (HMAC-SHA256, with a secret made for this
folder at first use). Every read verifies it: an entry damaged on disk, edited, or planted by
anyone who does not hold the folder's secret is discarded, and the caller makes it anew.

The folder is bounded (``$RULEBOOK_CACHE_MB``, 1024 MB by default): ``prune`` removes the
entries used longest ago until it fits; a read marks an entry as used.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .files import write_beside

ENV = "RULEBOOK_CACHE"
ENV_LIMIT = "RULEBOOK_CACHE_MB"
DEFAULT_LIMIT_MB = 1024
FORMAT = 1  # of an entry's header: raise it when the layout changes (old entries are ignored)
_SECRET = ".secret"


def default_folder() -> Path:
    """``$RULEBOOK_CACHE``, else ``$XDG_CACHE_HOME/rulebook``, else ``~/.cache/rulebook``."""
    named = os.environ.get(ENV)
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulebook"


@dataclass(frozen=True)
class Entry:
    data: bytes
    meta: Mapping[str, Any]


@dataclass
class Cache:
    """Entries by kind (``fonts``, ``pdf``, ...) and key. ``folder`` None: nothing is kept
    (a read always misses), for builds that must not touch a disk cache."""

    folder: Path | None
    limit: int = DEFAULT_LIMIT_MB * 1024 * 1024
    _secret: bytes | None = field(default=None, repr=False)

    @classmethod
    def default(cls) -> Cache:
        try:
            limit = int(os.environ.get(ENV_LIMIT, DEFAULT_LIMIT_MB)) * 1024 * 1024
        except ValueError:
            limit = DEFAULT_LIMIT_MB * 1024 * 1024
        return cls(default_folder(), limit)

    def get(self, kind: str, key: str) -> Entry | None:
        """The entry, when there is one that verifies; a bad one is removed."""
        path = self._path(kind, key)
        if path is None:
            return None
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        entry = self._verified(kind, key, raw)
        if entry is None:
            with contextlib.suppress(OSError):
                path.unlink()
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: the last to go when the folder is pruned
        return entry

    def put(self, kind: str, key: str, data: bytes, meta: Mapping[str, Any] | None = None) -> None:
        """Keep ``data`` (and ``meta``, JSON) under ``key``; a cache that cannot be written
        is no error: the next build makes the entry again."""
        path = self._path(kind, key)
        if path is None:
            return
        meta = dict(meta or {})
        header = {"format": FORMAT, "kind": kind, "key": key, "meta": meta,
                  "mac": self._mac(kind, key, meta, data)}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_beside(path, json.dumps(header, sort_keys=True).encode() + b"\n" + data,
                         private=True)
        except OSError:
            pass

    def prune(self) -> int:
        """Remove the entries used longest ago until the folder is within its limit; return
        how many went."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        entries = []
        for kind in self.folder.iterdir():
            if not kind.is_dir() or kind.is_symlink():
                continue
            with os.scandir(kind) as found:
                for item in found:
                    if item.is_file(follow_symlinks=False):
                        st = item.stat(follow_symlinks=False)
                        entries.append((st.st_mtime_ns, st.st_size, item.path))
        total = sum(size for _, size, _ in entries)
        removed = 0
        for _, size, path in sorted(entries):
            if total <= self.limit:
                break
            with contextlib.suppress(OSError):
                os.unlink(path)
                total -= size
                removed += 1
        return removed

    # -- inside ------------------------------------------------------------------------------

    def _path(self, kind: str, key: str) -> Path | None:
        if self.folder is None:
            return None
        if not (kind.isidentifier() and key and all(c in "0123456789abcdef" for c in key)):
            raise ValueError(f"bad cache key {kind}/{key}")  # never a path out of the folder
        return self.folder / kind / key

    def _verified(self, kind: str, key: str, raw: bytes) -> Entry | None:
        head, newline, data = raw.partition(b"\n")
        if not newline:
            return None
        try:
            header = json.loads(head)
            if header.get("format") != FORMAT or header.get("kind") != kind \
                    or header.get("key") != key or not isinstance(header.get("meta"), dict):
                return None
            mac = header["mac"]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        if not isinstance(mac, str) or not hmac.compare_digest(
                mac, self._mac(kind, key, header["meta"], data)):
            return None
        return Entry(data, header["meta"])

    def _mac(self, kind: str, key: str, meta: Mapping[str, Any], data: bytes) -> str:
        signed = hmac.new(self._key(), digestmod=hashlib.sha256)
        signed.update(json.dumps([kind, key, meta], sort_keys=True).encode() + b"\0")
        signed.update(data)
        return signed.hexdigest()

    def _key(self) -> bytes:
        """The folder's secret: made at first use, readable by its owner only."""
        if self._secret is None:
            assert self.folder is not None
            path = self.folder / _SECRET
            try:
                self._secret = path.read_bytes()
            except OSError:
                self._secret = b""
            if len(self._secret) < 32:
                self._secret = secrets.token_bytes(32)
                try:
                    self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
                    if os.path.lexists(path):  # damaged: its entries go with it
                        path.unlink()
                    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
                    with os.fdopen(fd, "wb") as handle:
                        handle.write(self._secret)
                except FileExistsError:  # another build made it at the same moment: take it
                    self._secret = path.read_bytes()
                except OSError:
                    pass  # an unwritable folder: nothing is kept, every read misses
        return self._secret
