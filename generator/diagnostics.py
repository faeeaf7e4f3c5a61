"""Findings about rules files, reported like a compiler: ``path:line:col: error[CODE]: message``."""

from __future__ import annotations

import enum
import json
from dataclasses import asdict, dataclass, field
from typing import Iterable


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"


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

    def format(self) -> str:
        m = self.mark
        text = f"{m.path}:{m.line}:{m.col}: {self.severity}[{self.code}]: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def as_dict(self) -> dict[str, object]:
        out = asdict(self.mark) | {"severity": str(self.severity), "code": self.code,
                                   "message": self.message}
        if self.hint:
            out["hint"] = self.hint
        return out


@dataclass
class Report:
    """Collects diagnostics; stages append to it and never stop at the first finding."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, mark: Mark, code: str, message: str, *, hint: str | None = None) -> None:
        self.items.append(Diagnostic(mark, code, message, Severity.ERROR, hint))

    def warning(self, mark: Mark, code: str, message: str, *, hint: str | None = None) -> None:
        self.items.append(Diagnostic(mark, code, message, Severity.WARNING, hint))

    def extend(self, other: Iterable[Diagnostic]) -> None:
        self.items.extend(other)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity is Severity.WARNING]

    def sorted(self) -> list[Diagnostic]:
        """Findings in file order, each once."""
        unique = dict.fromkeys(self.items)
        return sorted(unique, key=lambda d: (d.mark.path, d.mark.line, d.mark.col, d.code))


def format_text(diagnostics: Iterable[Diagnostic]) -> str:
    return "\n".join(d.format() for d in diagnostics)


def format_json(diagnostics: Iterable[Diagnostic]) -> str:
    return json.dumps([d.as_dict() for d in diagnostics], ensure_ascii=False, indent=2)
