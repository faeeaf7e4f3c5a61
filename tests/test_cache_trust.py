"""The disk cache trusts only what is its user's alone (runtime/cache.py, runtime/trust.py):
a folder another user made, may write to or may rename, or a secret others may read, is not
used (one line says so, the build runs without a cache); an entry or a secret that is a link,
a FIFO or a device is never read; a prune racing another build's is no error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import ROOT
from generator.runtime import cache as cache_module
from generator.runtime import trust
from generator.runtime.cache import Cache

NOBODY = 65534
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")


def opened(folder: Path) -> tuple[Cache, list[str]]:
    said: list[str] = []
    return Cache.opened(folder, say=said.append), said


def warm(folder: Path) -> None:
    """A cache with one entry and its secret, as a build leaves it."""
    cache, said = opened(folder)
    assert said == [] and cache.folder == folder
    cache.put("numbers", "ab", b"figures")
    assert Cache.opened(folder).get("numbers", "ab") is not None


def test_a_folder_of_ones_own_is_used(tmp_path: Path) -> None:
    folder = tmp_path / "made" / "cache"  # made when missing, private
    warm(folder)
    assert (folder.stat().st_mode & 0o777, (folder / ".secret").stat().st_mode & 0o777) == (
        0o700, 0o600)


def test_a_folder_its_own_private_group_may_write_to_is_used(tmp_path: Path) -> None:
    """Under umask 002 (user private groups) folders are 0775: the group is the user alone."""
    folder = tmp_path / "cache"
    warm(folder)
    if not trust.own_group(folder.stat().st_gid):
        pytest.skip("this user's group has other members")
    folder.chmod(0o770)
    cache, said = opened(folder)
    assert said == [] and cache.get("numbers", "ab") is not None


def test_a_folder_in_a_sticky_shared_folder_is_used(tmp_path: Path) -> None:
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp: nobody renames what is not theirs
    warm(shared / "cache")


@pytest.mark.parametrize("mode", [0o777, 0o702, 0o770])
def test_a_folder_others_may_write_to_is_not_used(tmp_path: Path, mode: int) -> None:
    folder = tmp_path / "cache"
    warm(folder)
    folder.chmod(mode)
    if mode == 0o770:  # a group with others in it (one's own private group would be fine)
        if os.geteuid() != 0:
            pytest.skip("giving a folder to another group needs root")
        os.chown(folder, -1, NOBODY)
    cache, said = opened(folder)
    assert cache.folder is None and cache.get("numbers", "ab") is None
    assert said == [f"rulebook: warning: not using the disk cache: {folder} may be written by "
                    f"other users (mode {mode:04o}); building without it (hint: set "
                    "$RULEBOOK_CACHE to a folder of your own, or remove what is named)"]


def test_a_folder_inside_one_others_may_write_to_is_not_used(tmp_path: Path) -> None:
    """Another user could rename the cache away and put theirs in its place."""
    shared = tmp_path / "shared"
    warm(shared / "cache")
    shared.chmod(0o777)
    cache, said = opened(shared / "cache")
    assert cache.folder is None
    assert f"{shared / 'cache'} is inside {shared}, which other users may write to" in said[0]


@as_root
def test_a_folder_another_user_made_first_is_not_used(tmp_path: Path) -> None:
    """The forged-figures attack: another user makes the folder $RULEBOOK_CACHE names, with a
    secret of theirs, and signs entries with it."""
    folder = tmp_path / "cache"
    warm(folder)
    for path in [folder, *folder.rglob("*")]:
        os.chown(path, NOBODY, NOBODY)
    cache, said = opened(folder)
    assert cache.folder is None and cache.get("numbers", "ab") is None
    assert f"{folder} belongs to another user (uid {NOBODY}), not to you" in said[0] \
        or f"{folder} belongs to user '" in said[0]


@as_root
def test_a_secret_of_another_user_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    warm(folder)
    os.chown(folder / ".secret", NOBODY, NOBODY)
    cache, said = opened(folder)
    assert cache.folder is None and f"{folder / '.secret'} belongs to " in said[0]


def test_a_secret_others_may_read_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    warm(folder)
    (folder / ".secret").chmod(0o644)
    cache, said = opened(folder)
    assert cache.folder is None and cache.get("numbers", "ab") is None
    assert f"{folder / '.secret'} may be read by other users (mode 0644)" in said[0]


def special(path: Path, kind: str) -> None:
    if path.exists():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path, 0o600)
    else:
        path.symlink_to(kind)


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo"])
def test_a_secret_that_is_a_link_or_a_fifo_is_refused_unread(tmp_path: Path, kind: str) -> None:
    """A link to /dev/zero would fill the memory, a FIFO hang the build."""
    folder = tmp_path / "cache"
    warm(folder)
    special(folder / ".secret", kind)
    cache, said = opened(folder)
    assert cache.folder is None
    what = "is a symbolic link" if kind != "fifo" else "is not a regular file"
    assert f"{folder / '.secret'} {what}" in said[0]


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo"])
def test_an_entry_that_is_a_link_or_a_fifo_is_a_miss_and_removed(tmp_path: Path, kind: str) -> None:
    folder = tmp_path / "cache"
    warm(folder)
    special(folder / "numbers" / "ab", kind)
    cache, said = opened(folder)
    assert said == [] and cache.get("numbers", "ab") is None
    assert not os.path.lexists(folder / "numbers" / "ab")
    cache.put("numbers", "ab", b"again")  # made anew
    entry = cache.get("numbers", "ab")
    assert entry is not None and entry.data == b"again"


def test_an_entry_over_the_folders_bound_is_not_read(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    warm(folder)
    cache, _ = opened(folder)
    cache.limit = 4
    assert cache.get("numbers", "ab") is None


@pytest.mark.site
def test_a_cache_named_by_a_file_builds_without_a_cache_and_says_so(tmp_path: Path) -> None:
    """RULEBOOK_CACHE naming a file: the build is made (exit 0), without a cache, and one line
    says so; not `cannot write the site` (exit 3)."""
    rules = tmp_path / "rules"
    rules.mkdir()
    named = tmp_path / "a-file"
    named.write_text("not a folder", encoding="utf-8")
    env = {**os.environ, "RULEBOOK_CACHE": str(named)}
    run = subprocess.run([sys.executable, "-m", "generator", "new", "game", "--family", "pairs",
                          "--rules", str(rules)], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True)
    run = subprocess.run([sys.executable, "-m", "generator", "build", "--rules", str(rules),
                          "--out", str(tmp_path / "site"), "--no-pdf", "--no-search",
                          "--quiet"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stderr.splitlines() if "disk cache" in line]
    assert warnings == [f"rulebook: warning: not using the disk cache: {named} cannot be made "
                        "a folder: File exists; building without it (hint: set "
                        "$RULEBOOK_CACHE to a folder of your own, or remove what is named)"]
    assert "Traceback" not in run.stderr and (tmp_path / "site" / "index.html").is_file()
    assert named.read_text(encoding="utf-8") == "not a folder"


class _Vanishing:
    """os.scandir of a kind's folder, whose entries another build removes between the listing
    and their stat: the race of two prunes of one cache."""

    def __init__(self, real: Any, path: Any) -> None:
        with real(path) as listed:
            self.entries = list(listed)
        for entry in self.entries:
            if entry.is_file(follow_symlinks=False) and os.path.basename(path) == "numbers":
                os.unlink(entry.path)

    def __enter__(self) -> Iterator[Any]:
        return iter(self.entries)

    def __exit__(self, *exc: object) -> None:
        pass


def test_a_prune_racing_another_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cache"
    cache = Cache(folder)
    for n in range(5):
        cache.put("numbers", f"{n:02x}", b"x" * 100)
    cache.limit = 0  # everything is to go
    real = os.scandir
    monkeypatch.setattr(cache_module.os, "scandir", lambda path: _Vanishing(real, path))
    assert cache.prune() == 0  # another build took them first
    monkeypatch.undo()
    assert list((folder / "numbers").iterdir()) == []
