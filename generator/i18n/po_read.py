"""A translated catalog read for `--import po`: a file from outside the project, so read
with bounds before Babel sees it.

Only a regular file is read (a FIFO would hang the import, /dev/zero fill the memory), and
only up to MAX_PO_BYTES. Its header's Plural-Forms is checked first: Babel makes a list of
``nplurals`` texts for every plural message, so a 200-byte catalog saying
``nplurals=200000000`` would exhaust the memory. Every entry is kept as it was read, two of one
key too: Babel keeps the first and drops the second's text without a word.
"""

from __future__ import annotations

import copy
import io
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.core import UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser

from ..core.diagnostics import Mark, Report
from ..core.languages import plural_problem

# A catalog of every game's texts in one language takes about 40 KB a game: 64 MB is some
# 1,600 games. A larger site is imported a few games at a time.
MAX_PO_BYTES = 64 * 1024 * 1024


@dataclass
class Read:
    """A catalog as read: its header (Babel's Catalog) and every entry in the file's order,
    each as it was written (two of one msgctxt and msgid included)."""

    catalog: Catalog
    entries: list[Message] = field(default_factory=list)
    language_line: int | None = None  # the line of the header's Language, when it has one


class _Recording(Catalog):
    def __init__(self) -> None:
        super().__init__()
        self.entries: list[Message] = []

    def __setitem__(self, id: Any, message: Message) -> None:  # noqa: A002 - Babel's name
        if id:  # a copy: Babel adds a second entry's flags (fuzzy) to the first it keeps
            kept = copy.copy(message)
            kept.flags = set(message.flags)
            self.entries.append(kept)
        super().__setitem__(id, message)


def read_catalog(path: Path, report: Report) -> Read | None:
    """The catalog at ``path``, or None with the reason in ``report``."""
    data = _bytes(path, report)
    if data is None:
        return None
    header = _header_lines(data)
    plural = header.get(b"Plural-Forms")
    if plural is not None:
        line, value = plural
        problem = plural_problem(value)
        if problem is not None:
            report.error(Mark(str(path), line), "po-syntax", f"the Plural-Forms header {problem}",
                         hint="nplurals=2; plural=(n != 1); for most languages "
                         "(an export writes the language's own)")
            return None
    catalog = _Recording()
    try:
        PoFileParser(catalog, abort_invalid=True).parse(io.BytesIO(data))
    except (PoFileError, UnknownLocaleError, ValueError, UnicodeDecodeError) as error:
        report.error(Mark(str(path)), "po-syntax", f"not a gettext catalog: {error}")
        return None
    language = header.get(b"Language")
    return Read(catalog, catalog.entries, language[0] if language else None)


def _bytes(path: Path, report: Report) -> bytes | None:
    try:
        # non-blocking, so that opening a FIFO does not wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        report.error(Mark(str(path)), "unreadable", f"cannot read: {error.strerror or error}")
        return None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "a device, pipe or socket"
        report.error(Mark(str(path)), "unreadable", f"not a regular file but {kind}",
                     hint="name the .po file that `rulebook i18n --export po` wrote")
        return None
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(MAX_PO_BYTES + 1)
    if len(data) > MAX_PO_BYTES:
        report.error(Mark(str(path)), "too-large", f"the catalog is over "
                     f"{MAX_PO_BYTES // 2**20} MB, the most --import po reads",
                     hint="export and import a few games at a time: "
                     "rulebook i18n rules/GAME ... --export po --out DIR")
        return None
    return data


def _header_lines(data: bytes) -> dict[bytes, tuple[int, str]]:
    """The header's fields by name, each with the line (1-based) where it starts and its
    value: the header is the file's first entry when its msgid is empty, and its msgstr is
    strings (wrapped over lines as they come) of ``Name: value\\n`` each."""
    fields: dict[bytes, tuple[int, str]] = {}
    lines = data.splitlines()
    first = next((i for i, line in enumerate(lines) if line.startswith(b"msgid ")), None)
    if first is None or lines[first].strip() != b'msgid ""':
        return fields  # no header
    text, start, in_msgstr = b"", 0, False
    for number, raw in enumerate(lines[first + 1:], first + 2):
        line = raw.strip()
        if line.startswith(b"msgstr "):
            in_msgstr, line = True, line[len(b"msgstr "):].strip()
        if not line.startswith(b'"'):
            if in_msgstr:
                break  # the header's msgstr has ended
            continue
        if not in_msgstr:
            continue  # the msgid's own strings
        piece = line[1:-1] if line.endswith(b'"') else line[1:]
        if piece and not text:
            start = number
        text += piece
        while b"\\n" in text:
            field, _, text = text.partition(b"\\n")
            name, colon, value = field.partition(b":")
            if colon:
                fields.setdefault(name.strip(), (start, value.decode("utf-8", "replace").strip()))
            start = number
    return fields
