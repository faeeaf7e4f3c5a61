"""The one disk cache: data by key, in one folder shared by every build of the user.

Web fonts cut to a site's characters, rendered and imposed PDFs and simulated figures cost
seconds to make and depend only on what they are made from, so each is kept under a key that
digests all of it. The folder is ``$RULEBOOK_CACHE``, else the user's cache directory
(``$XDG_CACHE_HOME/rulebook``, ``~/.cache/rulebook``): a build into a new output folder finds
what any earlier build made.

An entry is the bytes, and a small JSON header with what the caller keeps beside them (a PDF's
page count) and a keyed digest (HMAC-SHA256, with a secret made for this folder at first
use). Every entry is data but the templates jinja2 compiled (web/environments.py), which a
new process takes instead of compiling them again. Every read verifies the digest: an entry
damaged on disk, edited, or planted by anyone who does not hold the folder's secret is
discarded, and the caller makes it anew.

The folder is bounded (``$RULEBOOK_CACHE_MB``, 1024 MB by default): ``prune`` removes the
entries used longest ago until it fits; a read marks an entry as used.

The secret is only as safe as the folder (trust.py): a build uses a cache folder that is its
user's alone, with a secret no one else may read, and otherwise builds without a cache and
says why in one line (``Cache.opened``): slower, never forged. No entry is read that is not a
regular file within the folder's bound (a link to /dev/zero, a FIFO), and a prune racing
another build's is no error.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from .files import write_beside
from .trust import Untrusted, check_folder, read_regular

ENV = "RULEBOOK_CACHE"
ENV_LIMIT = "RULEBOOK_CACHE_MB"
DEFAULT_LIMIT_MB = 1024
FORMAT = 1  # of an entry's header: raise it when the layout changes (old entries are ignored)
_SECRET = ".secret"
_SECRET_BYTES = 32
_SAID: set[str] = set()  # what this process said of caches it does not use: said once


def say_once(line: str) -> None:
    """One line on stderr, once a process (serve builds again and again)."""
    if line not in _SAID:
        _SAID.add(line)
        print(line, file=sys.stderr)


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
        """The user's cache (``default_folder``), opened as ``opened`` does."""
        return cls.opened(default_folder())

    @classmethod
    def opened(cls, folder: Path, *, say: Callable[[str], None] = say_once) -> Cache:
        """The cache in ``folder`` (made when missing), its secret read or made: or, when
        the folder or its secret is not this user's alone (or no folder can be made there),
        no cache, and one line that says so and why. A build without a cache is slower,
        never wrong; a cache another user could write to could make it publish anything."""
        try:
            limit = int(os.environ.get(ENV_LIMIT, DEFAULT_LIMIT_MB)) * 1024 * 1024
        except ValueError:
            limit = DEFAULT_LIMIT_MB * 1024 * 1024
        cache = cls(folder, limit)
        try:
            try:
                folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as error:
                raise Untrusted(f"{folder} cannot be made a folder: "
                                f"{error.strerror or error}") from None
            check_folder(folder)
            cache._key()  # the secret: read (and checked) or made now, not in a worker
        except Untrusted as why:
            say(f"rulebook: warning: not using the disk cache: {why}; building without it "
                f"(hint: set ${ENV} to a folder of your own, or remove what is named)")
            return cls(None, limit)
        return cache

    def get(self, kind: str, key: str) -> Entry | None:
        """The entry, when there is one that verifies; a bad one is removed."""
        path = self._path(kind, key)
        if path is None:
            return None
        try:
            self._key()
        except Untrusted:  # a secret others could read: nothing in the folder is believed
            return None
        try:
            # a regular file within the folder's bound, not a link (to /dev/zero) nor a FIFO
            raw = read_regular(path, most=self.limit)
        except Untrusted:
            raw = b""  # removed below, unread
        except OSError:
            return None
        if raw is None:
            return None
        entry = self._verified(kind, key, raw) if len(raw) <= self.limit else None
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
        try:
            header = {"format": FORMAT, "kind": kind, "key": key, "meta": meta,
                      "mac": self._mac(kind, key, meta, data)}
        except Untrusted:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_beside(path, json.dumps(header, sort_keys=True).encode() + b"\n" + data,
                         private=True)
        except OSError:
            pass

    def prune(self) -> int:
        """Remove the entries used longest ago until the folder is within its limit; return
        how many went. Never an error: it runs after the site is published, and another build
        may be pruning (or reading) the same folder at the same moment, removing what this
        one has just listed."""
        if self.folder is None:
            return 0
        entries = []
        try:
            with os.scandir(self.folder) as listed:
                kinds = [e.path for e in listed if e.is_dir(follow_symlinks=False)]
        except OSError:
            return 0
        for kind in kinds:
            try:
                with os.scandir(kind) as found:
                    for item in found:
                        with contextlib.suppress(FileNotFoundError):  # gone meanwhile
                            if item.is_file(follow_symlinks=False):
                                st = item.stat(follow_symlinks=False)
                                entries.append((st.st_mtime_ns, st.st_size, item.path))
            except OSError:
                continue  # a kind removed, or unreadable: its entries stay
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
        """The folder's secret: made at first use, readable by its owner only. One that is
        not a regular file of this user's that no one else may read is ``Untrusted``."""
        if self._secret is None:
            assert self.folder is not None
            path = self.folder / _SECRET
            secret = read_regular(path, most=_SECRET_BYTES, private=True) or b""
            if len(secret) != _SECRET_BYTES:  # missing or damaged: its entries go with it
                secret = self._make_secret(path)
            self._secret = secret
        return self._secret

    def _make_secret(self, path: Path) -> bytes:
        secret = secrets.token_bytes(_SECRET_BYTES)
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            if os.path.lexists(path):
                path.unlink()
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(secret)
        except FileExistsError:  # another build made it at the same moment: take it
            return read_regular(path, most=_SECRET_BYTES, private=True) or secret
        except OSError:
            pass  # an unwritable folder: nothing kept is found again, every read misses
        return secret
