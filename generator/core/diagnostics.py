"""Findings about rules files, reported like a compiler: ``path:line:col: error[CODE]: message``."""

from __future__ import annotations

import enum
import json
import os
import stat
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from typing import Iterable

from .findings import is_code
from .readings import TextReading


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"  # what was not checked, and why: never a failure


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in a source file; line and column count from 1."""

    path: str
    line: int = 1
    col: int = 1

    def shifted(self, chars: int) -> Mark:
        return Mark(self.path, self.line, self.col + chars)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    mark: Mark
    code: str
    message: str
    severity: Severity = Severity.ERROR
    hint: str | None = None

    def __post_init__(self) -> None:
        if not is_code(self.code):  # a new code needs its line in core/findings.py (the docs)
            raise ValueError(f"unregistered finding code {self.code!r}: add it to "
                             "generator/core/findings.py")

    def format(self, *, quote: bool = False) -> str:
        """One line for a terminal (two with a hint), control characters shown escaped; with
        ``quote``, the source line under it with a caret under the column, as rustc and ruff
        show it."""
        m = self.mark
        text = f"{printable(m.path)}:{m.line}:{m.col}: {self.severity}[{self.code}]: " \
               f"{printable(self.message)}"
        if quote:
            text += quoted(m)
        if self.hint:
            text += f"\n  hint: {printable(self.hint)}"
        return text

    def as_dict(self) -> dict[str, object]:
        out = asdict(self.mark) | {"severity": str(self.severity), "code": self.code,
                                   "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        return out


# Of the findings with one code in one file, this many are shown; one more line counts the rest.
MAX_SHOWN = 20


@dataclass
class Report:
    """Collects diagnostics; stages append to it and never stop at the first finding.

    A finding reported twice (the same file loaded twice, the same card repeated in a hand)
    is one finding: kept once, counted once.
    """

    items: list[Diagnostic] = field(default_factory=list)
    # what the narration reader read in each text it checked (core/readings.py), beside the
    # findings it gave: `check --explain`, the unread-narration warning and the pages' counts
    readings: list[TextReading] = field(default_factory=list, compare=False)
    # whether a narration's sentences that the reader could not read are warnings
    # (unread-narration): in `rulebook check`, `build` and `serve` (the library's check()
    # asks for it with unread=True); --explain lists them either way
    unread: bool = False
    _seen: set[Diagnostic] = field(default_factory=set, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        items, self.items = self.items, []
        self.extend(items)

    def error(self, mark: Mark, code: str, message: str, *, hint: str | None = None) -> None:
        self.extend([Diagnostic(mark, code, message, Severity.ERROR, hint)])

    def warning(self, mark: Mark, code: str, message: str, *, hint: str | None = None) -> None:
        self.extend([Diagnostic(mark, code, message, Severity.WARNING, hint)])

    def note(self, mark: Mark, code: str, message: str, *, hint: str | None = None) -> None:
        self.extend([Diagnostic(mark, code, message, Severity.NOTE, hint)])

    def extend(self, other: Iterable[Diagnostic]) -> None:
        for d in other:
            if d not in self._seen:
                self._seen.add(d)
                self.items.append(d)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.WARNING]

    @property
    def notes(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.NOTE]

    def sorted(self) -> list[Diagnostic]:
        """Findings in file order. Of more than MAX_SHOWN with one code and severity in one
        file, the first MAX_SHOWN and, in place of the rest, one that says how many they are:
        the lines shown and the counts of the summary agree."""
        ordered = sorted(self.items, key=lambda d: (d.mark.path, d.mark.line, d.mark.col, d.code))
        counts: dict[tuple[str, str, Severity], int] = {}
        shown: list[Diagnostic] = []
        rest: dict[tuple[str, str, Severity], Diagnostic] = {}
        for d in ordered:
            group = (d.mark.path, d.code, d.severity)
            counts[group] = counts.get(group, 0) + 1
            if counts[group] <= MAX_SHOWN:
                shown.append(d)
            elif group not in rest:
                rest[group] = d
        for group, first in rest.items():
            more = counts[group] - MAX_SHOWN
            shown.append(Diagnostic(first.mark, first.code,
                                    f"... and {more:,} more [{first.code}] {first.severity}(s) "
                                    "in this file, from here on, not shown", first.severity))
        return sorted(shown, key=lambda d: (d.mark.path, d.mark.line, d.mark.col, d.code))


# Shown escaped in terminal output: C0 and C1 controls (ESC could clear the screen, CR
# overwrite the line), and the invisible marks that reorder or break text.
_ESCAPES = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0))} | {
    c: f"\\u{c:04x}" for c in (0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F),
                                 *range(0x2066, 0x206A))} | {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}


def printable(text: str) -> str:
    """``text`` with control characters written as escapes: ``\\x1b``, ``\\n``."""
    return text.translate(_ESCAPES)


# Scripts whose lines a terminal may reorder (bidi): a caret counted in logical order would
# point at the wrong word, so their lines are quoted without one.
_RTL = {"R", "AL"}


# A rules file is small; a finding may point at anything (a link to /dev/zero, a huge file).
_QUOTED_MAX_BYTES = 4 << 20


@lru_cache(maxsize=64)
def _source_lines(path: str) -> tuple[str, ...] | None:
    try:  # non-blocking: opening a FIFO would wait for a writer
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > _QUOTED_MAX_BYTES:
            return None
        return tuple(os.read(fd, _QUOTED_MAX_BYTES).decode("utf-8").splitlines())
    except (OSError, UnicodeError):
        return None
    finally:
        os.close(fd)


def _width(text: str) -> int:
    """Terminal columns of ``text``: wide characters take two, combining marks none."""
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def quoted(mark: Mark) -> str:
    """The line ``mark`` points into, numbered, with a caret under its column; nothing when
    the file cannot be read or the mark is a whole file's (line 1, column 1)."""
    lines = _source_lines(mark.path)
    if lines is None or not 1 <= mark.line <= len(lines) or (mark.line, mark.col) == (1, 1):
        return ""
    line = lines[mark.line - 1]
    number = str(mark.line)
    gutter = " " * len(number)
    shown = printable(line.rstrip())
    out = f"\n {gutter} |\n {number} | {shown}"
    if not any(unicodedata.bidirectional(c) in _RTL for c in line):
        before = printable(line[:max(mark.col - 1, 0)])
        out += f"\n {gutter} | {' ' * _width(before)}^"
    return out


def format_text(diagnostics: Iterable[Diagnostic], *, quote: bool = False) -> str:
    """Findings for a terminal; with ``quote``, each with its source line and a caret."""
    return ("\n\n" if quote else "\n").join(d.format(quote=quote) for d in diagnostics)


def format_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.as_dict() for d in diagnostics], ensure_ascii=False, indent=2)
