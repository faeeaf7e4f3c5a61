"""Whether a folder or a file can be changed by nobody but this user (and root).

The disk cache holds what a build publishes without making it again (PDFs, simulated
figures), signed with a secret kept in the cache's own folder. Both are only as safe as the
folder: another local user who made the folder first, who may write to it, or who may rename
a folder above it, could plant entries and read or replace the secret. So the cache trusts a
folder only when every step of its path is held by this user or root and no one else may
write to it, but for sticky folders such as /tmp, where nobody may rename what is not theirs.
"""

from __future__ import annotations

import grp
import os
import pwd
import stat
from pathlib import Path

from .files import owner_name


class Untrusted(Exception):
    """Why a folder or file is not this user's alone (said to the user as it is)."""


def own_group(gid: int) -> bool:
    """The group is this user's own (a user private group, as under umask 002): nobody else
    is in it, so its write permission is this user's."""
    if gid != os.getegid():
        return False
    try:
        me = pwd.getpwuid(os.geteuid()).pw_name
        return all(member == me for member in grp.getgrgid(gid).gr_mem)
    except KeyError:
        return True  # a group of no account has no listed members


def writable_by_others(st: os.stat_result) -> bool:
    """Someone but this user (and root) may write to the file or folder ``st`` is of."""
    return bool(st.st_mode & stat.S_IWOTH
                or (st.st_mode & stat.S_IWGRP and not own_group(st.st_gid)))


def check_folder(folder: Path) -> None:
    """Raise ``Untrusted`` unless ``folder`` is a folder this user owns, that no one else may
    write to, on a path only this user or root can change."""
    me = os.geteuid()
    named = Path(os.path.abspath(folder))
    real = Path(os.path.realpath(named))
    try:
        st = os.stat(real)
    except OSError as error:
        raise Untrusted(f"{folder} cannot be read: {error.strerror}") from None
    if not stat.S_ISDIR(st.st_mode):
        raise Untrusted(f"{folder} is not a folder")
    if st.st_uid != me:
        raise Untrusted(f"{folder} belongs to {owner_name(st.st_uid)}, not to you")
    if writable_by_others(st):
        raise Untrusted(f"{folder} may be written by other users "
                        f"(mode {stat.S_IMODE(st.st_mode):04o})")
    # the folders above it: whoever may rename one could put another cache in its place
    for place in dict.fromkeys([named, *named.parents, *real.parents]):
        try:
            st = os.lstat(place)
        except OSError as error:
            raise Untrusted(f"{place} cannot be read: {error.strerror}") from None
        if st.st_uid not in (0, me):
            raise Untrusted(f"{folder} is inside {place}, which belongs to "
                            f"{owner_name(st.st_uid)}")
        sticky = st.st_mode & stat.S_ISVTX
        if stat.S_ISDIR(st.st_mode) and writable_by_others(st) and not sticky:
            raise Untrusted(f"{folder} is inside {place}, which other users may write to "
                            f"(mode {stat.S_IMODE(st.st_mode):04o})")


def read_regular(path: Path, *, most: int, private: bool = False) -> bytes | None:
    """The bytes of ``path`` when it is a regular file, up to ``most`` bytes and one more (the
    caller sees a file too long); None when there is none. A link, a FIFO or a device is
    refused without being read (``Untrusted``): a link to /dev/zero would fill the memory,
    a FIFO hang the build. ``private``: the file must be this user's, and no one else may
    read it (a secret)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    except OSError as error:
        if os.path.islink(path):
            raise Untrusted(f"{path} is a symbolic link") from None
        raise Untrusted(f"{path} cannot be read: {error.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Untrusted(f"{path} is not a regular file")
        if private and st.st_uid != os.geteuid():
            raise Untrusted(f"{path} belongs to {owner_name(st.st_uid)}, not to you")
        if private and st.st_mode & 0o077:
            raise Untrusted(f"{path} may be read by other users "
                            f"(mode {stat.S_IMODE(st.st_mode):04o})")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        return handle.read(most + 1)  # one more than the most: the caller sees it is too long
